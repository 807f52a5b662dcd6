"""Two bot processes on one PostgreSQL database racing over the same background work.

``python -m bench cluster`` seeds ``--matches`` active matches (default 10,000) in a throwaway
database, every one with its turn clock run out, then starts two worker processes at once
(``bench._cluster``: the bot's deadline dispatcher, whose expiry callback claims the win
through the referee, and its live-board delivery loop). Without ``--sharded`` both look after
every guild and race for the same rows; with it they are clusters 0 and 1 of two
(``CLUSTER_COUNT``/``CLUSTER_INDEX``). Printed, one ``key: value unit`` line each::

    matches             the matches seeded
    deadlines_fired     deadlines claimed (each should be once: one per match)
    double_fired        deadlines claimed by more than one claim (should be 0)
    double_applied      matches whose win was claimed twice (should be 0)
    double_delivered    boards delivered twice for the same match version (should be 0)
    steps_per_s         wins claimed per second, both processes together
    seconds             until both processes had nothing left to do

Figures, not pass/fail: ``tests/cluster`` checks the same properties on fewer matches.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from sqlalchemy.engine import URL

from bench import _backends
from bench._cluster import Report, errors_of, release, seed, start_worker
from store.migrate import migrate_url

WORKER_TIMEOUT_S = 1800


async def run(url: URL, args: argparse.Namespace) -> None:
    await migrate_url(url)
    await seed(url, args.matches)
    with tempfile.TemporaryDirectory(prefix="fuba-cluster-") as tmp:
        outs = [Path(tmp) / f"worker{i}.jsonl" for i in (0, 1)]
        go = Path(tmp) / "go"
        envs = [
            {"CLUSTER_COUNT": "2", "CLUSTER_INDEX": str(i)} if args.sharded else {} for i in (0, 1)
        ]
        workers = [
            start_worker(url, out, env=env, go=go, delivery_ms=args.delivery_ms)
            for out, env in zip(outs, envs, strict=True)
        ]
        release(go, *outs)
        began = time.monotonic()
        for worker, out in zip(workers, outs, strict=True):
            if await asyncio.to_thread(worker.wait, WORKER_TIMEOUT_S) != 0:
                raise RuntimeError(errors_of(out).read_text(errors="replace"))
        seconds = time.monotonic() - began
        report = Report.read(*outs)
    steps = len(report.applied)
    step_seconds = max(done["step_seconds"] for done in report.done) or seconds
    print(f"matches: {args.matches} matches")
    print(f"deadlines_fired: {len(report.fired)} deadlines")
    print(f"double_fired: {report.double_fired} deadlines")
    print(f"double_applied: {report.double_applied} steps")
    print(f"double_delivered: {report.double_delivered} boards")
    print(f"steps_per_s: {steps / step_seconds:.0f} steps/s")
    print(f"seconds: {seconds:.1f} s")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench cluster", description=__doc__)
    parser.add_argument("--matches", type=int, default=10_000, help="active matches seeded")
    parser.add_argument(
        "--sharded", action="store_true", help="run the two as clusters 0 and 1 of two"
    )
    parser.add_argument(
        "--delivery-ms", type=float, default=1.0, help="what a board's delivery takes"
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or _backends.LOCAL_POSTGRES,
        help="a PostgreSQL server to make a throwaway database on",
    )
    args = parser.parse_args()
    asyncio.run(_backends.on_postgres(lambda _prefix, url: run(url, args), args.postgres))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
