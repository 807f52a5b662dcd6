"""Stage 3, the action stage (rulebook 4.3, 4.5-4.7): free movements, second actions, player
movements (with the formation minimum, the zero-position rule, dribbling, offside and the ball
controlling player), positioning and pressing."""

from __future__ import annotations

import pytest

from engine.core import MalformedAction, NotYourDecision
from engine.fuba.board import SIDES
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    choose,
    decision,
    find,
    kinds,
    mirrored,
    position,
    refused,
    roll,
    target_values,
    to_stage2,
)


def at_actions(west, east, *, ball=7, value=3, first=WEST, control=WEST, **kw):
    """A state at the first action of ``first``: the controlling team plays the ball within
    ``ball`` and keeps it; then the ball value is set to ``value``."""
    s = position(west=west, east=east, ball=ball, value=4, control=control, **kw)
    v1 = target_values(s)[ball]
    dice = (6, 5) if first == control else (6, v1 - 1)
    s, _ = to_stage2(s, ball, *dice)
    d = decision(s)
    assert (d.kind, d.actor) == ("action", first), d
    s.value = value
    return s


def move_labels(s):
    return {c.label for c in decision(s).choices if c.action.kind == "move"}


def action_kinds(s):
    return {c.action.args["kind"] for c in decision(s).choices if c.action.kind == "action"}


def start_moving(s, actor, *dice):
    s, _ = choose(s, actor, "move")
    s, events = roll(s, actor, *dice)
    return s, events


# A general position, ball in the centre: west outnumbers in 7 (3 v 2), 4 (2 v 1), 5 (2 v 0),
# 8 (1 v 0) and its box (keeper v 0); 6 is level (2 v 2); east outnumbers in 9 and 12.
G_WEST = {7: 3, 4: 2, 6: 2, 5: 2, 8: 1}
G_EAST = {7: 2, 4: 1, 6: 2, 9: 3, 12: 2}
# Level in the centre (2 v 2).
L_WEST = {7: 2, 8: 2, 4: 2, 6: 2, 5: 2}
L_EAST = {7: 2, 9: 3, 10: 2, 12: 1, 5: 2}


# -- 4.3 the actions available ------------------------------------------------------------------


def test_4_3_action_menu_of_each_team():
    s = at_actions(L_WEST, L_EAST)  # ball in the centre, east keeper at home: no shot
    assert action_kinds(s) == {"move", "position"}
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    assert action_kinds(s) == {"move", "position", "press"}
    assert "Only the team with the ball" in refused(s, EAST, "action", kind="goal")
    refused(s, EAST, "action", MalformedAction, kind="dance")


def test_4_3_controlling_team_may_shoot_but_not_press():
    west = {9: 2, 7: 2, 4: 2, 6: 2, 8: 2}
    east = {9: 2, 7: 2, 12: 2, 10: 2, 5: 2}
    s = at_actions(west, east, ball=9)
    assert action_kinds(s) == {"goal", "move", "position"}
    assert "Only the defending team" in refused(s, WEST, "action", kind="press")


def test_4_3_teams_act_in_turn():
    s = at_actions(L_WEST, L_EAST, first=EAST)
    refused(s, WEST, "action", NotYourDecision, kind="position")
    s, _ = choose(s, EAST, "position")
    refused(s, WEST, "roll", NotYourDecision, dice=[3, 4])
    s, _ = roll(s, EAST, 3, 4)
    assert decision(s).actor == WEST


# -- 4.3.1 free movements --------------------------------------------------------------------------

FM_WEST = {7: 3, 4: 2, 10: 2, 11: 1, 9: 1, 5: 1}
FM_EAST = {7: 1, 4: 1, 10: 1, 11: 1, 9: 2, 5: 1, 12: 2, 2: 1}


def test_4_3_1_example_free_player_movements():
    # Otto's team (west) outnumbers east in three areas (7, 4 and 10): one player from each may
    # move. Player A in the corner area 11 (1 v 1) may move too, but only straight away from the
    # goal line (to 8). Four free moves in all.
    s = at_actions(FM_WEST, FM_EAST)
    offered = {label.split(" -> ")[0] for label in move_labels(s)}
    assert offered == {"player 7", "player 4", "player 10", "player 11"}
    assert "No free movement" in refused(s, WEST, "move", from_=11, to=12)
    assert "No free movement" in refused(s, WEST, "move", from_=9, to=8)
    for frm, to in ((7, 8), (4, 8), (10, 13), (11, 8)):
        s, events = act(s, WEST, "move", from_=frm, to=to)
        assert find(events, "move").data["mode"] == "free"
    assert s.outfield[0][8] == 3 and s.outfield[0][13] == 1 and s.outfield[0][11] == 0
    assert move_labels(s) == set()
    refused(s, WEST, "move", from_=7, to=8)  # a fifth free move
    # then the action itself, which need not be a movement
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 1, 1)
    assert decision(s).actor == EAST


def test_4_3_1_one_player_per_outnumbered_area():
    s = at_actions(G_WEST, G_EAST)
    s, _ = act(s, WEST, "move", from_=4, to=1)
    refused(s, WEST, "move", from_=4, to=1)
    refused(s, WEST, "move", from_=4, to=5, count=1)


def test_4_3_1_numbers_are_counted_before_any_free_movement():
    s = at_actions(G_WEST, G_EAST)
    refused(s, WEST, "move", from_=6, to=10)  # 6 is level, 2 v 2
    s, _ = act(s, WEST, "move", from_=7, to=6)  # now 3 v 2 in area 6 ...
    assert "No free movement" in refused(s, WEST, "move", from_=6, to=10)  # ... too late


def test_4_3_1_counted_at_the_beginning_of_each_teams_action():
    # West's movement action empties area 4; at the start of east's action east outnumbers
    # there (1 v 0) and may move that player freely.
    s = at_actions(G_WEST, G_EAST)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=4, to=1, count=2)
    s, _ = act(s, WEST, "done")
    assert decision(s).actor == EAST
    s, events = act(s, EAST, "move", from_=4, to=8)
    assert s.outfield[1][8] == 1


def test_4_3_1_goal_line_player_moves_straight_away_only():
    west = {7: 3, 1: 1, 4: 2, 6: 2, 8: 2}
    east = {7: 2, 1: 1, 2: 1, 5: 2, 9: 2, 12: 2}
    s = at_actions(west, east)
    refused(s, WEST, "move", from_=1, to=5)  # 1 v 1 in area 1: only straight to 4
    refused(s, WEST, "move", from_=1, to=2)
    # a goalkeeper never uses the goal-line move (1 v 1 in area 2)
    refused(s, WEST, "move", from_=2, to=5, goalkeeper=True)
    s, _ = act(s, WEST, "move", from_=1, to=4)
    assert s.outfield[0][4] == 3


def test_4_3_1_goal_line_move_is_on_top_of_the_outnumbering_move():
    # design decision 7: one goal-line move per goal-line area, plus the outnumbering move
    west = {1: 3, 7: 3, 4: 2, 6: 2}
    east = {1: 1, 7: 2, 5: 2, 9: 3, 12: 2}
    s = at_actions(west, east)
    s, _ = act(s, WEST, "move", from_=1, to=4)
    s, _ = act(s, WEST, "move", from_=1, to=4)
    refused(s, WEST, "move", from_=1, to=4)
    assert s.outfield[0][1] == 1 and s.outfield[0][4] == 4


def test_4_3_1_goalkeeper_next_to_the_box_may_return():
    west = {7: 3, 4: 2, 6: 2, 8: 3}
    east = {5: 2, 7: 2, 9: 3, 12: 3}
    s = at_actions(west, east, west_keeper=5)  # east outnumbers the keeper in 5
    refused(s, WEST, "move", from_=5, to=7, goalkeeper=True)
    s, _ = act(s, WEST, "move", from_=5, to=2, goalkeeper=True)
    assert s.keeper[0] == 2


def test_4_3_1_a_player_makes_one_free_move():
    # West: one player each in 8 and 11, none of east's there. The player from 11 moves to 8
    # (straight away from the goal line), the original 8 player to 11 (outnumbering in 8):
    # area 11 now holds a player that has already moved freely, so 11's own allowance is of no
    # use. In the movement action that player may move again (4.5).
    west = {7: 2, 8: 1, 11: 1, 4: 2, 6: 2, 5: 2}
    east = {7: 2, 9: 2, 12: 2, 5: 2, 4: 2}
    s = at_actions(west, east)
    s, _ = act(s, WEST, "move", from_=11, to=8)
    s, _ = act(s, WEST, "move", from_=8, to=11)
    assert "already moved" in refused(s, WEST, "move", from_=11, to=12)
    s, _ = start_moving(s, WEST, 6, 5)
    s, _ = act(s, WEST, "move", from_=11, to=12)
    assert s.outfield[0][12] == 1


def test_4_3_1_a_move_uses_the_most_specific_allowance():
    # 3 v 1 in corner area 1: the straight move 1 -> 4 uses the goal-line allowance, so the
    # outnumbering allowance is still there for 1 -> 2
    west = {1: 3, 7: 3, 4: 2, 6: 2}
    east = {1: 1, 7: 2, 5: 2, 9: 3, 12: 2}
    s = at_actions(west, east)
    s, _ = act(s, WEST, "move", from_=1, to=4)
    s, _ = act(s, WEST, "move", from_=1, to=2)
    assert s.outfield[0][2] == 1
    # the keeper returning to the box uses the keeper allowance, not area 5's outnumbering
    west = {5: 2, 7: 3, 4: 2, 6: 3}
    east = {7: 2, 9: 3, 12: 3, 8: 2}
    s = at_actions(west, east, west_keeper=5)
    s, _ = act(s, WEST, "move", from_=5, to=2, goalkeeper=True)
    s, _ = act(s, WEST, "move", from_=5, to=1)
    assert s.keeper[0] == 2 and s.outfield[0][1] == 1


def test_4_3_1_goalkeeper_may_use_the_outnumbering_move():
    s = at_actions(G_WEST, G_EAST)  # the keeper alone in west's box: 1 v 0
    s, _ = act(s, WEST, "move", from_=2, to=5, goalkeeper=True)
    assert s.keeper[0] == 5


def test_4_3_1_free_movements_only_at_the_beginning_of_the_first_action():
    s = at_actions(L_WEST, L_EAST)
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 1, 1)
    s, _ = act(s, WEST, "continue", choice="second")
    assert move_labels(s) == set()  # no free moves offered for the second action
    assert "first action" in refused(s, WEST, "move", from_=8, to=9)


def test_4_3_1_free_movement_before_a_movement_action_is_not_counted_in_it():
    s = at_actions(G_WEST, G_EAST)
    s, _ = act(s, WEST, "move", from_=5, to=1)
    s, _ = act(s, WEST, "move", from_=8, to=11)
    s, events = start_moving(s, WEST, 2, 1)
    assert s.agenda[0]["left"] == 4  # the full formation minimum, free moves not deducted


# -- 4.3.2 second actions --------------------------------------------------------------------------


def first_actions(s, first_kind="position", second_kind="position", dice=((3, 4), (3, 4))):
    a = decision(s).actor
    s, _ = choose(s, a, first_kind)
    s, _ = roll(s, a, *dice[0])
    if decision(s).kind == "move":
        s, _ = act(s, a, "done")
    b = decision(s).actor
    assert b != a
    s, _ = choose(s, b, second_kind)
    s, events = roll(s, b, *dice[1])
    if decision(s).kind == "move":
        s, events = act(s, b, "done")
    return s, events


def test_4_3_2_second_actions():
    s = at_actions(L_WEST, L_EAST, value=3)
    s, _ = first_actions(s)
    d = decision(s)
    assert (d.actor, d.kind) == (WEST, "continue")
    refused(s, EAST, "continue", NotYourDecision, choice="second")
    refused(s, WEST, "continue", MalformedAction, choice="maybe")
    s, _ = act(s, WEST, "continue", choice="second")
    # same order as the first actions; a different type of action
    assert decision(s).actor == WEST
    assert "position" not in action_kinds(s)
    assert "must differ" in refused(s, WEST, "action", kind="position")
    s, _ = start_moving(s, WEST, 3, 3)
    s, _ = act(s, WEST, "done")
    assert decision(s).actor == EAST and "position" not in action_kinds(s)
    s, _ = choose(s, EAST, "move")
    s, _ = roll(s, EAST, 1, 1)
    turns = s.turns[0]
    s, events = act(s, EAST, "done")
    # after the second actions a new turn starts
    d = decision(s)
    assert (d.actor, d.kind) == (WEST, "target")
    assert s.turns[0] == turns + 1


def test_4_3_2_second_actions_in_the_order_of_the_first_actions():
    s = at_actions(L_WEST, L_EAST, first=EAST)
    s, _ = first_actions(s)
    s, _ = act(s, WEST, "continue", choice="second")
    assert decision(s).actor == EAST


def test_4_3_2_new_turn_instead_of_second_actions():
    s = at_actions(L_WEST, L_EAST)
    s, _ = first_actions(s)
    turns = s.turns[0]
    s, events = act(s, WEST, "continue", choice="new_turn")
    assert decision(s).kind == "target" and s.turns[0] == turns + 1


def test_4_3_2_no_second_actions_when_defenders_outnumber():
    west = {7: 2, 8: 2, 4: 2, 6: 2, 5: 2}
    east = {7: 3, 9: 3, 10: 1, 12: 1, 5: 2}
    s = at_actions(west, east)
    s, events = first_actions(s)
    assert "no_second_actions" in kinds(events)
    assert decision(s).kind == "target"


def test_4_3_2_numbers_are_counted_after_the_first_actions():
    # level in the centre at first; east moves a third player in during its action
    s = at_actions(L_WEST, L_EAST, first=EAST)
    s, _ = start_moving(s, EAST, 5, 4)
    s, _ = act(s, EAST, "move", from_=9, to=7)
    s, _ = act(s, EAST, "done")
    s, _ = choose(s, WEST, "position")
    s, events = roll(s, WEST, 3, 4)
    assert "no_second_actions" in kinds(events)
    assert decision(s).kind == "target"


def test_4_3_2_team_that_won_the_ball_decides_on_second_actions():
    s = at_actions(L_WEST, L_EAST, first=EAST, value=4)
    s, _ = choose(s, EAST, "press")
    s, _ = roll(s, EAST, 2, 3)
    assert s.control == 1
    # west, no longer in control, cannot shoot but may press back (2 v 2)
    assert action_kinds(s) == {"move", "position", "press"}
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 3, 4)
    d = decision(s)
    assert (d.actor, d.kind) == (EAST, "continue")


# -- 4.5 player movements --------------------------------------------------------------------------


def test_4_5_example_player_movements():
    # Otto (west, 4-4-2) rolls 5 and 2: the lower die allows two moves, but the ball is in the
    # midfield zone, so he may move up to four players (his four midfielders).
    s = at_actions(G_WEST, G_EAST)
    s, events = start_moving(s, WEST, 5, 2)
    assert find(events, "movement").data == {"team": 0, "moves": 4, "zone": "midfield"}
    for frm, to in ((4, 1), (6, 3), (5, 2)):
        s, _ = act(s, WEST, "move", from_=frm, to=to)
    assert decision(s).actor == WEST and s.agenda[0]["left"] == 1
    s, _ = act(s, WEST, "move", from_=8, to=9)
    # four moves made: the movement action is over and east acts
    assert decision(s).actor == EAST
    refused(s, WEST, "move", NotYourDecision, from_=7, to=8)


def test_4_5_lower_die_above_the_formation_minimum():
    s = at_actions(G_WEST, G_EAST)
    s, events = start_moving(s, WEST, 6, 5)
    assert find(events, "movement").data["moves"] == 5


MZ_WEST = {7: 2, 4: 2, 6: 2, 5: 2, 9: 2}
MZ_EAST = {7: 2, 9: 2, 5: 2, 12: 2, 8: 2}


@pytest.mark.parametrize(
    ("ball", "formation", "dice", "moves", "zone"),
    [
        (5, "5-3-2", (2, 1), 5, "defence"),
        (5, "3-5-2", (2, 1), 3, "defence"),
        (7, "4-5-1", (1, 2), 5, "midfield"),
        (9, "4-2-4", (1, 1), 4, "attack"),
        (9, "4-5-1", (3, 6), 3, "attack"),
    ],
)
def test_4_5_formation_minimum_by_zone(ball, formation, dice, moves, zone):
    s = at_actions(MZ_WEST, MZ_EAST, ball=ball, formations=(formation, "4-4-2"))
    s, events = start_moving(s, WEST, *dice)
    assert find(events, "movement").data == {"team": 0, "moves": moves, "zone": zone}


@pytest.mark.parametrize(("ball", "moves", "zone"), [(9, 3, "defence"), (5, 2, "attack")])
def test_4_5_zone_is_seen_from_the_moving_team(ball, moves, zone):
    # east (3-5-2) moves as the defending team: area 9 is its defence zone, 5 its attack zone
    s = at_actions(MZ_WEST, MZ_EAST, ball=ball, first=EAST, formations=("4-4-2", "3-5-2"))
    s, events = start_moving(s, EAST, 1, 1)
    assert find(events, "movement").data == {"team": 1, "moves": moves, "zone": zone}


@pytest.mark.parametrize(
    ("formation", "ball", "dice", "moves"),
    [
        ("5-5-0", 9, (4, 6), 3),  # no forwards, ball in attack: each die -1, lower is 3
        ("5-5-0", 9, (1, 5), 0),
        ("5-5-0", 7, (4, 6), 5),  # in midfield the rule does not apply: max(4, 5)
        ("0-5-5", 5, (3, 3), 2),
    ],
)
def test_4_5_zero_position_rule(formation, ball, dice, moves):
    s = at_actions(MZ_WEST, MZ_EAST, ball=ball, formations=(formation, "4-4-2"))
    s, events = start_moving(s, WEST, *dice)
    assert find(events, "movement").data["moves"] == moves
    if moves == 0:
        assert decision(s).actor == EAST  # nothing to move: the action is over


def test_4_5_moves_go_to_adjacent_areas():
    s = at_actions(G_WEST, G_EAST)
    s, _ = start_moving(s, WEST, 5, 4)
    assert "not next to" in refused(s, WEST, "move", from_=7, to=11)
    assert "not next to" in refused(s, WEST, "move", from_=4, to=12)
    assert "1 to 13" in refused(s, WEST, "move", from_=4, to=14)
    assert "no outfield player" in refused(s, WEST, "move", from_=10, to=9)
    assert "goalkeeper is not" in refused(s, WEST, "move", from_=5, to=2, goalkeeper=True)


def test_4_5_same_player_cannot_move_twice_in_the_movement_action():
    s = at_actions(G_WEST, G_EAST)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=8, to=9)
    assert "already moved" in refused(s, WEST, "move", from_=9, to=12)
    s, _ = act(s, WEST, "move", from_=7, to=8)
    assert "already moved" in refused(s, WEST, "move", from_=8, to=11)
    s, _ = act(s, WEST, "move", from_=2, to=5, goalkeeper=True)
    assert "already moved" in refused(s, WEST, "move", from_=5, to=2, goalkeeper=True)


def test_4_5_several_players_in_one_move_command():
    s = at_actions(G_WEST, G_EAST)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=6, to=10, count=2)
    assert s.outfield[0][10] == 2 and s.agenda[0]["left"] == 2
    refused(s, WEST, "move", MalformedAction, from_=5, to=1, count=0)
    refused(s, WEST, "move", MalformedAction, from_=5, to=1, count="2")
    refused(s, WEST, "move", MalformedAction, from_=2, to=5, goalkeeper=True, count=2)
    refused(s, WEST, "move", MalformedAction, from_=5)


def test_4_5_cannot_move_more_players_than_allowed():
    s = at_actions({5: 5, 7: 2, 4: 1, 6: 2}, L_EAST)
    s, _ = start_moving(s, WEST, 1, 1)  # four midfielders
    assert "only 4 moves left" in refused(s, WEST, "move", from_=5, to=1, count=5)
    s, _ = act(s, WEST, "move", from_=5, to=1, count=4)
    assert s.outfield[0][1] == 4 and decision(s).actor == EAST


def test_4_5_done_ends_the_movement_early():
    s = at_actions(G_WEST, G_EAST)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=5, to=1)
    s, _ = act(s, WEST, "done")
    assert decision(s).actor == EAST and decision(s).kind == "action"


# -- 4.5.1 movement restrictions for offside -------------------------------------------------------


def offside_position():
    # East's second-deepest piece is in the centre (7): a west player in 9, 11, 12 or 13 is
    # offside while the ball is in 7. West already has a player in 12.
    return at_actions(
        {7: 3, 8: 2, 12: 1, 4: 2, 6: 2}, {7: 4, 4: 2, 6: 2, 5: 2}, value=5, first=WEST
    )


def test_4_5_1_cannot_move_into_an_offside_position():
    s = offside_position()
    assert "offside" in refused(s, WEST, "move", from_=8, to=9)  # free move (2 v 0 in 8)
    s, _ = start_moving(s, WEST, 6, 5)
    for frm, to in ((8, 9), (7, 9), (8, 11), (12, 11), (12, 13)):
        assert "offside" in refused(s, WEST, "move", from_=frm, to=to)
    s, _ = act(s, WEST, "move", from_=7, to=8)  # level with the centre: fine


def test_4_5_1_straight_backwards_into_an_offside_position_is_allowed():
    s = offside_position()
    s, _ = start_moving(s, WEST, 6, 5)
    s, _ = act(s, WEST, "move", from_=12, to=9)
    assert s.outfield[0][9] == 1


def test_4_5_1_defending_team_moves_are_not_restricted():
    s = offside_position()
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    s, _ = start_moving(s, EAST, 6, 5)
    s, _ = act(s, EAST, "move", from_=5, to=1, count=2)  # deep in west's half
    assert s.outfield[1][1] == 2


# -- 4.5.2 dribbling -------------------------------------------------------------------------------

# West has the ball in 4 with nobody of east's there.
D_WEST = {4: 2, 7: 3, 5: 2, 6: 2, 8: 1}
D_EAST = {7: 2, 9: 3, 12: 2, 6: 2, 10: 1}


def test_4_5_2_example_dribbling():
    # Santeri's team (east) moves; there are no west players in area 10 where the moving east
    # player starts, so the ball goes with him.
    s = at_actions(mirrored(D_EAST), mirrored(D_WEST), ball=10, control=EAST, first=EAST)
    s, _ = start_moving(s, EAST, 5, 4)
    value = s.value
    s, events = act(s, EAST, "move", from_=10, to=6, with_ball=True)
    assert find(events, "move").data["with_ball"] is True
    assert s.ball == 6 and s.pieces(1, 6) == 2 and s.pieces(1, 10) == 1 and s.value == value
    assert s.agenda[0]["left"] == 3  # a dribble is one of the moves


def test_4_5_2_only_one_dribble_per_movement_action():
    s = at_actions(D_WEST, D_EAST, ball=4)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=4, to=8, with_ball=True)
    assert s.ball == 8
    assert "already dribbled" in refused(s, WEST, "move", from_=8, to=11, with_ball=True)


def test_4_5_2_no_dribble_from_an_area_with_an_opponent():
    s = at_actions(G_WEST, G_EAST)  # east has two players in the centre
    s, _ = start_moving(s, WEST, 5, 4)
    assert "opponent" in refused(s, WEST, "move", from_=7, to=8, with_ball=True)


def test_4_5_2_ball_must_be_in_the_starting_area():
    s = at_actions(D_WEST, D_EAST, ball=4)
    s, _ = start_moving(s, WEST, 5, 4)
    assert "ball is in area 4" in refused(s, WEST, "move", from_=5, to=1, with_ball=True)
    refused(s, WEST, "move", MalformedAction, from_=4, to=8, with_ball=True, count=2)


def test_4_5_2_dribbling_only_in_a_movement_action():
    s = at_actions(D_WEST, D_EAST, ball=4)
    assert "movement action" in refused(s, WEST, "move", from_=4, to=8, with_ball=True)


def test_4_5_2_goalkeeper_may_dribble():
    s = at_actions({5: 3, 7: 3, 4: 2, 6: 2}, {5: 2, 7: 3, 9: 3, 12: 2}, ball=2)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=2, to=1, goalkeeper=True, with_ball=True)
    assert s.ball == 1 and s.keeper[0] == 1


def test_4_5_plain_move_takes_a_player_that_has_already_moved():
    # area 4 holds the original ball carrier and a player who moved in freely; a plain move
    # out of 4 takes the one who moved, so the carrier can still dribble
    west = {4: 1, 7: 3, 5: 2, 6: 2, 1: 2}
    east = {7: 2, 9: 3, 12: 2, 6: 1, 10: 2}
    s = at_actions(west, east, ball=4)
    s, _ = act(s, WEST, "move", from_=7, to=4)
    s, _ = start_moving(s, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=4, to=1)
    s, _ = act(s, WEST, "move", from_=4, to=8, with_ball=True)
    assert s.ball == 8


def test_4_5_2_defending_team_cannot_dribble():
    # east moves first while west has the ball in 4
    s = at_actions(D_WEST, D_EAST, ball=4, first=EAST)
    s, _ = start_moving(s, EAST, 5, 4)
    assert "team with the ball" in refused(s, EAST, "move", from_=7, to=4, with_ball=True)


def test_4_5_2_player_brought_to_the_target_area_cannot_dribble():
    # 4.2.2.1: west's only player near area 8 (from 7) moves there after the control check
    s = position(west={7: 4, 5: 3, 6: 3}, east={6: 2, 5: 2, 10: 2, 12: 2, 9: 2}, ball=7)
    s, events = to_stage2(s, 8, 5, 4)
    assert find(events, "bring").data["from"] == 7
    s, _ = start_moving(s, WEST, 5, 5)
    message = refused(s, WEST, "move", from_=8, to=11, with_ball=True)
    assert "not moved yet" in message
    # a second player joining him in a plain move cannot dribble either
    s, _ = act(s, WEST, "move", from_=7, to=8)
    refused(s, WEST, "move", from_=8, to=11, with_ball=True)


def test_4_5_2_free_moved_player_cannot_dribble_but_an_unmoved_one_can():
    west = {4: 1, 7: 3, 5: 2, 6: 2, 1: 2}
    east = {7: 2, 9: 3, 12: 2, 6: 1, 10: 2}
    s = at_actions(west, east, ball=4)
    s, _ = act(s, WEST, "move", from_=7, to=4)  # free move (3 v 2 in 7)
    both = s
    # the original ball carrier leaves freely (1 v 0 in 4): only the newcomer is with the ball
    s, _ = act(s, WEST, "move", from_=4, to=1)
    s, _ = start_moving(s, WEST, 5, 4)
    assert "not moved yet" in refused(s, WEST, "move", from_=4, to=8, with_ball=True)
    # if the original carrier stays, he can dribble
    s, _ = start_moving(both, WEST, 5, 4)
    s, _ = act(s, WEST, "move", from_=4, to=8, with_ball=True)
    assert s.ball == 8 and s.outfield[0][4] == 1


# -- 4.5.3 ball controlling player -----------------------------------------------------------------


def test_4_5_3_cannot_leave_ball_area_empty():
    west = {4: 1, 7: 3, 5: 2, 6: 2, 1: 2}
    east = {7: 2, 9: 3, 12: 2, 6: 1, 10: 2}
    s = at_actions(west, east, ball=4)
    assert "keep a player with the ball" in refused(s, WEST, "move", from_=4, to=8)  # free
    s, _ = start_moving(s, WEST, 5, 4)
    assert "keep a player with the ball" in refused(s, WEST, "move", from_=4, to=8)
    s, _ = act(s, WEST, "move", from_=7, to=4)
    s, _ = act(s, WEST, "move", from_=4, to=8)  # now one of two may go
    assert s.pieces(0, 4) == 1


def test_4_5_3_goalkeeper_alone_with_the_ball_stays():
    s = at_actions({5: 3, 7: 3, 4: 2, 6: 2}, {5: 2, 7: 3, 9: 3, 12: 2}, ball=2)
    s, _ = start_moving(s, WEST, 5, 4)
    assert "keep a player" in refused(s, WEST, "move", from_=2, to=5, goalkeeper=True)


def test_4_5_3_defending_team_may_leave_the_ball_area():
    s = at_actions(L_WEST, L_EAST, first=EAST)
    s, _ = start_moving(s, EAST, 5, 4)
    s, _ = act(s, EAST, "move", from_=7, to=9, count=2)
    assert s.pieces(1, 7) == 0


# -- 4.6 positioning -------------------------------------------------------------------------------

# West outnumbers east in the centre, 3 v 2.
PO_WEST = {7: 3, 4: 2, 6: 2, 5: 2, 8: 1}
PO_EAST = {7: 2, 9: 3, 12: 2, 10: 2, 8: 1}


def test_4_6_example_positioning_actions():
    # Example 1: Otto (west, controlling) rolls 4 and 2 with the ball value 5: both dice are
    # lower, two steps (5 -> 3). He has more players in the area, but two steps is the maximum.
    s = position(west=PO_WEST, east=PO_EAST, ball=7, value=3)
    s, _ = to_stage2(s, 7, 6, 5)
    assert s.value == 5 and decision(s).actor == WEST
    s, _ = choose(s, WEST, "position")
    s, events = roll(s, WEST, 4, 2)
    assert find(events, "positioning").data == {"team": 0, "from": 5, "to": 3}
    # Example 2: Santeri (east, defending) then rolls 3 and 4: one die is higher than 3,
    # so the value goes up one step (3 -> 4).
    assert decision(s).actor == EAST
    s, _ = choose(s, EAST, "position")
    s, events = roll(s, EAST, 3, 4)
    assert find(events, "positioning").data == {"team": 1, "from": 3, "to": 4}
    assert s.value == 4


def positioning(west, east, team, value, dice):
    first = team
    s = at_actions(west, east, value=value, first=first)
    s, _ = choose(s, first, "position")
    s, _ = roll(s, first, *dice)
    return s.value


# (west, east) layouts with the ball in 7: west more, level, east more, east absent
MORE = (PO_WEST, PO_EAST)
LEVEL = (L_WEST, L_EAST)
FEWER = ({7: 2, 8: 2, 4: 2, 6: 2, 5: 2}, {7: 3, 9: 3, 10: 1, 12: 1, 5: 2})
ABSENT = ({7: 2, 8: 2, 4: 2, 6: 2, 5: 2}, {9: 4, 10: 2, 12: 2, 5: 2})


@pytest.mark.parametrize(
    ("layout", "value", "dice", "expected"),
    [
        (LEVEL, 5, (4, 2), 3),
        (LEVEL, 5, (6, 2), 4),
        (LEVEL, 5, (5, 5), 5),  # equal to the value: not lower
        (LEVEL, 2, (1, 1), 1),  # never below 1
        (MORE, 4, (2, 5), 2),  # one step from the dice, one for outnumbering
        (MORE, 3, (5, 6), 2),  # design decision 9: outnumbering alone gives one step
        (MORE, 5, (1, 2), 3),  # already two steps
        (FEWER, 4, (2, 3), 2),
    ],
)
def test_4_6_controlling_team_positioning(layout, value, dice, expected):
    assert positioning(*layout, WEST, value, dice) == expected


@pytest.mark.parametrize(
    ("layout", "value", "dice", "expected"),
    [
        (LEVEL, 3, (4, 5), 5),
        (LEVEL, 3, (4, 1), 4),
        (LEVEL, 3, (3, 3), 3),  # equal to the value: not higher
        (FEWER, 3, (4, 1), 5),  # east outnumbers: one more step
        (FEWER, 5, (6, 6), 6),  # never above 6
        (FEWER, 6, (6, 6), 6),
        (ABSENT, 3, (4, 5), 4),  # no east player in 7: one step less
        (ABSENT, 3, (4, 1), 3),
        (ABSENT, 3, (1, 2), 3),  # design decision 9: never an adjustment the other way
    ],
)
def test_4_6_defending_team_positioning(layout, value, dice, expected):
    assert positioning(*layout, EAST, value, dice) == expected


# -- 4.7 pressing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [3, 4, 5])
def test_4_7_example_pressing(value):
    # Santeri's team (east, defending) has as many players as west in the ball's area and
    # presses: 2 and 5. The 2 is lower than the ball value, the 5 is not, so east wins the
    # ball with the higher die, 5. (The example's "(2)" names the die; any value 3-5 fits.)
    s = at_actions(L_WEST, L_EAST, value=value, first=EAST)
    assert "press" in action_kinds(s)
    s, _ = choose(s, EAST, "press")
    s, events = roll(s, EAST, 2, 5)
    assert find(events, "pressing").data == {"team": 1, "success": True, "value": 5}
    assert s.control == 1 and s.value == 5


def test_4_7_both_dice_lower_takes_the_lower_die():
    s = at_actions(L_WEST, L_EAST, value=5, first=EAST)
    s, _ = choose(s, EAST, "press")
    s, _ = roll(s, EAST, 4, 2)
    assert s.control == 1 and s.value == 2


def test_4_7_failed_pressing_reduces_the_ball_value():
    s = at_actions(L_WEST, L_EAST, value=3, first=EAST)
    s, _ = choose(s, EAST, "press")
    s, events = roll(s, EAST, 3, 4)
    assert find(events, "pressing").data["success"] is False
    assert s.control == 0 and s.value == 2


def test_4_7_failed_pressing_never_takes_the_value_below_one():
    s = at_actions(L_WEST, L_EAST, value=1, first=EAST)
    s, _ = choose(s, EAST, "press")
    s, _ = roll(s, EAST, 1, 1)
    assert s.control == 0 and s.value == 1


def test_4_7_cannot_press_when_outnumbered():
    s = at_actions(PO_WEST, PO_EAST, first=EAST)  # 2 v 3 in the centre
    assert "press" not in action_kinds(s)
    assert "at least as many" in refused(s, EAST, "action", kind="press")


def test_4_7_goalkeeper_counts_for_pressing():
    # west has two players in east's box, east one player and the keeper
    west = {12: 2, 9: 2, 7: 2, 4: 2, 6: 2}
    east = {12: 1, 9: 3, 7: 2, 10: 2, 8: 2}
    s = at_actions(west, east, ball=12, first=EAST)
    assert "press" in action_kinds(s)


def test_4_7_at_most_six_players_count_for_pressing():
    # 1.4.1: seven west players in the centre count as six, level with east's six
    s = at_actions({7: 7, 4: 1, 6: 1, 5: 1}, {7: 6, 9: 2, 12: 2}, first=EAST)
    assert "press" in action_kinds(s)


def test_4_7_pressing_roll_belongs_to_the_pressing_team():
    s = at_actions(L_WEST, L_EAST, value=3, first=EAST)
    s, _ = choose(s, EAST, "press")
    refused(s, WEST, "roll", NotYourDecision, dice=[1, 1])
    refused(s, EAST, "roll", MalformedAction, dice=[1])
    assert SIDES[s.control] == WEST
