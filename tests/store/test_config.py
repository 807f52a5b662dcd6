"""Where the database is: DATABASE_URL, or fuba.sqlite3 in FUBA_DATA_DIR (default data/ in the
project), and what the bot says about it at start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from store.config import (
    DATA_DIR,
    DEFAULT_SQLITE,
    ROOT,
    data_dir,
    database_url,
    describe,
    storage_notes,
)
from store.migrate import DatabaseUnavailable, upgrade_database


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


def test_fuba_data_dir_moves_the_default_database(tmp_path: Path) -> None:
    url = database_url({"FUBA_DATA_DIR": str(tmp_path / "fuba-data")})
    assert url.drivername == "sqlite+aiosqlite"
    assert url.database == str(tmp_path / "fuba-data" / "fuba.sqlite3")
    assert data_dir({"FUBA_DATA_DIR": " "}) == DATA_DIR  # blank: the default


def test_a_relative_or_home_data_dir_becomes_a_full_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir({"FUBA_DATA_DIR": "state"}) == tmp_path / "state"
    assert data_dir({"FUBA_DATA_DIR": "~/fuba"}) == tmp_path / "home" / "fuba"


def test_database_url_wins_over_the_data_dir(tmp_path: Path) -> None:
    env = {"DATABASE_URL": "postgres://bot@db/fuba", "FUBA_DATA_DIR": str(tmp_path)}
    assert database_url(env).render_as_string() == "postgresql+asyncpg://bot@db/fuba"


def test_start_up_says_where_the_matches_are_kept(tmp_path: Path) -> None:
    # The default file is inside the project folder: a redeploy would start empty.
    notes = " ".join(storage_notes(database_url({})))
    assert str(DEFAULT_SQLITE) in notes
    assert "inside the project folder" in notes and "FUBA_DATA_DIR" in notes
    # Elsewhere: the full path, and whether anything is saved there yet.
    url = database_url({"FUBA_DATA_DIR": str(tmp_path)})
    new = " ".join(storage_notes(url))
    assert str(tmp_path / "fuba.sqlite3") in new and "new file" in new
    assert "project folder" not in new
    (tmp_path / "fuba.sqlite3").write_bytes(b"")
    kept = " ".join(storage_notes(url))
    assert str(tmp_path / "fuba.sqlite3") in kept and "new file" not in kept
    # A relative SQLite URL is shown as the full path it opens.
    relative = storage_notes(database_url({"DATABASE_URL": "sqlite:///relative.db"}))
    assert str(Path.cwd() / "relative.db") in " ".join(relative)
    assert storage_notes(database_url({"DATABASE_URL": "postgres://bot@db/fuba"})) == []


def test_the_bot_keeps_its_data_in_fuba_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "kept"
    env = {**os.environ, "FUBA_NO_VENV": "1", "FUBA_DATA_DIR": str(data)}
    for name in ("DATABASE_URL", "DISCORD_TOKEN"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert (data / "fuba.sqlite3").is_file()
    assert f"Saved matches: {data / 'fuba.sqlite3'} (a new file" in done.stderr


def test_the_help_names_the_settings() -> None:
    from bot import build_parser

    text = " ".join(build_parser().format_help().split())
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "FUBA_DATA_DIR", "FUBA_SYNC_GUILDS"):
        assert name in text, name


def test_a_data_dir_that_cannot_be_used_is_explained(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    with pytest.raises(DatabaseUnavailable) as err:
        upgrade_database(database_url({"FUBA_DATA_DIR": str(taken)}))
    message = str(err.value)
    assert str(taken / "fuba.sqlite3") in message
    assert "FUBA_DATA_DIR" in message and "data/fuba.sqlite3" not in message
