"""FUBA states stored by earlier versions of the bot load and play on: schema 1 (before the
advanced rules) and schema 2 (before skills) are upgraded to the current schema."""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.fuba import FUBA
from store.states import load

SKILL_FIELDS = ("skills", "coach_off")
ADVANCED_FIELDS = ("condition", "spent", "tired", "roles", "subs", "injured", "keeper_hurt")


def mid_match() -> Any:
    s = FUBA.initial()
    for side, shape in (("west", "4-4-2"), ("east", "5-3-2")):
        s, _ = FUBA.apply(s, Action(side, "formation", {"shape": shape}))
    return s


def stored_as(version: int) -> dict[str, Any]:
    data = FUBA.to_json(mid_match())
    dropped = SKILL_FIELDS + (ADVANCED_FIELDS + ("weather",) if version == 1 else ())
    return {**{k: v for k, v in data.items() if k not in dropped}, "schema": version}


def test_a_schema_2_state_loads_without_skills_and_plays_on() -> None:
    s = load(FUBA, stored_as(2), 2, "Match #1")
    assert s.skills == [{}, {}] and s.coach_off == [False, False]
    assert FUBA.to_json(s) == FUBA.to_json(mid_match())
    s, _ = FUBA.apply(s, Action("west", "roll", {"dice": [5]}))  # the kick-off roll
    assert not s.over


def test_a_schema_1_state_goes_through_both_upgrades() -> None:
    s = load(FUBA, stored_as(1), 1, "Match #1")
    assert FUBA.to_json(s) == FUBA.to_json(mid_match())
