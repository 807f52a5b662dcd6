"""5.1 Offside, and the level comparisons it needs."""

from __future__ import annotations

from typing import Final

from engine.fuba.board import (
    CENTRE,
    HALF_ENTIRELY,
    N_SLOTS,
    SIDE_AREAS,
    STRIP,
    closer_to_goal,
    depth,
)
from engine.fuba.state import FubaState

# Areas ordered by closeness to each side's own goal line (near edge, then far edge).
_BY_DEPTH: Final = tuple(
    sorted(range(1, N_SLOTS), key=lambda a, s=side: (depth(s, a), a))  # type: ignore[misc]
    for side in (0, 1)
)


def second_closest_area(s: FubaState, defenders: int) -> int | None:
    """The area of the defending team's second-closest piece to its own goal line,
    goalkeeper included, ordered by the area's interval (near edge, then far edge)."""
    row = s.outfield[defenders]
    keeper = s.keeper[defenders]
    seen = 0
    for a in _BY_DEPTH[defenders]:
        seen += row[a] + (keeper == a)
        if seen >= 2:
            return a
    return None


def is_offside(s: FubaState, attackers: int, area: int, ball_area: int) -> bool:
    """Whether a player of ``attackers`` in ``area`` is in an offside position (5.1)."""
    defenders = 1 - attackers
    if area == CENTRE or area not in HALF_ENTIRELY[defenders]:
        return False
    if not closer_to_goal(defenders, area, ball_area):
        return False
    line = second_closest_area(s, defenders)
    return line is not None and closer_to_goal(defenders, area, line)


def is_backwards(team: int, frm: int, to: int) -> bool:
    """A move or pass towards the team's own goal line: both edges of the new area are
    nearer the own goal line than those of the old one (interpretation, see docs)."""
    flo, fhi = depth(team, frm)
    tlo, thi = depth(team, to)
    return tlo < flo and thi < fhi


def is_straight_backwards(team: int, frm: int, to: int) -> bool:
    """4.5.1 a move straight backwards: along the same row of the board (north 1-4-8-11,
    middle 2-5-7-9-12, south 3-6-10-13) towards the team's own goal line."""
    return STRIP[frm] == STRIP[to] and is_backwards(team, frm, to)


# Restarts whose first pass carries no offside risk (A7).
RISK_EXEMPT: Final = ("corner", "goal_kick")


def offside_risk(s: FubaState, team: int, start: int, target: int, kind: str) -> int:
    """A7 the ball-value increase for ``team`` passing from ``start`` to its player in
    ``target``: the defending team's players in the area of its second-lowest player, at
    most its formation's defenders (one fewer when tired). 0 when the rule does not apply."""
    other = 1 - team
    if not s.pieces(team, target) or target not in HALF_ENTIRELY[other]:
        return 0  # checked first: the quickest answer for most targets
    if not s.rule("offside_risk") or kind in RISK_EXEMPT:
        return 0
    # at exactly the start area's level, or nearer the team's own goal line: no risk
    if depth(team, target) == depth(team, start) or closer_to_goal(team, target, start):
        return 0
    line = second_closest_area(s, other)
    if line is None or line in SIDE_AREAS or not closer_to_goal(other, target, line):
        return 0
    cap = s.formations[other][0] - (1 if s.tired[other] else 0)
    return max(0, min(s.count(other, line), cap))
