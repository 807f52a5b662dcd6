"""The Socceristic coach at each level: easy and strong are the generic wrappers of
``engine.core.levels`` around today's ``Coach``.

Neither side knows the order of the card decks, so before each rollout the strong coach
shuffles what is left of them (and the later reshuffles) afresh: its search never reads the
cards to come. It scores a rollout's end by the score and who has the ball nearer which goal.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.levels import BUDGET, NORMAL, Policy, build
from engine.socceristic.coach import Coach, progress
from engine.socceristic.common import pitch
from engine.socceristic.ruleset import SECRET_OPTIONS, SOCCERISTIC
from engine.socceristic.state import SocceristicState

HORIZON = 40  # actions a rollout plays before the position is scored
DIRECTIONS = 8  # the most choices a decision has (a ball's eight directions): all searched
LEAD = 0.3  # what one goal of lead is worth above an even 1/2, at most
BALL = 0.05  # ... and the ball at the other goal line with our move next


def hide(s: SocceristicState, team: int, rng: random.Random) -> SocceristicState:
    """A copy with the decks' remaining cards and the later shuffles drawn afresh."""
    world = s.clone()
    world.options = {**world.options, "deck_seed": rng.getrandbits(32)}
    world.options.pop("deck_order", None)
    for pack in world.decks.values():
        order = sorted(pack["order"])  # what is left, in no order the real one could leak
        rng.shuffle(order)
        pack["order"] = order
    return world


def points(s: SocceristicState, team: int) -> float:
    """1 for a win, 0 for a loss; before the end 1/2 moved by the lead and the ball."""
    if s.over:
        return 1.0 if s.winner == team else 0.0 if s.winner == 1 - team else 0.5
    lead = s.score[team] - s.score[1 - team]
    v = 0.5 + LEAD * max(-1.5, min(1.5, lead))
    if s.ball is not None and all(s.ends):
        rows = pitch(s).height - 1
        v += BALL * (2 * progress(s, team, (s.ball[0], s.ball[1])) / rows - 1)
    return max(0.0, min(1.0, v))


def _key(s: SocceristicState, actor: str) -> Any:
    data = SOCCERISTIC.view(s, actor)
    return {k: v for k, v in data.items() if k not in SECRET_OPTIONS}


def coach(seed: int, level: str = NORMAL, budget: float = BUDGET) -> Policy:
    """The Socceristic coach of ``level`` (``engine.core.levels.LEVELS``)."""
    return build(
        level,
        Coach(seed),
        seed,
        budget,
        ruleset=SOCCERISTIC,
        evaluate=points,
        hide=hide,
        key=_key,
        horizon=HORIZON,
        max_choices=DIRECTIONS,
    )
