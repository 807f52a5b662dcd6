"""A consistent copy of the bot's SQLite database while the bot runs (``python3 bot.py
backup``), through SQLite's online backup: readers and the bot's writes go on meanwhile, and the
copy is one moment of the database, never a half-written file. PostgreSQL has its own tool for
this (``pg_dump``); ``backup`` says how to call it.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import URL

PAGES_PER_STEP = 1024  # pages copied before the bot's writers get their turn again


class BackupError(Exception):
    """Why no copy was made, in words for the person running the command."""


def default_target(source: Path, now: datetime | None = None) -> Path:
    """Beside the database, named with the time of the copy (UTC).

    >>> default_target(Path("data/fuba.sqlite3"), datetime(2026, 11, 23, 21, 5, tzinfo=UTC))
    PosixPath('data/fuba-backup-20261123-210500.sqlite3')
    """
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    return source.with_name(f"{source.stem}-backup-{stamp}{source.suffix or '.sqlite3'}")


def backup(url: URL, target: Path | None = None) -> Path:
    """Copy the SQLite database at ``url`` to ``target`` (by default beside it, named with the
    time); returns where the copy is. Raises ``BackupError`` for another kind of database, a
    database that does not exist, or a target that exists already."""
    if url.get_backend_name() != "sqlite":
        raise BackupError(
            "this database is PostgreSQL: back it up with its own tool, e.g. "
            f"pg_dump --format=custom --file=fuba.dump {url.database or 'DBNAME'}"
        )
    if not url.database or url.database == ":memory:":
        raise BackupError("the database lives in memory only: there is nothing to copy")
    source = Path(url.database)
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    target = target or default_target(source)
    if target.exists():
        raise BackupError(f"{target} exists already: choose another file")
    target.parent.mkdir(parents=True, exist_ok=True)
    with (
        closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
        closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst, pages=PAGES_PER_STEP)
    return target
