"""The decisions of a thinking coach (the strong level), made in a worker process of their own:
a search of a second per decision in this process would hold up every other match (pure
Python holds the interpreter's lock, so a thread would not do).

The store's follow-up callback stops before such a decision (``referee.auto.Deferred``); the
referee then asks the ``Thinker``, which sends the worker the match in compact form (the game's
name, the state's JSON, the options that say who rolls and who coaches, the actions logged so
far and the time budget) and gets the action back; the referee applies it with the follow-ups
after it. One worker, at a lower priority than the bot's own process, thinks for every match
in turn, in the order asked; a decision's patience runs from when the worker takes it up. A
decision that fails (the worker raised, stopped, or took far longer than its budget: then it is
ended) is ``None``: the referee then takes the normal coach's decision instead.

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
from multiprocessing.connection import Connection
from typing import Any, cast

from engine.core import Action
from referee import boards, games
from referee.adapter import JSONData
from referee.auto import coach_level, coach_seed, next_action

log = logging.getLogger(__name__)

BUDGET = 1.0  # seconds a thinking coach may take per decision, unless COACH_BUDGET says
NICENESS = 10  # how much the worker gives way to the bot's own process
# What the worker needs to know of a match's options (the dice, who rolls, who coaches).
OPTION_KEYS = ("seed", "dice", "player_rolls", "coach_side", "coach_level")
# Imported before the forkserver forks a worker: the board-drawing workers' list (they share
# the one forkserver of this process, which takes the list of whoever starts it first).
PRELOAD = boards.PRELOAD

# The worker's answer: (actor, kind, args) of the action, or None when the referee has none.
Answer = tuple[str, str, JSONData] | None
Work = Callable[[str, JSONData, JSONData, int, float], Answer]


class Failed(Exception):
    """A decision the worker did not make: its work raised, or (``broken``) the worker
    stopped or took too long, and is of no further use."""

    def __init__(self, why: str, broken: bool) -> None:
        super().__init__(why)
        self.broken = broken


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


def _serve(conn: Connection) -> None:
    """The worker: gives way to the bot's own process, then makes each decision it is sent
    ((work, *its arguments)) and sends back ("answer", it) or ("error", what went wrong)."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    while True:
        try:
            work, *args = conn.recv()
        except EOFError:  # the referee closed its end
            return
        try:
            reply: tuple[str, Any] = ("answer", work(*args))
        except Exception as error:
            reply = ("error", f"{type(error).__name__}: {error}")
        conn.send(reply)


class _Worker:
    """One worker process and the referee's end of its pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()  # the worker's end lives in the worker only: its exit is our EOF
        self.overdue = False  # ended for taking too long

    def ask(self, job: tuple[Any, ...], patience: float) -> Answer:
        """The worker's answer to ``job`` (sent already); raises ``Failed``. A worker given
        no answer within ``patience`` seconds is ended (a watchdog timer: the wait for the
        answer itself has no timeout of its own, whatever clock the process runs on)."""
        watchdog = threading.Timer(patience, self._overdue)
        watchdog.daemon = True
        watchdog.start()
        try:
            kind, value = self.conn.recv()
        except (EOFError, OSError) as error:
            why = f"no answer within {patience:g} s" if self.overdue else "the worker stopped"
            raise Failed(why, broken=True) from error
        finally:
            watchdog.cancel()
        if kind != "answer":
            raise Failed(str(value), broken=False)
        return cast(Answer, value)

    def _overdue(self) -> None:
        self.overdue = True
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()

    def stop(self) -> None:
        """End the worker at once, whatever it is doing (blocking, briefly)."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
            self.process.join(5)
        with contextlib.suppress(OSError):
            self.conn.close()


class Thinker:
    """A worker process making thinking coaches' decisions, one at a time: the others wait
    their turn (never given up because another took too long), and each has its patience
    from when the worker takes it up."""

    def __init__(self, budget: float = BUDGET, work: Work = decide) -> None:
        self.budget = budget
        self.work = work  # a module-level function (sent to the worker by name)
        self._worker: _Worker | None = None
        self._lock = threading.Lock()  # guards _worker (``close`` comes from any thread)
        # decisions queue here, sent to the worker one by one
        self._queue = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="thinking")
        self.made = 0  # decisions the worker made
        self.failed = 0  # decisions it did not make (the normal coach's were taken)

    @property
    def patience(self) -> float:
        """Seconds a decision may take from when the worker takes it up: the budget several
        times over, and time for a worker to start."""
        return 3 * self.budget + 20.0

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when none runs)."""
        worker = self._worker
        return None if worker is None else worker.process.pid

    async def decide(self, ruleset: str, state: JSONData, options: JSONData, count: int) -> Answer:
        """The thinking coach's next action for a match (its state as the ruleset's JSON,
        ``count`` actions logged), made in the worker once the decisions before it are; None
        when that failed. Raises only when the calling task is cancelled."""
        compact = {key: options[key] for key in OPTION_KEYS if key in options}
        job = (self.work, ruleset, state, compact, count, self.budget)
        loop = asyncio.get_running_loop()
        try:
            answer = await loop.run_in_executor(self._queue, self._ask, job)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            log.warning("a thinking coach's decision was cancelled; the normal coach decides")
        except Failed as failure:
            log.warning("the thinking coach failed (%s); the normal coach decides", failure)
        except Exception:
            log.exception("a thinking coach's decision failed; the normal coach decides instead")
        else:
            self.made += 1
            return answer
        self.failed += 1
        return None

    def _ask(self, job: tuple[Any, ...]) -> Answer:
        """``job`` answered by the worker (run in the queue's thread, one at a time); a
        worker that stopped or hangs is ended, and the next decision starts a new one."""
        worker = self._sent(job)
        try:
            answer = worker.ask(job, self.patience)
        except Failed as failure:
            if failure.broken:
                self._drop(worker)
            raise
        if worker.overdue:  # answered as its patience ran out: ended all the same
            self._drop(worker)
        return answer

    def _sent(self, job: tuple[Any, ...]) -> _Worker:
        """The worker ``job`` was sent to: a new one when there was none, or the last one
        stopped since (the pipe is broken)."""
        with self._lock:
            worker = self._worker
            if worker is not None:
                try:
                    worker.conn.send(job)
                except OSError:
                    worker.stop()
                else:
                    return worker
            worker = self._worker = _Worker()
        try:
            worker.conn.send(job)
        except OSError as error:
            self._drop(worker)
            raise Failed("the worker stopped", broken=True) from error
        return worker

    def _drop(self, worker: _Worker) -> None:
        """End ``worker`` (hung or stopped: a hung one would go on burning CPU)."""
        with self._lock:
            if self._worker is worker:
                self._worker = None
        worker.stop()

    def close(self) -> None:
        """Stop the worker (a decision it is making fails); a later decision starts one."""
        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()


def action_of(answer: Answer) -> Action | None:
    """The worker's answer as an action."""
    return None if answer is None else Action(answer[0], answer[1], dict(answer[2]))
