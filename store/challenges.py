"""Open challenges in the database, so that accepting one works after a restart and two bot
processes agree on what is open.

A channel has at most one open challenge (a unique ``channel_id``). Answering, withdrawing or
cancelling a challenge deletes its row, and ``take`` does it with ``DELETE ... RETURNING``: of
two clicks, or two processes, answering at once exactly one gets the challenge. A challenge
lapses ``CHALLENGE_TTL`` after it was made, so a forgotten one never blocks its channel: it
counts as gone, and the next ``open`` in the channel replaces it.

Every call takes ``now`` (timezone-aware UTC, default the clock) so tests can move time::

    challenges = ChallengeStore(match_store.engine)
    c = await challenges.open(guild_id=1, channel_id=2, ruleset="dicesoccer", challenger_id=10,
                              challenger_name="Ada", opponent_id=20, opponent_name="Brian")
    assert await challenges.take(2, c.id) == c  # accepted
    assert await challenges.take(2, c.id) is None  # a double click: already taken
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Row, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from store.cluster import ALL_GUILDS, Sharding
from store.errors import ChallengePending
from store.models import Challenge, JSONData, utcnow
from store.transactions import Transactions

CHALLENGES = cast(Table, Challenge.__table__)
CHALLENGE_TTL = timedelta(hours=24)  # how long a challenge stays open unanswered
_OPEN_ATTEMPTS = 3  # an open that loses a race to a challenge answered at once tries again
LAPSE_BATCH = 100  # lapsed challenges settled per sweep at most

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    """An open challenge as stored. ``options`` are the game's start options."""

    id: int
    guild_id: int
    channel_id: int
    ruleset: str
    challenger_id: int
    challenger_name: str
    opponent_id: int
    opponent_name: str
    options: JSONData
    message_id: int | None  # the message with the buttons, once posted
    created_at: datetime
    expires_at: datetime

    def expired(self, now: datetime | None = None) -> bool:
        return self.expires_at <= (now or utcnow())


def _decode(row: Row[Any]) -> StoredChallenge:
    return StoredChallenge(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        ruleset=row.ruleset,
        challenger_id=row.challenger_id,
        challenger_name=row.challenger_name,
        opponent_id=row.opponent_id,
        opponent_name=row.opponent_name,
        options=dict(row.options),
        message_id=row.message_id,
        created_at=row.created_at,
        expires_at=row.expires_at,
    )


class ChallengeStore:
    """The open challenges, over the store's engine (``ChallengeStore(match_store.engine)``).
    Safe for concurrent tasks and for several processes on one database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.db = Transactions.of(engine)  # writes queue behind the match store's (SQLite)

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        ruleset: str,
        challenger_id: int,
        challenger_name: str,
        opponent_id: int,
        opponent_name: str,
        options: JSONData | None = None,
        now: datetime | None = None,
        ttl: timedelta = CHALLENGE_TTL,
    ) -> StoredChallenge:
        """Open a challenge in a channel, replacing an expired one. Raises ``ChallengePending``
        (with the open challenge) when the channel has one that has not expired; the database
        refuses the second of two racing opens too."""
        if challenger_id == opponent_id:
            raise ValueError("a challenge needs two different players")
        if ttl <= timedelta(0):
            raise ValueError(f"a challenge must stay open for some time, not {ttl}")
        for _ in range(_OPEN_ATTEMPTS):
            at = now or utcnow()
            values = {
                "guild_id": guild_id,
                "channel_id": channel_id,
                "ruleset": ruleset,
                "challenger_id": challenger_id,
                "challenger_name": challenger_name,
                "opponent_id": opponent_id,
                "opponent_name": opponent_name,
                "options": dict(options or {}),
                "message_id": None,
                "created_at": at,
                "expires_at": at + ttl,
            }
            try:
                async with self.db.begin() as conn:
                    # The DELETE comes first: on SQLite it takes the write lock (BEGIN
                    # IMMEDIATE), so the INSERT after it cannot meet a challenge that lapsed.
                    await conn.execute(
                        delete(CHALLENGES).where(
                            CHALLENGES.c.channel_id == channel_id, CHALLENGES.c.expires_at <= at
                        )
                    )
                    row = (
                        await conn.execute(insert(CHALLENGES).values(values).returning(CHALLENGES))
                    ).one()
                return _decode(row)
            except IntegrityError as exc:
                pending = await self.get(channel_id, at)
                if pending is not None:
                    raise ChallengePending(pending) from exc
                # The other challenge was answered (or lapsed) meanwhile: try again.
        raise RuntimeError(f"could not open a challenge in channel {channel_id}")

    async def get(self, channel_id: int, now: datetime | None = None) -> StoredChallenge | None:
        """The channel's open challenge; None when there is none or it has expired."""
        query = select(CHALLENGES).where(
            CHALLENGES.c.channel_id == channel_id, CHALLENGES.c.expires_at > (now or utcnow())
        )
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
        return None if row is None else _decode(row)

    async def set_message_id(self, challenge_id: int, message_id: int) -> bool:
        """Remember the message with the challenge's buttons; False if the challenge is gone
        (answered before its message was recorded)."""
        async with self.db.begin() as conn:
            result = await conn.execute(
                update(CHALLENGES)
                .where(CHALLENGES.c.id == challenge_id)
                .values(message_id=message_id)
            )
        return result.rowcount == 1

    async def take(
        self, channel_id: int, challenge_id: int, now: datetime | None = None
    ) -> StoredChallenge | None:
        """Remove the open challenge ``challenge_id`` of a channel and return it, to answer or
        withdraw it. Exactly one caller gets it; the others (a double click, another process,
        a challenge since answered, withdrawn, expired or replaced) get None."""
        return await self._delete(
            CHALLENGES.c.channel_id == channel_id,
            CHALLENGES.c.id == challenge_id,
            CHALLENGES.c.expires_at > (now or utcnow()),
        )

    async def cancel(
        self, channel_id: int, challenge_id: int | None = None
    ) -> StoredChallenge | None:
        """Remove the channel's challenge (only ``challenge_id`` when given), expired or not;
        returns what was removed, once. For clean-ups, say a challenge whose message could not
        be posted."""
        where = [CHALLENGES.c.channel_id == channel_id]
        if challenge_id is not None:
            where.append(CHALLENGES.c.id == challenge_id)
        return await self._delete(*where)

    async def lapsed(self, channel_id: int, now: datetime | None = None) -> StoredChallenge | None:
        """Remove the channel's challenge if it has lapsed and return it, once (so its message
        can say so); None when there is none or it is still open."""
        return await self._delete(
            CHALLENGES.c.channel_id == channel_id, CHALLENGES.c.expires_at <= (now or utcnow())
        )

    async def lapse(
        self,
        settle: Callable[[StoredChallenge], Awaitable[None]],
        now: datetime | None = None,
        sharding: Sharding = ALL_GUILDS,
        limit: int = LAPSE_BATCH,
    ) -> int:
        """Settle and remove the lapsed challenges of this process's guilds (``sharding``), at
        most ``limit``; returns how many. Each is settled (``settle``: its message says so)
        before its row goes, so a process that stops half-way leaves it for the next sweep.
        On PostgreSQL the row is claimed for that time (``FOR UPDATE SKIP LOCKED``, in one
        transaction with the delete): of several processes sweeping at once one settles it.
        A failing ``settle`` is logged and the challenge removed all the same (a lapsed
        challenge is gone either way)."""
        at = now or utcnow()
        query = (
            select(CHALLENGES)
            .where(CHALLENGES.c.expires_at <= at, sharding.guild_filter(CHALLENGES.c.guild_id))
            .order_by(CHALLENGES.c.id)
            .limit(1)
        )
        done = 0
        while done < limit:
            if self.db.single_writer:  # SQLite: one process; reads and writes stay short
                row = await self.db.read(lambda conn: conn.execute(query).one_or_none())
                if row is None:
                    break
                await _settle(settle, _decode(row))
                await self.db.write(_dropping(row.id))
            else:
                async with self.engine.begin() as conn:
                    claim = query.with_for_update(skip_locked=True)
                    row = (await conn.execute(claim)).one_or_none()
                    if row is None:
                        break
                    await _settle(settle, _decode(row))
                    await conn.run_sync(_dropping(row.id))
            done += 1
        return done

    async def _delete(self, *where: Any) -> StoredChallenge | None:
        # PostgreSQL: a second DELETE of the row waits for the first and then finds it gone.
        # SQLite: the DELETE runs under the database's write lock. Either way one caller only
        # gets the row back.
        async with self.db.begin() as conn:
            row = (
                await conn.execute(delete(CHALLENGES).where(*where).returning(CHALLENGES))
            ).one_or_none()
        return None if row is None else _decode(row)


def _dropping(challenge_id: int) -> Callable[[Connection], None]:
    """The write that removes a challenge, for ``Transactions.write`` or ``run_sync``."""

    def drop(conn: Connection) -> None:
        conn.execute(delete(CHALLENGES).where(CHALLENGES.c.id == challenge_id))

    return drop


async def _settle(
    settle: Callable[[StoredChallenge], Awaitable[None]], challenge: StoredChallenge
) -> None:
    try:
        await settle(challenge)
    except Exception:
        log.exception("challenge %s: its lapse could not be shown", challenge.id)
