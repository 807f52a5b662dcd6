"""Engine speed: complete coach-vs-coach FUBA matches with virtual dice, on one core.

    python -m bench engine [--seconds 10] [--profile]

Prints ``key: value unit`` lines: the basic rules, then the same with every advanced rule in
force (``advanced_*``). Figures only, never pass/fail. ``compiled`` says whether the engine
compiled with mypyc ran (``engine.compiled``); when it did, the basic figure of the pure
Python engine follows (measured in a child process with ``FUBA_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import time
from typing import Any

from engine import compiled
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.coach import play_match

BATCHES = 5  # timed batches per figure; the median is printed
ADVANCED: dict[str, Any] = {"advanced": list(advanced.ALL)}  # every advanced rule in force


def _start(options: dict[str, Any] | None) -> FubaState | None:
    """The new match ``play_match`` starts from: None for the basic rules (its own)."""
    return FUBA.initial(options) if options else None


def _rate(
    seconds: float, in_place: bool, first_seed: int, options: dict[str, Any] | None = None
) -> tuple[float, int]:
    """Matches per second over batches of about ``seconds / BATCHES``; (median, matches)."""
    per_batch = seconds / BATCHES
    rates: list[float] = []
    seed = first_seed
    begin = _start(options)
    for _ in range(BATCHES):
        played = 0
        start = time.process_time()  # CPU time of this process: one core
        while True:
            play_match(seed, in_place=in_place, record=False, start=begin)
            seed += 1
            played += 1
            elapsed = time.process_time() - start
            if elapsed >= per_batch:
                break
        rates.append(played / elapsed)
    return statistics.median(rates), seed - first_seed


def _shape(matches: int, options: dict[str, Any] | None = None) -> tuple[float, float]:
    """(median actions per match, mean turns per half) over ``matches`` seeds."""
    actions: list[int] = []
    turns: list[int] = []
    begin = _start(options)
    for seed in range(matches):
        state, log, _ = play_match(seed, start=begin)
        actions.append(len(log))
        turns.extend(state.turns)
    return statistics.median(actions), statistics.mean(turns)


def _engine_only(seconds: float) -> float:
    """Matches per second replaying recorded coach matches with the in-place apply alone
    (no coach, no dice source): the engine's own share."""
    logs = [play_match(seed)[1] for seed in range(20)]
    rates: list[float] = []
    for _ in range(BATCHES):
        played = 0
        start = time.process_time()
        while time.process_time() - start < seconds / BATCHES:
            for log in logs:
                state = FUBA.initial()
                for action in log:
                    FUBA.apply_in_place(state, action)
            played += len(logs)
        rates.append(played / (time.process_time() - start))
    return statistics.median(rates)


def _profile(matches: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(matches):
        play_match(seed, record=False)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def _pure_rate(seconds: float) -> float:
    """The basic matches per second of the pure Python engine, in a child process."""
    code = "import sys\nfrom bench.engine import _rate\nprint(_rate(float(sys.argv[1]), 1, 0)[0])"
    result = subprocess.run(
        [sys.executable, "-c", code, str(seconds)],
        env={**os.environ, compiled.PURE_ENV: "1", "FUBA_NO_VENV": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="timing budget per figure")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile table")
    args = parser.parse_args()

    play_match(0, record=False)  # warm up imports and caches
    fast, played = _rate(args.seconds, True, 1_000)
    print(f"matches_per_second: {fast:.1f} matches/s")
    print(f"compiled: {int(compiled.active())} flag")
    actions, turns = _shape(100)
    print(f"actions_per_match_median: {actions:.0f} actions")
    print(f"turns_per_half_mean: {turns:.2f} turns")
    pure, _ = _rate(max(args.seconds / 2, 1.0), False, 1_000 + played)
    print(f"pure_apply_matches_per_second: {pure:.1f} matches/s")
    engine = _engine_only(max(args.seconds / 2, 1.0))
    print(f"engine_only_matches_per_second: {engine:.1f} matches/s")
    play_match(0, record=False, start=_start(ADVANCED))
    rate, _ = _rate(args.seconds, True, 1_000, ADVANCED)
    print(f"advanced_matches_per_s: {rate:.1f} matches/s")
    actions, turns = _shape(100, ADVANCED)
    print(f"advanced_actions_per_match_median: {actions:.0f} actions")
    print(f"advanced_turns_per_half_mean: {turns:.2f} turns")
    if compiled.active():
        pure = _pure_rate(args.seconds)
        print(f"pure_python_matches_per_second: {pure:.1f} matches/s")
    if args.profile:
        _profile(50)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
