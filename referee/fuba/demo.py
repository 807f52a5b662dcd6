"""The FUBA offline demo: a whole coach-vs-coach match with virtual dice, narrated turn by turn.

``python3 bot.py demo --seed 7 [--json] [--out DIR] [--rules advanced] [--options TEXT]
[--skills N]``. The same seed (and rules) prints the same match. With ``--out`` the board after
every turn (and every goal) and a replay of the match go to DIR. ``--rules``/``--options``
choose the advanced rules in force (``engine.fuba.advanced.parse``: "advanced -weather"); the
JSON summary then also counts what those rules did. ``--skills N`` (the word ``skills:N`` in
the rules text) gives each team N skill choices (A11), picked by the coach from a draw seeded
by the match's seed; the summary then says which skills each team chose and how often each
was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from engine.core.actions import Action
from engine.core.dice import VirtualDice
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.fuba import advanced, skills
from engine.fuba.board import SIDES
from engine.fuba.coach import MAX_ACTIONS, Coach, next_action
from engine.fuba.ruleset import FUBA
from engine.fuba.state import FubaState
from referee.fuba.frames import Frame, FrameRecorder
from referee.fuba.narration import clock, narrate, score_line


def _header(s: FubaState) -> str:
    turn = s.turns[s.half - 1]
    return f"Half {s.half}, turn {turn}, minute {clock(s.minute, s.stoppage)}"


SKILLS_WORD = "skills:"  # in a rules text, the A11 skill choices a team: "skills:3"


def options_for(text: str) -> dict[str, Any]:
    """The match options of a rules text ("advanced -weather", "basic", "condition pressing",
    "advanced skills:3"): the advanced rules in force (none: the basic game's options,
    ``{}``) and the A11 skill choices a team. Raises ``RulesError`` for an unknown rule, one
    without the rule it needs, or skills without condition points to pay for them."""
    words = text.replace(",", " ").split()
    counts = [w for w in words if w.lower().startswith(SKILLS_WORD)]
    rules = advanced.parse(" ".join(w for w in words if w not in counts))
    out: dict[str, Any] = {"advanced": rules} if rules else {}
    if counts:
        n = _skills_count(counts[-1])
        if n and "condition" not in rules:
            raise RulesError(
                "Skills are paid for with condition points: play them with the advanced "
                "rules (--rules advanced), condition points included."
            )
        if n:
            out["skills"] = n
    return out


def _skills_count(word: str) -> int:
    """The number in "skills:3" (the engine checks its range)."""
    text = word[len(SKILLS_WORD) :]
    if not text.isdigit():
        raise RulesError(f"{word!r} is not a number of skills: write e.g. skills:3.")
    return int(text)


def summary(seed: int, s: FubaState, events: list[Event], actions: int) -> dict[str, Any]:
    """The match in figures: what ``--json`` prints as its last line. With advanced rules in
    force it also says what those rules did (``advanced_summary``)."""
    goals, yellows, reds = [0, 0], [0, 0], [0, 0]
    tally = {"goal": goals, "yellow_card": yellows, "red_card": reds}
    for e in events:
        counts = tally.get(e.kind)
        if counts is not None:
            counts[e.data["team"]] += 1
    out = {
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
    rules = advanced.in_force(s.options)
    if rules:
        out.update(advanced_summary(s, events))
    if skills.agreed(s):
        out.update(skills_summary(events))
    return out


def skills_summary(events: list[Event]) -> dict[str, Any]:
    """A11 the skills of a match: each team's secret choice (``skills``: side -> skill keys,
    in the order chosen) and how often each skill was played by either team
    (``skills_played``: key -> times, every skill a team chose or gained listed)."""
    chosen: dict[str, list[str]] = {side: [] for side in SIDES}
    played: dict[str, int] = {}
    for e in events:
        d = e.data
        if e.kind == "skills_revealed":
            chosen = {side: list(keys) for side, keys in zip(SIDES, d["skills"], strict=True)}
            for keys in d["skills"]:
                played.update({k: played.get(k, 0) for k in keys})
        elif e.kind == "skill_gained":
            played.setdefault(d["skill"], 0)
        elif e.kind == "skill" and not d.get("foul"):  # an aggressive striker's foul: told twice
            played[d["skill"]] = played.get(d["skill"], 0) + 1
    return {"skills": chosen, "skills_played": dict(sorted(played.items()))}


def advanced_summary(s: FubaState, events: list[Event]) -> dict[str, Any]:
    """What the advanced rules did in a match, counted from its events (per team: [west,
    east]): the rules in force, each special event's table entry ("5-5 Streaker") and how often
    it came up, substitutions, injuries, the weather in the order it came (the kick-off double,
    then "none" when it ended or another after the second-half roll), V.A.R. checks,
    goalkeeper charges, condition points used, tiredness tests and the points they cost, and
    which teams ended the match tired."""
    per_team = (
        "substitution",
        "injury",
        "var_check",
        "goalkeeper_charge",
        "aggressive_pressing",
        "offside_risk",
        "slowing",
        "tiredness_test",
    )
    counts: dict[str, list[int]] = {kind: [0, 0] for kind in per_team}
    specials: dict[str, int] = {}
    weather: list[str] = []
    points = [0, 0]
    lost = [0, 0]
    overturned = [0, 0]
    for e in events:
        d = e.data
        if e.kind in counts:
            counts[e.kind][d["team"]] += 1
        if e.kind == "condition_used":
            points[d["team"]] += d.get("points", 1)
        elif e.kind == "tiredness_test" and d.get("lost"):
            # the points lost, per zone ({"attack": 1}: two when the ball's zone had none)
            lost[d["team"]] += sum(d["lost"].values())
        elif e.kind == "var_check" and d.get("overturned"):
            overturned[d["team"]] += 1
        elif e.kind == "weather" and (not weather or weather[-1] != (d["weather"] or "none")):
            weather.append(d["weather"] or "none")
        elif e.kind == "special_event" and "entry" in d:  # a double without A13 has no entry
            name = f"{d['entry']} {d['name']}" if d.get("name") else d["entry"]
            specials[name] = specials.get(name, 0) + 1
    return {
        "rules": advanced.ordered(advanced.in_force(s.options)),
        "special_events": dict(sorted(specials.items())),
        "substitutions": counts["substitution"],
        "injuries": counts["injury"],
        "weather": weather,
        "var_checks": counts["var_check"],
        "var_overturned": overturned,
        "goalkeeper_charges": counts["goalkeeper_charge"],
        "aggressive_pressing": counts["aggressive_pressing"],
        "offside_risk": counts["offside_risk"],
        "slowing": counts["slowing"],
        "condition_points_used": points,
        "tiredness": {
            "tests": counts["tiredness_test"],
            "points_lost": lost,
            "tired": s.tired[:],
        },
    }


def play(
    seed: int, state: FubaState, coach: Coach | None = None
) -> Iterator[tuple[FubaState, Action, list[Event]]]:
    """Play ``state`` (changed in place) to the end coach against coach with
    ``VirtualDice(seed)``, yielding (state after, action, events) for each action."""
    dice = VirtualDice(seed)
    coach = Coach(seed) if coach is None else coach
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        action = next_action(coach, state, dice)
        yield state, action, FUBA.apply_in_place(state, action)
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def run_demo(
    seed: int,
    as_json: bool,
    out: TextIO,
    out_dir: Path | None = None,
    options: str = "",
    position: str = "",
) -> int:
    """Play and narrate one match to ``out``; with ``as_json`` the last line is a JSON
    summary; with ``out_dir`` the board images and the replay are written there; ``options``
    is the rules text (``options_for``; "" plays the basic rules); ``position`` (a FUBA
    position, docs/fuba-position.md) plays on from there with the position's own rules.
    Returns an exit code (0). Raises ``RulesError`` for a bad rules text or position."""
    state = FUBA.from_position(position) if position else FUBA.initial(options_for(options))
    out.write(f"FUBA demo match, seed {seed}: West and East are both played by the coach\n")
    if position:
        out.write(f"From the position: {FUBA.position(state)}\n")
    rules = advanced.in_force(state.options)
    if rules:
        out.write(f"Rules: {advanced.describe(rules)}\n")
    events: list[Event] = []
    pending: list[Event] = []  # events not yet narrated (the current turn so far)
    seen = (1, 0)
    actions = 0
    boards = None if out_dir is None else _Boards(out_dir)
    for _state, _action, ev in play(seed, state):  # ``state`` itself, changed in place
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
