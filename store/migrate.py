"""Bring the database schema up to date with Alembic (``migrations/``).

The bot calls ``upgrade_database()`` on start; ``alembic upgrade head`` does the same by hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import pool
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from store.config import DATA_DIR_ENV, ROOT, database_url, describe
from store.db import make_engine
from store.errors import StoreError

ALEMBIC_INI = ROOT / "alembic.ini"
# PostgreSQL advisory lock (a fixed key that must never change) held while migrating, so that
# bot processes starting together migrate one after the other instead of racing to create the
# same tables.
_LOCK_KEY = 0x46554241


def alembic_config(**attributes: Any) -> Config:
    config = Config(str(ALEMBIC_INI))
    config.attributes.update(configure_logger=False, **attributes)
    return config


@asynccontextmanager
async def migration_connection(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection inside one transaction for migrating (BEGIN IMMEDIATE on SQLite)."""
    async with engine.connect() as conn:
        if engine.dialect.name != "sqlite":
            async with conn.begin():
                yield conn
            return
        # Batch mode rebuilds a table and drops the old one; with foreign keys on, that DROP
        # would cascade into the action log. SQLite ignores this pragma inside a transaction,
        # so it is switched before BEGIN, and the keys are checked before COMMIT. DDL needs
        # an explicit BEGIN: the driver only opens transactions before DML.
        await conn.run_sync(_sqlite_session, "OFF", None)
        try:
            async with conn.begin():
                await conn.exec_driver_sql("BEGIN IMMEDIATE")
                yield conn
                await conn.run_sync(_check_foreign_keys)
        finally:
            await conn.run_sync(_sqlite_session, "ON", "IMMEDIATE")


def lock_for_migrations(connection: Connection) -> None:
    """Called by ``migrations/env.py`` inside the migration transaction."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to ``revision``."""
    await _run(engine, command.upgrade, revision)


async def downgrade(engine: AsyncEngine, revision: str) -> None:
    """Downgrade the database behind ``engine`` to ``revision`` ("base": no tables)."""
    await _run(engine, command.downgrade, revision)


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )


class DatabaseUnavailable(StoreError):
    """The database cannot be reached or opened."""


async def migrate_url(url: URL) -> None:
    """``migrate`` the database at ``url`` to the latest schema, through an engine of its own."""
    engine = make_engine(url, poolclass=pool.NullPool)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()


def upgrade_database(url: URL | str | None = None) -> URL:
    """Upgrade the configured database (or ``url``) to the latest schema; returns its URL.
    For synchronous callers such as the bot's start; it runs its own event loop. Raises
    ``DatabaseUnavailable`` with a readable message when the database cannot be opened."""
    url = database_url() if url is None else make_url(url)
    try:
        asyncio.run(migrate_url(url))
    except (OSError, DBAPIError) as exc:
        folder = Path(url.database or ".").absolute().parent
        hint = (
            f"Check that {folder} is a folder the bot may write to, or set {DATA_DIR_ENV} "
            "(or DATABASE_URL) to another place."
            if url.get_backend_name() == "sqlite" and url.database
            else f"Check DATABASE_URL, or unset it to use a SQLite file in {DATA_DIR_ENV} "
            "(by default data/ in the project folder)."
        )
        raise DatabaseUnavailable(
            f"cannot open the database {describe(url)}: {exc}\n{hint}"
        ) from exc
    return url


async def _run(engine: AsyncEngine, step: Callable[[Config, str], None], revision: str) -> None:
    async with migration_connection(engine) as conn:
        await conn.run_sync(lambda sync: step(alembic_config(connection=sync), revision))


def _sqlite_session(connection: Connection, foreign_keys: str, isolation: str | None) -> None:
    dbapi_connection = connection.connection.dbapi_connection  # no implicit BEGIN here
    assert dbapi_connection is not None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA foreign_keys={foreign_keys}")
    cursor.close()
    dbapi_connection.isolation_level = isolation


def _check_foreign_keys(connection: Connection) -> None:
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RuntimeError(f"migration left rows with broken foreign keys: {broken[:5]}")
