"""`python3 bot.py backup`: a consistent copy of the SQLite database while the bot may be
writing to it; PostgreSQL is pointed to its own tool."""

from __future__ import annotations

import asyncio
import doctest
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

import bot
from store import backup as store_backup
from store.backup import BackupError, backup
from store.migrate import migrate
from store.repository import MatchStore, Seat

SEATS = [Seat("west", 101, "Ada"), Seat("east", 202, "Brian")]


def sqlite(path: Path) -> URL:
    return URL.create("sqlite+aiosqlite", database=str(path))


async def a_database_with_a_match(path: Path) -> int:
    store = MatchStore.open(sqlite(path))
    try:
        await migrate(store.engine)
        match = await store.create_match(guild_id=1, channel_id=2, ruleset="fuba", seats=SEATS)
        return match.id
    finally:
        await store.close()


async def test_the_copy_holds_the_matches_and_opens_as_a_database(tmp_path: Path) -> None:
    match_id = await a_database_with_a_match(tmp_path / "fuba.sqlite3")

    copy = backup(sqlite(tmp_path / "fuba.sqlite3"), tmp_path / "saved" / "copy.sqlite3")

    assert copy == tmp_path / "saved" / "copy.sqlite3"
    store = MatchStore.open(sqlite(copy))
    try:
        found = await store.active_match(2)
        assert found is not None and found.id == match_id
    finally:
        await store.close()


async def test_a_copy_taken_while_the_bot_writes_is_one_moment(tmp_path: Path) -> None:
    """Matches keep being created while the copy is made: it holds a whole number of them,
    each readable."""
    path = tmp_path / "fuba.sqlite3"
    await a_database_with_a_match(path)
    store = MatchStore.open(sqlite(path))
    stop = asyncio.Event()

    async def busy() -> None:
        channel = 100
        while not stop.is_set():
            await store.create_match(guild_id=1, channel_id=channel, ruleset="fuba", seats=SEATS)
            channel += 1

    writer = asyncio.create_task(busy())
    try:
        await asyncio.sleep(0.05)
        copy = await asyncio.to_thread(backup, sqlite(path), tmp_path / "copy.sqlite3")
    finally:
        stop.set()
        await writer
        await store.close()
    copied = MatchStore.open(sqlite(copy))
    try:
        assert await copied.active_match(2) is not None
        assert await copied.active_matches(1)  # every match it holds reads back whole
    finally:
        await copied.close()


def test_the_default_copy_lies_beside_the_database(tmp_path: Path) -> None:
    asyncio.run(a_database_with_a_match(tmp_path / "fuba.sqlite3"))

    copy = backup(sqlite(tmp_path / "fuba.sqlite3"))

    assert copy.parent == tmp_path and copy.name.startswith("fuba-backup-")
    assert copy.suffix == ".sqlite3" and copy.stat().st_size > 0


@pytest.mark.parametrize(
    ("url", "why"),
    [
        (URL.create("postgresql+asyncpg", database="fuba"), "pg_dump"),
        (URL.create("sqlite+aiosqlite", database=":memory:"), "memory"),
        (URL.create("sqlite+aiosqlite", database="/nowhere/fuba.sqlite3"), "no database"),
    ],
)
def test_what_cannot_be_copied_says_why(url: URL, why: str) -> None:
    with pytest.raises(BackupError, match=why):
        backup(url)


def test_an_existing_copy_is_never_overwritten(tmp_path: Path) -> None:
    asyncio.run(a_database_with_a_match(tmp_path / "fuba.sqlite3"))
    (tmp_path / "copy.sqlite3").write_text("keep me")

    with pytest.raises(BackupError, match="exists already"):
        backup(sqlite(tmp_path / "fuba.sqlite3"), tmp_path / "copy.sqlite3")
    assert (tmp_path / "copy.sqlite3").read_text() == "keep me"


def test_the_command_copies_the_configured_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(a_database_with_a_match(tmp_path / "fuba.sqlite3"))
    monkeypatch.setenv("DATABASE_URL", str(sqlite(tmp_path / "fuba.sqlite3")))

    assert bot.main(["backup", str(tmp_path / "nightly.sqlite3")]) == 0

    assert (tmp_path / "nightly.sqlite3").is_file()
    assert f"Database copied to {tmp_path / 'nightly.sqlite3'}" in capsys.readouterr().out
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1/fuba")
    assert bot.main(["backup"]) == 1
    assert "pg_dump" in capsys.readouterr().err


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(store_backup)
    assert tried > 0 and failures == 0
