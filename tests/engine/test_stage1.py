"""Stage 1 of a turn (rulebook 4.1): choosing the target area and modifying the ball value.

West defends area 2 and attacks area 12; east the other way round (shared/design/fuba-board.md).
"""

from __future__ import annotations

import pytest

from engine.core import Action, MalformedAction, NotYourDecision
from engine.fuba import FUBA
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    decision,
    find,
    mirrored,
    position,
    refused,
    target_values,
)

# -- 4.1.1 choosing the target area ------------------------------------------------------------


def test_4_1_1_example_choosing_target_area():
    # Otto's team (east here) controls the ball in the centre. Area A = 4 holds one of his
    # players, area B = 1 is next to area 4, area C = 3 has no east player in or next to it
    # (3 borders 2, 5 and 6).
    s = position(
        west={5: 3, 6: 2, 3: 2, 1: 1, 7: 2},
        east={4: 1, 7: 3, 8: 2, 9: 2, 10: 2},
        ball=7,
        control=EAST,
    )
    values = target_values(s)
    assert 4 in values  # A: he has a player there
    assert 1 in values  # B: adjacent to an area where he has a player
    assert 3 not in values  # C
    message = refused(s, EAST, "target", area=3)
    assert "3" in message and "no player" in message
    # after a legal choice the ball is moved into the target area
    s2, events = act(s, EAST, "target", area=1)
    assert s2.ball == 1
    assert find(events, "target").data["target"] == 1


def test_4_1_1_ball_may_stay_in_the_same_area():
    s = position(west={7: 4, 4: 3, 6: 3}, east={7: 2, 9: 4, 8: 2, 10: 2}, ball=7)
    assert 7 in target_values(s)
    s2, _ = act(s, WEST, "target", area=7)
    assert s2.ball == 7
    assert decision(s2).kind == "roll" and decision(s2).dice == 2


def test_4_1_1_goalkeeper_counts_as_a_player_for_reachability():
    # 1.2: a goalkeeper counts as a player. West's only piece near area 3 is the keeper in 2.
    west = {7: 4, 4: 3, 8: 3}
    east = {9: 4, 10: 2, 7: 2, 8: 2}
    s = position(west=west, east=east, ball=7)
    assert 3 in target_values(s)
    s_out = position(west=west, east=east, ball=7, west_keeper=7)
    assert 3 not in target_values(s_out)
    refused(s_out, WEST, "target", area=3)


def test_4_1_1_target_must_be_a_pitch_area():
    s = position(west={7: 4, 4: 3, 6: 3}, east={7: 2, 9: 4, 8: 2, 10: 2})
    for bad in (0, 14, 17, 99):
        assert "1 to 13" in refused(s, WEST, "target", area=bad)


def test_4_1_1_target_arguments_must_be_well_formed():
    s = position(west={7: 4, 4: 3, 6: 3}, east={7: 2, 9: 4, 8: 2, 10: 2})
    refused(s, WEST, "target", MalformedAction, area="7")
    refused(s, WEST, "target", MalformedAction, area=True)
    refused(s, WEST, "target", MalformedAction)
    refused(s, WEST, "shoot", MalformedAction, area=7)
    refused(s, WEST, "roll", MalformedAction, dice=[3, 4])


def test_4_1_1_only_the_controlling_team_chooses_the_target():
    s = position(west={7: 4, 4: 3, 6: 3}, east={7: 2, 9: 4, 8: 2, 10: 2})
    message = refused(s, EAST, "target", NotYourDecision, area=7)
    assert "west" in message
    refused(s, "north", "target", NotYourDecision, area=7)
    assert FUBA.problem(s, Action(WEST, "target", {"area": 7})) is None
    assert "not your decision" in FUBA.problem(s, Action(EAST, "target", {"area": 7})).lower()


# -- 4.1.1.1 offside --------------------------------------------------------------------------

# East's two deepest pieces: the keeper in 12 and then the players in the centre (7), so a west
# player in 9, 11, 12 or 13 with the ball in 7 is in an offside position.
OFFSIDE_EAST = {7: 4, 4: 2, 6: 2, 5: 2}


def test_4_1_1_1_cannot_target_an_area_with_an_offside_player():
    s = position(west={7: 3, 12: 1, 8: 2, 4: 2, 6: 2}, east=OFFSIDE_EAST, ball=7, value=2)
    assert 12 not in target_values(s)
    assert "offside" in refused(s, WEST, "target", area=12)
    assert 8 in target_values(s)  # level with the centre: not offside


def test_4_1_1_1_cannot_target_an_empty_area_next_only_to_offside_players():
    s = position(west={7: 3, 12: 1, 8: 2, 4: 2, 6: 2}, east=OFFSIDE_EAST, ball=7, value=2)
    # 13 borders 9, 10 and 12: west's only neighbour there is the offside player in 12
    assert "offside" in refused(s, WEST, "target", area=13)
    # 11 borders 8 (not offside) and 12 (offside): one onside neighbour is enough
    assert 11 in target_values(s)


# -- 4.1.2.1 start area without a defending player ---------------------------------------------


@pytest.mark.parametrize(("defender_in_start", "expected"), [(True, 3), (False, 2)])
def test_4_1_2_1_start_area_without_defender_reduces_one(defender_in_start, expected):
    west = {5: 2, 4: 1, 7: 3, 6: 2, 1: 2}
    if defender_in_start:
        east = {4: 1, 5: 1, 7: 2, 8: 2, 9: 2, 6: 2}
    else:
        east = {4: 1, 7: 3, 8: 2, 9: 2, 6: 2}
    s = position(west=west, east=east, ball=5, value=3)
    assert target_values(s)[4] == expected  # 4 is adjacent, 1 v 1 there
    s2, _ = act(s, WEST, "target", area=4)
    assert s2.value == expected


@pytest.mark.parametrize(("east_keeper", "expected"), [(9, 3), (12, 2)])
def test_4_1_2_1_defending_goalkeeper_in_start_area_counts(east_keeper, expected):
    s = position(
        west={9: 2, 8: 1, 7: 3, 4: 2, 6: 2},
        east={8: 1, 7: 3, 11: 2, 13: 2, 12: 2},
        ball=9,
        value=3,
        east_keeper=east_keeper,
    )
    assert target_values(s)[8] == expected


@pytest.mark.parametrize("kind", ["free_kick", "goal_kick"])
def test_4_1_2_1_no_reduction_when_a_set_piece_is_taken(kind):
    # West takes the restart from its own box (goal kick) or from its own arc (free kick);
    # east has nobody there, which would normally reduce the value by one.
    start = 2 if kind == "goal_kick" else 5
    west = {5: 2, 4: 2, 7: 3, 6: 3} if kind == "goal_kick" else {5: 2, 4: 2, 7: 3, 6: 1, 2: 2}
    east = {5: 0, 4: 2, 7: 4, 9: 2, 8: 2}
    set_piece = position(west=west, east=east, ball=start, value=2, kind=kind)
    normal = position(west=west, east=east, ball=start, value=2)
    # target 4 is next to both start areas (4 borders 5; from 2 it is a pass over area 1 or 5)
    assert target_values(normal)[4] == target_values(set_piece)[4] - 1


def test_4_1_2_1_no_reduction_on_a_corner_kick():
    west = {16: 1, 12: 2, 9: 3, 7: 2, 4: 1, 8: 1}
    east = {12: 4, 9: 3, 7: 2, 8: 1}
    corner = position(west=west, east=east, ball=16, value=2, kind="corner")
    # 11: next to the corner spot, 0 v 0; no defender on the corner spot, but no reduction
    assert target_values(corner)[11] == 2


# -- 4.1.2.2 long pass ---------------------------------------------------------------------------


def test_4_1_2_2_long_pass_adds_one_per_area_between():
    west = {5: 2, 7: 3, 9: 1, 4: 2, 6: 2}
    east = {5: 1, 7: 3, 9: 1, 8: 2, 10: 2, 12: 1}
    s = position(west=west, east=east, ball=5, value=3)
    values = target_values(s)
    assert values[7] == 3  # adjacent, 3 v 3: unchanged
    assert values[9] == 4  # one area (7) between 5 and 9, 1 v 1 in 9


def test_4_1_2_2_example_long_pass():
    # Otto (west) plays from his arc (5) into the opponent's penalty area (12): areas 7 and 9
    # lie between, so the value goes from 4 to 6. There is a defender in the start area and the
    # numbers in the box are level (2 v keeper + 1), so nothing else changes the value.
    s = position(
        west={5: 2, 12: 2, 7: 3, 4: 2, 6: 1},
        east={5: 1, 12: 1, 7: 3, 9: 2, 8: 2, 10: 1},
        ball=5,
        value=4,
    )
    assert target_values(s)[12] == 6
    s2, events = act(s, WEST, "target", area=12)
    assert (s2.ball, s2.value) == (12, 6)
    assert find(events, "target").data["value"] == 6


def test_4_1_2_2_long_pass_both_teams_six_players():
    # 7 -> 12 passes over area 9: +1, and +1 more because both teams have 6 in the box.
    s = position(west={7: 2, 12: 6, 9: 2}, east={7: 2, 12: 5, 9: 3}, ball=7, value=3)
    assert s.pieces(1, 12) == 6  # keeper + 5
    assert target_values(s)[12] == 5


def test_4_1_2_2_six_players_rule_counts_at_most_six():
    # 1.4.1: west's seven players in the box count as six, so the box is level (6 v 6).
    s = position(west={7: 2, 12: 7, 9: 1}, east={7: 2, 12: 5, 9: 3}, ball=7, value=3)
    assert target_values(s)[12] == 5


def test_4_1_2_2_five_defenders_no_extra_step():
    s = position(west={7: 2, 12: 6, 9: 2}, east={7: 2, 12: 4, 9: 4}, ball=7, value=3)
    # +1 long pass, -1 west has more players in the box (6 v 5), no six-player step
    assert target_values(s)[12] == 3


def test_4_1_2_2_five_attackers_no_extra_step():
    s = position(west={7: 2, 12: 5, 9: 3}, east={7: 2, 12: 5, 9: 3}, ball=7, value=3)
    # +1 long pass, +1 east has more players in the box (keeper + 5 v 5), no six-player step
    assert target_values(s)[12] == 5


def test_4_1_2_2_six_players_step_needs_a_long_pass():
    # design decision 3: the additional step belongs to the long-pass rule
    s = position(west={9: 2, 12: 6, 7: 2}, east={9: 3, 12: 5, 7: 2}, ball=9, value=3)
    assert target_values(s)[12] == 3


# -- 4.1.2.3 target area situation -----------------------------------------------------------------


@pytest.mark.parametrize("side", [WEST, EAST])
@pytest.mark.parametrize(
    ("mine", "theirs", "change"), [(2, 1, -1), (1, 2, +1), (1, 1, 0), (0, 1, +1), (0, 0, 0)]
)
def test_4_1_2_3_target_area_situation(side, mine, theirs, change):
    ct = {7: 3, 8: mine, 4: 3, 5: 4 - mine}
    dt = {7: 2, 8: theirs, 9: 4, 12: 4 - theirs}
    if side == WEST:
        s = position(west=ct, east=dt, ball=7, value=3, control=WEST)
        target = 8
    else:
        s = position(west=mirrored(dt), east=mirrored(ct), ball=7, value=3, control=EAST)
        target = 6
    assert target_values(s)[target] == 3 + change


# -- 4.1.2 limits ----------------------------------------------------------------------------------

LONG_PASS_WEST = {5: 2, 12: 2, 7: 3, 4: 2, 6: 1}
LONG_PASS_EAST = {5: 1, 12: 1, 7: 3, 9: 2, 8: 2, 10: 1}


def test_4_1_2_ball_value_over_six_is_illegal():
    s = position(west=LONG_PASS_WEST, east=LONG_PASS_EAST, ball=5, value=5)
    assert 12 not in target_values(s)  # 5 + 2 = 7
    message = refused(s, WEST, "target", area=12)
    assert "7" in message and "6" in message


def test_4_1_2_ball_value_of_exactly_six_is_legal():
    s = position(west=LONG_PASS_WEST, east=LONG_PASS_EAST, ball=5, value=4)
    assert target_values(s)[12] == 6


def test_4_1_2_over_six_uses_the_final_value():
    # design decision 4: 6 +1 (long pass) -1 (no defender in 5) -1 (west outnumbers in 9) = 5
    s = position(
        west={5: 2, 9: 2, 7: 2, 4: 2, 6: 2},
        east={9: 1, 7: 3, 8: 2, 10: 2, 12: 2},
        ball=5,
        value=6,
    )
    assert target_values(s)[9] == 5


def test_4_1_2_ball_value_below_one_becomes_one():
    # 1 -1 (no defender in the start area 4) -1 (west outnumbers in 8) = -1 -> 1
    s = position(
        west={4: 2, 8: 2, 7: 3, 6: 3},
        east={8: 1, 7: 3, 9: 3, 12: 3},
        ball=4,
        value=1,
    )
    assert target_values(s)[8] == 1
    s2, _ = act(s, WEST, "target", area=8)
    assert s2.value == 1


def test_4_1_2_value_is_clamped_once_after_all_modifications():
    # design decision 4: 1 -1 (no defender in 5) +2 (long pass 5 -> 12) -1 (3 v 2 in the box)
    # = 1. Clamping after each step would give 2.
    s = position(
        west={5: 2, 12: 3, 7: 3, 4: 2},
        east={12: 1, 7: 3, 9: 3, 8: 3},
        ball=5,
        value=1,
    )
    assert target_values(s)[12] == 1


def test_4_1_2_offered_values_match_the_applied_values():
    s = position(
        west={5: 2, 9: 2, 7: 2, 4: 2, 6: 2},
        east={9: 1, 7: 3, 8: 2, 10: 2, 12: 2},
        ball=7,
        value=4,
    )
    values = target_values(s)
    assert len(values) == 13
    for area, value in values.items():
        s2, _ = act(s, WEST, "target", area=area)
        assert (s2.ball, s2.value) == (area, value)


def test_4_1_2_1_kick_off_is_not_exempt_from_the_reduction():
    # only free kicks, corner kicks and goal kicks are exempt; east has nobody in the centre
    west = {7: 2, 4: 2, 6: 3, 5: 3}
    east = {4: 2, 8: 3, 9: 3, 10: 2}
    kickoff = position(west=west, east=east, ball=7, value=2, kind="kickoff")
    assert target_values(kickoff)[4] == 1  # 2 - 1, level (2 v 2) in area 4
    free_kick = position(west=west, east=east, ball=7, value=2, kind="free_kick")
    assert target_values(free_kick)[4] == 2
