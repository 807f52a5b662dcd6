"""Random complete matches: invariants after every action, replay and JSON round trips."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Action, RulesError, replay
from engine.dicesoccer import DICESOCCER, DiceSoccerState
from engine.dicesoccer.options import SYMBOLS

MATCHES = 500
CHUNKS = 4
MAX_ACTIONS = 5000


def random_options(rng: random.Random) -> dict[str, Any]:
    faces = list(SYMBOLS) + [rng.choice(SYMBOLS) for _ in range(2)]
    rng.shuffle(faces)
    return {
        "sections": rng.randint(1, 6),
        "faces": faces,
        "target_score": rng.randint(1, 4),
        "advanced": rng.random() < 0.5,
    }


def random_action(rng: random.Random, state: DiceSoccerState) -> Action:
    decision = rng.choice(DICESOCCER.pending(state))
    if decision.dice:
        values = [rng.randint(1, 6) for _ in range(decision.dice)]
        return Action(decision.actor, "roll", {"dice": values})
    return rng.choice(decision.choices).action


def random_junk(rng: random.Random) -> Action:
    """An action that is often illegal now."""
    actor = rng.choice(["white", "black", "west"])
    kind = rng.choice(["roll", "start", "pick", "chip", "reroll", "dance"])
    args = {
        "roll": {"dice": [rng.randint(0, 7) for _ in range(rng.randint(0, 7))]},
        "start": {"role": rng.choice(["offense", "defense", "goalie"])},
        "pick": {"symbol": rng.choice(["ball", "kick", "penalty", "red card", "banana"])},
        "chip": {"use": rng.choice([True, False, "yes"])},
        "reroll": {"positions": rng.sample(range(0, 8), rng.randint(0, 3))},
        "dance": {},
    }[kind]
    return Action(actor, kind, args)


def check_invariants(s: DiceSoccerState) -> None:
    n = s.sections
    target = s.options["target_score"]
    assert all(0 <= g <= target for g in s.score)
    assert (max(s.score) == target) == s.over
    assert all(p >= 0 for p in s.penalty)
    if s.ball:
        assert 1 <= s.ball <= 2 * n
        assert s.chip in (0, 1)
    if s.step["k"] == "roll":
        for t in (0, 1):
            dice = s.roll["dice"][t]
            assert dice is None or len(dice) == s.roll["n"][t]
            assert 1 <= s.roll["n"][t] <= 6
    if s.over:
        assert s.winner == s.score.index(target) and not DICESOCCER.pending(s)
    else:
        assert DICESOCCER.pending(s), "a running match always waits for someone"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches(chunk: int) -> None:
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        rng = random.Random(seed)
        initial = DICESOCCER.initial(random_options(rng))
        state = initial
        log: list[Action] = []
        while not DICESOCCER.is_over(state):
            if rng.random() < 0.05:
                junk = random_junk(rng)
                before = DICESOCCER.to_json(state)
                try:
                    state2, _ = DICESOCCER.apply(state, junk)
                except RulesError as exc:
                    assert len(str(exc)) > 10
                    assert DICESOCCER.to_json(state) == before
                else:
                    log.append(junk)
                    state = state2
                continue
            action = random_action(rng, state)
            before = DICESOCCER.to_json(state) if len(log) % 5 == 0 else None
            old = state
            state, events = DICESOCCER.apply(state, action)
            json.dumps([e.to_json() for e in events])
            if before is not None:
                assert DICESOCCER.to_json(old) == before, "apply must not change its input"
            log.append(action)
            check_invariants(state)
            if len(log) % 7 == 0:
                text = json.dumps(DICESOCCER.to_json(state))
                assert DICESOCCER.from_json(json.loads(text)) == state
            assert len(log) < MAX_ACTIONS, f"seed {seed}: the match does not end"
        check_invariants(state)
        assert max(state.score) == state.options["target_score"]
        assert replay(DICESOCCER, initial, log) == state
        text = json.dumps(DICESOCCER.to_json(state))
        assert DICESOCCER.from_json(json.loads(text)) == state
        logged = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(DICESOCCER, initial, logged) == state
