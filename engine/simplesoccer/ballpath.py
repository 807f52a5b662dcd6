"""A ball moving straight on its own (advanced rules: Poor aim and out of bounds): a mis-kick,
a kick that rolls on, a goalkeeper's deflection, a curved corner that misses.

The ball passes over markers; if it stops on one it bounces back (see ``bounce``). It may leave
the board over a side line or an end line, or enter a goal square (the goal mouth).

>>> from engine.simplesoccer.state import SimpleSoccerState
>>> s = SimpleSoccerState(options={"size": "standard"})
>>> s.members = [{"1": {"at": [5, 5], "facing": "e"}}, {"2": {"at": [8, 5], "facing": "w"}}]
>>> land = travel(s, (5, 6), "e", 4)
>>> land.kind, land.at, land.bounced
('board', (9, 6), False)
>>> land = travel(s, (5, 5), "e", 3)   # stops on East's 2 at i6: one square back
>>> land.kind, land.at, land.bounced
('board', (7, 5), True)
>>> land = travel(s, (10, 10), "n", 5)  # the board has 13 rows: out over the side line
>>> land.kind, land.at, land.line, len(land.path)
('out', (10, 12), 'side', 2)
>>> travel(s, (18, 6), "e", 5).kind, travel(s, (18, 6), "e", 5).at
('goal', (21, 6))
>>> land = travel(s, (18, 11), "e", 5)
>>> land.kind, land.at, land.line
('out', (20, 11), 'end')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.simplesoccer.field import DIRECTIONS, Field, Square, step, turn
from engine.simplesoccer.state import SimpleSoccerState


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a travelling ball ended: ``kind`` "board" (resting on ``at``), "out" (it left
    the board over ``line`` "side" or "end"; ``at`` is the last board square it crossed) or
    "goal" (``at`` is the goal square it entered). ``path`` lists the squares it travelled
    over from its start (the square it stopped on last; a bounce's square is ``at``)."""

    kind: str
    at: Square
    line: str | None = None
    path: list[Square] = field(default_factory=list)
    bounced: bool = False


def travel(s: SimpleSoccerState, start: Square, direction: str, squares: int) -> Landing:
    """The ball from ``start`` straight ``squares`` steps towards ``direction``."""
    f = s.field
    here = start
    path: list[Square] = []
    for _ in range(squares):
        nxt = step(here, direction)
        if f.is_goal(nxt):
            return Landing("goal", nxt, None, [*path, nxt])
        if not f.on_board(nxt):
            line = "end" if not 0 <= nxt[0] < f.width else "side"
            return Landing("out", here, line, path)
        path.append(nxt)
        here = nxt
    taken = set(s.occupied())
    if here not in taken:
        return Landing("board", here, None, path)
    return Landing("board", bounce(f, taken, start, here, direction), None, path, True)


def bounce(f: Field, taken: set[Square], start: Square, landing: Square, direction: str) -> Square:
    """Where a ball travelling ``direction`` from ``start`` rests when its last square
    ``landing`` holds a marker.

    # Poor aim and out of bounds: a ball landing on a marker bounces back one square; if
    # that square is taken too, it goes to the nearest free square on the side it came
    # from; if that is where it was kicked from, to the nearest free square beyond instead
    # (ties: clockwise first).

    >>> from engine.simplesoccer.field import field
    >>> f = field("standard")
    >>> bounce(f, {(6, 5)}, (3, 5), (6, 5), "e")
    (5, 5)
    >>> bounce(f, {(6, 5), (5, 5)}, (3, 5), (6, 5), "e")   # back is taken: back and clockwise
    (5, 6)
    >>> bounce(f, {(6, 5)}, (5, 5), (6, 5), "e")   # back is the kick's square: beyond
    (7, 5)
    """
    back = step(landing, direction, -1)
    found = back if f.on_board(back) and back not in taken else None
    if found is None:
        found = _nearest(f, taken, landing, direction, -1)
    if found is None or found == start:
        found = _nearest(f, taken, landing, direction, 1) or found
    if found is None:
        found = _nearest(f, taken, landing, direction, 0)
    assert found is not None, "no free square on the board"
    return found


def _nearest(
    f: Field, taken: set[Square], centre: Square, direction: str, side: int
) -> Square | None:
    """The free board square nearest ``centre`` on its ``side`` of the travel line (-1:
    behind, where the ball came from; 1: beyond; 0: anywhere)."""
    dx, dy = DIRECTIONS[direction]
    if side < 0:
        dx, dy = -dx, -dy

    def ok(sq: Square) -> bool:
        ox, oy = sq[0] - centre[0], sq[1] - centre[1]
        return sq not in taken and (not side or ox * dx + oy * dy > 0)

    return nearest(f, centre, ok, direction if side >= 0 else turn(direction, 4))


def nearest(
    f: Field, centre: Square, ok: Callable[[Square], bool], aim: str = "n"
) -> Square | None:
    """The board square nearest ``centre`` (ring by ring) that is ``ok``; within a ring the
    one closest in angle to ``aim``, clockwise first.

    >>> from engine.simplesoccer.field import field
    >>> nearest(field("standard"), (5, 5), lambda sq: sq[0] > 6)
    (7, 7)
    """
    bearing = math.atan2(*DIRECTIONS[aim])  # compass bearing: 0 = north, clockwise
    for ring in range(1, max(f.width, f.height) + 1):
        found: list[tuple[float, int, Square]] = []
        for ox in range(-ring, ring + 1):
            for oy in range(-ring, ring + 1):
                if max(abs(ox), abs(oy)) != ring:
                    continue
                sq = (centre[0] + ox, centre[1] + oy)
                if not f.on_board(sq) or not ok(sq):
                    continue
                off = (math.atan2(ox, oy) - bearing + math.pi) % (2 * math.pi) - math.pi
                found.append((round(abs(off), 9), 0 if off >= 0 else 1, sq))
        if found:
            return min(found)[2]
    return None
