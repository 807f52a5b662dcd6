"""A Simple Soccer match's events counted per side: the statistics at full time and the
demo's summary read them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.core import Event

# the advanced rules' events counted per side, by the team in their data: the tackling,
# intercepting, heading or fouling team, and for a ball out of play the team that touched it
# last; each attempt counts, won or not
COUNTED = {
    "tackle": "tackles",
    "intercept": "intercepts",
    "header": "headers",
    "foul": "fouls",
    "out": "out_of_bounds",
}


class Tally(NamedTuple):
    """A match's events counted per side (index 0 West, 1 East)."""

    goals: list[int]
    shots: list[int]  # shots at goal (the ball kicked into the goal squares)
    saves: list[int]  # shots saved by the side's goalkeeper
    grabs: list[int]  # loose balls grabbed by the side's goalkeeper
    shootout: list[list[bool]] | None  # each side's penalty kicks (scored), or None
    tackles: list[int]  # tackles tried
    intercepts: list[int]  # interceptions tried (headers on an opponent's kick included)
    headers: list[int]  # headers tried, intercepting or between team-mates
    fouls: list[int]  # fouls committed
    out_of_bounds: list[int]  # balls the side put out of play


def tally(events: Sequence[Event]) -> Tally:
    """Goals, shots, saves, grabs, the shootout's kicks, and the advanced rules' tackles,
    interceptions, headers, fouls and balls out of play.

    >>> t = tally([Event("tackle", {"team": 1, "won": False}), Event("out", {"team": 0})])
    >>> t.tackles, t.out_of_bounds, t.fouls
    ([0, 1], [1, 0], [0, 0])
    """
    goals, shots, saves, grabs = [0, 0], [0, 0], [0, 0], [0, 0]
    counts: dict[str, list[int]] = {name: [0, 0] for name in COUNTED.values()}
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
        elif e.kind in COUNTED:
            counts[COUNTED[e.kind]][int(d["team"])] += 1
    return Tally(goals, shots, saves, grabs, shootout, **counts)
