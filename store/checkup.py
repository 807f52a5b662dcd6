"""What the operator's checks read from the database: whether it answers, its migration level
against the code's, and for SQLite where its file is and the free disk space there.

``examine`` is for ``python3 bot.py doctor`` (which words and judges the facts, see
``cogs.doctor``); ``select_one`` is the readiness check's trivial query (``/ready``), run the
way the bot reads. Neither creates a database: a SQLite file that does not exist yet is
reported as such.
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import Connection, pool, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from store.db import make_engine
from store.migrate import alembic_config, current_revision

CONNECT_TIMEOUT = 15.0  # seconds the doctor waits for the database before calling it unreachable


@dataclass(frozen=True)
class DatabaseFacts:
    """One look at the database behind ``url``.

    ``error``: why it could not be read (then ``revision`` is unknown). ``revision``: the
    migration it is at (None: no tables yet). ``known``: the code's migrations, oldest first,
    the last being the one the code expects. ``sqlite_file``/``free_bytes``: for SQLite, its
    file (``exists`` or not) and the free space in the folder that holds it.
    """

    url: URL
    error: str | None
    revision: str | None
    known: tuple[str, ...]
    sqlite_file: Path | None = None
    exists: bool = True
    free_bytes: int | None = None

    @property
    def head(self) -> str:
        """The migration the code expects the database to be at."""
        return self.known[-1]


def code_revisions() -> tuple[str, ...]:
    """The code's migrations (``migrations/versions``), oldest first."""
    script = ScriptDirectory.from_config(alembic_config())
    return tuple(reversed([revision.revision for revision in script.walk_revisions()]))


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite database; None for another database or one in memory."""
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        database = database[len("file:") :].partition("?")[0]
    return Path(database).expanduser().absolute()


def free_space(path: Path) -> int | None:
    """Free bytes on the disk holding ``path`` (or its nearest existing parent folder)."""
    for folder in (path, *path.parents):
        if folder.exists():
            return shutil.disk_usage(folder).free
    return None


def select_one(conn: Connection) -> None:
    """A trivial question to the database; raises whatever the driver raises when it cannot
    answer (``MatchStore.db.read(select_one)``)."""
    conn.execute(text("SELECT 1"))


async def examine(url: URL | str, *, timeout: float = CONNECT_TIMEOUT) -> DatabaseFacts:
    """Look at the database behind ``url`` without changing it."""
    url = make_url(url)
    known = code_revisions()
    file = sqlite_file(url)
    if file is not None:
        free = free_space(file.parent)
        if not file.exists():
            return DatabaseFacts(url, None, None, known, file, exists=False, free_bytes=free)
    else:
        free = None
    engine = make_engine(url, poolclass=pool.NullPool)
    try:
        revision = await asyncio.wait_for(_read_revision(engine), timeout)
    except TimeoutError:
        return DatabaseFacts(
            url, f"no answer within {timeout:.0f} s", None, known, file, free_bytes=free
        )
    except Exception as error:  # any driver's error: the doctor reports it and goes on
        return DatabaseFacts(url, _first_line(error), None, known, file, free_bytes=free)
    finally:
        await engine.dispose()
    return DatabaseFacts(url, None, revision, known, file, free_bytes=free)


async def _read_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        await conn.run_sync(select_one)
    return await current_revision(engine)


def _first_line(error: BaseException) -> str:
    """A driver's error in one line: SQLAlchemy appends its background link on others."""
    message = str(getattr(error, "orig", None) or error).strip().splitlines()
    return message[0] if message else type(error).__name__
