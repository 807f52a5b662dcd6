"""How far the strong FUBA coach looks ahead: every rollout ends where the turn after next
begins (``TURNS``).

With the advanced rules a substitution or skill window can be folded into a team's target
decision; a rollout must still stop there, not play on through that turn and more (which
made the advanced-rules search compare candidates over unequal horizons, up to nine turns).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.fuba import FUBA, advanced
from engine.fuba.coach import Coach, CoachPair, play_match
from engine.fuba.state import FubaState
from engine.fuba.strong import TURNS, StrongCoach, turn_key

ADVANCED = {"advanced": list(advanced.ALL)}


class Watching(StrongCoach):
    """The strong coach, noting how many turns each rollout played past its decision's."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, clock=lambda: 0.0)
        self.spans: list[int] = []
        self._decision_key: tuple[int, int] = (0, 0)
        self.evaluate = self._watch

    def search(self, s: FubaState, team: int, options: list[Any]) -> Any:
        self._decision_key = turn_key(s)
        return super().search(s, team, options)

    def _watch(self, s: FubaState, team: int) -> float:
        half, turns = turn_key(s)
        if half == self._decision_key[0] and not s.over:
            self.spans.append(turns - self._decision_key[1])
        return 0.5


@pytest.mark.parametrize("options", [None, ADVANCED], ids=["basic", "advanced"])
def test_every_rollout_ends_at_the_start_of_the_turn_after_next(options: Any) -> None:
    strong = Watching(2)
    start = FUBA.initial(options) if options else None
    state, _, _ = play_match(2, coach=CoachPair(strong, Coach(2)), record=False, start=start)
    assert state.over
    assert len(strong.spans) > 500
    assert max(strong.spans) == TURNS  # most rollouts reach it
    assert set(strong.spans) <= set(range(TURNS + 1))
