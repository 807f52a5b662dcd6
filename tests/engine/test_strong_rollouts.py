"""How far the strong FUBA coach looks ahead: every rollout ends where the turn after next
begins (``TURNS``).

With the advanced rules a substitution or skill window can be folded into a team's target
decision; a rollout must still stop there, not play on through that turn and more (which
made the advanced-rules search compare candidates over unequal horizons, up to nine turns).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from bench._matches import play
from engine import registry
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


# -- which decisions are searched -------------------------------------------------------------
# The referee answers at once what the strong coach does not search and sends only the rest to
# its thinking worker, so ``searches`` must say exactly when ``choose`` plays rollouts.


class Checked:
    """A strong coach whose every decision checks ``searches`` against the rollouts played."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.searched = self.answered = 0
        if getattr(policy, "before_roll", None) is not None:
            self.before_roll = policy.before_roll

    def choose(self, state: Any, decision: Any) -> Any:
        searches = self.policy.searches(state, decision)
        action = self.policy.choose(state, decision)
        assert searches == (self.policy.rollouts > 0), decision
        self.searched += searches
        self.answered += not searches
        return action


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("fuba", None),
        ("fuba", ADVANCED),
        ("dicesoccer", {"advanced": True}),
        ("simplesoccer", None),
        ("socceristic", {"deck_seed": 3}),
    ],
)
def test_searches_says_exactly_which_decisions_the_strong_coach_plays_out(
    game: str, options: Any
) -> None:
    levels = importlib.import_module(f"engine.{game}.levels")
    ruleset = registry.get(game)
    strong = levels.coach(3, "strong")
    strong.clock = lambda: 0.0  # every search plays its rollouts, whatever the machine
    checked = Checked(strong)
    play(ruleset, [checked, levels.coach(3)], options, seed=3, most=400)
    assert checked.searched > 0 and checked.answered > 0
