"""The engines: PostgreSQL connections that died while idle are replaced, and error messages
never carry a statement's parameters (a match's options hold the dice seed)."""

from __future__ import annotations

import os
import subprocess
import sys
import traceback

import pytest
from sqlalchemy import pool, text
from sqlalchemy.engine import URL

import store.db
from store.config import ROOT
from store.db import POSTGRES_RECYCLE_S, make_engine
from store.errors import ChannelBusy
from store.repository import MatchStore
from tests.store.conftest import CHANNEL, GUILD, seats_for

SEED = 73_519_046_228_117  # a dice seed no message may show before full time


def test_postgres_pool_recycles_connections() -> None:
    engine = make_engine("postgresql+asyncpg://bot@db.invalid/fuba")
    assert 0 < engine.pool._recycle == POSTGRES_RECYCLE_S  # noqa: SLF001 (kept private)
    assert POSTGRES_RECYCLE_S <= 30 * 60  # below the idle limits of hosted databases


async def test_a_connection_killed_while_idle_does_not_fail_the_next_query(
    pg_database: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hosted database or a pooler drops the bot's idle connection: the next command works.
    (Any pause counts as idle here: the bot pings only connections idle for some seconds.)"""
    monkeypatch.setattr(store.db, "POSTGRES_PING_IDLE_S", 0.0)
    engine = make_engine(pg_database, pool_size=1, max_overflow=0)
    killer = make_engine(pg_database, poolclass=pool.NullPool)
    try:
        async with engine.connect() as conn:
            pid = await conn.scalar(text("SELECT pg_backend_pid()"))
        async with killer.connect() as conn:
            assert await conn.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        async with engine.connect() as conn:
            assert await conn.scalar(text("SELECT 1")) == 1
            assert await conn.scalar(text("SELECT pg_backend_pid()")) != pid
    finally:
        await engine.dispose()
        await killer.dispose()


async def test_a_failed_insert_does_not_show_the_dice_seed(store: MatchStore) -> None:
    """The second match in a busy channel fails on the database's unique index; the error the
    bot logs (with its cause) must not print the options, which hold the seed."""

    async def start(seed: int) -> None:
        await store.create_match(
            guild_id=GUILD,
            channel_id=CHANNEL,
            ruleset="fuba",
            seats=seats_for("fuba"),
            options={"seed": seed},
            rules_options={},
        )

    await start(1)
    with pytest.raises(ChannelBusy) as raised:
        await start(SEED)
    logged = "".join(traceback.format_exception(raised.value))
    assert raised.value.__cause__ is not None  # the database's own error is in the log too
    assert str(SEED) not in logged


async def test_a_failing_statement_does_not_show_its_parameters(store: MatchStore) -> None:
    async with store.engine.connect() as conn:
        with pytest.raises(Exception) as raised:
            await conn.execute(text("SELECT * FROM no_such_table WHERE x = :seed"), {"seed": SEED})
    assert "no_such_table" in str(raised.value)
    assert str(SEED) not in "".join(traceback.format_exception(raised.value))


def test_without_a_server_the_postgresql_variants_are_explained_once() -> None:
    """Without TEST_DATABASE_URL the PostgreSQL variants are skipped with one line saying why,
    not a silent ``s`` each."""
    env = {k: v for k, v in os.environ.items() if k != "TEST_DATABASE_URL"}
    here = "tests/store/test_db.py"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            f"{here}::test_a_failed_insert_does_not_show_the_dice_seed",
            f"{here}::test_a_connection_killed_while_idle_does_not_fail_the_next_query",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(".") and "s" not in lines[0], done.stdout  # the sqlite variant
    explained = [line for line in lines if "TEST_DATABASE_URL" in line]
    assert len(explained) == 1, done.stdout
    assert explained[0].startswith("2 PostgreSQL variants skipped"), explained
