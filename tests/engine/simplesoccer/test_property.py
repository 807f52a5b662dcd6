"""Random complete matches: after every action the position is a legal one, and every match
ends. Choices are drawn from the pending decisions, dice at random, under varied options."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Action, Choice, replay
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.clock import time_up
from engine.simplesoccer.field import SIZES, facing_of, parse
from engine.simplesoccer.state import SimpleSoccerState

MATCHES = 200
CHUNKS = 8
MAX_ACTIONS = 6000


def random_options(rng: random.Random) -> dict[str, Any]:
    size = rng.choice(list(SIZES))
    length = rng.choice(["turns", "score", "timed"])
    options: dict[str, Any] = {
        "size": size,
        "fielders": rng.randint(1, SIZES[size].fielders),
        "length": length,
    }
    if length == "turns":
        options["turns"] = rng.choice([2, 4, 10, 20, 40])
    elif length == "score":
        options["target"] = rng.randint(1, 2)
    else:
        options["minutes"] = rng.randint(1, 8)
        if rng.random() < 0.3:
            options["turn_timeout"] = 1
    if length != "score" and rng.random() < 0.5:
        options["half_time"] = True
    return options


def _column(square: str, width: int, team: int) -> int:
    """How far towards the attacked goal a square name lies."""
    x = width if square.startswith("goal") else ord(square[0]) - ord("a")
    return x if team == 0 else width - 1 - x


def _purposeful(state: SimpleSoccerState, choices: tuple[Choice, ...]) -> list[Choice]:
    """The choices a player with a plan would pick among (so that set-score matches end):
    a shot, a grab, a kick forwards, or a move towards the ball."""
    team = state.step["team"]
    f = state.field
    by_kind: dict[str, list[Choice]] = {}
    for c in choices:
        by_kind.setdefault(c.action.kind, []).append(c)
    shots = [c for c in by_kind.get("kick", []) if c.info["to"].startswith("goal")]
    if shots:
        return shots
    if "grab" in by_kind:
        return by_kind["grab"]
    kicks = by_kind.get("kick", [])
    if kicks:
        best = max(_column(c.info["to"], f.width, team) for c in kicks)
        return [c for c in kicks if _column(c.info["to"], f.width, team) >= best - 1]
    moves = by_kind.get("move", [])
    if moves and state.ball is not None:
        bx, by = state.ball

        def gap(c: Choice) -> int:
            sq = parse(f, c.info["to"], team)
            return max(abs(sq[0] - bx), abs(sq[1] - by))

        best = min(gap(c) for c in moves)
        return [c for c in moves if gap(c) == best]
    return []


def random_action(rng: random.Random, state: SimpleSoccerState, clock: list[float]) -> Action:
    decision = rng.choice(SIMPLESOCCER.pending(state))
    if state.options["length"] == "timed" and rng.random() < 0.03:
        out = time_up(state, decision.actor)
        if out is not None:
            return out
    if decision.dice:
        values = [rng.randint(1, 6) for _ in range(decision.dice)]
        args: dict[str, Any] = {"dice": values}
        if state.options["length"] == "timed":
            clock[0] += rng.uniform(0, 5)
            args["at"] = clock[0]
        return Action(decision.actor, "roll", args)
    choices = decision.choices
    if decision.kind == "play" and rng.random() < 0.7:
        choices = _purposeful(state, choices) or choices
    action = rng.choice(choices).action
    if state.options["length"] == "timed" and action.kind in ("move", "kick", "grab", "end"):
        clock[0] += rng.uniform(0, 20)
        action = Action(action.actor, action.kind, {**action.args, "at": clock[0]})
    return action


def check_invariants(s: SimpleSoccerState, before: SimpleSoccerState | None) -> None:
    f = s.field
    seen: set[tuple[int, int]] = set()
    for team in (0, 1):
        for label, m in s.members[team].items():
            sq = (m["at"][0], m["at"][1])
            if label == "G":
                assert f.on_board(sq) or f.is_goal(sq, team), (team, label, sq)
            else:
                assert f.on_board(sq), (team, label, sq)
            assert m["facing"] == facing_of(team)
            # during a set-up the team still to set up stands where play left it
            if s.step["k"] != "setup":
                assert sq not in seen, f"two members on {sq}"
            seen.add(sq)
    if s.held >= 0:
        assert s.ball == s.members[s.held]["G"]["at"]
    elif s.ball is not None:
        ball = (s.ball[0], s.ball[1])
        assert f.on_board(ball) or f.is_goal(ball), ball
        if s.step["k"] in ("roll", "play"):
            assert f.on_board(ball) and ball not in seen, "a loose ball lies on its own square"
    if s.turn is not None:
        assert 0 <= s.turn["left"] <= s.turn["points"] <= 18
    if before is not None:
        assert s.turns_played >= before.turns_played
        assert all(a >= b for a, b in zip(s.score, before.score, strict=True))
        assert s.elapsed >= before.elapsed
        assert s.half >= before.half
    if s.options["length"] == "score":
        assert max(s.score) <= s.options["target"]
    if s.over:
        assert s.step == {"k": "over"} and SIMPLESOCCER.pending(s) == []
    else:
        assert SIMPLESOCCER.pending(s), "a running match always waits for someone"


def check_choices(rng: random.Random, s: SimpleSoccerState) -> None:
    """A few of the offered choices, each one legal now."""
    for decision in SIMPLESOCCER.pending(s):
        for choice in rng.sample(decision.choices, min(4, len(decision.choices))):
            assert SIMPLESOCCER.problem(s, choice.action) is None, choice.label


def play_match(
    seed: int, seen: set[str] | None = None
) -> tuple[SimpleSoccerState, list[Action], SimpleSoccerState]:
    """One random match; ``seen`` collects the kinds of events that happened."""
    rng = random.Random(seed)
    initial = SIMPLESOCCER.initial(random_options(rng))
    state = initial
    log: list[Action] = []
    clock = [1_700_000_000.0]
    while not SIMPLESOCCER.is_over(state):
        action = random_action(rng, state, clock)
        snapshot = SIMPLESOCCER.to_json(state) if len(log) % 5 == 0 else None
        if len(log) % 11 == 0:
            check_choices(rng, state)
        old = state
        state, events = SIMPLESOCCER.apply(state, action)
        json.dumps([e.to_json() for e in events])
        if seen is not None:
            seen.update(e.kind for e in events)
            seen.update(f"turn_end:{e.data['reason']}" for e in events if e.kind == "turn_end")
        if snapshot is not None:
            assert SIMPLESOCCER.to_json(old) == snapshot, "apply must not change its input"
        log.append(action)
        check_invariants(state, old)
        if len(log) % 3 == 0:
            text = json.dumps(SIMPLESOCCER.to_json(state))
            assert SIMPLESOCCER.from_json(json.loads(text)) == state
        assert len(log) < MAX_ACTIONS, f"seed {seed}: the match does not end"
    return initial, log, state


# what every chunk of matches must have gone through, so that the invariants saw it
EXERCISED = {
    "goal",
    "saved",
    "no_chance",
    "grabbed",
    "half_time",
    "shootout_start",
    "penalty_save_roll",
    "turn_end:timeout",
    "turn_end:spent",
    "turn_end:end",
}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches(chunk: int) -> None:
    seen: set[str] = set()
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        initial, log, state = play_match(seed, seen)
        assert state.over and state.reason in ("target", "full_time", "shootout")
        if state.reason == "shootout":
            assert state.score[0] == state.score[1] and state.options["length"] != "score"
        else:
            assert state.score[state.winner] > state.score[1 - state.winner]
        logged = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in log]
        assert replay(SIMPLESOCCER, initial, logged) == state
    assert seen >= EXERCISED, EXERCISED - seen
