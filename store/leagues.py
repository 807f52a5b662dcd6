"""Leagues and Elo ratings in the database: seasons, members, fixtures, results, the admin audit
trail, ratings and their history. The arithmetic is ``engine.leagues`` (pure): the store draws
the fixtures with ``round_robin`` and rates with ``rate`` inside its own transactions, so two
processes never see half a schedule or rate a match twice.

- A league is one season: ``create`` (status ``open``), ``join``/``leave`` while open, ``start``
  (all fixtures written in one transaction; ``running``), results, ``end`` (``ended``, kept as
  the archive; ``create`` with the same name opens season + 1), ``delete``.
- A fixture gets one result: ``record_result`` is ``INSERT ... ON CONFLICT DO NOTHING`` on the
  fixture's key, so a replayed final whistle, or two processes at once, write it once.
  ``forfeit`` and ``set_result`` are the admin's, each with an audit row (actor and reason).
- ``apply_rating`` rates a match once: both ratings and two history rows in one transaction,
  with (match_id, user_id) and (fixture_id, user_id) unique in the history.

Leaderboard order: rating (higher first), then rated games (more first), then user id (lower
first). It decides every tie, so ranks are positions 1, 2, 3... with no shared places, and
``rank_of`` agrees with ``leaderboard``::

    leagues = LeagueStore(match_store.engine)
    league = await leagues.create(guild_id=1, name="Spring", game="fuba", created_by=7)
    for user_id, name in ((10, "Ada"), (20, "Brian")):
        await leagues.join(league.id, user_id, name)
    await leagues.start(league.id)
    fixture = (await leagues.fixtures(league.id))[0]
    await leagues.record_result(fixture.id, 2, 1, match_id=5)
    rows = await leagues.table(league.id)  # engine.leagues.standings
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Row, Table, and_, delete, func, insert, or_, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from engine.leagues import (
    START,
    Ending,
    Points,
    Rating,
    Result,
    Update,
    rate,
    round_robin,
    score_of,
    standings,
)
from engine.leagues import Row as TableRow
from engine.leagues.fixtures import LEGS
from engine.leagues.names import league_name, normal_name
from store.db import conflict_insert
from store.errors import (
    AlreadyMember,
    BadLeague,
    FixtureDecided,
    FixtureInPlay,
    FixtureNotFound,
    LeagueEnded,
    LeagueExists,
    LeagueNotFound,
    LeagueNotOpen,
    LeagueNotRunning,
    NotEnoughMembers,
    NotInFixture,
    NotMember,
)
from store.models import (
    AuditAction,
    FixtureStatus,
    JSONData,
    League,
    LeagueAudit,
    LeagueFixture,
    LeagueMember,
    LeagueResult,
    LeagueStatus,
    Match,
    MatchStatus,
    Player,
    PlayerRating,
    RatingHistory,
    ResultReason,
    utcnow,
)
from store.transactions import Transactions

LEAGUES = cast(Table, League.__table__)
MEMBERS = cast(Table, LeagueMember.__table__)
FIXTURES = cast(Table, LeagueFixture.__table__)
RESULTS = cast(Table, LeagueResult.__table__)
AUDIT = cast(Table, LeagueAudit.__table__)
RATINGS = cast(Table, PlayerRating.__table__)
HISTORY = cast(Table, RatingHistory.__table__)
PLAYERS = cast(Table, Player.__table__)
MATCHES = cast(Table, Match.__table__)

NAME_MAX = 64
REASON_MAX = 500
LAST_RESULTS = 5  # the profile's "last five"
_MATCH_ENDINGS = (ResultReason.FULL_TIME, ResultReason.RESIGNED, ResultReason.TIMEOUT)
_OUTCOME = {1.0: "W", 0.5: "D", 0.0: "L"}


# -- records ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredLeague:
    """One season of a league. ``options`` are the match options of its league matches."""

    id: int
    guild_id: int
    name: str
    game: str
    options: JSONData
    legs: int
    status: str  # LeagueStatus
    season: int
    created_by: int
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class Member:
    user_id: int
    display_name: str
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class StoredResult:
    fixture_id: int
    league_id: int
    home_id: int
    away_id: int
    home_goals: int
    away_goals: int
    winner_id: int | None  # None: a draw
    reason: str  # ResultReason
    match_id: int | None
    recorded_by: int | None  # the admin, for a forfeit or a set result
    recorded_at: datetime

    def for_table(self) -> Result:
        """The result as ``engine.leagues.standings`` takes it."""
        return Result(
            self.home_id,
            self.away_id,
            self.home_goals,
            self.away_goals,
            forfeit=self.reason == ResultReason.FORFEIT,
        )


@dataclass(frozen=True, slots=True)
class StoredFixture:
    id: int
    league_id: int
    round: int
    leg: int
    home_id: int
    away_id: int
    match_id: int | None
    status: str  # FixtureStatus
    result: StoredResult | None

    def players(self) -> tuple[int, int]:
        return self.home_id, self.away_id


@dataclass(frozen=True, slots=True)
class Recorded:
    """What ``record_result`` did: ``new`` is False when the fixture already had ``result``
    (a replayed final whistle, another process first): nothing was written."""

    result: StoredResult
    new: bool


@dataclass(frozen=True, slots=True)
class Decision:
    """An admin's result for a fixture (a forfeit or a set result) and the result it replaced
    (None when the fixture had none)."""

    result: StoredResult
    replaced: StoredResult | None = None


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: int
    guild_id: int
    league_id: int
    fixture_id: int | None
    actor_id: int
    action: str  # AuditAction
    reason: str
    details: JSONData
    at: datetime


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's rating and record in one game on one server, with their leaderboard rank."""

    user_id: int
    display_name: str | None
    rating: int
    games: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    rank: int

    def as_rating(self) -> Rating:
        return Rating(self.rating, self.games)

    @property
    def provisional(self) -> bool:
        return self.as_rating().provisional


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """One rated match from one player's side (a rating history row)."""

    match_id: int | None
    fixture_id: int | None
    opponent_id: int
    outcome: str  # W, D or L
    goals_for: int
    goals_against: int
    before: int
    after: int
    delta: int
    ending: str  # engine.leagues.Ending
    at: datetime


@dataclass(frozen=True, slots=True)
class Streak:
    outcome: str  # W, D or L: the latest result
    length: int  # how many results in a row, up to the latest, had that outcome


@dataclass(frozen=True, slots=True)
class Profile:
    standing: Standing
    last: list[RatedMatch]  # newest first, at most LAST_RESULTS
    streak: Streak


# -- decoding --------------------------------------------------------------------------------


def _league(row: Row[Any]) -> StoredLeague:
    return StoredLeague(
        id=row.id,
        guild_id=row.guild_id,
        name=row.name,
        game=row.game,
        options=dict(row.options),
        legs=row.legs,
        status=row.status,
        season=row.season,
        created_by=row.created_by,
        created_at=row.created_at,
        started_at=row.started_at,
        ended_at=row.ended_at,
    )


def _result(row: Row[Any]) -> StoredResult:
    return StoredResult(
        fixture_id=row.fixture_id,
        league_id=row.league_id,
        home_id=row.home_id,
        away_id=row.away_id,
        home_goals=row.home_goals,
        away_goals=row.away_goals,
        winner_id=row.winner_id,
        reason=row.reason,
        match_id=row.result_match_id,
        recorded_by=row.recorded_by,
        recorded_at=row.recorded_at,
    )


def _fixture(row: Row[Any]) -> StoredFixture:
    return StoredFixture(
        id=row.id,
        league_id=row.league_id,
        round=row.round,
        leg=row.leg,
        home_id=row.home_id,
        away_id=row.away_id,
        match_id=row.match_id,
        status=row.status,
        result=None if row.reason is None else _result(row),
    )


def _standing(row: Row[Any], rank: int) -> Standing:
    return Standing(
        user_id=row.user_id,
        display_name=row.display_name,
        rating=row.rating,
        games=row.games,
        wins=row.wins,
        draws=row.draws,
        losses=row.losses,
        goals_for=row.goals_for,
        goals_against=row.goals_against,
        rank=rank,
    )


def _rated(row: Row[Any]) -> RatedMatch:
    return RatedMatch(
        match_id=row.match_id,
        fixture_id=row.fixture_id,
        opponent_id=row.opponent_id,
        outcome=row.outcome,
        goals_for=row.goals_for,
        goals_against=row.goals_against,
        before=row.before,
        after=row.after,
        delta=row.delta,
        ending=row.ending,
        at=row.at,
    )


# A fixture with its result, if any (outer join; the result's match id has its own label).
_FIXTURE_COLUMNS = (
    *FIXTURES.c,
    RESULTS.c.home_goals,
    RESULTS.c.away_goals,
    RESULTS.c.winner_id,
    RESULTS.c.reason,
    RESULTS.c.match_id.label("result_match_id"),
    RESULTS.c.recorded_by,
    RESULTS.c.recorded_at,
    RESULTS.c.fixture_id,
)
_FIXTURES_WITH_RESULTS = FIXTURES.outerjoin(RESULTS, RESULTS.c.fixture_id == FIXTURES.c.id)
# The leaderboard order: every tie decided, so positions are never shared.
_BOARD_ORDER = (RATINGS.c.rating.desc(), RATINGS.c.games.desc(), RATINGS.c.user_id.asc())


class _RatedAlready(Exception):
    """Rolls back ``apply_rating`` when the match has its history rows already."""


def _check_reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise BadLeague("Say why: an admin's decision is kept with its reason.")
    if len(reason) > REASON_MAX:
        raise BadLeague(f"A reason is at most {REASON_MAX} characters; this is {len(reason)}.")
    return reason


class LeagueStore:
    """Leagues and ratings over the store's engine (``LeagueStore(match_store.engine)``). Safe
    for concurrent tasks and for several processes on one database. Every call that writes
    takes ``now`` (timezone-aware UTC, default the clock)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.db = Transactions.of(engine)  # writes queue behind the match store's (SQLite)

    # -- leagues ---------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        name: str,
        game: str,
        created_by: int,
        options: JSONData | None = None,
        legs: int = 1,
        now: datetime | None = None,
    ) -> StoredLeague:
        """Open a league (season 1), or the next season of an ended one of the same name.
        ``LeagueExists`` while a league of that name is open or running; of two racing
        creates, the database's unique (guild, name, season) lets one through. The name is
        kept in its normal form (``engine.leagues.league_name``: ``EmptyName`` if nothing in
        it shows)."""
        name = league_name(name)
        if len(name) > NAME_MAX:
            raise BadLeague(f"A league name has 1 to {NAME_MAX} characters.")
        if legs not in LEGS:
            raise BadLeague(f"A league has 1 or 2 legs, not {legs}.")
        try:
            async with self.db.begin() as conn:
                latest = await self._latest(conn, guild_id, name)
                if latest is not None and latest.status != LeagueStatus.ENDED:
                    raise LeagueExists(latest)
                values = {
                    "guild_id": guild_id,
                    "name": name,
                    "game": game,
                    "options": dict(options or {}),
                    "legs": legs,
                    "status": LeagueStatus.OPEN.value,
                    "season": 1 if latest is None else latest.season + 1,
                    "created_by": created_by,
                    "created_at": now or utcnow(),
                }
                row = (await conn.execute(insert(LEAGUES).values(values).returning(LEAGUES))).one()
        except IntegrityError as exc:
            async with self.engine.connect() as conn:
                latest = await self._latest(conn, guild_id, name)
            if latest is None:
                raise
            raise LeagueExists(latest) from exc
        return _league(row)

    async def get(self, league_id: int) -> StoredLeague:
        async with self.engine.connect() as conn:
            return await _get_league(conn, league_id)

    async def find(self, guild_id: int, name: str) -> StoredLeague:
        """The latest season of the guild's league called ``name``, compared in normal form
        (``LeagueNotFound``; ``EmptyName`` if nothing in ``name`` shows)."""
        async with self.engine.connect() as conn:
            league = await self._latest(conn, guild_id, league_name(name))
        if league is None:
            raise LeagueNotFound(name)
        return league

    async def list_leagues(self, guild_id: int, *, ended: bool = False) -> list[StoredLeague]:
        """The guild's open and running leagues (and ended seasons too with ``ended=True``),
        by name, then newest season first."""
        query = select(LEAGUES).where(LEAGUES.c.guild_id == guild_id)
        if not ended:
            query = query.where(LEAGUES.c.status != LeagueStatus.ENDED.value)
        query = query.order_by(LEAGUES.c.name, LEAGUES.c.season.desc())
        async with self.engine.connect() as conn:
            return [_league(row) for row in await conn.execute(query)]

    async def members(self, league_id: int) -> list[Member]:
        """The members in join order."""
        query = (
            select(MEMBERS.c.user_id, PLAYERS.c.display_name, MEMBERS.c.joined_at)
            .join(PLAYERS, PLAYERS.c.user_id == MEMBERS.c.user_id)
            .where(MEMBERS.c.league_id == league_id)
            .order_by(MEMBERS.c.id)
        )
        async with self.engine.connect() as conn:
            return [Member(*row) for row in await conn.execute(query)]

    async def join(
        self, league_id: int, user_id: int, display_name: str, now: datetime | None = None
    ) -> Member:
        """Add a member (last in join order) to an open league; remembers their name."""
        at = now or utcnow()
        async with self.db.begin() as conn:
            await _remember(conn, user_id, display_name, at)
            league = await _hold_open(conn, league_id, "join")
            row = (
                await conn.execute(
                    conflict_insert(conn, MEMBERS)
                    .values(league_id=league_id, user_id=user_id, joined_at=at)
                    .on_conflict_do_nothing(index_elements=["league_id", "user_id"])
                    .returning(MEMBERS.c.id)
                )
            ).one_or_none()
            if row is None:
                raise AlreadyMember(league, user_id)
        return Member(user_id, display_name, at)

    async def leave(self, league_id: int, user_id: int) -> None:
        """Remove a member from an open league."""
        async with self.db.begin() as conn:
            league = await _hold_open(conn, league_id, "leave")
            result = await conn.execute(
                delete(MEMBERS).where(
                    MEMBERS.c.league_id == league_id, MEMBERS.c.user_id == user_id
                )
            )
            if result.rowcount != 1:
                raise NotMember(league, user_id)

    async def start(self, league_id: int, now: datetime | None = None) -> list[StoredFixture]:
        """Start an open league: draw the fixtures from the members in join order
        (``engine.leagues.round_robin``, the league's legs) and write them all with the new
        status in one transaction. Returns the fixtures by round."""
        at = now or utcnow()
        async with self.db.begin() as conn:
            # The status change comes first: it holds the league's row (PostgreSQL) or the
            # write lock (SQLite), so no join or leave can slip in after the members are read.
            row = (
                await conn.execute(
                    update(LEAGUES)
                    .where(LEAGUES.c.id == league_id, LEAGUES.c.status == LeagueStatus.OPEN.value)
                    .values(status=LeagueStatus.RUNNING.value, started_at=at)
                    .returning(LEAGUES)
                )
            ).one_or_none()
            if row is None:
                raise LeagueNotOpen(await _get_league(conn, league_id), "start")
            league = _league(row)
            members = list(
                await conn.scalars(
                    select(MEMBERS.c.user_id)
                    .where(MEMBERS.c.league_id == league_id)
                    .order_by(MEMBERS.c.id)
                )
            )
            if len(members) < 2:
                raise NotEnoughMembers(league, len(members))
            rows = [
                {
                    "league_id": league_id,
                    "round": r.number,
                    "leg": r.leg,
                    "home_id": match.home,
                    "away_id": match.away,
                    "match_id": None,
                    "status": FixtureStatus.PENDING.value,
                }
                for r in round_robin(members, league.legs)
                for match in r.matches
            ]
            await conn.execute(insert(FIXTURES), rows)
            return await _fixtures(conn, FIXTURES.c.league_id == league_id)

    async def end(self, league_id: int, now: datetime | None = None) -> StoredLeague:
        """Archive the season (open or running); its fixtures and results stay readable."""
        async with self.db.begin() as conn:
            row = (
                await conn.execute(
                    update(LEAGUES)
                    .where(LEAGUES.c.id == league_id, LEAGUES.c.status != LeagueStatus.ENDED.value)
                    .values(status=LeagueStatus.ENDED.value, ended_at=now or utcnow())
                    .returning(LEAGUES)
                )
            ).one_or_none()
            if row is None:
                raise LeagueEnded(await _get_league(conn, league_id))
        return _league(row)

    async def delete(
        self, league_id: int, *, actor_id: int, reason: str, now: datetime | None = None
    ) -> StoredLeague:
        """Delete a league with its members, fixtures and results (the matches stay, and so
        do ratings). The audit trail keeps a row saying who deleted it and why."""
        reason = _check_reason(reason)
        async with self.db.begin() as conn:
            row = (
                await conn.execute(
                    delete(LEAGUES).where(LEAGUES.c.id == league_id).returning(LEAGUES)
                )
            ).one_or_none()
            if row is None:
                raise LeagueNotFound(league_id)
            league = _league(row)
            await _audit(
                conn,
                league,
                None,
                actor_id,
                AuditAction.DELETE,
                reason,
                {"name": league.name, "season": league.season, "status": league.status},
                now,
            )
        return league

    # -- fixtures and results --------------------------------------------------------------

    async def fixtures(self, league_id: int, round: int | None = None) -> list[StoredFixture]:
        """A league's fixtures (one round's with ``round``) with their results, by round."""
        where = [FIXTURES.c.league_id == league_id]
        if round is not None:
            where.append(FIXTURES.c.round == round)
        async with self.engine.connect() as conn:
            return await _fixtures(conn, *where)

    async def fixture(self, fixture_id: int) -> StoredFixture:
        async with self.engine.connect() as conn:
            return await _get_fixture(conn, fixture_id)

    async def fixture_for_match(self, match_id: int) -> StoredFixture | None:
        """The fixture a league match is played for (None for a friendly)."""
        async with self.engine.connect() as conn:
            found = await _fixtures(conn, FIXTURES.c.match_id == match_id)
        return found[0] if found else None

    async def next_fixture(self, league_id: int, user_id: int) -> StoredFixture | None:
        """A member's first fixture still to play (pending), by round."""
        async with self.engine.connect() as conn:
            found = await _fixtures(
                conn,
                FIXTURES.c.league_id == league_id,
                FIXTURES.c.status == FixtureStatus.PENDING.value,
                or_(FIXTURES.c.home_id == user_id, FIXTURES.c.away_id == user_id),
                limit=1,
            )
        return found[0] if found else None

    async def release_aborted(self, league_id: int | None = None) -> int:
        """Fixtures (of one league, or of all) still marked playing by a match that was called
        off, as an older bot left them, are to be played again: pending, without a match.
        Returns how many were released. ``MatchStore.abort`` releases a called-off match's
        fixture itself; the bot runs this once at start-up (``LeagueService.catch_up``)."""
        called_off = (
            select(MATCHES.c.id)
            .where(
                MATCHES.c.id == FIXTURES.c.match_id,
                MATCHES.c.status == MatchStatus.ABORTED.value,
            )
            .exists()
        )
        async with self.db.begin() as conn:
            released = await conn.execute(
                update(FIXTURES)
                .where(
                    true() if league_id is None else FIXTURES.c.league_id == league_id,
                    FIXTURES.c.status == FixtureStatus.PLAYING.value,
                    called_off,
                )
                .values(status=FixtureStatus.PENDING.value, match_id=None)
            )
        return released.rowcount

    async def attach_match(self, fixture_id: int, match_id: int) -> StoredFixture:
        """Mark a pending fixture of a running league as being played by ``match_id``.
        ``FixtureInPlay`` or ``FixtureDecided`` otherwise (once only, under races too)."""
        async with self.db.begin() as conn:
            fixture = await _get_fixture(conn, fixture_id)
            league = await _get_league(conn, fixture.league_id)
            if league.status != LeagueStatus.RUNNING:
                raise LeagueNotRunning(league)
            result = await conn.execute(
                update(FIXTURES)
                .where(
                    FIXTURES.c.id == fixture_id,
                    FIXTURES.c.status == FixtureStatus.PENDING.value,
                )
                .values(match_id=match_id, status=FixtureStatus.PLAYING.value)
            )
            if result.rowcount != 1:
                fixture = await _get_fixture(conn, fixture_id)
                if fixture.result is not None:
                    raise FixtureDecided(fixture, fixture.result)
                raise FixtureInPlay(fixture)
            return await _get_fixture(conn, fixture_id)

    async def record_result(
        self,
        fixture_id: int,
        home_goals: int,
        away_goals: int,
        *,
        reason: ResultReason | str = ResultReason.FULL_TIME,
        match_id: int | None = None,
        now: datetime | None = None,
    ) -> Recorded:
        """Record the result of a played fixture (full time, resigned or timeout). A fixture
        gets one result: a second call, or two at once, writes nothing more and returns the
        first (``Recorded.new`` False)."""
        reason = ResultReason(reason)
        if reason not in _MATCH_ENDINGS:
            raise BadLeague(
                f"A match ends at full time, by resignation or by timeout, not {reason}."
            )
        async with self.db.begin() as conn:
            fixture = await self._running_fixture(conn, fixture_id)
            _ = Result(fixture.home_id, fixture.away_id, home_goals, away_goals)  # validates
            new = await _insert_result(
                conn, fixture, home_goals, away_goals, reason, match_id, None, now
            )
            fixture = await _get_fixture(conn, fixture_id)
        assert fixture.result is not None
        return Recorded(fixture.result, new)

    async def forfeit(
        self,
        fixture_id: int,
        *,
        loser_id: int,
        score: int,
        actor_id: int,
        reason: str,
        now: datetime | None = None,
        overwrite: bool = False,
    ) -> Decision:
        """An admin awards a fixture against ``loser_id``: ``score``-0 to the other player
        (the game's forfeit score: 3 for FUBA, say), with an audit row. A decided fixture is
        refused (``FixtureDecided``) unless ``overwrite``: then its result is replaced and
        the audit row keeps it."""
        reason = _check_reason(reason)
        if score < 1:
            raise BadLeague("A forfeit is won by at least one goal.")
        async with self.db.begin() as conn:
            fixture = await self._running_fixture(conn, fixture_id)
            if loser_id not in fixture.players():
                raise NotInFixture(fixture, loser_id)
            home_goals, away_goals = (0, score) if loser_id == fixture.home_id else (score, 0)
            details = {"loser_id": loser_id, "home_goals": home_goals, "away_goals": away_goals}
            return await _decide(
                conn,
                fixture,
                home_goals,
                away_goals,
                ResultReason.FORFEIT,
                AuditAction.FORFEIT,
                details,
                actor_id=actor_id,
                reason=reason,
                at=now or utcnow(),
                overwrite=overwrite,
            )

    async def set_result(
        self,
        fixture_id: int,
        home_goals: int,
        away_goals: int,
        *,
        actor_id: int,
        reason: str,
        now: datetime | None = None,
        overwrite: bool = False,
    ) -> Decision:
        """An admin sets a fixture's score, with an audit row. A decided fixture is refused
        (``FixtureDecided``) unless ``overwrite``: then its result is replaced and the audit
        row keeps it. Ratings are not changed."""
        reason = _check_reason(reason)
        async with self.db.begin() as conn:
            fixture = await self._running_fixture(conn, fixture_id)
            Result(fixture.home_id, fixture.away_id, home_goals, away_goals)  # validates
            return await _decide(
                conn,
                fixture,
                home_goals,
                away_goals,
                ResultReason.SET_RESULT,
                AuditAction.SET_RESULT,
                {"home_goals": home_goals, "away_goals": away_goals},
                actor_id=actor_id,
                reason=reason,
                at=now or utcnow(),
                overwrite=overwrite,
            )

    async def audit(self, league_id: int) -> list[AuditEntry]:
        """The admin actions on a league, oldest first."""
        query = select(AUDIT).where(AUDIT.c.league_id == league_id).order_by(AUDIT.c.id)
        async with self.engine.connect() as conn:
            return [AuditEntry(**row._mapping) for row in await conn.execute(query)]

    async def results(self, league_id: int) -> list[StoredResult]:
        """Every result of a league (one indexed read), in fixture order."""
        async with self.engine.connect() as conn:
            return await _results(conn, league_id)

    async def table(self, league_id: int, points: Points | None = None) -> list[TableRow]:
        """The league table: ``engine.leagues.standings`` over the members in join order and
        the results (two reads on one connection)."""
        async with self.engine.connect() as conn:
            members = list(
                await conn.scalars(
                    select(MEMBERS.c.user_id)
                    .where(MEMBERS.c.league_id == league_id)
                    .order_by(MEMBERS.c.id)
                )
            )
            results = await _results(conn, league_id)
        return standings(members, [r.for_table() for r in results], points or Points())

    # -- ratings ---------------------------------------------------------------------------

    async def apply_rating(
        self,
        *,
        guild_id: int,
        game: str,
        a_id: int,
        b_id: int,
        a_goals: int,
        b_goals: int,
        ending: Ending | str = Ending.FULL_TIME,
        match_id: int | None = None,
        fixture_id: int | None = None,
        now: datetime | None = None,
    ) -> Update | None:
        """Rate one match between ``a_id`` and ``b_id`` (both must be known players): both
        ratings and two history rows, in one transaction, exactly once per ``match_id`` (and
        per ``fixture_id``, for a forfeit without a match). The ratings are read under lock
        and rated here (``engine.leagues.rate``). Returns the update, or None when the match
        was rated already (a replayed final whistle, another process first) or does not count
        (abandoned, aborted)."""
        if match_id is None and fixture_id is None:
            raise ValueError("a rated match needs a match id or a fixture id")
        if a_id == b_id:
            raise ValueError("a rated match needs two different players")
        ending = Ending(ending)
        if not ending.rated:
            return None
        at = now or utcnow()
        try:
            async with self.db.begin() as conn:
                # Write first: on SQLite this takes the write lock; then lock both rows on
                # PostgreSQL, in user id order (two matches of one player never deadlock).
                await conn.execute(
                    conflict_insert(conn, RATINGS)
                    .values(
                        [
                            _new_rating(guild_id, game, user_id, at)
                            for user_id in sorted((a_id, b_id))
                        ]
                    )
                    .on_conflict_do_nothing(index_elements=["guild_id", "game", "user_id"])
                )
                held = {
                    row.user_id: row
                    for row in await conn.execute(
                        select(RATINGS.c.user_id, RATINGS.c.rating, RATINGS.c.games)
                        .where(
                            RATINGS.c.guild_id == guild_id,
                            RATINGS.c.game == game,
                            RATINGS.c.user_id.in_((a_id, b_id)),
                        )
                        .order_by(RATINGS.c.user_id)
                        .with_for_update()
                    )
                }
                if await _rated_already(conn, match_id, fixture_id):
                    raise _RatedAlready
                before_a = Rating(held[a_id].rating, held[a_id].games)
                before_b = Rating(held[b_id].rating, held[b_id].games)
                change = rate(before_a, before_b, score_of(a_goals, b_goals), ending)
                sides = (
                    (a_id, b_id, change.a, a_goals, b_goals),
                    (b_id, a_id, change.b, b_goals, a_goals),
                )
                await conn.execute(
                    insert(HISTORY),
                    [
                        {
                            "guild_id": guild_id,
                            "game": game,
                            "user_id": user_id,
                            "opponent_id": opponent_id,
                            "match_id": match_id,
                            "fixture_id": fixture_id,
                            "before": side.before.value,
                            "after": side.after.value,
                            "delta": side.delta,
                            "k": side.k,
                            "outcome": _OUTCOME[side.score],
                            "goals_for": goals_for,
                            "goals_against": goals_against,
                            "ending": ending.value,
                            "at": at,
                        }
                        for user_id, opponent_id, side, goals_for, goals_against in sides
                    ],
                )
                for user_id, _opponent, side, goals_for, goals_against in sides:
                    outcome = _OUTCOME[side.score]
                    await conn.execute(
                        update(RATINGS)
                        .where(
                            RATINGS.c.guild_id == guild_id,
                            RATINGS.c.game == game,
                            RATINGS.c.user_id == user_id,
                        )
                        .values(
                            rating=side.after.value,
                            games=side.after.games,
                            wins=RATINGS.c.wins + int(outcome == "W"),
                            draws=RATINGS.c.draws + int(outcome == "D"),
                            losses=RATINGS.c.losses + int(outcome == "L"),
                            goals_for=RATINGS.c.goals_for + goals_for,
                            goals_against=RATINGS.c.goals_against + goals_against,
                            updated_at=at,
                        )
                    )
        except _RatedAlready:
            return None
        except IntegrityError:
            # The unique history keys: another writer rated this match between our check and
            # our insert (cannot happen under the locks above, but the database has the word).
            if await self._rated(match_id, fixture_id):
                return None
            raise
        return change

    async def rating(self, guild_id: int, game: str, user_id: int) -> Rating:
        """A member's rating (``Rating()``, 1500 and no games, before their first match)."""
        query = select(RATINGS.c.rating, RATINGS.c.games).where(
            RATINGS.c.guild_id == guild_id, RATINGS.c.game == game, RATINGS.c.user_id == user_id
        )
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
        return Rating() if row is None else Rating(row.rating, row.games)

    async def leaderboard(
        self, guild_id: int, game: str, limit: int = 10, offset: int = 0
    ) -> list[Standing]:
        """The best rated members of a game on a server, in leaderboard order."""
        query = (
            select(RATINGS, PLAYERS.c.display_name)
            .join(PLAYERS, PLAYERS.c.user_id == RATINGS.c.user_id)
            .where(RATINGS.c.guild_id == guild_id, RATINGS.c.game == game)
            .order_by(*_BOARD_ORDER)
            .limit(limit)
            .offset(offset)
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        return [_standing(row, offset + i + 1) for i, row in enumerate(rows)]

    async def rank_of(self, guild_id: int, game: str, user_id: int) -> int | None:
        """A member's place on the leaderboard (None before their first rated match)."""
        async with self.engine.connect() as conn:
            row = await _rating_row(conn, guild_id, game, user_id)
            return None if row is None else await _rank(conn, row)

    async def profile(self, guild_id: int, game: str, user_id: int) -> Profile | None:
        """Rating, rank, record, the last five rated matches and the current streak (None
        before the member's first rated match)."""
        async with self.engine.connect() as conn:
            row = await _rating_row(conn, guild_id, game, user_id)
            if row is None:
                return None
            standing = _standing(row, await _rank(conn, row))
            mine = (
                HISTORY.c.guild_id == guild_id,
                HISTORY.c.game == game,
                HISTORY.c.user_id == user_id,
            )
            last = [
                _rated(r)
                for r in await conn.execute(
                    select(HISTORY).where(*mine).order_by(HISTORY.c.id.desc()).limit(LAST_RESULTS)
                )
            ]
            streak = Streak("", 0)
            if last:
                outcome = last[0].outcome
                # The streak runs from the newest result back to the last different one.
                broken = (
                    select(func.max(HISTORY.c.id))
                    .where(*mine, HISTORY.c.outcome != outcome)
                    .scalar_subquery()
                )
                length = await conn.scalar(
                    select(func.count()).where(*mine, HISTORY.c.id > func.coalesce(broken, 0))
                )
                streak = Streak(outcome, int(length or 0))
        return Profile(standing, last, streak)

    async def history(self, guild_id: int, game: str, user_id: int) -> list[RatedMatch]:
        """Every rated match of a member in a game, oldest first."""
        query = (
            select(HISTORY)
            .where(
                HISTORY.c.guild_id == guild_id,
                HISTORY.c.game == game,
                HISTORY.c.user_id == user_id,
            )
            .order_by(HISTORY.c.id)
        )
        async with self.engine.connect() as conn:
            return [_rated(row) for row in await conn.execute(query)]

    # -- helpers ---------------------------------------------------------------------------

    async def _latest(self, conn: AsyncConnection, guild_id: int, name: str) -> StoredLeague | None:
        """The latest season of the league whose name is ``name`` (normal form). Names are
        stored in normal form; one stored before that (an invisible character in it) is
        found by comparing the guild's other names in normal form."""
        row = (
            await conn.execute(
                select(LEAGUES)
                .where(LEAGUES.c.guild_id == guild_id, LEAGUES.c.name == name)
                .order_by(LEAGUES.c.season.desc())
                .limit(1)
            )
        ).one_or_none()
        if row is not None:
            return _league(row)
        rows = await conn.execute(
            select(LEAGUES)
            .where(LEAGUES.c.guild_id == guild_id)
            .order_by(LEAGUES.c.season.desc(), LEAGUES.c.id.desc())
        )
        return next((_league(r) for r in rows if normal_name(r.name) == name), None)

    async def _running_fixture(self, conn: AsyncConnection, fixture_id: int) -> StoredFixture:
        fixture = await _get_fixture(conn, fixture_id)
        league = await _get_league(conn, fixture.league_id)
        if league.status != LeagueStatus.RUNNING:
            raise LeagueNotRunning(league)
        return fixture

    async def _rated(self, match_id: int | None, fixture_id: int | None) -> bool:
        async with self.engine.connect() as conn:
            return await _rated_already(conn, match_id, fixture_id)


async def _get_league(conn: AsyncConnection, league_id: int) -> StoredLeague:
    row = (await conn.execute(select(LEAGUES).where(LEAGUES.c.id == league_id))).one_or_none()
    if row is None:
        raise LeagueNotFound(league_id)
    return _league(row)


async def _hold_open(conn: AsyncConnection, league_id: int, doing: str) -> StoredLeague:
    """The league, if open, with its row held until the commit (a no-op UPDATE: PostgreSQL's
    row lock, SQLite's write lock), so that ``start`` cannot read the members meanwhile."""
    row = (
        await conn.execute(
            update(LEAGUES)
            .where(LEAGUES.c.id == league_id, LEAGUES.c.status == LeagueStatus.OPEN.value)
            .values(status=LeagueStatus.OPEN.value)
            .returning(LEAGUES)
        )
    ).one_or_none()
    if row is None:
        raise LeagueNotOpen(await _get_league(conn, league_id), doing)
    return _league(row)


async def _remember(conn: AsyncConnection, user_id: int, display_name: str, at: datetime) -> None:
    stmt = conflict_insert(conn, PLAYERS).values(
        user_id=user_id, display_name=display_name, created_at=at, updated_at=at
    )
    await conn.execute(
        stmt.on_conflict_do_update(
            index_elements=["user_id"],
            set_={"display_name": stmt.excluded.display_name, "updated_at": at},
        )
    )


async def _fixtures(
    conn: AsyncConnection, *where: Any, limit: int | None = None
) -> list[StoredFixture]:
    query = (
        select(*_FIXTURE_COLUMNS)
        .select_from(_FIXTURES_WITH_RESULTS)
        .where(*where)
        .order_by(FIXTURES.c.round, FIXTURES.c.id)
        .limit(limit)
    )
    return [_fixture(row) for row in await conn.execute(query)]


# StoredResult's fields, in order: a league's results are built positionally (a table reads
# hundreds of them, and attribute access by name per field is most of the time).
_RESULT_COLUMNS = (
    RESULTS.c.fixture_id,
    RESULTS.c.league_id,
    FIXTURES.c.home_id,
    FIXTURES.c.away_id,
    RESULTS.c.home_goals,
    RESULTS.c.away_goals,
    RESULTS.c.winner_id,
    RESULTS.c.reason,
    RESULTS.c.match_id,
    RESULTS.c.recorded_by,
    RESULTS.c.recorded_at,
)


async def _results(conn: AsyncConnection, league_id: int) -> list[StoredResult]:
    query = (
        select(*_RESULT_COLUMNS)
        .select_from(RESULTS.join(FIXTURES, FIXTURES.c.id == RESULTS.c.fixture_id))
        .where(RESULTS.c.league_id == league_id)
        .order_by(RESULTS.c.fixture_id)
    )
    return [StoredResult(*row) for row in (await conn.execute(query)).all()]


async def _get_fixture(conn: AsyncConnection, fixture_id: int) -> StoredFixture:
    found = await _fixtures(conn, FIXTURES.c.id == fixture_id)
    if not found:
        raise FixtureNotFound(fixture_id)
    return found[0]


def _result_values(
    fixture: StoredFixture,
    home_goals: int,
    away_goals: int,
    reason: ResultReason,
    match_id: int | None,
    recorded_by: int | None,
    at: datetime,
) -> JSONData:
    winner = None
    if home_goals != away_goals:
        winner = fixture.home_id if home_goals > away_goals else fixture.away_id
    return {
        "fixture_id": fixture.id,
        "league_id": fixture.league_id,
        "match_id": match_id if match_id is not None else fixture.match_id,
        "home_goals": home_goals,
        "away_goals": away_goals,
        "winner_id": winner,
        "reason": reason.value,
        "recorded_by": recorded_by,
        "recorded_at": at,
    }


async def _insert_result(
    conn: AsyncConnection,
    fixture: StoredFixture,
    home_goals: int,
    away_goals: int,
    reason: ResultReason,
    match_id: int | None,
    recorded_by: int | None,
    now: datetime | None,
) -> bool:
    """Insert a fixture's result unless it has one (True if written) and mark it done. Of two
    at once, PostgreSQL makes the second wait for the first and then do nothing; on SQLite the
    INSERT runs under the write lock."""
    values = _result_values(
        fixture, home_goals, away_goals, reason, match_id, recorded_by, now or utcnow()
    )
    row = (
        await conn.execute(
            conflict_insert(conn, RESULTS)
            .values(values)
            .on_conflict_do_nothing(index_elements=["fixture_id"])
            .returning(RESULTS.c.fixture_id)
        )
    ).one_or_none()
    if row is None:
        return False
    await conn.execute(
        update(FIXTURES)
        .where(FIXTURES.c.id == fixture.id)
        .values(status=FixtureStatus.DONE.value, match_id=values["match_id"])
    )
    return True


async def _decide(
    conn: AsyncConnection,
    fixture: StoredFixture,
    home_goals: int,
    away_goals: int,
    result_reason: ResultReason,
    action: AuditAction,
    details: JSONData,
    *,
    actor_id: int,
    reason: str,
    at: datetime,
    overwrite: bool,
) -> Decision:
    """An admin's result for ``fixture`` with its audit row, in the caller's transaction.
    Without ``overwrite`` the result goes in only if the fixture has none (``INSERT ... ON
    CONFLICT DO NOTHING``: a result written meanwhile, by a final whistle say, is never
    replaced unasked). With it, the fixture's row is held first (a no-op UPDATE), so the
    result read as the one replaced is the one the audit row keeps."""
    values = _result_values(fixture, home_goals, away_goals, result_reason, None, actor_id, at)
    replaced: StoredResult | None = None
    if overwrite:
        await conn.execute(
            update(FIXTURES).where(FIXTURES.c.id == fixture.id).values(status=FIXTURES.c.status)
        )
        replaced = (await _get_fixture(conn, fixture.id)).result
        values["match_id"] = replaced.match_id if replaced is not None else fixture.match_id
        stmt = conflict_insert(conn, RESULTS).values(values)
        await conn.execute(
            stmt.on_conflict_do_update(
                index_elements=["fixture_id"],
                set_={k: v for k, v in values.items() if k not in ("fixture_id", "league_id")},
            )
        )
        await conn.execute(
            update(FIXTURES)
            .where(FIXTURES.c.id == fixture.id)
            .values(status=FixtureStatus.DONE.value)
        )
    elif not await _insert_result(
        conn, fixture, home_goals, away_goals, result_reason, None, actor_id, at
    ):
        decided = await _get_fixture(conn, fixture.id)
        assert decided.result is not None
        raise FixtureDecided(decided, decided.result)
    if replaced is not None:
        details = {
            **details,
            "replaced": {
                "home_goals": replaced.home_goals,
                "away_goals": replaced.away_goals,
                "reason": replaced.reason,
                "match_id": replaced.match_id,
                "recorded_by": replaced.recorded_by,
                "recorded_at": replaced.recorded_at.isoformat(),
            },
        }
    league = await _get_league(conn, fixture.league_id)
    await _audit(conn, league, fixture.id, actor_id, action, reason, details, at)
    decided = await _get_fixture(conn, fixture.id)
    assert decided.result is not None
    return Decision(decided.result, replaced)


async def _audit(
    conn: AsyncConnection,
    league: StoredLeague,
    fixture_id: int | None,
    actor_id: int,
    action: AuditAction,
    reason: str,
    details: JSONData,
    now: datetime | None,
) -> None:
    await conn.execute(
        insert(AUDIT).values(
            guild_id=league.guild_id,
            league_id=league.id,
            fixture_id=fixture_id,
            actor_id=actor_id,
            action=action.value,
            reason=reason,
            details=details,
            at=now or utcnow(),
        )
    )


def _new_rating(guild_id: int, game: str, user_id: int, at: datetime) -> JSONData:
    return {
        "guild_id": guild_id,
        "game": game,
        "user_id": user_id,
        "rating": START,
        "games": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "goals_for": 0,
        "goals_against": 0,
        "updated_at": at,
    }


async def _rated_already(
    conn: AsyncConnection, match_id: int | None, fixture_id: int | None
) -> bool:
    keys = []
    if match_id is not None:
        keys.append(HISTORY.c.match_id == match_id)
    if fixture_id is not None:
        keys.append(HISTORY.c.fixture_id == fixture_id)
    found = await conn.scalar(select(HISTORY.c.id).where(or_(*keys)).limit(1))
    return found is not None


async def _rating_row(
    conn: AsyncConnection, guild_id: int, game: str, user_id: int
) -> Row[Any] | None:
    query = (
        select(RATINGS, PLAYERS.c.display_name)
        .join(PLAYERS, PLAYERS.c.user_id == RATINGS.c.user_id)
        .where(RATINGS.c.guild_id == guild_id, RATINGS.c.game == game, RATINGS.c.user_id == user_id)
    )
    return (await conn.execute(query)).one_or_none()


async def _rank(conn: AsyncConnection, row: Row[Any]) -> int:
    """1 + how many ratings come before ``row`` in leaderboard order: three range counts of
    the board index (higher rating; same rating, more games; same both, lower id)."""
    board = (RATINGS.c.guild_id == row.guild_id, RATINGS.c.game == row.game)
    ahead: Sequence[Any] = (
        RATINGS.c.rating > row.rating,
        and_(RATINGS.c.rating == row.rating, RATINGS.c.games > row.games),
        and_(
            RATINGS.c.rating == row.rating,
            RATINGS.c.games == row.games,
            RATINGS.c.user_id < row.user_id,
        ),
    )
    counts = [
        select(func.count()).select_from(RATINGS).where(*board, cond).scalar_subquery()
        for cond in ahead
    ]
    total = await conn.scalar(select(counts[0] + counts[1] + counts[2]))
    return int(total or 0) + 1
