"""A1 tiredness tests: when a turn's time adjustment moves the marker 5 or more squares of
normal time, each team (the controlling team first) rolls two dice; ten times the sum below
the game time costs a condition point, and a team left with none is tired for good."""

from __future__ import annotations

from typing import Any, Final

from engine.core.events import Event, event
from engine.fuba import condition, weather
from engine.fuba.state import ZONES, FubaState

THRESHOLD: Final = 5  # squares of normal time in one time adjustment


def start_tests(s: FubaState, ev: list[Event]) -> None:
    """After the time adjustment: push both teams' test rolls when they are due. No test once
    stoppage time has begun, nor when this adjustment reached stoppage time (only squares
    of normal time count: docs/rules-fuba-advanced.md)."""
    t = s.turn
    if not s.rule("condition") or t.get("was_stoppage") or s.stoppage:
        return
    if t.get("normal_moved", 0) < THRESHOLD:
        return
    ct = t["ct"]
    for team in (ct, 1 - ct):
        s.agenda.append({"k": "roll", "team": team, "n": 2, "for": "tiredness"})


def roll_test(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """One team's test: (sum + modifier) x 10 against the current minute."""
    s.agenda.pop(0)
    team = step["team"]
    result = (sum(dice) + weather.tiredness_modifier(s)) * 10
    minute = s.minute
    lost: dict[str, int] = {}
    if result < minute:
        per_zone = condition.lose_one(s, team)
        lost = {ZONES[z]: n for z, n in enumerate(per_zone) if n}
    ev.append(
        event(
            "tiredness_test",
            {"team": team, "dice": list(dice), "result": result, "minute": minute, "lost": lost},
        )
    )
    if condition.total(s, team) == 0 and not s.tired[team]:
        s.tired[team] = True  # A1 for the rest of the match, whatever it recovers later
        ev.append(event("tired", {"team": team}))
