"""The parent channel's scoreboard of a match played in a thread: one message with the players,
the score, the moment of the match and the way to its thread, edited at goals, half time and
full time.

A member's challenge message becomes the scoreboard once the match kicks off in its thread (a
match against the coach has no challenge message: a new one is posted). Where it is is kept in
the database (``MatchStore.record_scoreboard``), so it can be brought up to date after a
restart too (``refresh_scoreboard``, called by the live board after a goal, at half time and
at the end). A scoreboard never pings anybody and has no controls; Discord's refusals (403,
404, 429, 5xx) are logged and otherwise ignored: the match goes on in its thread whatever the
scoreboard shows.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.text import shown
from referee.service import Outcome
from store.repository import MatchStore

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
FULL_TIME = ("full_time", "target_score")  # the results of a match played to its end
# A result's reason -> the key naming the side that lost that way, and the words for it.
LOST_BY = {"resigned": ("resigned", "resigned"), "timeout": ("absent", "ran out of time")}


def moment(outcome: Outcome) -> str:
    """Where the match stands, in a few words: "kick-off", the clock (the game's first status
    line: "1st half, 13'"; Sports Dice Soccer's target and rolls so far), "half time", "full
    time", or how it ended otherwise ("alice resigned", "called off")."""
    game, result = outcome.game, outcome.result or {}
    if outcome.over:
        reason = result.get("reason", "full_time")
        key, verb = LOST_BY.get(reason, ("", ""))
        loser = result.get(key)
        if loser in outcome.names:
            return f"{shown(outcome.names[loser])} {verb}"
        return "full time" if reason in FULL_TIME or "score" in result else "called off"
    if not game.kicked_off(outcome.state):
        return "kick-off"
    lines = game.status_lines(outcome.view())  # FUBA's says "Half time" between the halves
    if not lines:
        return "playing"
    first = lines[0]
    return first[:1].lower() + first[1:]


def scoreboard_text(outcome: Outcome, thread_id: int) -> str:
    """The scoreboard of ``outcome``'s match, played in the thread ``thread_id``.

    "**FUBA**: alice (West) 1-0 bob (East), 1st half, 13'. Follow it in <#123>."
    """
    game = outcome.game
    score = (outcome.result or {}).get("score") or game.score(outcome.state)
    first, second = game.ruleset.sides

    def who(side: str) -> str:
        return f"{shown(outcome.names.get(side, game.side_name(side)))} ({game.side_name(side)})"

    teams = f"{who(first)} {score.get(first, 0)}-{score.get(second, 0)} {who(second)}"
    where = "Played in" if outcome.over else "Follow it in"
    return f"**{game.title}**: {teams}, {moment(outcome)}. {where} <#{thread_id}>."


async def _edit(
    client: discord.Client, channel_id: int, message_id: int, text: str
) -> discord.HTTPException | None:
    """Edit the scoreboard message; Discord's refusal is logged and returned."""
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(content=text, view=None, allowed_mentions=NO_PINGS)
    except discord.HTTPException as error:
        log.info("could not edit the scoreboard %s: %s", message_id, error)
        return error
    return None


async def refresh_scoreboard(client: discord.Client, store: MatchStore, outcome: Outcome) -> None:
    """Bring the scoreboard of ``outcome``'s match up to date (its score, minute or state).
    Nothing for a match without one (played in its channel); never raises on Discord's
    refusal (logged)."""
    board = await store.scoreboard(outcome.match_id)
    if board is None:
        return
    match = await store.get_match(outcome.match_id)
    text = scoreboard_text(outcome, match.channel_id)
    await _edit(client, board.channel_id, board.message_id, text)


async def open_scoreboard(
    client: discord.Client,
    store: MatchStore,
    outcome: Outcome,
    parent: Any,
    thread_id: int,
    message_id: int | None,
) -> None:
    """After the kick-off in the thread ``thread_id``: ``message_id`` of the ``parent`` channel
    (the challenge) becomes the match's scoreboard, or a new message when there is none (a
    match against the coach). A message Discord refuses is logged: the match has no
    scoreboard then."""
    text = scoreboard_text(outcome, thread_id)
    if message_id is None:
        try:
            message = await parent.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.info("match #%s: no scoreboard posted: %s", outcome.match_id, error)
            return
        message_id = message.id
    elif isinstance(await _edit(client, parent.id, message_id, text), discord.NotFound):
        return  # the challenge message is gone: no scoreboard (else a later edit may work)
    await store.record_scoreboard(outcome.match_id, channel_id=parent.id, message_id=message_id)
