"""5.1 Offside, and the level comparisons it needs."""

from __future__ import annotations

from engine.fuba.board import CENTRE, HALF_ENTIRELY, N_SLOTS, closer_to_goal, depth
from engine.fuba.state import FubaState


def second_closest_area(s: FubaState, defenders: int) -> int | None:
    """The area of the defending team's second-closest piece to its own goal line,
    goalkeeper included, ordered by the area's interval (near edge, then far edge)."""
    pieces: list[tuple[tuple[int, int], int]] = []
    row = s.outfield[defenders]
    for a in range(1, N_SLOTS):
        if row[a]:
            key = depth(defenders, a)
            pieces.extend([(key, a)] * min(row[a], 2))
    pieces.append((depth(defenders, s.keeper[defenders]), s.keeper[defenders]))
    if len(pieces) < 2:
        return None
    pieces.sort()
    return pieces[1][1]


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
