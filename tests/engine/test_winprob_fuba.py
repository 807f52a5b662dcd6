"""FUBA win probability: settled results, certainty, symmetry, secrets, monotonic leads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import Action, VirtualDice
from engine.core.winprob import Chances
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.board import N_SLOTS, mirror
from engine.fuba.coach import Coach, next_action
from engine.fuba.plays import PENALTY_SIDES
from engine.fuba.winprob import chances, expected_points, state_chances
from tests.engine.scenario import position, with_penalty

ADVANCED = {"advanced": list(advanced.ALL)}


def _spectator(state: FubaState) -> Chances:
    found = chances(FUBA.view(state, None))
    assert found is not None
    return found


def _positions(seed: int, options: dict[str, Any] | None, every: int) -> Iterator[FubaState]:
    """Copies of a coach match's state every ``every`` actions."""
    state, coach, dice = FUBA.initial(options), Coach(seed), VirtualDice(seed)
    n = 0
    while not state.over:
        FUBA.apply_in_place(state, next_action(coach, state, dice))
        n += 1
        if n % every == 0 and not state.over:
            yield state.clone()


def _mirrored(s: FubaState) -> FubaState:
    """The same position with the teams swapped: every area point-mirrored."""
    m = s.clone()
    for team in (0, 1):
        row = [0] * N_SLOTS
        for area in range(1, N_SLOTS):
            row[mirror(area)] = s.outfield[1 - team][area]
        m.outfield[team] = row
    m.keeper = [mirror(s.keeper[1]), mirror(s.keeper[0])]
    m.ball = mirror(s.ball)
    m.control = -1 if s.control == -1 else 1 - s.control
    for name in ("score", "yellows", "reds", "turns", "goal_attempts", "subs", "spent"):
        setattr(m, name, getattr(s, name)[::-1])
    return m


@pytest.mark.parametrize("score", [(2, 1), (0, 3), (1, 1)])
def test_a_finished_match_is_its_result(score: tuple[int, int]) -> None:
    state = next(_positions(3, None, 40))
    state.score, state.over = list(score), True
    expected = (
        (100, 0, 0) if score[0] > score[1] else (0, 0, 100) if score[0] < score[1] else (0, 100, 0)
    )
    assert _spectator(state).percents() == expected
    assert (
        expected_points(state, 0)
        == {(100, 0, 0): 1.0, (0, 100, 0): 0.5, (0, 0, 100): 0.0}[expected]
    )


@pytest.mark.parametrize("options", [None, ADVANCED])
def test_a_side_that_cannot_lose_is_certain(options: dict[str, Any] | None) -> None:
    late = next(s for s in _positions(4, options, 7) if s.half == 2 and s.minute >= 80)
    late.score = [0, 9]
    assert _spectator(late).percents() == (0, 0, 100)
    assert expected_points(late, 1) == 1.0
    late.score = [1, 1]
    assert 0 < expected_points(late, 1) < 1


@pytest.mark.parametrize("options", [None, ADVANCED])
def test_the_mirrored_position_gets_the_mirrored_estimate(options: dict[str, Any] | None) -> None:
    seen = 0
    for seed in (1, 2):
        for state in _positions(seed, options, 9):
            found, swapped = _spectator(state), _spectator(_mirrored(state)).mirrored()
            assert found.win == pytest.approx(swapped.win, abs=1e-9)
            assert found.draw == pytest.approx(swapped.draw, abs=1e-9)
            assert expected_points(state, 0) == pytest.approx(1 - expected_points(state, 1))
            seen += 1
    assert seen > 80


def test_the_spectator_estimate_and_expected_points_agree() -> None:
    for state in _positions(5, ADVANCED, 11):
        found = _spectator(state)
        assert state_chances(state) == found
        assert expected_points(state, 0) == pytest.approx(found.win[0] + found.draw / 2)


@pytest.mark.parametrize("options", [None, ADVANCED])
def test_a_secret_formation_is_never_read(options: dict[str, Any] | None) -> None:
    answers = set()
    for shape in ("4-4-2", "5-3-2", "3-4-3"):
        state = FUBA.initial(options)
        state, _ = FUBA.apply(state, Action("west", "formation", {"shape": shape}))
        assert state.agenda[0]["picks"][0] is not None  # picked, not yet revealed
        answers.add((_spectator(state), expected_points(state, 1), expected_points(state, 0)))
    assert len(answers) == 1


def test_a_secret_penalty_side_is_never_read() -> None:
    start, _ = with_penalty(position({5: 3, 7: 3}, {9: 3, 7: 3}, ball=9, control="west"), "west")
    coach, dice = Coach(0), VirtualDice(0)
    while start.agenda[0]["k"] != "penalty":  # both sides set up for the kick
        FUBA.apply_in_place(start, next_action(coach, start, dice))
    answers = set()
    for keeper in PENALTY_SIDES:
        state, _ = FUBA.apply(start, Action("east", "penalty", {"side": keeper}))
        assert state.turn["keeper_side"] == keeper
        answers.add((_spectator(state), expected_points(state, 0), expected_points(state, 1)))
    assert len(answers) == 1


@pytest.mark.parametrize("options", [None, ADVANCED])
def test_percents_sum_to_100_all_match_long(options: dict[str, Any] | None) -> None:
    for state in _positions(6, options, 3):
        percents = _spectator(state).percents()
        assert sum(percents) == 100 and min(percents) >= 0


def test_a_bigger_lead_never_lowers_the_leaders_chances() -> None:
    for state in _positions(7, None, 13):
        west = []
        for lead in range(-3, 6):
            state.score = [3 + lead, 3] if lead >= 0 else [3, 3 - lead]
            found = _spectator(state)
            west.append((found.win[0], -found.win[1], expected_points(state, 0)))
        for before, after in zip(west, west[1:], strict=False):
            assert all(b <= a + 1e-12 for b, a in zip(before, after, strict=True))


def test_a_goal_up_late_is_better_than_level_and_a_penalty_helps_the_kicker() -> None:
    late = next(s for s in _positions(8, None, 5) if s.half == 2 and s.minute >= 75)
    level = expected_points(late, 0)
    late.score = [late.score[1] + 1, late.score[1]]
    assert expected_points(late, 0) > level + 0.2
    quiet = position({5: 3, 7: 3}, {9: 3, 7: 3}, ball=7, control="west", minute=20)
    spot, _ = with_penalty(quiet, "west")
    assert expected_points(spot, 0) > expected_points(quiet, 0)
