"""Positions for the advanced-rules tests of condition points, roles, the goalkeeper's
charge, aggressive pressing and offside risk (A1, A2, A5, A6, A7)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.fuba import FubaState
from engine.fuba import match as fuba_match
from engine.fuba.board import SIDES
from tests.engine.scenario import decision, position


def adv(
    west: dict[int, int],
    east: dict[int, int],
    *,
    rules: Iterable[str] = ("condition",),
    condition: tuple[list[int], list[int]] | None = None,
    weather: str = "",
    tired: tuple[bool, bool] = (False, False),
    **kw: object,
) -> FubaState:
    """``scenario.position`` with advanced ``rules`` in force, condition points per zone
    (defence, midfield, attack) for west and east, the weather and tiredness."""
    s = position(west, east, **kw)  # type: ignore[arg-type]
    s.options = {"advanced": list(rules)}
    if condition is not None:
        s.condition = [list(condition[0]), list(condition[1])]
    else:
        s.condition = [list(f) for f in s.formations]
    s.weather = weather
    s.tired = list(tired)
    return s


def at_action(s: FubaState, first: str | None = None) -> FubaState:
    """Skip stages 1-2: the ball stays where it is with its value, ``first`` (default the
    controlling team) chooses its first action."""
    team = s.control if first is None else SIDES.index(first)
    s.turn.update({"stage": "actions", "seq": 0, "order": [team, 1 - team], "target": s.ball})
    s.agenda = []
    fuba_match._next(s, [])
    d = decision(s)
    assert (d.kind, d.actor) == ("action", SIDES[team]), d
    return s
