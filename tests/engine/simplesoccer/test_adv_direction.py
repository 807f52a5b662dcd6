"""Advanced rules: the ball's direction in a run of kicks (Ball direction) and the ball rolling
on by itself (Inertia move)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.simplesoccer import SIMPLESOCCER, direction, flow
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import (
    EAST,
    WEST,
    act,
    ball_name,
    find,
    grab,
    kick,
    kinds,
    move,
    position,
    problem,
    roll,
)

WEST_TEAM = {"G": "goal7", "1": "e5", "2": "c10"}
EAST_TEAM = {"G": "goal7", "1": "p5", "2": "m9"}


def _turn(
    ball: str = "f5",
    points: int = 8,
    options: str = "direction",
    west: dict[str, str] | None = None,
    east: dict[str, str] | None = None,
    **kw: Any,
) -> SimpleSoccerState:
    return position(
        west or WEST_TEAM, east or EAST_TEAM, ball=ball, points=points, options=options, **kw
    )


def _labels(s: SimpleSoccerState) -> list[str]:
    return [c.label for c in SIMPLESOCCER.pending(s)[0].choices]


def _pass(s: SimpleSoccerState, side: str, *dice: int) -> SimpleSoccerState:
    """``side`` rolls (``dice`` or 3s) and ends its turn."""
    s, _ = roll(s, side, *(dice or (3,) * s.step["n"]))
    s, _ = act(s, side, "end")
    return s


# -- Ball direction: the rulebook's examples -----------------------------------------------


def test_north_east_then_east_then_north_east_again_is_legal() -> None:
    s, ev = kick(_turn(), WEST, "1", "g6 h6 i7")
    assert ball_name(s) == "i7" and s.turn["left"] == 5
    assert s.turn["seq"] == {"member": "1", "dirs": ["ne", "e"]}


def test_any_mix_of_the_same_two_directions_is_legal() -> None:
    # north-east once, east 3 times, north-east twice, east twice
    s, _ = kick(_turn(points=8), WEST, "1", "g6 h6 i6 j6 k7 l8 m8 n8")
    assert ball_name(s) == "n8"


@pytest.mark.parametrize(("last", "word"), [("f9", "north-west"), ("f7", "south-west")])
def test_after_north_east_and_north_the_ball_cannot_go_north_west_or_south_west(
    last: str, word: str
) -> None:
    # the rulebook's example: a run that started north-east and went north may not turn
    # 90 degrees or more from where it started
    s = _turn(points=8)
    why = problem(s, WEST, "kick", member="1", path=f"g6 g7 g8 {last}")
    assert why == (
        f"The ball has gone north-east and north this turn: it cannot turn {word} "
        "(two directions at most)."
    )


def test_a_third_direction_is_refused() -> None:
    why = problem(_turn(), WEST, "kick", member="1", path="g6 h6 i5")
    assert why == (
        "The ball has gone north-east and east this turn: it cannot turn south-east "
        "(two directions at most)."
    )


def test_a_turn_of_90_degrees_or_back_is_refused() -> None:
    s = _turn()
    assert problem(s, WEST, "kick", member="1", path="g5 g6") == (
        "The ball has gone east this turn: it cannot turn north (45 degrees at most)."
    )
    assert problem(s, WEST, "kick", member="1", path="g5 h5 g5") == (
        "The ball has gone east this turn: it cannot go back west."
    )


def test_two_directions_45_degrees_apart_from_the_start_are_legal() -> None:
    s, _ = kick(_turn(), WEST, "1", "g5 h4 i4")  # east then south-east
    assert ball_name(s) == "i4"


def test_the_run_goes_on_over_the_same_members_next_kick() -> None:
    s, _ = kick(_turn(), WEST, "1", "g5")
    s, _ = move(s, WEST, "1", "f5")
    assert "cannot turn north" in problem(s, WEST, "kick", member="1", path="g6")
    assert "cannot turn south-west" in problem(s, WEST, "kick", member="1", path="f4")
    s, _ = kick(s, WEST, "1", "h6")
    assert s.turn["seq"] == {"member": "1", "dirs": ["e", "ne"]}
    assert ball_name(s) == "h6"


def test_a_team_mates_kick_starts_a_new_run() -> None:
    s = _turn(west={"G": "goal7", "1": "e5", "2": "i5/w"})
    s, _ = kick(s, WEST, "1", "g5 h5")  # east, in front of 2 (facing west)
    s, _ = kick(s, WEST, "2", "g5 f6")  # west then north-west: a run of its own
    assert ball_name(s) == "f6"
    assert s.turn["seq"] == {"member": "2", "dirs": ["w", "nw"]}


def test_a_kick_named_by_its_last_square_keeps_to_the_runs_directions() -> None:
    s, _ = kick(_turn(), WEST, "1", "g5")
    s, _ = move(s, WEST, "1", "f5")
    assert problem(s, WEST, "kick", member="1", path="g7") == (
        "The ball cannot get to g7 from g5 with the points left (or the way it has gone this turn)."
    )
    labels = _labels(s)
    assert "1 kicks to g7 (2)" not in labels and "1 kicks to i7 (2)" in labels
    s, ev = kick(s, WEST, "1", "i7")
    assert find(ev, "kicked").data["squares"] == ["g5", "h6", "i7"]


def test_a_goalkeepers_throw_keeps_to_two_directions_too() -> None:
    s = position({"G": "b7", "1": "e5"}, EAST_TEAM, held=WEST, points=6, options="direction")
    assert "cannot turn south" in problem(s, WEST, "kick", member="G", path="c8 c7")
    s, _ = kick(s, WEST, "G", "c8 d8")
    assert ball_name(s) == "d8"


def test_the_opponents_touch_ends_the_run() -> None:
    s, _ = kick(_turn(), WEST, "1", "g5")
    direction.touched_by(s, 0)
    assert s.turn["seq"]["dirs"] == ["e"]
    direction.touched_by(s, 1)
    assert "seq" not in s.turn


def test_without_the_direction_rule_the_ball_zigzags_freely() -> None:
    s, _ = kick(_turn(options="tackles"), WEST, "1", "g6 h5 i6 h7")
    assert ball_name(s) == "h7" and "seq" not in s.turn


def test_with_direction_and_facing_the_dearer_straight_way_is_the_only_one() -> None:
    # north-east then north-west would cost 3 but turns 90 degrees: north twice costs 8
    s = _turn(points=10, options="direction facing")
    assert "1 kicks to f7 (8)" in _labels(s)
    s, ev = kick(s, WEST, "1", "f7")
    assert find(ev, "kicked").data["cost"] == 8


def test_the_basic_game_keeps_no_run() -> None:
    s, ev = kick(position(WEST_TEAM, EAST_TEAM, ball="f5", points=6), WEST, "1", "g6 h5 i6")
    assert "seq" not in s.turn and s.motion is None
    assert find(ev, "kicked").data["cost"] == 3


# -- Inertia move ---------------------------------------------------------------------------


def _rolling(options: str = "inertia", east: dict[str, str] | None = None) -> SimpleSoccerState:
    """West kicked the ball east to h5 and ended its turn; East passed; West has rolled a 4."""
    s = _turn(points=6, options=options, east=east)
    s, _ = kick(s, WEST, "1", "g5 h5")
    assert s.motion == {
        "team": 0,
        "dirs": ["e"],
        "inertia": False,
        "touched": False,
        "turn": s.turns_played,
    }
    s, _ = act(s, WEST, "end")
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 4)
    return s


def test_the_ball_rolls_on_the_way_it_went_for_a_point_a_square() -> None:
    s = _rolling()
    labels = _labels(s)
    assert {"Ball rolls on to i5 (1)", "Ball rolls on to l5 (4)"} <= set(labels)
    assert not any(label.startswith("Ball rolls on to m") for label in labels)  # 4 points
    s, ev = act(s, WEST, "inertia", path="i5 j5")
    assert ball_name(s) == "j5" and s.turn["left"] == 2
    assert find(ev, "inertia").data == {
        "team": 0,
        "from": [7, 4],
        "path": [[8, 4], [9, 4]],
        "squares": ["h5", "i5", "j5"],
        "cost": 2,
        "left": 2,
    }
    assert s.last == {
        "kind": "inertia",
        "team": 0,
        "member": None,
        "path": [[7, 4], [8, 4], [9, 4]],
    }
    assert problem(s, WEST, "inertia", path="k5") == "The ball has already rolled on this turn."


def test_a_lone_far_square_rolls_the_ball_there() -> None:
    s, _ = act(_rolling(), WEST, "inertia", path="k5")
    assert ball_name(s) == "k5" and s.turn["left"] == 1


def test_the_ball_rolls_on_only_its_own_way() -> None:
    s = _rolling()
    assert problem(s, WEST, "inertia", path="h6") == (
        "The ball was going east: it rolls on that way only, not north."
    )
    assert "cannot roll on to i7" in problem(s, WEST, "inertia", path="i7")


def test_a_two_direction_run_rolls_on_in_either_direction() -> None:
    s = _turn(points=6, options="inertia direction")
    s, _ = kick(s, WEST, "1", "g6 h6")
    s, _ = act(s, WEST, "end")
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 5)
    s, _ = act(s, WEST, "inertia", path="i7 j7 k8")
    assert ball_name(s) == "k8"
    s2 = _turn(points=6, options="inertia")
    s2, _ = kick(s2, WEST, "1", "g6 h6")
    s2, _ = act(s2, WEST, "end")
    s2 = _pass(s2, EAST)
    s2, _ = roll(s2, WEST, 5)
    assert "not south-east" in problem(s2, WEST, "inertia", path="i5")


def test_the_ball_rolls_on_six_squares_at_most() -> None:
    s = _rolling()
    s.turn["left"] = 10
    assert problem(s, WEST, "inertia", path="i5 j5 k5 l5 m5 n5 o5") == (
        "The ball rolls on 6 squares at most."
    )
    labels = _labels(s)
    assert "Ball rolls on to n5 (6)" in labels and "Ball rolls on to o5 (7)" not in labels


def test_the_ball_rolls_past_a_marker_but_not_onto_it() -> None:
    s = _rolling(east={"G": "goal7", "1": "p5", "2": "j5"})
    assert problem(s, WEST, "inertia", path="i5 j5") == (
        "The ball cannot stop on East's 2 at j5: it may only roll past a marker."
    )
    s, _ = act(s, WEST, "inertia", path="i5 j5 k5")
    assert ball_name(s) == "k5"


def test_the_ball_never_rolls_into_a_goal() -> None:
    s = position(
        {"G": "goal7", "1": "s7"}, EAST_TEAM, ball="t7", points=6, options="inertia", kickoff=WEST
    )
    s.members[1]["G"]["at"] = [21, 3]  # East's goalkeeper aside: goal4
    s, _ = kick(s, WEST, "1", "u7")
    s, _ = act(s, WEST, "end")
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 4)
    assert problem(s, WEST, "inertia", path="goal7") == (
        "The ball cannot roll into a goal by itself: only a kick shoots."
    )
    assert not any(label.startswith("Ball rolls on") for label in _labels(s))


def test_no_rolling_on_after_the_teams_own_kick_this_turn() -> None:
    s = _rolling()
    s, _ = move(s, WEST, "1", "f5 g5")
    s, _ = kick(s, WEST, "1", "i5")
    assert problem(s, WEST, "inertia", path="j5") == (
        "Your team has kicked the ball this turn: it rolls on only before a kick."
    )


def test_no_second_turn_in_a_row_of_rolling_on() -> None:
    s, _ = act(_rolling(), WEST, "inertia", path="i5")
    s, _ = act(s, WEST, "end")
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 4)
    assert problem(s, WEST, "inertia", path="j5") == (
        "The ball rolled on by itself last time: it needs a kick before it rolls again."
    )
    assert not any(label.startswith("Ball rolls on") for label in _labels(s))


def test_the_other_teams_kick_stops_the_roll() -> None:
    s = _turn(points=6, options="inertia", east={"G": "goal7", "1": "p5", "2": "i5"})
    s, _ = kick(s, WEST, "1", "g5 h5")  # in front of East's 2
    s, _ = act(s, WEST, "end")
    s, _ = roll(s, EAST, 3, 3)
    s, _ = kick(s, EAST, "2", "h6")
    assert s.motion["team"] == 1
    s, _ = act(s, EAST, "end")
    s, _ = roll(s, WEST, 4)
    assert "rolls on only when your team kicked it last" in problem(s, WEST, "inertia", path="g7")


def test_the_goalkeepers_grab_stops_the_roll() -> None:
    s = position({"G": "goal7", "1": "q7"}, EAST_TEAM, ball="r7", points=6, options="inertia")
    s, _ = kick(s, WEST, "1", "s7")
    assert s.motion is not None
    s, _ = act(s, WEST, "end")
    s, _ = roll(s, EAST, 6)
    s, ev = grab(s, EAST, "s7")
    assert "grabbed" in kinds(ev) and s.motion is None


def test_a_new_set_up_forgets_the_roll() -> None:
    s = _rolling()
    s.kicked_by = -1  # as after a goal or half time
    flow.start_turn(s, 0)
    assert s.motion is None


def test_without_the_inertia_rule_nothing_rolls_on() -> None:
    s = _turn(points=6, options="direction")
    s, _ = kick(s, WEST, "1", "g5 h5")
    assert s.motion is None
    assert problem(s, WEST, "inertia", path="i5") == (
        "The ball does not roll on by itself in this match."
    )


def test_a_kick_after_rolling_on_starts_its_own_run_and_may_roll_on_next_time() -> None:
    s = _rolling(options="inertia direction")
    s, _ = act(s, WEST, "inertia", path="i5")
    s, _ = move(s, WEST, "1", "f5 g5 h5")  # the last 3 points: East's turn
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 3, 3)
    s, _ = kick(s, WEST, "1", "j6 j7")  # north-east then north: the roll went east
    assert ball_name(s) == "j7" and s.motion["dirs"] == ["ne", "n"]
    s, _ = act(s, WEST, "end")
    s = _pass(s, EAST)
    s, _ = roll(s, WEST, 4)
    s, _ = act(s, WEST, "inertia", path="j8 k9")
    assert ball_name(s) == "k9"
