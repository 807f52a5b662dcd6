"""Random complete matches: invariants after every action, replay and JSON round trips."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.core import Action, RulesError, replay
from engine.fuba import FUBA, FubaState
from engine.fuba.board import AREAS, N_SLOTS

MATCHES = 200
MAX_ACTIONS = 5000


def random_action(rng: random.Random, state: FubaState) -> Action:
    decision = rng.choice(FUBA.pending(state))
    if decision.dice:
        return Action(
            decision.actor, "roll", {"dice": [rng.randint(1, 6) for _ in range(decision.dice)]}
        )
    return rng.choice(decision.choices).action


def random_junk(rng: random.Random, state: FubaState) -> Action:
    """An action that is very likely illegal now."""
    actor = rng.choice(["west", "east"])
    kind = rng.choice(["target", "move", "action", "roll", "setup", "continue", "penalty"])
    args = {
        "target": {"area": rng.choice([0, 14, 99, *AREAS])},
        "move": {"from": rng.randint(0, 14), "to": rng.randint(0, 14), "with_ball": True},
        "action": {"kind": rng.choice(["goal", "press", "dance"])},
        "roll": {"dice": [rng.randint(0, 7)]},
        "setup": {"layout": "7:11"},
        "continue": {"choice": "maybe"},
        "penalty": {"side": "up"},
    }[kind]
    return Action(actor, kind, args)


def check_invariants(state: FubaState, previous_time: tuple[int, int, int]) -> None:
    started = state.turns[0] > 0  # both teams have set up for the kick-off
    for team in (0, 1):
        if started:
            assert sum(state.outfield[team]) + 1 == 11 - state.reds[team]
        assert all(n >= 0 for n in state.outfield[team])
        assert 1 <= state.keeper[team] <= 13
        for a in range(N_SLOTS):
            assert (
                0
                <= state.locked[team][a]
                <= state.moved[team][a]
                <= max(state.outfield[team][a], state.moved[team][a])
            )
    assert 1 <= state.ball < N_SLOTS  # exactly one ball, on the board
    assert 1 <= state.value <= 6
    assert state.game_time() >= previous_time
    assert 0 <= state.stoppage <= 5
    waiting_bring = bool(state.agenda) and state.agenda[0]["k"] == "bring"
    if state.turn.get("stage") in ("target", "actions") and not waiting_bring:
        assert state.pieces(state.control, state.ball) >= 1  # 4.5.3


@pytest.mark.parametrize("chunk", range(4))
def test_random_matches_keep_invariants(chunk: int) -> None:
    for seed in range(chunk * MATCHES // 4, (chunk + 1) * MATCHES // 4):
        rng = random.Random(seed)
        initial = FUBA.initial()
        state = initial
        log: list[Action] = []
        while not FUBA.is_over(state):
            assert FUBA.pending(state), "a running match always waits for someone"
            if rng.random() < 0.05:
                junk = random_junk(rng, state)
                before = FUBA.to_json(state)
                try:
                    state2, _ = FUBA.apply(state, junk)
                except RulesError as exc:
                    assert str(exc)
                    assert FUBA.to_json(state) == before
                else:
                    log.append(junk)
                    state = state2
                continue
            action = random_action(rng, state)
            previous = state.game_time()
            before = FUBA.to_json(state) if len(log) % 5 == 0 else None
            old_state = state
            state, _ = FUBA.apply(state, action)
            if before is not None:
                assert FUBA.to_json(old_state) == before, "apply must not change its input"
            log.append(action)
            check_invariants(state, previous)
            if len(log) % 7 == 0:
                text = json.dumps(FUBA.to_json(state))
                assert FUBA.from_json(json.loads(text)) == state
            assert len(log) < MAX_ACTIONS, f"seed {seed}: match does not end"
        assert state.half == 2 and not FUBA.pending(state)
        assert replay(FUBA, initial, log) == state
        text = json.dumps(FUBA.to_json(state))
        assert FUBA.from_json(json.loads(text)) == state
        replayed_json = replay(
            FUBA, initial, [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        )
        assert replayed_json == state


RULE_NUMBER = re.compile(r"\(\d+(\.\d+)+\)|\([A-Z]\d+\)")  # "(4.5.1)", "(A13)"


def test_prompts_and_refusals_name_no_rule_numbers() -> None:
    """Players read the prompts and refusals: they say what to do, not a rulebook section."""
    seen: set[str] = set()
    prompts: set[str] = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = FUBA.initial()
        while not FUBA.is_over(state):
            prompts.update(d.prompt for d in FUBA.pending(state))
            problem = FUBA.problem(state, random_junk(rng, state))
            if problem:
                seen.add(problem)
            state, _ = FUBA.apply(state, random_action(rng, state))
    seen |= prompts
    assert len(seen) > 50
    assert not sorted(text for text in seen if RULE_NUMBER.search(text))
    # a prompt names no internal step: "Roll 2 dice for the situation.", not "(goal_difficult)"
    step_name = re.compile(r"_|\(\w+( \w+)?\)\.$")
    assert not sorted(text for text in prompts if step_name.search(text))
    assert "Roll 2 dice for the situation." in prompts
