"""Out of play (over a side line, over an end line, through a corner of the pitch) and the set
pieces: THROW-INS, GOAL KICKS (every double of both rolls) and CORNER KICK OUTCOMES (all 36
rolls).

Home defends the north end, Away the south end; the south ODD line is row 16, EVEN row 15."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from engine.core import Event, RulesError
from engine.socceristic import SocceristicState, restarts

from .helpers import (
    AWAY,
    CENTRE_ROW,
    HOME,
    A,
    H,
    act,
    decision,
    direction,
    find,
    kinds,
    landed,
    roll,
    start,
    step,
    ways,
)

PAIRS = list(product(range(1, 7), repeat=2))


def arrow(
    q: tuple[int, int], token: str, mover: int, die: int
) -> tuple[SocceristicState, list[Event]]:
    s, _ = landed(q, mover, {q: token})
    return roll(s, ("home", "away")[mover], die)


# -- out of play --------------------------------------------------------------------------


def test_over_a_side_line_the_other_team_throws_in_where_it_went_out() -> None:
    s, ev = arrow((8, 10), "E", H, 4)
    assert find(ev, "arrow")["to"] == [10, 10]
    assert find(ev, "out") == {"team": 0, "at": [10, 10], "restart": "throw_in"}
    assert s.restart == {"kind": "throw_in", "team": 1, "at": [10, 10]}
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (AWAY, 1, "throw_in")
    assert s.stats["throw_ins"] == [0, 1]


def test_the_attacking_team_over_the_goal_line_gives_a_goal_kick() -> None:
    s, ev = arrow((3, 14), "S", H, 3)
    assert find(ev, "out") == {"team": 0, "at": [3, 16], "restart": "goal_kick"}
    assert decision(s).actor == AWAY and s.ball == [7, 16]  # column 9, nearer column 5


def test_the_goal_kick_is_placed_in_the_column_nearer_where_it_went_out() -> None:
    s, _ = arrow((9, 14), "S", H, 3)
    assert s.ball == [8, 16]  # column 10


@pytest.mark.parametrize(("x", "side", "corner_x"), [(2, "west", 0), (8, "east", 10)])
def test_the_defending_team_over_its_own_goal_line_gives_a_corner(
    x: int, side: str, corner_x: int
) -> None:
    s, ev = arrow((x, 14), "S", A, 5)
    assert find(ev, "out") == {"team": 1, "at": [x, 16], "restart": "corner"}
    assert find(ev, "corner") == {"team": 0, "side": side, "at": [corner_x, 16]}
    assert decision(s).info == {"purpose": "corner", "side": side}
    assert s.stats["corners"] == [1, 0]


def test_a_corner_from_the_middle_of_the_goal_line_lets_the_attacking_team_choose() -> None:
    s, ev = arrow((5, 14), "S", A, 4)
    assert "corner" not in kinds(ev) and step(s) == "corner_side"
    assert decision(s).actor == HOME


def test_through_a_corner_of_the_pitch_counts_as_over_the_end_line() -> None:
    s, ev = arrow((9, 15), "SE", A, 3)
    assert find(ev, "out") == {"team": 1, "at": [10, 16], "restart": "corner"}
    s, ev = arrow((1, 1), "NW", A, 3)  # Away attacks the north end
    assert find(ev, "out") == {"team": 1, "at": [0, 0], "restart": "goal_kick"}


def test_along_the_goal_line_and_out_at_the_side_is_a_throw_in() -> None:
    s, ev = arrow((9, 16), "E", H, 3)
    assert find(ev, "out") == {"team": 0, "at": [10, 16], "restart": "throw_in"}


# -- throw-ins ----------------------------------------------------------------------------


def throw_in(team: int, q: tuple[int, int]) -> SocceristicState:
    s = start()
    restarts.throw_in(s, team, q, [])
    return s


def test_a_1_leaves_the_ball_with_the_thrower() -> None:
    s, ev = roll(throw_in(A, (10, 10)), AWAY, 1)
    assert find(ev, "throw_in") == {
        "team": 1,
        "at": [10, 10],
        "die": 1,
        "steps": 0,
        "direction": None,
    }
    assert s.ball == [10, 10] and s.mover == A and s.restart is None
    assert decision(s).info["purpose"] == "arrow"


def test_the_count_includes_the_throwers_square() -> None:
    s, _ = roll(throw_in(A, (10, 10)), AWAY, 4)
    d = decision(s)
    assert d.prompt == "Choose a direction for the throw-in (3 squares)."
    assert sorted(ways(s)) == ["N", "NW", "S", "SW", "W"]  # never back over the line
    assert ways(s)["W"] == {"distance": 3, "to": [7, 10], "column": 9}
    s, ev = direction(s, AWAY, "W")
    assert find(ev, "throw_in") == {
        "team": 1,
        "at": [10, 10],
        "die": 4,
        "steps": 3,
        "direction": "W",
    }
    assert s.ball == [7, 10] and s.mover == A


def test_a_direction_off_the_pitch_is_refused() -> None:
    s, _ = roll(throw_in(A, (10, 10)), AWAY, 4)
    with pytest.raises(RulesError, match="off the pitch east"):
        direction(s, AWAY, "E")
    with pytest.raises(RulesError, match="N, NE, E"):
        direction(s, AWAY, "UP")


@pytest.mark.parametrize(
    ("team", "q", "forward", "backward"),
    [(A, (10, 4), "NW", "SW"), (H, (0, 12), "SE", "NE")],
)
def test_the_attacking_team_throws_at_most_four_squares_diagonally_forwards(
    team: int, q: tuple[int, int], forward: str, backward: str
) -> None:
    s, _ = roll(throw_in(team, q), ("home", "away")[team], 6)
    offered = ways(s)
    assert offered[forward]["distance"] == 3  # four squares with the thrower's own
    assert offered[backward]["distance"] == 5
    assert offered["W" if q[0] else "E"]["distance"] == 5


def test_the_defending_team_throws_its_full_count_diagonally_forwards() -> None:
    s, _ = roll(throw_in(A, (10, 12)), AWAY, 6)  # Away in its own half
    assert ways(s)["NW"]["distance"] == 5


def test_a_throw_in_on_the_centre_row_is_not_an_attacking_one() -> None:
    s, _ = roll(throw_in(A, (10, CENTRE_ROW)), AWAY, 6)
    assert ways(s)["NW"]["distance"] == 5


# -- goal kicks ---------------------------------------------------------------------------


def goal_kick(team: int = A, **kw: Any) -> SocceristicState:
    s = start(**kw)
    restarts.goal_kick(s, team, 3, [])
    assert decision(s).info["purpose"] == "place"
    return s


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_goal_kick_placing_roll(a: int, b: int) -> None:
    s, ev = roll(goal_kick(A), AWAY, a, b)
    if (a, b) in ((1, 1), (6, 6)):  # a throw-in to Home beside the centre line
        assert find(ev, "goal_kick")["to"] is None
        assert s.restart == {"kind": "throw_in", "team": 0, "at": [0 if a == 1 else 10, CENTRE_ROW]}
        assert decision(s).actor == HOME
    else:
        assert find(ev, "goal_kick") == {
            "team": 1,
            "purpose": "place",
            "dice": [a, b],
            "to": [a + b - 2, 16],
        }
        assert s.ball == [a + b - 2, 16]
        assert decision(s).info["purpose"] == "kick"


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_goal_kick_kicking_roll(a: int, b: int) -> None:
    s, _ = roll(goal_kick(A), AWAY, 3, 2)  # placed in column 5 (x 3)
    moves_before = s.moves
    s, ev = roll(s, AWAY, a, b)
    if (a, b) in ((1, 1), (6, 6)):
        assert s.restart == {"kind": "throw_in", "team": 0, "at": [0 if a == 1 else 10, CENTRE_ROW]}
    else:  # the square in front of ODD is the first: a + b rows up the pitch
        assert find(ev, "goal_kick")["to"] == [3, 16 - (a + b)]
        assert s.ball == [3, 16 - (a + b)] and s.mover == A and s.possession == A
    assert s.moves == moves_before + 1  # the kick roll was part of the goal kick's move


def test_a_goal_kick_stops_at_the_far_goal_line() -> None:
    lines = {"north": {"ODD": 7, "EVEN": 6}, "south": {"ODD": 16, "EVEN": 15}}
    s = goal_kick(H, pitch={"lines": lines})
    assert s.ball == [7, 7]
    s, _ = roll(s, HOME, 2, 4)
    s, ev = roll(s, HOME, 5, 6)
    assert s.ball == [4, 16]


# -- corners ------------------------------------------------------------------------------

# CORNER KICK OUTCOMES for Home's corner at the south end: (line, column) or what happens
DOUBLES = {1: ("EVEN", 2), 2: "goal_kick", 3: "again", 4: "goal_kick", 5: "goal", 6: ("EVEN", 12)}
ROWS = {"ODD": 16, "EVEN": 15}


def corner(side: str = "west") -> SocceristicState:
    s = start()
    restarts.corner(s, H, side, [])
    return s


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_corner_outcomes(a: int, b: int) -> None:
    s, ev = roll(corner("east"), HOME, a, b)
    data = find(ev, "corner_roll")
    assert data["dice"] == [a, b] and data["team"] == 0
    want = DOUBLES[a] if a == b else ("ODD" if a % 2 else "EVEN", a + b)
    if want == "goal_kick":
        assert data["result"] == "goal_kick" and decision(s).actor == AWAY
        assert s.restart is not None and s.restart["kind"] == "goal_kick" and s.ball == [8, 16]
    elif want == "again":
        assert data["result"] == "again"
        assert find(ev, "corner") == {"team": 0, "side": "east", "at": [10, 16]}
        assert s.stats["corners"] == [2, 0]
    elif want == "goal":
        assert data["result"] == "goal"
        assert find(ev, "goal") == {"team": 0, "how": "corner", "score": [1, 0]}
    else:
        line, column = want
        to = [column - 2, ROWS[line]]
        assert data["result"] == "land" and data["to"] == to
        assert s.ball == to and s.mover == H and s.possession == H


def test_the_corner_is_placed_on_odd_at_column_2_or_12() -> None:
    assert corner("west").ball == [0, 16]
    assert corner("east").ball == [10, 16]
    s = start()
    restarts.corner(s, A, "east", [])  # Away attacks the north end
    assert s.ball == [10, 0]


def test_the_side_is_a_choice_of_west_or_east() -> None:
    s = start()
    restarts.corner(s, H, None, [])
    with pytest.raises(RulesError, match="west or east"):
        act(s, HOME, "corner", side="north")


def test_a_corner_awarded_as_the_half_ends_asks_for_no_side() -> None:
    s = start(length={"moves": 5})
    s.moves = 5
    ev: list[Event] = []
    restarts.corner(s, H, None, ev)
    assert kinds(ev) == ["half_time", "half_start"]
    assert step(s) == "kickoff" and decision(s).actor == AWAY


@pytest.mark.parametrize(
    ("award", "count"),
    [
        (lambda s, ev: restarts.throw_in(s, A, (10, 10), ev), "throw_ins"),
        (lambda s, ev: restarts.corner(s, H, "west", ev), "corners"),
        (lambda s, ev: restarts.goal_kick(s, A, 3, ev), "goal_kicks"),
    ],
    ids=["throw-in", "corner", "goal kick"],
)
def test_a_restart_awarded_as_the_half_ends_is_not_counted(award: Any, count: str) -> None:
    s = start(length={"moves": 5})
    s.moves = 5
    ev: list[Event] = []
    award(s, ev)
    assert kinds(ev) == ["half_time", "half_start"]
    assert s.stats[count] == [0, 0]
