"""Fake-outs (advanced rules: Fake out moves): when a fake is offered, the three levels' odds,
the extra points only the faker may spend, a miss, and a goalkeeper faked out on a shot."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import WEST, act, ball_name, find, kick, kinds, move, position, problem, roll, where

FAKES = {"options": "fakeouts"}
# West's 1 on e5 (facing east) and East's 1 on g5 (facing west) both have the ball on f5 in
# front of their feet
WEST_TEAM = {"G": "goal7", "1": "e5", "2": "c10"}
EAST_TEAM = {"G": "goal7", "1": "g5", "2": "p3"}


def _turn(points: int = 6, west=WEST_TEAM, east=EAST_TEAM, ball: str = "f5", **options: str):
    return position(west, east, ball=ball, team=WEST, points=points, **(options or FAKES))


def _fake_choices(s: SimpleSoccerState) -> list[str]:
    (play,) = SIMPLESOCCER.pending(s)
    return [c.label for c in play.choices if c.action.kind == "fake"]


def _fake(s: SimpleSoccerState, level: str, die: int, member: str = "1"):
    s, _ = act(s, WEST, "fake", member=member)
    s, _ = act(s, WEST, "level", level=level)
    return roll(s, WEST, die)


# -- when a fake-out is offered ---------------------------------------------------------


def test_a_fake_out_is_offered_with_the_ball_at_both_members_feet() -> None:
    assert _fake_choices(_turn()) == ["1 fakes out 1"]


@pytest.mark.parametrize("ball", ["f4", "f6"])
def test_the_ball_may_be_in_any_front_square_of_either(ball: str) -> None:
    # f4 and f6 are diagonal for both West's 1 (e5) and East's 1 (g5)
    assert _fake_choices(_turn(ball=ball)) == ["1 fakes out 1"]


def test_no_fake_out_without_an_opponent_at_the_ball() -> None:
    s = _turn(east={**EAST_TEAM, "1": "h5"})
    assert _fake_choices(s) == []
    assert problem(s, WEST, "fake", member="1") is not None


def test_no_fake_out_of_an_opponent_lying_down() -> None:
    s = _turn()
    s.members[1]["1"]["down"] = s.turns_played - 1
    assert _fake_choices(s) == []


def test_no_fake_out_in_the_basic_game() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5", team=WEST, points=6)
    assert _fake_choices(s) == []
    assert "without fake-outs" in (problem(s, WEST, "fake", member="1") or "")


def test_the_level_is_called_before_the_die() -> None:
    s, _ = act(_turn(), WEST, "fake", member="1")
    (level,) = SIMPLESOCCER.pending(s)
    assert level.kind == "level"
    assert [c.action.args["level"] for c in level.choices] == ["mild", "moderate", "extreme"]
    assert problem(s, WEST, "roll", dice=[5]) is not None
    assert problem(s, WEST, "level", level="wild") is not None
    s, _ = act(s, WEST, "level", level="moderate")
    (rolling,) = SIMPLESOCCER.pending(s)
    assert rolling.kind == "roll" and rolling.dice == 1


# -- the odds -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "wins"),
    [("mild", {1, 3, 5}), ("moderate", {3, 5}), ("extreme", {5})],
)
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_the_odds_of_each_level(level: str, wins: set[int], die: int) -> None:
    s, ev = _fake(_turn(), level, die)
    fake = find(ev, "fake").data
    assert fake["won"] is (die in wins)
    assert {"team", "member", "opponent", "level", "die", "won"} <= set(fake)
    assert (fake["level"], fake["die"], fake["opponent"]) == (level, die, "1")


@pytest.mark.parametrize(("level", "die", "extra"), [("mild", 1, 4), ("moderate", 3, 8)])
def test_a_won_fake_gives_the_faker_its_own_points(level: str, die: int, extra: int) -> None:
    s, _ = _fake(_turn(), level, die)
    assert s.step["k"] == "play" and s.step["team"] == 0
    assert s.turn["own"] == {"1": extra} and s.turn["left"] == 6
    assert s.turn["faked"] == ["1"]


def test_extreme_fake_lets_the_faker_kick_twelve_squares_more() -> None:
    s, _ = _fake(_turn(points=4), "extreme", 5)
    # 4 points of the turn and 12 of the fake: a 16-square kick
    path = " ".join(f"{c}5" for c in "ghijklmnopqrstu")
    s, ev = kick(s, WEST, "1", path + " t6")
    assert ball_name(s) == "t6"
    assert find(ev, "kicked").data["cost"] == 16
    assert s.step["k"] == "roll" and s.step["team"] == 1  # every point spent


def test_the_fakers_own_points_go_first() -> None:
    s, _ = _fake(_turn(), "mild", 3)
    s, ev = kick(s, WEST, "1", "g6 h6 i6")
    assert s.turn["own"]["1"] == 1 and s.turn["left"] == 6


def test_no_other_member_may_spend_the_fakers_points() -> None:
    s, _ = _fake(_turn(), "mild", 3)
    assert problem(s, WEST, "move", member="2", path="d9 e8 f7 g7 h7 i7 j7") is not None
    s, _ = move(s, WEST, "2", "d9 e8 f7 g7 h7 i7")
    assert s.turn["left"] == 0 and s.turn["own"] == {"1": 4}
    assert s.step["k"] == "play"  # the faker still has points: the turn goes on
    s, _ = move(s, WEST, "1", "e6 e7 e8 e9")
    assert s.step["k"] == "roll" and s.step["team"] == 1


# -- a missed fake ----------------------------------------------------------------------


def test_a_missed_fake_puts_the_faker_down_and_ends_the_turn() -> None:
    s, ev = _fake(_turn(), "moderate", 1)
    assert not find(ev, "fake").data["won"]
    assert s.members[0]["1"]["down"] == s.turns_played
    assert find(ev, "turn_end").data == {"team": 0, "left": 6, "reason": "fake"}
    assert s.step["k"] == "roll" and s.step["team"] == 1
    assert where(s, WEST, "1") == "e5"


def test_the_same_opponent_is_faked_out_once_a_turn() -> None:
    s, _ = _fake(_turn(), "mild", 5)
    assert _fake_choices(s) == []
    assert problem(s, WEST, "fake", member="1") is not None


def test_two_opponents_at_the_ball_the_faker_names_one() -> None:
    s = _turn(east={**EAST_TEAM, "3": "g6"})
    assert sorted(_fake_choices(s)) == ["1 fakes out 1", "1 fakes out 3"]
    assert problem(s, WEST, "fake", member="1") is not None
    s, _ = act(s, WEST, "fake", member="1", opponent="3")
    s, _ = act(s, WEST, "level", level="mild")
    s, ev = roll(s, WEST, 3)
    assert find(ev, "fake").data["opponent"] == "3"
    assert _fake_choices(s) == ["1 fakes out 1"]


def test_only_a_fielder_fakes_out() -> None:
    # West's goalkeeper on a3 facing east, the ball on b3 in front of East's 1 on c3 too
    s = _turn(west={"G": "a3", "1": "e5"}, east={"G": "goal7", "1": "c3"}, ball="b3")
    assert _fake_choices(s) == []
    assert problem(s, WEST, "fake", member="G") == "Only a fielder can try a fake-out."


# -- a goalkeeper faked out -------------------------------------------------------------


def test_a_goalkeeper_faked_out_gets_no_save_roll() -> None:
    # West's 1 on t7 facing east, the ball on u7 straight in front of it and of East's
    # goalkeeper on its goal line square (goal7, facing west)
    s = _turn(west={"G": "goal7", "1": "t7"}, east={"G": "goal7", "1": "p3"}, ball="u7")
    assert _fake_choices(s) == ["1 fakes out G"]
    s, _ = _fake(s, "mild", 1)
    assert s.turn["faked"] == ["G"]
    s, ev = kick(s, WEST, "1", "goal6")
    assert "save_roll" not in [e.kind for e in ev]
    assert find(ev, "goal").data["score"] == [1, 0]


def test_without_the_fake_the_goalkeeper_rolls_for_the_save() -> None:
    s = _turn(west={"G": "goal7", "1": "t7"}, east={"G": "goal7", "1": "p3"}, ball="u7")
    s, _ = kick(s, WEST, "1", "goal6")
    assert s.step["k"] == "save" and s.step["team"] == 1


# -- a fake-out after the turn's last point -----------------------------------------------


def _reached_the_defender(left: int):
    """West's 1 pokes the ball to g5 and steps after it to f5 with its last points: the
    ball is now at the feet of both it and East's 1 on h5."""
    s = position(
        {"G": "goal7", "1": "e5"},
        {"G": "goal7", "1": "h5"},
        ball="f5",
        dice=(3, 4),
        left=left,
        **FAKES,
    )
    s, _ = kick(s, WEST, "1", "g5")
    return move(s, WEST, "1", "f5")


def test_the_last_point_spent_reaching_the_defender_leaves_the_fake_out_open() -> None:
    s, ev = _reached_the_defender(2)
    assert "turn_end" not in kinds(ev) and s.turn["left"] == 0
    (play,) = SIMPLESOCCER.pending(s)
    assert [c.label for c in play.choices] == ["1 fakes out 1", "End the turn"]
    s, ev = _fake(s, "mild", 3)
    assert find(ev, "fake").data["won"] and s.turn["own"] == {"1": 4}
    s, ev = kick(s, WEST, "1", "g6 h6 i6 j6")
    assert ball_name(s) == "j6" and s.step["k"] == "roll" and s.step["team"] == 1


def test_at_no_points_the_player_may_still_end_the_turn_without_faking() -> None:
    s, _ = _reached_the_defender(2)
    s, ev = act(s, WEST, "end")
    assert find(ev, "turn_end").data["reason"] == "end" and s.step["team"] == 1


def test_at_no_points_a_missed_fake_ends_the_turn() -> None:
    s, _ = _reached_the_defender(2)
    s, ev = _fake(s, "extreme", 3)
    assert find(ev, "turn_end").data["reason"] == "fake"
    assert s.members[0]["1"]["down"] == s.turns_played and s.step["team"] == 1


def test_at_no_points_without_a_fake_out_the_turn_ends_as_usual() -> None:
    s = position(
        {"G": "goal7", "1": "e5"},
        {"G": "goal7", "1": "p5"},
        ball="f5",
        dice=(3, 4),
        left=2,
        **FAKES,
    )
    s, _ = kick(s, WEST, "1", "g5")
    s, ev = move(s, WEST, "1", "f5")
    assert find(ev, "turn_end").data["reason"] == "spent" and s.step["team"] == 1
