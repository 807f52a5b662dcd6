"""Where the database is: DATABASE_URL, or data/fuba.sqlite3 in the project."""

from __future__ import annotations

from store.config import DATA_DIR, ROOT, database_url, describe


def test_the_default_is_a_sqlite_file_in_the_data_directory() -> None:
    url = database_url({})
    assert url.drivername == "sqlite+aiosqlite"
    assert url.database == str(ROOT / "data" / "fuba.sqlite3")
    assert DATA_DIR == ROOT / "data"
    assert database_url({"DATABASE_URL": "  "}) == url


def test_database_url_wins_and_gets_an_async_driver() -> None:
    cases = {
        "sqlite:////srv/fuba.db": "sqlite+aiosqlite:////srv/fuba.db",
        "postgres://bot:pw@db:5432/fuba": "postgresql+asyncpg://bot:pw@db:5432/fuba",
        "postgresql://bot@db/fuba": "postgresql+asyncpg://bot@db/fuba",
        "postgresql+asyncpg://bot@db/fuba": "postgresql+asyncpg://bot@db/fuba",
        "sqlite+aiosqlite:///relative.db": "sqlite+aiosqlite:///relative.db",
    }
    for given, wanted in cases.items():
        url = database_url({"DATABASE_URL": given})
        assert url.render_as_string(hide_password=False) == wanted


def test_printed_urls_hide_the_password() -> None:
    url = database_url({"DATABASE_URL": "postgres://bot:s3cret@db/fuba"})
    assert describe(url) == "postgresql+asyncpg://bot:***@db/fuba"
