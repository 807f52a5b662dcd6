"""A match with skills is its action log: replaying the log of coach matches with skills
(skills picked, played, lost and gained, every window answered) gives the same final state,
and the same events as the match gave."""

from __future__ import annotations

import pytest

from engine.core import replay
from engine.fuba import FUBA, advanced
from engine.fuba.coach import Coach, CoachPair, play_match


@pytest.mark.parametrize("seed", [3, 17, 42])
def test_a_match_with_skills_replays_from_its_log(seed: int) -> None:
    begin = FUBA.initial({"advanced": list(advanced.ALL), "skills": 5})
    pair = CoachPair(Coach(seed, skills="varied"), Coach(seed + 1, skills="varied"))
    final, log, events = play_match(seed, coach=pair, start=begin, in_place=False)
    played = [e for e in events if e.kind == "skill"]
    assert final.over and played, "the coaches played skills in this match"
    again = FUBA.initial({"advanced": list(advanced.ALL), "skills": 5})
    assert FUBA.to_json(replay(FUBA, again, log)) == FUBA.to_json(final)
    replayed = []
    state = again
    for action in log:
        state, ev = FUBA.apply(state, action)
        replayed.extend(ev)
    assert replayed == events
