"""Juggling (advanced rules: Juggling moves): two odd dice in a row lift the ball onto the
juggler's marker; the other team's turn without the ball; the follow-up; a lost ball."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER, flow
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import EAST, WEST, act, ball_name, find, kinds, move, position, problem, roll, where

JUGGLING = {"options": "juggling"}
# West's 1 on e5 facing east, the ball on f5 straight in front of its feet
WEST_TEAM = {"G": "goal7", "1": "e5", "2": "c10"}
EAST_TEAM = {"G": "goal7", "1": "p3", "2": "p9"}


def _turn(ball: str = "f5", points: int = 6, east=EAST_TEAM, **options: str) -> SimpleSoccerState:
    return position(WEST_TEAM, east, ball=ball, team=WEST, points=points, **(options or JUGGLING))


def _choices(s: SimpleSoccerState, kind: str) -> list[str]:
    return [c.label for d in SIMPLESOCCER.pending(s) for c in d.choices if c.action.kind == kind]


def _juggle(s: SimpleSoccerState, *dice: int):
    s, _ = act(s, WEST, "juggle", member="1")
    events = []
    for die in dice:
        s, ev = roll(s, WEST, die)
        events += ev
    return s, events


# -- the attempt ----------------------------------------------------------------------


def test_juggling_is_offered_with_the_ball_straight_in_front() -> None:
    assert _choices(_turn(), "juggle") == ["1 juggles (2)"]


@pytest.mark.parametrize("ball", ["f4", "f6"])
def test_no_juggling_from_a_diagonal_front_square(ball: str) -> None:
    s = _turn(ball=ball)
    assert _choices(s, "juggle") == []
    assert problem(s, WEST, "juggle", member="1") == (
        "1 can only juggle a ball straight in front of its feet."
    )


def test_juggling_costs_two_points() -> None:
    s = _turn(points=1)
    assert _choices(s, "juggle") == []
    assert problem(s, WEST, "juggle", member="1") == "Juggling takes 2 points; you have 1."
    s, _ = act(_turn(), WEST, "juggle", member="1")
    assert s.turn["left"] == 4


def test_no_juggling_in_the_basic_game() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5", team=WEST, points=6)
    assert _choices(s, "juggle") == []
    assert "without juggling" in (problem(s, WEST, "juggle", member="1") or "")


def test_the_dice_are_rolled_one_at_a_time() -> None:
    s, _ = act(_turn(), WEST, "juggle", member="1")
    (lift,) = SIMPLESOCCER.pending(s)
    assert lift.kind == "roll" and lift.dice == 1 and lift.info["try"] == 1
    assert problem(s, WEST, "roll", dice=[3, 5]) is not None
    s, _ = roll(s, WEST, 3)
    (knee,) = SIMPLESOCCER.pending(s)
    assert knee.dice == 1 and knee.info["try"] == 2


# -- two odd dice: the ball on the marker -----------------------------------------------


def test_two_odd_dice_put_the_ball_on_the_juggler_and_end_the_turn() -> None:
    s, ev = _juggle(_turn(), 3, 5)
    assert find(ev, "juggle").data == {"team": 0, "member": "1", "dice": [3, 5], "won": True}
    assert ball_name(s) == "e5" and where(s, WEST, "1") == "e5"
    assert s.juggle == {"team": 0, "member": "1"}
    assert find(ev, "turn_end").data == {"team": 0, "left": 4, "reason": "juggle"}
    assert s.step["k"] == "roll" and s.step["team"] == 1


def test_the_other_team_cannot_touch_a_juggled_ball_but_may_move() -> None:
    # East's 1 on f4 facing west has e5 (the juggler's square) among its feet squares
    s, _ = _juggle(_turn(east={**EAST_TEAM, "1": "f4"}), 1, 1)
    assert s.step["n"] == 1  # not East's ball: a single die
    s, _ = roll(s, EAST, 4)
    assert _choices(s, "kick") == [] and _choices(s, "grab") == []
    assert problem(s, EAST, "kick", member="1", path="d5") is not None
    s, _ = move(s, EAST, "1", "f3")
    assert where(s, EAST, "1") == "f3" and ball_name(s) == "e5"


def test_the_juggler_follows_up_with_a_kick_before_rolling_two_dice() -> None:
    s, _ = _juggle(_turn(), 5, 3)
    s, _ = roll(s, EAST, 2)
    s, _ = act(s, EAST, "end")
    (follow,) = SIMPLESOCCER.pending(s)
    assert follow.kind == "follow" and follow.actor == WEST
    assert [c.label for c in follow.choices] == ["Kick it"]  # no headers in this match
    assert problem(s, WEST, "roll", dice=[3]) is not None
    s, ev = act(s, WEST, "follow", how="kick")
    assert ball_name(s) == "f5" and s.juggle is None
    assert find(ev, "follow_up").data["how"] == "kick"
    assert s.step["k"] == "roll" and s.step["n"] == 2
    s, _ = roll(s, WEST, 4, 4)
    s, _ = act(s, WEST, "kick", member="1", path="g5 h5")
    assert ball_name(s) == "h5"


def test_a_kick_follow_up_takes_a_free_feet_square_when_the_straight_one_is_taken() -> None:
    s, _ = _juggle(_turn(east={**EAST_TEAM, "1": "h5"}), 5, 5)
    s, _ = roll(s, EAST, 3)
    s, _ = move(s, EAST, "1", "g5 f5")  # onto the juggler's feet square
    s, _ = act(s, EAST, "end")
    assert sorted(_choices(s, "follow")) == ["Kick it from f4", "Kick it from f6"]
    assert problem(s, WEST, "follow", how="kick", at="f5") is not None
    s, _ = act(s, WEST, "follow", how="kick", at="f6")
    assert ball_name(s) == "f6" and s.step["n"] == 2


def test_a_header_follow_up_starts_behind_the_head() -> None:
    s, _ = _juggle(_turn(options="juggling headers"), 3, 3)
    s, _ = roll(s, EAST, 2)
    s, _ = act(s, EAST, "end")
    assert _choices(s, "follow") == ["Kick it", "Head it"]
    s, _ = act(s, WEST, "follow", how="header")
    assert ball_name(s) == "d5" and s.juggle is None
    assert s.flight is not None and s.flight["juggled"] is True
    assert problem(s, WEST, "follow", how="bicycle") is not None


def test_the_juggle_is_forgotten_when_the_field_is_set_up_again() -> None:
    s, _ = _juggle(_turn(), 3, 3)
    s.members = [{"G": {"at": [-1, 6], "facing": "e"}}, {"G": {"at": [21, 6], "facing": "w"}}]
    s.ball = [10, 6]
    flow.start_turn(s, 0)
    assert s.juggle is None and s.step["k"] == "roll"


# -- an even die: the ball runs off ----------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "to"),
    [
        ((2, 5), "j9"),  # 45 degrees left of east (north-east), 3 halved up + 1 = 4 squares
        ((4, 1), "h5"),  # straight on, 1 -> 2 squares
        ((6, 3), "i2"),  # 45 degrees right (south-east), 3 squares
        ((3, 4, 6), "j5"),  # lifted, then the knee fails: straight on, 4 squares
        ((1, 2, 2), "g6 h7"),  # lifted, then 2: north-east 2 squares
    ],
)
def test_an_even_die_loses_the_ball_straight_off_the_feet_square(dice, to: str) -> None:
    s, ev = _juggle(_turn(), *dice)
    rolls = list(dice[:-1])
    assert find(ev, "juggle").data == {"team": 0, "member": "1", "dice": rolls, "won": False}
    assert ball_name(s) == to.split()[-1]
    assert s.juggle is None
    # the turn goes on with the points left after the attempt
    assert s.step["k"] == "play" and s.turn["left"] == 4
    assert "juggle_drop" in kinds(ev)


@pytest.mark.parametrize(("die", "squares"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_the_lost_balls_distance_is_half_the_die_rounded_up_plus_one(die: int, squares: int):
    s, ev = _juggle(_turn(), 4, die)
    assert find(ev, "juggle_drop").data["squares"] == squares
    assert s.ball == [5 + squares, 4]


def test_a_lost_ball_landing_on_a_marker_bounces_back() -> None:
    s, _ = _juggle(_turn(east={**EAST_TEAM, "1": "h5"}), 4, 1)  # 2 squares: onto h5
    assert ball_name(s) == "g5"


def test_no_tackle_on_the_roll_after_a_follow_up() -> None:
    # the ball lay on the juggler's marker when West's turn started, not at East's feet
    s, _ = _juggle(_turn(east={**EAST_TEAM, "1": "h5"}, options="juggling tackles"), 1, 3)
    s, _ = roll(s, EAST, 3)
    s, _ = move(s, EAST, "1", "g5")  # f5, the juggler's feet square, is in front of it
    s, _ = act(s, EAST, "end")
    s, _ = act(s, WEST, "follow", how="kick")
    assert [d.kind for d in SIMPLESOCCER.pending(s)] == ["roll"]
