"""The Sports Dice Soccer coach levels at the toss: the strong coach takes the start measured
better for the match's rules (engine/dicesoccer/opening.json) and searches only rules never
measured; the normal coach always starts on offense."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Action
from engine.core.decisions import Decision
from engine.dicesoccer import DICESOCCER, DiceSoccerState, levels, opening
from engine.dicesoccer.options import DEFAULT_FACES


def at_toss(**options: Any) -> tuple[DiceSoccerState, Decision]:
    """A new match once White has won the Power Chip toss (White 6, Black 1)."""
    s = DICESOCCER.initial(options)
    for side, die in (("white", 6), ("black", 1)):
        s, _ = DICESOCCER.apply(s, Action(side, "roll", {"dice": [die]}))
    decision = DICESOCCER.pending(s)[0]
    assert (decision.actor, decision.kind) == ("white", "start")
    return s, decision


def start(level: str, options: dict[str, Any], budget: float = 1.0) -> str:
    s, decision = at_toss(**options)
    return str(levels.coach(3, level, budget).choose(s, decision).args["role"])


@pytest.fixture
def measured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Replace the stored measurements with ``write(advanced=start, ...)``."""

    def write(**better: str) -> None:
        found = [
            {"options": opening.rules_key({"advanced": adv == "advanced"}), "better": role}
            for adv, role in better.items()
        ]
        path = tmp_path / "opening.json"
        path.write_text(json.dumps({"openings": found}))
        monkeypatch.setattr(opening, "OPENING_FILE", path)
        opening._openings.cache_clear()

    yield write
    opening._openings.cache_clear()


@pytest.mark.parametrize("role", ["offense", "defense"])
def test_strong_takes_the_measured_start_under_the_measured_rules(measured, role: str) -> None:
    other = "defense" if role == "offense" else "offense"
    measured(advanced=role, basic=other)
    assert start("strong", {"advanced": True}) == role
    assert start("strong", {"advanced": False}) == other
    # other keys of the match options (a dice seed kept by the referee) do not matter
    assert start("strong", {"advanced": "yes", "dice_seed": 9}) == role


def test_strong_decides_at_once_when_the_start_was_measured(measured) -> None:
    measured(advanced="defense")
    s, decision = at_toss(advanced=True)
    strong = levels.coach(3, "strong")
    strong.choose(s, decision)
    assert strong.rollouts == 0  # type: ignore[attr-defined]


def test_strong_searches_rules_never_measured(measured) -> None:
    measured(advanced="defense")
    s, decision = at_toss(advanced=True, sections=4)
    strong = levels.coach(3, "strong", budget=0.2)
    action = strong.choose(s, decision)
    assert action.args["role"] in ("offense", "defense")
    assert strong.rollouts > 0  # type: ignore[attr-defined]


def test_normal_always_starts_on_offense(measured) -> None:
    measured(advanced="defense", basic="defense")
    for options in ({"advanced": True}, {"advanced": False}, {"sections": 4}):
        assert start("normal", options) == "offense"


def test_the_stored_measurements_cover_the_default_rules_and_name_the_better_start() -> None:
    opening._openings.cache_clear()
    data = json.loads(opening.OPENING_FILE.read_text())
    by_rules = {o["options"]["advanced"]: o for o in data["openings"]}
    assert set(by_rules) == {True, False}
    for adv, found in by_rules.items():
        assert found["options"] == opening.rules_key({"advanced": adv})
        assert found["options"]["faces"] == list(DEFAULT_FACES)
        assert found["matches_each_way"] >= 2000
        higher = "defense" if found["defense_win_pct"] > found["offense_win_pct"] else "offense"
        assert found["better"] == higher
        assert opening.better_start({"advanced": adv}) == found["better"]
