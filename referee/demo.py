"""The offline demo: a whole coach-vs-coach match with virtual dice, narrated turn by turn.

``python3 bot.py demo --seed 7 [--json]``. The same seed prints the same match.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.core.dice import VirtualDice
from engine.core.events import Event
from engine.fuba.coach import Coach, iter_match
from engine.fuba.state import FubaState
from referee.narration import clock, narrate, score_line


def _header(s: FubaState) -> str:
    turn = s.turns[s.half - 1]
    return f"Half {s.half}, turn {turn}, minute {clock(s.minute, s.stoppage)}"


def summary(seed: int, s: FubaState, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line."""
    goals, yellows, reds = [0, 0], [0, 0], [0, 0]
    tally = {"goal": goals, "yellow_card": yellows, "red_card": reds}
    for e in events:
        counts = tally.get(e.kind)
        if counts is not None:
            counts[e.data["team"]] += 1
    return {
        "seed": seed,
        "score": s.score[:],
        "turns": s.turns[:],
        "goal_attempts": s.goal_attempts[:],
        "goals": goals,
        "yellow_cards": yellows,
        "red_cards": reds,
        "formations": ["-".join(str(n) for n in f) for f in s.formations],
        "actions": actions,
    }


def run_demo(seed: int, as_json: bool, out: TextIO) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary. Returns an exit code (0)."""
    out.write(f"FUBA demo match, seed {seed}: West and East are both played by the coach\n")
    events: list[Event] = []
    pending: list[Event] = []  # events not yet narrated (the current turn so far)
    seen = (1, 0)
    actions = 0
    state: FubaState | None = None
    for state, _action, ev in iter_match(seed, VirtualDice(seed), Coach(seed)):
        actions += 1
        events.extend(ev)
        pending.extend(ev)
        now = (state.half, state.turns[state.half - 1])
        if now != seen and now[1] and not state.over:  # a new turn has started
            _flush(pending, out)
            seen = now
            out.write(f"\n{_header(state)}\n")
    _flush(pending, out)
    assert state is not None
    out.write(f"\nFinal score: {score_line(state.score)}\n")
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


def _flush(pending: list[Event], out: TextIO) -> None:
    for line in narrate(pending):
        out.write(f"  {line}\n")
    pending.clear()
