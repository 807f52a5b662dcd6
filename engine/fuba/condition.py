"""A1 condition points: per zone (defence, midfield, attack), paid for boosts, lost to
tiredness, given back by slow play (A13) and substitutions (A3).

A team's points are ``state.condition[team]``, indexed by ``ZONES``. A point is paid from
the zone the ball is in (seen from the paying team); when that zone has too few, twice the
cost comes from one adjacent zone (defence and attack are each adjacent to midfield only).
"""

from __future__ import annotations

from typing import Final

from engine.fuba.board import zone
from engine.fuba.state import ZONES, FubaState

DEFENCE, MIDFIELD, ATTACK = range(3)
ADJACENT_ZONES: Final = {DEFENCE: (MIDFIELD,), MIDFIELD: (DEFENCE, ATTACK), ATTACK: (MIDFIELD,)}
ZONE_CAP, TOTAL_CAP = 6, 10  # A3 substitutions never lift a zone above 6 or the team above 10


def zone_index(team: int, area: int) -> int:
    """The index in ``ZONES`` of ``area``'s zone for ``team``."""
    return ZONES.index(zone(team, area))


def initial_points(shape: list[int], moves: tuple[int, int, int] = (0, 0, 0)) -> list[int]:
    """A1 one point per defender, midfielder and forward; ``moves`` are the A2 roles' net
    changes per zone (they sum to zero)."""
    return [shape[i] + moves[i] for i in range(3)]


def payments(s: FubaState, team: int, cost: int = 1, skill: bool = False) -> list[tuple[int, int]]:
    """The ways ``team`` may pay ``cost`` points now, as (zone index, points): the ball's
    zone, else twice the cost from each adjacent zone that has it (the team chooses). A
    ``skill`` (A11) never uses the terrace chant's free point."""
    if cost <= 0 or (cost == 1 and not skill and free_point(s, team)):
        return [(zone_index(team, s.ball), 0)]
    here = zone_index(team, s.ball)
    points = s.condition[team]
    if points[here] >= cost:
        return [(here, cost)]
    return [(z, 2 * cost) for z in ADJACENT_ZONES[here] if points[z] >= 2 * cost]


def free_point(s: FubaState, team: int) -> bool:
    """A13 terrace chant: the team's first action of the turn may use one condition point
    without paying it (``turn["free_point"]``, set by ``specials``); a two-point use (heat,
    A9) still costs its points (project decision)."""
    return s.turn.get("free_point") == team and s.turn.get("seq") == 1


def can_pay(s: FubaState, team: int, cost: int = 1, skill: bool = False) -> bool:
    return bool(payments(s, team, cost, skill))


def pay(s: FubaState, team: int, zone_at: int, points: int, skill: bool = False) -> None:
    """Take ``points`` from zone ``zone_at`` (one of ``payments``); they count as spent."""
    cost = points if zone_at == zone_index(team, s.ball) else points // 2
    if (zone_at, points) not in payments(s, team, cost, skill):
        raise ValueError(f"team {team} cannot pay {points} from {ZONES[zone_at]}")
    s.condition[team][zone_at] -= points
    s.spent[team] += points
    if points == 0 and free_point(s, team):
        s.turn["free_point"] = -1  # the terrace chant's point is used


def lose_one(s: FubaState, team: int) -> list[int]:
    """A1 a failed tiredness test: one point from the ball's zone, else two from the other
    zones (the fuller first, one at a time; project decision, docs/fuba-advanced.md).
    Returns the points lost per zone."""
    points = s.condition[team]
    lost = [0, 0, 0]
    here = zone_index(team, s.ball)
    if points[here]:
        points[here] -= 1
        lost[here] = 1
        return lost
    for _ in range(2):
        others = [z for z in range(3) if z != here and points[z]]
        if not others:
            break
        fullest = max(others, key=lambda z: (points[z], -z))
        points[fullest] -= 1
        lost[fullest] += 1
    return lost


def total(s: FubaState, team: int) -> int:
    return sum(s.condition[team])


def room(s: FubaState, team: int, zone_at: int) -> int:
    """How many points substitutions may still add to ``zone_at`` (A3 caps)."""
    points = s.condition[team]
    return max(0, min(ZONE_CAP - points[zone_at], TOTAL_CAP - sum(points)))


def add(s: FubaState, team: int, zone_at: int, points: int) -> int:
    """Add up to ``points`` to ``zone_at`` within the A3 caps; returns how many were added."""
    added = min(points, room(s, team, zone_at))
    s.condition[team][zone_at] += added
    return added


def movement_minimum(s: FubaState, team: int, position: int) -> int:
    """4.5 the formation's players of the ball's zone; a tired team counts one fewer in each
    line of its formation (A1: a tired 4-4-2 moves like a 3-3-1)."""
    listed = s.formations[team][position]
    return max(0, listed - 1) if s.tired[team] else listed
