"""Sports Dice Soccer: is it better to start on offense or on defense after winning the toss?

    python -m bench dicesoccer_toss [--matches 5000] [--basic-matches 2000] [--workers 2]
                                    [--minutes 0] [--write]

The normal coach plays both sides; the toss winner starts on offense in one match and on
defense (with the Power Chip) in another with the same dice seed (paired), seeds 0 up, with
the advanced re-roll rule (``--matches`` seeds) and without it (``--basic-matches`` seeds),
every other option at its default. ``--minutes M`` stops handing out re-roll seeds after M
minutes from the start (the pairs already played count). Prints the toss winner's win % each
way, the paired difference and its standard error; ``--write`` stores them in
``engine/dicesoccer/opening.json``, which the strong coach reads at the toss.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from bench._matches import in_batches, toss_winner_won
from engine.dicesoccer.opening import OPENING_FILE, rules_key

ROLES = ("offense", "defense")
BATCH = 200  # seeds handed to the workers at once


def pair(job: tuple[bool, int]) -> tuple[int, int]:
    """(toss winner won starting on offense, on defense): 1 or 0 each, same dice seed."""
    advanced, seed = job
    offense, defense = (toss_winner_won(role, seed, {"advanced": advanced}) for role in ROLES)
    return offense, defense


def measure(pool: Any, advanced: bool, matches: int, stop_at: float) -> dict[str, Any]:
    """Pairs of matches in seed order until ``matches`` pairs or the clock passes ``stop_at``."""
    results: list[tuple[int, int]] = []
    jobs = ((advanced, seed) for seed in range(matches))
    for batch in in_batches(pool, pair, jobs, BATCH, chunksize=10):
        results.extend(batch)
        if time.monotonic() > stop_at:
            break
    n = len(results)
    off = sum(a for a, _ in results)
    dfn = sum(b for _, b in results)
    diffs = [b - a for a, b in results]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return {
        "options": rules_key({"advanced": advanced}),
        "matches_each_way": n,
        "offense_win_pct": round(100 * off / n, 2),
        "defense_win_pct": round(100 * dfn / n, 2),
        "defense_minus_offense_pp": round(100 * mean, 2),
        "standard_error_pp": round(100 * sd / math.sqrt(n), 2),
        "better": "defense" if dfn > off else "offense",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--basic-matches", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=0.0)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    begin = time.monotonic()
    stop_at = begin + args.minutes * 60 if args.minutes > 0 else math.inf
    found = []
    with Pool(args.workers) as pool:
        for advanced, n, prefix in (
            (False, args.basic_matches, "basic"),
            (True, args.matches, "reroll"),
        ):
            r = measure(pool, advanced, n, stop_at if advanced else math.inf)
            found.append(r)
            for key in ("matches_each_way", "offense_win_pct", "defense_win_pct"):
                print(f"{prefix}_{key}: {r[key]}", flush=True)
            print(
                f"{prefix}_defense_minus_offense: {r['defense_minus_offense_pp']:+.2f} pp "
                f"(standard error {r['standard_error_pp']:.2f})",
                flush=True,
            )
            print(f"{prefix}_better_start: {r['better']}", flush=True)
    if args.write:
        data = {
            "about": "The toss winner's win % starting on offense and on defense, normal coach "
            "on both sides, paired dice seeds; written by python -m bench dicesoccer_toss --write",
            "openings": found,
        }
        Path(OPENING_FILE).write_text(json.dumps(data, indent=1) + "\n")
        print(f"written: {OPENING_FILE}")
    print(f"elapsed: {time.monotonic() - begin:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
