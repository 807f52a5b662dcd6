"""Alembic environment: async engines from ``store.db``, batch mode for SQLite.

The bot passes its own connection (``store.migrate``); `alembic upgrade head` by hand opens
``DATABASE_URL`` (default ``fuba.sqlite3`` in ``FUBA_DATA_DIR``, see ``store.config``).
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection

from store.config import database_url
from store.db import make_engine
from store.migrate import lock_for_migrations, migration_connection
from store.models import Base

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name)


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things: copy-and-move tables
        compare_type=True,
    )
    with context.begin_transaction():
        lock_for_migrations(connection)
        context.run_migrations()


async def run_on_new_engine() -> None:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    engine = make_engine(url or database_url(), poolclass=pool.NullPool)
    try:
        async with migration_connection(engine) as connection:
            await connection.run_sync(run)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    raise SystemExit("Offline (--sql) migrations are not supported; run them against a database.")

connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    asyncio.run(run_on_new_engine())
