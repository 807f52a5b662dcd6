"""A3 substitutions: up to three per team, one plan at a time, announced before any dice.

Windows: at the end of a turn with the ball in the midfield zone the controlling team may
substitute, and then the other team only if the controlling team did; at a new setup
(kick-off, goal kick, corner, free kick) both may, the controlling team first.

A plan is ``fresh`` (a fresh player: 2d6 x 10 against the game time gives one or two
condition points), ``yellow`` (a booked player goes off: one yellow card less) or a
formation change ``d>m`` ... ``f>m`` (one player from one position to another). The plans
take effect when the team says ``done``; the fresh players' dice are rolled after that.

Fewer clicks (project decision): a window of a team whose next step is that team's own
decision is *folded* into it. ``decisions.pending`` shows that decision with one more choice,
``substitutions`` ("make substitutions"); any other answer lets the window pass, while
``substitutions`` opens it (``step["open"]``) and the plans are asked as usual. A turn's
window comes right before the new turn's target decision; a restart's windows wait right
before each team's first own step of the restart (``place``). The other team's answer to a
substitution (window ``reply``) is always asked on its own.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.errors import RulesError
from engine.core.events import Event, event
from engine.fuba import condition, formations, moves, roles, skills
from engine.fuba.board import zone
from engine.fuba.state import ZONES, FubaState

MAX_SUBS: Final = 3
POSITIONS = "dmf"  # defender, midfielder, forward: indexes of a formation
CHANGES: Final = tuple(f"{a}>{b}" for a in POSITIONS for b in POSITIONS if a != b)
PLANS: Final = ("fresh", "yellow", *CHANGES)
PLAN_WORDS = {
    "fresh": "bring on a fresh player",
    "yellow": "take off a player with a yellow card",
    "done": "done",
}
_POSITION_WORDS: Final = {"d": "defender", "m": "midfielder", "f": "forward"}
for _c in CHANGES:
    PLAN_WORDS[_c] = f"move a {_POSITION_WORDS[_c[0]]} to {_POSITION_WORDS[_c[2]]}"


def left(s: FubaState, team: int, step: dict[str, Any] | None = None) -> int:
    """Substitutions the team may still announce."""
    return MAX_SUBS - s.subs[team] - (len(step["plans"]) if step else 0)


def shape_after(s: FubaState, team: int, plans: list[str]) -> list[int]:
    shape = list(s.formations[team])
    for p in plans:
        if p in CHANGES:
            shape[POSITIONS.index(p[0])] -= 1
            shape[POSITIONS.index(p[2])] += 1
    return shape


def legal_plans(s: FubaState, step: dict[str, Any]) -> list[str]:
    """The plans the team may announce next ("done" always, last)."""
    team, plans = step["team"], step["plans"]
    out: list[str] = []
    if left(s, team, step) > 0:
        if s.rule("condition"):
            out.append("fresh")  # without condition points a fresh player changes nothing
        if s.yellows[team] > plans.count("yellow"):
            out.append("yellow")
        shape = shape_after(s, team, plans)
        if not s.coach_off[team]:  # A11 a fiery coach sent off: no formation changes
            out.extend(c for c in CHANGES if shape[POSITIONS.index(c[0])] > 0)
    out.append("done")
    return out


def turn_window(s: FubaState) -> bool:
    """End of a turn: the controlling team may substitute when the ball is in midfield (the
    window goes first on the agenda, before the new turn's target decision)."""
    ct = s.control
    if not s.rule("substitutions") or ct < 0 or left(s, ct) <= 0:
        return False
    if zone(ct, s.ball) != "midfield":
        return False
    s.agenda.insert(0, {"k": "substitute", "team": ct, "window": "turn", "plans": []})
    return True


def restart_window(s: FubaState, at: int) -> None:
    """A new setup: both teams may substitute, the controlling team first (steps inserted
    at agenda index ``at``)."""
    if not s.rule("substitutions"):
        return
    for team in (s.control, 1 - s.control):
        if left(s, team) > 0:
            s.agenda.insert(at, {"k": "substitute", "team": team, "window": "restart", "plans": []})
            at += 1


# The steps a team's restart window waits for: its first own step of the restart.
_RESTART_STEPS: Final = frozenset({"setup", "corner"})
_RESTART_MOVES: Final = frozenset({moves.GK_CT, moves.GK_DT, moves.QUICK_CT, moves.QUICK_DT})
OPEN: Final = "substitutions"  # the action kind that opens a folded window


def _waiting(step: dict[str, Any]) -> bool:
    """A window nobody has opened yet (no plan announced)."""
    return step["k"] == "substitute" and not step.get("open") and not step["plans"]


def folded(s: FubaState) -> bool:
    """Whether the current step is a window folded into its team's next decision: a turn or
    restart window, not yet opened, directly followed by a step of the same team that is a
    decision (not dice)."""
    if len(s.agenda) < 2:
        return False
    window, nxt = s.agenda[0], s.agenda[1]
    return (
        _waiting(window)
        and window["window"] in ("turn", "restart")
        and nxt.get("team") == window["team"]
        and nxt["k"] not in ("roll", "substitute")
    )


def open_window(s: FubaState) -> None:
    """The team chose to make substitutions at a folded window: its plans are asked now."""
    s.agenda[0] = {**s.agenda[0], "open": True}


def place(s: FubaState) -> None:
    """Move each waiting restart window right before its team's first own step of the
    restart (setup, corner choice, goal-kick or quick-free-kick moves), the controlling
    team's window first. A team with no such step yet (the defending team's goal-kick moves
    come after the controlling team's) waits right after the other team's first one."""
    if not s.options.get("advanced"):
        return  # the basic rules have no windows (this runs after every action)
    found: list[dict[str, Any]] | None = None  # no list made in the common case
    for st in s.agenda:
        if st["k"] == "substitute" and _waiting(st) and st["window"] == "restart":
            if found is None:
                found = []
            found.append(st)
    if found is None:
        return
    windows: list[dict[str, Any]] = found
    rest: list[dict[str, Any]] = []
    was: list[int] = []  # each window's place among the other steps
    for st in s.agenda:
        if any(st is w for w in windows):
            was.append(len(rest))
        else:
            rest.append(st)
    floor = 0
    for n, window in enumerate(windows):
        team = window["team"]
        mine = _first(rest, floor, team)
        if mine is None:  # after the other team's first step, else where it was
            theirs = _first(rest, floor, 1 - team)
            at = max(floor, was[n]) if theirs is None else theirs + 1
        else:
            at = mine
        rest.insert(at, window)
        floor = at + (1 if mine is None else 2)
        was = [w + 1 if w >= at else w for w in was]
    s.agenda[:] = rest


def _first(steps: list[dict[str, Any]], start: int, team: int) -> int | None:
    return next((i for i in range(start, len(steps)) if _own_restart_step(steps[i], team)), None)


def _own_restart_step(step: dict[str, Any], team: int) -> bool:
    if step.get("team") != team:
        return False
    return step["k"] in _RESTART_STEPS or (
        step["k"] == "moves" and step.get("mode") in _RESTART_MOVES
    )


def announce(s: FubaState, step: dict[str, Any], plan: str, ev: list[Event]) -> None:
    """One more plan, or ``done``: then every announced plan takes effect."""
    team = step["team"]
    if plan not in legal_plans(s, step):
        raise RulesError(_why_not(s, step, plan))
    if plan != "done":
        s.agenda[0] = {**step, "plans": [*step["plans"], plan]}
        ev.append(event("substitution_announced", {"team": team, "plan": plan}))
        return
    s.agenda.pop(0)
    plans = step["plans"]
    rolls = []
    for p in plans:
        s.subs[team] += 1
        if p == "fresh":
            rolls.append({"k": "roll", "team": team, "n": 2, "for": "fresh"})
            continue
        if p == "yellow":
            s.yellows[team] -= 1
        else:
            s.formations[team] = shape_after(s, team, [p])
            s.roles[team] = roles.fit(s.roles[team], s.formations[team])  # as at half time
        ev.append(event("substitution", {"team": team, "plan": p, "points": _bonus(s, team, p)}))
    if step["window"] == "turn" and plans and left(s, 1 - team) > 0:
        reply = {"k": "substitute", "team": 1 - team, "window": "reply", "plans": []}
        rolls.append(reply)  # A3 the other team may answer a substitution
    s.agenda[0:0] = rolls
    if not plans:
        ev.append(event("no_substitution", {"team": team}))


def _bonus(s: FubaState, team: int, plan: str) -> dict[str, int]:
    """A3 second-half condition point: to the strengthened zone for a formation change, to
    the zone with the fewest points for a booked player (project decision)."""
    if plan in CHANGES:
        if s.half != 2 or not s.rule("condition"):
            return {}
        z = POSITIONS.index(plan[2])
        return {ZONES[z]: 1} if condition.add(s, team, z, 1) else {}
    return second_half_point(s, team)


def second_half_point(s: FubaState, team: int) -> dict[str, int]:
    """The point a second-half yellow-card or injury substitution brings."""
    if s.half != 2 or not s.rule("condition"):
        return {}
    return give(s, team, 1)


def give(s: FubaState, team: int, points: int) -> dict[str, int]:
    """Add ``points`` one at a time, each to the zone with the fewest points that still has
    room (ties: the ball's zone, then defence, midfield, attack); returns what was added."""
    added: dict[str, int] = {}
    here = condition.zone_index(team, s.ball)
    for _ in range(points):
        open_zones = [z for z in range(3) if condition.room(s, team, z) > 0]
        if not open_zones:
            break
        z = min(open_zones, key=lambda z: (s.condition[team][z], z != here, z))
        condition.add(s, team, z, 1)
        added[ZONES[z]] = added.get(ZONES[z], 0) + 1
    return added


def roll_fresh(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """A3 a fresh player: 2d6 x 10 above the game time gives one point, else two."""
    s.agenda.pop(0)
    team = step["team"]
    total = sum(dice)
    if skills.auto(s, team, "strength_in_depth"):
        total -= 2  # A11 strength in depth
        skills.record(s, team, "strength_in_depth", ev, dice=dice)
    if s.coach_off[team]:
        total += 2  # A11 the fiery coach was sent off
    result = total * 10
    earned = 1 if result > s.minute else 2
    points = give(s, team, earned)
    ev.append(
        event(
            "substitution",
            {
                "team": team,
                "plan": "fresh",
                "points": points,
                "result": result,
                "minute": s.minute,
                "earned": earned,
            },
        )
    )


def _why_not(s: FubaState, step: dict[str, Any], plan: str) -> str:
    team = step["team"]
    choices = (*PLANS, "done")
    if plan not in choices:
        return f"{plan!r} is not a substitution: choose one of {', '.join(choices)}."
    if left(s, team, step) <= 0:
        return "You have no substitutions left: choose done."
    if plan == "fresh":
        return "A fresh player brings nothing without condition points."
    if plan == "yellow":
        return "You have no player with a yellow card left to take off."
    if s.coach_off[team]:
        return "Your coach was sent off: your formation cannot change."
    shape = formations.fmt(shape_after(s, team, step["plans"]))
    return f"Your formation {shape} has no {_POSITION_WORDS[plan[0]]} to move."
