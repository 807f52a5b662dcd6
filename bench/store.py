"""Store speed: committed actions per second, and one load-apply-commit, on SQLite and PostgreSQL.

    python -m bench store [--seconds 3] [--latency-actions 300] [--postgres URL | --no-postgres]

Replays recorded coach-vs-coach matches through ``MatchStore.apply`` (each action in its own
transaction, with the version a button would carry), one task per match, with 1, 10 and 100
matches played at once. SQLite runs on a temporary file, PostgreSQL on a throwaway database on
the server of ``--postgres`` (default: $BENCH_DATABASE_URL, $TEST_DATABASE_URL, or the local
server). Prints ``key: value unit`` lines. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from sqlalchemy.engine import URL

from bench import _backends
from engine.core import Action
from engine.fuba.coach import play_match
from store.db import make_engine
from store.migrate import migrate
from store.repository import MatchStore, Seat

CONCURRENCY = (1, 10, 100)
SEATS = (Seat("west", 1, "West"), Seat("east", 2, "East"))

_logs: dict[int, list[Action]] = {}


def coach_log(seed: int) -> list[Action]:
    if seed not in _logs:
        _logs[seed] = play_match(seed)[1]
    return _logs[seed]


async def _play(store: MatchStore, match_id: int, log: list[Action], deadline: float) -> int:
    """Apply ``log`` in order until it ends or the deadline passes; returns actions committed."""
    for version, action in enumerate(log):
        if time.perf_counter() >= deadline:
            return version
        await store.apply(match_id, action, user_id=1, expected_version=version)
    return len(log)


async def throughput(store: MatchStore, matches: int, seconds: float, first_channel: int) -> float:
    """Committed actions per second with ``matches`` matches played at once."""
    ids = []
    for i in range(matches):
        match = await store.create_match(
            guild_id=1, channel_id=first_channel + i, ruleset="fuba", seats=SEATS
        )
        ids.append(match.id)
    start = time.perf_counter()
    deadline = start + seconds
    done = await asyncio.gather(
        *(_play(store, match_id, coach_log(i), deadline) for i, match_id in enumerate(ids))
    )
    return sum(done) / (time.perf_counter() - start)


async def apply_median_ms(store: MatchStore, actions: int, channel: int) -> float:
    """Median wall time of one apply (load, engine, write, commit) on an otherwise idle store."""
    times: list[float] = []
    seed = 1_000
    while len(times) < actions:
        match = await store.create_match(
            guild_id=1, channel_id=channel + seed, ruleset="fuba", seats=SEATS
        )
        for version, action in enumerate(coach_log(seed)[: actions - len(times)]):
            start = time.perf_counter()
            await store.apply(match.id, action, user_id=1, expected_version=version)
            times.append(time.perf_counter() - start)
        seed += 1
    return statistics.median(times[10:] or times) * 1000  # after a short warm-up


async def run_backend(prefix: str, url: URL, args: argparse.Namespace) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
        store = MatchStore(engine)
        channel = 1_000_000
        for matches in CONCURRENCY:
            rate = await throughput(store, matches, args.seconds, channel)
            channel += matches
            print(f"{prefix}_actions_per_s_{matches}: {rate:.0f} actions/s", flush=True)
        median = await apply_median_ms(store, args.latency_actions, channel)
        print(f"{prefix}_apply_median_ms: {median:.2f} ms", flush=True)
    finally:
        await engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench store", description=__doc__)
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time budget of each throughput figure"
    )
    parser.add_argument(
        "--latency-actions", type=int, default=300, help="applies timed for the median"
    )
    _backends.add_options(parser)
    args = parser.parse_args()

    for seed in range(max(CONCURRENCY)):  # record the matches before any clock starts
        coach_log(seed)
    _backends.run_all(lambda prefix, url: run_backend(prefix, url, args), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
