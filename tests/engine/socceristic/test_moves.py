"""Free moves (after losing the ball, a tackle, a bounce-up, a plain free kick): the die, then
any direction that keeps the ball on the pitch (it is never kicked out on purpose); the ball
stops only where the count ends."""

from __future__ import annotations

from engine.core import MalformedAction, NotYourDecision, RulesError

from .helpers import AWAY, HOME, A, decision, direction, find, landed, refused, roll, ways


def test_from_a_corner_of_the_pitch_only_the_directions_into_it_are_offered() -> None:
    s, _ = landed((0, 16), 0, {(0, 16): "X"})  # Away wins the ball in its own corner
    s, _ = roll(s, AWAY, 6)
    assert sorted(ways(s)) == ["E", "N", "NE"]
    assert "off the pitch south" in refused(s, AWAY, "direction", RulesError, direction="S")


def test_every_direction_from_the_middle_with_a_small_die() -> None:
    s, _ = landed((5, 6), 0, {(5, 6): "X"})
    s, _ = roll(s, AWAY, 2)
    offered = ways(s)
    assert list(offered) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert offered["NE"] == {"distance": 2, "to": [7, 4], "column": 9}


def test_the_labels_say_how_far_and_what_the_ball_finds() -> None:
    s, _ = landed((5, 6), 0, {(5, 6): "X", (5, 8): "R", (5, 4): "T*", (3, 6): "X"})
    s, _ = roll(s, AWAY, 2)
    labels = {c.action.args["direction"]: c.label for c in decision(s).choices}
    assert labels["N"] == "north, 2 squares: a tackle (bold: a chance)"
    assert labels["W"] == "west, 2 squares: the ball is lost"
    assert labels["E"] == "east, 2 squares: an arrow pointing east"
    assert decision(s).prompt == "Choose a direction for the ball (2 squares)."


def test_only_the_team_with_the_ball_chooses_and_only_a_compass_direction() -> None:
    s, _ = landed((5, 6), 0, {(5, 6): "X"})
    s, _ = roll(s, AWAY, 2)
    refused(s, HOME, "direction", NotYourDecision, direction="N")
    refused(s, AWAY, "direction", MalformedAction, direction="up")
    refused(s, AWAY, "roll", MalformedAction, dice=[3])


def test_the_ball_lands_where_the_count_ends_and_the_symbol_there_plays() -> None:
    s, _ = landed((5, 6), 0, {(5, 6): "X", (5, 5): "X", (5, 3): "T"})
    s, _ = roll(s, AWAY, 3)
    s, ev = direction(s, AWAY, "N")  # over the lose square at row 5: only row 3 counts
    assert find(ev, "move") == {
        "team": A,
        "die": 3,
        "direction": "N",
        "from": [5, 6],
        "to": [5, 3],
        "steps": 3,
        "why": "free",
    }
    assert s.step["k"] == "tackle" and s.mover == A
