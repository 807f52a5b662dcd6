"""A turn: the dice for ball control, members' moves, kicks (Fielder moves, Ball control)."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER

from .scenario import (
    EAST,
    WEST,
    act,
    ball_name,
    find,
    kick,
    kinds,
    move,
    position,
    problem,
    roll,
    where,
)

WEST_TEAM = {"G": "goal7", "1": "e5", "2": "c10"}
EAST_TEAM = {"G": "goal7", "1": "p5", "2": "m9"}


def _turn(ball: str, points: int = 6, team: str = WEST, **kw: object):
    return position(WEST_TEAM, EAST_TEAM, ball=ball, team=team, points=points, **kw)


# -- Ball control: how many dice -------------------------------------------------------


@pytest.mark.parametrize("ball", ["f5", "f4", "f6"])
def test_ball_in_any_front_square_gives_two_dice(ball: str) -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball=ball)
    assert s.step["n"] == 2 and s.step["why"] == "ball"
    assert SIMPLESOCCER.pending(s)[0].dice == 2


@pytest.mark.parametrize("ball", ["e6", "e4", "d5", "d4", "d6", "g5"])
def test_ball_beside_behind_or_farther_gives_one_die(ball: str) -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball=ball)
    assert s.step["n"] == 1 and s.step["why"] == "loose"


def test_opponents_ball_control_is_theirs_not_ours() -> None:
    # the ball in front of East's 1 (facing west: o5) gives East 2 dice, West 1
    assert position(WEST_TEAM, EAST_TEAM, ball="o5", team=EAST).step["n"] == 2
    assert position(WEST_TEAM, EAST_TEAM, ball="o5", team=WEST).step["n"] == 1


def test_goalkeeper_holding_the_ball_gives_three_dice() -> None:
    s = position(WEST_TEAM, EAST_TEAM, held=WEST)
    assert s.step["n"] == 3 and s.step["why"] == "goalie"
    s, ev = roll(s, WEST, 6, 6, 6)
    assert find(ev, "rolled").data["points"] == 18


def test_wrong_number_of_dice_is_refused() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5")
    assert problem(s, WEST, "roll", dice=[4]) is not None
    assert problem(s, EAST, "roll", dice=[4, 4]) is not None  # not East's turn


# -- Moves -----------------------------------------------------------------------------


@pytest.mark.parametrize("to", ["f5", "d5", "e6", "e4", "f6", "f4", "d6", "d4"])
def test_a_member_steps_in_all_eight_directions(to: str) -> None:
    s = _turn("k7", points=2)
    s, ev = move(s, WEST, "1", to)
    assert where(s, WEST, "1") == to
    assert find(ev, "moved").data["cost"] == 1 and s.turn["left"] == 1


def test_move_costs_a_point_a_step_and_the_points_run_down() -> None:
    s = _turn("k7", points=7)
    s, ev = move(s, WEST, "1", "f6 g7 h7")
    assert where(s, WEST, "1") == "h7" and find(ev, "moved").data["left"] == 4
    s, ev = move(s, WEST, "2", "d10")
    assert s.turn["left"] == 3
    assert SIMPLESOCCER.view(s, WEST)["points_left"] == 3


def test_a_move_longer_than_the_points_left_is_refused() -> None:
    s = _turn("k7", points=2)
    why = problem(s, WEST, "move", member="1", path="f5 g5 h5")
    assert why is not None and "2 left" in why


def test_a_step_must_be_to_a_neighbouring_square() -> None:
    s = _turn("k7")
    assert "next to" in (problem(s, WEST, "move", member="1", path="f5 h5") or "")


def test_a_lone_far_square_is_reached_the_shortest_way() -> None:
    s = _turn("k7")  # West's 1 on e5
    s, ev = move(s, WEST, "1", "g5")
    moved = find(ev, "moved").data
    assert where(s, WEST, "1") == "g5" and moved["cost"] == len(moved["path"]) == 2
    assert moved["from"] == [4, 4] and s.turn["left"] == 4
    far = problem(s, WEST, "move", member="1", path="u5")
    assert far is not None and "cannot be reached" in far


def test_no_step_onto_a_marker_or_the_ball() -> None:
    s = position(WEST_TEAM, {"G": "goal7", "1": "f6"}, ball="f5", points=4)
    assert "taken by East's 1" in (problem(s, WEST, "move", member="1", path="f6") or "")
    assert "ball" in (problem(s, WEST, "move", member="1", path="f5") or "")
    # nor onto a team-mate, nor through one
    s = position({"G": "goal7", "1": "e5", "2": "e6"}, EAST_TEAM, ball="k7", points=4)
    assert "taken" in (problem(s, WEST, "move", member="1", path="e6 e7") or "")


def test_fielders_never_leave_the_board_nor_enter_a_goal() -> None:
    s = position({"G": "goal7", "1": "a7"}, EAST_TEAM, ball="k7", points=4)
    assert "goalkeeper" in (problem(s, WEST, "move", member="1", path="goal7") or "")
    assert problem(s, WEST, "move", member="1", path="goal8") is not None
    s = position({"G": "goal7", "1": "a1"}, EAST_TEAM, ball="k7", points=4)
    assert problem(s, WEST, "move", member="1", path="a0") is not None


def test_the_goalkeeper_may_step_into_its_own_goal() -> None:
    s = position({"G": "a7", "1": "e5"}, EAST_TEAM, ball="k7", points=4)
    s, _ = move(s, WEST, "G", "goal6")
    assert where(s, WEST, "G") == "goal6"


def test_the_turn_ends_by_itself_when_the_points_are_spent() -> None:
    s = _turn("k7", points=2)
    s, ev = move(s, WEST, "1", "f5 g5")
    assert kinds(ev)[-1] == "turn_end"
    assert find(ev, "turn_end").data == {"team": 0, "left": 0, "reason": "spent"}
    assert s.step["k"] == "roll" and s.step["team"] == 1


def test_ending_the_turn_loses_the_points_left() -> None:
    s = _turn("k7", points=11)
    s, ev = act(s, WEST, "end")
    assert find(ev, "turn_end").data["left"] == 11
    assert s.step == {"k": "roll", "team": 1, "n": 1, "why": "loose"}
    assert "not your turn" in (problem(s, WEST, "move", member="1", path="f5") or "")


def test_a_team_cannot_end_before_rolling() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5")
    assert "Roll" in (problem(s, WEST, "end") or "")


def test_several_members_share_the_points() -> None:
    s = _turn("f5", points=4)
    s, _ = kick(s, WEST, "1", "g5")
    s, _ = move(s, WEST, "2", "d10")
    s, ev = move(s, WEST, "1", "f5 f4")
    assert "turn_end" in kinds(ev) and ball_name(s) == "g5"


# -- Kicks -----------------------------------------------------------------------------


@pytest.mark.parametrize("ball", ["f5", "f4", "f6"])
def test_kick_from_any_front_square(ball: str) -> None:
    s = _turn(ball, points=3)
    s, ev = kick(s, WEST, "1", "g5")
    assert ball_name(s) == "g5"
    e = find(ev, "kicked").data
    assert e["member"] == "1" and e["throw"] is False


@pytest.mark.parametrize("ball", ["e6", "e4", "d5", "d6", "d4", "g5"])
def test_kick_from_beside_behind_or_far_is_refused(ball: str) -> None:
    s = _turn(ball)
    why = problem(s, WEST, "kick", member="1", path="h7")
    assert why is not None and "in front of 1's feet" in why


def test_the_ball_need_not_go_straight() -> None:
    s = _turn("f5", points=6)
    s, ev = kick(s, WEST, "1", "g6 h5 i6 j5")
    assert ball_name(s) == "j5" and find(ev, "kicked").data["cost"] == 4


def test_the_ball_passes_through_an_opponent_but_does_not_stop_on_one() -> None:
    s = position(WEST_TEAM, {"G": "goal7", "1": "h5"}, ball="f5", points=6)
    why = problem(s, WEST, "kick", member="1", path="g5 h5")
    assert why is not None and "East's 1" in why
    s, _ = kick(s, WEST, "1", "g5 h5 i5")
    assert ball_name(s) == "i5"


def test_the_ball_does_not_stop_on_a_team_mate() -> None:
    s = position({"G": "goal7", "1": "e5", "2": "h5"}, EAST_TEAM, ball="f5", points=6)
    assert "West's 2" in (problem(s, WEST, "kick", member="1", path="g5 h5") or "")


def test_the_ball_stays_on_the_board() -> None:
    s = position({"G": "goal7", "1": "e12"}, EAST_TEAM, ball="f13", points=6)
    assert "off the board" in (problem(s, WEST, "kick", member="1", path="f14") or "")
    # beside the goal but not in it: the goal line is the board's edge
    s = position({"G": "goal7", "1": "s2"}, {"G": "goal7"}, ball="t2", points=6)
    why = problem(s, WEST, "kick", member="1", path="u2 goal2")
    assert why is not None


def test_never_into_the_own_goal() -> None:
    # West's own goal is two steps from the ball; East's goal is far out of reach
    s = position({"G": "goal10", "1": "a6"}, EAST_TEAM, ball="b7", points=6)
    kicks = [c for c in SIMPLESOCCER.pending(s)[0].choices if c.action.kind == "kick"]
    assert kicks and not [c for c in kicks if c.info["to"].startswith("goal")]
    assert problem(s, WEST, "kick", member="1", path="a7 goal7") is not None
    assert problem(s, WEST, "kick", member="1", path="goal7") is not None
    assert s.ball == [1, 6]


def test_a_shot_is_only_the_last_step() -> None:
    s = position({"G": "goal7", "1": "t7"}, {"G": "goal4"}, ball="u7", points=6)
    assert "nothing can follow" in (problem(s, WEST, "kick", member="1", path="goal7 u8") or "")


def test_a_kick_longer_than_the_points_left_is_refused() -> None:
    s = _turn("f5", points=2)
    assert "2 left" in (problem(s, WEST, "kick", member="1", path="g5 h5 i5") or "")


def test_play_choices_list_moves_kicks_and_the_end() -> None:
    s = _turn("f5", points=2)
    (d,) = SIMPLESOCCER.pending(s)
    assert d.kind == "play" and d.info["left"] == 2
    labels = {c.label for c in d.choices}
    assert "1 to d4 (1)" in labels and "1 kicks to h5 (2)" in labels
    assert "End the turn" in labels
    # never onto the ball or a marker, never farther than the points
    tos = {(c.info.get("member"), c.info.get("to")) for c in d.choices if c.action.kind == "move"}
    assert ("1", "f5") not in tos and ("1", "e7") in tos and ("1", "e8") not in tos
    for c in d.choices:
        assert problem(s, c.action.actor, c.action.kind, **c.action.args) is None, c.label
