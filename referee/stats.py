"""Match statistics at the final whistle, from a replay of the stored action log."""

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


async def statistics(store: MatchStore, match_id: int) -> list[str]:
    """The game's statistic lines for a match (any status); the replay runs in a thread."""
    history = await store.history(match_id)
    game = games.get(history.match.ruleset)
    events = await asyncio.to_thread(_events, game.ruleset, history.initial, history.actions)
    return game.statistics(events)
