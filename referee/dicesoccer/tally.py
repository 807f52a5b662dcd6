"""A Sports Dice Soccer match's events counted per side: the statistics at full time and the
demo's summary read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.core import Event


class Tally(NamedTuple):
    """A match's events counted per side (index 0 and 1)."""

    goals: list[dict[str, int]]  # how scored -> goals
    attempts: dict[str, list[list[int]]]  # "shot"/"free_kick" -> per side [tried, scored]
    won: list[int]  # play rolls won
    chip: list[int]  # Power Chip uses (re-rolls included)
    cards: list[int]  # red cards against


def tally(events: Sequence[Event]) -> Tally:
    """Goals by kind, attempts at goal, play rolls won, Power Chip uses and red cards."""
    goals: list[dict[str, int]] = [{}, {}]
    attempts = {"shot": [[0, 0], [0, 0]], "free_kick": [[0, 0], [0, 0]]}
    won, chip, cards = [0, 0], [0, 0], [0, 0]
    for e in events:
        d = e.data
        if e.kind == "goal":
            kind = d["how"]
            goals[d["team"]][kind] = goals[d["team"]].get(kind, 0) + 1
        elif e.kind == "attempt":
            tried_scored = attempts[d["kind"]][d["team"]]
            tried_scored[0] += 1
            tried_scored[1] += bool(d["scored"])
        elif e.kind == "roll_won" and d["for"] == "play":
            won[d["winner"]] += 1
        elif e.kind in ("chip_used", "reroll"):
            chip[d["team"]] += 1
        elif e.kind == "penalty":
            cards[d["team"]] += 1
    return Tally(goals, attempts, won, chip, cards)
