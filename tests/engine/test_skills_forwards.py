"""A11 forward skills, each with scripted dice from a written position: offered exactly at its
moment, what it changes for the players compared with the same position without it, and its
cost in condition points."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.fuba import FubaState
from tests.engine.adv_scenario import at_action
from tests.engine.scenario import act, choose, find, kinds, refused, roll
from tests.engine.skills_scenario import (
    EAST,
    WEST,
    no_skill,
    play_skill,
    skill_choices,
    skill_events,
)
from tests.engine.test_skills_midfielders import (
    THREES_EAST,
    THREES_WEST,
    not_now,
    situation,
    skip_boosts,
    start,
    the,
)

# West (4-4-2) has two players in east's box 12 and two in east's arc 9 (and two each in 4,
# 5 and 7); East (4-4-2) has two players with its keeper in 12 and two each in 5, 7, 9, 10.
F_WEST = "g2,4:2,5:2,7:2,9:2,12:2"
F_EAST = "g12,5:2,7:2,9:2,10:2,12:2"
# One west forward alone in east's arc 9 against two defenders.
T_WEST = "g2,4:2,5:2,6:2,7:2,8:1,9:1"
T_EAST = "g12,5:2,7:2,9:2,10:2,11:1,12:1"


def shooting(ws: list[str], value: int = 3, ball: int = 12, cond: str = "4.4.2/4.4.2"):
    """West, with the ball at ``ball``, announces a goal attempt as its first action."""
    s = at_action(start(ball, value, west=F_WEST, east=F_EAST, ws=ws, cond=cond), WEST)
    for key in ws:
        not_now(s, WEST, key)  # not before the attempt is announced
    s, _ = choose(s, WEST, "goal")
    return s


def rolled(s: FubaState, side: str, *dice: int) -> tuple[FubaState, list[Event]]:
    """Roll, and leave any condition point unused."""
    s, ev = roll(s, side, *dice)
    while s.agenda and s.agenda[0]["k"] == "boost":
        s, more = act(s, WEST if s.agenda[0]["team"] == 0 else EAST, "boost", choice="skip")
        ev += more
    return s, ev


def attempt(ev: list[Event]) -> dict[str, object]:
    return find(ev, "goal_attempt").data


# -- clinical finisher -----------------------------------------------------------------------


def test_clinical_finisher_adds_one_to_the_attempt_from_the_box():
    plain = shooting([])
    plain, ev = roll(plain, WEST, 4)
    assert attempt(ev)["outcome"] == "corner"
    s = shooting(["clinical_finisher"])
    d = the(s)
    assert (d.kind, d.actor) == ("skill", WEST)
    assert skill_choices(s, WEST) == {"clinical_finisher": [{}]}
    s, ev = play_skill(s, WEST, "clinical_finisher")
    assert skill_events(ev, "clinical_finisher") and s.condition[0] == [4, 4, 1]
    s, ev = roll(s, WEST, 4)
    a = attempt(ev)
    assert a["parts"]["clinical_finisher"] == 1 and a["outcome"] == "goal"
    assert "goal" in kinds(ev)


def test_clinical_finisher_refused_after_the_attempt_and_not_from_outside_the_box():
    s = shooting(["clinical_finisher"])
    s, _ = no_skill(s, WEST)
    not_now(s, WEST, "clinical_finisher")
    s, ev = roll(s, WEST, 4)
    assert "clinical_finisher" not in attempt(ev)["parts"]
    s = shooting(["clinical_finisher"], ball=9)
    assert the(s).kind == "roll" and not skill_choices(s, WEST)


def test_clinical_finisher_paid_twice_from_the_midfield_when_the_attack_has_none():
    s = shooting(["clinical_finisher"], cond="4.4.0/4.4.2")
    s, ev = play_skill(s, WEST, "clinical_finisher")  # one zone next to the attack: no question
    assert s.condition[0] == [4, 2, 0]
    assert find(ev, "condition_used").data["points"] == 2


def test_clinical_finisher_unaffordable_is_not_offered():
    s = shooting(["clinical_finisher"], cond="4.1.0/4.4.2")
    assert the(s).kind == "roll" and not skill_choices(s, WEST)


# -- aggressive striker ----------------------------------------------------------------------


def test_aggressive_striker_adds_one():
    s = shooting(["aggressive_striker"])
    assert skill_choices(s, WEST) == {"aggressive_striker": [{}]}
    s, _ = play_skill(s, WEST, "aggressive_striker")
    s, ev = roll(s, WEST, 4)
    a = attempt(ev)
    assert a["parts"]["aggressive_striker"] == 1 and a["outcome"] == "goal"


@pytest.mark.parametrize("die", [1, 2])
def test_aggressive_striker_a_plain_1_or_2_is_a_yellow_card_and_a_free_kick(die):
    s = shooting(["aggressive_striker"])
    s, _ = play_skill(s, WEST, "aggressive_striker")
    s, ev = roll(s, WEST, die)
    assert "goal_attempt" not in kinds(ev)
    assert skill_events(ev, "aggressive_striker")[-1].data["foul"] is True
    assert find(ev, "yellow_card").data == {"team": 0, "yellows": 1}
    assert s.control == 1 and s.turn["kind"] == "free_kick"


def test_aggressive_striker_without_it_a_2_is_only_a_miss():
    s = shooting([])
    s, ev = roll(s, WEST, 2)
    assert attempt(ev)["outcome"] == "miss" and "yellow_card" not in kinds(ev)


def test_aggressive_striker_the_shot_stoppers_lower_die_counts_for_the_foul():
    s = start(12, 3, west=F_WEST, east=F_EAST, ws=["aggressive_striker"], es=["shot_stopper"])
    s = at_action(s, WEST)
    s, _ = choose(s, WEST, "goal")
    s, _ = play_skill(s, WEST, "aggressive_striker")
    assert (the(s).kind, the(s).actor) == ("skill", EAST)  # the keeper's skills come after
    s, _ = play_skill(s, EAST, "shot_stopper")
    s, ev = roll(s, WEST, 6, 2)
    assert "goal_attempt" not in kinds(ev) and "yellow_card" in kinds(ev)


# -- target man ------------------------------------------------------------------------------


def target_man_kept(ws: list[str], *dice: int) -> FubaState:
    """West passes to its lone forward in east's arc 9 (value 4) and keeps the ball."""
    s = start(7, 3, west=T_WEST, east=T_EAST, ws=ws)
    s, ev = situation(s, 9, *dice)
    assert find(ev, "control").data["kept"] is True
    return s


def test_target_man_counts_as_three_for_the_pressing_right():
    plain = target_man_kept([], 6, 2)  # east acts first
    assert the(plain).actor == EAST
    plain, ev = choose(plain, EAST, "press")
    assert the(plain).kind == "roll"
    s = target_man_kept(["target_man"], 6, 2)
    assert (the(s).kind, the(s).actor) == ("skill", WEST)
    s, ev = play_skill(s, WEST, "target_man")
    assert skill_events(ev, "target_man")[0].data["area"] == 9
    assert s.condition[0] == [4, 4, 1]
    assert the(s).actor == EAST
    assert "at least as many players" in refused(s, EAST, "action", kind="press")


def test_target_man_counts_for_positioning_and_the_second_actions():
    plain = target_man_kept([], 6, 5)  # west acts first, value 5
    plain, _ = choose(plain, WEST, "position")
    plain = skip_boosts(roll(plain, WEST, 1, 6)[0])
    assert plain.value == 4  # one step: fewer players than the opponent
    plain, _ = choose(plain, EAST, "position")
    plain, ev = rolled(plain, EAST, 1, 1)
    assert "no_second_actions" in kinds(ev)
    s = target_man_kept(["target_man"], 6, 5)
    s, _ = play_skill(s, WEST, "target_man")
    s, _ = choose(s, WEST, "position")
    s = skip_boosts(roll(s, WEST, 1, 6)[0])
    assert s.value == 3  # two steps: more players than the opponent
    s, _ = choose(s, EAST, "position")
    s, ev = rolled(s, EAST, 1, 1)
    assert "no_second_actions" not in kinds(ev)
    assert the(s).kind == "continue"


def test_target_man_not_offered_when_the_ball_left_the_target_or_without_a_player_there():
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=["target_man"])
    s, _ = situation(s, 8, 6, 5)  # the midfield
    assert not skill_choices(s, WEST)
    s = start(7, 3, west="g2,4:2,5:2,6:2,7:2,8:2", east=T_EAST, ws=["target_man"])
    s, _ = situation(s, 9, 6, 5)  # nobody of west's in 9 when the pass arrives
    assert the(s).kind == "bring" and not skill_choices(s, WEST)
    s, _ = act(s, WEST, "bring", from_=8)
    assert "target_man" in skill_choices(s, WEST)  # the player brought counts


# -- goal poacher ----------------------------------------------------------------------------


def poacher(ws: list[str]) -> FubaState:
    """West passes into east's box (value 5) and keeps the ball with one die: east would act
    first."""
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=ws)
    s, ev = situation(s, 12, 6, 2)
    assert find(ev, "order").data["first"] == 1 and s.value == 6
    return s


def test_goal_poacher_a_roll_of_the_value_acts_first_with_a_shot():
    plain = poacher([])
    assert the(plain).actor == EAST
    s = poacher(["goal_poacher"])
    assert skill_choices(s, WEST) == {"goal_poacher": [{}]}
    s, ev = play_skill(s, WEST, "goal_poacher")
    assert s.condition[0] == [4, 4, 1]
    d = the(s)
    assert (d.kind, d.actor) == ("roll", WEST)
    s, ev = roll(s, WEST, 6)
    assert skill_events(ev, "goal_poacher")[0].data["first"] is True
    d = the(s)
    kinds_offered = [c.action.args["kind"] for c in d.choices if c.action.kind == "action"]
    assert d.actor == WEST and kinds_offered == ["goal"]
    assert "goal attempt" in refused(s, WEST, "action", kind="position")


def test_goal_poacher_refusal_names_the_poacher_not_a_free_kick():
    s = poacher(["goal_poacher"])
    s, _ = play_skill(s, WEST, "goal_poacher")
    s, _ = roll(s, WEST, 6)
    assert "free kick" not in refused(s, WEST, "action", kind="position")


def test_goal_poacher_a_lower_roll_changes_nothing():
    s = poacher(["goal_poacher"])
    s, _ = play_skill(s, WEST, "goal_poacher")
    s, ev = roll(s, WEST, 5)
    assert skill_events(ev, "goal_poacher")[0].data == {
        "team": 0,
        "skill": "goal_poacher",
        "name": "Goal poacher",
        "die": 5,
        "value": 6,
        "first": False,
    }
    assert the(s).actor == EAST


def test_goal_poacher_not_when_both_dice_kept_the_ball():
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=["goal_poacher"])
    s, _ = situation(s, 12, 6, 5)
    assert the(s).kind == "action" and not skill_choices(s, WEST)
    not_now(s, WEST, "goal_poacher")


# -- seconda punta ---------------------------------------------------------------------------


def test_seconda_punta_skips_the_action_stage():
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=["seconda_punta"])
    turn = s.turn["n"]
    s, ev = situation(s, 9, 5, 4)  # both dice keep the ball in the arc
    assert skill_choices(s, WEST) == {"seconda_punta": [{}]}
    plain, _ = no_skill(s, WEST)
    assert the(plain).kind == "action"
    s, ev = play_skill(s, WEST, "seconda_punta")
    assert skill_events(ev, "seconda_punta") and s.condition[0] == [4, 4, 1]
    assert "action" not in kinds(ev)
    d = the(s)
    assert (d.kind, d.actor) == ("target", WEST)
    assert s.turn["n"] == turn + 1 and s.ball == 9


def test_seconda_punta_not_with_one_die_or_outside_the_attack_zone():
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=["seconda_punta"])
    one, _ = situation(s, 9, 5, 1)
    assert not skill_choices(one, WEST)
    mid, _ = situation(s, 8, 5, 4)
    assert not skill_choices(mid, WEST)


# -- runner ----------------------------------------------------------------------------------


def test_runner_one_more_free_movement_into_the_attack_zone():
    plain = at_action(start(7, 3, west=THREES_WEST, east=THREES_EAST), WEST)
    assert "No free movement" in refused(plain, WEST, "move", from_=7, to=9)
    s = at_action(start(7, 3, west=THREES_WEST, east=THREES_EAST, ws=["runner"]), WEST)
    assert the(s).kind == "action" and skill_choices(s, WEST) == {"runner": [{}]}
    s, ev = play_skill(s, WEST, "runner")
    assert skill_events(ev, "runner") and s.condition[0] == [4, 3, 2]
    assert "No free movement" in refused(s, WEST, "move", from_=7, to=8)  # the midfield
    s, _ = act(s, WEST, "move", from_=7, to=9)
    assert s.outfield[0][9] == 1
    assert "No free movement" in refused(s, WEST, "move", from_=7, to=9)  # only one


def test_runner_not_in_the_second_action():
    s = at_action(start(7, 3, ws=["runner"]), WEST)
    s, _ = choose(s, WEST, "position")
    not_now(s, WEST, "runner")


# -- diver -----------------------------------------------------------------------------------


def diving(ws: list[str], target: int = 9) -> FubaState:
    """A double in the situation roll of a pass into east's arc, with special events on."""
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=ws, rules="condition,events")
    s, _ = situation(s, target, 3, 3)
    return s


def test_diver_before_the_special_event_dice():
    plain = diving([])
    assert plain.agenda[0]["k"] == "duel"
    s = diving(["diver"])
    d = the(s)
    assert (d.kind, d.actor) == ("skill", WEST)
    assert skill_choices(s, WEST) == {"diver": [{}]}
    passed, _ = no_skill(s, WEST)
    assert passed.agenda[0]["k"] == "duel"
    not_now(passed, WEST, "diver")


def test_diver_a_1_is_a_yellow_card_and_a_free_kick_against():
    s = diving(["diver"])
    s, _ = play_skill(s, WEST, "diver")
    assert s.condition[0] == [4, 4, 1]
    s, ev = roll(s, WEST, 1)
    assert skill_events(ev, "diver")[0].data["outcome"] == "booked"
    assert find(ev, "yellow_card").data["team"] == 0
    assert s.control == 1 and s.turn["kind"] == "free_kick"
    assert "special_event" not in kinds(ev)


@pytest.mark.parametrize("die", [2, 3])
def test_diver_a_2_or_3_the_special_event_goes_on(die):
    s = diving(["diver"])
    s, _ = play_skill(s, WEST, "diver")
    s, ev = roll(s, WEST, die)
    assert skill_events(ev, "diver")[0].data["outcome"] == "event"
    assert s.agenda[0]["k"] == "duel" and s.control == 0


def test_diver_4_to_6_a_free_kick_and_a_yellow_card_test_at_plus_one():
    s = diving(["diver"])
    s, _ = play_skill(s, WEST, "diver")
    s, ev = roll(s, WEST, 5)
    assert skill_events(ev, "diver")[0].data["outcome"] == "free_kick"
    assert (the(s).kind, the(s).actor) == ("roll", EAST)
    s, ev = roll(s, EAST, 2)  # 3 with the diver's +1: a yellow card in its own half
    assert find(ev, "yellow_test").data == {"team": 1, "die": 3, "yellow": True}
    assert s.control == 0 and s.turn["kind"] == "free_kick"


def test_diver_the_plus_one_counts_at_most_as_a_6():
    s = diving(["diver"])
    s, _ = play_skill(s, WEST, "diver")
    s, _ = roll(s, WEST, 6)
    s, ev = roll(s, EAST, 6)
    assert find(ev, "yellow_test").data["die"] == 6
    assert the(s).kind == "roll" and s.agenda[0]["for"] == "red"


def test_diver_not_when_the_target_is_outside_the_attack_zone():
    s = diving(["diver"], target=8)
    assert s.agenda[0]["k"] == "duel" and not skill_choices(s, WEST)


# -- a situation-end window declined ---------------------------------------------------------


@pytest.mark.parametrize("skill", ["target_man", "seconda_punta"])
def test_a_declined_window_does_not_come_back_in_the_actions(skill):
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=[skill])
    s, _ = situation(s, 9, 6, 5)  # kept with both dice in the arc, where west has two
    assert (the(s).kind, skill_choices(s, WEST)) == ("skill", {skill: [{}]})
    s, _ = no_skill(s, WEST)
    assert s.condition[0] == [4, 4, 2]  # nothing paid
    assert (the(s).kind, the(s).actor) == ("action", WEST)
    not_now(s, WEST, skill)


def test_runner_no_extra_free_movement_after_lost_momentum():
    s = start(7, 3, west=THREES_WEST, east=THREES_EAST, ws=["runner"], rules="condition,events")
    s, _ = situation(s, 8, 4, 4)  # a double: a special event
    s, _ = roll(s, WEST, 2)
    s, ev = roll(s, EAST, 5)
    assert find(ev, "special_event").data["name"] == "Lost momentum"
    assert (the(s).kind, the(s).actor) == ("action", WEST)
    assert not skill_choices(s, WEST)
