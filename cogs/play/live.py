"""The live board: each match's one message (the board image, the step's narration, whose
decision it is and the controls for it), brought up to date after every step by editing it in
place, and the highlights that stay in the channel as its match report.

The board is re-posted at the bottom of the channel (the old one deleted) only when

- it is no longer the channel's last message (someone chatted, a highlight was posted),
- the decision passes to a member it did not name yet (who is then mentioned: the only ping a
  step makes; never the member who has just acted, never the coach), or
- it is older than ``REPOST_AFTER``: in a slow match it is far up the channel by then.

Otherwise it is edited, which notifies nobody; when its image is the one the message shows
already (a step that changed only the narration or whose decision it is), the edit leaves the
attachment as it is instead of uploading the same image again (``attachment://board.png`` in the
embed still names it). The board records the version it shows and the
members it names (``store.repository.StoredBoard``); a Discord error propagates, leaving the
record behind the match for a later catch-up (``cogs.play.cog``), as does a record that cannot
be written (the step's answer says nothing of it). Steps of one match are shown one at a time,
and a board never goes back to an older version.

Highlights (``Game.highlight``: goals, cards, penalties, half time) and a kick-off are messages
of their own, posted before the board; they ping nobody. The full-time report is
``cogs.play.messages.full_time_report``. A match played in a thread has a scoreboard in the
parent channel, brought up to date with the highlights and at the end (``cogs.play.scoreboard``).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Iterable
from datetime import timedelta
from typing import Any

import discord

from cogs.play.context import channel_cog
from cogs.play.messages import BOARD_FILE, board_message
from cogs.play.scoreboard import refresh_scoreboard
from cogs.text import pings
from referee.service import Outcome
from store.repository import StoredBoard

REPOST_AFTER = timedelta(hours=1)  # an older board is re-posted at the bottom, not edited
IMAGES_KEPT = 10_000  # boards whose image digest is remembered (after a restart: uploaded again)

# (channel id, message id) of a live board -> the digest of the image it shows
_images: OrderedDict[tuple[int, int], bytes] = OrderedDict()

log = logging.getLogger(__name__)


def holders(outcome: Outcome, also: Iterable[int] = ()) -> frozenset[int]:
    """The members who have a decision now (the coach's side never waits), and ``also``."""
    coach = outcome.options.get("coach_side")
    named = {p.user_id for p in outcome.next if p.side != coach}
    return frozenset(named | set(also))


def highlight_lines(outcome: Outcome) -> list[str]:
    """The step's events that stay as a highlight of their own, narrated."""
    game = outcome.game
    return [
        line for event in outcome.events if game.highlight(event) for line in game.narrate([event])
    ]


async def show(
    channel: Any,
    outcome: Outcome,
    *,
    title: str | None = None,
    intro: str = "",
    note: str = "",
    view: discord.ui.View | None = None,
    actor: int | None = None,
    pinging: Iterable[int] = (),
    also_deciding: Iterable[int] = (),
    png: Awaitable[bytes] | None = None,
) -> None:
    """Bring the match's live board in ``channel`` up to date with ``outcome``, after posting
    the step's highlights (and a kick-off: a ``title`` while the match goes on). ``pinging``
    are members to mention whether or not they decide (a league kick-off); ``also_deciding``
    members the board names beside the pending decisions (who may claim a win on time); ``png``
    the board image being drawn already (by default drawn here)."""
    drawing = asyncio.ensure_future(png) if png is not None else outcome.drawing(None)
    try:
        await _show(
            channel, outcome, title, intro, note, view, actor, pinging, also_deciding, drawing
        )
    finally:
        drawing.cancel()  # nothing to wait for when the step was shown, or failed


async def _show(
    channel: Any,
    outcome: Outcome,
    title: str | None,
    intro: str,
    note: str,
    view: discord.ui.View | None,
    actor: int | None,
    pinging: Iterable[int],
    also_deciding: Iterable[int],
    drawing: asyncio.Future[bytes],
) -> None:
    cog = channel_cog(channel)
    store = cog.referee.store
    async with cog.board_lock(outcome.match_id):
        board = await store.live_board(outcome.match_id)
        if board is not None and board.version > outcome.version:
            return  # a later step has shown itself already
        highlights = highlight_lines(outcome)
        posted = await _highlights(channel, outcome, highlights, title, intro)
        holding = holders(outcome, also_deciding)
        named = board.deciders if board is not None else frozenset()
        to_ping = {*pinging, *(holding - named)} - {actor}
        png = await drawing  # the spectators' view: never a secret
        content, embed = board_message(outcome, note)  # with the chances the drawing found
        digest = hashlib.blake2b(png, digest_size=16).digest()
        now = cog.clock()
        fresh = (
            board is not None
            and board.channel_id == channel.id
            and not posted
            and not to_ping
            and not holding - named
            and getattr(channel, "last_message_id", None) == board.message_id
            and now - board.posted_at <= REPOST_AFTER
        )
        if fresh:
            assert board is not None
            shown = (channel.id, board.message_id)
            image: dict[str, Any] = {}  # the same image: the attachment stays as it is
            if _images.get(shown) != digest:
                image["attachments"] = [discord.File(io.BytesIO(png), filename=BOARD_FILE)]
            try:
                await channel.get_partial_message(board.message_id).edit(
                    content=content,
                    embed=embed,
                    view=view,
                    allowed_mentions=discord.AllowedMentions.none(),
                    **image,
                )
            except discord.NotFound:  # deleted by someone: post it again
                fresh = False
            else:
                _shows(shown, digest)
                await _record(
                    outcome.match_id,
                    store.record_board(
                        outcome.match_id,
                        channel_id=channel.id,
                        message_id=board.message_id,
                        version=outcome.version,
                        posted_at=board.posted_at,
                        deciders=holding,
                    ),
                )
        if not fresh:
            kwargs: dict[str, Any] = {"view": view} if view is not None else {}
            message = await channel.send(
                content=content,
                embed=embed,
                file=discord.File(io.BytesIO(png), filename=BOARD_FILE),
                allowed_mentions=pings(sorted(to_ping)),
                **kwargs,
            )
            _shows((channel.id, message.id), digest)
            await _record(
                outcome.match_id,
                store.record_board(
                    outcome.match_id,
                    channel_id=channel.id,
                    message_id=message.id,
                    version=outcome.version,
                    posted_at=now,
                    deciders=holding,
                ),
            )
            if board is not None:
                await _retire(channel, board)
    if outcome.over or highlights:
        await refresh_scoreboard(cog.bot, store, outcome)  # a thread's match: its parent's


async def _record(match_id: int, record: Awaitable[None]) -> None:
    """Record the board just shown. A failure leaves the record behind the board: the catch-up
    brings it up to date (a harmless second edit), and the step's answer says nothing of it."""
    try:
        await record
    except Exception:
        log.exception("match #%s: live board shown but not recorded", match_id)


def _shows(message: tuple[int, int], digest: bytes) -> None:
    """Remember that ``message`` (channel id, message id) shows the image of ``digest``."""
    _images[message] = digest
    _images.move_to_end(message)
    while len(_images) > IMAGES_KEPT:
        _images.popitem(last=False)


async def _highlights(
    channel: Any, outcome: Outcome, lines: list[str], title: str | None, intro: str
) -> bool:
    """Post the step's highlight ``lines`` (and a kick-off with its dice seed's hash) in
    one message that pings nobody; whether there was one. A highlight Discord refuses is
    logged and left out: the board that follows says what happened."""
    if title and not outcome.over:  # a kick-off: the players and the dice seed's hash
        lines = [f"**{title}**", *([intro] if intro else []), *outcome.lines[:1], *lines]
    if not lines:
        return False
    try:
        await channel.send("\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.warning("match #%s: highlight not posted (%s)", outcome.match_id, error)
        return False
    return True


async def _retire(channel: Any, board: StoredBoard) -> None:
    """The superseded board goes (or, when it cannot be deleted, loses its controls)."""
    if board.channel_id != channel.id:
        return
    _images.pop((channel.id, board.message_id), None)
    old = channel.get_partial_message(board.message_id)
    try:
        await old.delete()
    except discord.NotFound:
        return
    except discord.HTTPException as error:
        log.info("old board %s not deleted (%s)", board.message_id, error)
        try:
            await old.edit(view=None)
        except discord.HTTPException:
            log.info("old board %s keeps its controls", board.message_id)
