"""Socceristic win probability: settled results, certainty, symmetry, secrets and leads."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.data import json_copy
from engine.core.winprob import Chances
from engine.socceristic import SOCCERISTIC, SocceristicState
from engine.socceristic.coach import iter_match, play_match
from engine.socceristic.winprob import chances


def _spectator(state: SocceristicState) -> Chances:
    found = chances(SOCCERISTIC.view(state, None))
    assert found is not None
    return found


def _positions(seed: int) -> Iterator[SocceristicState]:
    for state, _action, _events in iter_match(seed):
        if not state.over:
            yield state.clone()


def _mirrored(s: SocceristicState) -> SocceristicState:
    """The same moment with the teams swapped: each defends the other's end."""
    m = s.clone()
    m.score, m.ends = s.score[::-1], s.ends[::-1]
    if s.possession >= 0:
        m.possession = 1 - s.possession
    if "team" in s.step:
        m.step["team"] = 1 - s.step["team"]
    if s.restart and "team" in s.restart:
        m.restart = {**s.restart, "team": 1 - s.restart["team"]}
    m.sheet = json_copy(s.sheet)
    for caution in m.sheet["cautions"]:
        caution["team"] = 1 - caution["team"]
    return m


def test_a_finished_match_is_its_result() -> None:
    final = play_match(2)[0]
    assert final.over
    score = final.score
    expected = (100, 0, 0) if score[0] > score[1] else (0, 0, 100) if score[0] < score[1] else None
    assert _spectator(final).percents() == (expected or (0, 100, 0))
    final.score, final.winner = [1, 1], -1
    assert _spectator(final).percents() == (0, 100, 0)


def test_a_side_that_cannot_lose_is_certain() -> None:
    late = [s for s in _positions(3) if s.half == 2][-5]
    late.score = [7, 0]
    assert _spectator(late).percents() == (100, 0, 0)


def test_the_mirrored_moment_gets_the_mirrored_estimate() -> None:
    seen = 0
    for seed in (1, 4):
        for state in _positions(seed):
            found, swapped = _spectator(state), _spectator(_mirrored(state)).mirrored()
            assert found.win == pytest.approx(swapped.win, abs=1e-9)
            assert found.draw == pytest.approx(swapped.draw, abs=1e-9)
            seen += 1
    assert seen > 100


def test_the_decks_order_is_never_read() -> None:
    state = list(_positions(6))[60]
    answers = set()
    for turn in range(3):
        other = state.clone()
        for pack in other.decks.values():
            order = pack["order"]
            pack["order"] = order[turn:] + order[:turn]
        answers.add(_spectator(other))
    assert len(answers) == 1


def test_percents_sum_and_a_bigger_lead_never_lowers_the_leaders_chances() -> None:
    for n, state in enumerate(_positions(7)):
        assert sum(_spectator(state).percents()) == 100
        if n % 10:
            continue
        home = []
        for lead in range(-3, 4):
            state.score = [3 + lead, 3]
            found = _spectator(state)
            home.append((found.win[0], -found.win[1]))
        assert home == sorted(home)
