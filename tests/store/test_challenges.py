"""Open challenges in the store: one per channel, refused while open, replaced once expired,
taken (answered or withdrawn) exactly once even by racing tasks and processes."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import URL

from store.challenges import CHALLENGE_TTL, ChallengeStore, StoredChallenge
from store.errors import ChallengePending, StoreError
from store.repository import MatchStore

T0 = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
OPTIONS = {"dice": "virtual", "thread": True, "turn_timeout": 10}


@pytest.fixture
def challenges(store: MatchStore) -> ChallengeStore:
    return ChallengeStore(store.engine)


async def _open(
    challenges: ChallengeStore, channel_id: int = 2, now: datetime = T0, **changes: Any
) -> StoredChallenge:
    values: dict[str, Any] = {
        "guild_id": 1,
        "channel_id": channel_id,
        # FUBA only: a challenge starts no match, and its ruleset is a name the store keeps
        # as given (the cogs check it), so one ruleset covers the challenge store.
        "ruleset": "fuba",
        "challenger_id": 101,
        "challenger_name": "Ada",
        "opponent_id": 202,
        "opponent_name": "Brian",
        "options": OPTIONS,
        "now": now,
    }
    return await challenges.open(**{**values, **changes})


async def test_open_get_and_set_the_message(challenges: ChallengeStore) -> None:
    challenge = await _open(challenges)
    assert challenge.channel_id == 2 and challenge.ruleset == "fuba"
    assert (challenge.challenger_id, challenge.challenger_name) == (101, "Ada")
    assert (challenge.opponent_id, challenge.opponent_name) == (202, "Brian")
    assert challenge.options == OPTIONS and challenge.message_id is None
    assert challenge.created_at == T0 and challenge.expires_at == T0 + CHALLENGE_TTL
    assert timedelta(hours=24) == CHALLENGE_TTL  # the default
    assert await challenges.get(2, T0) == challenge
    assert await challenges.get(3, T0) is None  # another channel
    # Discord ids are 64-bit
    assert await challenges.set_message_id(challenge.id, 2**63 - 1)
    stored = await challenges.get(2, T0 + timedelta(hours=1))
    assert stored is not None and stored.message_id == 2**63 - 1
    assert stored.expires_at.tzinfo is not None
    assert not await challenges.set_message_id(challenge.id + 1, 5)  # no such challenge


async def test_a_second_challenge_in_the_channel_is_refused(challenges: ChallengeStore) -> None:
    first = await _open(challenges)
    with pytest.raises(ChallengePending) as refused:
        await _open(
            challenges, challenger_id=303, challenger_name="Cleo", now=T0 + CHALLENGE_TTL / 2
        )
    assert isinstance(refused.value, StoreError)
    assert refused.value.challenge == first
    assert "Ada challenged Brian" in str(refused.value)
    assert await challenges.get(2, T0) == first
    other = await _open(challenges, channel_id=3)  # other channels are free
    assert other.id != first.id


async def test_an_expired_challenge_is_gone_and_replaced(challenges: ChallengeStore) -> None:
    first = await _open(challenges)
    expiry = T0 + CHALLENGE_TTL
    assert await challenges.get(2, expiry - timedelta(seconds=1)) == first
    assert await challenges.get(2, expiry) is None
    assert first.expired(expiry) and not first.expired(expiry - timedelta(seconds=1))
    assert await challenges.take(2, first.id, expiry) is None  # too late to accept
    second = await _open(challenges, challenger_id=303, challenger_name="Cleo", now=expiry)
    assert second.id > first.id  # ids are never reused: buttons carry them
    assert second.expires_at == expiry + CHALLENGE_TTL
    assert await challenges.get(2, expiry) == second
    assert await challenges.take(2, first.id, expiry) is None  # the old one is deleted


async def test_a_lapsed_challenge_is_removed_once_for_its_message(
    challenges: ChallengeStore,
) -> None:
    challenge = await _open(challenges)
    expiry = T0 + CHALLENGE_TTL
    assert await challenges.lapsed(2, expiry - timedelta(seconds=1)) is None  # still open
    assert await challenges.get(2, T0) == challenge
    assert await challenges.lapsed(2, expiry) == challenge
    assert await challenges.lapsed(2, expiry) is None  # once
    assert await challenges.cancel(2) is None

    here, there = await _open(challenges, channel_id=2), await _open(challenges, channel_id=3)
    later = await _open(challenges, channel_id=4, now=T0 + timedelta(hours=1))
    settled: list[StoredChallenge] = []

    async def settle(lapsed: StoredChallenge) -> None:
        settled.append(lapsed)

    assert await challenges.lapse(settle, expiry - timedelta(seconds=1)) == 0
    assert await challenges.lapse(settle, expiry) == 2
    assert sorted(c.id for c in settled) == [here.id, there.id]
    assert await challenges.lapse(settle, expiry) == 0  # once
    assert await challenges.get(4, expiry) == later


async def test_a_shorter_time_to_live(challenges: ChallengeStore) -> None:
    challenge = await challenges.open(
        guild_id=1,
        channel_id=2,
        ruleset="fuba",
        challenger_id=101,
        challenger_name="Ada",
        opponent_id=202,
        opponent_name="Brian",
        now=T0,
        ttl=timedelta(minutes=5),
    )
    assert challenge.options == {} and challenge.expires_at == T0 + timedelta(minutes=5)
    with pytest.raises(ValueError):
        await _open(challenges, channel_id=3, opponent_id=101)  # yourself


async def test_take_gives_the_challenge_once(challenges: ChallengeStore) -> None:
    challenge = await _open(challenges)
    assert await challenges.take(2, challenge.id + 1, T0) is None  # not that one
    assert await challenges.take(3, challenge.id, T0) is None  # not that channel
    assert await challenges.take(2, challenge.id, T0) == challenge
    assert await challenges.take(2, challenge.id, T0) is None
    assert await challenges.get(2, T0) is None
    assert (await _open(challenges)).id != challenge.id  # the channel is free again


async def test_cancel_removes_expired_or_not(challenges: ChallengeStore) -> None:
    first = await _open(challenges)
    assert await challenges.cancel(2, first.id + 1) is None
    assert await challenges.cancel(2, first.id) == first
    assert await challenges.cancel(2) is None
    second = await _open(challenges)
    assert await challenges.cancel(2) == second  # expired or not: gone
    assert await challenges.get(2, T0) is None


@pytest.mark.parametrize("engines", [1, 2])
async def test_racing_answers_take_it_exactly_once(db_url: URL, engines: int) -> None:
    stores = [MatchStore.open(db_url) for _ in range(engines)]
    boards = [ChallengeStore(store.engine) for store in stores]
    try:
        for channel_id in range(2, 12):
            challenge = await _open(boards[0], channel_id)
            # a double click, or two processes answering at once
            taken = await asyncio.gather(
                *(board.take(channel_id, challenge.id, T0) for board in boards * 3)
            )
            assert [t for t in taken if t is not None] == [challenge]
            assert taken.count(None) == len(taken) - 1 >= 2
    finally:
        for store in stores:
            await store.close()


async def test_racing_opens_in_one_channel_open_one(db_url: URL) -> None:
    stores = [MatchStore.open(db_url) for _ in range(2)]
    boards = [ChallengeStore(store.engine) for store in stores]
    try:
        results = await asyncio.gather(
            *(
                _open(board, challenger_id=user_id, challenger_name=f"P{user_id}")
                for board in boards
                for user_id in (101, 303)
            ),
            return_exceptions=True,
        )
        opened = [r for r in results if isinstance(r, StoredChallenge)]
        refused = [r for r in results if not isinstance(r, StoredChallenge)]
        assert len(opened) == 1 and len(refused) == 3
        assert all(isinstance(r, ChallengePending) for r in refused), refused
        assert {r.challenge.id for r in refused if isinstance(r, ChallengePending)} == {
            opened[0].id
        }
    finally:
        for store in stores:
            await store.close()


async def test_racing_opens_replace_an_expired_challenge_once(db_url: URL) -> None:
    stores = [MatchStore.open(db_url) for _ in range(2)]
    boards = [ChallengeStore(store.engine) for store in stores]
    try:
        old = await _open(boards[0])
        later = T0 + CHALLENGE_TTL + timedelta(minutes=1)
        results = await asyncio.gather(
            *(_open(board, now=later, challenger_id=303) for board in boards),
            return_exceptions=True,
        )
        opened = [r for r in results if isinstance(r, StoredChallenge)]
        assert len(opened) == 1 and isinstance(
            next(r for r in results if r is not opened[0]), ChallengePending
        )
        assert await boards[1].get(2, later) == opened[0] != old
    finally:
        for store in stores:
            await store.close()
