"""Boards drawn in worker processes (``render.pool``, as the referee uses it: ``referee.boards``)
are the boards this process draws, byte for byte; a worker that dies costs a step nothing (the
board is drawn in-process); and a board asked for again with the same inputs is not drawn
again."""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from engine.core import Event
from engine.dicesoccer.coach import iter_match as dicesoccer_match
from engine.fuba.coach import iter_match as fuba_match
from referee import boards, games
from referee.stats import replay_image
from render.pool import MAX_BREAKS, WORKER_NICENESS, Drawer, workers_from_env

Shot = tuple[dict[str, Any], list[str], list[Event]]


def shots(game: str, n: int = 12) -> list[Shot]:
    """``n`` spectator boards (view, names, the step's events) spread over a coach match."""
    g = games.get(game)
    play = fuba_match(3) if game == "fuba" else dicesoccer_match(3)
    names = ["Ana", "Bo"]
    steps = [(g.ruleset.view(state, None), names, events) for state, _, events in play]
    return steps[:: max(1, len(steps) // n)][:n]


def crash_in_a_worker(view: Any, names: Sequence[str], events: Sequence[Event]) -> bytes:
    """Kills the worker process it runs in; in this process, draws the FUBA board."""
    if multiprocessing.parent_process() is not None:
        os._exit(1)
    return games.get("fuba").render_png(view, names, events)


def worker_pid(view: Any, names: Sequence[str], events: Sequence[Event]) -> bytes:
    """The id of the process that draws."""
    return str(os.getpid()).encode()


drawn = itertools.count()


def counted(view: Any, names: Sequence[str], events: Sequence[Event]) -> bytes:
    next(drawn)
    return games.get("fuba").render_png(view, names, events)


@pytest.fixture(scope="module")
def pool() -> Iterator[Drawer]:
    drawer = Drawer(1, warm=boards.warm, preload=boards.PRELOAD)
    drawer.start()
    yield drawer
    drawer.close()


@pytest.mark.parametrize("game", ["fuba", "dicesoccer"])
async def test_the_pool_draws_the_boards_this_process_draws(pool: Drawer, game: str) -> None:
    render_png = games.get(game).render_png
    for view, names, events in shots(game):
        assert await pool.draw(render_png, view, names, events) == render_png(view, names, events)
    assert await pool.draw(worker_pid, view, names, events) != str(os.getpid()).encode()
    assert pool.fallbacks == 0


async def test_a_worker_that_dies_costs_a_step_nothing() -> None:
    drawer = Drawer(1, warm=None)
    try:
        drawer.start()
        view, names, events = shots("fuba", 2)[1]
        expected = games.get("fuba").render_png(view, names, events)
        assert await drawer.draw(crash_in_a_worker, view, names, events) == expected
        assert drawer.fallbacks == 1 and drawer.breaks == 1
        # a new worker starts meanwhile, and draws the next boards
        drawer.start()
        assert await drawer.draw(worker_pid, view, names, events) != str(os.getpid()).encode()
        assert drawer.fallbacks == 1
    finally:
        drawer.close()


async def test_a_pool_that_keeps_breaking_gives_way_to_drawing_in_process() -> None:
    drawer = Drawer(1, warm=None)
    view, names, events = shots("fuba", 2)[1]
    for _ in range(MAX_BREAKS):
        drawer.start()
        await drawer.draw(crash_in_a_worker, view, names, events)
    assert drawer.breaks == MAX_BREAKS and drawer.workers == 0
    drawer.start()
    assert await drawer.draw(worker_pid, view, names, events) == str(os.getpid()).encode()
    expected = games.get("fuba").render_png(view, names, events)
    assert await drawer.draw(games.get("fuba").render_png, view, names, events) == expected


async def test_a_board_whose_inputs_did_not_change_is_not_drawn_again() -> None:
    drawer = Drawer(0)
    (view, names, events), (later, _, later_events) = shots("fuba", 2)
    start = next(drawn)
    first = await drawer.draw(counted, view, names, events, reuse=(1, None))
    again = await drawer.draw(counted, view, names, events, reuse=(1, None))
    assert again == first
    assert next(drawn) == start + 2  # drawn once (and this call)
    # another match, or a change in what the board shows: drawn
    await drawer.draw(counted, view, names, events, reuse=(2, None))
    changed = await drawer.draw(counted, later, names, later_events, reuse=(1, None))
    assert changed != first
    assert next(drawn) == start + 5


async def test_the_pool_draws_the_replay_this_process_draws(pool: Drawer) -> None:
    initial = games.get("fuba").ruleset.initial()
    actions = [action for _, action, _ in fuba_match(5)][:120]  # the first half hour or so
    names = ["Ana", "Bo"]
    drawn = await pool.draw(replay_image, "fuba", initial, actions, names)
    assert drawn is not None and drawn[:6] == b"GIF89a"
    assert drawn == replay_image("fuba", initial, actions, names)


@pytest.mark.parametrize(
    ("setting", "cores", "workers"),
    [(None, 2, 2), (None, 8, 8), (None, 1, 1), ("3", 2, 3), ("0", 8, 0), ("lots", 4, 4)],
)
def test_render_workers_default_to_the_cores(
    monkeypatch: pytest.MonkeyPatch, setting: str | None, cores: int, workers: int
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    if setting is None:
        monkeypatch.delenv("RENDER_WORKERS", raising=False)
    else:
        monkeypatch.setenv("RENDER_WORKERS", setting)
    assert workers_from_env() == workers


def niceness(view: Any, names: Sequence[str], events: Sequence[Event]) -> bytes:
    """How much the drawing process gives way to others (its niceness)."""
    return str(os.nice(0)).encode()


async def test_a_worker_gives_way_to_the_bots_own_process(pool: Drawer) -> None:
    """A busy server's boards never take the core the event loop and the database need."""
    drawn = await pool.draw(niceness, {}, [], [])
    assert int(drawn) >= os.nice(0) + WORKER_NICENESS
