"""The offline demo with the advanced rules: ``bot.py demo --rules/--options`` and what its JSON
summary counts."""

from __future__ import annotations

import io
import json

import pytest

from engine.core import RulesError
from engine.core.events import Event
from engine.fuba import FUBA, advanced
from engine.fuba.coach import play_match
from referee.demo import run_demo
from referee.fuba.demo import advanced_summary, options_for, summary
from tests.test_demo import run_bot

ADVANCED_FIELDS = (
    "rules",
    "special_events",
    "substitutions",
    "injuries",
    "weather",
    "var_checks",
    "goalkeeper_charges",
    "condition_points_used",
    "tiredness",
)


def demo_text(seed: int, options: str = "", game: str = "fuba") -> str:
    out = io.StringIO()
    assert run_demo(seed=seed, as_json=True, out=out, game=game, options=options) == 0
    return out.getvalue()


def last_json(text: str) -> dict:
    return json.loads(text.splitlines()[-1])


def test_options_text_gives_the_rules_in_force() -> None:
    assert options_for("") == {}
    assert options_for("basic") == {}
    assert options_for("advanced") == {"advanced": list(advanced.ALL)}
    assert "weather" not in options_for("advanced -weather")["advanced"]
    assert options_for("basic condition") == {"advanced": ["condition"]}
    with pytest.raises(RulesError, match="needs condition"):
        options_for("pressing")
    with pytest.raises(RulesError, match="no advanced rule 'rainbows'"):
        options_for("advanced rainbows")


def test_basic_demo_is_unchanged_by_the_basic_rules_flag() -> None:
    """``--rules basic`` is the demo without flags: no rules line, no advanced figures."""
    plain = demo_text(5)
    assert demo_text(5, "basic") == plain
    assert "Rules:" not in plain
    data = last_json(plain)
    assert not set(ADVANCED_FIELDS) & set(data)


def test_advanced_demo_says_the_rules_and_counts_them() -> None:
    text = demo_text(5, "advanced")
    assert text.splitlines()[1] == "Rules: all advanced rules"
    data = last_json(text)
    for name in ADVANCED_FIELDS:
        assert name in data, name
    assert data["rules"] == list(advanced.ALL)
    assert data["seed"] == 5
    assert len(data["substitutions"]) == len(data["injuries"]) == 2
    assert set(data["tiredness"]) == {"tests", "points_lost", "tired"}
    assert demo_text(5, "advanced") == text  # the same seed and rules, the same match


def test_advanced_demo_summary_is_the_coach_match_with_those_rules() -> None:
    """The demo plays exactly ``play_match`` from a match with those options."""
    options = options_for("advanced -weather")
    data = last_json(demo_text(8, "advanced -weather"))
    state, actions, events = play_match(8, start=FUBA.initial(options))
    assert data == summary(8, state, events, len(actions))
    assert "weather" not in data["rules"]
    assert data["weather"] == []  # the rule is off: no weather whatever the kick-off dice
    assert data["score"] == state.score


def test_advanced_summary_counts_each_kind_of_event() -> None:
    state = FUBA.initial(options_for("advanced"))
    state.tired = [False, True]
    events = [
        Event("special_event", {"die": 3, "table": False}),  # a double without the table
        Event("special_event", {"ct_die": 5, "dt_die": 5, "entry": "5-5", "name": "Streaker"}),
        Event("special_event", {"ct_die": 5, "dt_die": 5, "entry": "5-5", "name": "Streaker"}),
        Event("special_event", {"ct_die": 1, "dt_die": 2, "entry": "1-2", "name": "Injury"}),
        Event("substitution", {"team": 1, "plan": "fresh", "points": 2}),
        Event("substitution", {"team": 1, "plan": "d>m", "points": 0}),
        Event("injury", {"team": 0, "die": 4, "minutes": 4, "reason": "foul"}),
        Event("weather", {"weather": "wind", "change": "start"}),
        Event("weather", {"weather": "wind", "change": "same", "was": "wind", "die": 3}),
        Event("weather", {"weather": "storm", "change": "worse", "was": "wind", "die": 6}),
        Event("weather", {"weather": "", "change": "ended", "was": "storm", "die": 1}),
        Event("var_check", {"team": 0, "dice": [6, 6], "overturned": True, "for": "goal"}),
        Event("var_check", {"team": 1, "dice": [2, 3], "overturned": False, "for": "goal"}),
        Event("goalkeeper_charge", {"team": 1}),
        Event("condition_used", {"team": 0, "zone": "midfield", "points": 1, "for": "move"}),
        Event("condition_used", {"team": 0, "zone": "defence", "points": 2, "for": "press"}),
        Event(
            "tiredness_test",
            {"team": 1, "dice": [3, 4], "result": 70, "minute": 74, "lost": {"attack": 1}},
        ),
        Event(
            "tiredness_test",
            {
                "team": 1,
                "dice": [1, 2],
                "result": 30,
                "minute": 80,
                "lost": {"defence": 1, "midfield": 1},
            },
        ),
        Event(
            "tiredness_test", {"team": 0, "dice": [6, 6], "result": 66, "minute": 20, "lost": {}}
        ),
        Event("tired", {"team": 1}),
    ]
    data = advanced_summary(state, events)
    assert data["special_events"] == {"1-2 Injury": 1, "5-5 Streaker": 2}
    assert data["substitutions"] == [0, 2]
    assert data["injuries"] == [1, 0]
    assert data["weather"] == ["wind", "storm", "none"]
    assert data["var_checks"] == [1, 1]
    assert data["var_overturned"] == [1, 0]
    assert data["goalkeeper_charges"] == [0, 1]
    assert data["condition_points_used"] == [3, 0]
    assert data["tiredness"] == {"tests": [1, 2], "points_lost": [0, 3], "tired": [False, True]}


def test_bot_demo_rules_flags() -> None:
    done = run_bot("demo", "--seed", "4", "--rules", "advanced", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout.splitlines()[-1])
    assert data["rules"] == list(advanced.ALL)
    done = run_bot(
        "demo", "--seed", "4", "--options", "advanced -var -events", "--json", timeout=120
    )
    assert done.returncode == 0, done.stderr
    rules = json.loads(done.stdout.splitlines()[-1])["rules"]
    assert "var" not in rules and "events" not in rules and "condition" in rules


def test_bot_demo_refuses_bad_rules_with_a_reason() -> None:
    done = run_bot("demo", "--seed", "4", "--options", "pressing", timeout=60)
    assert done.returncode == 2
    assert "needs condition points" in done.stderr
    assert "Traceback" not in done.stderr
    done = run_bot("demo", "--game", "dicesoccer", "--rules", "advanced", timeout=60)
    assert done.returncode == 2
    assert "basic rules only" in done.stderr
