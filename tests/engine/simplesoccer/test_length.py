"""How long a match lasts (Game time and ending, Optional half time)."""

from __future__ import annotations

import pytest

from engine.core import RulesError
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.clock import time_up

from .scenario import (
    EAST,
    WEST,
    act,
    find,
    kick,
    kinds,
    new,
    play_turn_out,
    position,
    problem,
    roll,
    started,
)


def _goal_now(score: tuple[int, int] = (0, 0), turns_played: int = 1, **options: object):
    """West scores at once (East's goalkeeper 9 squares away) with the score ``score``
    before the shot and ``turns_played`` turns played, this one included."""
    s = position({"G": "goal7", "1": "t7"}, {"G": "m7", "1": "p3"}, ball="u7", points=2, **options)
    s.score = list(score)
    s.turns_played = turns_played
    return kick(s, WEST, "1", "goal7")


def test_set_score_ends_at_the_target_without_a_shootout() -> None:
    s, ev = _goal_now(length="score", target=1)
    assert s.over and s.winner == 0 and s.reason == "target"
    assert find(ev, "over").data == {"winner": 0, "score": [1, 0], "reason": "target"}
    assert "shootout_start" not in kinds(ev) and SIMPLESOCCER.pending(s) == []
    with pytest.raises(RulesError, match="over"):
        act(s, EAST, "setup", preset="balanced")


def test_set_score_goes_on_below_the_target() -> None:
    s, ev = _goal_now(length="score", target=2)
    assert not s.over and s.step["k"] == "setup" and s.score == [1, 0]
    s, ev = _goal_now((1, 1), length="score", target=2)
    assert s.over and s.winner == 0 and s.score == [2, 1]


def test_set_score_has_no_clock() -> None:
    s = started(length="score", target=1)
    for _ in range(60):
        s = play_turn_out(s, ("west", "east")[s.step["team"]])
    assert not s.over and s.turns_played == 60


def test_turn_count_counts_both_teams_turns() -> None:
    s = started(length="turns", turns=4)
    for n, side in enumerate([WEST, EAST, WEST], start=1):
        s = play_turn_out(s, side)
        assert s.turns_played == n and not s.over
    s, _ = roll(s, EAST, 1)
    s, ev = act(s, EAST, "end")
    assert find(ev, "full_time").data == {"score": [0, 0]}
    assert "shootout_start" in kinds(ev)  # a draw goes to penalties


def test_turn_count_ends_with_a_winner_when_not_level() -> None:
    s = started(length="turns", turns=2)
    s.score = [0, 2]
    s = play_turn_out(s, WEST)
    s = play_turn_out(s, EAST)
    assert s.over and s.winner == 1 and s.reason == "full_time"


def test_a_goal_on_the_last_turn_ends_the_match_instead_of_a_kick_off() -> None:
    s, ev = _goal_now(turns_played=1, length="turns", turns=2)
    assert not s.over and s.step["k"] == "setup"
    s, ev = _goal_now(turns_played=2, length="turns", turns=2)
    assert kinds(ev)[-3:] == ["goal", "full_time", "over"] and s.winner == 0


def test_a_save_on_the_last_turn_ends_the_match() -> None:
    s = position({"G": "goal7", "1": "t7"}, {"G": "goal7", "1": "p3"}, ball="u7", points=2, turns=2)
    s.turns_played = 2
    s, _ = kick(s, WEST, "1", "goal8")
    s, ev = roll(s, EAST, 1)
    assert "saved" in kinds(ev) and "full_time" in kinds(ev)
    assert "shootout_start" in kinds(ev) and s.step["k"] == "spot"


def test_half_time_turn_count() -> None:
    s = started(EAST, length="turns", turns=4, half_time=True)
    s = play_turn_out(s, EAST)
    s.score = [1, 0]
    s, _ = roll(s, WEST, 1)
    s, ev = act(s, WEST, "end")
    assert find(ev, "half_time").data == {"score": [1, 0]}
    # the other team kicks off the second half after both set up again
    assert s.half == 2
    assert s.step == {"k": "setup", "kickoff": 0, "placed": [False, False], "why": "half"}
    s, _ = act(s, WEST, "setup", preset="attacking")
    s, ev = act(s, EAST, "setup", preset="balanced")
    assert find(ev, "kickoff").data == {"team": 0, "half": 2, "why": "half"}
    s = play_turn_out(s, WEST)
    s = play_turn_out(s, EAST)
    assert s.over and s.winner == 0 and s.half == 2


def test_half_time_needs_an_even_turn_count_and_no_set_score() -> None:
    with pytest.raises(RulesError):
        new(length="turns", turns=5, half_time=True)
    with pytest.raises(RulesError):
        new(length="score", half_time=True)


# -- the timed version ------------------------------------------------------------------


def test_timed_turns_last_from_the_roll_to_the_end_capped_at_the_turn_clock() -> None:
    s = started(length="timed", minutes=2)
    s, _ = roll(s, WEST, 1, 1, at=1000.0)
    s, _ = act(s, WEST, "end", at=1012.5)
    assert s.elapsed == 12.5
    s, _ = roll(s, EAST, 1, at=1013.0)
    s, _ = act(s, EAST, "end", at=1100.0)  # 87 s, but the turn clock is 30 s
    assert s.elapsed == 42.5


def test_a_timed_turn_starts_when_the_other_team_ended_its_own() -> None:
    """Timed version: ending a turn starts the other player's clock, before they roll."""
    s = started(length="timed", minutes=2)
    s, _ = roll(s, WEST, 1, 1, at=1000.0)
    s, _ = act(s, WEST, "end", at=1010.0)
    s, _ = roll(s, EAST, 4, at=1020.0)  # East took 10 s to roll
    s, _ = act(s, EAST, "end", at=1025.0)
    assert s.elapsed == 10.0 + 15.0


def test_timed_turn_spent_on_points_ends_at_its_last_action() -> None:
    s = started(length="timed", minutes=2)
    s, _ = roll(s, WEST, 1, 1, at=1000.0)
    s, _ = act(s, WEST, "kick", member="10", path=["l7", "m7"], at=1007.0)
    assert s.step["team"] == 1 and s.elapsed == 7.0


def test_a_timeout_counts_the_full_turn_clock() -> None:
    s = started(length="timed", minutes=2)
    s, _ = roll(s, WEST, 3, 3, at=1000.0)
    s, ev = act(s, WEST, "timeout", at=1005.0)
    assert find(ev, "turn_end").data["reason"] == "timeout"
    assert s.elapsed == 30.0 and s.step["team"] == 1


def test_a_timeout_before_the_roll_passes_the_turn() -> None:
    s = started(length="timed", minutes=2)
    action = time_up(s, WEST)
    assert action is not None and time_up(s, EAST) is None
    s, _ = SIMPLESOCCER.apply(s, action)
    assert s.turns_played == 1 and s.elapsed == 30.0 and s.step["team"] == 1


def test_the_turn_clock_follows_the_matchs_turn_timeout() -> None:
    s = started(length="timed", minutes=10, turn_timeout=2)
    s, _ = roll(s, WEST, 1, 1, at=0.0)
    s, _ = act(s, WEST, "end", at=100.0)
    assert s.elapsed == 100.0


def test_timed_match_ends_at_its_minutes() -> None:
    s = started(length="timed", minutes=1)
    s, _ = act(s, WEST, "timeout")
    assert not s.over and s.elapsed == 30.0
    s.score = [0, 1]
    s, ev = act(s, EAST, "timeout")
    assert s.over and s.winner == 1 and s.reason == "full_time" and s.elapsed == 60.0


def test_timed_half_time() -> None:
    s = started(length="timed", minutes=1, half_time=True)
    s, ev = act(s, WEST, "timeout")
    assert "half_time" in kinds(ev) and s.step["kickoff"] == 1 and s.step["why"] == "half"


def test_untimed_matches_ignore_the_clock() -> None:
    s = started(length="turns", turns=10)
    assert time_up(s, WEST) is None
    s, _ = roll(s, WEST, 1, 1, at=0.0)
    s, _ = act(s, WEST, "end", at=500.0)
    assert s.elapsed == 0.0


def test_a_goal_on_the_half_time_turn_leads_to_the_second_half_kick_off() -> None:
    # West kicked off the match; East scores on the last turn of the first half. West
    # conceded, but the half is over: the team that did not kick off the first half, East,
    # kicks off the second (Optional half time)
    s = position(
        {"G": "m7", "1": "p3"},
        {"G": "goal7", "1": "b7"},
        ball="a7",
        team=EAST,
        points=2,
        kickoff=WEST,
        turns=4,
        half_time=True,
    )
    s.turns_played = 2
    s, ev = kick(s, EAST, "1", "goal7")
    assert kinds(ev)[-2:] == ["goal", "half_time"] and s.score == [0, 1]
    assert s.step == {"k": "setup", "kickoff": 1, "placed": [False, False], "why": "half"}


def test_only_the_referee_clock_times_a_turn_out_and_only_in_a_timed_match() -> None:
    s = started(length="turns", turns=10)
    assert "Only a timed match" in (problem(s, WEST, "timeout") or "")
    s = started(length="timed", minutes=2)
    assert problem(s, WEST, "end", timeout=True) == "Roll for your turn first."


def test_after_a_save_the_goalkeepers_turn_clock_starts_with_the_save() -> None:
    s = started(length="timed", minutes=5)
    s, _ = roll(s, WEST, 6, 6, at=1000.0)
    s, _ = act(s, WEST, "kick", member="10", path="l7 m7 n7 o7 p7 q7 r7 s7 t7 u8 goal9", at=1010.0)
    s, _ = roll(s, EAST, 4, at=1040.0)  # saved, 30 s after the shot
    assert s.held == 1 and s.elapsed == 10.0
    s, _ = roll(s, EAST, 1, 1, 1, at=1041.0)
    s, _ = act(s, EAST, "kick", member="G", path="u9 t9", at=1045.0)
    s, _ = act(s, EAST, "end", at=1050.0)
    assert s.elapsed == 10.0 + 10.0  # from the save roll, not from the shot
