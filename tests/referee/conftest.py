"""Referee fixtures: a migrated SQLite store per test, and a referee over it."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from referee.service import Referee
from store.repository import MatchStore, Seat
from tests.store.conftest import sqlite_template, sqlite_url

__all__ = ["sqlite_template"]  # the store's session fixture: one migrated template file

ADA, BRIAN, BOT, CAROL = 101, 202, 999, 303  # Carol only watches
SEATS = (Seat("west", ADA, "Ada"), Seat("east", BRIAN, "Brian"))
COACH_SEATS = (Seat("west", ADA, "Ada"), Seat("east", BOT, "Coach"))


@pytest.fixture
async def store(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[MatchStore]:
    path = tmp_path / "fuba.sqlite3"
    shutil.copyfile(sqlite_template, path)
    store = MatchStore.open(sqlite_url(path))
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def referee(store: MatchStore) -> Referee:
    return Referee(store)
