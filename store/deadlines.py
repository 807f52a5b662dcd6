"""Turn deadlines in the database: what the referee sets after each decision and the dispatcher
fires. ``MatchStore`` exposes these; the helpers take a connection so that deadlines can be
written in the same transaction as the move that set them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Row, Table, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from store.models import Deadline, DeadlineKind, utcnow

DEADLINES = cast(Table, Deadline.__table__)


@dataclass(frozen=True, slots=True)
class DeadlineSpec:
    """A deadline to set: ``side`` must decide by ``due_at``."""

    side: str
    kind: DeadlineKind
    due_at: datetime


@dataclass(frozen=True, slots=True)
class StoredDeadline:
    id: int
    match_id: int
    side: str
    kind: DeadlineKind
    due_at: datetime
    version: int  # the match version it was set for
    fired_at: datetime | None


# Called with the state after a change; returns the deadlines of the decisions now pending
# (empty: none, say the match is over).
DeadlinePlan = Callable[[Any], Sequence[DeadlineSpec]]


def _decode(row: Row[Any]) -> StoredDeadline:
    return StoredDeadline(
        id=row.id,
        match_id=row.match_id,
        side=row.side,
        kind=DeadlineKind(row.kind),
        due_at=row.due_at,
        version=row.version,
        fired_at=row.fired_at,
    )


def replace(conn: Connection, match_id: int, version: int, specs: Sequence[DeadlineSpec]) -> None:
    """Drop the match's unfired deadlines and set ``specs`` for ``version`` (within a store
    transaction: ``store.transactions``)."""
    conn.execute(
        delete(DEADLINES).where(DEADLINES.c.match_id == match_id, DEADLINES.c.fired_at.is_(None))
    )
    if specs:
        now = utcnow()
        conn.execute(
            insert(DEADLINES),
            [
                {
                    "match_id": match_id,
                    "side": spec.side,
                    "kind": spec.kind.value,
                    "due_at": spec.due_at,
                    "version": version,
                    "fired_at": None,
                    "created_at": now,
                }
                for spec in specs
            ],
        )


def clear(conn: Connection, match_id: int) -> None:
    conn.execute(delete(DEADLINES).where(DEADLINES.c.match_id == match_id))


async def due(conn: AsyncConnection, now: datetime, limit: int) -> list[StoredDeadline]:
    query = (
        select(DEADLINES)
        .where(DEADLINES.c.fired_at.is_(None), DEADLINES.c.due_at <= now)
        .order_by(DEADLINES.c.due_at, DEADLINES.c.id)
        .limit(limit)
    )
    return [_decode(row) for row in await conn.execute(query)]


async def of_match(conn: AsyncConnection, match_id: int) -> list[StoredDeadline]:
    query = (
        select(DEADLINES)
        .where(DEADLINES.c.match_id == match_id)
        .order_by(DEADLINES.c.due_at, DEADLINES.c.id)
    )
    return [_decode(row) for row in await conn.execute(query)]


async def mark_fired(conn: AsyncConnection, deadline_id: int, now: datetime) -> bool:
    """True for exactly one caller: the UPDATE only touches a deadline not fired yet (the row
    lock on PostgreSQL, the write lock on SQLite, make the second caller see it fired)."""
    result = await conn.execute(
        update(DEADLINES)
        .where(DEADLINES.c.id == deadline_id, DEADLINES.c.fired_at.is_(None))
        .values(fired_at=now)
    )
    return result.rowcount == 1
