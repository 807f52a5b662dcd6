"""Project interpretations where the rulebook is silent (docs/rules-fuba.md), pinned."""

from __future__ import annotations

import random

from engine.core import Action
from engine.fuba import FUBA, restarts
from engine.fuba.passing import legal_targets
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    assert_illegal,
    choose,
    find,
    kinds,
    position,
    roll,
    with_free_kick,
    with_yellow_test,
)

WEST_TEN = {7: 2, 4: 2, 6: 2, 5: 2, 2: 2}


def test_4_1_2_no_target_within_six_keeps_the_lowest_targets_at_six() -> None:
    # Every area West can reach would push the ball value to 7 or more.
    s = position(
        {11: 1, 2: 3, 5: 3, 3: 3},
        {11: 2, 8: 2, 9: 1, 5: 3, 7: 1, 4: 1},
        ball=11,
        value=6,
    )
    targets = dict(legal_targets(s, 0, "normal"))
    assert targets == {8: 6, 9: 6, 11: 6, 12: 6}
    s, events = act(s, WEST, "target", area=9)
    assert s.value == 6
    assert find(events, "target").data["value"] == 6


def test_4_1_2_1_kick_off_is_not_a_set_piece_for_the_start_area_reduction() -> None:
    west, east = {7: 2, 4: 1, 5: 4, 6: 1, 2: 2}, {4: 1, 9: 4, 8: 3, 10: 2}
    kickoff = position(west, east, ball=7, value=2, kind="kickoff")
    free_kick = position(west, east, ball=7, value=2, kind="free_kick")
    # target 4: one player each; the empty start area lowers the value only at the kick-off
    assert dict(legal_targets(kickoff, 0, "kickoff"))[4] == 1
    assert dict(legal_targets(free_kick, 0, "free_kick"))[4] == 2


def _stoppage_box_turn(shot_die: int):
    """West plays into the east box on stoppage square +2 and rolls a double: the half
    ends at the end of this turn (4.2.1.2), then West shoots."""
    s = position(
        {9: 3, 12: 2, 5: 2, 7: 3},
        {9: 1, 12: 1, 5: 2, 7: 3, 4: 3},
        ball=9,
        value=3,
        minute=45,
        stoppage=2,
    )
    s, _ = act(s, WEST, "target", area=12)
    assert s.value == 3  # two against two in the box
    s, events = roll(s, WEST, 5, 5)
    assert s.turn["end"] and s.stoppage == 2
    assert s.value == 5 and s.turn["order"][0] == 0
    s, _ = FUBA.apply(s, Action(WEST, "action", {"kind": "goal"}))
    return roll(s, WEST, shot_die)


def test_4_2_1_2_a_miss_in_the_last_turn_gives_no_goal_kick_the_half_ends() -> None:
    s, events = _stoppage_box_turn(1)  # 1 against ball value 5: a miss
    assert "goal_kick" not in kinds(events)
    assert "half_end" in kinds(events)
    assert s.half == 2 and s.agenda[0]["k"] == "formation"


def test_4_2_1_2_a_goal_in_the_last_turn_counts_then_the_half_ends() -> None:
    s, events = _stoppage_box_turn(6)
    assert s.score == [1, 0]
    assert kinds(events)[-1] == "half_end" or "half_end" in kinds(events)
    assert s.half == 2


def _rebound(west_die: int, east_die: int):
    """West shoots from 9 at value 6 with the east keeper out in area 9 and gets a rebound.
    West's one player in the box is offside."""
    s = position(
        {9: 2, 12: 1, 5: 3, 4: 2, 6: 2},
        {7: 4, 5: 2, 4: 2, 6: 2},
        ball=9,
        value=4,
        east_keeper=9,
    )
    s, _ = act(s, WEST, "target", area=9)
    assert s.value == 3
    s, _ = roll(s, WEST, 6, 6)
    assert s.value == 6
    s, _ = choose(s, WEST, "goal")
    # 2 - 2 (area) + 1 (shooting area) + 4 (keeper out) = 5, one less than 6: a rebound.
    # West's player in the box is offside, so the box comparison gives nothing (4.4 [2]).
    s, events = roll(s, WEST, 2)
    assert find(events, "goal_attempt").data["outcome"] == "rebound"
    s, _ = roll(s, WEST, west_die)
    return roll(s, EAST, east_die)


def test_4_4_1_lost_rebound_brings_the_closest_defender_into_the_box() -> None:
    s, events = _rebound(1, 6)  # 1 + 1 player in the box = 2 against 6 + 0
    assert s.control == 1 and s.ball == 12 and s.value == 1  # west's die (4.4.1)
    assert find(events, "bring").data == {"team": 1, "from": 9, "to": 12, "goalkeeper": True}
    assert s.keeper[1] == 12


def test_4_4_1_rebound_counts_an_offside_attacker_in_the_box() -> None:
    s, events = _rebound(5, 6)  # 5 + 1 = 6 against 6 + 0: a corner, not a lost ball
    assert find(events, "rebound").data["scores"] == [6, 6]
    assert "corner_kick" in kinds(events)


def _west_first_action(west: dict[int, int], east: dict[int, int]):
    s = position(west, east, ball=7, value=2)
    s, _ = act(s, WEST, "target", area=7)
    s, _ = roll(s, WEST, 6, 5)
    assert s.agenda[0]["k"] == "act" and s.agenda[0]["team"] == 0
    return s


def test_4_3_1_a_free_move_uses_the_most_specific_allowance_first() -> None:
    s = _west_first_action({1: 3, 7: 3, 5: 2, 6: 2}, {7: 2, 9: 4, 8: 2, 10: 2})
    s, _ = act(s, WEST, "move", from_=1, to=4)  # the goal-line move, straight away
    s, _ = act(s, WEST, "move", from_=1, to=5)  # the outnumbering move is still there
    assert FUBA.problem(s, Action(WEST, "move", {"from": 1, "to": 2}))


def test_5_4_goal_kick_clears_an_opposing_keeper_out_of_the_box_too() -> None:
    s = position({12: 1, 9: 3, 7: 3, 5: 3}, {9: 3, 7: 3, 8: 2, 10: 2}, west_keeper=12)
    events: list = []
    restarts.goal_kick(s, 1, events)
    assert s.keeper == [9, 12]
    assert s.outfield[0][12] == 0 and s.outfield[0][9] == 4


def test_5_5_a_penalty_kick_is_not_a_turn() -> None:
    s = position(WEST_TEN, {9: 3, 7: 3, 8: 2, 10: 2}, ball=12, value=3)
    turns = list(s.turns)
    restarts.award_penalty(s, 0, [])
    while s.agenda[0]["k"] != "roll":
        decision = FUBA.pending(s)[0]
        s, _ = FUBA.apply(s, decision.choices[0].action)
    s, events = roll(s, WEST, 6)
    assert find(events, "penalty_kick").data["goal"]
    assert s.turns == turns


def test_basic_rules_never_award_free_kicks_penalties_or_cards() -> None:
    unexpected = {"free_kick", "penalty_awarded", "yellow_test", "red_test"}
    for seed in range(10):
        rng = random.Random(seed)
        s = FUBA.initial()
        while not s.over:
            d = rng.choice(FUBA.pending(s))
            if d.dice:
                a = Action(d.actor, "roll", {"dice": [rng.randint(1, 6) for _ in range(d.dice)]})
            else:
                a = rng.choice(d.choices).action
            s, events = FUBA.apply(s, a)
            assert not unexpected & set(kinds(events))


def test_4_3_1_the_goalkeeper_may_use_the_outnumbering_free_move() -> None:
    s = _west_first_action({7: 3, 5: 3, 4: 2, 6: 2}, {7: 2, 9: 4, 8: 2, 10: 2})
    s, _ = act(s, WEST, "move", from_=2, to=5, goalkeeper=True)  # one against nobody in 2
    assert s.keeper[0] == 5
    assert_illegal(s, WEST, "move", "already moved", from_=5, to=2, goalkeeper=True)


def _ball_in_empty_centre():
    """West has the ball in 7 without an opponent there and acts first at value 5."""
    s = position({7: 1, 5: 3, 4: 3, 6: 3}, {9: 3, 12: 3, 8: 2, 10: 2}, ball=7, value=3)
    s, _ = act(s, WEST, "target", area=7)
    assert s.value == 1
    s, _ = roll(s, WEST, 6, 5)
    return s


def test_4_5_a_plain_move_uses_a_player_who_already_moved() -> None:
    s = _ball_in_empty_centre()
    s, _ = act(s, WEST, "move", from_=5, to=7)  # free movement: outnumbering in 5
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 6, 6)
    s, _ = act(s, WEST, "move", from_=7, to=8)  # the player who came from 5 goes on
    s, events = act(s, WEST, "move", from_=7, to=9, with_ball=True)  # the fresh one dribbles
    assert s.ball == 9 and find(events, "move").data["with_ball"]


def test_4_5_2_the_goalkeeper_may_dribble() -> None:
    s = position({5: 3, 4: 3, 6: 2, 7: 2}, {9: 3, 12: 3, 8: 2, 10: 2}, ball=2, value=2)
    s, _ = act(s, WEST, "target", area=2)
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 4, 4)
    s, _ = act(s, WEST, "move", from_=2, to=5, goalkeeper=True, with_ball=True)
    assert s.ball == 5 and s.keeper[0] == 5


def test_5_2_2_free_movements_may_come_before_a_direct_free_kick_shot() -> None:
    s, _ = with_free_kick(position({7: 4, 5: 3, 4: 3}, {12: 3, 9: 3, 8: 2, 10: 2}), WEST, 9)
    while s.agenda[0]["k"] != "free_kick":
        decision = FUBA.pending(s)[0]
        s, _ = FUBA.apply(s, decision.choices[0].action)
    s, _ = act(s, WEST, "free_kick", choice="shoot")
    first = FUBA.pending(s)[0]
    free_moves = [c.action for c in first.choices if c.action.kind == "move"]
    assert free_moves
    s, _ = FUBA.apply(s, free_moves[0])
    s, events = choose(s, WEST, "goal")
    assert find(events, "action").data["kind"] == "goal"


def test_5_2_2_offside_applies_to_the_free_kick_pass() -> None:
    west, east = {8: 3, 12: 1, 7: 3, 5: 3}, {9: 2, 10: 2, 7: 3, 4: 3}
    s = position(west, east, ball=8, value=2, kind="free_kick")
    assert_illegal(s, WEST, "target", "offside", area=12)


def test_5_4_goal_kick_repositioning_may_enter_an_offside_position() -> None:
    s = position({11: 1, 9: 3, 7: 3, 5: 3}, {9: 2, 10: 2, 7: 3, 4: 3}, ball=5)
    restarts.goal_kick(s, 0, [])
    assert s.agenda[0]["mode"] == "gk_ct"
    s, _ = act(s, WEST, "move", from_=11, to=12)  # offside there, but this is a goal kick
    assert s.outfield[0][12] == 1


def test_5_3_2_the_corner_taker_counts_as_moved_and_cannot_dribble() -> None:
    s = position(
        {16: 1, 9: 3, 7: 3, 5: 3}, {12: 2, 9: 2, 8: 2, 7: 4}, ball=16, value=2, kind="corner"
    )
    s, _ = act(s, WEST, "target", area=11)
    s, _ = roll(s, WEST, 6, 5)
    s, _ = act(s, WEST, "bring", from_=9, goalkeeper=False)  # the taker or a player from 9
    assert s.outfield[0][16] == 0 and s.outfield[0][11] == 2  # the taker stepped into 11
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 6, 6)
    assert_illegal(s, WEST, "move", "not moved yet", from_=11, to=12, with_ball=True)


def test_5_6_1_a_card_test_before_any_target_judges_a_three_by_the_ball_area() -> None:
    own_half = with_yellow_test(position({7: 4, 5: 3, 4: 3}, {9: 4, 8: 3, 10: 3}, ball=5), WEST)
    far_half = with_yellow_test(position({7: 4, 5: 3, 4: 3}, {9: 4, 8: 3, 10: 3}, ball=9), WEST)
    assert roll(own_half, WEST, 3)[0].yellows == [1, 0]
    assert roll(far_half, WEST, 3)[0].yellows == [0, 0]


def test_5_4_a_player_moved_at_the_goal_kick_may_dribble_in_the_next_turn() -> None:
    s = position({4: 1, 5: 3, 6: 3, 7: 3}, {9: 3, 8: 2, 10: 2, 7: 3}, ball=5)
    restarts.goal_kick(s, 0, [])
    s, _ = act(s, WEST, "move", from_=5, to=2)
    s, _ = act(s, WEST, "done")
    s, _ = act(s, EAST, "done")
    s, _ = act(s, WEST, "target", area=2)
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 6, 6)
    s, _ = act(s, WEST, "move", from_=2, to=5, with_ball=True)
    assert s.ball == 5 and s.outfield[0][2] == 0 and s.keeper[0] == 2


def test_moving_more_players_than_an_area_holds_says_how_many_can_move() -> None:
    s = _ball_in_empty_centre()
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 2, 3)  # two moves, but four midfielders may move (4-4-2)
    assert_illegal(s, WEST, "move", "only 3 of your players in area 4", from_=4, to=8, count=5)
    s, _ = act(s, WEST, "move", from_=4, to=8, count=3)
    assert s.outfield[0][8] == 3
    assert_illegal(s, WEST, "move", "only 1 move left", from_=5, to=7, count=2)
