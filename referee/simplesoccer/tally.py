"""A Simple Soccer match's events counted per side: the statistics at full time and the
demo's summary read them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.core import Event


class Tally(NamedTuple):
    """A match's events counted per side (index 0 West, 1 East)."""

    goals: list[int]
    shots: list[int]  # shots at goal (the ball kicked into the goal squares)
    saves: list[int]  # shots saved by the side's goalkeeper
    grabs: list[int]  # loose balls grabbed by the side's goalkeeper
    shootout: list[list[bool]] | None  # each side's penalty kicks (scored), or None


def tally(events: Sequence[Event]) -> Tally:
    """Goals, shots, saves, grabs and the shootout's kicks."""
    goals, shots, saves, grabs = [0, 0], [0, 0], [0, 0], [0, 0]
    shootout: list[list[bool]] | None = None
    for e in events:
        d = e.data
        if e.kind == "goal":
            goals[d["team"]] += 1
        elif e.kind == "shot":
            shots[d["team"]] += 1
        elif e.kind == "saved":
            saves[d["team"]] += 1
        elif e.kind == "grabbed":
            grabs[d["team"]] += 1
        elif e.kind == "shootout_start":
            shootout = [[], []]
        elif e.kind == "penalty_result":
            shootout = [list(k) for k in d["kicks"]]
    return Tally(goals, shots, saves, grabs, shootout)
