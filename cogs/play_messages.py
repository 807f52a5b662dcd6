"""The public side of a match, whatever its game: the one message posted after each step, and
its text.

Every acting command (and button) defers privately, asks the referee, posts ONE public message in
the channel with ``post`` (the narration, the spectators' board and who must decide next,
mentioned, with the game's command for it) and answers the caller privately ("Done." or the
typed error, shown by ``cogs.errors``); ``act_and_post`` does all of it. Also here: how the
helpers find the play cog, the match channel of an interaction and the channel's match of the
command's game (``match_of``), and the refusal they raise.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

from cogs import game_commands
from cogs.game_commands import GameCommands, PlayRefusal
from cogs.text import pings, shown
from referee import games, match_log
from referee.errors import NoMatch, OtherGame
from referee.service import Outcome, Prompt, Referee
from referee.stats import summary
from store.repository import StoredMatch

if TYPE_CHECKING:
    from cogs.play import MatchPlay

__all__ = ["PlayRefusal"]  # re-exported: the refusal the play modules raise

NARRATION_LIMIT = 3500  # characters of narration in one embed (Discord allows 4096)
BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
# How a player checks the dice of the attached action log (docs/dice.md).
VERIFY_HINT = "Check every virtual roll against the seed: python3 bot.py verify"
COLOUR = discord.Colour.green()

EXAMPLE_DICE = (4, 2, 6, 1, 3, 5)  # the dice of an example command
ROLL_LABEL = "Roll the dice"  # the button that rolls a player's virtual dice on request
# The private answer to a secret choice (a command or a button).
SECRET_REPLY = "You chose {value}; it stays secret until it is revealed."


def minutes_text(minutes: float) -> str:
    """
    >>> minutes_text(1), minutes_text(1.5), minutes_text(30)
    ('1 minute', '1.5 minutes', '30 minutes')
    """
    return f"{minutes:g} minute{'' if minutes == 1 else 's'}"


def duration_text(left: timedelta) -> str:
    """A time left as players read it: seconds under a minute, else to the nearest minute.

    >>> duration_text(timedelta(seconds=59.4)), duration_text(timedelta(seconds=89))
    ('59 seconds', '1 minute')
    >>> duration_text(timedelta(minutes=4, seconds=31)), duration_text(timedelta(minutes=5))
    ('5 minutes', '5 minutes')
    >>> duration_text(timedelta(seconds=20)), duration_text(timedelta(days=3, hours=12))
    ('20 seconds', '3 days 12 hours')
    >>> duration_text(timedelta(hours=1, minutes=1)), duration_text(timedelta(seconds=-3))
    ('1 hour 1 minute', '0 seconds')
    """
    seconds = max(0, round(left.total_seconds()))
    if seconds < 60:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    minutes = round(seconds / 60)
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    parts = [(days, "day"), (hours, "hour"), (minutes, "minute")]
    return " ".join(f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in parts if n)


def play_cog(interaction: discord.Interaction) -> MatchPlay:
    """The loaded play cog, which owns the referee and the open challenges."""
    from cogs.play import MatchPlay  # at call time: the cog's module imports this one

    cog = interaction.client.get_cog(MatchPlay.__cog_name__)  # type: ignore[attr-defined]
    if not isinstance(cog, MatchPlay):
        raise RuntimeError("the play cog is not loaded")
    return cog


def channel_id_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise PlayRefusal("Matches are played in a server channel.")
    return interaction.channel_id


def match_channel(interaction: discord.Interaction) -> Any:
    channel = interaction.channel
    if channel is None or not hasattr(channel, "send"):
        raise PlayRefusal("Matches are played in a server channel.")
    return channel


def other_game(spec: GameCommands, ruleset: str, what: str, command: str) -> PlayRefusal:
    """The refusal of a command of one game about the channel's match or challenge of another:
    it names the game and the command to use instead."""
    other = game_commands.find(ruleset)
    title = games.title_of(ruleset)
    hint = f" Use `{other.command(command)}`." if other is not None else ""
    return PlayRefusal(
        f"The {what} in this channel is {title}, not {games.get(spec.ruleset).title}.{hint}"
    )


async def match_of(
    interaction: discord.Interaction, spec: GameCommands, command: str
) -> StoredMatch:
    """The channel's active match, refused when it is of another game than the command's (so
    ``/<game> roll`` never answers another game's dice)."""
    match = await play_cog(interaction).referee.store.active_match(channel_id_of(interaction))
    if match is None:
        raise NoMatch()
    if match.ruleset != spec.ruleset:
        raise other_game(spec, match.ruleset, "match", command)
    return match


# -- public messages -------------------------------------------------------------------------


def narration(lines: Sequence[str], limit: int = NARRATION_LIMIT) -> str:
    """The narration for an embed: the latest lines that fit, with a note of those left out.

    >>> narration(["a" * 10, "b" * 10, "c"], limit=40)
    '(1 earlier line)\\nbbbbbbbbbb\\nc'
    """
    budget = limit - 20  # room for the note
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if kept and size + len(line) + 1 > budget:
            break
        kept.append(line[:budget])
        size += len(line) + 1
    dropped = len(lines) - len(kept)
    head = [f"({dropped} earlier line{'' if dropped == 1 else 's'})"] if dropped else []
    return "\n".join(head + kept[::-1])


def next_text(outcome: Outcome) -> str:
    """Who must decide next, mentioned, and with which command; or the final result."""
    if outcome.over:
        return final_text(outcome)
    # the coach never waits: the referee plays it inside the same call
    spec = game_commands.get(outcome.ruleset)
    on_request = outcome.rolls_on_request
    return "\n".join(prompt_line(prompt, spec, on_request) for prompt in outcome.next)


def example_dice(n: int) -> str:
    """Values of ``n`` dice as a player types them, for an example.

    >>> example_dice(1), example_dice(2), example_dice(6)
    ('4', '4 2', '4 2 6 1 3 5')
    """
    return " ".join(str(EXAMPLE_DICE[i % len(EXAMPLE_DICE)]) for i in range(n))


def prompt_line(prompt: Prompt, spec: GameCommands, rolls_on_request: bool = False) -> str:
    """One pending decision: who (mentioned), what, and the game's command that answers it.
    Dice are rolled at the table and typed in, or (``rolls_on_request``) rolled by the bot
    when the player asks."""
    command = spec.command_for.get(prompt.kind, spec.command("status"))
    if prompt.dice and rolls_on_request:
        roll = spec.command(spec.roll)
        how = f"`{roll}` (or the {ROLL_LABEL} button)"
        return f"<@{prompt.user_id}> ({prompt.side_name}): {prompt.text} {how}"
    if prompt.dice:
        n = prompt.dice
        what = prompt.task or f"roll {n} {'die' if n == 1 else 'dice'}"
        example = f"{spec.command(spec.roll)} dice:{example_dice(n)}"
        them = "it" if n == 1 else "them"
        return (
            f"<@{prompt.user_id}> ({prompt.side_name}): {what} at the table and enter "
            f"{them} with `{example}`."
        )
    secret = " (secret: only you see your answer)" if prompt.secret else ""
    return f"<@{prompt.user_id}> ({prompt.side_name}): {prompt.text} `{command}`{secret}"


def final_text(outcome: Outcome) -> str:
    result = outcome.result or {}
    game = outcome.game
    if result.get("reason") == "aborted":
        text = "The match was called off."
    else:
        winner = result.get("winner")
        if winner is None:
            text = "The match ends in a draw."
        else:
            text = f"{shown(outcome.names[winner])} ({game.side_name(winner)}) wins."
        score = result.get("score")
        if score:
            text += " Score: " + " - ".join(f"{game.side_name(s)} {g}" for s, g in score.items())
    return f"{text}\nDice seed: {outcome.seed} (SHA-256 {outcome.seed_hash})."


def deciders(outcome: Outcome, actor: int | None = None) -> list[int]:
    """The members to ping for the decisions now pending: not ``actor``, who has just acted
    (deciding again, they are reading already), nor the bot's coach."""
    coach = outcome.options.get("coach_side")
    return [p.user_id for p in outcome.next if p.user_id != actor and p.side != coach]


async def post(
    channel: Any,
    outcome: Outcome,
    title: str | None = None,
    *,
    intro: str = "",
    pinging: Sequence[int] = (),
    actor: int | None = None,
) -> discord.Message:
    """The one public message after a step: narration, board, who decides next (at the final
    whistle: the result; ``full_time_report`` follows with the statistics and the replay).
    ``intro`` opens the message (a league kick-off names both players in it). It may ping
    exactly the members who decide next (``deciders``: not ``actor``, who has just acted)
    and those in ``pinging``; nobody else, never everyone or a role."""
    from cogs.play_buttons import buttons  # at call time: the buttons act through this module

    embed = discord.Embed(
        title=title or f"{outcome.game.title} match #{outcome.match_id}",
        description=narration(outcome.lines) or None,
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    png = await outcome.board_png(None)  # the spectators' view: never a secret
    files = [discord.File(io.BytesIO(png), filename=BOARD_FILE)]
    view = buttons(outcome)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    mentions = pings([*pinging, *deciders(outcome, actor)])
    content = "\n".join(part for part in (intro, next_text(outcome)) if part)
    return await channel.send(
        content=content[:2000] or None,
        embed=embed,
        files=files,
        allowed_mentions=mentions,
        **kwargs,
    )


async def act_and_post(
    interaction: discord.Interaction,
    kind: str,
    args: dict[str, Any] | None = None,
    *,
    reply: str = "Done.",
    expected_version: int | None = None,
    match_id: int | None = None,
    side: str | None = None,
) -> Outcome:
    """Defer privately, apply the action, post the public message, answer ``reply``. A button or
    select menu passes the match and version it was drawn for (and the side of a one-side
    menu); a command acts in the channel's match when it is of the command's game."""
    if not interaction.response.is_done():  # a command may have deferred and checked already
        await interaction.response.defer(ephemeral=True, thinking=True)
    referee = play_cog(interaction).referee
    # a command acts only on a match of its own game (a button names its match)
    spec = game_commands.of_interaction(interaction) if match_id is None else None
    try:
        outcome = await referee.act(
            channel_id_of(interaction),
            interaction.user.id,
            kind,
            args,
            side=side,
            expected_version=expected_version,
            match_id=match_id,
            ruleset=spec.ruleset if spec is not None else None,
        )
    except OtherGame as error:
        assert spec is not None
        command = interaction.command.name if interaction.command is not None else kind
        raise other_game(spec, error.ruleset, "match", command) from None
    channel = match_channel(interaction)
    await post(channel, outcome, actor=interaction.user.id)
    await interaction.followup.send(reply, ephemeral=True)
    await full_time_report(channel, referee, outcome)
    return outcome


async def full_time_report(channel: Any, referee: Referee, outcome: Outcome) -> None:
    """After the final whistle's message (and the player's answer): the match statistics, the
    replay image (replayed from the action log) and the action log itself to download and check
    the dice with (docs/dice.md), in a message of their own. Nothing while the match goes on or
    when it was called off."""
    if not outcome.over or (outcome.result or {}).get("reason") == "aborted":
        return
    report = await summary(referee.store, outcome.match_id)
    embed = discord.Embed(
        title=f"Full time: {outcome.game.title} match #{outcome.match_id}",
        description=final_text(outcome),
        colour=COLOUR,
    )
    if report.statistics:
        value = "\n".join(report.statistics)[:1024]
        embed.add_field(name="Statistics", value=value, inline=False)
    files = []
    if report.replay is not None:
        embed.set_image(url=f"attachment://{REPLAY_FILE}")
        files.append(discord.File(io.BytesIO(report.replay), filename=REPLAY_FILE))
    files.append(await log_file(referee, outcome.match_id))
    embed.set_footer(text=f"{VERIFY_HINT} {match_log.filename(outcome.match_id)}")
    await channel.send(embed=embed, files=files, allowed_mentions=discord.AllowedMentions.none())


async def log_file(referee: Referee, match_id: int) -> discord.File:
    """The action log of a match that is over, as an attachment (``referee.match_log``)."""
    log = await match_log.export(referee.store, match_id)
    return discord.File(io.BytesIO(match_log.dumps(log)), filename=match_log.filename(match_id))
