"""A11 the secret choice of skills (double skills count two), and the A13 special events that
change a team's skills: an injured star player takes a random skill away (6-3 defending
team, 6-4 controlling team), a new talent brings a random new one (6-5, 6-6). "Random" is
dice read in base six; a number past the last whole round of candidates is rolled again."""

from __future__ import annotations

import pytest

from engine.core import Action
from engine.core.events import Event
from engine.fuba import FUBA, FubaState, match
from engine.fuba.ruleset import HIDDEN
from engine.fuba.skills import LOST
from engine.fuba.skills.catalog import available
from tests.engine.e2_scenario import special
from tests.engine.scenario import EAST, WEST, act, find, kinds, refused, roll
from tests.engine.skills_scenario import skill_choices

# The special events' base position (West has the ball in the centre and picks a target area)
# with condition points and special events in force.
EVENTS = (
    "4-4-2/4-4-2 g2,4:2,5:2,6:2,7:2,8:2 g12,5:2,7:2,9:3,10:2,12:1 7 3 w h1:10 0-0 target:w new "
    "kick=w turns=1/0 rules=condition,events cond=4.4.2/4.4.2"
)
# The menu with condition points and special events in force, in the table's order.
MENU = [
    "trained_formation_change",
    "great_condition",
    "fanatic_fans",
    "trained_special_event",
    "gegenpressing",
    "fiery_coach",
    "creative_goalkeeper",
    "shot_stopper",
    "penalty_saver",
    "leading_goalkeeper",
    "stopper",
    "doubling_up",
    "skilled_wing_backs",
    "fast_defender",
    "catenaccio",
    "midfield_general",
    "creative_midfielder",
    "midfield_pressing",
    "crossing",
    "regista",
    "dribbler",
    "short_passes",
    "box_to_box",
    "il_mediano",
    "mezzala",
    "target_man",
    "clinical_finisher",
    "aggressive_striker",
    "goal_poacher",
    "diver",
    "runner",
    "seconda_punta",
]


def events_with(west: list[str], east: list[str]) -> FubaState:
    """The base position with five skill choices agreed and these skills (``key:lost`` for
    one an injured star player took)."""
    skills = f" skills={'.'.join(west) or '-'}/{'.'.join(east) or '-'}" if west or east else ""
    text = EVENTS.replace(" cond=", " options={skills=5} cond=") + skills
    s = FUBA.from_position(text)
    assert FUBA.position(s) == text
    return s


def skill_event(s: FubaState, ct_die: int, dt_die: int) -> tuple[FubaState, list[Event]]:
    """A double into 8 and the special event ``ct_die``-``dt_die`` (west controls)."""
    return special(s, 8, ct_die, dt_die)


# -- 6-3 / 6-4 injured star player -----------------------------------------------------------


def test_injured_star_of_the_defending_team_loses_the_skill_the_die_picks():
    # east's three skills in the table's order: stopper, catenaccio, midfield general
    s = events_with(["runner"], ["midfield_general", "stopper", "catenaccio"])
    s, ev = skill_event(s, 6, 3)
    assert find(ev, "special_event").data["name"] == "Injured star player (defending team)"
    step = s.agenda[0]
    assert (step["k"], step["team"], step["n"], step["for"]) == ("roll", 1, 1, "star")
    s, ev = roll(s, EAST, 5)  # the fifth: stopper, catenaccio, midfield general, stopper, ...
    assert find(ev, "skill_lost").data == {"team": 1, "skill": "catenaccio", "name": "Catenaccio"}
    assert s.skills == [
        {"runner": 0},
        {"midfield_general": 0, "stopper": 0, "catenaccio": LOST},
    ]


def test_injured_star_of_the_controlling_team():
    s = events_with(["runner", "crossing"], ["stopper"])
    s, ev = skill_event(s, 6, 4)
    assert find(ev, "special_event").data["name"] == "Injured star player (controlling team)"
    assert (s.agenda[0]["team"], s.agenda[0]["for"]) == (0, "star")
    s, ev = roll(s, WEST, 1)  # crossing comes before runner in the table
    assert find(ev, "skill_lost").data["skill"] == "crossing"
    assert s.skills[0] == {"runner": 0, "crossing": LOST} and s.skills[1] == {"stopper": 0}


def test_a_lost_skill_is_never_offered_again_and_refused_with_the_reason():
    s = events_with(["midfield_general"], [])
    s, _ = skill_event(s, 6, 4)
    s, _ = roll(s, WEST, 4)  # one candidate: any die takes it
    assert s.skills[0] == {"midfield_general": LOST}
    assert not skill_choices(s, WEST)
    message = refused(s, WEST, "skill", name="midfield_general")
    assert message == "Midfield general is lost: your star player is injured."


def test_injured_star_a_skill_already_lost_is_not_lost_again():
    s = events_with(["crossing:lost", "runner"], [])
    s, _ = skill_event(s, 6, 4)
    s, ev = roll(s, WEST, 1)
    assert find(ev, "skill_lost").data["skill"] == "runner"


@pytest.mark.parametrize("owned", [[], ["crossing"]])
def test_injured_star_with_nothing_to_lose_changes_nothing(owned):
    s = events_with([], [f"{key}:lost" for key in owned])
    s, ev = skill_event(s, 6, 3)
    assert find(ev, "special_event").data["note"] == "no skill to lose"
    assert not any(st.get("for") == "star" for st in s.agenda)
    assert "skill_lost" not in kinds(ev)


@pytest.mark.parametrize(("ct_die", "dt_die"), [(6, 3), (6, 4), (6, 5), (6, 6)])
def test_no_skills_in_the_match_the_skill_events_change_nothing(ct_die, dt_die):
    s = FUBA.from_position(EVENTS)
    s, ev = skill_event(s, ct_die, dt_die)
    assert find(ev, "special_event").data["note"] == "no skills in this match"
    assert s.skills == [{}, {}]
    assert not any(st.get("for") in ("star", "talent") for st in s.agenda)


# -- 6-5 / 6-6 new talent --------------------------------------------------------------------


def test_new_talent_candidates_are_the_menu_of_the_match():
    assert available(frozenset({"condition", "events"})) == MENU
    assert "skilled_full_back" not in MENU  # never matters without offside risk


def test_new_talent_two_dice_pick_among_the_skills_the_team_lacks():
    s = events_with(["runner"], ["trained_formation_change"])
    s, ev = skill_event(s, 6, 5)
    assert find(ev, "special_event").data["name"] == "New talent (defending team)"
    step = s.agenda[0]
    assert (step["team"], step["n"], step["for"]) == (1, 2, "talent")  # 31 candidates
    s, ev = roll(s, EAST, 1, 2)  # the second candidate: fanatic fans
    candidates = [k for k in MENU if k != "trained_formation_change"]
    assert candidates[1] == "fanatic_fans"
    assert find(ev, "skill_gained").data == {
        "team": 1,
        "skill": "fanatic_fans",
        "name": "Fanatic fans",
    }
    assert s.skills[1] == {"trained_formation_change": 0, "fanatic_fans": 0}
    assert s.skills[0] == {"runner": 0}


def test_new_talent_a_number_past_the_last_whole_round_is_rolled_again():
    s = events_with([], [])
    s, _ = skill_event(s, 6, 6)
    assert (s.agenda[0]["team"], s.agenda[0]["n"]) == (0, 2)  # 32 candidates, 36 numbers
    s, ev = roll(s, WEST, 6, 5)  # 34 in base six: past 32, again
    assert find(ev, "skill_roll_again").data == {"team": 0, "dice": [6, 5]}
    assert "skill_gained" not in kinds(ev) and s.skills[0] == {}
    assert s.agenda[0]["for"] == "talent"
    s, ev = roll(s, WEST, 6, 2)  # 31: the last candidate
    assert find(ev, "skill_gained").data["skill"] == MENU[31] == "seconda_punta"


def test_new_talent_one_die_for_six_candidates_or_fewer():
    s = events_with(MENU[:28], [])
    s, _ = skill_event(s, 6, 6)
    assert s.agenda[0]["n"] == 1  # goal poacher, diver, runner, seconda punta
    for die in (5, 6):  # past the round of four: again
        s, ev = roll(s, WEST, die)
        assert "skill_roll_again" in kinds(ev)
    s, ev = roll(s, WEST, 2)
    assert find(ev, "skill_gained").data["skill"] == "diver"


def test_new_talent_with_every_skill_of_the_menu_changes_nothing():
    s = events_with(MENU, [])
    s, ev = skill_event(s, 6, 6)
    assert find(ev, "special_event").data["note"] == "no skill left to learn"
    assert "skill_gained" not in kinds(ev)


def test_new_talent_never_brings_back_a_skill_lost_to_an_injured_star():
    s = events_with([k if k != "runner" else "runner:lost" for k in MENU[:-1]], [])
    s, _ = skill_event(s, 6, 6)
    assert s.agenda[0]["n"] == 1
    s, ev = roll(s, WEST, 3)  # one candidate
    assert find(ev, "skill_gained").data["skill"] == "seconda_punta"
    assert s.skills[0]["runner"] == LOST


def test_new_talent_the_skill_is_offered_at_once_in_this_match():
    s = events_with(MENU[:28], [])
    s, _ = skill_event(s, 6, 6)
    s, ev = roll(s, WEST, 3)  # goal poacher, diver, runner, seconda punta: the third
    assert find(ev, "skill_gained").data["skill"] == "runner"
    assert "runner" not in skill_choices(s, WEST)  # the end of the situation comes first
    s, _ = FUBA.apply(s, Action(WEST, "skill", {"name": "none"}))
    assert [d.kind for d in FUBA.pending(s)] == ["action"]  # runner folded into the first
    assert "runner" in skill_choices(s, WEST)


# -- the choice ------------------------------------------------------------------------------


def choosing(n: int) -> FubaState:
    """A new match with ``n`` skills agreed: both formations chosen, the skills due."""
    s = match.new_match({"advanced": ["condition"], "skills": n})
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    return s


def test_choice_a_double_skill_counts_as_two():
    s = choosing(2)
    d = next(d for d in FUBA.pending(s) if d.actor == WEST)
    assert d.kind == "skills" and d.secret and d.open_ended
    assert d.info["choices"] == 2 and "clinical_finisher" in d.info["double"]
    assert "diver" not in d.info["menu"]  # no special events in this match
    message = refused(s, WEST, "skills", skills=["clinical_finisher", "runner"])
    assert "3 skill choices" in message and "allows 2" in message
    s, ev = act(s, WEST, "skills", skills=["clinical_finisher"])
    assert kinds(ev) == ["skills_chosen"]


@pytest.mark.parametrize(
    ("picks", "reason"),
    [
        (["runner", "crossing", "regista"], "allows 2"),
        (["the_wall"], "There is no skill 'the_wall'"),
        (["diver"], "Diver can never matter"),
        (["runner", "runner"], "Choose each skill once"),
    ],
)
def test_choice_refused_with_the_reason(picks, reason):
    s = choosing(2)
    assert reason in refused(s, WEST, "skills", skills=picks)


def test_choice_secret_until_both_chose_then_revealed_together():
    s = choosing(3)
    s, ev = act(s, WEST, "skills", skills="Goal poacher, dribbler")
    assert "skills_revealed" not in kinds(ev) and s.skills == [{}, {}]
    assert FUBA.view(s, EAST)["agenda"][0]["skills"][0] == HIDDEN
    refused(s, WEST, "skills", skills=["runner"])
    s, ev = act(s, EAST, "skills", skills=["mezzala", "il_mediano", "seconda_punta"])
    assert find(ev, "skills_revealed").data == {
        "skills": [["goal_poacher", "dribbler"], ["mezzala", "il_mediano", "seconda_punta"]]
    }
    assert s.skills == [
        {"goal_poacher": 0, "dribbler": 0},
        {"mezzala": 0, "il_mediano": 0, "seconda_punta": 0},
    ]


def test_a_skill_the_team_does_not_have_is_refused():
    s = events_with(["runner"], ["crossing"])
    message = refused(s, WEST, "skill", name="crossing")
    assert message == "You do not have Crossing."
    assert "There is no skill" in refused(s, WEST, "skill", name="the wall")


def test_choice_a_second_choice_is_refused_as_skills_already_chosen():
    s = choosing(3)
    s, _ = act(s, WEST, "skills", skills=["runner"])
    assert refused(s, WEST, "skills", skills=["crossing"]) == "You have already chosen your skills."


def test_choice_a_second_formation_points_to_the_skills_still_due():
    s = choosing(3)
    message = refused(s, WEST, "formation", shape="4-4-2")
    assert message == "You have already chosen your formation: now choose your skills."
