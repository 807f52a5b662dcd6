"""The databases the store benchmarks run on: SQLite in a temporary directory, then (unless
``--no-postgres``) a throwaway database on a PostgreSQL server (a leading underscore: not a
benchmark itself)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
from sqlalchemy.engine import URL, make_url

from store import scratch
from store.config import describe

LOCAL_POSTGRES = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"

# run(prefix, url): the figures of one backend, printed with ``prefix`` ("sqlite", "postgres")
Run = Callable[[str, URL], Awaitable[None]]


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--postgres URL`` and ``--no-postgres``."""
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or LOCAL_POSTGRES,
        help="a PostgreSQL server to make a throwaway database on",
    )
    parser.add_argument("--no-postgres", action="store_true", help="SQLite figures only")


async def on_sqlite(run: Run) -> None:
    with tempfile.TemporaryDirectory(prefix="fuba-bench-") as tmp:
        url = URL.create("sqlite+aiosqlite", database=str(Path(tmp) / "bench.sqlite3"))
        await run("sqlite", url)


async def on_postgres(run: Run, postgres: str) -> None:
    server = make_url(postgres)
    try:
        url = await scratch.create_database(server, prefix="fuba_bench")
    except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
        print(
            f"postgres: skipped, cannot reach {describe(server)} ({exc}); "
            "pass --postgres URL or set BENCH_DATABASE_URL",
            file=sys.stderr,
        )
        return
    try:
        await run("postgres", url)
    finally:
        await scratch.drop_database(url, via=server)


def run_all(run: Run, args: argparse.Namespace) -> None:
    """``run`` on SQLite, then on PostgreSQL unless ``args.no_postgres``."""
    asyncio.run(on_sqlite(run))
    if not args.no_postgres:
        asyncio.run(on_postgres(run, args.postgres))
