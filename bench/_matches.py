"""Whole matches the coach benches and the level tests play.

- ``play``: any game's match between two policies, each action applied with the ruleset's
  cloning ``apply`` (which refuses an illegal one); a policy's call before its roll
  (``before_roll``, Simple Soccer's tackle) is asked for first.
- ``Starter`` and ``toss_winner_won``: Sports Dice Soccer with the normal coach on both
  sides and a fixed start for the toss winner.
- ``in_batches``: matches handed to a worker pool a batch at a time, in order, so that a
  bench can stop between batches.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import DiceSource, VirtualDice
from engine.dicesoccer.coach import Coach as DiceCoach
from engine.dicesoccer.coach import play_match as dice_match

Job = TypeVar("Job")
Result = TypeVar("Result")


def next_action(ruleset: Any, players: Sequence[Any], state: Any, dice: DiceSource) -> Action:
    """The next action: the deciding side's call before its roll when it makes one, else a
    roll from ``dice``, else its policy's choice (``players`` in ``ruleset.sides`` order)."""
    pending = ruleset.pending(state)
    decision = pending[0]
    player = players[list(ruleset.sides).index(decision.actor)]
    if not decision.dice:
        return player.choose(state, decision)
    before = getattr(player, "before_roll", None)
    for other in pending[1:]:
        if before is not None and other.actor == decision.actor and not other.dice:
            action = before(state, other)
            if action is not None:
                return action
    return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})


def play(
    ruleset: Any,
    players: Sequence[Any],
    options: dict[str, Any] | None,
    seed: int,
    most: int | None = None,
) -> Any:
    """The state at the end of a match from ``ruleset.initial(options)`` with the dice of
    ``seed`` (or after ``most`` actions, when given, if it has not ended by then)."""
    state = ruleset.initial(options)
    dice = VirtualDice(seed)
    played = 0
    while not ruleset.is_over(state) and (most is None or played < most):
        state, _ = ruleset.apply(state, next_action(ruleset, players, state, dice))
        played += 1
    return state


class Starter:
    """The normal coach, with a fixed start at the toss (noting who won it)."""

    def __init__(self, role: str) -> None:
        self.coach = DiceCoach(0)
        self.role = role
        self.toss = -1

    def choose(self, state: Any, decision: Decision) -> Action:
        if decision.kind == "start":
            self.toss = 0 if decision.actor == "white" else 1
            return Action(decision.actor, "start", {"role": self.role})
        return self.coach.choose(state, decision)


def toss_winner_won(role: str, seed: int, options: dict[str, Any]) -> int:
    """1 when the toss winner won the match of dice seed ``seed`` starting on ``role``."""
    starter = Starter(role)
    state, _, _ = dice_match(seed, coach=starter, options=options)  # type: ignore[arg-type]
    return int(state.winner == starter.toss)


def in_batches(
    pool: Any, work: Callable[[Job], Result], jobs: Iterable[Job], batch: int, chunksize: int
) -> Iterator[list[Result]]:
    """The results of ``work`` over ``jobs`` (a ``multiprocessing`` pool's ``map``), ``batch``
    jobs at a time in order; the next batch is handed out only when asked for."""
    pending = iter(jobs)
    while chunk := list(itertools.islice(pending, batch)):
        yield pool.map(work, chunk, chunksize=chunksize)
