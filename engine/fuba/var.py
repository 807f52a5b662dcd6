"""A10 V.A.R.: after a goal, and after a successful pressing in a penalty area, the team
whose play is checked rolls two dice; a double 6 overturns it.

A denied goal: the other team gets a free kick where the goal attempt was made (a quick
free kick when that area is in its half). An overturned pressing: the other team gets a
free kick in that box (a penalty kick in the pressing team's own box) and the pressing team
tests for a yellow card. Both readings are project decisions (docs/rules-fuba-advanced.md).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba import cards, restarts
from engine.fuba.board import BOX
from engine.fuba.state import FubaState


def after_goal(s: FubaState, team: int, at: int = 0) -> bool:
    """A goal by ``team``: its check roll, inserted at agenda index ``at``. False when the
    rule is not in force (the goal stands at once)."""
    if not s.rule("var"):
        return False
    s.agenda.insert(at, {"k": "roll", "team": team, "n": 2, "for": "var_goal", "area": s.ball})
    return True


def after_pressing(s: FubaState, team: int, ev: list[Event]) -> None:
    """Call right after ``team`` won the ball by pressing (ordinary or aggressive, after the
    pressing roll step is popped): in a penalty area its check roll comes next."""
    if s.rule("var") and s.ball in BOX:
        s.agenda.insert(0, {"k": "roll", "team": team, "n": 2, "for": "var_press", "area": s.ball})


def overturned(dice: list[int]) -> bool:
    return dice[0] == dice[1] == 6


def roll_goal(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:

    s.agenda.pop(0)
    team = step["team"]
    denied = overturned(dice)
    ev.append(
        event("var_check", {"team": team, "dice": list(dice), "overturned": denied, "for": "goal"})
    )
    if not denied:
        restarts.after_goal(s, team, ev)
        return
    s.score[team] -= 1
    ev.append(event("goal_denied", {"team": team, "score": s.score[:]}))
    restarts.award_free_kick(s, 1 - team, step["area"], ev)


def roll_pressing(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:

    s.agenda.pop(0)
    team = step["team"]
    denied = overturned(dice)
    ev.append(
        event(
            "var_check", {"team": team, "dice": list(dice), "overturned": denied, "for": "pressing"}
        )
    )
    if not denied:
        return
    restarts.award_free_kick(s, 1 - team, step["area"], ev)
    if not s.over:
        cards.start_yellow_test(s, team, "pressing")
