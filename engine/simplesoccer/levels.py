"""The Simple Soccer coach at each level: easy and strong are the generic wrappers of
``engine.core.levels`` around today's ``Coach``, its call before a roll (a tackle) kept.

The strong coach searches the decisions with few choices (the advanced rules' picks, the
set-up); a turn's moves have too many to play out, so it plays them as the normal coach.
Before a rollout the other side's hidden shootout spot or die face is drawn afresh.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.actions import Action
from engine.core.dice import DiceSource
from engine.core.levels import BUDGET, NORMAL, Policy, build
from engine.simplesoccer import decisions, rules
from engine.simplesoccer.coach import Coach
from engine.simplesoccer.ruleset import SIMPLESOCCER
from engine.simplesoccer.state import SimpleSoccerState

HORIZON = 30  # actions a rollout plays before the position is scored
LEAD = 0.3  # what one goal of lead is worth above an even 1/2, at most
SPOTS = 7  # a shootout goalkeeper's spots
FACES = 6


def hide(s: SimpleSoccerState, team: int, rng: random.Random) -> SimpleSoccerState:
    """A copy with the other side's hidden shootout spot or die face drawn afresh."""
    world = s.clone()
    other = 1 - team
    sh = world.shootout
    if sh is not None:
        sh = world.shootout = dict(sh)
        step = world.step
        kicking = step.get("k") == "penalty" and step["team"] == team
        if kicking and sh.get("spot") is not None and sh.get("ball") is None:
            sh["spot"] = rng.randint(1, SPOTS)
        if sh.get("face") is not None and sh.get("kicker") == other:
            sh["face"] = rng.randint(1, FACES)
    step = world.step = dict(world.step)
    if step.get("k") == "pen_spot" and step.get("kicker") == other and step.get("face"):
        step["face"] = rng.randint(1, FACES)
    if step.get("k") == "pen_kick" and step.get("team") == team and step.get("spot"):
        step["spot"] = rng.randint(1, SPOTS)
    return world


def points(s: SimpleSoccerState, team: int) -> float:
    """1 for a win, 0 for a loss; before the end 1/2 moved by the lead."""
    if s.over:
        return 1.0 if s.winner == team else 0.0 if s.winner == 1 - team else 0.5
    lead = s.score[team] - s.score[1 - team]
    return max(0.0, min(1.0, 0.5 + LEAD * max(-1.5, min(1.5, lead))))


def rollout_action(coach: Coach, s: SimpleSoccerState, dice: DiceSource) -> Action:
    """The next action of a rollout, as the coach-vs-coach driver plays it (the coach's
    call before its roll included)."""
    light = not rules.any_on(s)
    pending = decisions.pending(s, light=light)
    decision = pending[0]
    if decision.dice:
        for other in pending[1:]:
            if other.actor == decision.actor and not other.dice:
                action = coach.before_roll(s, other)
                if action is not None:
                    return action
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    return coach.choose(s, decision)


def _key(s: SimpleSoccerState, actor: str) -> Any:
    return SIMPLESOCCER.view(s, actor)


def coach(seed: int, level: str = NORMAL, budget: float = BUDGET) -> Policy:
    """The Simple Soccer coach of ``level`` (``engine.core.levels.LEVELS``); every level
    has the coach's ``before_roll``."""
    normal = Coach(seed)
    return build(
        level,
        normal,
        seed,
        budget,
        ruleset=SIMPLESOCCER,
        evaluate=points,
        hide=hide,
        next_action=lambda s, dice: rollout_action(normal, s, dice),
        key=_key,
        horizon=HORIZON,
    )
