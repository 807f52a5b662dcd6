"""Advanced rules: turning (Facing), members down and getting up (Fielder down), kicking
angles, heel kicks and slide kicks (Facing)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.simplesoccer import SIMPLESOCCER, flow
from engine.simplesoccer.state import SimpleSoccerState

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


def _turn(
    ball: str = "k7",
    points: int = 6,
    options: str = "facing",
    west: dict[str, str] | None = None,
    **kw: Any,
) -> SimpleSoccerState:
    return position(west or WEST_TEAM, EAST_TEAM, ball=ball, points=points, options=options, **kw)


def _labels(s: SimpleSoccerState) -> list[str]:
    return [c.label for c in SIMPLESOCCER.pending(s)[0].choices]


def _down(s: SimpleSoccerState, label: str, team: int = 0, since: int | None = None) -> None:
    s.members[team][label]["down"] = s.turns_played - 1 if since is None else since


def _next_west_turn(s: SimpleSoccerState, *dice: int) -> SimpleSoccerState:
    """West ends its turn, East rolls and ends, West rolls ``dice``."""
    s, _ = act(s, WEST, "end")
    s, _ = roll(s, EAST, *([3] * s.step["n"]))
    s, _ = act(s, EAST, "end")
    s, _ = roll(s, WEST, *(dice or (3,) * s.step["n"]))
    return s


# -- turning ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("to", "cost"), [("n", 1), ("s", 1), ("w", 2), ("north", 1), ("West", 2), ("S", 1)]
)
def test_turning_costs_a_point_a_quarter_turn(to: str, cost: int) -> None:
    s = _turn(points=5)
    s, ev = act(s, WEST, "turn", member="1", facing=to)
    assert s.members[0]["1"]["facing"] == to[0].lower()
    assert s.turn["left"] == 5 - cost
    assert find(ev, "turned").data == {
        "team": 0,
        "member": "1",
        "from": "e",
        "facing": to[0].lower(),
        "cost": cost,
        "left": 5 - cost,
    }


def test_turning_to_the_same_facing_is_refused() -> None:
    assert problem(_turn(), WEST, "turn", member="1", facing="e") == "1 already faces east."


@pytest.mark.parametrize("bad", ["up", "", "ne", "north-east"])
def test_a_facing_must_be_north_east_south_or_west(bad: str) -> None:
    why = problem(_turn(), WEST, "turn", member="1", facing=bad)
    assert why is not None and "north, east, south or west" in why


def test_a_half_turn_with_one_point_left_is_refused() -> None:
    s = _turn(points=1)
    assert (
        problem(s, WEST, "turn", member="1", facing="w") == "That turn takes 2 points; you have 1."
    )
    s, _ = act(s, WEST, "turn", member="1", facing="n")
    assert s.step["k"] == "roll" and s.step["team"] == 1  # points spent: East's turn


def test_turning_is_not_played_without_the_facing_rule() -> None:
    s = _turn(options="tackles")
    assert "cannot turn" in problem(s, WEST, "turn", member="1", facing="n")
    assert not any("turns" in label for label in _labels(s))


def test_a_down_member_cannot_turn() -> None:
    s = _turn()
    _down(s, "1")
    assert problem(s, WEST, "turn", member="1", facing="n") == (
        "1 is down: it must get up first (1 point)."
    )


def test_the_goalkeeper_holding_the_ball_may_turn_keeping_a_point_for_its_throw() -> None:
    s = position(WEST_TEAM, EAST_TEAM, held=WEST, points=3, options="facing")
    s, _ = act(s, WEST, "turn", member="G", facing="w")
    assert s.members[0]["G"]["facing"] == "w" and s.turn["left"] == 1
    assert "Keep a point" in problem(s, WEST, "turn", member="1", facing="n")


def test_turn_choices_offer_the_three_other_facings_with_their_cost() -> None:
    labels = _labels(_turn(points=1))
    assert "1 turns north (1)" in labels and "1 turns south (1)" in labels
    assert "1 turns west (2)" not in labels  # one point only
    labels = _labels(_turn(points=4))
    assert {"1 turns north (1)", "1 turns south (1)", "1 turns west (2)"} <= set(labels)
    assert "1 turns east (0)" not in labels


# -- down and getting up (Fielder down) -------------------------------------------------------


def test_a_down_member_cannot_move_or_kick_and_gives_no_ball_control() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5", options="facing")
    _down(s, "1")
    flow.start_turn(s, 0)
    assert s.step["n"] == 1  # the ball at a down member's feet: 1 die
    s, _ = roll(s, WEST, 4)
    assert "1 is down" in problem(s, WEST, "move", member="1", path="e6")
    assert "1 is down" in problem(s, WEST, "move", member="1", path="h8")
    assert "not in front of 1's feet" in problem(s, WEST, "kick", member="1", path="g5")
    labels = _labels(s)
    assert not any(label.startswith("1 to ") or label.startswith("1 kicks") for label in labels)


def test_getting_up_costs_a_point_and_chooses_a_facing() -> None:
    s = _turn(points=4)
    _down(s, "1")
    s, ev = act(s, WEST, "rise", member="1", facing="n")
    m = s.members[0]["1"]
    assert "down" not in m and m["rose"] == s.turns_played and m["facing"] == "n"
    assert s.turn["left"] == 3
    assert find(ev, "rose").data == {
        "team": 0,
        "member": "1",
        "facing": "n",
        "cost": 1,
        "left": 3,
    }


def test_getting_up_keeps_the_facing_when_none_is_named() -> None:
    s = _turn(points=4)
    _down(s, "1")
    s, _ = act(s, WEST, "rise", member="1")
    assert s.members[0]["1"]["facing"] == "e"


def test_a_member_cannot_get_up_in_the_turn_it_went_down() -> None:
    s = _turn(points=4)
    _down(s, "1", since=s.turns_played)
    assert problem(s, WEST, "rise", member="1") == (
        "1 went down this turn: it can get up on your next turn."
    )
    assert not any("gets up" in label for label in _labels(s))


def test_a_standing_member_cannot_get_up() -> None:
    assert problem(_turn(), WEST, "rise", member="1") == "1 is not down."


def test_after_getting_up_a_member_stays_on_its_square_but_may_kick_and_turn() -> None:
    s = _turn(ball="f5", points=6)
    _down(s, "1")
    s, _ = act(s, WEST, "rise", member="1", facing="e")
    assert problem(s, WEST, "move", member="1", path="e6") == (
        "1 got up this turn: it cannot change square until your next turn."
    )
    assert "got up this turn" in problem(s, WEST, "move", member="1", path="h8")
    assert not any(label.startswith("1 to ") for label in _labels(s))
    s, _ = act(s, WEST, "turn", member="1", facing="n")
    s, _ = act(s, WEST, "turn", member="1", facing="e")
    s, ev = kick(s, WEST, "1", "g5")
    assert ball_name(s) == "g5" and "kicked" in kinds(ev)


def test_a_member_that_got_up_moves_again_on_its_next_turn() -> None:
    s = _turn(points=2)
    _down(s, "1")
    s, _ = act(s, WEST, "rise", member="1")
    s = _next_west_turn(s, 4)
    s, _ = move(s, WEST, "1", "e6")
    assert where(s, WEST, "1") == "e6"


def test_rise_choices_name_each_facing_with_the_facing_rule() -> None:
    s = _turn(points=3)
    _down(s, "2")
    labels = _labels(s)
    assert {f"2 gets up facing {w} (1)" for w in ("north", "east", "south", "west")} <= set(labels)
    assert not any(label.startswith("2 turns") or label.startswith("2 to ") for label in labels)


def test_without_the_facing_rule_a_member_gets_up_facing_as_before() -> None:
    s = _turn(points=3, options="tackles")
    _down(s, "2")
    assert "2 gets up (1)" in _labels(s)
    assert "cannot turn" in problem(s, WEST, "rise", member="2", facing="s")
    s, _ = act(s, WEST, "rise", member="2", facing="e")  # its own facing: fine
    assert s.members[0]["2"]["facing"] == "e" and "down" not in s.members[0]["2"]


def test_a_goalkeeper_that_got_up_cannot_grab_that_turn() -> None:
    s = position({"G": "b7", "1": "e5"}, EAST_TEAM, ball="c7", points=4, options="facing")
    s.kicked_by = 1
    _down(s, "G")
    assert "Your goalkeeper is down" in problem(s, WEST, "grab", path="c7")
    s, _ = act(s, WEST, "rise", member="G", facing="e")
    assert problem(s, WEST, "grab", path="c7") == (
        "Your goalkeeper got up this turn: no grab until your next turn."
    )
    assert not any(label.startswith("G grabs") for label in _labels(s))


# -- kicks (Facing) ---------------------------------------------------------------------------


def test_heel_kick_two_squares_south_west_costs_four() -> None:
    # the rulebook's example: a member facing east kicks the ball 2 squares SW for 4 points
    s = _turn(ball="f5", points=10)
    s, ev = kick(s, WEST, "1", "e4 d3")
    assert ball_name(s) == "d3" and s.turn["left"] == 6
    assert find(ev, "kicked").data["cost"] == 4


def test_side_kick_two_squares_north_costs_eight() -> None:
    # the rulebook's example: the same member kicks the ball 2 squares north for 8 points
    s = _turn(ball="f5", points=10)
    s, ev = kick(s, WEST, "1", "f6 f7")
    assert ball_name(s) == "f7" and s.turn["left"] == 2
    assert find(ev, "kicked").data["cost"] == 8


@pytest.mark.parametrize(
    ("path", "cost"),
    [("g5 h5", 2), ("g6 h7", 2), ("g4", 1), ("f4", 4), ("e4", 2), ("e5", 0), ("e6 d6", 4)],
)
def test_straight_front_kick_costs_by_angle_to_the_facing(path: str, cost: int) -> None:
    s = _turn(ball="f5", points=10)
    if cost == 0:  # straight back lands on the kicker
        assert "cannot stop on" in problem(s, WEST, "kick", member="1", path=path)
        return
    s, ev = kick(s, WEST, "1", path)
    assert find(ev, "kicked").data["cost"] == cost and "slide" not in find(ev, "kicked").data


def test_straight_back_past_the_kicker_costs_two_a_square() -> None:
    s = _turn(ball="f5", points=10)
    s, ev = kick(s, WEST, "1", "e4 d4 c4")  # 135 degrees, then 180 degrees twice
    assert find(ev, "kicked").data["cost"] == 2 + 2 + 2 and ball_name(s) == "c4"


def test_a_kick_dearer_than_the_points_left_is_refused() -> None:
    s = _turn(ball="f5", points=7)
    why = problem(s, WEST, "kick", member="1", path="f6 f7")
    assert why == (
        "That kick takes 8 points (kicking the ball back past the kicker's side costs more); "
        "you have 7 left."
    )


@pytest.mark.parametrize("path", ["g7", "f7", "g6", "f7 f8", "g7 h7"])
def test_a_diagonal_kick_within_45_degrees_is_plain(path: str) -> None:
    # 1 on e5 facing east, the ball on its north-east front square f6
    s = _turn(ball="f6", points=6)
    s, ev = kick(s, WEST, "1", path)
    assert "slide" not in find(ev, "kicked").data
    assert find(ev, "kicked").data["cost"] == len(path.split())
    assert "down" not in s.members[0]["1"]


@pytest.mark.parametrize("path", ["g5", "e7", "g6 g5", "f7 e7"])
def test_a_wider_diagonal_kick_is_a_slide_kick_and_the_kicker_goes_down(path: str) -> None:
    s = _turn(ball="f6", points=6)
    s, ev = kick(s, WEST, "1", path)
    data = find(ev, "kicked").data
    assert data["slide"] is True and data["cost"] == len(path.split())
    assert s.members[0]["1"]["down"] == s.turns_played
    assert "1 is down" in problem(s, WEST, "move", member="1", path="e6")
    assert "went down this turn" in problem(s, WEST, "rise", member="1")


def test_a_slide_kicker_gets_up_next_turn() -> None:
    s = _turn(ball="f6", points=2)
    s, _ = kick(s, WEST, "1", "g5")
    assert s.step["k"] == "play" and s.turn["left"] == 1
    s = _next_west_turn(s, 4)
    assert "1 gets up facing north (1)" in _labels(s)
    s, _ = act(s, WEST, "rise", member="1", facing="n")
    assert "down" not in s.members[0]["1"] and s.members[0]["1"]["facing"] == "n"


def test_kick_choices_name_slides_and_heel_costs() -> None:
    s = _turn(ball="f6", points=3)
    labels = _labels(s)
    assert "1 slides and kicks to g5 (1), 1 goes down" in labels
    assert "1 kicks to g7 (1)" in labels
    assert "1 kicks to g5 (1)" not in labels  # only sliding turns the ball south
    s = _turn(ball="f5", points=10)
    labels = _labels(s)
    # f7 the cheapest way: north-east (1) then north-west (2), not north twice (8)
    assert "1 kicks to f7 (3)" in labels and "1 kicks to d3 (4)" in labels
    assert not any("slides" in label for label in labels)


def test_a_kick_named_by_its_last_square_takes_a_plain_way_when_there_is_one() -> None:
    s = _turn(ball="f6", points=6)
    s, ev = kick(s, WEST, "1", "h8")
    assert "slide" not in find(ev, "kicked").data
    s = _turn(ball="f6", points=6)
    s, ev = kick(s, WEST, "1", "f4")  # only a slide kick gets there
    assert find(ev, "kicked").data["slide"] is True and ball_name(s) == "f4"


def test_a_goalkeepers_throw_from_its_hands_ignores_facing() -> None:
    s = position({"G": "b7", "1": "e5"}, EAST_TEAM, held=WEST, points=6, options="facing")
    s, ev = kick(s, WEST, "G", "b8 b9")
    assert find(ev, "kicked").data["cost"] == 2 and ball_name(s) == "b9"


def test_a_goalkeepers_kick_from_its_feet_follows_facing() -> None:
    s = position({"G": "b7", "1": "e5"}, EAST_TEAM, ball="c7", points=10, options="facing")
    s, ev = kick(s, WEST, "G", "c8 c9")
    assert find(ev, "kicked").data["cost"] == 8


def test_without_the_facing_rule_kicks_cost_a_point_a_square() -> None:
    s = _turn(ball="f5", points=10, options="tackles")
    s, ev = kick(s, WEST, "1", "f6 f7")
    assert find(ev, "kicked").data["cost"] == 2 and "slide" not in find(ev, "kicked").data
    s = _turn(ball="f6", points=10, options="tackles")
    s, ev = kick(s, WEST, "1", "g5")
    assert "slide" not in find(ev, "kicked").data and "down" not in s.members[0]["1"]


def test_the_basic_game_offers_no_turns_or_rises() -> None:
    s = position(WEST_TEAM, EAST_TEAM, ball="f5", points=6)
    labels = _labels(s)
    assert not any("turns" in label or "gets up" in label for label in labels)
    assert "cannot turn" in problem(s, WEST, "turn", member="1", facing="n")
    assert problem(s, WEST, "rise", member="1") == "1 is not down."


def test_a_members_own_points_pay_for_its_turning_first() -> None:
    s = _turn(points=1)
    s.turn["own"] = {"1": 2}  # a fake-out's points, only 1 may spend them
    assert "1 turns west (2)" in _labels(s) and "2 turns west (2)" not in _labels(s)
    s, _ = act(s, WEST, "turn", member="1", facing="w")
    assert s.turn["own"]["1"] == 0 and s.turn["left"] == 1
