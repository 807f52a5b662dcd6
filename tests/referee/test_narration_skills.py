"""A11 skills in the narration: every skill played gets a short line with its name and what it
did (never an internal name), the secret choice says only "has chosen", and a skill that
changed an outcome says so (clinical finisher's +1, the shot stopper's lower die, the penalty
saver, the tackler's spared free kick, the stopper's higher die)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action, Event
from engine.fuba import FUBA, FubaState
from engine.fuba.skills.catalog import SKILLS
from referee.fuba.narration import describe, narrate
from tests.engine.adv_scenario import adv, at_action
from tests.engine.scenario import act, choose, roll, with_penalty
from tests.engine.skills_scenario import EAST, WEST, play_skill, with_skills

# West has the ball in east's penalty area (12) at value 3: a goal attempt there has the
# modifier -1 (east has more players in the box), +1 with a clinical finisher.
BOX = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 12 3 w h1:10 0-0 target:w "
    "new kick=w turns=1/0 rules=condition,pressing cond=4.4.2/4.4.2"
)


def shot(west: tuple[str, ...] = (), east: tuple[str, ...] = ()) -> FubaState:
    """West announces a goal attempt from 12 and plays its skills, then east its own."""
    s = at_action(with_skills(FUBA.from_position(BOX), west, east))
    s, _ = FUBA.apply(s, Action(WEST, "action", {"kind": "goal"}))
    for key in west:
        s, _ = play_skill(s, WEST, key)
    if any(d.actor == WEST and d.kind == "skill" for d in FUBA.pending(s)):
        s, _ = play_skill(s, WEST, "none")
    for key in east:
        s, _ = play_skill(s, EAST, key)
    return s


def test_paying_for_a_skill_and_playing_it_is_one_line() -> None:
    s = at_action(with_skills(FUBA.from_position(BOX), ["clinical_finisher"]))
    s, _ = FUBA.apply(s, Action(WEST, "action", {"kind": "goal"}))
    _, ev = play_skill(s, WEST, "clinical_finisher")
    assert narrate(ev) == ["Clinical finisher (West, 1 point from attack): +1 to the goal attempt"]


def test_the_finishers_plus_one_is_named_when_it_makes_the_goal() -> None:
    _, ev = roll(shot(("clinical_finisher",)), WEST, 3)  # 3 +0 beats 3; without it a corner
    line = next(x for x in narrate(ev) if "shoots" in x)
    assert line == (
        "West shoots from 12: 3 +0 = 3 against ball value 3: corner kick. "
        "Clinical finisher: +1, a corner kick"
    )
    _, ev = roll(shot(("clinical_finisher",)), WEST, 4)
    assert "Clinical finisher: +1, the shot scores" in next(x for x in narrate(ev) if "shoots" in x)


def test_the_finisher_is_not_credited_when_the_shot_scores_anyway() -> None:
    _, ev = roll(shot(("clinical_finisher",)), WEST, 6)
    line = next(x for x in narrate(ev) if "shoots" in x)
    assert line == "West shoots from 12: 6 +0 = 6 against ball value 3: goal"


def test_the_shot_stopper_names_both_dice_and_the_save() -> None:
    s = shot(east=("shot_stopper",))
    _, ev = roll(s, WEST, 5, 2)  # 5 -1 would score; 2 -1 misses
    assert (
        "West shoots from 12: 2 -1 = 1 against ball value 3: miss. "
        "Shot stopper: 5 and 2, the 2 counts — saved"
    ) in narrate(ev)
    _, ev = roll(s, WEST, 2, 1)  # both dice miss: the skill changed nothing
    line = next(x for x in narrate(ev) if "shoots" in x)
    assert line.endswith("Shot stopper: 2 and 1, the 1 counts")


def test_both_notes_when_finisher_and_stopper_meet() -> None:
    _, ev = roll(shot(("clinical_finisher",), ("shot_stopper",)), WEST, 6, 3)
    line = next(x for x in narrate(ev) if "shoots" in x)
    assert line == (
        "West shoots from 12: 3 +0 = 3 against ball value 3: corner kick. "
        "Clinical finisher: +1, a corner kick. Shot stopper: 6 and 3, the 3 counts — only a corner"
    )


def penalty(dice: tuple[int, int]) -> list[str]:
    s, _ = with_penalty(with_skills(FUBA.from_position(BOX), east=["penalty_saver"]), WEST)
    while (d := FUBA.pending(s)[0]).kind != "penalty":  # the setups as offered, no moves
        s, _ = act(s, d.actor, "done") if d.kind == "move" else FUBA.apply(s, d.choices[0].action)
    s, _ = act(s, EAST, "penalty", side="right")
    s, _ = act(s, WEST, "penalty", side="right")  # needs 2
    _, ev = roll(s, WEST, *dice)
    return narrate(ev)


def test_the_penalty_saver_says_when_the_lower_die_saved_it() -> None:
    lines = penalty((5, 1))
    line = next(x for x in lines if "kicks right" in x)
    assert line.endswith(": saved. Penalty saver: 5 and 1, the 1 counts — saved"), line
    assert not any(x.startswith("Penalty saver (East)") for x in lines)  # one line, not two
    line = next(x for x in penalty((6, 6)) if "kicks right" in x)
    assert line.endswith(": GOAL. Penalty saver: 6 and 6, the 6 counts"), line


def tackled(*dice: int) -> list[str]:
    west = {7: 2, 4: 2, 5: 2, 2: 2, 9: 2}
    east = {9: 2, 8: 2, 10: 2, 12: 2, 7: 2}
    s = adv(west, east, ball=9, value=3, rules=("condition", "pressing"))
    s = at_action(with_skills(s, east=["tackler"]), first=EAST)
    s, _ = choose(s, EAST, "aggressive")
    _, ev = roll(s, EAST, *dice)
    return narrate(ev)


def test_the_tackler_spares_the_free_kick_without_a_double() -> None:
    lines = tackled(5, 4)
    assert (
        "East's aggressive pressing fails. Tackler: no double, so no free kick, and ball value "
        "stays 3"
    ) in lines
    assert not any("Free kick" in x for x in lines)
    lines = tackled(5, 5)
    assert lines[1].startswith("East's aggressive pressing fails: a foul. Tackler: a double")
    assert any(x.startswith("Free kick to West") for x in lines)


def test_the_stopper_in_play_replaces_the_lower_die_and_tells_the_ball_value_once() -> None:
    s = with_skills(FUBA.from_position(BOX.replace(" 12 3 w ", " 9 3 w ")), east=["stopper"])
    s, ev = act(s, WEST, "target", area=9)  # keeps the ball in east's defence zone
    s, more = roll(s, WEST, 5, 2)
    _, played = play_skill(s, EAST, "stopper")
    lines = narrate(ev + more + played)
    assert lines[-2:] == [
        "Stopper (East, 1 point from defence): the higher die counts, not the 2: ball value 5",
        "East acts first: West's lower die 2 is below ball value 3",
    ]


def test_the_stopper_names_the_lower_die_it_replaced() -> None:
    events = [
        Event("dice", {"team": 0, "dice": [5, 2], "purpose": "situation"}),
        Event("skill", {"team": 1, "skill": "stopper", "name": "Stopper", "value": 5}),
    ]
    assert narrate(events)[-1] == "Stopper (East): the higher die counts, not the 2: ball value 5"
    assert narrate(events[1:]) == ["Stopper (East): the higher die counts: ball value 5"]
    told = narrate([*events, Event("ball_value", {"value": 5})])
    assert told[-1].startswith("Stopper") and "Ball value 5" not in told  # said once


def test_choosing_is_secret_and_the_reveal_names_each_teams_skills() -> None:
    s = FUBA.initial({"advanced": ["condition"], "skills": 3})
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    s, ev = act(s, WEST, "skills", skills=["clinical_finisher", "stopper"])
    assert narrate(ev) == ["West has chosen its skills"]
    _, ev = act(s, EAST, "skills", skills=[])
    assert "Skills: West Clinical finisher, Stopper; East none" in narrate(ev)


def test_an_injured_star_and_a_new_talent() -> None:
    lines = narrate(
        [
            Event("dice", {"team": 1, "dice": [6, 6], "purpose": "star"}),
            Event("skill_roll_again", {"team": 1, "dice": [6, 6]}),
            Event("dice", {"team": 1, "dice": [1, 2], "purpose": "star"}),
            Event("skill_lost", {"team": 1, "skill": "runner", "name": "Runner"}),
            Event("dice", {"team": 0, "dice": [4], "purpose": "talent"}),
            Event("skill_gained", {"team": 0, "skill": "regista", "name": "Regista"}),
        ]
    )
    assert lines == [
        "East rolls 6 and 6 for the injured star's skill",
        "6 and 6 picks no skill: roll again",
        "East rolls 1 and 2 for the injured star's skill",
        "Injured star: East loses Runner",
        "West rolls 4 for the new talent's skill",
        "New talent: West gains Regista",
    ]


def test_a_skills_own_roll_is_told_once_with_its_effect() -> None:
    lines = narrate(
        [
            Event("dice", {"team": 0, "dice": [5], "purpose": "fans"}),
            Event(
                "skill",
                {"team": 0, "skill": "fanatic_fans", "name": "Fanatic fans", "die": 5,
                 "before": 2, "value": 5},
            ),
            Event("ball_value", {"value": 5, "skill": "fanatic_fans"}),
        ]
    )  # fmt: skip
    assert lines == ["Fanatic fans (West): 5 is the new ball value (was 2)"]


# The data each skill's event carries (engine/fuba/skills/*.py, match.py, substitutions.py).
SAMPLES: dict[str, dict[str, Any]] = {
    "trained_formation_change": {"before": "4-4-2", "after": "3-5-2"},
    "strength_in_depth": {"dice": [3, 4]},
    "fanatic_fans": {"die": 3, "value": 3, "free_kick": True},
    "trained_special_event": {"modifier": 1},
    "gegenpressing": {"aggressive": True},
    "fiery_coach": {"die": 1, "points_back": 0, "sent_off": True},
    "penalty_saver": {"dice": [5, 2]},
    "advancing_goalkeeper": {"value": 4},
    "tackler": {"double": False},
    "stopper": {"value": 5},
    "skilled_full_back": {"added": 1, "value": 5},
    "skilled_wing_backs": {"from": 11, "to": 10},
    "catenaccio": {"from": 12, "to": 9, "goalkeeper": False},
    "midfield_general": {"first": 1},
    "creative_midfielder": {"value": 2},
    "mezzala": {"reduced": 2},
    "target_man": {"area": 12},
    "clinical_finisher": {"modifier": 1},
    "aggressive_striker": {"modifier": 1},
    "goal_poacher": {"die": 5, "value": 4, "first": True},
    "diver": {"die": 5, "outcome": "free_kick"},
}


@pytest.mark.parametrize("key", list(SKILLS))
def test_every_skill_has_a_short_line_in_a_players_words(key: str) -> None:
    data = {"team": 1, "skill": key, "name": SKILLS[key].name, **SAMPLES.get(key, {})}
    line = describe(Event("skill", data))
    assert line is not None and line.startswith(f"{SKILLS[key].name} (East): ")
    assert "_" not in line and len(line) <= 100, line


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"die": 5, "points_back": 1, "sent_off": False}, "5, the point comes back"),
        ({"die": 4, "points_back": 2, "sent_off": False}, "4, the 2 points come back"),
        ({"die": 2, "points_back": 0, "sent_off": False}, "2, no points back"),
        ({"die": 1, "points_back": 0, "sent_off": True}, "1, the coach is sent off!"),
    ],
)
def test_the_fiery_coachs_die(data: dict[str, Any], expected: str) -> None:
    line = describe(Event("skill", {"team": 0, "skill": "fiery_coach", **data}))
    assert line is not None and line.startswith(f"Fiery coach (West): {expected}")


@pytest.mark.parametrize(
    ("die", "outcome", "expected"),
    [
        (1, "booked", "1, caught diving: free kick to East and a yellow card"),
        (3, "event", "3, play goes on"),
        (6, "free_kick", "6, free kick to West, yellow card test for East"),
    ],
)
def test_the_divers_die(die: int, outcome: str, expected: str) -> None:
    data = {"team": 0, "skill": "diver", "die": die, "outcome": outcome}
    assert describe(Event("skill", data)) == f"Diver (West): {expected}"


def test_the_aggressive_strikers_foul() -> None:
    data = {"team": 0, "skill": "aggressive_striker", "foul": True}
    assert describe(Event("skill", data)) == (
        "Aggressive striker (West): a 1 or 2, a foul! No goal attempt, free kick to East"
    )
