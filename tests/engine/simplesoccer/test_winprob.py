"""Simple Soccer win probability: settled results and shootouts, certainty, symmetry,
secrets, sums and leads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.winprob import Chances
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.coach import iter_match
from engine.simplesoccer.state import SimpleSoccerState
from engine.simplesoccer.winprob import chances


def _spectator(state: SimpleSoccerState) -> Chances:
    found = chances(SIMPLESOCCER.view(state, None))
    assert found is not None
    return found


def _states(seed: int, options: dict[str, Any] | None = None) -> Iterator[SimpleSoccerState]:
    for state, _action, _events in iter_match(seed, options=options):
        yield state.clone()


def _mirrored(s: SimpleSoccerState) -> SimpleSoccerState:
    """The same moment with the teams swapped: every square turned end to end."""
    m = s.clone()
    width = s.field.width
    m.members = [
        {
            label: {**member, "at": [width - 1 - member["at"][0], member["at"][1]]}
            for label, member in s.members[1 - team].items()
        }
        for team in (0, 1)
    ]
    if s.ball is not None:
        m.ball = [width - 1 - s.ball[0], s.ball[1]]
    m.held = -1 if s.held < 0 else 1 - s.held
    m.score, m.sent_off = s.score[::-1], s.sent_off[::-1]
    if "team" in s.step:
        m.step = {**s.step, "team": 1 - s.step["team"]}
    if s.turn is not None and "team" in s.turn:
        m.turn = {**s.turn, "team": 1 - s.turn["team"]}
    return m


def test_a_finished_match_and_a_shootout_winner_are_certain() -> None:
    final = list(_states(3))[-1]  # a 0-0 draw settled by a shootout
    assert final.over and final.reason == "shootout"
    assert _spectator(final).percents() == ((100, 0, 0) if final.winner == 0 else (0, 0, 100))


def test_a_shootout_counts_the_kicks_taken_and_never_ends_drawn() -> None:
    states = [s for s in _states(3) if s.shootout is not None and not s.over]
    assert states
    for state in states:
        found = _spectator(state)
        assert found.draw == 0.0 and sum(found.percents()) == 100
    start = _spectator(states[0])
    assert start.win[0] == pytest.approx(0.5)
    ahead = states[0].clone()
    assert ahead.shootout is not None
    ahead.shootout["kicks"] = [[True, True, True], [False, False, False]]
    assert _spectator(ahead).percents() == (100, 0, 0)


def test_the_hidden_spot_of_a_shootout_goalkeeper_is_never_read() -> None:
    spot = next(
        s
        for s in _states(3)
        if s.shootout is not None and s.shootout["spot"] is not None and s.shootout["ball"] is None
    )
    answers = set()
    for guess in range(1, 8):
        other = spot.clone()
        assert other.shootout is not None
        other.shootout["spot"] = guess
        answers.add(_spectator(other))
    assert len(answers) == 1


def test_a_side_that_cannot_lose_is_certain() -> None:
    late = [s for s in _states(4) if s.shootout is None and not s.over][-3]
    late.score = [0, 8]
    assert _spectator(late).percents() == (0, 0, 100)


@pytest.mark.parametrize("rules", ["basic", "advanced"])
def test_the_mirrored_moment_gets_the_mirrored_estimate(rules: str) -> None:
    seen = 0
    for state in _states(5, {"rules": rules}):
        if state.over or state.shootout is not None:
            continue
        found, swapped = _spectator(state), _spectator(_mirrored(state)).mirrored()
        assert found.win == pytest.approx(swapped.win, abs=1e-9)
        seen += 1
    assert seen > 50


def test_no_draw_percents_sum_and_a_bigger_lead_never_lowers_the_leaders_chances() -> None:
    for n, state in enumerate(_states(6)):
        found = _spectator(state)
        assert found.draw == 0.0 and sum(found.percents()) == 100
        if n % 10 or state.over or state.shootout is not None:
            continue
        west = []
        for lead in range(-3, 4):
            state.score = [3 + lead, 3]
            west.append(_spectator(state).win[0])
        assert west == sorted(west)
