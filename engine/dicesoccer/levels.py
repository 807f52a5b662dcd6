"""The Sports Dice Soccer coach at each level: easy and strong are the generic wrappers of
``engine.core.levels`` around today's ``Coach``.

The strong coach plays each choice out to the end of the match (Sports Dice Soccer has no
secrets, and a whole match takes a few milliseconds). At the toss it takes the start measured
better offline for the match's rules (``engine.dicesoccer.opening``: thousands of paired
matches, far more than one budget allows); for rules never measured it spends its whole
budget on rollouts of the two starts, offense or defense with the Power Chip. Elsewhere a
dozen rollouts per choice.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.levels import BUDGET, NORMAL, Policy, Strong, build
from engine.dicesoccer.coach import MAX_ACTIONS, Coach
from engine.dicesoccer.opening import better_start
from engine.dicesoccer.ruleset import DICESOCCER
from engine.dicesoccer.state import DiceSoccerState

START_ROUNDS = 100_000  # the toss: as many rollouts as the budget allows


def points(s: DiceSoccerState, team: int) -> float:
    """1 for a win, 0 for a loss, 1/2 otherwise (a match not yet over: rollouts end it)."""
    if s.winner >= 0:
        return 1.0 if s.winner == team else 0.0
    lead = s.score[team] - s.score[1 - team]
    return 0.5 + 0.25 * max(-2, min(2, lead))


def _key(s: DiceSoccerState, actor: str) -> Any:
    return [actor, s.to_json()]  # everything is public


class StrongDiceCoach(Strong):
    """The generic strong coach, with the measured start at the toss (or the whole budget
    to search it)."""

    def searches(self, state: Any, decision: Decision) -> bool:
        if decision.kind == "start":
            return better_start(state.options) is None
        return super().searches(state, decision)

    def choose(self, state: Any, decision: Decision) -> Action:
        if decision.kind != "start":
            return super().choose(state, decision)
        known = better_start(state.options)
        if known is not None:
            self.rollouts = 0
            return Action(decision.actor, "start", {"role": known})
        rounds, self.rounds = self.rounds, START_ROUNDS
        try:
            return super().choose(state, decision)
        finally:
            self.rounds = rounds


def coach(seed: int, level: str = NORMAL, budget: float = BUDGET) -> Policy:
    """The Sports Dice Soccer coach of ``level`` (``engine.core.levels.LEVELS``)."""
    return build(
        level,
        Coach(seed),
        seed,
        budget,
        ruleset=DICESOCCER,
        evaluate=points,
        key=_key,
        horizon=MAX_ACTIONS,
        strong=StrongDiceCoach,
    )
