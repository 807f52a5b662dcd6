"""The Sports Dice Soccer offline demo: a whole coach-vs-coach match with virtual dice, narrated
roll by roll.

``python3 bot.py demo --game dicesoccer --seed 7 [--json] [--out DIR]``. The same seed prints
the same match. With ``--out`` the board after the toss, the kick-off and every roll goes to
DIR as numbered PNG files, and the replay of the match as ``replay.gif``.
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
from referee.dicesoccer.frames import frames, told
from referee.dicesoccer.narration import SIDE_NAMES, narrate, score_line
from referee.dicesoccer.tally import tally
from referee.frames import BoardFiles


def summary(seed: int, s: DiceSoccerState, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line."""
    goals, attempts, won, chip, cards = tally(events)
    shots, free_kicks = ([tried for tried, _ in attempts[k]] for k in ("shot", "free_kick"))
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


def run_demo(seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary; with ``out_dir`` the boards and the replay are written there. Returns 0."""
    out.write(
        f"Sports Dice Soccer demo match, seed {seed}: White and Black are both played by the "
        "coach\n"
    )
    events: list[Event] = []
    pending: list[Event] = []  # events not yet narrated (the current exchange so far)
    rolls = actions = 0
    boards = None if out_dir is None else _board_files(out_dir)
    state = DICESOCCER.initial()
    for state, _action, ev in iter_match(seed, VirtualDice(seed), Coach(seed)):
        actions += 1
        events.extend(ev)
        pending.extend(ev)
        if not told(state):
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
        pending = []
    out.write(f"\nFinal score: {score_line(state.score)}\n")
    if boards is not None:
        boards.finish(out)
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


def _board_files(out_dir: Path) -> BoardFiles:
    """The demo's --out files: the board after the toss, the kick-off and every roll, then
    the replay."""
    from render.dicesoccer.board import render_png  # Pillow only when images are asked for
    from render.dicesoccer.replay import HOLD_MS, replay_gif

    return BoardFiles(
        out_dir,
        lambda state, events: frames([(state, events)])[0],
        lambda f: render_png(f.view, SIDE_NAMES, f.caption),
        lambda shots: replay_gif(((f.view, f.caption, HOLD_MS[f.kind]) for f in shots), SIDE_NAMES),
    )
