"""The tables: players, matches (one active per channel), each match's append-only action log
and its turn deadlines, and the open challenges (at most one per channel).

Discord ids are 64-bit, hence BigInteger. Leagues and ratings will arrive as their own tables
that refer to ``players.user_id`` and ``matches.id``.
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

JSONData = dict[str, Any]


class MatchStatus(enum.StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp that is always timezone-aware UTC when read (SQLite stores it naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is not None:
            value = value.astimezone(UTC)
            if dialect.name == "sqlite":
                value = value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    # Named constraints, so that migrations (and SQLite batch mode) can refer to them.
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )
    type_annotation_map = {
        JSONData: JSON().with_variant(JSONB(), "postgresql"),
        datetime: UTCDateTime(),
    }


class Player(Base):
    """A Discord user who has played; the display name is a cache for boards and lists."""

    __tablename__ = "players"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    display_name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


_ACTIVE = text(f"status = '{MatchStatus.ACTIVE.value}'")


class Match(Base):
    """One match in one Discord channel (or thread). ``version`` is the optimistic lock: every
    change writes ``version + 1`` where the version is still the one that was read."""

    __tablename__ = "matches"
    __table_args__ = (
        # The database itself refuses a second active match in a channel.
        Index(
            "uq_matches_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=_ACTIVE,
            postgresql_where=_ACTIVE,
        ),
        Index("ix_matches_guild_status", "guild_id", "status"),
        CheckConstraint(
            "status IN (" + ", ".join(f"'{s.value}'" for s in MatchStatus) + ")", name="status"
        ),
        CheckConstraint("player1_side <> player2_side", name="distinct_sides"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    ruleset: Mapped[str] = mapped_column(String(32))
    options: Mapped[JSONData]
    status: Mapped[str] = mapped_column(String(16), default=MatchStatus.ACTIVE.value)
    player1_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("players.user_id"))
    player1_side: Mapped[str] = mapped_column(String(16))
    player2_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("players.user_id"))
    player2_side: Mapped[str] = mapped_column(String(16))
    # ``state`` and ``initial_state`` are the ruleset's JSON, written by ``state_schema``.
    initial_state: Mapped[JSONData]
    state: Mapped[JSONData]
    state_schema: Mapped[int]
    version: Mapped[int] = mapped_column(default=0)
    action_count: Mapped[int] = mapped_column(default=0)
    result: Mapped[JSONData | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class MatchAction(Base):
    """One action of a match, numbered from 1; rows are only ever inserted."""

    __tablename__ = "match_actions"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    actor: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(32))
    args: Mapped[JSONData]
    # The Discord user whose command or click made the action, when there was one.
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DeadlineKind(enum.StrEnum):
    REMINDER = "reminder"  # half the turn timeout: a nudge
    EXPIRY = "expiry"  # the whole timeout: the waiting player may claim the win


_UNFIRED = text("fired_at IS NULL")


class Deadline(Base):
    """A turn timeout of one side for one decision (the match ``version`` it was set for).
    The dispatcher fires each once (``fired_at``); a deadline whose version is no longer the
    match's is stale: the player has moved since."""

    __tablename__ = "deadlines"
    __table_args__ = (
        Index("ix_deadlines_due_at", "due_at", sqlite_where=_UNFIRED, postgresql_where=_UNFIRED),
        Index("ix_deadlines_match_id", "match_id"),
        CheckConstraint(
            "kind IN (" + ", ".join(f"'{k.value}'" for k in DeadlineKind) + ")", name="kind"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    side: Mapped[str] = mapped_column(String(16))  # the side that must decide
    kind: Mapped[str] = mapped_column(String(16))
    due_at: Mapped[datetime]
    version: Mapped[int]
    fired_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Challenge(Base):
    """An open challenge in a channel, waiting for the challenged member's answer. Answered,
    withdrawn or replaced challenges are deleted; one past ``expires_at`` counts as gone and the
    next challenge in its channel replaces it. Shared by every ruleset (``ruleset`` says which
    game); ``options`` are the game's start options (dice, thread, turn timeout)."""

    __tablename__ = "challenges"
    __table_args__ = (
        UniqueConstraint("channel_id"),  # at most one open challenge per channel
        CheckConstraint("challenger_id <> opponent_id", name="distinct_players"),
        # Buttons carry the challenge id: SQLite must never hand a deleted id to a new one.
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    ruleset: Mapped[str] = mapped_column(String(32))
    challenger_id: Mapped[int] = mapped_column(BigInteger)
    challenger_name: Mapped[str] = mapped_column(String(100))
    opponent_id: Mapped[int] = mapped_column(BigInteger)
    opponent_name: Mapped[str] = mapped_column(String(100))
    options: Mapped[JSONData]
    # The message with the Accept / Decline buttons, once it is posted.
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
