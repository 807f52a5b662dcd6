"""From a replay of a match's stored action log: the statistics at the final whistle and the
recent narration (``/fuba log``). Narration is public by design: secret choices are narrated
only as "has chosen"."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import Action, Event
from referee import games
from store.repository import MatchStore


def _events(ruleset: Any, initial: Any, actions: list[Action]) -> list[Event]:
    state, events = initial, []
    for action in actions:
        state, new = ruleset.apply(state, action)
        events.extend(new)
    return events


async def _replay(store: MatchStore, match_id: int) -> tuple[games.Game, list[Event]]:
    history = await store.history(match_id)
    game = games.get(history.match.ruleset)
    events = await asyncio.to_thread(_events, game.ruleset, history.initial, history.actions)
    return game, events


async def statistics(store: MatchStore, match_id: int) -> list[str]:
    """The game's statistic lines for a match (any status); the replay runs in a thread."""
    game, events = await _replay(store, match_id)
    return game.statistics(events)


async def recent_lines(store: MatchStore, match_id: int, count: int) -> list[str]:
    """The last ``count`` narration lines of a match."""
    game, events = await _replay(store, match_id)
    return game.narrate(events)[-count:] if count > 0 else []
