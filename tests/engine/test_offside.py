"""5.1 offside: which target areas the controlling team may choose (4.1.1.1) and where its
players may move (4.5.1).

West attacks the east goal. East's players ordered by closeness to the east goal line:
box 12 (0-17) < corners 11/13 (0-30) < arc 9 (17-35) < wings 8/10 (30-50) < centre 7 (35-65).
"""

from __future__ import annotations

import pytest

from engine.fuba.offside import second_closest_area

from .scenario import (
    EAST,
    WEST,
    act,
    assert_illegal,
    choose,
    decision,
    mirrored,
    position,
    roll,
    target_values,
    to_actions,
)


def example_position(**kw):
    """Example: Offside. East's second-closest player (after the goalkeeper in 12) is in area 9.
    West has a player in 11 (area A, partly level with 9) and one in 12 (area B, offside)."""
    return position(
        west={7: 5, 5: 3, 11: 1, 12: 1},
        east={9: 1, 7: 5, 8: 2, 10: 2},
        ball=7,
        value=1,
        **kw,
    )


def test_5_1_example_offside():
    state = example_position()
    assert second_closest_area(state, 1) == 9
    targets = target_values(state)
    assert 11 in targets  # area A: partly at the same level as area 9
    assert 12 not in targets  # area B: the player there is offside
    assert_illegal(state, WEST, "target", "offside", area=12)
    state, ev = act(state, WEST, "target", area=11)
    assert state.ball == 11


def test_5_1_target_without_players_needs_a_neighbour_not_offside():
    """4.1.1.1: area 13 has no west player and its only west neighbour (12) is offside;
    area 9 has an onside neighbour (11, and 7)."""
    state = example_position()
    targets = target_values(state)
    assert 13 not in targets
    assert 9 in targets
    assert_illegal(state, WEST, "target", "all your players next to it are offside", area=13)
    with_wing = position(
        west={7: 4, 5: 3, 10: 1, 11: 1, 12: 1},
        east={9: 1, 7: 5, 8: 2, 10: 2},
        ball=7,
        value=1,
    )
    assert 13 in target_values(with_wing)  # the player in 10 is onside


def test_5_1_second_closest_player_counts_the_goalkeeper():
    # goalkeeper and a defender both in the box: the line is the box, nobody is offside
    deep = position(west={7: 8, 11: 1, 12: 1}, east={12: 1, 7: 9}, ball=7, value=1)
    assert second_closest_area(deep, 1) == 12
    assert 12 in target_values(deep)
    # the goalkeeper out in 9 is the second-closest piece behind the defender in 12
    keeper_out = position(
        west={7: 8, 11: 1, 12: 1}, east={12: 1, 7: 9}, ball=7, value=1, east_keeper=9
    )
    assert second_closest_area(keeper_out, 1) == 9
    assert 12 not in target_values(keeper_out)


def test_5_1_goalkeeper_alone_behind_the_line_makes_the_centre_the_line():
    """Only the goalkeeper is deep, all ten defenders in the centre: the arc 9 is closer to the
    goal line than the centre (no overlap), the wing 8 overlaps it."""
    state = position(west={7: 6, 8: 2, 9: 2}, east={7: 10}, ball=7, value=1)
    assert second_closest_area(state, 1) == 7
    targets = target_values(state)
    assert 9 not in targets
    assert 8 in targets


def test_5_1_player_level_with_the_ball_is_onside():
    """The player in 12 is beyond east's line (9), but not ahead of the ball when the ball
    starts in 11 (0-30 overlaps 0-17)."""
    layout = dict(west={7: 8, 11: 1, 12: 1}, east={9: 1, 7: 9})
    ball_in_11 = position(ball=11, value=1, **layout)
    assert 12 in target_values(ball_in_11)
    ball_in_centre = position(ball=7, value=1, **layout)
    assert 12 not in target_values(ball_in_centre)


def test_5_1_centre_area_is_never_offside():
    """East has pulled everybody, goalkeeper included, deep into west's half: its
    second-closest piece is in area 5. The centre (35-65 from the east goal) would be closer
    to the east goal line than both that line and the ball in 5, but it is never offside;
    area 4 is not entirely in east's half; the wing 8 is offside."""
    state = position(
        west={5: 2, 7: 1, 8: 1, 4: 6},
        east={5: 1, 2: 5, 1: 2, 3: 2},
        ball=5,
        value=1,
        east_keeper=5,
    )
    assert second_closest_area(state, 1) == 5
    targets = target_values(state)
    assert 7 in targets
    assert 4 in targets
    assert 8 not in targets
    assert_illegal(state, WEST, "target", "offside", area=8)


@pytest.mark.parametrize(
    ("kind", "allowed"),
    [("normal", False), ("free_kick", False), ("corner", True), ("goal_kick", True)],
)
def test_5_1_offside_does_not_apply_to_goal_kicks_and_corner_kicks(kind, allowed):
    state = example_position(kind=kind)
    assert (12 in target_values(state)) is allowed


# -- 4.5.1 movement restrictions ----------------------------------------------------------------


def movement_position():
    """East's line is the centre (goalkeeper in 12, then 7); the ball is in 7.
    Offside areas for west: 9, 11, 12, 13. West: 4 in 7, 2 in 8, 3 in 5, 1 in 12."""
    base = position(
        west={7: 4, 8: 2, 5: 3, 12: 1},
        east={7: 6, 4: 2, 6: 2},
        ball=7,
        value=1,
    )
    state = to_actions(base, 3)
    assert decision(state).actor == WEST
    return state


def moving(state):
    state, _ = choose(state, WEST, "move")
    state, ev = roll(state, WEST, 5, 5)
    return state


def test_4_5_1_player_may_not_move_into_an_offside_position():
    state = moving(movement_position())
    assert_illegal(state, WEST, "move", "offside position in area 9", from_=7, to=9)
    assert_illegal(state, WEST, "move", "offside position in area 11", from_=8, to=11)
    offered = {(c.action.args["from"], c.action.args["to"]) for c in decision(state).choices
               if c.action.kind == "move"}  # fmt: skip
    assert (7, 9) not in offered
    assert (7, 8) in offered  # 8 overlaps the centre: onside
    state, _ = act(state, WEST, "move", from_=7, to=8)
    assert state.outfield[0][8] == 3


def test_4_5_1_moving_straight_backwards_into_offside_is_allowed():
    """12 -> 9 is straight back towards west's own goal; 9 is still an offside position."""
    state = moving(movement_position())
    state, _ = act(state, WEST, "move", from_=12, to=9)
    assert state.outfield[0][9] == 1
    assert state.outfield[0][12] == 0


def test_4_5_1_free_movement_may_not_go_offside_either():
    """West outnumbers east in 8 (2 v 0): a free move from 8 is allowed, but not into 11."""
    state = movement_position()
    assert_illegal(state, WEST, "move", "offside position in area 11", from_=8, to=11)
    state, _ = act(state, WEST, "move", from_=8, to=4)
    assert state.outfield[0][4] == 1


def test_4_5_1_offside_restricts_only_the_controlling_team():
    """East, without the ball, may run into areas beyond west's line (west's second-closest
    piece is in the centre, so area 1 is 'beyond' it)."""
    base = position(west={7: 7, 8: 2, 12: 1}, east={7: 6, 4: 2, 6: 2}, ball=7, value=1)
    assert second_closest_area(base, 0) == 7
    state = to_actions(base, 3)
    state, _ = choose(state, WEST, "position")
    state, _ = roll(state, WEST, 6, 6)
    assert decision(state).actor == EAST
    state, _ = choose(state, EAST, "move")
    state, _ = roll(state, EAST, 5, 5)
    state, _ = act(state, EAST, "move", from_=4, to=1)
    assert state.outfield[1][1] == 1


def test_4_5_1_dribbling_player_takes_the_ball_along_and_is_never_offside():
    """With the ball in 9 the arc is level; moving on to 12 without the ball is offside,
    dribbling there with it is not (the ball moves too)."""
    base = position(west={9: 2, 7: 8}, east={7: 6, 4: 2, 6: 2}, ball=9, value=1)
    state = moving(to_actions(base, 3))
    assert_illegal(state, WEST, "move", "offside position in area 12", from_=9, to=12)
    state, _ = act(state, WEST, "move", from_=9, to=12, with_ball=True)
    assert state.ball == 12
    assert state.outfield[0][12] == 1


# -- 4.5.1 "straight backwards": along the same row of the board --------------------------------

# Rows (shared/design/fuba-board.md): north 1-4-8-11, middle 2-5-7-9-12, south 3-6-10-13.
# West controls the ball in its own arc (5) and east's second-closest piece (after the
# goalkeeper) is in a west wing, so for west every area from 8 to 13 is offside. West has one
# player in each of 9, 11, 12 and 13; each of the moves below ends in an offside position.
STRAIGHT_BACK_WEST = [(12, 9), (11, 8), (13, 10)]
NOT_STRAIGHT_WEST = [(11, 9), (13, 9), (9, 8), (9, 10), (12, 11), (12, 13)]


def deep_position(side: str):
    """The position above for ``side`` (east's is the point-mirror image)."""
    west = {5: 3, 7: 3, 9: 1, 11: 1, 12: 1, 13: 1}
    east = {4: 4, 5: 3, 6: 3}
    if side == WEST:
        base = position(west=west, east=east, ball=5, value=1)
    else:
        base = position(west=mirrored(east), east=mirrored(west), ball=9, value=1, control=EAST)
    state = to_actions(base, 3)
    assert decision(state).actor == side
    return state


def side_moves(side: str, moves_west: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return moves_west if side == WEST else [(14 - a, 14 - b) for a, b in moves_west]


def offered_moves(state) -> set[tuple[int, int]]:
    return {(c.action.args["from"], c.action.args["to"]) for c in decision(state).choices
            if c.action.kind == "move"}  # fmt: skip


@pytest.mark.parametrize("side", [WEST, EAST])
def test_4_5_1_only_a_move_along_the_same_row_is_straight_backwards(side):
    """12->9, 11->8, 13->10 (east: 2->5, 3->6, 1->4) go straight back into an offside area:
    allowed. 11->9, 13->9, 9->8 and the like also end nearer the own goal line, but leave the
    row: they are not straight backwards, so the offside restriction applies."""
    state, _ = choose(deep_position(side), side, "move")
    state, _ = roll(state, side, 5, 5)
    offered = offered_moves(state)
    for frm, to in side_moves(side, NOT_STRAIGHT_WEST):
        assert_illegal(state, side, "move", f"offside position in area {to}", from_=frm, to=to)
        assert (frm, to) not in offered
    for frm, to in side_moves(side, STRAIGHT_BACK_WEST):
        assert (frm, to) in offered
        after, _ = act(state, side, "move", from_=frm, to=to)
        team = 0 if side == WEST else 1
        assert after.outfield[team][to] == state.outfield[team][to] + 1


@pytest.mark.parametrize("side", [WEST, EAST])
def test_4_5_1_free_movement_straight_backwards_only(side):
    """The same rule for free movements: west outnumbers east in 11 and 13 (1 v 0)."""
    state = deep_position(side)
    (frm, to), (frm2, to2) = side_moves(side, [(11, 9), (13, 10)])
    assert_illegal(state, side, "move", f"offside position in area {to}", from_=frm, to=to)
    after, _ = act(state, side, "move", from_=frm2, to=to2)
    team = 0 if side == WEST else 1
    assert after.outfield[team][to2] == 1 + state.outfield[team][to2]
