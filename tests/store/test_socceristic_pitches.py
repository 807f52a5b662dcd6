"""Socceristic pitches uploaded per server: saved under a name (the same name replaces), read
back as the same data with its key, listed, removed; each server sees only its own; a server
keeps a limited number. On SQLite, and PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
import hashlib
import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from store.pitches import MAX_PITCHES, NAME_MAX, PitchStore, TooManyPitches
from store.repository import MatchStore

T0 = datetime(2026, 11, 24, 15, 0, tzinfo=UTC)
GUILD, OTHER = 1, 2
# The store keeps any JSON object: the cogs validate the pitch file before saving it.
DATA = {"format": "socceristic-pitch/1", "name": "Wembley", "rows": ["N NE", "S SW"], "x": "é"}


@pytest.fixture
async def pitches(store: MatchStore) -> PitchStore:
    async with store.engine.begin() as conn:  # PostgreSQL's database is shared by the tests
        await conn.execute(text("DELETE FROM socceristic_pitches"))
    return PitchStore(store.engine)


def _key(data: dict[str, object]) -> str:
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


async def test_save_get_list_and_remove(pitches: PitchStore) -> None:
    saved, replaced = await pitches.save(
        guild_id=GUILD, name="Wembley", data=DATA, uploaded_by=2**63 - 1, now=T0
    )
    assert not replaced
    assert (saved.guild_id, saved.name, saved.data) == (GUILD, "Wembley", DATA)
    assert saved.key == _key(DATA)  # the engine's pitch_key of the same data
    assert saved.uploaded_by == 2**63 - 1 and saved.uploaded_at == T0
    assert await pitches.get(GUILD, "Wembley") == saved
    assert await pitches.get(GUILD, "  Wembley\u200b ") == saved  # as typed
    assert await pitches.get(GUILD, "Anfield") is None
    assert await pitches.get(OTHER, "Wembley") is None  # another server's
    await pitches.save(guild_id=GUILD, name="anfield", data={"a": 1}, uploaded_by=7, now=T0)
    await pitches.save(guild_id=GUILD, name="Bramall Lane", data={"b": 2}, uploaded_by=7)
    await pitches.save(guild_id=OTHER, name="Hampden", data={"c": 3}, uploaded_by=8)
    assert await pitches.names(GUILD) == ["anfield", "Bramall Lane", "Wembley"]
    assert await pitches.names(OTHER) == ["Hampden"]
    assert await pitches.remove(GUILD, "Wembley")
    assert not await pitches.remove(GUILD, "Wembley")  # gone already
    assert not await pitches.remove(GUILD, "Hampden")  # not this server's
    assert await pitches.names(GUILD) == ["anfield", "Bramall Lane"]
    assert await pitches.get(GUILD, "Wembley") is None


async def test_the_same_name_replaces_the_pitch(pitches: PitchStore) -> None:
    await pitches.save(guild_id=GUILD, name="Wembley", data=DATA, uploaded_by=7, now=T0)
    changed = {**DATA, "rows": ["E W", "W E"]}
    saved, replaced = await pitches.save(
        guild_id=GUILD, name=" Wembley ", data=changed, uploaded_by=9
    )
    assert replaced and saved.data == changed and saved.uploaded_by == 9
    assert saved.key == _key(changed) != _key(DATA)
    assert await pitches.names(GUILD) == ["Wembley"]
    assert await pitches.get(GUILD, "Wembley") == saved


async def test_names_must_show_and_fit(pitches: PitchStore) -> None:
    with pytest.raises(ValueError, match="at least one letter"):
        await pitches.save(guild_id=GUILD, name=" \u200b ", data=DATA, uploaded_by=7)
    with pytest.raises(ValueError, match=f"at most {NAME_MAX}"):
        await pitches.save(guild_id=GUILD, name="x" * (NAME_MAX + 1), data=DATA, uploaded_by=7)
    assert await pitches.names(GUILD) == []
    assert await pitches.get(GUILD, "") is None and not await pitches.remove(GUILD, "")


async def test_a_server_keeps_a_limited_number(pitches: PitchStore) -> None:
    for n in range(MAX_PITCHES):
        await pitches.save(guild_id=GUILD, name=f"P{n}", data={"n": n}, uploaded_by=7)
    with pytest.raises(TooManyPitches, match="remove one"):
        await pitches.save(guild_id=GUILD, name="One more", data=DATA, uploaded_by=7)
    assert len(await pitches.names(GUILD)) == MAX_PITCHES
    # replacing one of them is no new pitch; another server has room
    _, replaced = await pitches.save(guild_id=GUILD, name="P3", data=DATA, uploaded_by=7)
    assert replaced and (await pitches.get(GUILD, "P3")) is not None
    await pitches.save(guild_id=OTHER, name="One more", data=DATA, uploaded_by=7)


async def test_racing_saves_of_one_name_keep_one_pitch(pitches: PitchStore) -> None:
    datas = [{"n": n} for n in range(5)]
    results = await asyncio.gather(
        *(pitches.save(guild_id=GUILD, name="Wembley", data=data, uploaded_by=7) for data in datas)
    )
    assert await pitches.names(GUILD) == ["Wembley"]
    kept = await pitches.get(GUILD, "Wembley")
    assert kept is not None and kept.data in datas
    assert sum(not replaced for _, replaced in results) >= 1
