"""The length of a match: halves of a number of moves or of minutes (a clock that runs while
the match is live), half time (the teams change ends, the other team kicks off), full time (a
draw allowed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core import Action, Event
from engine.socceristic import SOCCERISTIC, SocceristicState
from engine.socceristic.coach import iter_match

from .helpers import AWAY, CENTRE_ROW, HOME, SPOT, A, H, decision, find, kinds, landed, roll

MOVE_STARTS = ("kickoff", "arrow", "free", "throw_in", "place", "corner")


def running(length: Any, half: int = 1) -> SocceristicState:
    """Home to follow an arrow east from the west side line (row 10, nobody's zone)."""
    s, _ = landed((0, 10), H, length=length, half=half)
    return s


def east(s: SocceristicState, at: float | None = None) -> tuple[SocceristicState, list[Event]]:
    """Home rolls a 1: the ball moves one square east to another arrow east."""
    args: dict[str, Any] = {"dice": [1]}
    if at is not None:
        args["at"] = at
    return SOCCERISTIC.apply(s, Action(HOME, "roll", args))


def test_each_roll_to_move_the_ball_starts_a_move() -> None:
    s = running({"moves": 5})
    assert s.moves == 1
    s, _ = east(s)
    assert s.moves == 2


def test_a_half_of_moves_ends_when_the_next_move_would_start() -> None:
    s = running({"moves": 5})
    for _ in range(4):
        s, ev = east(s)
        assert "half_time" not in kinds(ev)
    assert s.moves == 5
    s, ev = east(s)
    assert kinds(ev) == [
        "arrow",
        "half_time",
        "half_start",
    ]
    assert find(ev, "half_time") == {"score": [0, 0]}
    # the teams change ends and the team that did not kick off the first half kicks off
    assert find(ev, "half_start") == {"half": 2, "team": 1, "ends": ["south", "north"]}
    assert s.ends == ["south", "north"] and s.half == 2 and s.moves == 1
    assert s.ball == [SPOT, CENTRE_ROW]
    d = decision(s)
    assert (d.actor, d.info["purpose"]) == (AWAY, "kickoff")


@pytest.mark.parametrize(("score", "winner"), [([0, 0], -1), ([2, 1], H), ([1, 3], A)])
def test_full_time_ends_the_match_with_a_draw_allowed(score: list[int], winner: int) -> None:
    s = running({"moves": 5}, half=2)
    s.score = score[:]
    s.moves = 5
    s, ev = east(s)
    assert find(ev, "full_time") == {"score": score, "winner": winner}
    assert s.over and s.winner == winner and SOCCERISTIC.pending(s) == []
    assert SOCCERISTIC.is_over(s)


def test_a_goal_in_the_last_move_ends_the_half_instead_of_the_kick_off() -> None:
    s, _ = landed((4, 12), H, {(4, 12): "S*"}, length={"moves": 5})
    s.moves = 5
    s, _ = SOCCERISTIC.apply(s, Action(HOME, "draw", {}))  # every test card is a goal
    s, ev = roll(s, HOME, 3, 4)
    assert kinds(ev) == ["scorer", "half_time", "half_start"]
    assert decision(s).actor == AWAY and s.score == [1, 0]


def test_stamped_actions_run_the_clock_by_their_gaps() -> None:
    s = running({"minutes": 1, "added": 0})
    s, _ = east(s, 1000.0)  # the half's first stamped action: nothing before it
    assert s.clock == 0.0
    s, _ = east(s, 1030.0)
    s, ev = east(s, 1059.5)
    assert s.clock == 59.5 and "half_time" not in kinds(ev)
    s, ev = east(s, 1060.0)  # one minute played: the half is over
    assert "half_time" in kinds(ev) and s.half == 2


def test_a_long_pause_counts_two_minutes() -> None:
    s = running({"minutes": 3, "added": 0})
    s, _ = east(s, 50.0)
    s, _ = east(s, 5000.0)
    assert s.clock == 120.0
    s, _ = east(s, 4000.0)  # a clock going back adds nothing
    assert s.clock == 120.0


def test_an_unstamped_action_counts_ten_seconds() -> None:
    s = running({"minutes": 1, "added": 0})
    for n in range(1, 6):
        s, ev = east(s)
        assert s.clock == 10.0 * n and "half_time" not in kinds(ev)
    s, ev = east(s)
    assert "half_time" in kinds(ev)


def test_the_added_minutes_lengthen_each_half() -> None:
    s = running({"minutes": 1, "added": 1})
    s, _ = east(s, 0.0)
    s, ev = east(s, 100.0)
    assert "half_time" not in kinds(ev)
    s, ev = east(s, 120.0)
    assert "half_time" in kinds(ev)
    assert s.clock == 0.0 and s.last_at is None  # the second half's clock starts afresh


@pytest.mark.parametrize("seed", range(3))
def test_every_half_of_a_match_has_exactly_its_moves(seed: int) -> None:
    per_half: Counter[int] = Counter()
    state = SOCCERISTIC.initial({"length": {"moves": 7}, "deck_seed": seed})
    for after, action, _ in iter_match(seed, options={"length": {"moves": 7}}):
        if action.kind == "roll":
            purposes = {
                d.info.get("purpose") for d in SOCCERISTIC.pending(state) if d.actor == action.actor
            }
            if purposes & set(MOVE_STARTS):
                per_half[state.half] += 1
        state = after
    assert state.over and per_half == {1: 7, 2: 7}


@pytest.mark.parametrize(
    ("length", "minute"), [({"minutes": 10, "added": 0}, 3), ({"moves": 30}, None)]
)
def test_the_team_sheet_says_when_a_goal_was_scored(length: Any, minute: int | None) -> None:
    s, _ = landed((4, 12), H, {(4, 12): "S*"}, length=length)
    s.clock, s.moves = 125.0, 17
    s, _ = SOCCERISTIC.apply(s, Action(HOME, "draw", {}))
    s, ev = roll(s, HOME, 3, 4)
    when = {"half": 1, "move": 17, "minute": minute}
    assert {k: find(ev, "scorer")[k] for k in when} == when
    assert {k: s.sheet["goals"][0][k] for k in when} == when
