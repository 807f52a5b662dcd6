"""A Socceristic match's events counted per team, and its team sheet: the statistics at full
time and the demo's summary read them.

When each goal, substitution and card fell is told as the half and the move of that half, or
the minute in a match of minutes, as the event says (else the moves counted as the engine
counts them: each kick-off, arrow, free move, throw-in, goal kick and corner roll starts one).
Throw-ins and goal kicks count when taken: one awarded as a half ends is never taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event

COUNTS = (
    "chances",
    "penalties",
    "cards_drawn",
    "free_kicks",
    "corners",
    "throw_ins",
    "goal_kicks",
    "injuries",
    "goals",
)


@dataclass(slots=True)
class Entry:
    """One line of the team sheet: a goal, a substitution, an injury or a card."""

    team: int
    what: str  # "goal" | "own_goal" | "substitution" | "injury" | "yellow" | "red"
    shirt: int
    name: str
    half: int
    when: str  # "move 12" or "23'"
    on: tuple[int, str] | None = None  # a substitution's player coming on


@dataclass(slots=True)
class Tally:
    """A match's counts per team (index 0 Home, 1 Away) and its team sheet."""

    counts: dict[str, list[int]] = field(default_factory=lambda: {k: [0, 0] for k in COUNTS})
    sheet: list[Entry] = field(default_factory=list)

    def shots(self) -> list[int]:
        """Shots at goal: chances and penalties taken."""
        return [self.counts["chances"][t] + self.counts["penalties"][t] for t in (0, 1)]


def _starts_move(e: Event) -> bool:
    """Whether an event tells the roll that started a move (Match length: the spec's D22)."""
    if e.kind in ("kickoff", "arrow", "throw_in", "corner_roll"):
        return True
    if e.kind == "goal_kick":
        return e.data.get("purpose") == "place"
    return e.kind == "move" and e.data.get("why") in ("free", "free_kick")


def _when(moves: int, data: dict[str, Any]) -> str:
    """When a sheet's entry fell: the minute in a match of minutes, else the move of the half
    (as the event says, or as counted from the events before it)."""
    if data.get("minute") is not None:
        return f"{int(data['minute'])}'"
    return f"move {int(data.get('move', moves))}"


def _entry(e: Event, half: int, moves: int) -> Entry:
    """A team sheet's entry from a scorer, substitution or caution event (``half`` and
    ``moves``: when it fell, as counted from the events, where the event does not say)."""
    d = e.data
    when, half = _when(moves, d), int(d.get("half", half))
    if e.kind == "scorer":
        what = "own_goal" if d.get("own_goal") else "goal"
        return Entry(d["team"], what, d["shirt"], d.get("name", ""), half, when)
    if e.kind == "caution":
        return Entry(d["team"], d["colour"], d["shirt"], d.get("name", ""), half, when)
    on = None if d.get("on") is None else (int(d["on_shirt"]), str(d["on"]))
    what = "injury" if on is None else "substitution"
    return Entry(d["team"], what, d["shirt"], d.get("off", ""), half, when, on)


def tally(events: Sequence[Event]) -> Tally:
    """Every count of ``COUNTS`` per team, and the team sheet in the order things happened.

    >>> t = tally([Event("half_start", {"half": 1, "team": 0, "ends": ["north", "south"]}),
    ...            Event("kickoff", {"team": 0, "die": 3, "to": [4, 8]}),
    ...            Event("chance", {"team": 0, "how": "bold"}),
    ...            Event("goal", {"team": 0, "how": "chance", "score": [1, 0]}),
    ...            Event("scorer", {"team": 0, "shirt": 9, "name": "No. 9", "own_goal": False})])
    >>> t.counts["chances"], t.shots(), [(e.what, e.shirt, e.when) for e in t.sheet]
    ([1, 0], [1, 0], [('goal', 9, 'move 1')])
    """
    t = Tally()
    c = t.counts
    half = moves = 0
    for e in events:
        d = e.data
        if _starts_move(e):
            moves += 1
        if e.kind == "half_start":
            half, moves = int(d["half"]), 0
        elif e.kind == "chance":
            c["chances"][d["team"]] += 1
        elif e.kind == "card_drawn":
            c["cards_drawn"][d["team"]] += 1
            if d.get("section") == "penalty":
                c["penalties"][d["team"]] += 1
        elif e.kind == "free_kick":
            c["free_kicks"][d["team"]] += 1
        elif e.kind == "corner":
            c["corners"][d["team"]] += 1
        elif e.kind == "throw_in":
            c["throw_ins"][d["team"]] += 1
        elif e.kind == "goal_kick" and d.get("purpose") == "place":
            c["goal_kicks"][d["team"]] += 1
        elif e.kind == "injury_check" and d.get("hurt"):
            c["injuries"][d["team"]] += 1
        elif e.kind == "goal":
            c["goals"][d["team"]] += 1
        elif e.kind in ("scorer", "substitution", "caution"):
            t.sheet.append(_entry(e, half, moves))
    return t
