"""Alembic: from an empty database to head, down to nothing and back, by hand and from the bot;
the migrations build exactly the schema of the models. SQLite connections are tuned."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from store import scratch
from store.challenges import CHALLENGE_TTL, ChallengeStore
from store.config import ROOT
from store.db import BUSY_TIMEOUT_MS, make_engine
from store.deadlines import DeadlineSpec
from store.leagues import LeagueStore
from store.migrate import (
    DatabaseUnavailable,
    alembic_config,
    current_revision,
    downgrade,
    migrate,
    upgrade_database,
)
from store.models import Base, DeadlineKind
from store.repository import MatchStore
from tests.store.conftest import pg_server, run_async, seats_for, sqlite_url

# FUBA only: the migrations build one schema for every ruleset (the state is opaque JSON to
# them), and a match here only shows that the database is usable; the store tests that play
# matches run for each ruleset.
SEATS = seats_for("fuba")
HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()
LEAGUE_TABLES = {
    "leagues",
    "league_members",
    "league_fixtures",
    "league_results",
    "league_audit",
    "ratings",
    "rating_history",
}
TABLES = {
    "players",
    "matches",
    "match_actions",
    "deadlines",
    "challenges",
    "live_boards",
    "scoreboards",
}
TABLES |= LEAGUE_TABLES


@pytest.fixture
def empty_url(backend: str, tmp_path: Path) -> AsyncIterator[URL]:
    """A database with no tables at all."""
    if backend == "sqlite":
        yield sqlite_url(tmp_path / "empty.sqlite3")
        return
    server = pg_server()
    if server is None:
        pytest.skip("PostgreSQL: set TEST_DATABASE_URL to run the store tests on it too")
    url = run_async(scratch.create_database(server, prefix="fuba_migrate"))
    try:
        yield url
    finally:
        run_async(scratch.drop_database(url, via=server))


@pytest.fixture
async def engine(empty_url: URL) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(empty_url)
    try:
        yield engine
    finally:
        await engine.dispose()


async def _tables(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as conn:
        names = await conn.run_sync(lambda sync: inspect(sync).get_table_names())
    return set(names) - {"alembic_version"}


async def _usable(engine: AsyncEngine) -> None:
    store = MatchStore(engine)
    match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    assert (await store.active_match(2)) == match


async def test_upgrade_from_empty_to_head(engine: AsyncEngine) -> None:
    assert HEAD is not None
    assert await current_revision(engine) is None and await _tables(engine) == set()
    await migrate(engine)
    assert await current_revision(engine) == HEAD
    assert await _tables(engine) == TABLES | {"socceristic_pitches"}
    await migrate(engine)  # already at head: nothing to do
    await _usable(engine)


async def test_downgrade_and_upgrade_round_trip(engine: AsyncEngine) -> None:
    await migrate(engine)
    await downgrade(engine, "base")
    assert await current_revision(engine) is None
    assert await _tables(engine) == set()
    await migrate(engine)
    assert await current_revision(engine) == HEAD
    await _usable(engine)


async def test_the_migrations_build_the_schema_of_the_models(engine: AsyncEngine) -> None:
    await migrate(engine)
    async with engine.connect() as conn:
        diff = await conn.run_sync(
            lambda sync: compare_metadata(
                MigrationContext.configure(sync, opts={"compare_type": True}), Base.metadata
            )
        )
    assert diff == []


async def test_one_active_match_per_channel_is_an_index(engine: AsyncEngine) -> None:
    await migrate(engine)
    async with engine.connect() as conn:
        indexes = await conn.run_sync(lambda sync: inspect(sync).get_indexes("matches"))
    by_name = {index["name"]: index for index in indexes}
    active = by_name["uq_matches_active_channel"]
    assert active["unique"] and active["column_names"] == ["channel_id"]


def _alembic_by_hand(url: URL, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url.render_as_string(hide_password=False)}
    return subprocess.run(
        [sys.executable, "-m", "alembic", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_alembic_upgrade_head_by_hand(engine: AsyncEngine, empty_url: URL) -> None:
    done = _alembic_by_hand(empty_url, "upgrade", "head")
    assert done.returncode == 0, done.stderr
    assert f"-> {HEAD}" in done.stderr
    assert await current_revision(engine) == HEAD
    await _usable(engine)


def test_upgrade_database_uses_database_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deep" / "bot.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    url = upgrade_database()
    assert url.drivername == "sqlite+aiosqlite" and url.database == str(path)

    async def revision() -> str | None:
        engine = make_engine(url)
        try:
            return await current_revision(engine)
        finally:
            await engine.dispose()

    assert run_async(revision()) == HEAD


def test_an_unreachable_database_is_reported_clearly() -> None:
    with pytest.raises(DatabaseUnavailable) as err:
        upgrade_database("postgresql+asyncpg://nobody:secret@127.0.0.1:1/none")
    message = str(err.value)
    assert message.startswith("cannot open the database postgresql+asyncpg://nobody:***@")
    assert "Check DATABASE_URL" in message and "secret" not in message


def test_the_bot_migrates_on_start(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}"}
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert f"Database: sqlite+aiosqlite:///{path}" in done.stderr
    engine = make_engine(sqlite_url(path))
    try:
        assert run_async(current_revision(engine)) == HEAD
    finally:
        run_async(engine.dispose())


async def test_sqlite_connections_are_tuned(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "tuned.sqlite3"))
    try:
        async with engine.connect() as conn:
            values = {
                pragma: (await conn.exec_driver_sql(f"PRAGMA {pragma}")).scalar()
                for pragma in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    finally:
        await engine.dispose()
    assert values == {
        "journal_mode": "wal",
        "synchronous": 1,  # NORMAL
        "foreign_keys": 1,
        "busy_timeout": BUSY_TIMEOUT_MS,
    }


async def test_foreign_keys_are_enforced(store: MatchStore) -> None:
    async with store.engine.connect() as conn:
        with pytest.raises(IntegrityError, match="(?i)foreign key"):
            await conn.execute(
                text(
                    "INSERT INTO match_actions (match_id, seq, actor, kind, args, created_at) "
                    "VALUES (999, 1, 'west', 'roll', '{}', CURRENT_TIMESTAMP)"
                )
            )


async def test_deadlines_upgrade_a_database_with_matches_and_downgrade_back(
    engine: AsyncEngine,
) -> None:
    await migrate(engine, "0001")
    store = MatchStore(engine)
    match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    assert "deadlines" not in await _tables(engine)
    await migrate(engine, "0002")
    assert "deadlines" in await _tables(engine)
    assert await store.active_match(2) == match
    when = datetime(2026, 11, 21, tzinfo=UTC)
    assert await store.set_deadlines(match.id, 0, [DeadlineSpec("west", DeadlineKind.EXPIRY, when)])
    assert [d.due_at for d in await store.deadlines(match.id)] == [when]
    await downgrade(engine, "0001")
    assert await current_revision(engine) == "0001"
    assert (
        await _tables(engine)
        == TABLES - {"deadlines", "challenges", "live_boards", "scoreboards"} - LEAGUE_TABLES
    )
    assert await store.active_match(2) == match


async def test_challenges_upgrade_a_database_with_matches_and_downgrade_back(
    engine: AsyncEngine,
) -> None:
    await migrate(engine, "0002")
    store = MatchStore(engine)
    match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    when = datetime(2026, 11, 22, tzinfo=UTC)
    assert await store.set_deadlines(match.id, 0, [DeadlineSpec("west", DeadlineKind.EXPIRY, when)])
    assert "challenges" not in await _tables(engine)
    await migrate(engine, "0003")
    assert await current_revision(engine) == "0003"
    assert await _tables(engine) == TABLES - {"live_boards", "scoreboards"} - LEAGUE_TABLES
    assert await store.active_match(2) == match
    challenges = ChallengeStore(engine)
    challenge = await challenges.open(
        guild_id=1,
        channel_id=3,
        ruleset="fuba",
        challenger_id=101,
        challenger_name="Ada",
        opponent_id=202,
        opponent_name="Brian",
        options={"dice": "virtual"},
        now=when,
    )
    assert await challenges.get(3, when) == challenge
    assert challenge.expires_at == when + CHALLENGE_TTL
    async with engine.connect() as conn:
        constraints = await conn.run_sync(
            lambda sync: inspect(sync).get_unique_constraints("challenges")
        )
    assert [c["column_names"] for c in constraints] == [["channel_id"]]
    await downgrade(engine, "0002")
    assert await current_revision(engine) == "0002"
    assert (
        await _tables(engine)
        == TABLES - {"challenges", "live_boards", "scoreboards"} - LEAGUE_TABLES
    )
    assert await store.active_match(2) == match
    assert [d.due_at for d in await store.deadlines(match.id)] == [when]
    await migrate(engine)  # and up again: an empty table
    assert await ChallengeStore(engine).get(3, when) is None


async def test_leagues_upgrade_a_database_with_matches_and_downgrade_back(
    engine: AsyncEngine,
) -> None:
    await migrate(engine, "0003")
    store = MatchStore(engine)
    active = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    done = await store.create_match(guild_id=1, channel_id=3, ruleset="fuba", seats=SEATS)
    await store.finish(done.id, {"winner": "west"})
    done = await store.get_match(done.id)
    assert not LEAGUE_TABLES & await _tables(engine)
    await migrate(engine, "0004")
    assert await current_revision(engine) == "0004"
    assert await _tables(engine) == TABLES - {"live_boards", "scoreboards"}
    assert await store.active_match(2) == active
    assert await store.get_match(done.id) == done
    leagues = LeagueStore(engine)
    league = await leagues.create(guild_id=1, name="Spring", game="fuba", created_by=7)
    for seat in SEATS:
        await leagues.join(league.id, seat.user_id, seat.display_name)
    (fixture,) = await leagues.start(league.id)
    assert (await leagues.record_result(fixture.id, 2, 1, match_id=done.id)).new
    update = await leagues.apply_rating(
        guild_id=1,
        game="fuba",
        a_id=fixture.home_id,
        b_id=fixture.away_id,
        a_goals=2,
        b_goals=1,
        match_id=done.id,
        fixture_id=fixture.id,
    )
    assert update is not None and update.a.delta == 20
    assert await leagues.rank_of(1, "fuba", fixture.home_id) == 1
    await downgrade(engine, "0003")
    assert await current_revision(engine) == "0003"
    assert await _tables(engine) == TABLES - {"live_boards", "scoreboards"} - LEAGUE_TABLES
    assert await store.active_match(2) == active
    assert await store.get_match(done.id) == done
    await migrate(engine)  # and up again: empty tables
    assert await LeagueStore(engine).list_leagues(1) == []
    assert await LeagueStore(engine).leaderboard(1, "fuba") == []


async def test_0005_lets_a_league_with_a_rated_forfeit_be_deleted_and_downgrades(
    engine: AsyncEngine,
) -> None:
    await migrate(engine, "0004")
    leagues = LeagueStore(engine)

    async def forfeited_league(name: str) -> int:
        league = await leagues.create(guild_id=1, name=name, game="fuba", created_by=7)
        for seat in SEATS:
            await leagues.join(league.id, seat.user_id, seat.display_name)
        (fixture,) = await leagues.start(league.id)
        await leagues.forfeit(
            fixture.id, loser_id=fixture.home_id, score=3, actor_id=7, reason="no show"
        )
        rated = await leagues.apply_rating(
            guild_id=1,
            game="fuba",
            a_id=fixture.home_id,
            b_id=fixture.away_id,
            a_goals=0,
            b_goals=3,
            ending="forfeit",
            fixture_id=fixture.id,
        )
        assert rated is not None
        return league.id

    first = await forfeited_league("Spring")
    with pytest.raises(IntegrityError):  # 0004's check
        await leagues.delete(first, actor_id=7, reason="test")
    await migrate(engine, "0005")
    await leagues.delete(first, actor_id=7, reason="test")
    away = SEATS[1].user_id
    assert [r.fixture_id for r in await leagues.history(1, "fuba", away)] == [None]
    await forfeited_league("Summer")  # kept: its fixture is still there
    await downgrade(engine, "0004")
    assert [r.fixture_id is not None for r in await leagues.history(1, "fuba", away)] == [True]
    assert (await leagues.rating(1, "fuba", away)).games == 2  # ratings untouched
    await migrate(engine)


async def test_0006_records_each_match_s_live_board_and_downgrades(engine: AsyncEngine) -> None:
    await migrate(engine, "0005")
    store = MatchStore(engine)
    match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    await migrate(engine, "0006")
    assert "live_boards" in await _tables(engine)
    await migrate(engine, "0007")  # the store reads who the board names as deciding
    assert await store.live_board(match.id) is None  # an older bot's match: none yet
    assert [m.id for m in await store.boards_behind()] == [match.id]
    when = datetime(2026, 11, 23, tzinfo=UTC)
    await store.record_board(match.id, channel_id=2, message_id=99, version=0, posted_at=when)
    board = await store.live_board(match.id)
    assert board is not None
    assert (board.channel_id, board.message_id, board.version, board.posted_at) == (2, 99, 0, when)
    assert await store.boards_behind() == []
    await downgrade(engine, "0005")
    assert "live_boards" not in await _tables(engine)
    assert await store.active_match(2) == match


async def test_0007_keeps_a_board_names_its_deciders_and_records_scoreboards(
    engine: AsyncEngine,
) -> None:
    await migrate(engine, "0006")
    store = MatchStore(engine)
    match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
    when = datetime(2026, 11, 23, tzinfo=UTC)
    async with engine.begin() as conn:  # a board the previous bot delivered
        await conn.execute(
            text(
                "INSERT INTO live_boards (match_id, channel_id, message_id, version, posted_at) "
                "VALUES (:m, 2, 99, 0, :t)"
            ),
            {"m": match.id, "t": when},
        )
    await migrate(engine, "0007")
    board = await store.live_board(match.id)
    assert board is not None and board.message_id == 99 and board.deciders == frozenset()
    await store.record_board(
        match.id, channel_id=2, message_id=100, version=1, posted_at=when, deciders=[7, 5]
    )
    board = await store.live_board(match.id)
    assert board is not None and board.deciders == {5, 7}
    assert await store.scoreboard(match.id) is None
    await store.record_scoreboard(match.id, channel_id=1, message_id=42)
    scoreboard = await store.scoreboard(match.id)
    assert scoreboard is not None and (scoreboard.channel_id, scoreboard.message_id) == (1, 42)
    await downgrade(engine, "0006")
    assert "scoreboards" not in await _tables(engine)
    assert await current_revision(engine) == "0006"
