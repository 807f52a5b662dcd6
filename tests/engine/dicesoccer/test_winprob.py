"""Sports Dice Soccer win probability: settled results, symmetry, sums and leads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.winprob import Chances
from engine.dicesoccer import DICESOCCER, DiceSoccerState
from engine.dicesoccer.coach import iter_match, play_match
from engine.dicesoccer.winprob import chances
from tests.engine.dicesoccer.helpers import position


def _spectator(state: DiceSoccerState) -> Chances:
    found = chances(DICESOCCER.view(state, None))
    assert found is not None
    return found


def _positions(seed: int, options: dict[str, Any]) -> Iterator[DiceSoccerState]:
    for state, _action, _events in iter_match(seed, options=options):
        if not state.over:
            yield state


def _mirrored(s: DiceSoccerState) -> DiceSoccerState:
    """The same moment with the teams swapped (the field turned round)."""
    m = s.clone()
    m.score, m.penalty = s.score[::-1], s.penalty[::-1]
    m.chip = -1 if s.chip < 0 else 1 - s.chip
    if s.ball:
        m.ball = 2 * s.sections + 1 - s.ball
    if "team" in s.step:
        m.step["team"] = 1 - s.step["team"]
    if m.roll:
        m.roll["n"], m.roll["dice"] = s.roll["n"][::-1], s.roll["dice"][::-1]
        if s.roll["rerolled_by"] >= 0:
            m.roll["rerolled_by"] = 1 - s.roll["rerolled_by"]
    return m


def test_a_finished_match_is_its_winners() -> None:
    final = play_match(4)[0]
    assert final.over
    expected = (100, 0, 0) if final.winner == 0 else (0, 0, 100)
    assert _spectator(final).percents() == expected


@pytest.mark.parametrize("advanced", [False, True])
def test_the_mirrored_moment_gets_the_mirrored_estimate(advanced: bool) -> None:
    seen = 0
    for seed in (1, 2, 3):
        for state in _positions(seed, {"advanced": advanced}):
            found, swapped = _spectator(state), _spectator(_mirrored(state)).mirrored()
            assert found.win == pytest.approx(swapped.win, abs=1e-9)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("options", [{}, {"advanced": True, "sections": 5, "target_score": 7}])
def test_no_draw_and_percents_sum_to_100(options: dict[str, Any]) -> None:
    for state in _positions(5, options):
        found = _spectator(state)
        assert found.draw == 0.0
        assert sum(found.percents()) == 100


@pytest.mark.parametrize("ball", [2, 4, 6])
def test_a_bigger_lead_never_lowers_the_leaders_chances(ball: int) -> None:
    for them in range(3):
        west = [_spectator(position(ball=ball, score=(us, them))).win[0] for us in range(3)]
        assert west == sorted(west)


def test_the_ball_near_a_goal_favours_the_attackers() -> None:
    assert _spectator(position(ball=6)).win[0] > _spectator(position(ball=1)).win[0]
