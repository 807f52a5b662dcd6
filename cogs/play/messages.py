"""The public side of a match, whatever its game: the one message posted after each step
(``post``: narration, the spectators' board, who must decide next, and the controls the caller
passes), and after the final whistle the full-time report with the statistics, the replay and
the action log. Its text is ``cogs.play.texts``'; the buttons and select menus, and the whole
step (act, post, answer privately: ``act_and_post``), are ``cogs.play.buttons``'.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from cogs.play.texts import deciders, final_text, narration, next_text
from cogs.text import pings
from referee import match_log
from referee.service import Outcome, Referee
from referee.stats import summary

BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
# How a player checks the dice of the attached action log (docs/dice.md).
VERIFY_HINT = "Check every virtual roll against the seed: python3 bot.py verify"
COLOUR = discord.Colour.green()


async def post(
    channel: Any,
    outcome: Outcome,
    title: str | None = None,
    *,
    view: discord.ui.View | None = None,
    intro: str = "",
    pinging: Sequence[int] = (),
    actor: int | None = None,
) -> discord.Message:
    """The one public message after a step: narration, board, who decides next (at the final
    whistle: the result; ``full_time_report`` follows with the statistics and the replay).
    ``intro`` opens the message (a league kick-off names both players in it). It may ping
    exactly the members who decide next (``deciders``: not ``actor``, who has just acted)
    and those in ``pinging``; nobody else, never everyone or a role."""

    embed = discord.Embed(
        title=title or f"{outcome.game.title} match #{outcome.match_id}",
        description=narration(outcome.lines) or None,
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    png = await outcome.board_png(None)  # the spectators' view: never a secret
    files = [discord.File(io.BytesIO(png), filename=BOARD_FILE)]
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
