"""The FUBA offline demo: a whole coach-vs-coach match with virtual dice, narrated turn by turn.

``python3 bot.py demo --seed 7 [--json] [--out DIR]``. The same seed prints the same match.
With ``--out`` the board after every turn (and every goal) and a replay of the match go to DIR.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from engine.core.dice import VirtualDice
from engine.core.events import Event
from engine.fuba.coach import Coach, iter_match
from engine.fuba.state import FubaState
from referee.fuba.frames import Frame, FrameRecorder
from referee.fuba.narration import clock, narrate, score_line


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


def run_demo(seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary; with ``out_dir`` the board images and the replay are written there. Returns an
    exit code (0)."""
    out.write(f"FUBA demo match, seed {seed}: West and East are both played by the coach\n")
    events: list[Event] = []
    pending: list[Event] = []  # events not yet narrated (the current turn so far)
    seen = (1, 0)
    actions = 0
    state: FubaState | None = None
    boards = None if out_dir is None else _Boards(out_dir)
    for state, _action, ev in iter_match(seed, VirtualDice(seed), Coach(seed)):
        actions += 1
        events.extend(ev)
        pending.extend(ev)
        if boards is not None:
            boards.feed(state, ev)
        now = (state.half, state.turns[state.half - 1])
        if now != seen and now[1] and not state.over:  # a new turn has started
            _flush(pending, out)
            seen = now
            out.write(f"\n{_header(state)}\n")
    _flush(pending, out)
    assert state is not None
    if boards is not None:
        boards.finish(state, out)
    out.write(f"\nFinal score: {score_line(state.score)}\n")
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


def _flush(pending: list[Event], out: TextIO) -> None:
    for line in narrate(pending):
        out.write(f"  {line}\n")
    pending.clear()


class _Boards:
    """Writes the board after every turn and goal as numbered PNG files, then the replay."""

    def __init__(self, out_dir: Path) -> None:
        self.dir = Path(out_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.recorder = FrameRecorder()
        self.frames: list[Frame] = []

    def _write(self, frame: Frame) -> None:
        from render.fuba.board import render_png  # Pillow only when images are asked for

        self.frames.append(frame)
        path = self.dir / f"{len(self.frames):03d}-{frame.name}.png"
        path.write_bytes(render_png(frame.view, caption=frame.caption))

    def feed(self, state: FubaState, events: list[Event]) -> None:
        for frame in self.recorder.feed(state, events):
            self._write(frame)

    def finish(self, state: FubaState, out: TextIO) -> None:
        from render.fuba.replay import HOLD_MS, replay_gif

        self._write(self.recorder.finish(state))
        replay = self.dir / "replay.gif"
        replay.write_bytes(replay_gif((f.view, f.caption, HOLD_MS[f.kind]) for f in self.frames))
        out.write(f"\nBoard images: {len(self.frames)} PNG files and {replay.name} in {self.dir}\n")
