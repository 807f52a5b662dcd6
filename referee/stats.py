"""From a replay of a match's stored action log: the statistics, the replay image and the chart
of the chances (``referee.chances``) at the final whistle, and the recent narration (the log
command). Narration is public by design: secret
choices are narrated only as "has chosen"; the replay image shows what spectators see."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from engine.core import Action, Event
from referee import boards, chances, games
from referee.adapter import Game
from store.repository import MatchStore

Steps = list[tuple[Any, list[Event]]]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Summary:
    statistics: list[str]
    replay: bytes | None  # an animated image (GIF) of the match
    chart: bytes | None = None  # each side's chances over the match (PNG)


def _steps(ruleset: Any, initial: Any, actions: list[Action]) -> Steps:
    state, steps = initial, []
    for action in actions:
        state, events = ruleset.apply(state, action)
        steps.append((state, events))
    return steps


async def _replay(store: MatchStore, match_id: int) -> tuple[Game, Steps, list[str]]:
    history = await store.history(match_id)
    game = games.get(history.match.ruleset)
    steps = await asyncio.to_thread(_steps, game.ruleset, history.initial, history.actions)
    return game, steps, await _names(store, game, history.match.players)


async def _names(store: MatchStore, game: Game, players: dict[str, int]) -> list[str]:
    """The players' display names in the game's side order (a side's name when unknown)."""
    known = await store.display_names(players.values())
    return [known.get(players[side], side) for side in game.ruleset.sides]


def _events(steps: Steps) -> list[Event]:
    return [event for _, events in steps for event in events]


async def statistics(store: MatchStore, match_id: int) -> list[str]:
    """The game's statistic lines for a match (any status); the replay runs in a thread."""
    game, steps, _ = await _replay(store, match_id)
    return game.statistics(_events(steps))


async def summary(store: MatchStore, match_id: int) -> Summary:
    """The statistics, the replay image and the chart of the chances of a match (drawn where
    the boards are: ``referee.boards``, from the action log, while the statistics are
    counted)."""
    history = await store.history(match_id)
    game = games.get(history.match.ruleset)
    names = await _names(store, game, history.match.players)
    inputs = (game.name, history.initial, history.actions, names)
    image = boards.image(replay_image, *inputs)
    chart = boards.image(chances.chart_png, *inputs, history.match.result)
    try:
        steps = await asyncio.to_thread(_steps, game.ruleset, history.initial, history.actions)
        replay = await image
    except BaseException:
        image.cancel()
        chart.cancel()
        raise
    return Summary(game.statistics(_events(steps)), replay, await _chart(chart, match_id))


async def _chart(drawing: asyncio.Future[bytes | None], match_id: int) -> bytes | None:
    """The chart being drawn, or None when it failed (the report goes without it)."""
    try:
        return await drawing
    except Exception:
        log.exception("match #%s: no chart of the chances", match_id)
        return None


def replay_image(
    ruleset: str, initial: Any, actions: list[Action], names: list[str]
) -> bytes | None:
    """The replay image of a match from its initial state and actions (run where the boards
    are drawn: the inputs are small, the steps are made there)."""
    game = games.get(ruleset)
    return game.replay(_steps(game.ruleset, initial, actions), names)


async def last_step_lines(store: MatchStore, match_id: int) -> list[str]:
    """The narration of a match's last step: from its last action a member made to the end
    of the log (the referee's dice and the coach's answers after it)."""
    history = await store.history(match_id)
    game = games.get(history.match.ruleset)
    steps = await asyncio.to_thread(_steps, game.ruleset, history.initial, history.actions)
    members = [i for i, entry in enumerate(history.log) if entry.user_id is not None]
    return game.narrate(_events(steps[members[-1] :])) if members else []


async def recent_lines(store: MatchStore, match_id: int, count: int) -> list[str]:
    """The last ``count`` narration lines of a match."""
    game, steps, _ = await _replay(store, match_id)
    return game.narrate(_events(steps))[-count:] if count > 0 else []
