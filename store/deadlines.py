"""Turn deadlines in the database: what the referee sets after each decision and the dispatcher
fires. ``MatchStore`` exposes these; the helpers take a connection so that deadlines can be
written in the same transaction as the move that set them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Row, Table, delete, insert, select, update

from store.cluster import ALL_GUILDS, Sharding
from store.models import Deadline, DeadlineKind, LiveBoard, Match, MatchStatus, utcnow

DEADLINES = cast(Table, Deadline.__table__)
_MATCHES = cast(Table, Match.__table__)
_BOARDS = cast(Table, LiveBoard.__table__)


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


def of_match(conn: Connection, match_id: int) -> list[StoredDeadline]:
    query = (
        select(DEADLINES)
        .where(DEADLINES.c.match_id == match_id)
        .order_by(DEADLINES.c.due_at, DEADLINES.c.id)
    )
    return [_decode(row) for row in conn.execute(query)]


def fire_due(
    conn: Connection, now: datetime, limit: int, sharding: Sharding = ALL_GUILDS
) -> list[StoredDeadline]:
    """Claim up to ``limit`` deadlines due at ``now`` of the guilds ``sharding`` gives this
    process: they are marked fired in the caller's transaction and returned, soonest first.

    Each deadline goes to one caller only, however many processes claim at once: on
    PostgreSQL the rows one claim has locked are skipped by the others (``SKIP LOCKED``), and
    the UPDATE only takes rows still unfired; on SQLite the write lock orders the claims. In
    the same transaction the live board of every match whose deadline is current (the match
    active at the deadline's version) is put behind, so the board shows the turn clock even if
    this process stops before its callback: the board's delivery loop (after a restart too)
    brings it up to date. A claim rolled back (a crash before the commit) leaves the deadlines
    unfired for the next claim."""
    due = (
        select(DEADLINES.c.id)
        .join(_MATCHES, _MATCHES.c.id == DEADLINES.c.match_id)
        .where(
            DEADLINES.c.fired_at.is_(None),
            DEADLINES.c.due_at <= now,
            sharding.guild_filter(_MATCHES.c.guild_id),
        )
        .order_by(DEADLINES.c.due_at, DEADLINES.c.id)
        .limit(limit)
        .with_for_update(skip_locked=True, of=DEADLINES)
    )
    rows = conn.execute(
        update(DEADLINES)
        .where(DEADLINES.c.id.in_(due.scalar_subquery()), DEADLINES.c.fired_at.is_(None))
        .values(fired_at=now)
        .returning(*DEADLINES.c)
    ).all()
    fired = sorted((_decode(row) for row in rows), key=lambda d: (d.due_at, d.id))
    if fired:
        current = (
            select(DEADLINES.c.match_id)
            .join(_MATCHES, _MATCHES.c.id == DEADLINES.c.match_id)
            .where(
                DEADLINES.c.id.in_([d.id for d in fired]),
                _MATCHES.c.status == MatchStatus.ACTIVE.value,
                _MATCHES.c.version == DEADLINES.c.version,
            )
        )
        # The boards in one order for every claim: two claims never wait on each other.
        boards = conn.execute(
            select(_BOARDS.c.match_id)
            .where(_BOARDS.c.match_id.in_(current))
            .order_by(_BOARDS.c.match_id)
            .with_for_update()
        ).scalars()
        behind = list(boards)
        if behind:
            conn.execute(update(_BOARDS).where(_BOARDS.c.match_id.in_(behind)).values(version=-1))
    return fired
