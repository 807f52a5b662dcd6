"""The public side of a match, whatever its game: what the live board says (``board_message``:
narration, who must decide next; ``cogs.play.live`` posts or edits it), a link to it, and after
the final whistle the full-time report with the statistics, the replay and the action log. Its
text is ``cogs.play.texts``'; the buttons and select menus, and the whole step (act, show the
board, answer privately only when there is something to say: ``act_and_post``), are
``cogs.play.buttons``'.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from cogs.play import registry
from cogs.play.texts import chances_line, final_text, narration, next_text
from referee import match_log
from referee.service import Outcome, Referee
from referee.stats import summary
from store.repository import StoredBoard

BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
CHART_FILE = "chances.png"
# How a player checks the dice of the attached action log (docs/dice.md).
VERIFY_HINT = "Check every virtual roll against the seed: python3 bot.py verify"
COLOUR = discord.Colour.green()
FIELD_LIMIT = 1024  # characters of an embed field's value
# The final board's title for a match that did not end at the final whistle, by the result's
# reason (also when the board is brought up to date later).
RESULT_TITLES = {"resigned": "Resigned", "timeout": "Won on time", "aborted": "Match called off"}


def board_message(outcome: Outcome, note: str) -> tuple[str | None, discord.Embed]:
    """The live board's text: who decides next, mentioned (at the final whistle: the result),
    and a ``note`` (a turn clock that ran out); an embed of the step's narration with the board
    image (attached as ``BOARD_FILE``) and, under it while the match goes on, each side's
    chances as the image's bar shows them (once the board was drawn)."""
    reason = (outcome.result or {}).get("reason", "") if outcome.over else ""
    title = RESULT_TITLES.get(reason)
    embed = discord.Embed(
        title=title or f"{outcome.game.title} match #{outcome.match_id}",
        description=narration(outcome.lines) or None,
        colour=COLOUR,
    )
    notes = registry.get(outcome.ruleset).board_notes(outcome.view())
    if notes:
        embed.add_field(name="Match", value="\n".join(notes)[:FIELD_LIMIT], inline=False)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    chances = outcome.shown_chances()
    if chances is not None and not outcome.over:
        names = [outcome.names[side] for side in outcome.game.ruleset.sides]
        embed.set_footer(text=chances_line(chances, names, show=str))  # a footer reads no markdown
    content = "\n".join(part for part in (next_text(outcome), note) if part)
    return content[:2000] or None, embed


def board_link(board: StoredBoard | None, guild_id: int | None) -> str:
    """A link to the live board, for "out of date" answers (or "" when there is none)."""
    if board is None:
        return ""
    guild = guild_id if guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{board.channel_id}/{board.message_id}"


async def full_time_report(channel: Any, referee: Referee, outcome: Outcome) -> None:
    """After the final whistle's message (and the player's answer): the match statistics, the
    replay image (replayed from the action log), the chart of each side's chances over the
    match (a second embed, when the game has an estimate) and the action log itself to download
    and check the dice with (docs/dice.md), in a message of their own. Nothing while the match
    goes on or when it was called off."""
    if not outcome.over or (outcome.result or {}).get("reason") == "aborted":
        return
    report = await summary(referee.store, outcome.match_id)
    embed = discord.Embed(
        title=f"Full time: {outcome.game.title} match #{outcome.match_id}",
        description=final_text(outcome),
        colour=COLOUR,
    )
    for name, value in statistics_fields(report.statistics):
        embed.add_field(name=name, value=value, inline=False)
    files = []
    if report.replay is not None:
        embed.set_image(url=f"attachment://{REPLAY_FILE}")
        files.append(discord.File(io.BytesIO(report.replay), filename=REPLAY_FILE))
    embeds = [embed]
    if report.chart is not None:
        chart = discord.Embed(title="Chances to win over the match", colour=COLOUR)
        chart.set_image(url=f"attachment://{CHART_FILE}")
        embeds.append(chart)
        files.append(discord.File(io.BytesIO(report.chart), filename=CHART_FILE))
    files.append(await log_file(referee, outcome.match_id))
    embed.set_footer(text=f"{VERIFY_HINT} {match_log.filename(outcome.match_id)}")
    await channel.send(embeds=embeds, files=files, allowed_mentions=discord.AllowedMentions.none())


FIELD_MAX = 1024  # characters of an embed field's value
STATISTICS_MAX = 4000  # of all of them: the embed's 6,000 leave room for the rest


def statistics_fields(lines: list[str]) -> list[tuple[str, str]]:
    """A match's statistic lines as embed fields: whole lines, as many fields as they need
    ("Statistics", then "Statistics (continued)"), a line too long for a field cut short, and
    no more than ``STATISTICS_MAX`` characters in all (a long team sheet keeps its start).

    >>> statistics_fields(["Goals: West 2, East 1"])
    [('Statistics', 'Goals: West 2, East 1')]
    >>> [(n, len(v)) for n, v in statistics_fields(["x" * 600, "y" * 600, "z" * 2000])]
    [('Statistics', 600), ('Statistics (continued)', 600), ('Statistics (continued)', 1024)]
    """
    fields: list[list[str]] = []
    size = used = 0
    for line in lines:
        if len(line) > FIELD_MAX:
            line = line[: FIELD_MAX - 1] + "…"
        if used + len(line) > STATISTICS_MAX:
            break
        if not fields or size + 1 + len(line) > FIELD_MAX:
            fields.append([])
            size = -1
        fields[-1].append(line)
        size += 1 + len(line)
        used += len(line) + 1
    return [
        ("Statistics" if i == 0 else "Statistics (continued)", "\n".join(chunk))
        for i, chunk in enumerate(fields)
    ]


async def log_file(referee: Referee, match_id: int) -> discord.File:
    """The action log of a match that is over, as an attachment (``referee.match_log``)."""
    log = await match_log.export(referee.store, match_id)
    return discord.File(io.BytesIO(match_log.dumps(log)), filename=match_log.filename(match_id))
