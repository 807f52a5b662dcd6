"""`/fuba help` and `/fuba rules`: how to play here, and the rules in short."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from cogs.groups import fuba_group, remove_commands, subcommands
from cogs.rules_topics import (
    EMBED_DESCRIPTION_LIMIT,
    TOPICS,
    Topic,
    find_topic,
    matching_topics,
    unknown_topic_message,
)

EMBED_COLOUR = discord.Colour.green()


@dataclass(frozen=True)
class Step:
    """One step of a match, shown in `/fuba help` only when all its commands exist."""

    needs: tuple[str, ...]
    text: str


STEPS = (
    Step(
        ("challenge",),
        "`/fuba challenge opponent:@member` invites someone to a match in this channel; "
        "challenge the bot itself to play its automatic coach. Options: `dice:physical` to roll "
        "at the table, `thread:true` for a match thread, `turn_timeout:<minutes>` per decision.",
    ),
    Step(
        ("accept", "decline"),
        "The challenged member answers with the buttons, or `/fuba accept` / `/fuba decline`; "
        "the challenger may withdraw with Decline or `/fuba decline`. A challenge lapses after "
        "24 hours.",
    ),
    Step(
        ("formation",),
        "Both players pick a formation with the menu under the board or `/fuba formation`, "
        "in secret: nobody sees it before both have chosen.",
    ),
    Step(
        ("setup",),
        "Place your ten outfield players with a layout from the menu or `/fuba setup` (both "
        "offer layouts for your formation).",
    ),
    Step(
        ("target",),
        "Each turn starts with the team on the ball choosing a target with the menu (it shows "
        "each area's ball value) or `/fuba target`; the bot rolls the dice and tells everyone "
        "what happened.",
    ),
    Step(
        ("action", "move"),
        "Then each team names its action with the buttons or `/fuba action` and moves players "
        "with `/fuba move`. Menus and buttons under the board work only for whom they name.",
    ),
    Step(
        ("undo",),
        "Moved the wrong player? `/fuba undo` takes back your last move, one per call, until "
        "dice are rolled or anyone decides anything else.",
    ),
    Step(
        ("status",),
        "Not sure whose turn it is? `/fuba status` says who must decide what.",
    ),
    Step(("board",), "`/fuba board` shows the current board."),
    Step(
        ("resign", "abort"),
        "`/fuba resign` gives up; `/fuba abort` calls a match off before kick-off.",
    ),
)

NOT_YET = (
    "Playing matches in Discord is not available in this version yet. Meanwhile the bot "
    "explains the game, and `python3 bot.py play` plays a match at the terminal."
)


def help_description(registered: list[app_commands.Command]) -> str:
    """The `/fuba help` text for the commands that are registered right now."""
    names = {cmd.name for cmd in registered}
    steps = [step.text for step in STEPS if all(need in names for need in step.needs)]
    lines = ["FUBA is tabletop football: the bot referees, rolls the dice and draws the board."]
    if steps:
        lines += ["", "**How a match goes**"]
        lines += [f"{number}. {text}" for number, text in enumerate(steps, start=1)]
    else:
        lines += ["", NOT_YET]
    lines += ["", "**Commands**"]
    lines += [f"`/{cmd.qualified_name}` - {cmd.description}" for cmd in registered]
    text = "\n".join(lines)
    if len(text) > EMBED_DESCRIPTION_LIMIT:  # many commands: keep the names, drop descriptions
        text = (
            "\n".join(lines[: -len(registered)])
            + "\n"
            + ", ".join(f"`/{cmd.qualified_name}`" for cmd in registered)
        )
    return text


def topic_embed(topic: Topic) -> discord.Embed:
    embed = discord.Embed(title=topic.title, description=topic.text, colour=EMBED_COLOUR)
    embed.set_footer(text=f"Rulebook section {topic.sections} (FUBA 3rd edition, basic rules)")
    return embed


def overview_embed() -> discord.Embed:
    embed = topic_embed(TOPICS["turn"])
    embed.add_field(name="More topics", value=", ".join(f"`{key}`" for key in TOPICS), inline=False)
    return embed


async def help_command(interaction: discord.Interaction) -> None:
    """How to play FUBA with this bot, and every /fuba command."""
    assert isinstance(interaction.client, commands.Bot)
    registered = subcommands(fuba_group(interaction.client))
    embed = discord.Embed(
        title="FUBA referee", description=help_description(registered), colour=EMBED_COLOUR
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def topic_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=f"{t.key} ({t.sections})", value=t.key)
        for t in matching_topics(current)
    ]


@app_commands.describe(
    topic="What to explain, e.g. offside or ball value (empty: how a turn goes)",
    share="Post the explanation in the channel for everyone (default: only you see it)",
)
@app_commands.autocomplete(topic=topic_autocomplete)
async def rules_command(
    interaction: discord.Interaction, topic: str | None = None, share: bool = False
) -> None:
    """A rule of FUBA explained in short."""
    if topic is None:
        await interaction.response.send_message(embed=overview_embed(), ephemeral=not share)
        return
    found = find_topic(topic)
    if found is None:
        await interaction.response.send_message(unknown_topic_message(topic), ephemeral=True)
        return
    await interaction.response.send_message(embed=topic_embed(found), ephemeral=not share)


COMMANDS = {"help": help_command, "rules": rules_command}


async def setup(bot: commands.Bot) -> None:
    group = fuba_group(bot)
    for name, callback in COMMANDS.items():
        description = (callback.__doc__ or name).strip()
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )


async def teardown(bot: commands.Bot) -> None:
    remove_commands(bot, *COMMANDS)
