"""Positions for the advanced-rules tests of stage 2, restarts and events (A1 tiredness, A3,
A4, A8, A9, A10, A13): the stage-2 example position with some advanced rules in force."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.fuba import FubaState
from engine.fuba.advanced import ordered
from tests.engine.scenario import EAST, WEST, act, position, roll

# West controls the ball in the centre: 2 v 2 there, two west players in 8, none of east's;
# three east players in 9 and one in east's box.
P_WEST = {7: 2, 8: 2, 4: 2, 6: 2, 5: 2}
P_EAST = {7: 2, 9: 3, 10: 2, 12: 1, 5: 2}


def advanced(*rules: str, **kw: Any) -> FubaState:
    """The example position (west to play) with ``rules`` in force; ``kw`` go to
    ``position`` except ``condition`` (both teams' points per zone)."""
    points = kw.pop("condition", None)
    kw.setdefault("west", P_WEST)
    kw.setdefault("east", P_EAST)
    s = position(**kw)
    s.options = {"advanced": ordered(rules)}
    if points is not None:
        s.condition = [list(points[0]), list(points[1])]
    return s


def situation(s: FubaState, target: int, *dice: int) -> tuple[FubaState, list[Event]]:
    """West targets ``target`` and rolls ``dice`` for the situation (any charge declined)."""
    s, ev = act(s, WEST, "target", area=target)
    if s.agenda[0]["k"] == "charge":
        s, more = act(s, EAST, "charge", choice="stay")
        ev += more
    s, more = roll(s, WEST, *dice)
    return s, ev + more


def special(
    s: FubaState, target: int, ct_die: int, dt_die: int, double: int = 3
) -> tuple[FubaState, list[Event]]:
    """A double ``double`` in the situation roll, then the special event's dice (the
    controlling team's first; west controls)."""
    s, ev = situation(s, target, double, double)
    assert s.agenda[0] == {"k": "duel", "for": "special", "rolls": [None, None]}, s.agenda[0]
    s, more = roll(s, WEST, ct_die)
    ev += more
    s, more = roll(s, EAST, dt_die)
    return s, ev + more


__all__ = ["EAST", "P_EAST", "P_WEST", "WEST", "advanced", "situation", "special"]
