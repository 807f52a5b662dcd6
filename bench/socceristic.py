"""Socceristic coach against coach: does a match on a pitch play like football?

    python -m bench socceristic [--matches 1000] [--seed 0] [--moves N] [--pitch FILE]

Plays ``--matches`` coach-vs-coach matches (dice and decks seeded from ``--seed`` upwards) on
the sample pitch, or on a pitch file an owner wrote (``--pitch``), with the default length of
a half unless ``--moves`` sets it. Prints the figures of a match, both teams together, as
``key: value unit`` lines: the mean, then the median where the count is small enough for a
median to say something. Figures only, never pass/fail; docs/socceristic-pitch-format.md keeps
the sample's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.socceristic.coach import iter_match
from engine.socceristic.pitchfile import data_of
from engine.socceristic.state import SocceristicState

Reader = Callable[[SocceristicState], float]


def both(key: str) -> Reader:
    """A statistic the engine keeps per team, summed over both teams."""
    return lambda s: float(sum(s.stats[key]))


def booked(s: SocceristicState) -> float:
    return float(len(s.sheet["cautions"]))


def sent_off(s: SocceristicState) -> float:
    return float(sum(1 for c in s.sheet["cautions"] if c["colour"] == "red"))


# (key, unit, what it reads from the final state, whether the median is printed too)
FIGURES: tuple[tuple[str, str, Reader, bool], ...] = (
    ("goals_per_match", "goals", lambda s: float(sum(s.score)), True),
    ("chances_per_match", "chances", both("chances"), True),
    ("penalties_per_match", "penalties", both("penalties"), False),
    ("shots_per_team", "shots", lambda s: (both("chances")(s) + both("penalties")(s)) / 2, True),
    ("corners_per_match", "corners", both("corners"), True),
    ("corners_per_team", "corners", lambda s: both("corners")(s) / 2, False),
    ("free_kicks_per_match", "free kicks", both("free_kicks"), True),
    ("throw_ins_per_match", "throw-ins", both("throw_ins"), True),
    ("goal_kicks_per_match", "goal kicks", both("goal_kicks"), True),
    ("possession_changes_per_match", "changes", lambda s: s.stats["possession_changes"], True),
    ("cards_drawn_per_match", "cards", both("cards_drawn"), True),
    ("injuries_per_match", "injuries", both("injuries"), False),
    ("cautions_per_match", "cautions", booked, True),
    ("red_cards_per_match", "cards", sent_off, False),
)


def final_state(seed: int, options: dict[str, Any]) -> SocceristicState:
    last = None
    for after, _action, _events in iter_match(seed, options=options):
        last = after
    assert last is not None, "a match has at least one action"
    return last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    parser.add_argument("--moves", type=int, help="moves per half (default: the rules' default)")
    parser.add_argument("--pitch", type=Path, help="a pitch file (default: the sample)")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    if args.moves:
        options["length"] = {"moves": args.moves}
    if args.pitch:
        options["pitch"] = data_of(args.pitch.read_bytes())
    values: dict[str, list[float]] = {key: [] for key, *_ in FIGURES}
    draws = 0
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.matches):
        state = final_state(seed, options)
        for key, _unit, read, _median in FIGURES:
            values[key].append(read(state))
        draws += state.score[0] == state.score[1]
    elapsed = time.perf_counter() - start
    print(f"matches: {args.matches} count")
    for key, unit, _read, median in FIGURES:
        print(f"{key}: {statistics.fmean(values[key]):.2f} {unit}")
        if median:
            print(f"{key}_median: {statistics.median(values[key]):g} {unit}")
    print(f"draws_pct: {100 * draws / args.matches:.1f} %")
    print(f"matches_per_s: {args.matches / elapsed:.1f} matches/s")
    return 0
