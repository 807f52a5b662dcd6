"""Store fixtures: every test runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

PostgreSQL tests share one throwaway database per session (migrated once, emptied before each
test); SQLite tests get a copy of a migrated file. Nothing touches data/ or the `test` database.

Tests that play a match run once per ruleset (``ruleset``: FUBA and Sports Dice Soccer): they
take the ruleset's seats, coach log, rules and illegal move from the fixtures below, so the same
body checks the same property of the store for every game.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url

from engine import registry
from engine.core import Action, MalformedAction, NotYourDecision, RulesError, Ruleset
from engine.dicesoccer import coach as dicesoccer_coach
from engine.fuba import coach as fuba_coach
from store import scratch
from store.db import make_engine
from store.deadlines import DeadlinePlan, DeadlineSpec
from store.migrate import migrate_url
from store.models import DeadlineKind
from store.repository import MatchStore, Seat, StoredMatch

T = TypeVar("T")
PG_ENV = "TEST_DATABASE_URL"
RULESETS = ("fuba", "dicesoccer")
ADA, BRIAN = 101, 202  # the Discord users in the first and the second seat
GUILD, CHANNEL = 900, 901  # where ``new_match`` starts a match by default
DEADLINE_T0 = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)  # ``plan`` sets deadlines from here
# A short whole coach-vs-coach match of each ruleset (virtual dice from the seed, the coach's
# choices). Dice soccer seed 17: 45 actions, 3-2, with a pick, the chip used and kept, a red
# card and a goal for each team; the tests need more than 41 actions.
COACH_SEEDS = {"fuba": 14, "dicesoccer": 17}
COACHES = {"fuba": fuba_coach.play_match, "dicesoccer": dicesoccer_coach.play_match}

NewMatch = Callable[..., Awaitable[StoredMatch]]
Plan = Callable[[int], DeadlinePlan]


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


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "fuba.sqlite3"
    run_async(migrate_url(sqlite_url(path)))
    return path


@pytest.fixture(scope="session")
def pg_database() -> Iterator[URL]:
    server = pg_server()
    if server is None:
        pytest.skip(f"PostgreSQL: set {PG_ENV} to run the store tests on it too")
    url = run_async(scratch.create_database(server))
    try:
        run_async(migrate_url(url))
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


# Children first. DELETE and a sequence reset, not TRUNCATE: on these few rows it is about
# twice as fast, and every PostgreSQL store test (for each ruleset) starts with it.
_TABLES = ("challenges", "deadlines", "match_actions", "matches", "players")
_EMPTY = [text(f"DELETE FROM {table}") for table in _TABLES] + [
    text(
        "SELECT setval(seq, 1, false) FROM (SELECT pg_get_serial_sequence(name, 'id') AS seq "
        "FROM unnest(CAST(:tables AS text[])) AS name) AS serial WHERE seq IS NOT NULL"
    ).bindparams(tables=["challenges", "deadlines", "matches"])  # the tables with an id
]


async def _truncate(url: URL) -> None:
    """Empty every table and restart the ids, as in a new database."""
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            for statement in _EMPTY:
                await conn.execute(statement)
    finally:
        await engine.dispose()


# Children first. ``store`` empties the match tables only: league rows refer to players and
# matches, so each test with leagues clears these itself (``clear_leagues``).
LEAGUE_TABLES = (
    "rating_history",
    "ratings",
    "league_results",
    "league_fixtures",
    "league_members",
    "leagues",
    "league_audit",
)


async def clear_leagues(store: MatchStore) -> None:
    """Delete every league row (``LEAGUE_TABLES``)."""
    async with store.engine.begin() as conn:
        for table in LEAGUE_TABLES:
            await conn.execute(text(f"DELETE FROM {table}"))


@pytest.fixture
async def store(db_url: URL) -> AsyncIterator[MatchStore]:
    store = MatchStore.open(db_url)
    try:
        yield store
    finally:
        await store.close()


def seats_for(ruleset: str) -> tuple[Seat, Seat]:
    """Ada in the ruleset's first side, Brian in its second."""
    first, second = registry.get(ruleset).sides
    return Seat(first, ADA, "Ada"), Seat(second, BRIAN, "Brian")


@pytest.fixture(scope="session", params=RULESETS)
def ruleset(request: pytest.FixtureRequest) -> str:
    """The name of the ruleset the test's match is played by (each test runs for every one)."""
    return str(request.param)


@pytest.fixture(scope="session")
def rules(ruleset: str) -> Ruleset[Any]:
    return registry.get(ruleset)


@pytest.fixture(scope="session")
def seats(ruleset: str) -> tuple[Seat, Seat]:
    return seats_for(ruleset)


@pytest.fixture(scope="session")
def coach_log(ruleset: str) -> list[Action]:
    """The actions of a whole legal coach-vs-coach match of the ruleset (a short one). The
    first two are simultaneous decisions (formations; the Power Chip toss), legal in either
    order."""
    return COACHES[ruleset](COACH_SEEDS[ruleset])[1]


class Illegal(NamedTuple):
    """A move the rules refuse after the first three actions of ``coach_log``, and how."""

    action: Action
    error: type[RulesError]
    message: str


@pytest.fixture(scope="session")
def illegal(ruleset: str, coach_log: list[Action]) -> Illegal:
    if ruleset == "fuba":  # west rolled for the kick-off and rolls again
        return Illegal(Action("west", "roll", {"dice": [6]}), NotYourDecision, "already rolled")
    # Dice soccer: the toss winner chose offense or defense and chooses again.
    assert coach_log[2].kind == "start"
    return Illegal(coach_log[2], MalformedAction, "'start' is not possible now")


@pytest.fixture
def new_match(ruleset: str, seats: tuple[Seat, Seat]) -> NewMatch:
    """``await new_match(store, channel=CHANNEL, **create_match_kwargs)``: a match of the
    test's ruleset between the test's seats, in guild ``GUILD`` unless told."""

    async def create(store: MatchStore, channel: int = CHANNEL, **kwargs: Any) -> StoredMatch:
        kwargs.setdefault("guild_id", GUILD)
        return await store.create_match(channel_id=channel, ruleset=ruleset, seats=seats, **kwargs)

    return create


@pytest.fixture
def plan(seats: tuple[Seat, Seat]) -> Plan:
    """``plan(minutes)``: a deadline plan giving the second side a reminder at half the time
    and an expiry after ``minutes`` (from ``DEADLINE_T0``)."""
    side = seats[1].side

    def make(minutes: int) -> DeadlinePlan:
        def deadlines(_state: Any) -> list[DeadlineSpec]:
            return [
                DeadlineSpec(
                    side, DeadlineKind.REMINDER, DEADLINE_T0 + timedelta(minutes=minutes / 2)
                ),
                DeadlineSpec(side, DeadlineKind.EXPIRY, DEADLINE_T0 + timedelta(minutes=minutes)),
            ]

        return deadlines

    return make
