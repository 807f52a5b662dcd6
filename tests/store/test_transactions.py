"""How the store's transactions meet (``store.transactions``): on SQLite the bot's own writers
queue in the process, so none of them ever meets "database is locked"; a lock held by another
program is waited out and retried, and refused with a plain message when it lasts; on
PostgreSQL a step rewrites a small row and never the match's initial state."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from engine.core import Action
from store import db
from store.challenges import ChallengeStore
from store.errors import StoreBusy
from store.repository import MatchStore
from tests.store.conftest import NewMatch

MATCHES_AT_ONCE = 30
STEPS = 12


@pytest.fixture
def short_lock_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite gives up on a lock after 50 ms instead of 5 s, so that waits show at once."""
    pragmas = tuple(
        "PRAGMA busy_timeout=50" if "busy_timeout" in pragma else pragma
        for pragma in db.SQLITE_PRAGMAS
    )
    monkeypatch.setattr(db, "SQLITE_PRAGMAS", pragmas)


@pytest.fixture
def sqlite_file(db_url: URL, backend: str) -> str:
    assert backend == "sqlite" and db_url.database is not None
    return db_url.database


class OtherProgram:
    """Another program holding the SQLite file's write lock for a while (a backup, a second
    process on the same file)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.holding = threading.Event()
        self.release = threading.Event()
        self._thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        self.holding.set()
        self.release.wait(timeout=30)
        conn.execute("COMMIT")
        conn.close()

    def __enter__(self) -> OtherProgram:
        self._thread.start()
        self.holding.wait(timeout=10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self._thread.join()


@pytest.mark.parametrize("backend", ["sqlite"])  # SQLite's file lock
@pytest.mark.usefixtures("short_lock_wait", "sqlite_file")
async def test_many_writers_at_once_all_get_through(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action]
) -> None:
    """Matches played side by side, names remembered and challenges opened at the same time:
    with SQLite giving up on a lock after 50 ms, not one write fails."""
    matches = [await new_match(store, channel=1_000 + i) for i in range(MATCHES_AT_ONCE)]
    challenges = ChallengeStore(store.engine)

    async def play(match_id: int) -> None:
        for version, action in enumerate(coach_log[:STEPS]):
            await store.apply(match_id, action, expected_version=version)

    async def challenge(i: int) -> None:
        await challenges.open(
            guild_id=1,
            channel_id=5_000 + i,
            ruleset="fuba",
            challenger_id=1,
            challenger_name="Ada",
            opponent_id=2,
            opponent_name="Brian",
        )

    await asyncio.gather(
        *(play(match.id) for match in matches),
        *(store.remember_player(10_000 + i, f"Member {i}") for i in range(MATCHES_AT_ONCE)),
        *(challenge(i) for i in range(MATCHES_AT_ONCE)),
    )
    for match in matches:
        assert (await store.get_match(match.id)).version == STEPS
    assert len(await store.display_names(range(10_000, 10_000 + MATCHES_AT_ONCE))) == (
        MATCHES_AT_ONCE
    )


@pytest.mark.parametrize("backend", ["sqlite"])  # SQLite's file lock
@pytest.mark.usefixtures("short_lock_wait")
async def test_a_lock_held_for_a_moment_elsewhere_is_waited_out(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action], sqlite_file: str
) -> None:
    match = await new_match(store)
    with OtherProgram(sqlite_file) as other:
        step = asyncio.create_task(store.apply(match.id, coach_log[0], expected_version=0))
        await asyncio.sleep(0.3)  # six times SQLite's own wait: the first attempt gave up
        assert not step.done()
        other.release.set()
        applied = await asyncio.wait_for(step, timeout=10)
    assert applied.match.version == 1
    assert (await store.get_match(match.id)).version == 1


@pytest.mark.parametrize("backend", ["sqlite"])  # SQLite's file lock
@pytest.mark.usefixtures("short_lock_wait")
async def test_a_lock_that_lasts_is_refused_plainly_and_changes_nothing(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action], sqlite_file: str
) -> None:
    match = await new_match(store)
    with (
        OtherProgram(sqlite_file),
        pytest.raises(StoreBusy, match="busy right now; nothing was changed"),
    ):
        await store.apply(match.id, coach_log[0], expected_version=0)
    assert (await store.get_match(match.id)).version == 0


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_step_rewrites_a_small_row_not_the_initial_state(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action], ruleset: str
) -> None:
    """PostgreSQL keeps a FUBA match's initial state out of the row (migration 0009): the
    UPDATE of a step copies a row of a couple of hundred bytes, not the whole match. (A Sports
    Dice Soccer row stays under PostgreSQL's 2 KB threshold and is kept whole.)"""
    if ruleset != "fuba":
        pytest.skip("a Sports Dice Soccer row is small enough to be kept whole")
    async with store.engine.begin() as conn:
        try:
            await conn.execute(text("CREATE EXTENSION IF NOT EXISTS pgstattuple"))
        except Exception as exc:  # a server without the contrib modules
            pytest.skip(f"pgstattuple is not available: {exc}")
    match = await new_match(store)
    for version, action in enumerate(coach_log[:STEPS]):
        await store.apply(match.id, action, expected_version=version)
    async with store.engine.connect() as conn:
        row_bytes: Any = await conn.scalar(text("SELECT tuple_len FROM pgstattuple('matches')"))
        initial_bytes: Any = await conn.scalar(
            text("SELECT pg_column_size(initial_state) FROM matches WHERE id = :id"),
            {"id": match.id},
        )
    assert initial_bytes > 250
    assert row_bytes < 250, f"the match row holds {row_bytes} bytes"
