"""The Socceristic offline demo: a whole coach-vs-coach match with virtual dice and seeded decks,
narrated move by move, and the team sheet at full time.

``python3 bot.py demo --game socceristic --seed 7 [--json] [--out DIR] [--options TEXT]``.
The same seed prints the same match. ``--options`` sets match options as
"length=20 minutes home=Ann, Bob away=Cy" (``referee.socceristic.options.parse_options``). With
``--out`` the board after the toss, after every move and at full time goes to DIR as numbered
PNG files, and the replay of the match as ``replay.gif``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from engine.core import Action
from engine.core.dice import VirtualDice
from engine.core.events import Event
from engine.socceristic.options import SIDES
from referee.frames import BoardFiles, board_files
from referee.socceristic.frames import HOLD_MS, frames, told
from referee.socceristic.narration import SIDE_NAMES, narrate, score_line
from referee.socceristic.options import length_words, parse_options, seeded_rules
from referee.socceristic.sheet import statistics
from referee.socceristic.tally import tally


def iter_match(
    seed: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, Action, list[Event]]]:
    """A coach-vs-coach match with ``VirtualDice(seed)`` and the decks shuffled from the seed as
    the referee shuffles them: (state after, action, events) per action."""
    from engine.socceristic.coach import iter_match as coach_match

    return coach_match(seed, VirtualDice(seed), seeded_rules(dict(options or {}), seed))


def _when(state: Any) -> str:
    """The passage of play starting now: "Half 1, move 12" ("Half 1, minute 9" in minutes)."""
    if "minutes" in state.options["length"]:
        return f"Half {state.half}, minute {int(float(state.clock) // 60) + 1}"
    return f"Half {state.half}, move {state.moves}"


def summary(seed: int, s: Any, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line (per team: [home, away])."""
    t = tally(events)
    o = s.options
    return {
        "game": "socceristic",
        "seed": seed,
        "options": {"pitch": o["pitch"].get("name", ""), "length": o["length"]},
        "score": list(s.score),
        "winner": SIDES[s.winner] if s.winner >= 0 else None,
        "shots": t.shots(),
        "chances": t.counts["chances"],
        "penalties": t.counts["penalties"],
        "cards_drawn": t.counts["cards_drawn"],
        "free_kicks": t.counts["free_kicks"],
        "corners": t.counts["corners"],
        "throw_ins": t.counts["throw_ins"],
        "goal_kicks": t.counts["goal_kicks"],
        "injuries": t.counts["injuries"],
        "scorers": [
            {
                "team": SIDES[e.team],
                "shirt": e.shirt,
                "name": e.name,
                "half": e.half,
                "when": e.when,
                "own_goal": e.what == "own_goal",
            }
            for e in t.sheet
            if e.what in ("goal", "own_goal")
        ],  # fmt: skip
        "actions": actions,
    }


def run_demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """A whole match told move by move to ``out``, then the team sheet; ``as_json`` ends it
    with the summary's line, ``out_dir`` gets the board pictures and the replay. Returns 0;
    ``RulesError`` for an option Socceristic does not have."""
    from engine.socceristic import SOCCERISTIC

    chosen = parse_options(options)
    o = SOCCERISTIC.initial(seeded_rules(chosen, seed)).options  # checked before printing
    out.write(
        f"Socceristic demo match, seed {seed}: Home and Away are both played by the coach "
        f"({o['pitch'].get('name', 'pitch')}, {length_words(o['length'])})\n"
    )
    events: list[Event] = []
    passage: list[Event] = []  # since the last picture: narrated together when it is due
    when = ""  # the toss and the ends: no move yet
    boards = None if out_dir is None else _board_files(out_dir)
    state, actions = None, 0
    for state, _action, ev in iter_match(seed, chosen):
        actions += 1
        events.extend(ev)
        passage.extend(ev)
        if not told(state):
            continue
        if boards is not None:
            boards.write(state, passage)
        for i, line in enumerate(narrate(passage)):
            out.write(f"  {line}\n" if i else f"{when}: {line}\n" if when else f"{line}\n")
        passage = []
        when = _when(state)  # the move about to start (the engine counts it when asked for)
    assert state is not None
    out.write(f"\nFinal score: {score_line(state.score)}\n")
    out.write("Team sheet:\n")
    for line in statistics(events):
        out.write(f"  {line}\n")
    if boards is not None:
        boards.finish(out)
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


def _board_files(out_dir: Path) -> BoardFiles:
    """The demo's --out files: each board picture, then the replay."""
    from render.socceristic.board import render_png  # Pillow only when images are asked
    from render.socceristic.replay import replay_gif

    return board_files(out_dir, frames, render_png, replay_gif, HOLD_MS, SIDE_NAMES)
