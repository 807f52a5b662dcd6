"""The tables: players, matches (one active per channel), each match's append-only action log
and its turn deadlines, the open challenges (at most one per channel), and the leagues (members,
fixtures, results, an audit trail) and Elo ratings (with their history), and the Socceristic
pitches uploaded to each server.

Discord ids are 64-bit, hence BigInteger. League members and ratings refer to
``players.user_id``; fixtures, results and rating history to ``matches.id``.
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
    Text,
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
        # A channel's matches by status, newest first (its last finished match's log).
        Index("ix_matches_channel_status", "channel_id", "status", "id"),
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


class LiveBoard(Base):
    """A match's live board (``cogs.play.live``): the one Discord message that shows it, when
    it was posted, and the match version it shows. Behind the match's ``version`` after a failed
    send or edit: brought up to date at the next interaction, after a restart, or by the play
    cog's retry loop. No row until the first board is delivered."""

    __tablename__ = "live_boards"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int]
    posted_at: Mapped[datetime]
    # The members it names as having the decision (comma-separated user ids): edited in place
    # while the decision stays with them, re-posted with a mention for anyone new.
    deciders: Mapped[str] = mapped_column(String(200), default="", server_default="")


class Scoreboard(Base):
    """The parent channel's message for a match played in a thread: players, score, minute
    and a link to the thread, edited at goals, half time and full time."""

    __tablename__ = "scoreboards"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)


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


class LeagueStatus(enum.StrEnum):
    OPEN = "open"  # members may join and leave
    RUNNING = "running"  # started: fixtures written, results recorded
    ENDED = "ended"  # archived; ``create`` with the same name starts the next season


class FixtureStatus(enum.StrEnum):
    PENDING = "pending"  # not started
    PLAYING = "playing"  # a league match is being played for it (``match_id``)
    DONE = "done"  # it has its result


class ResultReason(enum.StrEnum):
    """How a fixture got its result: the match's ending, or an admin's decision."""

    FULL_TIME = "full_time"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    FORFEIT = "forfeit"  # admin: a win to nil for the side that did not forfeit
    SET_RESULT = "set_result"  # admin: a score set by hand


class AuditAction(enum.StrEnum):
    FORFEIT = "forfeit"
    SET_RESULT = "set_result"
    DELETE = "delete"


def _one_of(column: str, values: type[enum.StrEnum]) -> str:
    return f"{column} IN (" + ", ".join(f"'{v.value}'" for v in values) + ")"


class League(Base):
    """One season of a league in a guild. ``name`` and ``season`` identify it: when a season
    ends, creating the league again opens season + 1. ``options`` are the match options of
    every league match (``{"rules": "advanced"}``)."""

    __tablename__ = "leagues"
    __table_args__ = (
        UniqueConstraint("guild_id", "name", "season"),
        Index("ix_leagues_guild_id_status", "guild_id", "status"),
        CheckConstraint(_one_of("status", LeagueStatus), name="status"),
        CheckConstraint("legs IN (1, 2)", name="legs"),
        CheckConstraint("season >= 1", name="season"),
        {"sqlite_autoincrement": True},  # ids are never reused: buttons may carry them
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))  # the ruleset
    options: Mapped[JSONData]
    legs: Mapped[int] = mapped_column(default=1)
    status: Mapped[str] = mapped_column(String(16), default=LeagueStatus.OPEN.value)
    season: Mapped[int] = mapped_column(default=1)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None]
    ended_at: Mapped[datetime | None]


class LeagueMember(Base):
    """A member of a league. ``id`` grows with every join, so it is the join order (the order
    the fixtures are drawn from and the table's last tie-break)."""

    __tablename__ = "league_members"
    __table_args__ = (UniqueConstraint("league_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("players.user_id"))
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)


class LeagueFixture(Base):
    """One match of a league's schedule: ``home_id`` plays ``away_id`` in ``round`` of
    ``leg``; ``match_id`` is the league match played for it, once started."""

    __tablename__ = "league_fixtures"
    __table_args__ = (
        Index("ix_league_fixtures_league_id_round", "league_id", "round"),
        Index("ix_league_fixtures_match_id", "match_id"),
        CheckConstraint("home_id <> away_id", name="distinct_players"),
        CheckConstraint(_one_of("status", FixtureStatus), name="status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    round: Mapped[int]
    leg: Mapped[int]
    home_id: Mapped[int] = mapped_column(BigInteger)
    away_id: Mapped[int] = mapped_column(BigInteger)
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id", ondelete="SET NULL"))
    status: Mapped[str] = mapped_column(String(16), default=FixtureStatus.PENDING.value)


class LeagueResult(Base):
    """The result of one fixture (the fixture is the key: one result each). ``league_id`` is
    repeated so that a league's table is one indexed read."""

    __tablename__ = "league_results"
    __table_args__ = (
        Index("ix_league_results_league_id", "league_id"),
        CheckConstraint("home_goals >= 0 AND away_goals >= 0", name="goals"),
        CheckConstraint(_one_of("reason", ResultReason), name="reason"),
    )

    fixture_id: Mapped[int] = mapped_column(
        ForeignKey("league_fixtures.id", ondelete="CASCADE"), primary_key=True
    )
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id", ondelete="SET NULL"))
    home_goals: Mapped[int]
    away_goals: Mapped[int]
    winner_id: Mapped[int | None] = mapped_column(BigInteger)  # None: a draw
    reason: Mapped[str] = mapped_column(String(16))
    recorded_by: Mapped[int | None] = mapped_column(BigInteger)  # the admin, for admin results
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)


class LeagueAudit(Base):
    """What a league admin did (forfeit, set result, delete), who, when and why. Not tied to
    the league by a foreign key: the row of a deleted league stays."""

    __tablename__ = "league_audit"
    __table_args__ = (
        Index("ix_league_audit_league_id", "league_id"),
        CheckConstraint(_one_of("action", AuditAction), name="action"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    league_id: Mapped[int]
    fixture_id: Mapped[int | None]
    actor_id: Mapped[int] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(500))
    details: Mapped[JSONData]  # the score set, the result it replaced, the league's name
    at: Mapped[datetime] = mapped_column(default=utcnow)


class PlayerRating(Base):
    """A member's Elo rating in one game on one server, with the record it rests on."""

    __tablename__ = "ratings"
    __table_args__ = (
        # The leaderboard order (rating, then more games, then the lower id) and a member's
        # rank (how many rows come before theirs) are both range reads of this index.
        Index("ix_ratings_board", "guild_id", "game", "rating", "games", "user_id"),
        CheckConstraint("games = wins + draws + losses", name="record"),
    )

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("players.user_id"), primary_key=True, autoincrement=False
    )
    rating: Mapped[int]
    games: Mapped[int] = mapped_column(default=0)
    wins: Mapped[int] = mapped_column(default=0)
    draws: Mapped[int] = mapped_column(default=0)
    losses: Mapped[int] = mapped_column(default=0)
    goals_for: Mapped[int] = mapped_column(default=0)
    goals_against: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingHistory(Base):
    """One player's side of one rated match: the rating before and after, and the result as
    that player saw it (for the profile's last results and streak). A match (or a fixture
    decided without one, by forfeit) is rated at most once: (match_id, user_id) and
    (fixture_id, user_id) are unique. Deleting the match or the league's fixture sets its key
    to NULL and keeps the row (a deleted league's rated forfeit keeps neither key)."""

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("match_id", "user_id"),
        UniqueConstraint("fixture_id", "user_id"),
        Index("ix_rating_history_player", "guild_id", "game", "user_id", "id"),
        CheckConstraint("outcome IN ('W', 'D', 'L')", name="outcome"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("players.user_id"))
    opponent_id: Mapped[int] = mapped_column(BigInteger)
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id", ondelete="SET NULL"))
    fixture_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_fixtures.id", ondelete="SET NULL")
    )
    before: Mapped[int]
    after: Mapped[int]
    delta: Mapped[int]
    k: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(1))  # W, D or L for this player
    goals_for: Mapped[int]
    goals_against: Mapped[int]
    ending: Mapped[str] = mapped_column(String(16))  # engine.leagues.Ending
    at: Mapped[datetime] = mapped_column(default=utcnow)


class SocceristicPitch(Base):
    """A Socceristic pitch file uploaded to a server (``store.pitches``): ``data`` is the
    file's validated JSON as text, ``key`` its sha256 (the engine's ``pitch_key``). A name is
    unique in its server; uploading the same name again replaces it."""

    __tablename__ = "socceristic_pitches"
    __table_args__ = (UniqueConstraint("guild_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    data: Mapped[str] = mapped_column(Text)
    key: Mapped[str] = mapped_column(String(64))
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    uploaded_at: Mapped[datetime] = mapped_column(default=utcnow)
