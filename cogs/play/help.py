"""`/<game> help` for every game: how to play here, every command, and with a ``topic`` a rule in
short (one command: a game's group holds at most 25).

The texts are the game's (``GameCommands.intro``, ``steps`` and ``topics``); this module lays
them out. A game's help lists its own commands with their descriptions and, in one line each,
the commands of the other games on this bot.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from cogs.play import registry
from cogs.play.groups import subcommands
from cogs.play.registry import GameCommands, Step
from cogs.play.topics import EMBED_DESCRIPTION_LIMIT, Topic

EMBED_COLOUR = discord.Colour.green()

NOT_YET = (
    "Playing matches in Discord is not available in this version yet. Meanwhile the bot "
    "explains the game, and `python3 bot.py play` plays a match at the terminal."
)

LEAGUES_TITLE = "Leagues and ratings"  # the line of the commands outside the games' groups
Others = Sequence[tuple[str, Sequence[app_commands.Command]]]  # (game title, its commands)


def help_description(
    intro: str,
    steps: Sequence[Step],
    registered: Sequence[app_commands.Command],
    others: Others = (),
) -> str:
    """The help text for the commands that are registered right now (and the other games')."""
    names = {cmd.name for cmd in registered}
    shown = [step.text for step in steps if all(need in names for need in step.needs)]
    lines = [intro]
    if shown:
        lines += ["", "**How a match goes**"]
        lines += [f"{number}. {text}" for number, text in enumerate(shown, start=1)]
    else:
        lines += ["", NOT_YET]
    head = [*lines, "", "**Commands**"]
    described = [f"`/{cmd.qualified_name}` - {cmd.description}" for cmd in registered]
    listed = ", ".join(f"`/{cmd.qualified_name}`" for cmd in registered)
    tail: list[str] = []
    short: list[str] = []
    if others:
        tail = ["", "**Also on this bot**"]
        short = [*tail, *(_also(title, cmds, short=True) for title, cmds in others)]
        tail += [_also(title, cmds) for title, cmds in others]
    # many commands: the other games by their help alone, then this one's names alone
    for body, also in ((described, tail), (described, short), ([listed], short)):
        text = "\n".join([*head, *body, *also])
        if len(text) <= EMBED_DESCRIPTION_LIMIT:
            return text
    return text[:EMBED_DESCRIPTION_LIMIT]


def _also(title: str, commands: Sequence[app_commands.Command], short: bool = False) -> str:
    """Another game's line: its commands, or (``short``) its help command alone."""
    helps = [cmd for cmd in commands if cmd.name == "help"] if short else []
    return f"{title}: " + ", ".join(f"`/{cmd.qualified_name}`" for cmd in helps or commands)


def claim_step(group: str) -> Step:
    """The help step of ``/<group> claim``, which every game with turn timeouts shares."""
    return Step(
        ("claim",),
        f"With a turn timeout, once your opponent's time has run out: `/{group} claim` wins "
        f"the match, `/{group} claim coach:True` lets the automatic coach play their side (as "
        "the buttons do).",
    )


def _title(spec: GameCommands) -> str:
    from referee import games

    return games.get(spec.ruleset).title


def rules_field(spec: GameCommands) -> str:
    """How to ask for a rule, with every topic (an embed field holds 1024 characters)."""
    overview = spec.topics.topics[spec.overview]
    keys = ", ".join(f"`{key}`" for key in spec.topics.topics)
    text = f"`{spec.command('help')} topic:{overview.key}` explains {overview.title.lower()}"
    return f"{text}; the topics: {keys}"[:1024]


def topic_embed(spec: GameCommands, topic: Topic) -> discord.Embed:
    embed = discord.Embed(title=topic.title, description=topic.text, colour=EMBED_COLOUR)
    embed.set_footer(text=spec.topics.footer.format(sections=topic.sections))
    return embed


async def topic_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    spec = registry.of_interaction(interaction)
    return [
        app_commands.Choice(name=f"{t.key} ({t.sections})"[:100], value=t.key)
        for t in spec.topics.matching(current)
    ]


@app_commands.describe(
    topic="A rule to explain in short (empty: how to play here and every command)",
    share="Post it in the channel for everyone (default: only you see it)",
)
@app_commands.autocomplete(topic=topic_autocomplete)
async def help_command(
    interaction: discord.Interaction, topic: str | None = None, share: bool = False
) -> None:
    """How to play here, every command of this game, and a rule explained in short (topic)."""
    spec = registry.of_interaction(interaction)
    if topic is not None:
        found = spec.topics.find(topic)
        if found is None:
            await interaction.response.send_message(spec.topics.unknown(topic), ephemeral=True)
            return
        await interaction.response.send_message(embed=topic_embed(spec, found), ephemeral=not share)
        return
    bot = interaction.client
    assert isinstance(bot, commands.Bot)
    others = []
    for other in registry.registered():
        group = bot.tree.get_command(other.group)
        if other is not spec and isinstance(group, app_commands.Group):
            others.append((_title(other), subcommands(group)))
    others += _not_games(bot)
    group = bot.tree.get_command(spec.group)
    assert isinstance(group, app_commands.Group)
    embed = discord.Embed(
        title=f"{_title(spec)} referee",
        description=help_description(spec.intro, spec.steps, subcommands(group), others),
        colour=EMBED_COLOUR,
    )
    embed.add_field(name="Rules in short", value=rules_field(spec), inline=False)
    await interaction.response.send_message(embed=embed, ephemeral=not share)


def _not_games(bot: commands.Bot) -> Others:
    """The bot's commands outside the games' groups (leagues, ratings), in one line."""
    groups = {spec.group for spec in registry.registered()}
    found: list[app_commands.Command] = []
    for command in bot.tree.get_commands():
        if command.name in groups:
            continue
        if isinstance(command, app_commands.Group):
            found += subcommands(command)
        elif isinstance(command, app_commands.Command):
            found.append(command)
    return [(LEAGUES_TITLE, found)] if found else []


COMMANDS = {"help": help_command}
