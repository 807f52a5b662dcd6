"""Where the referee's board images are drawn: the process's one ``render.pool.Drawer`` (worker
processes, ``RENDER_WORKERS``), each worker warmed by drawing every game's opening board.

``drawing`` draws a board off the event loop; the last board of each match and viewer is
reused when nothing it shows changed (the same view, names and events). ``image`` draws other
images there (a match's replay). ``start`` starts the
workers before the first step needs them; ``close`` stops them (the bot's close).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Event
from referee import games
from referee.adapter import JSONData
from render.pool import Drawer, workers_from_env

# What a worker imports before it forks off the server (shared, copy-on-write).
PRELOAD = ("referee.games", "render.fuba.board", "render.dicesoccer.board")

_drawer: Drawer | None = None
_lock = threading.Lock()


def warm() -> None:
    """Draw every game's opening board once (backgrounds, palettes, pieces): a worker's start."""
    for game in games.games().values():
        ruleset = game.ruleset
        view = ruleset.view(ruleset.initial(), None)
        game.render_png(view, [game.side_names[s] for s in ruleset.sides], [])


def drawer() -> Drawer:
    """The process's drawer (made on first use with ``RENDER_WORKERS`` workers)."""
    global _drawer
    with _lock:
        if _drawer is None:
            _drawer = Drawer(workers_from_env(), warm=warm, preload=PRELOAD)
        return _drawer


def drawing(
    draw: Callable[[JSONData, Sequence[str], Sequence[Event]], bytes],
    view: JSONData,
    names: Sequence[str],
    events: Sequence[Event],
    *,
    reuse: Any = None,
    timed: Callable[[float], None] | None = None,
) -> asyncio.Future[bytes]:
    """``draw(view, names, events)`` (a game's ``render_png``) being drawn off the event loop
    from now on; with ``reuse`` (match id, viewer), the last board drawn for it when the
    inputs are the same."""
    return drawer().draw(draw, view, list(names), list(events), reuse=reuse, timed=timed)


def image(draw: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
    """``draw(*args)`` (a module-level function drawing an image from compact, picklable
    inputs: a match's replay) being drawn off the event loop, where the boards are."""
    return drawer().draw(draw, *args)


async def start() -> None:
    """Start the drawing workers and warm them (in a thread: the event loop goes on)."""
    await asyncio.to_thread(drawer().start)


async def close() -> None:
    """Stop the drawing workers (a later drawing starts them again)."""
    global _drawer
    with _lock:
        closing, _drawer = _drawer, None
    if closing is not None:
        await asyncio.to_thread(closing.close)
