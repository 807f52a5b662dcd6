"""Random complete matches on the sample pitch: random players choosing among the pending
choices, random dice, sometimes an illegal action; invariants after every action, JSON round
trips and replay at the end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Action, RulesError, replay
from engine.socceristic import SOCCERISTIC, SocceristicState
from engine.socceristic.coach import play_match
from engine.socceristic.pitch import STEP, pitch_of

MATCHES = 200
CHUNKS = 4
MAX_ACTIONS = 20_000


def random_options(rng: random.Random) -> dict[str, Any]:
    length: dict[str, int] = (
        {"moves": rng.randint(5, 30)}
        if rng.random() < 0.7
        else {"minutes": rng.randint(1, 4), "added": rng.randint(0, 2)}
    )
    return {"length": length, "deck_seed": rng.randrange(10**6)}


def random_action(rng: random.Random, s: SocceristicState, now: float) -> Action:
    decision = rng.choice(SOCCERISTIC.pending(s))
    if decision.dice:
        action = Action(
            decision.actor, "roll", {"dice": [rng.randint(1, 6) for _ in range(decision.dice)]}
        )
    else:
        action = rng.choice(decision.choices).action
    if rng.random() < 0.5:  # the referee stamps a minutes match's actions
        action = Action(action.actor, action.kind, {**action.args, "at": now})
    return action


def random_junk(rng: random.Random) -> Action:
    """An action that is often illegal now."""
    actor = rng.choice(["home", "away", "west"])
    kind = rng.choice(["roll", "end", "direction", "draw", "corner", "dance"])
    args = {
        "roll": {"dice": [rng.randint(0, 7) for _ in range(rng.randint(0, 3))]},
        "end": {"end": rng.choice(["north", "south", "east"])},
        "direction": {"direction": rng.choice(["N", "SE", "W", "up"])},
        "draw": {},
        "corner": {"side": rng.choice(["west", "east", "middle"])},
        "dance": {},
    }[kind]
    return Action(actor, kind, args)


def check(s: SocceristicState, score: list[int]) -> None:
    p = pitch_of(s.options)
    assert s.score[0] >= score[0] and s.score[1] >= score[1], "the score only grows"
    if s.ball is not None:
        assert p.on_pitch(*s.ball), s.ball
    else:
        assert s.half == 0, "the ball is on the pitch from the first kick-off"
    length = s.options["length"]
    if "moves" in length:
        assert 0 <= s.moves <= length["moves"]
    assert all(len(team) == 16 for team in s.lineup) and 0 <= min(s.bench) <= max(s.bench) <= 5
    pending = SOCCERISTIC.pending(s)
    assert bool(pending) != s.over, "a running match always waits for someone"
    for d in pending:
        if d.kind == "direction":
            assert d.choices
            for c in d.choices:
                dx, dy = STEP[c.action.args["direction"]]
                assert s.ball is not None
                x, y = s.ball
                for k in range(1, c.info["distance"] + 1):
                    assert p.on_pitch(x + dx * k, y + dy * k), "an offered path leaves the pitch"
        else:
            assert d.dice or d.choices
    if s.over:
        a, b = s.score
        assert s.winner == (-1 if a == b else int(b > a)) and s.half == 2


def check_view(s: SocceristicState) -> None:
    text = json.dumps(SOCCERISTIC.view(s, "home"))
    assert '"order"' not in text and "deck_seed" not in text and "deck_order" not in text


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches(chunk: int) -> None:
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        rng = random.Random(seed)
        initial = SOCCERISTIC.initial(random_options(rng))
        state, log, now = initial, [], 1.7e9
        while not state.over:
            now += rng.choice([1.0, 5.0, 20.0, 300.0])
            if rng.random() < 0.03:
                junk = random_junk(rng)
                before = SOCCERISTIC.to_json(state)
                try:
                    after, _ = SOCCERISTIC.apply(state, junk)
                except RulesError as exc:
                    assert len(str(exc)) > 10
                    assert SOCCERISTIC.to_json(state) == before
                else:
                    log.append(junk)
                    state = after
                continue
            score = state.score[:]
            action = random_action(rng, state, now)
            state, events = SOCCERISTIC.apply(state, action)
            json.dumps([e.to_json() for e in events])
            log.append(action)
            check(state, score)
            if len(log) % 25 == 0:
                check_view(state)
            assert len(log) < MAX_ACTIONS, f"seed {seed}: the match does not end"
        check_view(state)
        text = json.dumps(SOCCERISTIC.to_json(state))
        assert SOCCERISTIC.from_json(json.loads(text)) == state
        logged = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(SOCCERISTIC, initial, logged) == state


@pytest.mark.parametrize("seed", range(10))
def test_coach_matches_end(seed: int) -> None:
    final, actions, events = play_match(seed)
    assert final.over and final.half == 2
    assert sum(1 for e in events if e.kind == "goal") == sum(final.score)
    assert len(final.sheet["goals"]) == sum(final.score)
