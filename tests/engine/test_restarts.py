"""Restarts: 5.2 free kick, 5.3 corner kick, 5.4 goal kick, 5.5 penalty kick, and their extra
minute (4.2.1.1).

Free kicks and penalties are started here with ``restarts.award_free_kick`` /
``restarts.award_penalty`` (in play they come from the advanced rules); corners and goal kicks
come from real goal attempts. West attacks the east goal (box 12, corner spots 16 by area 11
and 17 by area 13).
"""

from __future__ import annotations

import pytest

from engine.core import NotYourDecision
from engine.fuba import FUBA

from .scenario import (
    EAST,
    WEST,
    act,
    assert_illegal,
    choose,
    decision,
    find,
    kinds,
    mirrored,
    position,
    roll,
    step,
    target_values,
    to_actions,
    with_free_kick,
    with_penalty,
)

WEST_LAYOUT = {9: 3, 12: 1, 7: 6}
EAST_LAYOUT = {9: 2, 12: 2, 7: 4, 5: 2}


def base(**kw):
    """West has the ball in area 9 at minute 20."""
    kw.setdefault("minute", 20)
    return position(west=WEST_LAYOUT, east=EAST_LAYOUT, ball=9, value=1, **kw)


def west_shot(die: int, **kw):
    """West's goal attempt from 9 in ``base``: modifier -2, ball value 3 (the rulebook
    example): 5 is a corner kick, 1-3 a miss. The dice 6 and 3 move the clock 3 minutes."""
    state = to_actions(base(**kw), 3)
    state, _ = choose(state, WEST, "goal")
    return roll(state, WEST, die)


def other(side: str) -> str:
    return EAST if side == WEST else WEST


def set_up(state, side: str, mine, theirs, adjust=()):
    """Both set-ups of a restart (kicking team first), then the kicking team's adjustments."""
    assert decision(state).actor == side
    state, _ = act(state, side, "setup", layout=mine)
    state, _ = act(state, other(side), "setup", layout=theirs)
    for frm, to in adjust:
        state, _ = act(state, side, "move", from_=frm, to=to)
    if adjust and len(adjust) == 2:
        return state  # two adjustments end the step by themselves
    state, _ = act(state, side, "done")
    return state


# ==============================================================================================
# 5.2 free kick


def test_5_2_free_kick_makes_the_awarded_team_controlling_with_ball_value_two():
    state, ev = with_free_kick(base(), EAST, 5)
    assert find(ev, "free_kick").data == {"team": 1, "area": 5, "quick": False}
    assert state.control == 1
    assert (state.ball, state.value) == (5, 2)
    assert state.minute == 21  # 4.2.1.1
    d = decision(state)
    assert (d.actor, d.kind, d.info["kind"], d.info["area"]) == (EAST, "setup", "free_kick", 5)


def test_5_2_1_free_kick_setup_order_and_the_kicking_area():
    state, _ = with_free_kick(base(), WEST, 9)
    assert decision(state).actor == WEST  # 3.3 the controlling team first
    assert_illegal(state, WEST, "setup", "at least one player in area 9", layout=[[7, 5], [8, 5]])
    # everybody else anywhere, even in the opponent's box and corners
    state, _ = act(state, WEST, "setup", layout=[[9, 1], [12, 3], [11, 3], [13, 3]])
    assert decision(state).actor == EAST
    state, _ = act(state, EAST, "setup", layout=[[9, 4], [12, 4], [7, 2]])
    assert state.keeper == [2, 12]
    d = decision(state)
    assert (d.actor, d.kind, d.info["mode"]) == (WEST, "move", "adjust")
    # the adjustment may not take the only player out of the kicking area
    assert_illegal(state, WEST, "move", "player with the ball in area 9", from_=9, to=8)
    state, _ = act(state, WEST, "move", from_=12, to=9)
    state, _ = act(state, WEST, "move", from_=11, to=9)  # the second adjustment ends the step
    assert state.outfield[0][9] == 3
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "free_kick")
    assert [c.action.args["choice"] for c in d.choices] == ["shoot", "pass"]


def direct_free_kick():
    """A free kick for west in 9 after a set-up; west's box player is onside (east's
    second-closest piece is in 12) and counted: 1 against 1 + goalkeeper."""
    state, _ = with_free_kick(base(), WEST, 9)
    return set_up(state, WEST, [[9, 3], [12, 1], [7, 6]], [[9, 1], [12, 1], [7, 8]])


@pytest.mark.parametrize(
    ("die", "outcome"), [(6, "goal"), (5, "corner"), (4, "rebound"), (3, "miss")]
)
def test_5_2_2_direct_free_kick_shot(die, outcome):
    """Value 2; area -2; box -1; no shooting-area modifier on a free kick (footnote [1]) even
    though west has 3 against 1 in area 9. With it a 4 would already be a corner."""
    state = direct_free_kick()
    state, ev = act(state, WEST, "free_kick", choice="shoot")
    assert "dice" not in kinds(ev)  # 5.2.2 no stages 1-2 (design decision 11)
    assert state.minute == 21
    assert state.value == 2
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "action")
    assert [c.action.args["kind"] for c in d.choices if c.action.kind == "action"] == ["goal"]
    state, _ = choose(state, WEST, "goal")
    state, ev = roll(state, WEST, die)
    data = find(ev, "goal_attempt").data
    assert data["parts"] == {"area": -2, "penalty_area": -1}
    assert data["outcome"] == outcome


def test_5_2_2_direct_free_kick_first_action_must_be_the_shot():
    state, _ = act(direct_free_kick(), WEST, "free_kick", choice="shoot")
    assert_illegal(state, WEST, "action", "direct shot", kind="move")


def test_5_2_2_no_direct_shot_where_no_goal_attempt_is_allowed():
    state, _ = with_free_kick(base(), WEST, 7)  # quick free kick in the centre, keeper home
    state, _ = act(state, WEST, "done")
    d = decision(state)
    assert [c.action.args["choice"] for c in d.choices] == ["pass"]
    assert_illegal(state, WEST, "free_kick", "cannot shoot directly from area 7", choice="shoot")


def test_5_2_2_pass_starts_a_new_turn_without_the_start_area_reduction():
    """East has nobody in 9: normally -1 (4.1.2.1), not on a free kick: 8 stays at 2."""
    state, _ = with_free_kick(base(), WEST, 9)
    state = set_up(state, WEST, [[9, 2], [12, 1], [7, 7]], [[12, 1], [7, 9]])
    turns = state.turns[0]
    state, ev = act(state, WEST, "free_kick", choice="pass")
    assert state.turns[0] == turns + 1
    values = target_values(state)
    assert values[8] == 2
    assert values[9] == 1  # two players in the start area: allowed; 2 v 0 there: -1


def test_5_2_2_start_area_as_target_needs_two_kicking_players():
    state, _ = with_free_kick(base(), WEST, 9)
    state = set_up(state, WEST, [[9, 1], [12, 1], [7, 8]], [[12, 1], [7, 9]])
    state, _ = act(state, WEST, "free_kick", choice="pass")
    assert 9 not in target_values(state)
    assert_illegal(state, WEST, "target", "only with two players", area=9)


def quick_position(**kw):
    kw.setdefault("minute", 20)
    return position(west={5: 2, 7: 5, 4: 3}, east={5: 1, 7: 5, 4: 2, 6: 2}, ball=7, value=4, **kw)


def test_5_2_3_quick_free_kick_has_no_setup():
    before = quick_position()
    state, ev = with_free_kick(before, WEST, 5)
    assert find(ev, "free_kick").data["quick"] is True
    assert state.outfield == before.outfield
    assert (state.ball, state.value, state.minute) == (5, 2, 21)
    d = decision(state)
    assert (d.actor, d.kind, d.info["mode"]) == (WEST, "move", "quick_ct")


def test_5_2_3_quick_free_kick_moves_any_number_then_as_many_for_the_defenders():
    state, _ = with_free_kick(quick_position(), WEST, 5)
    state, _ = act(state, WEST, "move", from_=7, to=8, count=2)
    state, _ = act(state, WEST, "move", from_=4, to=1)
    assert_illegal(state, WEST, "move", "already moved", from_=8, to=9)  # one area each
    state, _ = act(state, WEST, "done")
    d = decision(state)
    assert (d.actor, d.info["mode"]) == (EAST, "quick_dt")
    assert step(state)["left"] == 3
    state, _ = act(state, EAST, "move", from_=7, to=8, count=2)
    state, _ = act(state, EAST, "move", from_=6, to=10)
    d = decision(state)  # the third move used up east's allowance
    assert (d.actor, d.kind) == (WEST, "free_kick")
    assert_illegal(state, EAST, "move", "not your decision", from_=6, to=10)


def test_5_2_3_quick_free_kick_without_moves_gives_the_defenders_none():
    state, _ = with_free_kick(quick_position(), WEST, 5)
    state, _ = act(state, WEST, "done")
    assert decision(state).kind == "free_kick"


def test_5_2_3_quick_free_kick_defenders_may_move_fewer():
    state, _ = with_free_kick(quick_position(), WEST, 5)
    state, _ = act(state, WEST, "move", from_=7, to=8, count=3)
    state, _ = act(state, WEST, "done")
    state, _ = act(state, EAST, "move", from_=7, to=8)
    state, _ = act(state, EAST, "done")
    assert decision(state).kind == "free_kick"
    assert state.outfield[1][8] == 1


@pytest.mark.parametrize(
    ("side", "area", "quick"),
    [
        (WEST, 7, True),  # the centre: always quick
        (EAST, 7, True),
        (WEST, 4, True),  # own half
        (WEST, 2, True),  # own box: a quick free kick, not a penalty
        (EAST, 9, True),
        (WEST, 8, False),  # opponent's half: a new set-up
        (EAST, 5, False),
        (EAST, 6, False),
    ],
)
def test_5_2_3_which_free_kicks_are_quick(side, area, quick):
    layout = {a: 1 for a in range(1, 11)}  # every side has a player in areas 1-10
    state = position(west=layout, east=mirrored(layout), ball=7, value=3,
                     control=side)  # fmt: skip
    state, ev = with_free_kick(state, side, area)
    assert find(ev, "free_kick").data["quick"] is quick
    assert "penalty_awarded" not in kinds(ev)
    assert decision(state).kind == ("move" if quick else "setup")


@pytest.mark.parametrize(("side", "box"), [(WEST, 12), (EAST, 2)])
def test_5_2_free_kick_in_the_opponents_box_is_a_penalty_kick(side, box):
    state, ev = with_free_kick(base(), side, box)
    assert "free_kick" not in kinds(ev)
    assert "penalty_awarded" in kinds(ev)
    assert state.minute == 21  # one extra minute, not two
    assert state.control == (0 if side == WEST else 1)
    assert (state.ball, state.value) == (box, 2)
    d = decision(state)
    assert (d.actor, d.kind, d.info["kind"]) == (side, "setup", "penalty")


# ==============================================================================================
# 5.3 corner kick


def corner_choice():
    state, ev = west_shot(5)
    assert find(ev, "goal_attempt").data["outcome"] == "corner"
    return state


def test_5_3_corner_choice_north_or_south():
    state = corner_choice()
    assert state.minute == 24  # 20 + 3 + the corner's extra minute
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "corner")
    assert [c.action.args["side"] for c in d.choices] == ["north", "south"]
    for side, spot in (("north", 16), ("south", 17)):
        after, _ = act(state, WEST, "corner", side=side)
        assert (after.ball, after.value) == (spot, 2)
        d = decision(after)
        assert (d.actor, d.kind, d.info["area"], d.info["players"]) == (WEST, "setup", spot, 9)
    assert_illegal(state, WEST, "corner", "north, south", side="east")


def test_5_3_corner_choice_for_the_east_team():
    state = position(west=mirrored(EAST_LAYOUT), east=mirrored(WEST_LAYOUT), ball=5, value=1,
                     control=EAST)  # fmt: skip
    state = to_actions(state, 3)
    state, _ = choose(state, EAST, "goal")
    state, ev = roll(state, EAST, 5)
    assert "corner_kick" in kinds(ev)
    for side, spot in (("north", 14), ("south", 15)):
        after, _ = act(state, EAST, "corner", side=side)
        assert after.ball == spot


@pytest.mark.parametrize(("area", "spot"), [(11, 16), (13, 17)])
def test_5_3_corner_from_a_corner_area_is_taken_on_that_side(area, spot):
    """Design decision 12. From 11: area -4, shooting 2 v 1 +1, box 1 v 2 + keeper -1; value 2
    needs a 7: a 6 and then a second roll of 4 (= the area modifier) is a corner."""
    state = position(west={area: 2, 12: 1, 7: 7}, east={area: 1, 12: 2, 7: 7}, ball=area, value=1)
    state = to_actions(state, 2)
    state, _ = choose(state, WEST, "goal")
    state, _ = roll(state, WEST, 6)
    state, ev = roll(state, WEST, 4)
    assert "corner_kick" in kinds(ev)
    d = decision(state)  # no choice of corner
    assert (d.kind, d.info["area"]) == ("setup", spot)
    assert state.ball == spot


def corner_setup(west_layout, east_layout):
    state, _ = act(corner_choice(), WEST, "corner", side="north")
    return set_up(state, WEST, west_layout, east_layout)


def test_5_3_1_corner_setup_places_the_taker_on_the_corner_spot():
    state, _ = act(corner_choice(), WEST, "corner", side="north")
    assert_illegal(state, WEST, "setup", "exactly 9", layout=[[12, 3], [9, 3], [7, 4]])
    assert_illegal(state, WEST, "setup", "no area 16", layout=[[16, 1], [12, 3], [9, 3], [7, 2]])
    state, _ = act(state, WEST, "setup", layout=[[12, 3], [9, 3], [7, 3]])
    assert state.outfield[0][16] == 1  # the taker
    state, _ = act(state, EAST, "setup", layout=[[12, 3], [9, 3], [7, 4]])
    # the taker stays on the spot for the kick
    assert_illegal(state, WEST, "move", "stays on the corner spot", from_=16, to=11)
    state, _ = act(state, WEST, "done")
    assert (state.ball, state.value) == (16, 2)
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "target")


def test_5_3_corner_spot_is_a_separate_area_next_to_the_corner_area():
    """From the spot, 11 is adjacent; 12, 9 and 8 are long passes over one area (+1). No
    start-area reduction on a corner kick (east has nobody on the spot)."""
    state = corner_setup([[12, 3], [9, 3], [7, 3]], [[12, 3], [9, 3], [7, 4]])
    values = target_values(state)
    assert values[11] == 2
    assert values[12] == 4  # 2 + 1 long pass + 1 (east 3 + goalkeeper against 3)
    assert values[9] == 3  # 2 + 1, 3 against 3
    assert values[8] == 3
    assert 16 not in values


def test_5_3_2_taker_steps_into_the_corner_area_after_stage_2():
    state = corner_setup([[12, 3], [9, 3], [7, 3]], [[12, 3], [9, 3], [7, 4]])
    state, _ = act(state, WEST, "target", area=12)
    assert (state.outfield[0][16], state.outfield[0][11]) == (1, 0)
    state, _ = roll(state, WEST, 6, 3)
    assert (state.outfield[0][16], state.outfield[0][11]) == (0, 1)
    assert decision(state).kind == "action"


def test_5_3_offside_does_not_apply_to_the_corner_kick():
    """East's second-closest piece is in 9, so west's two players in 12 would be offside."""
    state = corner_setup([[12, 2], [9, 1], [7, 6]], [[9, 3], [7, 7]])
    assert target_values(state)[12] == 2  # 2 + 1 long pass - 1 (2 against the goalkeeper)


# ==============================================================================================
# 5.4 goal kick


def goal_kick():
    state, ev = west_shot(1)
    assert "goal_kick" in kinds(ev)
    return state


def test_5_4_goal_kick_clears_the_box_towards_the_centre():
    state = goal_kick()
    assert state.control == 1
    assert (state.ball, state.value) == (12, 2)
    assert state.minute == 24  # 20 + 3 + the goal kick's extra minute
    # both teams' outfield players in the box go to the arc; east's goalkeeper stays
    assert (state.outfield[0][12], state.outfield[0][9]) == (0, 4)
    assert (state.outfield[1][12], state.outfield[1][9]) == (0, 4)
    assert state.keeper[1] == 12
    d = decision(state)
    assert (d.actor, d.info["mode"]) == (EAST, "gk_ct")


def test_5_4_controlling_team_moves_any_number_of_players_once_each():
    state = goal_kick()
    state, _ = act(state, EAST, "move", from_=7, to=8, count=4)
    state, _ = act(state, EAST, "move", from_=5, to=4, count=2)
    state, _ = act(state, EAST, "move", from_=9, to=10)
    assert_illegal(state, EAST, "move", "already moved", from_=8, to=11)
    state, _ = act(state, EAST, "done")
    d = decision(state)
    assert (d.actor, d.info["mode"]) == (WEST, "gk_dt")
    assert step(state)["left"] == 7  # as many as east moved


def test_5_4_defending_team_moves_at_least_four():
    state = goal_kick()
    state, _ = act(state, EAST, "done")
    assert step(state)["left"] == 4
    assert_illegal(state, WEST, "move", "only 4 moves left", from_=7, to=4, count=5)
    state, _ = act(state, WEST, "move", from_=7, to=4, count=3)
    state, _ = act(state, WEST, "move", from_=9, to=8)
    d = decision(state)  # the fourth move ended west's step; a new turn for east
    assert (d.actor, d.kind) == (EAST, "target")
    with pytest.raises(NotYourDecision):
        act(state, WEST, "move", from_=9, to=8)


@pytest.mark.parametrize(("ct_moves", "dt_moves"), [(0, 4), (2, 4), (4, 4), (5, 5), (6, 6)])
def test_5_4_defending_team_moves_as_many_as_the_controlling_team_at_least_four(ct_moves, dt_moves):
    """Design decision 13: up to max(moves made by the controlling team, 4)."""
    state = goal_kick()
    if ct_moves:
        state, _ = act(state, EAST, "move", from_=7, to=8, count=min(ct_moves, 4))
    if ct_moves > 4:
        state, _ = act(state, EAST, "move", from_=9, to=10, count=ct_moves - 4)
    state, _ = act(state, EAST, "done")
    assert step(state)["left"] == dt_moves
    if dt_moves < 6:  # west has six players in 7
        assert_illegal(state, WEST, "move", "moves left", from_=7, to=4, count=dt_moves + 1)
    state, _ = act(state, WEST, "move", from_=7, to=4, count=dt_moves)
    assert decision(state).kind == "target"


def test_5_4_goal_kick_skips_the_rest_of_the_turn_and_starts_a_new_one():
    before = to_actions(base(), 3)
    turns = before.turns[0]
    state = goal_kick()
    state, _ = act(state, EAST, "done")
    state, _ = act(state, WEST, "move", from_=9, to=8, count=4)
    assert state.turns[0] == turns + 1
    assert state.turn["acts"] == [[], []]  # east never played its action of the old turn
    assert state.turn["kind"] == "goal_kick"


def test_5_4_goal_kick_pass_has_no_start_area_reduction_and_no_offside():
    """After the moves west's line is the centre, so east's two players in 5 are beyond it;
    the goal kick ignores offside. Values: 12 -> 7 is 2 + 1 long pass + 1 (4 v 6) = 4, not 3;
    12 -> 5 is 2 + 2 - 1 (2 v 0) = 3."""
    state = goal_kick()
    state, _ = act(state, EAST, "done")
    state, _ = act(state, WEST, "move", from_=9, to=8, count=4)
    values = target_values(state)
    assert values[7] == 4
    assert values[5] == 3
    # the same position in an ordinary turn: offside, and the start-area reduction
    normal = position(west={8: 4, 7: 6}, east={9: 4, 7: 4, 5: 2}, ball=12, value=2, control=EAST)
    values = target_values(normal)
    assert 5 not in values
    assert values[7] == 3


# ==============================================================================================
# 5.5 penalty kick


def penalty_setup():
    state, ev = with_penalty(base(), WEST)
    assert "penalty_awarded" in kinds(ev)
    return state


def penalty_ready():
    """Set up and adjusted: the east goalkeeper must now choose."""
    state = penalty_setup()
    return set_up(state, WEST, [[9, 3], [7, 6]], [[9, 3], [7, 4], [11, 1], [13, 2]])


def test_5_5_1_penalty_setup():
    state = penalty_setup()
    assert state.minute == 21  # design decision 2: a penalty also adds the extra minute
    assert (state.control, state.ball, state.value) == (0, 12, 2)
    d = decision(state)
    assert (d.actor, d.info["players"]) == (WEST, 9)
    assert_illegal(state, WEST, "setup", "exactly 9", layout=[[9, 4], [7, 6]])
    assert_illegal(state, WEST, "setup", "only the penalty taker", layout=[[12, 1], [9, 2], [7, 6]])
    state, _ = act(state, WEST, "setup", layout=[[9, 3], [7, 6]])
    assert state.outfield[0][12] == 1  # the taker on the penalty spot
    assert_illegal(state, EAST, "setup", "no outfield player", layout=[[12, 1], [9, 3], [7, 6]])
    state, _ = act(state, EAST, "setup", layout=[[9, 3], [7, 4], [11, 1], [13, 2]])
    assert state.keeper[1] == 12  # the goalkeeper on the goal line
    assert_illegal(state, WEST, "move", "only the penalty taker", from_=9, to=12)
    state, _ = act(state, WEST, "done")
    d = decision(state)
    assert (d.actor, d.kind, d.secret) == (EAST, "penalty", True)


def test_5_5_2_goalkeeper_chooses_first_then_the_kicker():
    state = penalty_ready()
    with pytest.raises(NotYourDecision):
        act(state, WEST, "penalty", side="left")
    assert_illegal(state, EAST, "penalty", "left, middle, right", side="up")
    state, _ = act(state, EAST, "penalty", side="left")
    d = decision(state)
    assert (d.actor, d.kind, d.secret) == (WEST, "penalty", True)
    assert [c.action.args["side"] for c in d.choices] == ["left", "middle", "right"]
    state, _ = act(state, WEST, "penalty", side="right")
    d = decision(state)
    assert (d.actor, d.dice) == (WEST, 1)


def test_5_5_2_penalty_choices_are_secret():
    state = penalty_ready()
    state, ev = act(state, EAST, "penalty", side="left")
    assert "side" not in find(ev, "penalty_choice").data
    assert FUBA.view(state, EAST)["turn"]["keeper_side"] == "left"
    assert FUBA.view(state, WEST)["turn"]["keeper_side"] == "hidden"
    assert FUBA.view(state, None)["turn"]["keeper_side"] == "hidden"
    state, ev = act(state, WEST, "penalty", side="right")
    assert "side" not in find(ev, "penalty_choice").data
    assert FUBA.view(state, WEST)["turn"]["kick_side"] == "right"
    assert FUBA.view(state, EAST)["turn"]["kick_side"] == "hidden"
    assert FUBA.view(state, EAST)["turn"]["keeper_side"] == "left"
    assert FUBA.view(state, WEST)["turn"]["keeper_side"] == "hidden"
    # revealed with the kick
    state, ev = roll(state, WEST, 6)
    data = find(ev, "penalty_kick").data
    assert (data["kick"], data["keeper"]) == ("right", "left")


PENALTY_TABLE = [
    ("left", "left", 2),
    ("left", "middle", 2),
    ("left", "right", 6),  # design decision 14: the missing cell
    ("middle", "left", 1),
    ("middle", "middle", 6),
    ("middle", "right", 1),
    ("right", "left", 6),
    ("right", "middle", 2),
    ("right", "right", 2),
]


def penalty_kick(kick: str, keeper: str):
    state = penalty_ready()
    state, _ = act(state, EAST, "penalty", side=keeper)
    state, _ = act(state, WEST, "penalty", side=kick)
    return state


@pytest.mark.parametrize(("kick", "keeper", "need"), PENALTY_TABLE)
def test_5_5_2_penalty_table(kick, keeper, need):
    state = penalty_kick(kick, keeper)
    scored, ev = roll(state, WEST, need)
    assert find(ev, "penalty_kick").data["need"] == need
    assert scored.score == [1, 0]
    if need > 1:
        missed, ev = roll(state, WEST, need - 1)
        assert missed.score == [0, 0]
        assert "goal_kick" in kinds(ev)


def test_5_5_2_kick_left_goalkeeper_guesses_right_needs_a_six():
    """Design decision 14: the goalkeeper's right is the shooter's left, a correct guess."""
    state = penalty_kick("left", "right")
    assert roll(state, WEST, 5)[0].score == [0, 0]
    assert roll(state, WEST, 6)[0].score == [1, 0]


def test_5_5_2_penalty_goal_restarts_with_a_kickoff():
    state, ev = roll(penalty_kick("middle", "left"), WEST, 1)
    assert "goal" in kinds(ev)
    assert state.minute == 22  # 20 + the penalty's minute + the goal's minute
    assert state.control == 1
    d = decision(state)
    assert (d.actor, d.info["kind"]) == (EAST, "kickoff")


def test_5_5_2_failed_penalty_is_a_goal_kick_for_the_defenders():
    state, ev = roll(penalty_kick("middle", "middle"), WEST, 5)
    assert find(ev, "penalty_kick").data["goal"] is False
    assert "goal_kick" in kinds(ev)
    assert (state.control, state.ball, state.value) == (1, 12, 2)
    assert state.minute == 22  # the goal kick's extra minute
    assert (state.outfield[0][12], state.outfield[0][9]) == (0, 4)  # the taker cleared out
    assert state.keeper[1] == 12
    d = decision(state)
    assert (d.actor, d.info["mode"]) == (EAST, "gk_ct")


# ==============================================================================================
# 4.2.1.1 the extra minute of each restart, never in stoppage time


def _free_kick(state):
    return with_free_kick(state, WEST, 8)[0]


def _quick_free_kick(state):
    return with_free_kick(state, WEST, 5)[0]


def _penalty(state):
    return with_penalty(state, WEST)[0]


@pytest.mark.parametrize("restart", [_free_kick, _quick_free_kick, _penalty])
def test_4_2_1_1_awarded_restarts_add_a_minute(restart):
    assert restart(base(minute=30)).minute == 31
    at_45 = restart(base(minute=45))
    assert (at_45.minute, at_45.stoppage) == (45, 1)  # passing 45 stops on +1
    in_stoppage = restart(base(minute=45, stoppage=2))
    assert (in_stoppage.minute, in_stoppage.stoppage) == (45, 2)


@pytest.mark.parametrize(("die", "restart"), [(5, "corner_kick"), (1, "goal_kick")])
def test_4_2_1_1_corner_and_goal_kick_add_a_minute_but_not_in_stoppage_time(die, restart):
    state, ev = west_shot(die, minute=30)
    assert restart in kinds(ev)
    assert state.minute == 34  # 30 + 3 + 1
    # on +1 the dice 6 and 3 move the marker one square to +2; the restart adds nothing
    state, ev = west_shot(die, minute=45, stoppage=1)
    assert restart in kinds(ev)
    assert (state.minute, state.stoppage) == (45, 2)
