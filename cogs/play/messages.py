"""The public side of a match, whatever its game: the one message posted after each step
(``post``: narration, the spectators' board, who must decide next, and the controls the caller
passes), recorded as the match's live board with the version it shows (so a board Discord
refused is brought up to date later, ``cogs.play.cog``), and after the final whistle the
full-time report with the statistics, the replay and the action log. Its text is
``cogs.play.texts``'; the buttons and select menus, and the whole step (act, post, answer
privately: ``act_and_post``), are ``cogs.play.buttons``'.
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
from store.models import utcnow
from store.repository import MatchStore, StoredBoard

BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
# How a player checks the dice of the attached action log (docs/dice.md).
VERIFY_HINT = "Check every virtual roll against the seed: python3 bot.py verify"
COLOUR = discord.Colour.green()


def _board_message(
    outcome: Outcome, title: str | None, intro: str, note: str
) -> tuple[str | None, discord.Embed]:
    embed = discord.Embed(
        title=title or f"{outcome.game.title} match #{outcome.match_id}",
        description=narration(outcome.lines) or None,
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    content = "\n".join(part for part in (intro, next_text(outcome), note) if part)
    return content[:2000] or None, embed


async def post(
    channel: Any,
    store: MatchStore,
    outcome: Outcome,
    title: str | None = None,
    *,
    view: discord.ui.View | None = None,
    intro: str = "",
    note: str = "",
    pinging: Sequence[int] = (),
    actor: int | None = None,
) -> discord.Message:
    """The match's board after a step: narration, board, who decides next (at the final
    whistle: the result), the controls in ``view`` and a ``note`` (a turn clock that ran out).
    It may ping exactly the members who decide next (``deciders``: not ``actor``, who has
    just acted, nor the coach) and those in ``pinging``; nobody else, never everyone or a role.
    Records it as the match's live board with the version it shows; a Discord error propagates
    (``discord.HTTPException``) and leaves the record behind, for a later catch-up."""
    content, embed = _board_message(outcome, title, intro, note)
    png = await outcome.board_png(None)  # the spectators' view: never a secret
    to_ping = [*pinging, *deciders(outcome, actor)]
    now = utcnow()
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    message = await channel.send(
        content=content,
        embed=embed,
        files=[discord.File(io.BytesIO(png), filename=BOARD_FILE)],
        allowed_mentions=pings(to_ping),
        **kwargs,
    )
    await store.record_board(
        outcome.match_id,
        channel_id=channel.id,
        message_id=message.id,
        version=outcome.version,
        posted_at=now,
    )
    return message


def board_link(board: StoredBoard | None, guild_id: int | None) -> str:
    """A link to the live board, for "out of date" answers (or "" when there is none)."""
    if board is None:
        return ""
    guild = guild_id if guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{board.channel_id}/{board.message_id}"


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
