"""The Socceristic pitches uploaded to each server (``socceristic_pitches``).

A pitch is stored as the validated file's JSON in canonical text (keys sorted, no spaces), so
its ``key`` (the sha256 of that text) is the engine's ``pitch_key`` of the same data. Names are
kept in the normal form of names typed by members (``engine.leagues.names.normal_name``) and
are unique in a server: saving a name again replaces that pitch. A server holds at most
``MAX_PITCHES``::

    pitches = PitchStore(match_store.engine)
    saved = await pitches.save(guild_id=1, name="Wembley", data=data, uploaded_by=7)
    assert (await pitches.get(1, "Wembley")).data == data
    assert await pitches.names(1) == ["Wembley"]
    assert await pitches.remove(1, "Wembley")
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Row, Table, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from engine.leagues.names import normal_name
from engine.socceristic.pitchfile import canonical, pitch_key
from store.errors import StoreError
from store.models import JSONData, SocceristicPitch, utcnow
from store.transactions import Transactions

PITCHES = cast(Table, SocceristicPitch.__table__)
MAX_PITCHES = 50  # pitches one server may keep
NAME_MAX = 60  # characters in a pitch's name
_REPLACED = ("data", "key", "uploaded_by", "uploaded_at")  # what saving a name again changes


class TooManyPitches(StoreError):
    """The server keeps ``MAX_PITCHES`` already; one must go before another comes."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(
            f"This server keeps {count} pitches already, the most it may; "
            "remove one before uploading another."
        )


def _insert(dialect: str) -> Callable[..., Any]:
    """The INSERT of the database's dialect, which has ON CONFLICT."""
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


def pitch_name(text: str) -> str:
    """A pitch name as typed, in normal form; ValueError when empty or too long.

    >>> pitch_name("  Old\\u200b  Trafford ")
    'Old Trafford'
    """
    name = normal_name(text)
    if not name:
        raise ValueError("A pitch's name needs at least one letter or digit.")
    if len(name) > NAME_MAX:
        raise ValueError(f"A pitch's name has at most {NAME_MAX} characters.")
    return name


@dataclass(frozen=True, slots=True)
class StoredPitch:
    """One server's uploaded pitch: the file's data (a dict), its key, who uploaded it, when."""

    id: int
    guild_id: int
    name: str
    data: JSONData
    key: str
    uploaded_by: int
    uploaded_at: datetime


def _decode(row: Row[Any]) -> StoredPitch:
    return StoredPitch(
        id=row.id,
        guild_id=row.guild_id,
        name=row.name,
        data=json.loads(row.data),
        key=row.key,
        uploaded_by=row.uploaded_by,
        uploaded_at=row.uploaded_at,
    )


class PitchStore:
    """The uploaded pitches over the store's engine (``PitchStore(match_store.engine)``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.db = Transactions.of(engine)  # writes queue behind the match store's (SQLite)

    async def save(
        self,
        *,
        guild_id: int,
        name: str,
        data: JSONData,
        uploaded_by: int,
        now: datetime | None = None,
    ) -> tuple[StoredPitch, bool]:
        """Store a pitch under ``name`` (normal form), replacing the server's pitch of that
        name; returns it and whether one was replaced. ``TooManyPitches`` when the server keeps
        ``MAX_PITCHES`` others; ValueError for a name that is empty or too long."""
        name = pitch_name(name)
        values = {
            "guild_id": guild_id,
            "name": name,
            "data": canonical(data),
            "key": pitch_key(data),
            "uploaded_by": uploaded_by,
            "uploaded_at": now or utcnow(),
        }
        async with self.db.begin() as conn:
            # Both databases add or replace the row in one statement (ON CONFLICT), so racing
            # saves of one name leave one pitch, the last one's.
            upsert = _insert(conn.dialect.name)(PITCHES).values(values)
            upsert = upsert.on_conflict_do_update(
                index_elements=[PITCHES.c.guild_id, PITCHES.c.name],
                set_={column: upsert.excluded[column] for column in _REPLACED},
            )
            existing = (
                await conn.execute(
                    select(PITCHES.c.name).where(PITCHES.c.guild_id == guild_id).with_for_update()
                )
            ).scalars()
            names = set(existing)
            replaced = name in names
            if not replaced and len(names) >= MAX_PITCHES:
                raise TooManyPitches(len(names))
            row = (await conn.execute(upsert.returning(PITCHES))).one()
        return _decode(row), replaced

    async def get(self, guild_id: int, name: str) -> StoredPitch | None:
        """The server's pitch of that name (as typed: compared in normal form), or None."""
        try:
            name = pitch_name(name)
        except ValueError:
            return None
        query = select(PITCHES).where(PITCHES.c.guild_id == guild_id, PITCHES.c.name == name)
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
        return None if row is None else _decode(row)

    async def names(self, guild_id: int) -> list[str]:
        """The names of the server's pitches, in alphabetical order (case aside)."""
        query = select(PITCHES.c.name).where(PITCHES.c.guild_id == guild_id)
        async with self.engine.connect() as conn:
            found = list((await conn.execute(query)).scalars())
        return sorted(found, key=lambda name: (name.casefold(), name))

    async def remove(self, guild_id: int, name: str) -> bool:
        """Delete the server's pitch of that name; False when it has none."""
        try:
            name = pitch_name(name)
        except ValueError:
            return False
        async with self.db.begin() as conn:
            result = await conn.execute(
                delete(PITCHES).where(PITCHES.c.guild_id == guild_id, PITCHES.c.name == name)
            )
        return result.rowcount > 0
