"""The Sports Dice Soccer offline demo: a whole coach-vs-coach match with virtual dice, narrated
roll by roll.

``python3 bot.py demo --game dicesoccer --seed 7 [--json] [--out DIR]``. The same seed prints
the same match. With ``--out`` the board after every roll goes to DIR as numbered PNG files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from engine.core.dice import VirtualDice
from engine.core.events import Event
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import Coach, iter_match
from engine.dicesoccer.options import SIDES
from engine.dicesoccer.state import DiceSoccerState
from referee.dicesoccer.narration import SIDE_NAMES, narrate, score_line


def summary(seed: int, s: DiceSoccerState, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line."""
    goals: list[dict[str, int]] = [{}, {}]
    shots, free_kicks, chip, cards, won = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    for e in events:
        d = e.data
        if e.kind == "goal":
            goals[d["team"]][d["how"]] = goals[d["team"]].get(d["how"], 0) + 1
        elif e.kind == "attempt":
            (shots if d["kind"] == "shot" else free_kicks)[d["team"]] += 1
        elif e.kind == "roll_won" and d["for"] == "play":
            won[d["winner"]] += 1
        elif e.kind in ("chip_used", "reroll"):
            chip[d["team"]] += 1
        elif e.kind == "penalty":
            cards[d["team"]] += 1
    return {
        "game": "dicesoccer",
        "seed": seed,
        "score": s.score[:],
        "winner": SIDES[s.winner] if s.winner >= 0 else None,
        "play_rolls": s.exchanges,
        "rolls_won": won,
        "goals_by": goals,
        "shots": shots,
        "free_kicks": free_kicks,
        "chip_uses": chip,
        "red_cards_against": cards,
        "actions": actions,
    }


def _exchange_over(s: DiceSoccerState) -> bool:
    """Whether the state waits for a fresh roll of both teams, or the match is over."""
    if s.over:
        return True
    return s.step.get("k") == "roll" and s.roll["dice"] == [None, None]


def run_demo(seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary; with ``out_dir`` the board after every roll is written there. Returns 0."""
    out.write(
        f"Sports Dice Soccer demo match, seed {seed}: White and Black are both played by the "
        "coach\n"
    )
    events: list[Event] = []
    pending: list[Event] = []  # events not yet narrated (the current exchange so far)
    rolls = actions = 0
    boards = None if out_dir is None else _Boards(out_dir)
    state = DICESOCCER.initial()
    for state, _action, ev in iter_match(seed, VirtualDice(seed), Coach(seed)):
        actions += 1
        events.extend(ev)
        pending.extend(ev)
        if not (state.step.get("k") == "start" or _exchange_over(state)):
            continue  # the exchange (or the toss) goes on
        kinds = {e.kind for e in pending}
        if "rolled" in kinds:
            rolls += 1
            prefix = f"Roll {rolls}"
        else:
            prefix = "Kick-off" if "kickoff" in kinds else "Toss"
        lines = narrate(pending)
        if lines:
            out.write(f"{prefix}: {lines[0]}\n")
            for line in lines[1:]:
                out.write(f"  {line}\n")
        if boards is not None:
            boards.write(state, pending)
        pending.clear()
    out.write(f"\nFinal score: {score_line(state.score)}\n")
    if boards is not None:
        out.write(f"\nBoard images: {boards.count} PNG files in {boards.dir}\n")
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


class _Boards:
    """Writes the board after every roll as numbered PNG files."""

    def __init__(self, out_dir: Path) -> None:
        self.dir = Path(out_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.count = 0

    def write(self, state: DiceSoccerState, events: list[Event]) -> None:
        from referee.dicesoccer.game import render_png  # Pillow only when images are asked for

        self.count += 1
        png = render_png(DICESOCCER.view(state, None), SIDE_NAMES, events)
        (self.dir / f"{self.count:03d}.png").write_bytes(png)
