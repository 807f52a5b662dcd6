"""Win probability: train the tables, or measure speed and calibration on new matches.

    python -m bench winprob [--game GAME] [--matches N] [--train] [--workers 2]

Without ``--train``: plays ``--matches`` (2,000) NEW coach-vs-coach matches per game (seeds
disjoint from training), samples each at one random step and prints, per game (FUBA basic
rules, then ``advanced_``, ``dicesoccer_``, ``simplesoccer_``, ``socceristic_``):
``winprob_ms_p50`` / ``winprob_ms_p99`` (spectator view -> chances, per step), ``brier`` (the
multi-class Brier score: the squared errors of the three outcomes summed), and
``calibration_max_gap_pp``: the predictions of all three outcomes pooled and grouped in
deciles, the largest |mean predicted - observed| in percentage points over the deciles with
at least 50 samples; ``calibration_<outcome>_gap_pp`` the same per outcome. Figures only,
never pass/fail.

With ``--train``: plays each game's training matches (``--matches`` overrides the count) in
``--workers`` processes at a lower priority and writes its JSON table beside its engine code.
``--game fuba`` is both FUBA tables (basic and advanced rules).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import time
from dataclasses import dataclass
from multiprocessing import Pool

from bench._winprob_games import GAMES, Game
from engine.core.errors import RulesError
from engine.core.winprob import Chances, Tally

DECILES = 10
MIN_DECILE = 50
TRAIN_SEED = 1_000_000  # training seeds start here; measuring seeds start at 0
GROUPS = {
    "fuba": ("fuba", "advanced"),
    "dicesoccer": ("dicesoccer",),
    "simplesoccer": ("simplesoccer",),
    "socceristic": ("socceristic",),
}
OUTCOMES = ("first_win", "draw", "second_win")


@dataclass
class Sample:
    predicted: Chances
    outcome: int  # 0 first side won, 1 draw, 2 second side won
    ms: float


def _nice() -> None:
    with contextlib.suppress(OSError):
        os.nice(5)


def _train_chunk(args: tuple[str, int, int]) -> Tally:
    name, first, count = args
    game = GAMES[name]
    tally = Tally(game.levels)
    for seed in range(first, first + count):
        for key, mirrored, remaining in game.samples(seed, tally.notes):
            tally.add(key, mirrored, remaining)
    return tally


def train(game: Game, matches: int | None, workers: int) -> None:
    n = matches or game.train_matches
    chunk = max(1, min(200, n // (workers * 8)))
    jobs = [(game.name, TRAIN_SEED + i, min(chunk, n - i)) for i in range(0, n, chunk)]
    start = time.perf_counter()
    total = Tally(game.levels)
    with Pool(workers, initializer=_nice) as pool:
        for part in pool.imap_unordered(_train_chunk, jobs):
            total.merge(part)
    data = total.to_json(game.smoothing, game.min_count, game.max_cells)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    game.table.write_text(text + "\n", encoding="utf-8")
    print(f"{game.prefix}train_matches: {n} matches")
    print(f"{game.prefix}train_seconds: {time.perf_counter() - start:.0f} s")
    print(f"{game.prefix}table_cells: {len(data['cells'])} cells")
    print(f"{game.prefix}table_kb: {len(text) / 1024:.0f} KB")


def _measure_chunk(args: tuple[str, int, int]) -> list[Sample]:
    name, first, count = args
    game = GAMES[name]
    game.warm()  # load the table once, as a long-running bot does
    out: list[Sample] = []
    for seed in range(first, first + count):
        try:
            view_of, outcome = game.step(seed, random.Random(seed * 7919 + 17))
        except (RulesError, RuntimeError):  # a coach that erred or stalled: left out
            continue
        start = time.perf_counter()
        predicted = game.chances(view_of())
        ms = (time.perf_counter() - start) * 1000
        assert predicted is not None
        out.append(Sample(predicted, outcome, ms))
    return out


def _max_gap(pairs: list[tuple[float, float]]) -> float:
    """The largest |mean predicted - observed| (pp) over deciles with enough samples."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(DECILES)]
    for p, y in pairs:
        bins[min(DECILES - 1, int(p * DECILES))].append((p, y))
    gaps = [
        abs(sum(p for p, _ in b) - sum(y for _, y in b)) / len(b) * 100
        for b in bins
        if len(b) >= MIN_DECILE
    ]
    return max(gaps, default=0.0)


def measure(game: Game, matches: int, workers: int) -> None:
    chunk = max(1, matches // (workers * 8))
    jobs = [(game.name, i, min(chunk, matches - i)) for i in range(0, matches, chunk)]
    samples: list[Sample] = []
    with Pool(workers, initializer=_nice) as pool:
        for part in pool.imap_unordered(_measure_chunk, jobs):
            samples.extend(part)
    per_outcome: list[list[tuple[float, float]]] = [[], [], []]
    errors: list[float] = []
    for s in samples:
        probs = s.predicted.to_json()
        error = 0.0
        for i, p in enumerate(probs):
            y = 1.0 if s.outcome == i else 0.0
            per_outcome[i].append((p, y))
            error += (p - y) ** 2
        errors.append(error)
    ms = sorted(s.ms for s in samples)
    pre = game.prefix
    print(f"{pre}winprob_ms_p50: {ms[len(ms) // 2]:.3f} ms")
    print(f"{pre}winprob_ms_p99: {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.3f} ms")
    print(f"{pre}brier: {statistics.fmean(errors):.4f}")
    pooled = [pair for pairs in per_outcome for pair in pairs]
    print(f"{pre}calibration_max_gap_pp: {_max_gap(pooled):.2f} pp")
    for name, pairs in zip(OUTCOMES, per_outcome, strict=True):
        print(f"{pre}calibration_{name}_gap_pp: {_max_gap(pairs):.2f} pp")
    print(f"{pre}measured_matches: {len(samples)} matches")
    if len(samples) < matches:
        print(f"{pre}coach_error_matches: {matches - len(samples)} matches")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench winprob")
    parser.add_argument("--game", choices=sorted(GROUPS), action="append")
    parser.add_argument("--matches", type=int)
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for group in args.game or list(GROUPS):
        for name in GROUPS[group]:
            if args.train:
                train(GAMES[name], args.matches, args.workers)
            else:
                measure(GAMES[name], args.matches or 2000, args.workers)
    return 0
