"""The canonical FUBA board (shared/design/fuba-board.md) as data, and everything derived from it.

Sides are team indexes: 0 = west (defends x = 0), 1 = east (defends x = 100).
Areas 1-13 are the pitch; 14-17 are the corner-kick spots (5.3), each adjacent only to its
corner area: 14 by 1, 15 by 3, 16 by 11, 17 by 13.
"""

from __future__ import annotations

from collections import deque
from typing import Final

WEST, EAST = 0, 1
SIDES: Final = ("west", "east")
AREAS: Final = tuple(range(1, 14))
CORNER_SPOTS: Final = {14: 1, 15: 3, 16: 11, 17: 13}
ALL_AREAS: Final = tuple(range(1, 18))
N_SLOTS: Final = 18  # index 0 unused

NAMES: Final = {
    1: "west north corner",
    2: "west box",
    3: "west south corner",
    4: "west north wing",
    5: "west arc",
    6: "west south wing",
    7: "centre",
    8: "east north wing",
    9: "east arc",
    10: "east south wing",
    11: "east north corner",
    12: "east box",
    13: "east south corner",
    14: "north-west corner spot",
    15: "south-west corner spot",
    16: "north-east corner spot",
    17: "south-east corner spot",
}

# x-interval of each area (pitch length 100); corner spots lie on the goal line.
X_RANGE: Final = {
    1: (0, 30),
    2: (0, 17),
    3: (0, 30),
    4: (30, 50),
    5: (17, 35),
    6: (30, 50),
    7: (35, 65),
    8: (50, 70),
    9: (65, 83),
    10: (50, 70),
    11: (70, 100),
    12: (83, 100),
    13: (70, 100),
    14: (0, 0),
    15: (0, 0),
    16: (100, 100),
    17: (100, 100),
}
STRIP: Final = {
    a: (
        "north"
        if a in (1, 4, 8, 11, 14, 16)
        else "south"
        if a in (3, 6, 10, 13, 15, 17)
        else "middle"
    )
    for a in ALL_AREAS
}

_EDGES: Final = (
    (1, 2), (1, 4), (1, 5), (2, 3), (2, 5), (3, 5), (3, 6), (4, 5), (4, 7), (4, 8), (5, 6),
    (5, 7), (6, 7), (6, 10), (7, 8), (7, 9), (7, 10), (8, 9), (8, 11), (9, 10), (9, 11),
    (9, 12), (9, 13), (10, 13), (11, 12), (12, 13),
    (14, 1), (15, 3), (16, 11), (17, 13),
)  # fmt: skip

ADJ: dict[int, frozenset[int]] = {a: frozenset() for a in ALL_AREAS}
for _a, _b in _EDGES:
    ADJ[_a] = ADJ[_a] | {_b}
    ADJ[_b] = ADJ[_b] | {_a}


# ADJACENT[a * N_SLOTS + b]: whether areas a and b (0-17) are next to each other.
ADJACENT: Final[tuple[bool, ...]] = tuple(
    a in ADJ and b in ADJ[a] for a in range(18) for b in range(18)
)


def _distances() -> dict[int, dict[int, int]]:
    out: dict[int, dict[int, int]] = {}
    for src in ALL_AREAS:
        dist = {src: 0}
        queue = deque([src])
        while queue:
            a = queue.popleft()
            for b in ADJ[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        out[src] = dist
    return out


DIST: Final = _distances()


def mirror(area: int) -> int:
    """The point-mirror image of an area (1<->13, 2<->12, ..., 14<->17, 15<->16)."""
    return 14 - area if area <= 13 else 31 - area


BOX: Final = (2, 12)  # own penalty area of west, east
PENALTY_SPOT_AREA: Final = BOX  # the penalty spot lies inside the box
GOAL_LINE_AREAS: Final = frozenset({1, 2, 3, 11, 12, 13})
TOUCHLINE_AREAS: Final = frozenset({1, 3, 4, 6, 8, 10, 11, 13})
SIDE_AREAS: Final = TOUCHLINE_AREAS
STRAIGHT_AWAY: Final = {2: 5, 1: 4, 3: 6, 12: 9, 11: 8, 13: 10}  # 4.3.1 away from the goal line
TOWARDS_CENTRE: Final = {2: 5, 12: 9}  # 5.4 goal kick clears the box
CENTRE: Final = 7

# Areas entirely in a side's half, and at least partly in it.
HALF_ENTIRELY: Final = (frozenset(range(1, 7)), frozenset(range(8, 14)))
HALF_PARTLY: Final = (frozenset(range(1, 8)), frozenset(range(7, 14)))

DEFENCE, MIDFIELD, ATTACK = "defence", "midfield", "attack"
_WEST_ZONES: Final = {1: DEFENCE, 2: DEFENCE, 3: DEFENCE, 5: DEFENCE, 4: MIDFIELD, 6: MIDFIELD,
               7: MIDFIELD, 8: MIDFIELD, 10: MIDFIELD, 9: ATTACK, 11: ATTACK, 12: ATTACK,
               13: ATTACK, 14: DEFENCE, 15: DEFENCE, 16: ATTACK, 17: ATTACK}  # fmt: skip


def _zone(side: int, area: int) -> str:
    return _WEST_ZONES[area] if side == WEST else _WEST_ZONES[mirror(area)]


_ZONES: Final[tuple[str, ...]] = tuple(
    _zone(side, a) if a else "" for side in (WEST, EAST) for a in range(N_SLOTS)
)


def zone(side: int, area: int) -> str:
    """1.5 playing zone of ``area`` for ``side``."""
    if not 0 < area < N_SLOTS:
        raise KeyError(area)
    return _ZONES[side * N_SLOTS + area]


def _depth(side: int, area: int) -> tuple[int, int]:
    lo, hi = X_RANGE[area]
    return (lo, hi) if side == WEST else (100 - hi, 100 - lo)


DEPTH: Final = tuple({a: _depth(side, a) for a in ALL_AREAS} for side in (WEST, EAST))


def _overlaps(side: int, a: int, b: int) -> bool:
    alo, ahi = DEPTH[side][a]
    blo, bhi = DEPTH[side][b]
    return alo < bhi and blo < ahi


def _closer(side: int, a: int, b: int) -> bool:
    return DEPTH[side][a][1] <= DEPTH[side][b][0] and not _overlaps(side, a, b)


OVERLAPS: Final = tuple(
    {(a, b): _overlaps(side, a, b) for a in ALL_AREAS for b in ALL_AREAS} for side in (0, 1)
)
CLOSER: Final = tuple(
    {(a, b): _closer(side, a, b) for a in ALL_AREAS for b in ALL_AREAS} for side in (0, 1)
)


def depth(side: int, area: int) -> tuple[int, int]:
    """The area's x-interval measured from ``side``'s own goal line (near edge, far edge)."""
    return DEPTH[side][area]


def overlaps(side: int, a: int, b: int) -> bool:
    """At least partly at the same level: the intervals overlap by a positive length."""
    return OVERLAPS[side][a, b]


# CLOSER as one flat table: _CLOSER[side * 324 + a * 18 + b]
_CLOSER: Final[tuple[bool, ...]] = tuple(
    CLOSER[side].get((a, b), False) for side in (0, 1) for a in range(18) for b in range(18)
)


def closer_to_goal(side: int, a: int, b: int) -> bool:
    """Area ``a`` is nearer ``side``'s goal line than ``b`` with no overlap."""
    if not (0 < a < N_SLOTS and 0 < b < N_SLOTS):
        raise KeyError((a, b))
    return _CLOSER[side * 324 + a * N_SLOTS + b]


def _goal_attempt_areas(shooter: int, keeper_home: bool) -> frozenset[int]:
    base = HALF_ENTIRELY[1 - shooter]
    if keeper_home:
        return base
    return base | ({4, 6, 7} if shooter == WEST else {8, 10, 7})


# _GOAL_ATTEMPT[shooter][keeper_home]
_GOAL_ATTEMPT: Final = tuple(
    (_goal_attempt_areas(side, False), _goal_attempt_areas(side, True)) for side in (WEST, EAST)
)


def goal_attempt_areas(shooter: int, keeper_home: bool) -> frozenset[int]:
    """4.4 areas a side may shoot from; 4.4.3 three more when the keeper is out of the box."""
    return _GOAL_ATTEMPT[shooter][1 if keeper_home else 0]


# 4.4 area modifier for a west shot at the east goal (mirrored for east).
_WEST_AREA_MODIFIER: Final = {12: 0, 9: -2, 11: -4, 13: -4, 8: -5, 10: -5, 4: -6, 6: -6, 7: -6}


def area_modifier(shooter: int, area: int) -> int:
    return _WEST_AREA_MODIFIER[area if shooter == WEST else mirror(area)]


def corner_spots_for(attacker: int) -> tuple[int, int]:
    """The two corner spots at the goal line ``attacker`` attacks (north first)."""
    return (16, 17) if attacker == WEST else (14, 15)
