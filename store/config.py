"""Where the database is: ``DATABASE_URL``, or the SQLite file ``fuba.sqlite3`` in the data
directory (``FUBA_DATA_DIR``, by default ``data/`` in the project folder)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import URL, make_url

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"
SQLITE_NAME = "fuba.sqlite3"
DEFAULT_SQLITE = DATA_DIR / SQLITE_NAME
DATA_DIR_ENV = "FUBA_DATA_DIR"

# Plain URLs as hosting providers hand them out name no async driver; the bot needs one.
_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
}


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """The directory of the default SQLite file: ``FUBA_DATA_DIR`` as a full path (``~`` and
    relative paths allowed), else ``data/`` in the project folder."""
    env = os.environ if env is None else env
    raw = env.get(DATA_DIR_ENV, "").strip()
    return Path(raw).expanduser().absolute() if raw else DATA_DIR


def database_url(env: Mapping[str, str] | None = None) -> URL:
    """The configured database: ``DATABASE_URL`` if set, else ``fuba.sqlite3`` in ``data_dir``.

    ``sqlite:///x.db`` and ``postgres://...`` are accepted and given their async driver.
    """
    env = os.environ if env is None else env
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return URL.create("sqlite+aiosqlite", database=str(data_dir(env) / SQLITE_NAME))
    url = make_url(raw)
    driver = _ASYNC_DRIVERS.get(url.drivername)
    return url.set(drivername=driver) if driver else url


def describe(url: URL) -> str:
    """The URL as it may be printed: password hidden."""
    return url.render_as_string(hide_password=True)


def storage_notes(url: URL) -> list[str]:
    """What the bot says at start-up about a SQLite database: the full path of its file,
    whether it is new, and a warning when it lies inside the project folder (a fresh checkout
    or a redeploy would start without the saved matches). Call it before the file is created."""
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return []
    if database.startswith("file:"):
        return []
    path = Path(database).expanduser().absolute()
    line = f"Saved matches: {path}"
    if not path.exists():
        line += " (a new file: nothing saved there yet)"
    notes = [line]
    if path.is_relative_to(ROOT):
        notes.append(
            "This file is inside the project folder: a fresh checkout or a redeploy starts "
            f"without it. Set {DATA_DIR_ENV} to a folder that outlives them (or DATABASE_URL)."
        )
    return notes
