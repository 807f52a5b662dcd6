"""Store fixtures: every test runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

PostgreSQL tests share one throwaway database per session (migrated once, emptied before each
test); SQLite tests get a copy of a migrated file. Nothing touches data/ or the `test` database.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url

from engine.core import Action
from engine.fuba.coach import play_match
from store import scratch
from store.db import make_engine
from store.migrate import migrate
from store.repository import MatchStore, Seat

T = TypeVar("T")
PG_ENV = "TEST_DATABASE_URL"
SEATS = (Seat("west", 101, "Ada"), Seat("east", 202, "Brian"))


def sqlite_url(path: Path) -> URL:
    return URL.create("sqlite+aiosqlite", database=str(path))


def pg_server() -> URL | None:
    raw = os.environ.get(PG_ENV, "").strip()
    return make_url(raw) if raw else None


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion on a loop of its own in another thread, leaving the test's
    event loop alone (for synchronous fixtures)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _migrated(url: URL) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "fuba.sqlite3"
    run_async(_migrated(sqlite_url(path)))
    return path


@pytest.fixture(scope="session")
def pg_database() -> Iterator[URL]:
    server = pg_server()
    if server is None:
        pytest.skip(f"PostgreSQL: set {PG_ENV} to run the store tests on it too")
    url = run_async(scratch.create_database(server))
    try:
        run_async(_migrated(url))
        yield url
    finally:
        run_async(scratch.drop_database(url, via=server))


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> URL:
    """A migrated, empty database of the test's backend."""
    if backend == "sqlite":
        path = tmp_path / "fuba.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return sqlite_url(path)
    url: URL = request.getfixturevalue("pg_database")
    run_async(_truncate(url))
    return url


async def _truncate(url: URL) -> None:
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "TRUNCATE challenges, deadlines, match_actions, matches, players "
                    "RESTART IDENTITY CASCADE"
                )
            )
    finally:
        await engine.dispose()


@pytest.fixture
async def store(db_url: URL) -> AsyncIterator[MatchStore]:
    store = MatchStore.open(db_url)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture(scope="session")
def coach_log() -> list[Action]:
    """The actions of a whole legal coach-vs-coach match (seed 14: a short one)."""
    return play_match(14)[1]
