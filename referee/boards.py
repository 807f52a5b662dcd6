"""Where the referee's board images are drawn: the process's one ``render.pool.Drawer`` (worker
processes, ``RENDER_WORKERS``), each worker warmed by drawing the boards of a short
coach-vs-coach match of every game.

``drawing`` draws a board off the event loop; the last board of each match and viewer is
reused when nothing it shows changed (the same view, names and events); ``with_chances`` puts
each side's chances to win on a view first (``Game.chances``, from what spectators see).
``image`` draws other images there (a match's replay, the chart of the chances). ``start``
starts the workers before the first step needs them; ``close`` stops them (the bot's close).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.core import Action, Event
from engine.core.winprob import Chances
from referee import games
from referee.adapter import Game, JSONData
from referee.match_dice import roll
from render.pool import Drawer, workers_from_env

# What a worker imports before it forks off the server (shared, copy-on-write).
PRELOAD = (
    "referee.games",
    "render.fuba.board",
    "render.dicesoccer.board",
    "render.simplesoccer.board",
    "render.socceristic.board",
)
WARM_STEPS = 60  # actions of a coach match whose boards a worker draws at its start

_drawer: Drawer | None = None
_lock = threading.Lock()

log = logging.getLogger(__name__)


def warm() -> None:
    """A worker's start: every game's boards of a short coach-vs-coach match drawn once (the
    backgrounds, palettes, pieces, dice and the words of its texts), so a worker draws its
    first real boards as fast as its later ones."""
    for game in games.games().values():
        names = [game.side_names[s] for s in game.ruleset.sides]
        for view, events in coach_match(game, WARM_STEPS):
            game.render_png(view, names, events)


def coach_match(game: Game, steps: int, seed: int = 1) -> Iterator[tuple[JSONData, list[Event]]]:
    """The spectators' view and the events after each of the first ``steps`` actions of a
    coach-vs-coach match with virtual dice, from its opening (no events yet)."""
    ruleset, coach = game.ruleset, game.coach(seed, "normal")
    state = ruleset.initial()
    yield ruleset.view(state, None), []
    for n in range(steps):
        pending = ruleset.pending(state)
        if not pending:
            return
        decision = pending[0]
        if decision.dice:
            action = Action(decision.actor, "roll", {"dice": roll(seed, n, decision.dice)})
        else:
            action = coach.choose(state, decision)
        state, events = ruleset.apply(state, action)
        yield ruleset.view(state, None), events


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


async def with_chances(
    game: Game, view: JSONData, public: JSONData, result: JSONData | None = None
) -> JSONData:
    """``view`` with each side's chances to win on it (``view["chances"]``: first side, draw,
    second side), estimated in a thread from ``public`` (the spectators' view: never a
    secret); as it is when the game has no estimate, or the estimate failed (the board is
    drawn all the same). A match decided (``result``: resigned, won on time, played out)
    shows its result as certain instead."""
    final = settled(game, result)
    if final is not None:
        return {**view, "chances": final.to_json()}
    chances = await chances_of(game, public)
    return view if chances is None else {**view, "chances": chances.to_json()}


async def chances_of(game: Game, public: JSONData) -> Chances | None:
    """Each side's chances from the spectators' view ``public``, worked out in a thread; None
    when the game has no estimate or it failed (logged: what shows it goes on without)."""
    try:
        return await asyncio.to_thread(game.chances, public)
    except Exception:
        log.exception("%s: no chances for this position", game.name)
        return None


def settled(game: Game, result: JSONData | None) -> Chances | None:
    """A finished match's result as chances: its winner's certain, or a draw's (a result
    with a score and no winner); None for no result or a match called off (no score: nobody
    won or drew it)."""
    if not result:
        return None
    winner, sides = result.get("winner"), list(game.ruleset.sides)
    if winner is None:
        return Chances.certain(None) if "score" in result else None
    return Chances.certain(sides.index(winner)) if winner in sides else None


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
