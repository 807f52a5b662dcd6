"""The goalkeeper (Goalie movement): the grab, the 3 dice after it, the throw from the hands."""

from __future__ import annotations

from engine.simplesoccer import SIMPLESOCCER

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
    where,
)

EAST_TEAM = {"G": "goal7", "1": "p5"}


def _loose(goalie: str, ball: str, points: int = 6):
    return position({"G": goalie, "1": "h3"}, EAST_TEAM, ball=ball, points=points)


def test_rulebook_one_away_diagonally_needs_two_straight_steps() -> None:
    s = _loose("b6", "c7")
    why = problem(s, WEST, "grab", path="c7")
    assert why is not None and "straight" in why
    s, ev = grab(s, WEST, "c6 c7")
    assert find(ev, "grabbed").data["cost"] == 2
    assert where(s, WEST, "G") == "c7" and s.held == 0


def test_a_grab_must_land_exactly_on_the_ball() -> None:
    s = _loose("b6", "b9")
    assert "exactly" in (problem(s, WEST, "grab", path="b7 b8") or "")
    assert "exactly" in (problem(s, WEST, "grab", path="b7 b8 b9 b10") or "")
    s, _ = grab(s, WEST, "b7 b8 b9")
    assert s.held == 0


def test_a_grab_costs_its_steps_and_needs_the_points() -> None:
    s = _loose("b6", "b9", points=2)
    assert "2 left" in (problem(s, WEST, "grab", path="b7 b8 b9") or "")


def test_no_grab_outside_the_penalty_area() -> None:
    s = _loose("d7", "e7")
    assert "penalty area" in (problem(s, WEST, "grab", path="e7") or "")
    s = _loose("b3", "b2")  # below the area's rows
    assert "penalty area" in (problem(s, WEST, "grab", path="b2") or "")


def test_no_grab_after_a_diagonal_goalkeeper_step() -> None:
    s = _loose("b6", "b9")
    s, _ = move(s, WEST, "G", "c7")
    assert "diagonal" in (problem(s, WEST, "grab", path="c8 c9 b9") or "")
    assert not any(c.action.kind == "grab" for c in SIMPLESOCCER.pending(s)[0].choices)


def test_straight_goalkeeper_steps_before_a_grab_are_fine() -> None:
    s = _loose("b6", "b9")
    s, _ = move(s, WEST, "G", "b7")
    s, _ = grab(s, WEST, "b8 b9")
    assert s.held == 0


def test_the_grab_is_offered_as_a_choice() -> None:
    s = _loose("b6", "c7")
    grabs = [c for c in SIMPLESOCCER.pending(s)[0].choices if c.action.kind == "grab"]
    assert len(grabs) == 1 and grabs[0].info["cost"] == 2 and grabs[0].info["to"] == "c7"


def test_after_a_grab_three_dice_then_a_throw_in_the_same_turn() -> None:
    s = _loose("b6", "c7")
    turns = s.turns_played
    s, ev = grab(s, WEST, "c6 c7")
    assert "turn_end" not in kinds(ev)  # the rest of the points are lost, the turn goes on
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (WEST, 3, "throw")
    s, ev = roll(s, WEST, 2, 3, 4)
    assert find(ev, "rolled").data["why"] == "throw"
    assert s.turn["left"] == 9 and s.turns_played == turns
    # the goalkeeper throws from its square
    s, ev = kick(s, WEST, "G", "d7 e7 f7")
    e = find(ev, "kicked").data
    assert e["throw"] is True and ball_name(s) == "f7" and s.held == -1
    assert s.turn["left"] == 6


def test_the_back_pass_rule_no_grab_of_a_ball_the_own_team_kicked_last() -> None:
    """Without it a goalkeeper could grab, throw a square, grab again... 3 fresh dice each
    time, and the turn would never end."""
    s = _loose("b6", "c7")
    s, _ = grab(s, WEST, "c6 c7")
    s, _ = roll(s, WEST, 2, 3, 4)
    s, _ = kick(s, WEST, "G", "d7")  # a short throw, still in the area
    refused = problem(s, WEST, "grab", path="c7 d7") or ""
    assert "own team kicked last" in refused
    assert not any(c.action.kind == "grab" for c in SIMPLESOCCER.pending(s)[0].choices)


def test_points_after_the_grab_shared_with_the_team_but_one_kept_for_the_throw() -> None:
    s = position({"G": "c7", "1": "h3"}, EAST_TEAM, held=WEST, dice=(1, 1, 2))
    assert "throw or kick it first" in (problem(s, WEST, "move", member="G", path="c8") or "")
    assert "Keep a point" in (problem(s, WEST, "move", member="1", path="h4 h5 h6 h7") or "")
    s, _ = move(s, WEST, "1", "h4 h5 h6")
    assert s.turn["left"] == 1 and s.step["k"] == "play"
    s, ev = kick(s, WEST, "G", "d7")
    assert "turn_end" in kinds(ev) and s.step["team"] == 1


def test_no_ending_the_turn_while_the_goalkeeper_holds_the_ball() -> None:
    s = position({"G": "c7", "1": "h3"}, EAST_TEAM, held=WEST, dice=(1, 1, 2))
    assert "still holds the ball" in (problem(s, WEST, "end") or "")
    assert not any(c.action.kind == "end" for c in SIMPLESOCCER.pending(s)[0].choices)


def test_only_the_goalkeeper_plays_a_held_ball() -> None:
    s = position({"G": "c7", "1": "c8"}, EAST_TEAM, held=WEST, dice=(1, 1, 2))
    assert "only it can" in (problem(s, WEST, "kick", member="1", path="d7") or "")


def test_the_goalkeeper_kicks_from_a_diagonal_front_square_anywhere_on_the_field() -> None:
    s = position({"G": "j4", "1": "h3"}, EAST_TEAM, ball="k5", points=3)
    s, ev = kick(s, WEST, "G", "l5 m5")
    assert ball_name(s) == "m5" and find(ev, "kicked").data["throw"] is False


def test_the_other_team_cannot_grab_in_our_area() -> None:
    # East's goalkeeper grabs only in East's own area
    s = position({"G": "goal7", "1": "h3"}, {"G": "s7", "1": "p5"}, ball="c7", team=EAST, points=6)
    assert "penalty area" in (problem(s, EAST, "grab", path="r7") or "")
    s = position({"G": "goal7", "1": "h3"}, {"G": "s7", "1": "p5"}, ball="s9", team=EAST, points=6)
    s, _ = grab(s, EAST, "s8 s9")
    assert s.held == 1
    s, _ = roll(s, EAST, 1, 1, 1)
    s, _ = act(s, EAST, "kick", member="G", path="r9 q9 p9")
    assert ball_name(s) == "p9" and s.step["k"] == "roll" and s.step["team"] == 0


def test_a_held_ball_never_leaves_the_team_stuck() -> None:
    # West's goalkeeper holds the ball in goal7; East stands on a6, a7 and a8
    s = position(
        {"G": "goal7", "1": "e5"},
        {"G": "goal7", "1": "a6", "2": "a7", "3": "a8"},
        held=WEST,
        dice=(1, 1, 1),
    )
    if problem(s, WEST, "move", member="1", path="e6 e7") is not None:
        return  # refusing the move is one fix
    s, _ = move(s, WEST, "1", "e6 e7")
    (d,) = SIMPLESOCCER.pending(s)
    assert d.choices, "the team holding the ball has nothing it may do"


def test_a_grab_typed_as_the_balls_square_walks_there_straight() -> None:
    s = _loose("b6", "c8")
    s, ev = grab(s, WEST, "c8")
    assert find(ev, "grabbed").data["cost"] == 3 and where(s, WEST, "G") == "c8"


def test_a_grab_out_of_reach_says_the_points_are_short() -> None:
    s = _loose("b6", "c8", points=2)
    why = problem(s, WEST, "grab", path="c8") or ""
    assert "point" in why, why


def test_the_offered_grab_follows_who_kicked_the_ball_last() -> None:
    """Two positions alike but for who kicked the ball last: only one offers the grab."""
    s = _loose("b6", "c7")
    s.kicked_by = 1  # East kicked it in
    assert any(c.action.kind == "grab" for c in SIMPLESOCCER.pending(s)[0].choices)
    s.kicked_by = 0  # West did: the back-pass rule
    assert not any(c.action.kind == "grab" for c in SIMPLESOCCER.pending(s)[0].choices)
