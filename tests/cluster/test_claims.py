"""The claims that make the background work safe with several processes on one database, on
SQLite and PostgreSQL: turn deadlines fired per guild and once, live boards brought up to
date by one process at a time, lapsed challenges settled per guild and once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL

from engine.fuba import coach as fuba_coach
from store.challenges import ChallengeStore, StoredChallenge
from store.cluster import Sharding
from store.deadlines import DeadlineSpec
from store.models import DeadlineKind
from store.repository import MatchStore, Seat, StoredMatch
from tests.cluster.test_sharding import guild_on_shard
from tests.store.conftest import backend, db_url, sqlite_template  # noqa: F401 (fixtures)

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
SEATS = (Seat("west", 101, "Ada"), Seat("east", 202, "Brian"))
FIRST, SECOND = Sharding(count=2, ids=(0,)), Sharding(count=2, ids=(1,))


@pytest.fixture
async def store(db_url: URL) -> AsyncIterator[MatchStore]:  # noqa: F811
    store = MatchStore.open(db_url)
    try:
        yield store
    finally:
        await store.close()


async def match_in(store: MatchStore, guild_id: int, channel_id: int) -> StoredMatch:
    """A match of ``guild_id`` whose east side's clock ran out a minute ago, its live board
    showing it."""

    def plan(_state: Any) -> list[DeadlineSpec]:
        return [DeadlineSpec("east", DeadlineKind.EXPIRY, NOW - timedelta(minutes=1))]

    match = await store.create_match(
        guild_id=guild_id, channel_id=channel_id, ruleset="fuba", seats=SEATS, deadlines=plan
    )
    await store.record_board(
        match.id, channel_id=channel_id, message_id=channel_id, version=0, posted_at=NOW
    )
    return match


async def test_deadlines_fire_for_their_own_guilds_once(store: MatchStore) -> None:
    own = [
        await match_in(store, guild_on_shard(0, 2), 1),
        await match_in(store, 0, 2),  # no guild: shard 0
    ]
    other = await match_in(store, guild_on_shard(1, 2), 3)

    fired = await store.fire_due(NOW, sharding=FIRST)
    assert sorted(d.match_id for d in fired) == sorted(m.id for m in own)
    assert await store.fire_due(NOW, sharding=FIRST) == []  # once
    assert [m.id for m in await store.boards_behind(sharding=FIRST)] == [m.id for m in own]
    assert await store.boards_behind(sharding=SECOND) == []

    assert [d.match_id for d in await store.fire_due(NOW, sharding=SECOND)] == [other.id]
    assert all(d.fired_at is not None for d in await store.deadlines(other.id))


async def test_a_stale_deadline_fires_without_putting_the_board_behind(
    store: MatchStore,
) -> None:
    match = await match_in(store, guild_on_shard(0, 2), 1)
    # west moves in time: the deadline set for the version before is stale
    moved = await store.apply(match.id, fuba_coach.play_match(7)[1][0], expected_version=0)
    version = moved.match.version
    await store.record_board(match.id, channel_id=1, message_id=1, version=version, posted_at=NOW)

    assert [d.match_id for d in await store.fire_due(NOW)] == [match.id]
    assert await store.boards_behind() == []


async def test_many_claims_at_once_fire_each_deadline_once(store: MatchStore) -> None:
    matches = [await match_in(store, guild_on_shard(i % 2, 2), 10 + i) for i in range(20)]
    others = [MatchStore.open(store.engine.url) for _ in range(3)]
    try:
        claims = await asyncio.gather(
            *(s.fire_due(NOW, limit=3) for s in (store, *others) for _ in range(4))
        )
    finally:
        for other in others:
            await other.close()
    claimed = [d.match_id for claim in claims for d in claim]
    assert len(claimed) == len(set(claimed))
    rest = await store.fire_due(NOW)  # what the limits left
    assert sorted(claimed + [d.match_id for d in rest]) == sorted(m.id for m in matches)


async def test_one_process_at_a_time_brings_a_board_up_to_date(
    store: MatchStore,
    backend: str,  # noqa: F811
) -> None:
    match = await match_in(store, 0, 1)
    await store.fire_due(NOW)
    other = MatchStore.open(store.engine.url)
    try:
        async with store.delivering(match.id) as now:
            assert now is not None and now.id == match.id
            if backend == "postgresql":  # another process is refused meanwhile
                async with other.delivering(match.id) as theirs:
                    assert theirs is None
            await store.record_board(
                match.id, channel_id=1, message_id=1, version=now.version, posted_at=NOW
            )
        async with other.delivering(match.id) as theirs:
            assert theirs is None  # up to date now
    finally:
        await other.close()


async def test_lapsed_challenges_are_settled_by_their_own_cluster_once(
    store: MatchStore,
) -> None:
    challenges = ChallengeStore(store.engine)
    opened = {}
    for channel, guild in ((1, guild_on_shard(0, 2)), (2, 0), (3, guild_on_shard(1, 2))):
        opened[channel] = await challenges.open(
            guild_id=guild,
            channel_id=channel,
            ruleset="fuba",
            challenger_id=101,
            challenger_name="Ada",
            opponent_id=202,
            opponent_name="Brian",
            now=NOW - timedelta(days=2),
        )
    settled: list[int] = []

    async def settle(challenge: StoredChallenge) -> None:
        settled.append(challenge.channel_id)
        if challenge.channel_id == 2:
            raise RuntimeError("Discord is away")  # removed all the same

    assert await challenges.lapse(settle, NOW, FIRST) == 2
    assert sorted(settled) == [1, 2]
    assert await challenges.lapse(settle, NOW, FIRST) == 0
    assert await challenges.get(3, NOW - timedelta(hours=36)) == opened[3]  # not its cluster's
    assert await challenges.lapse(settle, NOW, SECOND) == 1
    assert sorted(settled) == [1, 2, 3]
