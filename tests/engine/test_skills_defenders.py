"""A11 defender skills: tackler, stopper, skilled full back, doubling up, offside trap,
skilled wing backs, fast defender and catenaccio, each at its moment and with its effect;
footnote 2: the defenders' skills that need a defender at the ball."""

from __future__ import annotations

import pytest

from engine.core import RulesError
from engine.fuba import FUBA, FubaState
from tests.engine.adv_scenario import at_action
from tests.engine.scenario import act, choose, decision, find, kinds, refused, roll
from tests.engine.skills_scenario import (
    EAST,
    WEST,
    no_skill,
    play_skill,
    skill_choices,
    skill_events,
)

W, E = 0, 1

# West (4-4-2) has the ball in east's arc 9 at value 3, two players there and three in the
# centre; east (4-4-2) has its keeper and two players in its box 12 and two in the arc, its
# defence zone.
ARC = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 {ball} {value} w h1:10 "
    "0-0 target:w new kick=w turns=1/0 rules=condition{rules} options={{skills=5}} "
    "cond=4.4.2/{cond}{skills}"
)
# East's last line is the arc: its keeper is alone in its box, where one west player waits.
HIGH_LINE = (
    "4-4-2/4-4-2 g2,2:1,4:2,5:1,7:3,9:2,12:1 g12,4:2,7:2,8:2,9:2,10:2 {ball} {value} w "
    "h1:10 0-0 target:w new kick=w turns=1/0 rules=condition{rules} options={{skills=5}} "
    "cond=4.4.2/{cond}{skills}"
)


# East with three in the centre and one in its north wing.
CROWDED = ARC.replace("g12,7:2,8:2,", "g12,7:3,8:1,")
# East's goalkeeper stands alone in its arc 9, its players behind it in its box 12.
KEEPER_OUT = ARC.replace("g12,7:2,8:2,9:2,10:2,12:2", "g9,4:2,7:2,8:2,10:2,12:2")
# East's last line is its arc (one player there), with players in both wings next to it.
RISK = HIGH_LINE.replace("g12,4:2,7:2,8:2,9:2,10:2", "g12,4:2,7:2,8:3,9:1,10:2")


def through_tiredness(s: FubaState) -> FubaState:
    """Both teams pass any tiredness tests now due (A1)."""
    while s.agenda and s.agenda[0]["k"] == "roll" and s.agenda[0]["for"] == "tiredness":
        s, _ = roll(s, (WEST, EAST)[s.agenda[0]["team"]], 6, 6)
    return s


def skills_tags(west: tuple[str, ...], east: tuple[str, ...]) -> str:
    """The notation's tag for the teams' skills (none played yet)."""
    return f" skills={'.'.join(west) or '-'}/{'.'.join(east) or '-'}" if west or east else ""


def pos(
    text: str = ARC,
    east: tuple[str, ...] = (),
    *,
    ball: int = 9,
    value: int = 3,
    rules: str = "",
    cond: str = "4.4.2",
) -> FubaState:
    skills = skills_tags((), east)
    return FUBA.from_position(
        text.format(ball=ball, value=value, rules=rules, cond=cond, skills=skills)
    )


# -- tackler --------------------------------------------------------------------------------


def aggressive(s: FubaState, *dice: int) -> tuple[FubaState, list]:
    """East acts first and presses aggressively (one point) with ``dice``."""
    s = at_action(s, first=EAST)
    s, _ = choose(s, EAST, "aggressive")
    return roll(s, EAST, *dice)


def test_tackler_a_failed_aggressive_pressing_costs_nothing_unless_a_double():
    plain, ev = aggressive(pos(rules=",pressing"), 5, 6)
    assert plain.value == 2 and plain.control == W
    assert "free_kick" in [st["k"] for st in plain.agenda]
    assert any(st["k"] == "roll" and st["for"] == "yellow" for st in plain.agenda)
    s, ev = aggressive(pos(east=("tackler",), rules=",pressing"), 5, 6)
    assert s.value == 3  # the ball value stays
    assert "free_kick" not in [st["k"] for st in s.agenda]
    assert skill_events(ev, "tackler")[0].data["double"] is False
    assert s.control == W and s.condition[E] == [3, 4, 2]
    d = decision(s)
    assert (d.kind, d.actor) == ("action", WEST)  # play goes on: west's first action
    assert skill_choices(s, EAST) == {}  # nothing to choose: it played by itself


def test_tackler_a_failed_aggressive_pressing_on_a_double_is_still_a_foul():
    s, ev = aggressive(pos(east=("tackler",), rules=",pressing"), 5, 5)
    assert skill_events(ev, "tackler")[0].data["double"] is True
    assert s.control == W and "free_kick" in [st["k"] for st in s.agenda]
    assert any(st["k"] == "roll" and st["for"] == "yellow" for st in s.agenda)


def test_tackler_only_in_the_defence_zone():
    s, ev = aggressive(pos(east=("tackler",), ball=7, rules=",pressing"), 5, 6)
    assert not skill_events(ev, "tackler") and s.value == 2


def test_tackler_not_with_the_goalkeeper_alone_at_the_ball():
    s, ev = aggressive(pos(KEEPER_OUT, ("tackler",), rules=",pressing"), 5, 6)
    assert not skill_events(ev, "tackler")
    assert s.value == 2 and any(st["k"] == "roll" and st["for"] == "yellow" for st in s.agenda)


# -- stopper --------------------------------------------------------------------------------


def kept_in_the_arc(text: str, east: tuple[str, ...], *dice: int, target: int = 9):
    s, _ = act(pos(text, east), WEST, "target", area=target)
    return roll(s, WEST, *dice)


def test_stopper_the_new_ball_value_is_the_higher_die():
    plain, ev = kept_in_the_arc(ARC, (), 6, 2)
    assert find(ev, "ball_value").data["value"] == 2
    s, ev = kept_in_the_arc(ARC, ("stopper",), 6, 2)
    assert "ball_value" not in kinds(ev)  # the window comes before the new value
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "value")
    assert [c.label for c in d.choices] == ["Stopper (1 point)", "no skill"]
    s, ev = play_skill(s, EAST, "stopper")
    assert s.value == 6 and find(ev, "ball_value").data["value"] == 6
    assert s.condition[E] == [3, 4, 2]
    assert skill_events(ev, "stopper")[0].data["value"] == 6


def test_stopper_not_offered_when_the_higher_die_counts_anyway():
    s, ev = kept_in_the_arc(ARC, ("stopper",), 6, 2, target=12)  # 9 -> 12, west has nobody
    assert find(ev, "ball_value").data["value"] == 6
    assert skill_choices(s, EAST) == {}


def test_stopper_too_late_once_the_ball_value_is_set():
    s, _ = kept_in_the_arc(ARC, ("stopper",), 6, 2)
    s, _ = no_skill(s, EAST)
    d = decision(s)
    assert (d.kind, d.actor) == ("action", EAST)  # the low die: east acts first
    message = refused(s, EAST, "skill", None, name="stopper")
    assert "Stopper is played when the opponent keeps the ball" in message
    assert message.endswith("not now.")


def test_stopper_not_with_the_goalkeeper_alone_at_the_ball():
    s, ev = kept_in_the_arc(KEEPER_OUT, ("stopper",), 6, 1)
    s = through_tiredness(s)
    assert s.value == 1
    d = decision(s)
    assert (d.kind, d.actor) == ("action", EAST)
    assert "goalkeeper is alone" in refused(s, EAST, "skill", None, name="stopper")


# -- doubling up ----------------------------------------------------------------------------


def position_roll(text: str, east: tuple[str, ...], ball: int, *dice: int) -> FubaState:
    """East, defending at value 1, acts first and positions with ``dice``."""
    s = at_action(pos(text, east, ball=ball, value=1), first=EAST)
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, *dice)
    return s


def test_doubling_up_a_paid_positioning_in_defence_may_go_past_two():
    plain = position_roll(ARC, (), 9, 5, 6)
    assert plain.value == 3 and decision(plain).kind == "action"  # two steps, nothing to buy
    s = position_roll(ARC, ("doubling_up",), 9, 5, 6)
    d = decision(s)
    assert (d.kind, d.actor) == ("boost", EAST)
    s, ev = act(s, EAST, "boost", choice="use")
    assert s.value == 4 and s.condition[E] == [3, 4, 2]
    assert len(skill_events(ev, "doubling_up")) == 1
    s = position_roll(ARC, ("doubling_up",), 9, 5, 6)
    s, ev = act(s, EAST, "boost", choice="skip")
    assert s.value == 3 and not skill_events(ev, "doubling_up")


def test_doubling_up_not_in_midfield():
    s = position_roll(ARC, ("doubling_up",), 7, 5, 6)
    assert s.value == 3 and decision(s).kind != "boost"


def test_doubling_up_not_with_the_goalkeeper_alone_at_the_ball():
    s = position_roll(KEEPER_OUT, ("doubling_up",), 9, 5, 6)
    assert decision(s).kind != "boost" and s.value <= 3


# -- skilled full back and offside trap (A7 offside risk) -----------------------------------


def risky_pass(east: tuple[str, ...]) -> tuple[FubaState, list]:
    """West plays from the arc into east's box past east's last line in the arc."""
    s = pos(RISK, east, rules=",offside_risk")
    return act(s, WEST, "target", area=12)


def test_skilled_full_back_the_side_areas_next_to_the_line_count_for_the_risk():
    plain, ev = risky_pass(())
    assert find(ev, "offside_risk").data["added"] == 1  # east's one in the arc
    s, ev = risky_pass(("skilled_full_back",))
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "stage1")
    assert [c.label for c in d.choices] == ["Skilled full back (1 point)", "no skill"]
    s, ev = play_skill(s, EAST, "skilled_full_back")
    # two more for east's wings 8 and 10 next to the arc: three, within its four defenders
    assert skill_events(ev, "skilled_full_back")[0].data["added"] == 2
    assert s.value == plain.value + 2 and s.turn["risk"] == 3
    assert s.condition[E] == [3, 4, 2]
    assert decision(s).kind == "roll"


def test_skilled_full_back_not_without_offside_risk():
    s = pos(RISK, ("skilled_full_back",), rules=",offside_risk")
    s, _ = act(s, WEST, "target", area=9)  # no risk within the arc
    assert decision(s).kind == "roll"
    assert "not your decision" in refused(s, EAST, "skill", None, name="skilled_full_back")


def test_offside_trap_one_die_made_it_a_free_kick_for_the_defenders():
    s, _ = risky_pass(("offside_trap",))
    assert s.value == 4  # three for the pass, one for the offside risk
    plain, ev = roll(s, WEST, 6, 1)
    plain = through_tiredness(plain)
    d = decision(plain)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "trap")
    assert [c.label for c in d.choices] == ["Offside trap (1 point)", "no skill"]
    kept, ev = no_skill(plain, EAST)
    assert kept.control == W and find(ev, "control").data["kept"] is True
    s, ev = play_skill(plain, EAST, "offside_trap")
    assert s.control == E and len(skill_events(ev, "offside_trap")) == 1
    assert {"k": "free_kick", "team": E} in s.agenda and s.ball == 12
    assert not any(st["k"] == "roll" and st["for"] == "yellow" for st in s.agenda)
    assert s.condition[E] == [3, 4, 2]


@pytest.mark.parametrize("dice", [(6, 5), (1, 2)])
def test_offside_trap_not_when_both_or_neither_die_made_it(dice):
    s, _ = risky_pass(("offside_trap",))
    s, ev = roll(s, WEST, *dice)
    assert skill_choices(through_tiredness(s), EAST) == {}


# -- skilled wing backs ---------------------------------------------------------------------


def east_wins_the_ball(ball: int, east: tuple[str, ...]) -> FubaState:
    s = at_action(pos(CROWDED, east, ball=ball), first=EAST)
    s, _ = choose(s, EAST, "press")
    s, _ = roll(s, EAST, 1, 2)
    assert s.control == E
    return s


def test_skilled_wing_backs_move_the_won_ball_to_a_neighbour_with_a_player():
    s = east_wins_the_ball(9, ("skilled_wing_backs",))
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "pressed")
    areas = [a["area"] for a in skill_choices(s, EAST)["skilled_wing_backs"]]
    assert areas == [7, 8, 10, 12]  # east has players there; none in 11 or 13
    assert "Skilled wing backs (1 point): move the ball to area 8" in [c.label for c in d.choices]
    s, ev = play_skill(s, EAST, "skilled_wing_backs", area=8)
    assert s.ball == 8 and s.control == E and s.condition[E] == [3, 4, 2]
    assert skill_events(ev, "skilled_wing_backs")[0].data == {
        "team": E,
        "skill": "skilled_wing_backs",
        "name": "Skilled wing backs",
        "from": 9,
        "to": 8,
    }
    message = refused(
        east_wins_the_ball(9, ("skilled_wing_backs",)),
        EAST,
        "skill",
        None,
        name="skilled_wing_backs",
        area=11,
    )
    assert "Skilled wing backs" in message


def test_skilled_wing_backs_not_after_winning_the_ball_in_midfield():
    s = east_wins_the_ball(7, ("skilled_wing_backs",))
    assert skill_choices(s, EAST) == {}
    assert s.ball == 7


# -- fast defender --------------------------------------------------------------------------


def test_fast_defender_one_more_free_movement_into_the_defence_zone():
    s = at_action(pos(ARC, ("fast_defender",)), first=EAST)
    d = decision(s)
    assert (d.kind, d.actor) == ("action", EAST)  # folded into the first action
    assert "Fast defender (1 point)" in [c.label for c in d.choices]
    message = refused(s, EAST, "move", None, from_=7, to=9)  # west outnumbers in the centre
    assert "No free movement from area 7 to area 9" in message
    s, ev = play_skill(s, EAST, "fast_defender")
    assert s.condition[E] == [3, 4, 2] and len(skill_events(ev, "fast_defender")) == 1
    assert decision(s).kind == "action" and skill_choices(s, EAST) == {}
    s, _ = act(s, EAST, "move", from_=7, to=9)
    assert s.outfield[E][9] == 3
    with pytest.raises(RulesError):
        act(s, EAST, "move", from_=7, to=9)  # only one


def test_fast_defender_not_in_the_second_action():
    s = at_action(pos(ARC, ("fast_defender",)), first=WEST)
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 1, 1)
    d = decision(s)
    assert d.actor == EAST
    assert "Fast defender (1 point)" in [c.label for c in d.choices]  # east's first action
    s, _ = choose(s, EAST, "press")
    s, _ = roll(s, EAST, 6, 5)  # the pressing fails
    s, _ = act(s, WEST, "continue", choice="second")
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 2)
    s, _ = act(s, WEST, "done")
    d = decision(s)
    assert (d.kind, d.actor) == ("action", EAST)  # east's second action
    assert skill_choices(s, EAST) == {}
    assert "not now" in refused(s, EAST, "skill", None, name="fast_defender")


# -- catenaccio -----------------------------------------------------------------------------


def test_catenaccio_moves_the_second_lowest_player_at_the_end_of_the_situation():
    s, ev = kept_in_the_arc(HIGH_LINE, ("catenaccio",), 6, 5)
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "situation_end")
    targets = [a["to"] for a in skill_choices(s, EAST)["catenaccio"]]
    assert targets == [7, 8, 10, 11, 12, 13]  # from the arc, east's last line
    assert "Catenaccio (1 point): move your second-lowest player to area 12" in [
        c.label for c in d.choices
    ]
    s, ev = play_skill(s, EAST, "catenaccio", to=12)
    assert s.outfield[E][9] == 1 and s.outfield[E][12] == 1
    assert s.condition[E] == [3, 4, 2]
    assert skill_events(ev, "catenaccio")[0].data["goalkeeper"] is False


def test_catenaccio_the_goalkeeper_moves_when_it_is_the_second_lowest():
    text = HIGH_LINE.replace("g12,4:2,7:2,8:2,9:2,10:2", "g9,4:2,7:2,8:3,10:2,12:1")
    s, _ = kept_in_the_arc(text, ("catenaccio",), 6, 5)
    s, ev = play_skill(s, EAST, "catenaccio", to=12)
    assert s.keeper[E] == 12 and s.outfield[E][12] == 1
    assert skill_events(ev, "catenaccio")[0].data["goalkeeper"] is True


def test_catenaccio_not_for_the_team_with_the_ball_and_not_before_the_dice():
    s = pos(HIGH_LINE, ("catenaccio",))
    assert "not your decision" in refused(s, EAST, "skill", None, name="catenaccio", to=12)
    s, _ = kept_in_the_arc(HIGH_LINE, ("catenaccio",), 1, 2)  # east wins the ball
    assert s.control == E
    assert skill_choices(s, EAST) == {}


def test_defender_skills_paid_twice_from_midfield_when_the_defence_has_none():
    s = pos(ARC, ("stopper",), cond="0.3.2")
    s, _ = act(s, WEST, "target", area=9)
    s, _ = roll(s, WEST, 6, 2)
    s, ev = play_skill(s, EAST, "stopper")
    assert s.condition[E] == [0, 1, 2] and s.value == 6
    assert find(ev, "condition_used").data["points"] == 2


def test_skilled_wing_backs_the_ball_stays_without_the_skill():
    s = east_wins_the_ball(9, ())
    assert s.ball == 9 and decision(s).kind == "action"
    s = east_wins_the_ball(9, ("skilled_wing_backs",))
    s, _ = no_skill(s, EAST)
    assert s.ball == 9 and s.skills[E] == {"skilled_wing_backs": 0}


# West kept the ball in east's arc with the dice 6 and 2: east's stopper window is open before
# the new ball value (the lower die, 2) is set.
STOPPER_WINDOW = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 9 3 w h1:14 0-0 "
    "skill:e:value:- situation:normal:1:w:9:-/-:9:1:3{target_empty=false,dice=[6,2],phase=6,"
    "check_value=3,was_stoppage=false,moved=4,normal_moved=4,checked=true} kick=w turns=1/0 "
    "pass=9>9 rules=condition options={skills=5} cond=4.4.2/4.4.2 skills=-/stopper"
)


@pytest.mark.parametrize(("choice", "value"), [("stopper", 6), ("none", 2)])
def test_stopper_from_its_written_window(choice, value):
    s = FUBA.from_position(STOPPER_WINDOW)
    assert skill_choices(s, EAST) == {"stopper": [{}]}
    s, ev = play_skill(s, EAST, choice)
    assert s.value == value and find(ev, "ball_value").data["value"] == value
    assert s.skills[E] == {"stopper": 1 if choice == "stopper" else 0}


def test_stopper_refused_for_its_point_when_east_cannot_pay():
    s = pos(ARC, ("stopper",), cond="0.1.2")
    s, _ = act(s, WEST, "target", area=9)
    s, ev = roll(s, WEST, 6, 2)
    assert find(ev, "ball_value").data["value"] == 2  # no window: the lower die
    d = decision(s)
    assert (d.kind, d.actor) == ("action", EAST)
    assert refused(s, EAST, "skill", None, name="stopper") == (
        "Stopper costs 1 condition point: you have too few in defence (or 2 in a zone next to it)."
    )
