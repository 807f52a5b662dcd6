"""The decisions of a thinking coach (the strong level), made in a worker process of their own:
a search of a second per decision in this process would hold up every other match (pure
Python holds the interpreter's lock, so a thread would not do).

The store's follow-up callback stops before such a decision (``referee.auto.Deferred``); the
referee then asks the ``Thinker``, which sends the worker the match in compact form (the game's
name, the state's JSON, the options that say who rolls and who coaches, the actions logged so
far and the time budget) and gets the action back; the referee applies it with the follow-ups
after it. One worker, at a lower priority than the bot's own process, thinks for every match
in turn. A decision that fails (the worker raised, stopped, or took far longer than its
budget) is ``None``: the referee then takes the normal coach's decision instead.

``COACH_BUDGET`` (seconds, default 1.0) is how long the strong coach thinks per decision.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures.process import BrokenProcessPool

from engine.core import Action
from referee import games
from referee.adapter import JSONData
from referee.auto import coach_level, coach_seed, next_action

log = logging.getLogger(__name__)

BUDGET = 1.0  # seconds a thinking coach may take per decision, unless COACH_BUDGET says
NICENESS = 10  # how much the worker gives way to the bot's own process
# What the worker needs to know of a match's options (the dice, who rolls, who coaches).
OPTION_KEYS = ("seed", "dice", "player_rolls", "coach_side", "coach_level")
# Imported before the forkserver forks a worker (the board-drawing workers' list: they share
# the one forkserver of this process, which takes the list of whoever starts it first).
PRELOAD = (
    "referee.games",
    "render.fuba.board",
    "render.dicesoccer.board",
    "render.simplesoccer.board",
    "render.socceristic.board",
)

# The worker's answer: (actor, kind, args) of the action, or None when the referee has none.
Answer = tuple[str, str, JSONData] | None
Work = Callable[[str, JSONData, JSONData, int, float], Answer]


def budget_from_env(env: Mapping[str, str] | None = None) -> float:
    """``COACH_BUDGET`` as seconds (unset, unreadable or not above 0: ``BUDGET``).

    >>> budget_from_env({"COACH_BUDGET": "0.05"}), budget_from_env({})
    (0.05, 1.0)
    """
    env = os.environ if env is None else env
    raw = env.get("COACH_BUDGET", "").strip()
    try:
        value = float(raw)
    except ValueError:
        return BUDGET
    return value if 0 < value < float("inf") else BUDGET


def decide(ruleset: str, state: JSONData, options: JSONData, count: int, budget: float) -> Answer:
    """The referee's next action with the match's own coach at its level (run in the worker):
    ``state`` is the ruleset's JSON, ``count`` the actions logged so far."""
    game = games.get(ruleset)
    policy = game.coach(coach_seed(options), coach_level(options), budget)
    action = next_action(game, options, game.ruleset.from_json(state), count, lambda: policy)
    return None if action is None else (action.actor, action.kind, dict(action.args))


def _started() -> None:
    """A worker's start: it gives way to the bot's own process."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)


class Thinker:
    """A worker process making thinking coaches' decisions, one at a time."""

    def __init__(self, budget: float = BUDGET, work: Work = decide) -> None:
        self.budget = budget
        self.work = work  # a module-level function (sent to the worker by name)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.made = 0  # decisions the worker made
        self.failed = 0  # decisions it did not make (the normal coach's were taken)

    @property
    def patience(self) -> float:
        """Seconds before a decision is given up: the budget several times over, and time
        for a worker to start."""
        return 3 * self.budget + 20.0

    async def decide(self, ruleset: str, state: JSONData, options: JSONData, count: int) -> Answer:
        """The thinking coach's next action for a match (its state as the ruleset's JSON,
        ``count`` actions logged), made in the worker; None when that failed."""
        compact = {key: options[key] for key in OPTION_KEYS if key in options}
        pool = None
        try:
            # starting a worker blocks (the forkserver's first start imports the games)
            pool = await asyncio.to_thread(self._running)
            submitted = await asyncio.to_thread(
                pool.submit, self.work, ruleset, state, compact, count, self.budget
            )
            answer = await asyncio.wait_for(asyncio.wrap_future(submitted), self.patience)
        except BrokenProcessPool:
            log.warning("the thinking worker stopped; the normal coach decides instead")
            self._drop(pool)
        except TimeoutError:
            log.warning("the thinking worker took too long; the normal coach decides instead")
            self._drop(pool)
        except Exception:
            log.exception("a thinking coach's decision failed; the normal coach decides instead")
        else:
            self.made += 1
            return answer
        self.failed += 1
        return None

    def _running(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(list(PRELOAD))
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_started
                )
            return self._pool

    def _drop(self, pool: concurrent.futures.ProcessPoolExecutor | None) -> None:
        """A worker that stopped or hangs: the next decision starts a new one (a hung one
        ends when its search does)."""
        if pool is None:
            return
        with self._lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker (blocking: call it from a thread); a later decision starts one."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def action_of(answer: Answer) -> Action | None:
    """The worker's answer as an action."""
    return None if answer is None else Action(answer[0], answer[1], dict(answer[2]))
