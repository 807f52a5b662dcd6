"""The offline demo with skills: ``bot.py demo --rules advanced --skills N``, what its JSON
summary says about the skills, and that the coach's varied picks try every skill."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from engine.core import RulesError
from engine.core.events import Event
from engine.fuba import FUBA
from engine.fuba.coach import play_match
from engine.fuba.skills.catalog import SKILLS, choices_used
from referee.demo import run_demo
from referee.fuba.demo import options_for, skills_summary, summary
from tests.test_demo import run_bot

SKILLS_3 = "advanced skills:3"


def demo_json(seed: int, options: str = SKILLS_3) -> dict:
    out = io.StringIO()
    assert run_demo(seed=seed, as_json=True, out=out, options=options) == 0
    return json.loads(out.getvalue().splitlines()[-1])


def test_skills_word_in_the_rules_text() -> None:
    assert options_for("advanced skills:3")["skills"] == 3
    assert options_for("advanced skills:0") == options_for("advanced")  # no skills at all
    assert "skills" not in options_for("advanced")
    with pytest.raises(RulesError, match="paid for with condition points"):
        options_for("skills:2")  # the basic rules: no condition points to pay with
    with pytest.raises(RulesError, match="not a number of skills"):
        options_for("advanced skills:three")
    with pytest.raises(RulesError, match="from 0 to 5"):
        FUBA.initial(options_for("advanced skills:6"))


def test_summary_says_each_teams_skills_and_how_often_each_was_played() -> None:
    data = demo_json(3)
    assert set(data["skills"]) == {"west", "east"}
    for keys in data["skills"].values():
        assert keys and choices_used(keys) <= 3
        assert all(k in data["skills_played"] for k in keys)
    options = options_for(SKILLS_3)
    state, actions, events = play_match(3, start=FUBA.initial(options))
    assert data == summary(3, state, events, len(actions))  # the demo is that coach match
    plays = Counter(e.data["skill"] for e in events if e.kind == "skill" and "foul" not in e.data)
    assert {k: n for k, n in data["skills_played"].items() if n} == dict(plays)
    assert "skills" not in demo_json(3, "advanced")  # no skills agreed: nothing said


def test_skills_summary_counts_plays_not_the_strikers_foul_twice() -> None:
    events = [
        Event("skills_revealed", {"skills": [["aggressive_striker"], ["shot_stopper"]]}),
        Event("skill", {"team": 0, "skill": "aggressive_striker", "name": "x", "modifier": 1}),
        Event("skill", {"team": 0, "skill": "aggressive_striker", "foul": True}),
        Event("skill_gained", {"team": 1, "skill": "runner", "name": "Runner"}),
    ]
    assert skills_summary(events) == {
        "skills": {"west": ["aggressive_striker"], "east": ["shot_stopper"]},
        "skills_played": {"aggressive_striker": 1, "runner": 0, "shot_stopper": 0},
    }


# Skills whose moment the coach brings about on purpose when a team owns one (a keeper
# waiting in front of its box, a hard pressing in the box, a back five with a wide man
# beside its line against a striker left up for a pass in behind): played a few times.
BROUGHT_ABOUT = {"advancing_goalkeeper": 3, "penalty_saver": 3, "skilled_full_back": 2}


def test_every_skill_is_tried_and_played_in_the_first_hundred_demos() -> None:
    """Seeds 0-99 with three skills a team: the coach's seeded picks reach every skill of
    the table, and it plays each when its moment comes (a few seconds)."""
    played: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    picks: set[tuple[str, ...]] = set()
    for seed in range(100):
        data = demo_json(seed)
        played.update({k: n for k, n in data["skills_played"].items() if n})
        for keys in data["skills"].values():
            picks.add(tuple(keys))
            picked.update(keys)
    assert len(picks) > 100  # the picks vary with the seed
    assert [k for k in SKILLS if not picked[k]] == []
    assert [k for k in SKILLS if not played[k]] == []
    assert {k: n for k, n in BROUGHT_ABOUT.items() if played[k] < n} == {}


def test_bot_demo_with_skills() -> None:
    done = run_bot(
        "demo", "--seed", "5", "--rules", "advanced", "--skills", "3", "--json", timeout=120
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout.splitlines()[-1])
    assert all(choices_used(keys) <= 3 for keys in data["skills"].values())


@pytest.mark.parametrize(
    "args",
    [
        ("--skills", "3"),  # the basic rules
        ("--options", "advanced -condition -roles -pressing", "--skills", "2"),  # points off
    ],
)
def test_bot_demo_skills_need_condition_points(args: tuple[str, ...]) -> None:
    done = run_bot("demo", "--seed", "5", *args, timeout=60)
    assert done.returncode == 2
    assert "paid for with condition points" in done.stderr
    assert "--rules advanced" in done.stderr
    assert "Traceback" not in done.stderr


def test_bot_demo_skills_are_fubas() -> None:
    done = run_bot("demo", "--game", "dicesoccer", "--skills", "2", timeout=60)
    assert done.returncode == 2
    assert "--skills is for a FUBA match" in done.stderr
