"""Async engines: SQLite (aiosqlite) tuned for a bot, or PostgreSQL through asyncpg."""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Table, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

from store.config import database_url

BUSY_TIMEOUT_MS = 5_000
# PostgreSQL connections older than this are replaced: hosted databases and poolers drop idle
# connections after some minutes.
POSTGRES_RECYCLE_S = 5 * 60
# A PostgreSQL connection idle for longer than this is pinged before use (a busy bot's are in
# use every few milliseconds: a ping per checkout would be three round trips per transaction).
POSTGRES_PING_IDLE_S = 10.0
# Connections a process keeps open, and how many more it may open in a burst (closed again
# when returned). Opening one costs both sides far more than a step (a server process, TLS
# negotiation, type set-up): with SQLAlchemy's 5 kept, ``bench load``'s 50 members made the
# bot open and close about ten a second.
POSTGRES_POOL_SIZE = 10
POSTGRES_POOL_OVERFLOW = 10

SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",  # with WAL: durable except on power loss, no fsync per commit
    "PRAGMA foreign_keys=ON",
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
)


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def make_engine(url: URL | str | None = None, **kwargs: Any) -> AsyncEngine:
    """An engine for ``url`` (default: the configured database, see ``store.config``)."""
    url = database_url() if url is None else url
    if _is_sqlite(url):
        kwargs.setdefault("pool_reset_on_return", None)  # see _reset_sqlite
        if sys.version_info >= (3, 12):
            kwargs.setdefault("connect_args", {"autocommit": sqlite3.LEGACY_TRANSACTION_CONTROL})
    else:
        kwargs.setdefault("pool_recycle", POSTGRES_RECYCLE_S)
        if "poolclass" not in kwargs:
            kwargs.setdefault("pool_size", POSTGRES_POOL_SIZE)
            kwargs.setdefault("max_overflow", POSTGRES_POOL_OVERFLOW)
    # Error messages never show a statement's parameters: a match's options hold its dice
    # seed, secret until full time, and errors end up in the log.
    kwargs.setdefault("hide_parameters", True)
    engine = create_async_engine(url, json_serializer=compact_json, **kwargs)
    if engine.dialect.name == "sqlite":
        _tune_sqlite(engine)
    elif not kwargs.get("pool_pre_ping"):
        _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: AsyncEngine) -> None:
    """A connection dropped by the server while idle is replaced before use, instead of
    failing the first command after a quiet spell: one idle for ``POSTGRES_PING_IDLE_S`` is
    pinged when taken from the pool (``pool_pre_ping`` pings every time, in a transaction of
    its own with asyncpg: three round trips)."""

    @event.listens_for(engine.sync_engine, "checkin")
    def used(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info["used_at"] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def ping(dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        used_at = record.info.get("used_at")
        if used_at is None or time.monotonic() - used_at < POSTGRES_PING_IDLE_S:
            return  # new, or in use a moment ago
        try:
            dbapi_connection.ping()
        except Exception as exc:  # the pool replaces it with a new connection
            raise DisconnectionError(f"an idle connection is gone ({exc})") from exc


def conflict_insert(conn: AsyncConnection, table: Table) -> Any:
    """``INSERT`` for ``table`` in the connection's dialect, with ``on_conflict_do_...``
    (SQLite and PostgreSQL spell ``INSERT ... ON CONFLICT`` alike)."""
    dialect = conn.dialect.name
    if dialect not in _CONFLICT_INSERTS:
        raise NotImplementedError(f"the store supports SQLite and PostgreSQL, not {dialect}")
    return _CONFLICT_INSERTS[dialect](table)


_CONFLICT_INSERTS: dict[str, Callable[[Table], Any]] = {
    "postgresql": postgresql.insert,
    "sqlite": sqlite.insert,
}


def set_up_sqlite(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    """A new SQLite connection (``connect`` event): the driver opens a write transaction with
    BEGIN IMMEDIATE just before the first INSERT/UPDATE/DELETE; reads before it run on their
    own. That is all the store's optimistic protocol needs (the UPDATE checks the version under
    the write lock), and it saves a round trip per transaction. Then the pragmas."""
    dbapi_connection.isolation_level = "IMMEDIATE"
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


def _is_sqlite(url: URL | str) -> bool:
    return str(url).startswith("sqlite")


def _tune_sqlite(engine: AsyncEngine) -> None:
    database = engine.url.database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)

    event.listen(engine.sync_engine, "connect", set_up_sqlite)

    @event.listens_for(engine.sync_engine, "reset")
    def _reset_sqlite(
        dbapi_connection: Any, record: ConnectionPoolEntry, _state: PoolResetState
    ) -> None:
        # Roll back on return to the pool only when a transaction is open (a write lock must
        # never leak); the default rollback costs a thread round trip every time.
        if record.driver_connection is not None and record.driver_connection.in_transaction:
            dbapi_connection.rollback()
