"""The team sheet and the match's figures shown at full time, from a match's events."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event
from referee.socceristic.narration import SIDE_NAMES, player
from referee.socceristic.tally import Entry, tally


def _per_side(counts: Sequence[int]) -> str:
    return f"{SIDE_NAMES[0]} {counts[0]}, {SIDE_NAMES[1]} {counts[1]}"


def _ordinal_half(half: int) -> str:
    return {1: "1st half", 2: "2nd half"}.get(half, "before the kick-off")


def _entry(e: Entry) -> str:
    """A team sheet entry without its team: "No. 9 Ann (1st half, move 12)"."""
    when = f"({_ordinal_half(e.half)}, {e.when})"
    who = player(e.shirt, e.name)
    if e.what == "own_goal":
        return f"own goal by {SIDE_NAMES[e.team]}'s {who} {when}"
    if e.what == "substitution" and e.on is not None:
        return f"{player(*e.on)} on for {who} {when}"
    if e.what == "injury":
        return f"{who}, injured, plays on {when}"
    if e.what in ("yellow", "red"):
        return f"{who} {e.what} {when}"
    return f"{who} {when}"


_SHEET = (
    ("Scorers", ("goal", "own_goal")),
    ("Substitutions", ("substitution", "injury")),
    ("Cards", ("yellow", "red")),
)
_FIGURES = (
    ("Chances at goal", "chances"),
    ("Penalties", "penalties"),
    ("Cards drawn", "cards_drawn"),
    ("Free kicks", "free_kicks"),
    ("Corners", "corners"),
    ("Throw-ins", "throw_ins"),
    ("Goal kicks", "goal_kicks"),
    ("Injuries", "injuries"),
)


def statistics(events: Sequence[Event]) -> list[str]:
    """The team sheet (scorers, substitutions and injuries, cards: each with its half and
    move, or minute) and the figures: chances at goal, penalties, cards drawn, free kicks,
    corners, throw-ins, goal kicks, injuries.

    >>> statistics([Event("goal", {"team": 0, "how": "chance", "score": [1, 0]}),
    ...             Event("scorer", {"team": 0, "shirt": 9, "name": "Ann", "own_goal": False})])
    ['Goals: Home 1, Away 0', 'Home scorers: No. 9 Ann (before the kick-off, move 0)']
    """
    t = tally(events)
    lines = [f"Goals: {_per_side(t.counts['goals'])}"]
    for title, kinds in _SHEET:
        for team in (0, 1):
            # an own goal counts for the other team: it is listed with that team's scorers
            entries = [
                _entry(e)
                for e in t.sheet
                if e.what in kinds and (1 - e.team if e.what == "own_goal" else e.team) == team
            ]
            if entries:
                lines.append(f"{SIDE_NAMES[team]} {title.lower()}: {'; '.join(entries)}")
    for title, key in _FIGURES:
        if any(t.counts[key]):
            lines.append(f"{title}: {_per_side(t.counts[key])}")
    return lines
