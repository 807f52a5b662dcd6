"""Async engines: SQLite (aiosqlite) tuned for a bot, or PostgreSQL through asyncpg."""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Table, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

from store.config import database_url

BUSY_TIMEOUT_MS = 5_000
# PostgreSQL connections older than this are replaced: hosted databases and poolers drop idle
# connections after some minutes.
POSTGRES_RECYCLE_S = 5 * 60

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
        # A connection dropped by the server while idle is replaced before use, instead of
        # failing the first command after a quiet spell.
        kwargs.setdefault("pool_pre_ping", True)
        kwargs.setdefault("pool_recycle", POSTGRES_RECYCLE_S)
    # Error messages never show a statement's parameters: a match's options hold its dice
    # seed, secret until full time, and errors end up in the log.
    kwargs.setdefault("hide_parameters", True)
    engine = create_async_engine(url, json_serializer=compact_json, **kwargs)
    if engine.dialect.name == "sqlite":
        _tune_sqlite(engine)
    return engine


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
