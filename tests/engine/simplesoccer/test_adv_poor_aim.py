"""Advanced rules, Poor aim and out of bounds: the mis-kick on a 1 with 2 dice, the ball's
straight travel (bounces off markers, out of bounds, into a goal) and the carry-on kick."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.ballpath import bounce, travel
from engine.simplesoccer.field import field

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

POOR = {"options": "poor_aim"}


def _labels(s) -> list[str]:
    return [c.label for d in SIMPLESOCCER.pending(s) for c in d.choices]


def _dribble(ball: str = "f5", at: str = "e5", east: dict[str, str] | None = None, **opts):
    """West's 7 on ``at`` (facing east) with the ball on ``ball``; West to roll 2 dice."""
    return position(
        {"G": "goal7", "7": at},
        east if east is not None else {"G": "goal7", "2": "p3"},
        ball=ball,
        **(opts or POOR),
    )


# -- the mis-kick ----------------------------------------------------------------------------


def test_a_one_on_either_die_is_poor_aim_and_the_ball_flies_the_total_straight() -> None:
    s, ev = roll(_dribble(), WEST, 1, 4)
    assert s.step["k"] == "poor_aim" and find(ev, "poor_aim").data["total"] == 5
    # from the square straight in front: straight on or either diagonal
    assert _labels(s) == ["7 mis-kicks east", "7 mis-kicks north-east", "7 mis-kicks south-east"]
    s, ev = act(s, WEST, "aim", member="7", dir="e")
    assert ball_name(s) == "k5"
    assert find(ev, "turn_end").data["reason"] == "poor_aim"
    # the turn is over: East rolls
    assert (s.step["k"], s.step["team"]) == ("roll", 1)


def test_a_one_on_the_other_die_too() -> None:
    s, _ = roll(_dribble(), WEST, 3, 1)
    assert s.step["k"] == "poor_aim" and s.step["total"] == 4
    s, _ = roll(_dribble(), WEST, 1, 1)
    assert s.step["total"] == 2


def test_from_a_diagonal_square_the_ball_flies_along_the_diagonal_only() -> None:
    s, _ = roll(_dribble(ball="f6"), WEST, 4, 1)
    assert _labels(s) == ["7 mis-kicks north-east"]
    assert "only fly north-east" in (problem(s, WEST, "aim", member="7", dir="e") or "")
    s, _ = act(s, WEST, "aim", member="7", dir="ne")
    assert ball_name(s) == "k11"


def test_no_other_play_in_a_poor_aim_turn() -> None:
    s, _ = roll(_dribble(), WEST, 1, 6)
    assert problem(s, WEST, "move", member="7", path="e6") is not None
    assert problem(s, WEST, "end") is not None


def test_no_poor_aim_without_a_one_or_without_the_rule() -> None:
    s, _ = roll(_dribble(), WEST, 2, 4)
    assert s.step["k"] == "play" and s.turn["left"] == 6
    s, _ = roll(_dribble(options=""), WEST, 1, 4)
    assert s.step["k"] == "play" and s.turn["left"] == 5


def test_no_poor_aim_with_one_die() -> None:
    s = _dribble(ball="h5")  # nobody at the ball: 1 die
    assert s.step["n"] == 1
    s, _ = roll(s, WEST, 1)
    assert s.step["k"] == "play"


def test_no_poor_aim_with_three_dice() -> None:
    s = position({"G": "goal7", "7": "e5"}, {"G": "goal7", "2": "p3"}, held=WEST, **POOR)
    s, _ = roll(s, WEST, 1, 1, 4)
    assert s.step["k"] == "play" and s.turn["left"] == 6


def test_the_mis_kick_passes_markers_and_bounces_back_off_one_it_stops_on() -> None:
    east = {"G": "goal7", "2": "h5", "3": "k5"}
    s, _ = roll(_dribble(east=east), WEST, 1, 4)
    s, ev = act(s, WEST, "aim", member="7", dir="e")
    # over East's 2 on h5, onto East's 3 on k5: back to j5
    assert ball_name(s) == "j5"
    assert find(ev, "travel").data["bounced"] is True


def test_a_bounce_whose_square_is_taken_goes_to_the_nearest_free_square_behind_clockwise() -> None:
    east = {"G": "goal7", "2": "j5", "3": "k5"}
    s, _ = roll(_dribble(east=east), WEST, 1, 4)
    s, _ = act(s, WEST, "aim", member="7", dir="e")
    # j5 is taken too: of j4 and j6 (both as near), clockwise from straight back first
    assert ball_name(s) == "j6"


def test_a_bounce_back_to_the_kick_square_goes_beyond_instead() -> None:
    f = field("standard")
    start, landing = (5, 4), (7, 4)  # f5 -> h5
    taken = {(7, 4), (6, 4), (6, 3), (6, 5)}
    # behind h5 the nearest free square is f5, where the ball was kicked from: i5 instead
    assert bounce(f, taken, start, landing, "e") == (8, 4)


def test_a_single_square_bounce_would_be_the_kick_square_so_beyond() -> None:
    f = field("standard")
    assert bounce(f, {(6, 4)}, (5, 4), (6, 4), "e") == (7, 4)


def test_travel_reports_the_goal_square_it_enters_and_the_line_it_leaves_over() -> None:
    s = _dribble()
    land = travel(s, (18, 6), "e", 6)
    assert (land.kind, land.at) == ("goal", (21, 6))
    land = travel(s, (18, 11), "ne", 4)
    assert (land.kind, land.line, land.at) == ("out", "side", (19, 12))
    land = travel(s, (19, 11), "e", 3)
    assert (land.kind, land.line, land.at) == ("out", "end", (20, 11))


# -- out of bounds from a mis-kick ---------------------------------------------------------


def test_a_mis_kick_over_the_side_line_is_a_throw_in_for_the_other_team() -> None:
    s, _ = roll(_dribble(ball="f12", at="e11", east={"G": "goal7", "2": "k9"}), WEST, 1, 4)
    s, ev = act(s, WEST, "aim", member="7", dir="ne")
    out = find(ev, "out").data
    assert out == {"team": 0, "at": [6, 12], "restart": "throw_in", "to": 1}
    assert ball_name(s) == "g13"
    assert (s.step["k"], s.step["team"]) == ("taker", 1)


def test_a_mis_kick_over_the_other_end_line_is_a_goal_kick() -> None:
    s, _ = roll(_dribble(ball="t11", at="s11"), WEST, 1, 4)
    s, ev = act(s, WEST, "aim", member="7", dir="e")
    assert find(ev, "out").data == {"team": 0, "at": [20, 10], "restart": "goal_kick", "to": 1}
    assert (s.step["k"], s.step["team"]) == ("place", 1)


def test_a_mis_kick_over_the_own_end_line_is_a_corner_for_the_other_team() -> None:
    s = position(
        {"G": "goal7", "1": "p3"}, {"G": "goal7", "3": "t12/e"}, ball="u12", team=EAST, **POOR
    )
    s, _ = roll(s, EAST, 1, 2)
    s, ev = act(s, EAST, "aim", member="3", dir="e")
    assert find(ev, "out").data == {"team": 1, "at": [20, 11], "restart": "corner", "to": 0}
    assert ball_name(s) == "u13"  # the corner on that side


def test_a_mis_kick_into_the_goal_is_a_shot() -> None:
    s, _ = roll(_dribble(ball="s7", at="r7", east={"G": "goal5", "2": "p3"}), WEST, 1, 3)
    s, ev = act(s, WEST, "aim", member="7", dir="e")
    shot = find(ev, "shot").data
    assert shot["at"] == [21, 6] and shot["distance"] == 2
    assert (s.step["k"], s.step["team"]) == ("save", 1)
    s, ev = roll(s, EAST, 3)
    assert "goal" in kinds(ev) and s.score == [1, 0]


def test_a_mis_kick_into_the_own_goal_is_saved_by_the_own_goalkeeper_or_scores_for_the_other() -> (
    None
):
    s = _dribble(ball="b7", at="c7/w", east={"G": "goal7", "2": "p3"})
    s.members[0]["G"]["at"] = [-1, 4]  # West's goalkeeper on goal5
    s, _ = roll(s, WEST, 1, 5)
    assert _labels(s)[0] == "7 mis-kicks west"
    s, ev = act(s, WEST, "aim", member="7", dir="w")
    assert find(ev, "shot").data["own_goal"] is True
    assert (s.step["k"], s.step["team"]) == ("save", 0)
    after, ev = roll(s, WEST, 1)
    assert after.score == [0, 1]
    after, _ = roll(s, WEST, 2)
    assert after.held == 0 and (after.step["k"], after.step["team"], after.step["n"]) == (
        "roll",
        0,
        3,
    )


@pytest.mark.parametrize("options", ["poor_aim", "poor_aim deflection"])
def test_a_mis_kick_straight_onto_the_goalkeepers_square_is_held_without_a_roll(
    options: str,
) -> None:
    s = _dribble(ball="q7", at="p7", east={"G": "goal7", "2": "p3"}, options=options)
    s, _ = roll(s, WEST, 1, 5)
    s, ev = act(s, WEST, "aim", member="7", dir="e")
    assert find(ev, "shot").data["distance"] == 0
    # the goalkeeper stands where the ball comes: it has it, no save roll, nothing to tip
    assert "save_roll" not in kinds(ev) and "saved" in kinds(ev)
    assert s.held == 1 and s.score == [0, 0] and where(s, EAST, "G") == "goal7"
    assert (s.step["k"], s.step["team"], s.step["n"]) == ("roll", 1, 3)


def test_out_of_bounds_at_the_last_turn_whistles_before_any_restart() -> None:
    s = _dribble(ball="f12", at="e11")
    s.turns_played = s.options["turns"] - 1
    s, _ = roll(s, WEST, 1, 4)
    s, ev = act(s, WEST, "aim", member="7", dir="ne")
    assert "full_time" in kinds(ev)
    assert "restart" not in kinds(ev) and s.restart is None


# -- the carry-on kick -------------------------------------------------------------------------


def _loose(**east: str):
    """West's 7 on d5, the ball on f5 out of its reach: West rolls a single die."""
    return position({"G": "goal7", "7": "d5"}, {"G": "goal7", **east}, ball="f5", **POOR)


def test_after_a_single_two_a_kick_out_of_everybodys_reach_may_roll_on() -> None:
    s, _ = roll(_loose(**{"2": "p3"}), WEST, 2)
    s, _ = move(s, WEST, "7", "e5")
    assert "7 kicks long to g5 (1), rolls on" in _labels(s)
    s, ev = act(s, WEST, "kick", member="7", path="g5", long=True)
    assert find(ev, "long_kick").data["dir"] == "e"
    assert s.step["k"] == "carry"
    s, ev = roll(s, WEST, 4)
    assert ball_name(s) == "k5"
    # the two points are spent: East's turn
    assert (s.step["k"], s.step["team"]) == ("roll", 1)


def test_the_long_kick_keeps_its_last_direction_and_can_go_out() -> None:
    s = position({"G": "goal7", "7": "e11"}, {"G": "goal7", "2": "p3"}, ball="g11", **POOR)
    s, _ = roll(s, WEST, 2)
    s, _ = move(s, WEST, "7", "f11")
    s, _ = act(s, WEST, "kick", member="7", path="h12", long=True)
    s, ev = roll(s, WEST, 5)
    assert find(ev, "out").data["restart"] == "throw_in"
    assert ball_name(s) == "i13"


def test_no_long_kick_to_someones_feet_or_without_a_two() -> None:
    s, _ = roll(_loose(**{"2": "h5"}), WEST, 2)  # East's 2 faces west: g5 is at its feet
    s, _ = move(s, WEST, "7", "e5")
    assert "at someone's feet" in (problem(s, WEST, "kick", member="7", path="g5", long=True) or "")
    assert not any("long" in label for label in _labels(s) if "g5" in label)
    s, _ = roll(_loose(**{"2": "p3"}), WEST, 3)
    s, _ = move(s, WEST, "7", "e5")
    assert "single die showing 2" in (
        problem(s, WEST, "kick", member="7", path="g5", long=True) or ""
    )
    assert not any("long" in label for label in _labels(s))


def test_no_long_kick_offered_in_the_basic_game() -> None:
    s = position({"G": "goal7", "7": "d5"}, {"G": "goal7", "2": "p3"}, ball="f5")
    s, _ = roll(s, WEST, 2)
    s, _ = move(s, WEST, "7", "e5")
    assert not any("long" in label for label in _labels(s))
    assert problem(s, WEST, "kick", member="7", path="g5", long=True) is not None
    s, _ = kick(s, WEST, "7", "g5")
    assert where(s, WEST, "7") == "e5" and ball_name(s) == "g5"


@pytest.mark.parametrize("die", [1, 6])
def test_a_long_kick_bounces_off_a_marker_where_it_stops(die: int) -> None:
    s, _ = roll(_loose(**{"2": "p3", "3": f"{'ghijklm'[die]}5/n"}), WEST, 2)
    s, _ = move(s, WEST, "7", "e5")
    s, _ = act(s, WEST, "kick", member="7", path="g5", long=True)
    s, ev = roll(s, WEST, die)
    assert find(ev, "travel").data["bounced"] is True
    # back one square; for a single square that is the kick's own square: beyond instead
    assert ball_name(s) == ("i5" if die == 1 else "l5")
