"""Members lying down and getting up (advanced rules: Fielder down, Goalie deflection), the
way members face and turn (Facing), and what facing does to kicks.

A member faces north, east, south or west; turning costs 1 point a quarter turn. A member lying
down plays no ball, cannot move or turn, and gets up on a later turn of its team for 1 point,
after which it stays on its square for the rest of that turn.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import flow, rules
from engine.simplesoccer.field import (
    DIRECTION_WORDS,
    SIDES,
    Square,
    direction_of,
    eighths_between,
    front,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState

ORDER = ("n", "e", "s", "w")  # the four facings, clockwise
_NAMES = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w"}
_NAMES["west"] = "w"
_DIAGONALS = {"ne", "se", "sw", "nw", "northeast", "southeast", "southwest", "northwest"}

# Facing: heel kicks, the points a ball step costs by its angle to the kicker's facing in
# 45-degree steps (the rulebook's examples: 90 degrees 4 a square, 135 degrees 2 a square)
HEEL_COST = (1, 1, 4, 2, 2)


# -- down and up (Fielder down) ------------------------------------------------------------


def is_down(s: SimpleSoccerState, team: int, label: str) -> bool:
    """Whether the member lies down (it plays no ball and cannot move until it gets up)."""
    return s.members[team][label].get("down") is not None


def standing(s: SimpleSoccerState, team: int, label: str) -> bool:
    return label in s.members[team] and not is_down(s, team, label)


def put_down(s: SimpleSoccerState, team: int, label: str) -> None:
    """The member goes down now; it may get up on a later turn of its team."""
    member = s.members[team][label]
    member["down"] = s.turns_played
    member.pop("rose", None)


def rose_now(s: SimpleSoccerState, team: int, label: str) -> bool:
    """Whether the member got up this turn (it stays on its square until the turn ends)."""
    return s.members[team][label].get("rose") == s.turns_played


def can_rise(s: SimpleSoccerState, team: int, label: str) -> bool:
    """Whether the member lies down since an earlier turn (so it may get up now)."""
    down = s.members[team][label].get("down")
    return down is not None and int(down) < s.turns_played


# -- facings -------------------------------------------------------------------------------


def parse_facing(value: object) -> str:
    """A facing typed as "n" or "north" (any case)."""
    key = str(value if value is not None else "").strip().lower().replace("-", "")
    if key in _NAMES:
        return _NAMES[key]
    if key in _DIAGONALS:
        raise MalformedAction("Members face north, east, south or west, not a diagonal.")
    raise MalformedAction("Name a facing: north, east, south or west (n, e, s, w).")


def turn_cost(old: str, new: str) -> int:
    """1 point a quarter turn, 2 for a half turn (Facing)."""
    return eighths_between(old, new) // 2


def budget(s: SimpleSoccerState, team: int, label: str) -> int:
    """The points ``label`` may spend on turning or getting up: all that are left (its own
    too), less one kept for the goalkeeper's throw while it holds the ball."""
    return flow.left(s, label) - (1 if s.held == team else 0)


def _afford(s: SimpleSoccerState, team: int, label: str, cost: int, what: str) -> None:
    left = flow.left(s, label)
    if cost > left:
        raise RulesError(f"{what} takes {cost} point{'s' if cost > 1 else ''}; you have {left}.")
    if cost > budget(s, team, label):
        raise RulesError(f"Keep a point for your goalkeeper's throw: {what.lower()} takes {cost}.")


def _h_turn(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if not rules.on(s, "facing"):
        raise RulesError("Members cannot turn in this match: they always face the other goal.")
    label = flow.member(s, team, args)
    facing = parse_facing(args.get("facing"))
    m = s.members[team][label]
    if is_down(s, team, label):
        raise RulesError(f"{label} is down: it must get up first (1 point).")
    old = str(m["facing"])
    if old == facing:
        raise RulesError(f"{label} already faces {DIRECTION_WORDS[facing]}.")
    cost = turn_cost(old, facing)
    _afford(s, team, label, cost, "That turn")
    m["facing"] = facing
    flow.spend(s, cost, label)
    ev.append(
        Event(
            "turned",
            {
                "team": team,
                "member": label,
                "from": old,
                "facing": facing,
                "cost": cost,
                "left": flow.left(s),
            },
        )
    )
    flow.after_spend(s, team, args, ev)


def _h_rise(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = flow.member(s, team, args)
    m = s.members[team][label]
    if not is_down(s, team, label):
        raise RulesError(f"{label} is not down.")
    if not can_rise(s, team, label):
        raise RulesError(f"{label} went down this turn: it can get up on your next turn.")
    facing = str(m["facing"])
    if args.get("facing") is not None:
        wanted = parse_facing(args["facing"])
        if wanted != facing and not rules.on(s, "facing"):
            raise RulesError(
                f"{label} gets up facing {DIRECTION_WORDS[facing]}: members cannot turn in "
                "this match."
            )
        facing = wanted
    _afford(s, team, label, 1, "Getting up")
    del m["down"]
    # Fielder down: getting up ends the member's moving for this turn
    m["rose"] = s.turns_played
    m["facing"] = facing
    flow.spend(s, 1, label)
    ev.append(
        Event(
            "rose",
            {"team": team, "member": label, "facing": facing, "cost": 1, "left": flow.left(s)},
        )
    )
    flow.after_spend(s, team, args, ev)


# -- kicks (Facing) --------------------------------------------------------------------------


def kick_mode(s: SimpleSoccerState, team: int, label: str, start: Square) -> tuple[str, str | None]:
    """How facing shapes a kick by ``label`` of the ball on ``start``: ("free", None) when it
    does not (rule off, a throw from the goalkeeper's hands), ("straight", facing) for a ball
    straight in front of the feet, ("diagonal", member->ball direction) for a corner square."""
    if not rules.on(s, "facing") or (s.held == team and label == GOALKEEPER):
        return "free", None
    m = s.members[team][label]
    here: Square = (m["at"][0], m["at"][1])
    ahead = front(here, m["facing"])
    if start == ahead[0]:
        return "straight", str(m["facing"])
    return "diagonal", direction_of(here, start)


def step_cost(mode: str, towards: str | None, step: str) -> tuple[int, bool]:
    """One ball step's points and whether it makes the kick a slide kick."""
    if mode == "straight":
        assert towards is not None
        return HEEL_COST[eighths_between(towards, step)], False
    if mode == "diagonal":
        assert towards is not None
        # Facing: a ball touched from a corner goes at most 45 degrees off that line unless
        # the kicker slides
        return 1, eighths_between(towards, step) > 1
    return 1, False


# -- choices ------------------------------------------------------------------------------


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    """Turning each standing member (facing rule) and getting up each member down since an
    earlier turn."""
    side = SIDES[team]
    out: list[Choice] = []
    turning = rules.on(s, "facing")
    for label, m in s.members[team].items():
        points = budget(s, team, label)
        if is_down(s, team, label):
            if can_rise(s, team, label) and points >= 1:
                out.extend(_rise_choices(side, label, str(m["facing"]), turning))
            continue
        if not turning:
            continue
        for facing in ORDER:
            cost = turn_cost(str(m["facing"]), facing)
            if 0 < cost <= points:
                out.append(
                    Choice(
                        Action(side, "turn", {"member": label, "facing": facing}),
                        f"{label} turns {DIRECTION_WORDS[facing]} ({cost})",
                        {"member": label, "facing": facing, "cost": cost},
                    )
                )
    return out


def _rise_choices(side: str, label: str, facing: str, turning: bool) -> list[Choice]:
    if not turning:
        return [
            Choice(
                Action(side, "rise", {"member": label}),
                f"{label} gets up (1)",
                {"member": label, "facing": facing, "cost": 1},
            )
        ]
    return [
        Choice(
            Action(side, "rise", {"member": label, "facing": f}),
            f"{label} gets up facing {DIRECTION_WORDS[f]} (1)",
            {"member": label, "facing": f, "cost": 1},
        )
        for f in ORDER
    ]


HANDLERS: dict[tuple[str, str], Any] = {("play", "turn"): _h_turn, ("play", "rise"): _h_rise}
