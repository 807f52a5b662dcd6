"""The Simple Soccer offline demo: a whole coach-vs-coach match with virtual dice, narrated
turn by turn.

``python3 bot.py demo --game simplesoccer --seed 7 [--json] [--out DIR] [--rules advanced]
[--options TEXT]``. The same seed prints the same match. ``--options`` sets match options as
"size=small length=score target=3 half_time=true" and turns advanced rules on or off
("advanced -fouls", "tackles headers"). With ``--out`` the board at each kick-off,
after every turn, at every shot, after each shootout kick and at the end goes to DIR as
numbered PNG files, and the replay of the match as ``replay.gif``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from engine.core import Action, RulesError, autoroll
from engine.core.dice import VirtualDice
from engine.core.events import Event
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.options import KNOWN
from engine.simplesoccer.rules import MODES, RULES, describe
from engine.simplesoccer.state import SimpleSoccerState
from referee.frames import BoardFiles
from referee.simplesoccer.frames import HOLD_MS, frames, told
from referee.simplesoccer.narration import SIDE_NAMES, narrate, score_line
from referee.simplesoccer.tally import tally

MAX_ACTIONS = 20_000  # a safety stop: a 400-turn match takes a few thousand


def _rule_word(word: str) -> bool:
    """Whether a word of the options turns an advanced rule on or off ("tackles", "-fouls",
    "no-skills", "headers=off")."""
    key = word.lower().partition("=")[0].lstrip("+-!").removeprefix("no-").removeprefix("no_")
    return key.replace("-", "_") in RULES


def parse_options(text: str) -> dict[str, Any]:
    """Match options typed as "size=small length=score target=3" ("basic" or nothing: the
    defaults), the advanced rules as "advanced" and rule names on or off ("-fouls",
    "tackles"); the engine checks the values.

    >>> parse_options("size=small length=score target=3")
    {'size': 'small', 'length': 'score', 'target': '3'}
    >>> parse_options("advanced -fouls size=small")
    {'rules': 'advanced', 'size': 'small', 'options': '-fouls'}
    >>> parse_options("rules=advanced tackles=off")
    {'rules': 'advanced', 'options': 'tackles=off'}
    """
    options: dict[str, Any] = {}
    toggles: list[str] = []
    for word in text.replace(",", " ").split():
        key, sep, value = word.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep and key in MODES:
            options["rules"] = key
            continue
        if not sep or _rule_word(word):  # a rule on or off: the engine reads it (or says why not)
            toggles.append(word)
            continue
        if key not in KNOWN:
            raise RulesError(f"Simple Soccer has no option {key!r}; it has {', '.join(KNOWN)}.")
        options[key] = value.strip()
    if toggles:
        given = str(options.get("options") or "")
        options["options"] = " ".join([*given.split(), *toggles])
    return options


def iter_match(
    seed: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[SimpleSoccerState, Action, list[Event]]]:
    """A coach-vs-coach match with ``VirtualDice(seed)``: (state after, action, events) per
    action."""
    from engine.simplesoccer.coach import Coach

    dice, coach = VirtualDice(seed), Coach(seed)
    state = SIMPLESOCCER.initial(options)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        decision = SIMPLESOCCER.pending(state)[0]
        action = autoroll(decision, dice) if decision.dice else coach.choose(state, decision)
        state, events = SIMPLESOCCER.apply(state, action)
        yield state, action, events
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def _length(o: dict[str, Any]) -> str:
    if o["length"] == "score":
        return f"first to {o['target']} goal{'' if o['target'] == 1 else 's'}"
    halves = ", two halves" if o["half_time"] else ""
    if o["length"] == "timed":
        return f"{o['minutes']} minutes{halves}"
    return f"{o['turns']} turns{halves}"


def _rules(o: dict[str, Any]) -> str:
    """The advanced rules played, after a comma ("" for the basic rules)."""
    settings = o.get("advanced") or {}
    return f", {describe(settings)}" if any(settings.values()) else ""


def summary(seed: int, s: SimpleSoccerState, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line."""
    t = tally(events)
    shootout = None
    if t.shootout is not None:
        shootout = {"score": [sum(k) for k in t.shootout], "kicks": t.shootout}
    return {
        "game": "simplesoccer",
        "seed": seed,
        "options": s.options,
        "score": s.score[:],
        "winner": SIDES[s.winner] if s.winner >= 0 else None,
        "reason": s.reason,
        "turns": s.turns_played,
        "shots": t.shots,
        "saves": t.saves,
        "grabs": t.grabs,
        "tackles": t.tackles,
        "intercepts": t.intercepts,
        "headers": t.headers,
        "fouls": t.fouls,
        "out_of_bounds": t.out_of_bounds,
        "shootout": shootout,
        "actions": actions,
    }


def _prefix(events: list[Event], turn: int, kicks: int) -> str:
    """What a passage of play is: "Turn 12", "Penalty 3", "Kick-off"."""
    kinds = {e.kind for e in events}
    if "penalty" in kinds:
        return f"Penalty {kicks}"
    if any(e.kind == "rolled" and e.data["why"] != "throw" for e in events):
        return f"Turn {turn}"
    return "Kick-off" if "kickoff" in kinds else "Play"


def run_demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary; with ``out_dir`` the boards and the replay are written there. Returns 0; raises
    ``RulesError`` for options the game does not have."""
    chosen = parse_options(options)
    state = SIMPLESOCCER.initial(chosen)  # the options checked before anything is printed
    o = state.options
    out.write(
        f"Simple Soccer demo match, seed {seed}: West and East are both played by the coach "
        f"({o['size']} board, {o['fielders']} fielders a side, {_length(o)}"
        f"{_rules(o)})\n"
    )
    events: list[Event] = []
    told_events: list[Event] = []  # not yet narrated: the passage of play so far
    frame_events: list[Event] = []  # not yet in a board picture
    actions = turn = kicks = 0
    boards = None if out_dir is None else _board_files(out_dir)
    for state, _action, ev in iter_match(seed, chosen):
        actions += 1
        events.extend(ev)
        told_events.extend(ev)
        frame_events.extend(ev)
        turn = state.turns_played
        kicks += sum(1 for e in ev if e.kind == "penalty")
        if not told(state):
            continue
        if boards is not None:
            boards.write(state, frame_events)
        frame_events = []
        if state.step.get("k") == "save":
            continue  # the shot and the goalkeeper's roll are told together
        lines = narrate(told_events)
        if lines:
            out.write(f"{_prefix(told_events, turn, kicks)}: {lines[0]}\n")
            for line in lines[1:]:
                out.write(f"  {line}\n")
        told_events = []
    out.write(f"\nFinal score: {score_line(state.score)}")
    if state.shootout is not None:
        kicks_scored = [sum(k) for k in state.shootout["kicks"]]
        out.write(f" ({kicks_scored[0]}-{kicks_scored[1]} on penalties)")
    out.write("\n")
    if boards is not None:
        boards.finish(out)
    if as_json:
        out.write(json.dumps(summary(seed, state, events, actions)) + "\n")
    out.flush()
    return 0


def _board_files(out_dir: Path) -> BoardFiles:
    """The demo's --out files: each board picture, then the replay."""
    from render.simplesoccer.board import render_png  # Pillow only when images are asked
    from render.simplesoccer.replay import replay_gif

    return BoardFiles(
        out_dir,
        lambda state, events: frames([(state, events)])[0],
        lambda f: render_png(f.view, names=SIDE_NAMES, caption=f.caption or ""),
        lambda shots: replay_gif(
            [(f.view, f.caption or "", HOLD_MS[f.kind]) for f in shots], names=SIDE_NAMES
        ),
    )
