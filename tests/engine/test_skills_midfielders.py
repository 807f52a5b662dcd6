"""A11 midfielder skills, each with scripted dice from a written position: offered exactly at
its moment (a window of its own or folded into the next decision), what it changes for the
players compared with the same position without it, and its cost in condition points."""

from __future__ import annotations

import pytest

from engine.core import Decision, RulesError
from engine.core.events import Event
from engine.fuba import FUBA, FubaState
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.skills.windows import MOMENTS
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

# West (4-4-2) has the ball in the centre 7, two players each in 4, 5, 6, 7 and 8; East
# (4-4-2) has two in 5, 7 and 10, three in its arc 9 and one with the keeper in its box 12.
# Condition points are in force, each zone holding its line's players.
B_WEST = "g2,4:2,5:2,6:2,7:2,8:2"
B_EAST = "g12,5:2,7:2,9:3,10:2,12:1"
# The same but East's arc 9 is empty (its three players stand in 10 and 11).
EMPTY_ARC_EAST = "g12,5:2,7:2,10:3,11:2,12:1"


def start(
    ball: int,
    value: int,
    *,
    west: str = B_WEST,
    east: str = B_EAST,
    control: str = "w",
    kind: str = "new",
    cond: str = "4.4.2/4.4.2",
    rules: str = "condition",
    ws: tuple[str, ...] | list[str] = (),
    es: tuple[str, ...] | list[str] = (),
) -> FubaState:
    """The position at the start of a turn (``control`` to choose the target area), the teams
    owning skills ``ws`` / ``es`` (five choices agreed), written in the notation. A team
    owning a skill of the turn's start has its window before the target decision, as the
    engine opens it."""
    owned = ws if control == "w" else es
    window = f"skill:{control}:turn_start:-;" if set(owned) & set(MOMENTS["turn_start"]) else ""
    skills = f" skills={'.'.join(ws) or '-'}/{'.'.join(es) or '-'}" if ws or es else ""
    text = (
        f"4-4-2/4-4-2 {west} {east} {ball} {value} {control} h1:10 0-0 "
        f"{window}target:{control} {kind} kick=w turns=1/0 rules={rules} options={{skills=5}} "
        f"cond={cond}{skills}"
    )
    s = FUBA.from_position(text)
    assert FUBA.position(s) == text  # the notation is canonical
    return s


def the(s: FubaState, side: str | None = None) -> Decision:
    """The one pending decision (of ``side``)."""
    pend = [d for d in FUBA.pending(s) if side is None or d.actor == side]
    assert len(pend) == 1, pend
    return pend[0]


def not_now(s: FubaState, side: str, name: str) -> str:
    """Playing ``name`` now is refused: not its moment, said with the skill's name."""
    message = refused(s, side, "skill", name=name)
    assert message.startswith(SKILLS[name].name) and message.endswith("not now."), message
    return message


def situation(s: FubaState, target: int, *dice: int) -> tuple[FubaState, list[Event]]:
    side = WEST if s.control == 0 else EAST
    s, ev = act(s, side, "target", area=target)
    s, more = roll(s, side, *dice)
    return s, ev + more


def skip_boosts(s: FubaState) -> FubaState:
    while s.agenda and s.agenda[0]["k"] == "boost":
        s, _ = act(s, WEST if s.agenda[0]["team"] == 0 else EAST, "boost", choice="skip")
    return s


# -- midfield general ----------------------------------------------------------------------


def test_midfield_general_swaps_who_acts_first():
    s = start(7, 3, ws=["midfield_general"])
    assert "midfield_general" not in skill_choices(s, WEST)
    assert "is played before the actions" in not_now(s, WEST, "midfield_general")
    s, ev = situation(s, 7, 6, 5)  # west keeps the ball and would act first
    assert find(ev, "order").data["first"] == 0
    d = the(s)
    assert (d.kind, d.actor) == ("skill", WEST)
    assert skill_choices(s, WEST) == {"midfield_general": [{}]}
    plain, _ = no_skill(s, WEST)
    assert the(plain).actor == WEST and the(plain).kind == "action"
    not_now(plain, WEST, "midfield_general")
    s, ev = play_skill(s, WEST, "midfield_general")
    assert skill_events(ev, "midfield_general")[0].data["first"] == 1
    assert s.condition[0] == [4, 3, 2]  # paid from the ball's zone, the midfield
    assert the(s).actor == EAST and the(s).kind == "action"


def test_midfield_general_only_with_the_target_in_the_midfield_zone():
    s = start(7, 3, ws=["midfield_general"])
    s, _ = situation(s, 9, 6, 5)  # into the attack zone
    assert the(s).kind != "skill" and not skill_choices(s, WEST)


def test_midfield_general_when_both_have_one_only_the_defending_team_may():
    s = start(7, 3, ws=["midfield_general"], es=["midfield_general"])
    s, _ = situation(s, 7, 6, 5)
    assert not skill_choices(s, WEST)
    assert "waiting for east" in refused(s, WEST, "skill", name="midfield_general")
    d = the(s)
    assert (d.kind, d.actor) == ("skill", EAST)
    s, ev = play_skill(s, EAST, "midfield_general")
    assert skill_events(ev, "midfield_general")[0].data == {
        "team": 1,
        "skill": "midfield_general",
        "name": "Midfield general",
        "first": 1,
    }
    assert the(s).actor == EAST and the(s).kind == "action"


# -- creative midfielder ---------------------------------------------------------------------


def test_creative_midfielder_lowers_the_new_ball_value_by_one():
    s = start(7, 3, ws=["creative_midfielder"])
    assert "creative_midfielder" not in skill_choices(s, WEST)
    s, ev = situation(s, 8, 6, 4)  # a short pass kept, the lower die: value 4
    assert find(ev, "ball_value").data["value"] == 4
    assert skill_choices(s, WEST) == {"creative_midfielder": [{}]}
    s, ev = play_skill(s, WEST, "creative_midfielder")
    assert skill_events(ev, "creative_midfielder")[0].data["value"] == 3
    assert s.value == 3 and s.condition[0] == [4, 3, 2]
    assert the(s).kind == "action"
    not_now(s, WEST, "creative_midfielder")


def test_creative_midfielder_not_after_a_long_pass_nor_after_losing_the_ball():
    s = start(7, 3, ws=["creative_midfielder"])
    long, _ = situation(s, 11, 6, 5)  # 7 -> 11 passes over an area
    assert not skill_choices(long, WEST)
    lost, ev = situation(s, 8, 1, 1)  # the pass to 8 needs a 2
    assert find(ev, "control").data["kept"] is False
    assert not skill_choices(lost, WEST)


# -- midfield pressing -----------------------------------------------------------------------


def east_to_press(value: int, cond: str = "4.4.2/4.4.2") -> FubaState:
    """East acts first with the ball (west's) in the centre 7, two against two there."""
    s = start(7, value, cond=cond, es=["midfield_pressing"])
    s = at_action(s, EAST)
    assert not skill_choices(s, EAST)  # the pressing is not chosen yet
    return s


def test_midfield_pressing_a_die_equal_to_the_value_wins_the_ball():
    s = east_to_press(4)
    assert "when you start a pressing" in not_now(s, EAST, "midfield_pressing")
    s, _ = choose(s, EAST, "press")
    d = the(s)
    assert (d.kind, d.actor) == ("skill", EAST)
    plain, _ = no_skill(s, EAST)
    plain, ev = roll(plain, EAST, 4, 5)
    assert find(ev, "pressing").data == {"team": 1, "success": False, "value": 3}
    s, ev = play_skill(s, EAST, "midfield_pressing")
    assert s.condition[1] == [4, 3, 2]
    s, ev = roll(s, EAST, 4, 5)
    assert find(ev, "pressing").data == {"team": 1, "success": True, "value": 5}
    assert s.control == 1


def test_midfield_pressing_a_failed_pressing_leaves_the_value():
    s = east_to_press(4)
    s, _ = choose(s, EAST, "press")
    s, _ = play_skill(s, EAST, "midfield_pressing")
    s, ev = roll(s, EAST, 5, 6)
    assert find(ev, "pressing").data == {"team": 1, "success": False, "value": 4}


def test_midfield_pressing_paid_twice_from_a_zone_next_to_the_midfield():
    s = east_to_press(4, cond="4.4.2/4.0.2")
    s, _ = choose(s, EAST, "press")
    s, ev = play_skill(s, EAST, "midfield_pressing")
    d = the(s)
    assert (d.kind, d.actor) == ("pay", EAST)
    assert {c.action.args["zone"] for c in d.choices} == {"defence", "attack"}
    s, ev = act(s, EAST, "pay", zone="attack")
    assert s.condition[1] == [4, 0, 0]
    assert skill_events(ev, "midfield_pressing")
    s, ev = roll(s, EAST, 4, 5)
    assert find(ev, "pressing").data["success"] is True


def test_midfield_pressing_one_neighbour_pays_without_a_question():
    s = east_to_press(4, cond="4.0.1/4.0.1")
    s, _ = choose(s, EAST, "press")
    s, ev = play_skill(s, EAST, "midfield_pressing")
    assert s.condition[1] == [2, 0, 1]
    assert find(ev, "condition_used").data == {
        "team": 1,
        "zone": "defence",
        "points": 2,
        "for": "skill",
    }


def test_midfield_pressing_unaffordable_is_not_offered():
    s = east_to_press(4, cond="1.0.1/1.0.1")
    s, _ = choose(s, EAST, "press")
    assert the(s).kind == "roll" and not skill_choices(s, EAST)  # the pressing dice at once
    refused(s, EAST, "skill", name="midfield_pressing")
    s, ev = roll(s, EAST, 4, 5)
    assert find(ev, "pressing").data["success"] is False and s.condition[1] == [1, 0, 1]


def test_midfield_pressing_unaffordable_is_refused_for_the_points():
    s = east_to_press(4, cond="1.0.1/1.0.1")
    s, _ = choose(s, EAST, "press")
    message = refused(s, EAST, "skill", name="midfield_pressing")
    assert "condition point" in message


# -- crossing --------------------------------------------------------------------------------


def target_values(s: FubaState) -> dict[int, int]:
    return {
        c.action.args["area"]: c.info["ball_value"]
        for c in the(s).choices
        if c.action.kind == "target"
    }


def test_crossing_a_long_pass_from_a_midfield_side_area_counts_one_area_fewer():
    s = start(8, 3, ws=["crossing"])
    d = the(s)
    assert d.kind == "target"  # folded into the target decision, without a "no skill"
    assert skill_choices(s, WEST) == {"crossing": [{}]}
    assert [c.action.args for c in d.choices if c.action.kind == "skill"] == [{"name": "crossing"}]
    before = target_values(s)
    s, ev = play_skill(s, WEST, "crossing")
    assert skill_events(ev, "crossing") and s.condition[0] == [4, 3, 2]
    after = target_values(s)
    assert after[10] == before[10] - 1 and after[1] == before[1] - 1  # long passes
    assert after[9] == before[9] and after[7] == before[7]  # short passes
    assert not skill_choices(s, WEST)
    s, ev = act(s, WEST, "target", area=10)
    assert find(ev, "target").data["value"] == before[10] - 1
    not_now(s, WEST, "crossing")


def test_crossing_the_target_answer_lets_the_window_pass():
    s = start(8, 3, ws=["crossing"])
    s, ev = act(s, WEST, "target", area=10)
    assert find(ev, "target").data["value"] == 4 and s.condition[0] == [4, 4, 2]
    not_now(s, WEST, "crossing")


def test_crossing_paid_from_a_zone_next_to_the_midfield_then_the_target_as_before():
    s = start(8, 3, cond="4.0.2/4.4.2", ws=["crossing"])
    before = target_values(s)
    s, _ = play_skill(s, WEST, "crossing")
    d = the(s)
    assert (d.kind, d.actor) == ("pay", WEST)
    assert sorted(c.action.args["zone"] for c in d.choices) == ["attack", "defence"]
    assert "You cannot pay from midfield" in refused(s, WEST, "pay", zone="midfield")
    s, ev = act(s, WEST, "pay", zone="defence")
    assert s.condition[0] == [2, 0, 2] and skill_events(ev, "crossing")
    assert the(s).kind == "target" and target_values(s)[10] == before[10] - 1


def test_crossing_not_from_the_centre():
    s = start(7, 3, ws=["crossing"])
    assert not skill_choices(s, WEST)
    assert "crossing" not in str(the(s).choices)


# -- regista ---------------------------------------------------------------------------------


def test_regista_nobody_moves_freely_into_the_target_area():
    s = start(7, 3, ws=["regista"])
    s, ev = situation(s, 9, 6, 5)  # kept in east's arc; west acts first
    assert find(ev, "order").data["first"] == 0
    assert the(s).kind == "bring" and not skill_choices(s, WEST)
    s, _ = act(s, WEST, "bring", from_=7)  # the closest player first (4.2.4)
    assert skill_choices(s, WEST) == {"regista": [{}]}
    plain, _ = no_skill(s, WEST)
    plain, ev = act(plain, WEST, "move", from_=8, to=9)  # two against none in 8: free
    assert find(ev, "move").data["to"] == 9
    s, ev = play_skill(s, WEST, "regista")
    assert skill_events(ev, "regista") and s.condition[0] == [4, 4, 1]  # the attack zone pays
    message = refused(s, WEST, "move", from_=8, to=9)
    assert "Regista" in message
    s, ev = act(s, WEST, "move", from_=8, to=11)  # elsewhere is fine
    assert find(ev, "move").data["to"] == 11


def test_regista_only_after_a_pass_from_the_midfield_into_the_attack_zone():
    s = start(7, 3, ws=["regista"])
    s, _ = situation(s, 8, 6, 5)
    assert not skill_choices(s, WEST)


# -- dribbler --------------------------------------------------------------------------------


def west_moving(ws: list[str]) -> FubaState:
    """West chooses a movement action with the ball in the centre, two against two there;
    the dice give three moves."""
    s = at_action(start(7, 3, ws=ws), WEST)
    if ws:
        not_now(s, WEST, "dribbler")
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 3, 3)
    assert the(s).kind == "move"
    return s


def test_dribbler_dribbles_past_an_opponent_only_into_an_empty_area():
    plain = west_moving([])
    assert "an opponent is there" in refused(plain, WEST, "move", from_=7, to=8, with_ball=True)
    s = west_moving(["dribbler"])
    assert the(s).kind == "move"  # folded into the movement
    assert skill_choices(s, WEST) == {"dribbler": [{}]}
    s, ev = play_skill(s, WEST, "dribbler")
    assert skill_events(ev, "dribbler") and s.condition[0] == [4, 3, 2]
    assert "without any" in refused(s, WEST, "move", from_=7, to=9, with_ball=True)
    s, ev = act(s, WEST, "move", from_=7, to=8, with_ball=True)
    assert s.ball == 8


def test_dribbler_not_offered_when_outnumbered_at_the_ball():
    s = start(7, 3, east="g12,5:2,7:3,9:2,10:2,12:1", ws=["dribbler"])
    s = at_action(s, WEST)
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 3, 3)
    assert the(s).kind == "move" and not skill_choices(s, WEST)


# -- short passes (auto) ---------------------------------------------------------------------


def west_positioning(ws: list[str]) -> tuple[FubaState, list[Event]]:
    s = at_action(start(7, 5, ws=ws), WEST)
    s, _ = choose(s, WEST, "position")
    return roll(s, WEST, 1, 2)  # two steps down, the most without the skill


def test_short_passes_a_paid_positioning_goes_past_two_steps():
    plain, ev = west_positioning([])
    assert find(ev, "positioning").data["to"] == 3 and plain.value == 3  # no point to pay
    s, ev = west_positioning(["short_passes"])
    d = the(s)
    assert d.kind == "boost"
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "positioning").data == {"team": 0, "from": 5, "to": 2}
    assert skill_events(ev, "short_passes")
    assert s.condition[0] == [4, 3, 2]


def test_short_passes_not_in_the_defence_zone():
    s = at_action(start(5, 5, ws=["short_passes"]), WEST)
    s, _ = choose(s, WEST, "position")
    s, ev = roll(s, WEST, 1, 2)
    assert "positioning" in kinds(ev) and s.value == 3


# -- box to box midfielder -------------------------------------------------------------------


# Three against three in the centre: no free movement from there.
THREES_WEST = "g2,4:2,5:2,6:1,7:3,8:2"
THREES_EAST = "g12,5:2,7:3,9:2,10:2,12:1"


def test_box_to_box_one_more_free_movement_from_the_centre_straight_on():
    plain = at_action(start(7, 3, west=THREES_WEST, east=THREES_EAST), WEST)
    assert "No free movement" in refused(plain, WEST, "move", from_=7, to=9)
    s = at_action(start(7, 3, west=THREES_WEST, east=THREES_EAST, ws=["box_to_box"]), WEST)
    assert the(s).kind == "action" and skill_choices(s, WEST) == {"box_to_box": [{}]}
    s, ev = play_skill(s, WEST, "box_to_box")
    assert skill_events(ev, "box_to_box") and s.condition[0] == [4, 3, 2]
    assert "No free movement" in refused(s, WEST, "move", from_=7, to=8)  # not straight on
    s2, ev = act(s, WEST, "move", from_=7, to=9)  # into two opponents
    assert s2.outfield[0][9] == 1
    assert "No free movement" in refused(s2, WEST, "move", from_=7, to=5)  # only one
    s3, _ = act(s, WEST, "move", from_=7, to=5)  # backwards too
    assert s3.outfield[0][5] == 3


def test_box_to_box_passes_with_the_first_action_and_is_not_in_the_second():
    s = at_action(start(7, 3, ws=["box_to_box"]), WEST)
    s, _ = choose(s, WEST, "position")
    not_now(s, WEST, "box_to_box")


# -- il mediano ------------------------------------------------------------------------------


def east_second_action(es: list[str]) -> FubaState:
    """West (with the ball in the centre, value 2) and East each positioned once; East's second
    action comes."""
    s = at_action(start(7, 2, es=es), WEST)
    s, _ = choose(s, WEST, "position")
    s = skip_boosts(roll(s, WEST, 6, 6)[0])
    s, _ = choose(s, EAST, "position")
    s = skip_boosts(roll(s, EAST, 1, 1)[0])
    s, _ = act(s, WEST, "continue", choice="second")
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 1)
    while the(s).kind == "move":
        s, _ = act(s, WEST, "done")
    assert the(s).actor == EAST and the(s).kind == "action"
    return s


def test_il_mediano_positions_again_with_one_more_step():
    plain = east_second_action([])
    assert "must differ" in refused(plain, EAST, "action", kind="position")
    s = east_second_action(["il_mediano"])
    assert skill_choices(s, EAST) == {"il_mediano": [{}]}
    value = s.value
    s, ev = play_skill(s, EAST, "il_mediano")
    assert skill_events(ev, "il_mediano") and s.condition[1] == [4, 3, 2]
    s, _ = choose(s, EAST, "position")
    s, ev = roll(s, EAST, 6, 1)  # one die above the value: one step, and one more
    s = skip_boosts(s)
    assert s.value == value + 2


def test_il_mediano_not_in_the_first_action():
    s = at_action(start(7, 2, es=["il_mediano"]), EAST)
    assert not skill_choices(s, EAST)
    not_now(s, EAST, "il_mediano")


# -- mezzala ---------------------------------------------------------------------------------


def test_mezzala_the_new_value_drops_by_each_die_that_made_it():
    s = start(7, 3, east=EMPTY_ARC_EAST, ws=["mezzala"])
    plain, _ = situation(s, 9, 5, 4)  # into the empty arc: the higher die
    plain, ev = no_skill(plain, WEST)
    plain_value = find(ev, "ball_value").data["value"]
    s, ev = act(s, WEST, "target", area=9)
    assert find(ev, "target").data["value"] == 3
    s, ev = roll(s, WEST, 5, 4)
    assert "ball_value" not in kinds(ev)  # the window comes before the new ball value
    assert skill_choices(s, WEST) == {"mezzala": [{}]}
    s, ev = play_skill(s, WEST, "mezzala")
    assert skill_events(ev, "mezzala")[0].data["reduced"] == 2
    assert s.condition[0] == [4, 4, 1]  # paid in the attack zone
    assert find(ev, "ball_value").data["value"] == 3 and s.value == 3
    assert plain_value == 5


def test_mezzala_only_into_an_area_that_was_empty():
    s = start(7, 3, ws=["mezzala"])
    s, ev = situation(s, 9, 5, 4)  # east has three players in 9
    assert not skill_choices(s, WEST)


@pytest.mark.parametrize("skill", ["mezzala", "regista", "creative_midfielder"])
def test_a_skill_of_the_situation_is_refused_at_the_target_decision(skill):
    s = start(7, 3, ws=[skill])
    with pytest.raises(RulesError, match="not now"):
        play_skill(s, WEST, skill)
