"""Narration of the advanced rules A1, A2, A5, A6 and A7 (condition points, roles, the
goalkeeper's charge, aggressive pressing, offside risk)."""

from __future__ import annotations

import pytest

from engine.core import Event
from referee.fuba.narration import describe


@pytest.mark.parametrize(
    ("kind", "data", "line"),
    [
        (
            "condition_used",
            {"team": 0, "zone": "midfield", "points": 1, "for": "move"},
            "West uses a condition point (midfield) for movement",
        ),
        (
            "condition_used",
            {"team": 1, "zone": "defence", "points": 2, "for": "aggressive"},
            "East uses 2 condition points (defence) for aggressive pressing",
        ),
        (
            "goalkeeper_charge",
            {"team": 1, "value": 5},
            "East's goalkeeper charges out: ball value 5",
        ),
        (
            "aggressive_pressing",
            {"team": 1, "success": False, "value": 2},
            "East's aggressive pressing fails: a foul",
        ),
        ("offside_risk", {"team": 0, "added": 3}, "Offside risk: ball value +3"),
        ("roles_chosen", {"team": 0}, "West has chosen its player roles"),
        (
            "roles_revealed",
            {"roles": ["none", "3am owb"]},
            "Player roles: West no special roles; East 3 attacking midfielders, "
            "1 offensive wing back",
        ),
        ("action", {"team": 1, "kind": "aggressive"}, "East: aggressive pressing"),
    ],
)
def test_lines_in_a_players_words(kind: str, data: dict, line: str) -> None:
    assert describe(Event(kind, data)) == line
