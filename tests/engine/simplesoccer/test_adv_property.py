"""Random complete matches with the advanced rules: after every action the position is a
legal one, every offered choice is legal, replays are exact, and every match ends."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Action, replay
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.field import FACINGS
from engine.simplesoccer.rules import RULES
from engine.simplesoccer.state import SimpleSoccerState
from tests.engine.simplesoccer.test_property import check_choices, random_action, random_options

MATCHES = 200
CHUNKS = 8
MAX_ACTIONS = 12_000


def advanced_options(rng: random.Random) -> dict[str, Any]:
    """Every advanced rule mostly; now and then one or two off, or repositioning on."""
    options = random_options(rng)
    options["rules"] = "advanced"
    toggles = []
    if rng.random() < 0.3:
        toggles += [f"-{rule}" for rule in rng.sample(sorted(RULES), 2)]
    if rng.random() < 0.3:
        toggles.append("reposition")
    if toggles:
        options["options"] = " ".join(toggles)
    return options


def check_invariants(s: SimpleSoccerState, before: SimpleSoccerState | None) -> None:
    f = s.field
    seen: set[tuple[int, int]] = set()
    for team in (0, 1):
        assert len(s.members[team]) <= s.options["fielders"] + 1
        for label, m in s.members[team].items():
            sq = (m["at"][0], m["at"][1])
            if label == "G":
                assert f.on_board(sq) or f.is_goal(sq, team), (team, label, sq)
            else:
                assert f.on_board(sq), (team, label, sq)
            assert m["facing"] in FACINGS
            if s.step["k"] != "setup":
                assert sq not in seen, f"two members on {sq}"
            seen.add(sq)
    if s.held >= 0:
        assert s.ball == s.members[s.held]["G"]["at"]
    elif s.ball is not None and s.juggle is None:
        ball = (s.ball[0], s.ball[1])
        assert f.on_board(ball) or f.is_goal(ball), ball
        if s.step["k"] in ("roll", "play"):
            assert f.on_board(ball) and ball not in seen, "a loose ball lies on its own square"
    if s.turn is not None:
        assert s.turn["left"] >= 0, s.turn
    if before is not None:
        assert s.turns_played >= before.turns_played
        assert all(a >= b for a, b in zip(s.score, before.score, strict=True))
        assert s.elapsed >= before.elapsed
    if s.options["length"] == "score":
        assert max(s.score) <= s.options["target"]
    if s.over:
        assert s.step == {"k": "over"} and SIMPLESOCCER.pending(s) == []
    else:
        assert SIMPLESOCCER.pending(s), "a running match always waits for someone"


def play_match(
    seed: int, seen: set[str]
) -> tuple[SimpleSoccerState, list[Action], SimpleSoccerState]:
    rng = random.Random(seed)
    initial = SIMPLESOCCER.initial(advanced_options(rng))
    state = initial
    log: list[Action] = []
    clock = [1_700_000_000.0]
    while not SIMPLESOCCER.is_over(state):
        action = random_action(rng, state, clock)
        if len(log) % 7 == 0:
            check_choices(rng, state)
        old = state
        state, events = SIMPLESOCCER.apply(state, action)
        json.dumps([e.to_json() for e in events])
        seen.update(e.kind for e in events)
        log.append(action)
        check_invariants(state, old)
        if len(log) % 5 == 0:
            text = json.dumps(SIMPLESOCCER.to_json(state))
            assert SIMPLESOCCER.from_json(json.loads(text)) == state
        assert len(log) < MAX_ACTIONS, f"seed {seed}: the match does not end"
    return initial, log, state


# what each chunk of 25 matches must have gone through, so that the invariants saw it
EXERCISED = {"goal", "tackle", "intercept", "header", "out", "foul"}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_advanced_matches(chunk: int) -> None:
    seen: set[str] = set()
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        initial, log, state = play_match(10_000 + seed, seen)
        assert state.over and state.reason in ("target", "full_time", "shootout")
        if seed % 10 == 0:
            again = replay(SIMPLESOCCER, initial, log)
            assert again == state
    assert seen >= EXERCISED, f"never happened: {sorted(EXERCISED - seen)}"
