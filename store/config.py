"""Where the database is: ``DATABASE_URL``, or a SQLite file in the project's data directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import URL, make_url

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"
DEFAULT_SQLITE = DATA_DIR / "fuba.sqlite3"

# Plain URLs as hosting providers hand them out name no async driver; the bot needs one.
_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
}


def database_url(env: Mapping[str, str] | None = None) -> URL:
    """The configured database: ``DATABASE_URL`` if set, else ``data/fuba.sqlite3``.

    ``sqlite:///x.db`` and ``postgres://...`` are accepted and given their async driver.
    """
    env = os.environ if env is None else env
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return URL.create("sqlite+aiosqlite", database=str(DEFAULT_SQLITE))
    url = make_url(raw)
    driver = _ASYNC_DRIVERS.get(url.drivername)
    return url.set(drivername=driver) if driver else url


def describe(url: URL) -> str:
    """The URL as it may be printed: password hidden."""
    return url.render_as_string(hide_password=True)
