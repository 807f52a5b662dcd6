"""The match repository the referee uses: create, load, apply actions, finish, replay.

Every change is one transaction that reads the match, applies through the engine, and writes
``version = version + 1 WHERE version = <the version read>``. If another click or process got
there first the write touches no row and ``ConflictError`` is raised: nothing is ever merged or
overwritten. Ruleset-agnostic: rulesets are looked up by name in ``engine.registry``.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    Connection,
    Row,
    Select,
    Table,
    TextClause,
    Update,
    bindparam,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from engine import registry
from engine.core import Action, Event, RulesError, Ruleset, SchemaMismatch, replay
from store import deadlines as turn_deadlines
from store import states
from store.cluster import ALL_GUILDS, BOARD_DELIVERY_LOCKS, Sharding
from store.db import conflict_insert, make_engine
from store.deadlines import DEADLINES, DeadlinePlan, DeadlineSpec, StoredDeadline
from store.errors import (
    ChannelBusy,
    ConflictError,
    MatchNotActive,
    MatchNotFound,
    NoActiveMatch,
    UnreadableMatch,
)
from store.models import (
    FixtureStatus,
    LeagueFixture,
    LiveBoard,
    Match,
    MatchAction,
    MatchStatus,
    Player,
    Scoreboard,
    utcnow,
)
from store.transactions import Transactions

JSONData = dict[str, Any]
MatchRow = Row[Any]  # a row of the matches table
# Called with the state after each applied action; returns the next action the referee takes
# itself in the same transaction (virtual dice, say), or None to stop.
Follow = Callable[[Any], Action | None]
# Called with a state the ruleset says is over; returns the match's result (score, winner...),
# written with the finished status in the same transaction as the final step.
Finish = Callable[[Any], JSONData]


@dataclass(frozen=True, slots=True)
class StoredBoard:
    """Where a match's live board is, when it was posted, and the match version it shows."""

    match_id: int
    channel_id: int
    message_id: int
    version: int
    posted_at: datetime
    deciders: frozenset[int] = frozenset()  # the members it names as having the decision


@dataclass(frozen=True, slots=True)
class StoredScoreboard:
    """Where the parent channel's scoreboard of a match played in a thread is."""

    match_id: int
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class Seat:
    """A player taking a side when a match is created."""

    side: str
    user_id: int
    display_name: str


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match as stored, with its state decoded by its ruleset."""

    id: int
    guild_id: int
    channel_id: int
    ruleset: str
    options: JSONData
    status: MatchStatus
    players: dict[str, int]  # side -> Discord user id
    state: Any
    version: int
    action_count: int
    result: JSONData | None
    created_at: datetime
    updated_at: datetime

    def sides_of(self, user_id: int) -> list[str]:
        """The sides ``user_id`` plays (empty for a spectator)."""
        return [side for side, user in self.players.items() if user == user_id]


class Step(NamedTuple):
    """What one transaction applies: a player's action (None: only follow-ups), the referee's
    own follow-ups, the deadlines to plan for the state after (None: leave them), and how to
    get the result should the state be over (None: the match stays active; ``finish`` later)."""

    action: Action | None
    follow: Follow | None = None
    deadlines: DeadlinePlan | None = None
    finish: Finish | None = None


# Called with the match as ``apply_active`` read it (in its transaction, or just before its
# one-statement write on PostgreSQL); raises to refuse, and then nothing is written.
Plan = Callable[[StoredMatch], Step]


@dataclass(frozen=True, slots=True)
class Applied:
    """The outcome of ``apply``: the match after it, what happened, and the actions logged
    (the player's, then any the referee added through ``follow``)."""

    match: StoredMatch
    events: list[Event]
    actions: list[Action]


@dataclass(frozen=True, slots=True)
class ClosedMatch:
    """A match called off by ``abort_where``; ``players`` maps side -> Discord user id."""

    id: int
    guild_id: int
    channel_id: int
    players: dict[str, int]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One logged action; ``user_id`` is None for the referee's own (dice, the coach)."""

    seq: int
    action: Action
    user_id: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class History:
    """Everything needed to replay a match: ``replay(initial, actions) == match.state``."""

    match: StoredMatch
    initial: Any
    log: list[LoggedAction]

    @property
    def actions(self) -> list[Action]:
        return [entry.action for entry in self.log]


class MatchStore:
    """Async repository over one engine. Share one per process; it is safe for concurrent tasks."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.db = Transactions.of(engine)

    @classmethod
    def open(cls, url: URL | str | None = None, **engine_kwargs: Any) -> MatchStore:
        """A store on ``url`` (default: the configured database). Run migrations first."""
        return cls(make_engine(url, **engine_kwargs))

    async def close(self) -> None:
        await self.db.close()
        await self.engine.dispose()

    # -- players -------------------------------------------------------------------------

    async def remember_player(self, user_id: int, display_name: str) -> None:
        """Create or refresh the cached display name of a Discord user."""
        await self.db.write(lambda conn: _upsert_players(conn, [(user_id, display_name)]))

    async def display_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Cached display names of those users that have one."""
        query = select(PLAYERS.c.user_id, PLAYERS.c.display_name).where(
            PLAYERS.c.user_id.in_(set(user_ids))
        )
        return await self.db.read(
            lambda conn: {user_id: name for user_id, name in conn.execute(query)}
        )

    # -- matches -------------------------------------------------------------------------

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        ruleset: str,
        seats: Sequence[Seat],
        options: JSONData | None = None,
        rules_options: JSONData | None = None,
        deadlines: DeadlinePlan | None = None,
    ) -> StoredMatch:
        """Start a match in a channel. Raises ``ChannelBusy`` if the channel has an active
        match (the database refuses it even when two processes race).

        ``options`` are stored with the match; the ruleset's initial state is built from
        ``rules_options`` when given, else from ``options`` (so the referee can keep settings
        such as a dice seed out of the state that views are made from). ``deadlines`` plans the
        deadlines of the first decisions (version 0), written in the same transaction."""
        rules = registry.get(ruleset)
        sides = [seat.side for seat in seats]
        if len(seats) != 2 or sorted(sides) != sorted(rules.sides):
            raise ValueError(f"{ruleset} needs one seat for each of {rules.sides}, got {sides}")
        options = dict(options or {})
        initial = options if rules_options is None else dict(rules_options)
        initial_state = rules.initial(initial)
        state = rules.to_json(initial_state)
        first, second = seats
        now = utcnow()
        values = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "ruleset": rules.name,
            "options": options,
            "status": MatchStatus.ACTIVE.value,
            "player1_id": first.user_id,
            "player1_side": first.side,
            "player2_id": second.user_id,
            "player2_side": second.side,
            "initial_state": state,
            "state": state,
            "state_schema": rules.schema_version,
            "version": 0,
            "action_count": 0,
            "result": None,
            "created_at": now,
            "updated_at": now,
        }

        def create(conn: Connection) -> int:
            _upsert_players(conn, [(s.user_id, s.display_name) for s in seats])
            match_id = conn.execute(
                insert(MATCHES).values(values).returning(MATCHES.c.id)
            ).scalar_one()
            if deadlines is not None:
                turn_deadlines.replace(conn, match_id, 0, deadlines(initial_state))
            return match_id

        try:
            match_id = await self.db.write(create)
        except IntegrityError as exc:
            busy = await self.db.read(
                lambda conn: conn.scalar(
                    select(MATCHES.c.id).where(
                        MATCHES.c.channel_id == channel_id,
                        MATCHES.c.status == MatchStatus.ACTIVE.value,
                    )
                )
            )
            if busy is None:
                raise
            raise ChannelBusy(channel_id, busy) from exc
        return StoredMatch(
            id=match_id,
            guild_id=guild_id,
            channel_id=channel_id,
            ruleset=rules.name,
            options=options,
            status=MatchStatus.ACTIVE,
            players={first.side: first.user_id, second.side: second.user_id},
            state=rules.from_json(state),
            version=0,
            action_count=0,
            result=None,
            created_at=now,
            updated_at=now,
        )

    async def get_match(self, match_id: int) -> StoredMatch:
        return await self.db.read(lambda conn: _decode(_get(conn, match_id)))

    async def active_match(self, channel_id: int) -> StoredMatch | None:
        """The match in progress in a channel, if any. ``UnreadableMatch`` when its saved
        state cannot be read (``abort`` still calls it off)."""

        def read(conn: Connection) -> StoredMatch | None:
            row = _one(conn, _ACTIVE_MATCH_IN_CHANNEL, channel_id=channel_id)
            return None if row is None else _decode(row)

        return await self.db.read(read)

    async def last_finished_match(self, channel_id: int, ruleset: str) -> StoredMatch | None:
        """The channel's most recent finished match of ``ruleset`` (not one called off), if any:
        the one whose action log players may download."""
        query = (
            select(MATCHES)
            .where(
                MATCHES.c.channel_id == channel_id,
                MATCHES.c.ruleset == ruleset,
                MATCHES.c.status == MatchStatus.FINISHED.value,
            )
            .order_by(MATCHES.c.id.desc())
            .limit(1)
        )

        def read(conn: Connection) -> StoredMatch | None:
            row = conn.execute(query).one_or_none()
            return None if row is None else _decode(row)

        return await self.db.read(read)

    async def active_counts(self) -> dict[str, int]:
        """How many matches are being played, by ruleset (those with none are left out)."""
        query = (
            select(MATCHES.c.ruleset, func.count())
            .where(MATCHES.c.status == MatchStatus.ACTIVE.value)
            .group_by(MATCHES.c.ruleset)
        )
        return await self.db.read(
            lambda conn: {ruleset: count for ruleset, count in conn.execute(query).all()}
        )

    async def active_matches(self, guild_id: int) -> list[StoredMatch]:
        """The matches in progress in a guild, oldest first."""
        query = (
            select(MATCHES)
            .where(MATCHES.c.guild_id == guild_id, MATCHES.c.status == MatchStatus.ACTIVE.value)
            .order_by(MATCHES.c.id)
        )
        return await self.db.read(lambda conn: [_decode(row) for row in conn.execute(query)])

    async def active_options_of(
        self, user_id: int, sharding: Sharding = ALL_GUILDS
    ) -> list[tuple[int, JSONData]]:
        """(match id, options) of the matches in progress where ``user_id`` holds a seat (the
        bot: its coach's matches), of this process's guilds, oldest first; the states are not
        read."""
        query = (
            select(MATCHES.c.id, MATCHES.c.options)
            .where(
                MATCHES.c.status == MatchStatus.ACTIVE.value,
                or_(MATCHES.c.player1_id == user_id, MATCHES.c.player2_id == user_id),
                sharding.guild_filter(MATCHES.c.guild_id),
            )
            .order_by(MATCHES.c.id)
        )
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        return [(row.id, row.options) for row in rows if isinstance(row.options, dict)]

    async def apply(
        self,
        match_id: int,
        action: Action,
        *,
        user_id: int | None = None,
        expected_version: int | None = None,
        follow: Follow | None = None,
        deadlines: DeadlinePlan | None = None,
        finish: Finish | None = None,
    ) -> Applied:
        """Apply ``action`` through the ruleset and save the new state and the logged action in
        one transaction.

        ``expected_version`` is the version the player saw (a button drawn for version N): if
        the match has moved on, ``ConflictError`` is raised instead of applying. A rules error
        from the engine propagates unchanged and nothing is written. ``follow`` adds the
        referee's own next actions (virtual dice, say) to the same transaction. ``deadlines``,
        when given, replaces the match's unfired deadlines with those it plans for the new
        state, tagged with the new version, in the same transaction. With ``finish``, a state
        the ruleset says is over finishes the match in that same transaction too (status
        finished, ``finish(state)`` as the result, no deadlines left): a crash after the
        commit never leaves a decided match active.
        """

        def load(conn: Connection) -> MatchRow:
            return _get_active(conn, match_id, expected_version)

        return await self._advance(
            load, lambda match: Step(action, follow, deadlines, finish), user_id=user_id
        )

    async def apply_active(
        self,
        channel_id: int,
        plan: Plan,
        *,
        user_id: int | None = None,
    ) -> Applied:
        """``apply`` to the channel's active match, read in the same transaction: ``plan`` gets
        the match as read and returns the ``Step`` to apply. It may
        raise to refuse (not your turn, a stale button...): nothing is written then. One
        transaction instead of a read and then an ``apply``, and the version applied to is by
        construction the one ``plan`` saw. Raises ``NoActiveMatch`` when the channel has none."""

        def load(conn: Connection) -> MatchRow:
            row = _one(conn, _ACTIVE_MATCH_IN_CHANNEL, channel_id=channel_id)
            if row is None:
                raise NoActiveMatch(channel_id)
            return row

        return await self._advance(load, plan, user_id=user_id)

    async def update_options(
        self,
        match_id: int,
        changes: JSONData,
        *,
        expected_version: int | None = None,
        follow: Follow | None = None,
        deadlines: DeadlinePlan | None = None,
        finish: Finish | None = None,
    ) -> Applied:
        """Merge ``changes`` into the match's options in one versioned transaction (the version
        goes up by one), then let ``follow`` act on the state as ``apply`` does (the automatic
        coach taking over a side plays its pending decisions at once, say; ``finish`` as in
        ``apply``)."""

        def load(conn: Connection) -> MatchRow:
            return _get_active(conn, match_id, expected_version)

        return await self._advance(
            load, lambda match: Step(None, follow, deadlines, finish), options=changes
        )

    async def _advance(
        self,
        load: Callable[[Connection], MatchRow],
        plan: Plan,
        *,
        options: JSONData | None = None,
        user_id: int | None = None,
    ) -> Applied:
        if self.db.statement_steps:
            # PostgreSQL: the read, then the whole write in one statement (two round trips in
            # all instead of BEGIN, read, three writes, COMMIT). Reading outside the write's
            # transaction loses nothing: under READ COMMITTED the read saw only committed data
            # either way, and the write still applies only to the version that was read.
            row = await self.db.read(load)
            advance = _Advance.of(row, plan, options, user_id)
            if not await self.db.write_one(advance.write_at_once):
                raise ConflictError(row.id, row.version)
            return advance.applied

        def in_one_transaction(conn: Connection) -> Applied:
            advance = _Advance.of(load(conn), plan, options, user_id)
            advance.write(conn)
            return advance.applied

        return await self.db.write(in_one_transaction)

    async def finish(
        self, match_id: int, result: JSONData, *, expected_version: int | None = None
    ) -> None:
        """Mark the match finished with its result (score, winner...); the channel is free."""
        await self._close(match_id, MatchStatus.FINISHED, result, expected_version)

    async def abort(
        self,
        match_id: int,
        result: JSONData | None = None,
        *,
        expected_version: int | None = None,
    ) -> None:
        """Call the match off: mark it aborted (``result`` may say why); the channel is free,
        and a league fixture it was played for is to be played again (pending, without a
        match), in the same transaction. Reads nothing of the stored state, so it works even
        when that can no longer be read. Every call-off goes through here."""
        await self._close(match_id, MatchStatus.ABORTED, result, expected_version)

    async def abort_where(
        self,
        result: JSONData,
        *,
        channel_ids: Iterable[int] = (),
        guild_id: int | None = None,
    ) -> list[ClosedMatch]:
        """Call off (``abort``) every active match in ``channel_ids`` and, with ``guild_id``,
        in that guild (a deleted channel or thread, a guild that removed the bot), without
        reading their states. Returns those called off; one closed meanwhile is left out."""
        wanted = [MATCHES.c.channel_id.in_(set(channel_ids))]
        if guild_id is not None:
            wanted.append(MATCHES.c.guild_id == guild_id)
        query = (
            select(*_HEAD)
            .where(MATCHES.c.status == MatchStatus.ACTIVE.value, or_(*wanted))
            .order_by(MATCHES.c.id)
        )
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        closed = []
        for row in rows:
            try:
                await self.abort(row.id, result)
            except MatchNotActive:
                continue  # finished or called off by someone else meanwhile
            closed.append(ClosedMatch(row.id, row.guild_id, row.channel_id, _players(row)))
        return closed

    async def _close(
        self,
        match_id: int,
        status: MatchStatus,
        result: JSONData | None,
        expected_version: int | None,
    ) -> None:

        def close(conn: Connection) -> None:
            row = _get_active(conn, match_id, expected_version, head=True)
            changes = {"status": status.value, "result": result, "updated_at": utcnow()}
            _write_match(conn, row, changes)
            turn_deadlines.clear(conn, match_id)  # a closed match waits for nobody
            if status is MatchStatus.ABORTED:  # nothing was decided: the fixture is replayed
                conn.execute(
                    update(FIXTURES)
                    .where(
                        FIXTURES.c.match_id == match_id,
                        FIXTURES.c.status == FixtureStatus.PLAYING.value,
                    )
                    .values(status=FixtureStatus.PENDING.value, match_id=None)
                )

        await self.db.write(close)

    # -- turn deadlines (see store.deadlines) ----------------------------------------------

    async def set_deadlines(
        self, match_id: int, version: int, specs: Sequence[DeadlineSpec]
    ) -> bool:
        """Replace the match's unfired deadlines with ``specs`` for the decision at ``version``.
        Nothing is written (False) if the match is no longer active at that version, so a late
        call never overwrites the deadlines of a newer decision. ``apply`` and ``create_match``
        take a plan to do this in their own transaction."""

        def set_them(conn: Connection) -> bool:
            # A write that changes nothing takes the row (PostgreSQL) or database (SQLite) lock,
            # so the version cannot move until the deadlines are written.
            locked = conn.execute(
                update(MATCHES)
                .where(
                    MATCHES.c.id == match_id,
                    MATCHES.c.version == version,
                    MATCHES.c.status == MatchStatus.ACTIVE.value,
                )
                .values(version=MATCHES.c.version)
            )
            if locked.rowcount != 1:
                return False
            turn_deadlines.replace(conn, match_id, version, specs)
            return True

        return await self.db.write(set_them)

    async def deadlines(self, match_id: int) -> list[StoredDeadline]:
        """The match's deadlines (fired or not), soonest first."""
        return await self.db.read(lambda conn: turn_deadlines.of_match(conn, match_id))

    async def fire_due(
        self, now: datetime, limit: int = 100, sharding: Sharding = ALL_GUILDS
    ) -> list[StoredDeadline]:
        """Claim and mark fired the deadlines due at ``now`` of this process's guilds (at most
        ``limit``), each for one caller only, even across processes; their current matches'
        live boards are put behind in the same transaction (``store.deadlines.fire_due``)."""
        return await self.db.write(lambda conn: turn_deadlines.fire_due(conn, now, limit, sharding))

    async def clear_deadlines(self, match_id: int) -> None:
        """Drop all of the match's deadlines (``finish`` and ``abort`` do it themselves)."""
        await self.db.write_one(lambda conn: turn_deadlines.clear(conn, match_id))

    # -- the live board (cogs.play.live) -------------------------------------------------

    async def live_board(self, match_id: int) -> StoredBoard | None:
        """The match's live board as last delivered, if one ever was."""
        params = {"match_id": match_id}
        row = await self.db.read(lambda conn: conn.execute(_BOARD, params).one_or_none())
        if row is None:
            return None
        fields = row._asdict()
        deciders = frozenset(int(user) for user in fields.pop("deciders").split(",") if user)
        return StoredBoard(**fields, deciders=deciders)

    async def record_board(
        self,
        match_id: int,
        *,
        channel_id: int,
        message_id: int,
        version: int,
        posted_at: datetime,
        deciders: Iterable[int] = (),
    ) -> None:
        """The live board now shows ``version`` in that message, naming ``deciders`` as having
        the decision. Never moves back: a slower delivery of an older version leaves a newer
        record as it is."""
        values = {
            "match_id": match_id,
            "channel_id": channel_id,
            "message_id": message_id,
            "version": version,
            "posted_at": posted_at,
            "deciders": ",".join(str(user) for user in sorted(set(deciders))),
        }
        await self._upsert(BOARDS, values, where=BOARDS.c.version <= version)

    async def board_behind(self, match_id: int) -> None:
        """The live board misses something that does not move the match's version (a turn
        clock that ran out): ``boards_behind`` lists it until it is delivered again."""
        behind = update(BOARDS).where(BOARDS.c.match_id == match_id).values(version=-1)
        await self.db.write_one(lambda conn: conn.execute(behind))

    async def boards_behind(
        self, limit: int = 100, sharding: Sharding = ALL_GUILDS
    ) -> list[StoredMatch]:
        """The matches whose live board shows less than the match: an active match with no
        board or an older one, or a match over since its board was last delivered. Only
        those of this process's guilds (``sharding``)."""
        query = _behind(sharding.guild_filter(MATCHES.c.guild_id)).limit(limit)
        rows = await self.db.read(lambda conn: conn.execute(query).all())
        found = []
        for row in rows:
            try:
                found.append(_decode(row))
            except UnreadableMatch:  # nothing to show; /abort calls it off
                continue
        return found

    @contextlib.asynccontextmanager
    async def delivering(self, match_id: int) -> AsyncIterator[StoredMatch | None]:
        """The right to bring the match's live board up to date, held for the ``async with``:
        the match as it is now if its board is still behind and no other process is bringing
        it (on PostgreSQL a transaction's advisory lock per match, let go at its end, a crash
        included), else None. On SQLite one process serves the database: the match while its
        board is behind, and no connection is held."""
        if self.engine.dialect.name != "postgresql":
            yield await self.db.read(lambda conn: _still_behind(conn, match_id))
            return
        async with self.engine.begin() as conn:
            lock = func.pg_try_advisory_xact_lock(BOARD_DELIVERY_LOCKS, match_id)
            if await conn.scalar(select(lock)):
                yield await conn.run_sync(_still_behind, match_id)
            else:
                yield None

    async def scoreboard(self, match_id: int) -> StoredScoreboard | None:
        """The parent channel's scoreboard of a match played in a thread, if it has one."""
        query = select(SCOREBOARDS).where(SCOREBOARDS.c.match_id == match_id)
        row = await self.db.read(lambda conn: conn.execute(query).one_or_none())
        return None if row is None else StoredScoreboard(**row._asdict())

    async def record_scoreboard(self, match_id: int, *, channel_id: int, message_id: int) -> None:
        """The match's scoreboard is that message (of the thread's parent channel)."""
        values = {"match_id": match_id, "channel_id": channel_id, "message_id": message_id}
        await self._upsert(SCOREBOARDS, values)

    async def _upsert(self, table: Table, values: JSONData, where: Any = None) -> None:
        """Insert a row of a table keyed by ``match_id``, or update the match's row (only
        ``where`` it holds, when given)."""

        def upsert(conn: Connection) -> None:
            insert_ = conflict_insert(conn, table).values(**values)
            conn.execute(
                insert_.on_conflict_do_update(
                    index_elements=[table.c.match_id],
                    set_={k: insert_.excluded[k] for k in values if k != "match_id"},
                    where=where,
                )
            )

        await self.db.write_one(upsert)

    async def history(self, match_id: int) -> History:
        """The match, its initial state and its ordered action log, for replay."""

        def read(conn: Connection) -> History:
            while True:
                row = _get(conn, match_id)
                # Those up to the count read belong to this state, even if another transaction
                # has appended more since; a ``rewind`` in between moves the version: read again.
                entries = conn.execute(
                    select(ACTIONS)
                    .where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq <= row.action_count)
                    .order_by(ACTIONS.c.seq)
                )
                log = [
                    LoggedAction(e.seq, Action(e.actor, e.kind, e.args), e.user_id, e.created_at)
                    for e in entries
                ]
                if _version(conn, match_id) == row.version:
                    break
            match = _decode(row)
            rules = _rules_of(row)
            initial = _read(row, rules, row.initial_state, f"The start of match #{row.id}")
            return History(match, initial, log)

        return await self.db.read(read)

    async def rewind(
        self,
        match_id: int,
        keep: int,
        *,
        expected_version: int,
        deadlines: DeadlinePlan | None = None,
    ) -> StoredMatch:
        """Take back every logged action after the first ``keep`` in one transaction: they are
        deleted, the state becomes the replay of the initial state over the kept ones, and the
        version goes up by one like any change (so buttons drawn before are refused).

        The referee's undo uses it; the log is append-only otherwise. Refused like ``apply``:
        ``MatchNotActive`` once the match is over, ``ConflictError`` when it is no longer at
        ``expected_version``. ``deadlines`` replaces the unfired deadlines as ``apply`` does.
        """

        def take_back(conn: Connection) -> StoredMatch:
            row = _get_active(conn, match_id, expected_version)
            if not 0 <= keep <= row.action_count:
                raise ValueError(f"match #{match_id} has {row.action_count} actions, not {keep}")
            rules = _rules_of(row)
            label = f"The start of match #{row.id}"
            initial = _read(row, rules, row.initial_state, label)
            state = replay(rules, initial, _kept_actions(conn, match_id, keep))
            now = utcnow()
            changes: JSONData = {
                "state": rules.to_json(state),
                "state_schema": rules.schema_version,
                "action_count": keep,
                "updated_at": now,
            }
            if row.state_schema != rules.schema_version:  # upgraded on load: keep both in step
                changes["initial_state"] = states.upgrade(
                    rules, row.initial_state, row.state_schema, label
                )
            _write_match(conn, row, changes)  # first: the version check takes the lock
            conn.execute(
                ACTIONS.delete().where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq > keep)
            )
            if deadlines is not None:
                turn_deadlines.replace(conn, match_id, row.version + 1, deadlines(state))
            return _record(
                row, rules, state, version=row.version + 1, action_count=keep, updated_at=now
            )

        return await self.db.write(take_back)


# -- helpers (module level so that tests can inject failures between the steps) ----------

MATCHES = cast(Table, Match.__table__)
BOARDS = cast(Table, LiveBoard.__table__)
SCOREBOARDS = cast(Table, Scoreboard.__table__)
ACTIONS = cast(Table, MatchAction.__table__)
PLAYERS = cast(Table, Player.__table__)
FIXTURES = cast(Table, LeagueFixture.__table__)
# A match row without its JSON columns: what calling a match off needs, readable even when the
# stored state is not.
_HEAD = [
    column
    for column in MATCHES.c
    if column.name not in ("state", "initial_state", "options", "result")
]


@dataclass(frozen=True, slots=True)
class _Advance:
    """One step worked out from the match row as read: what to write, and what it applied."""

    row: MatchRow
    changes: JSONData  # the match's columns to set (``_write_match``)
    done: list[Action]  # the actions to log, the player's first
    user_id: int | None
    now: datetime
    deadlines: Sequence[DeadlineSpec] | None  # the new unfired deadlines (None: leave them)
    clear_deadlines: bool  # the match is over: no deadline stays, fired or not
    applied: Applied

    @classmethod
    def of(
        cls, row: MatchRow, plan: Plan, options: JSONData | None, user_id: int | None
    ) -> _Advance:
        rules = _rules_of(row)
        state = _load_state(rules, row)
        action, follow, deadlines, finish = plan(_record(row, rules, state))
        events: list[Event] = []
        done: list[Action] = []
        if action is not None:
            state, events = rules.apply(state, action)
            events = list(events)
            done.append(action)
        while follow is not None and (extra := follow(state)) is not None:
            state, more = rules.apply(state, extra)
            events.extend(more)
            done.append(extra)

        now = utcnow()
        count = row.action_count + len(done)
        changes: JSONData = {
            "state": rules.to_json(state),
            "state_schema": rules.schema_version,
            "action_count": count,
            "updated_at": now,
        }
        merged = row.options if options is None else {**row.options, **options}
        if options is not None:
            changes["options"] = merged
        status, result = MatchStatus.ACTIVE, None
        if finish is not None and rules.is_over(state):
            status, result = MatchStatus.FINISHED, finish(state)
            changes.update(status=status.value, result=result)
        if row.state_schema != rules.schema_version:  # upgraded on load: keep both in step
            changes["initial_state"] = states.upgrade(
                rules, row.initial_state, row.state_schema, f"The start of match #{row.id}"
            )
        finished = status is MatchStatus.FINISHED
        record = _record(
            row,
            rules,
            state,
            version=row.version + 1,
            action_count=count,
            updated_at=now,
            options=merged,
            status=status,
            result=row.result if result is None else result,
        )
        return cls(
            row=row,
            changes=changes,
            done=done,
            user_id=user_id,
            now=now,
            deadlines=None if finished or deadlines is None else list(deadlines(state)),
            clear_deadlines=finished,  # a finished match waits for nobody
            applied=Applied(record, events, done),
        )

    def write(self, conn: Connection) -> None:
        """The step's writes, statement by statement (in the caller's transaction)."""
        row = self.row
        _write_match(conn, row, self.changes)
        if self.done:
            _append_actions(conn, row.id, row.action_count + 1, self.done, self.user_id, self.now)
        if self.clear_deadlines:
            turn_deadlines.clear(conn, row.id)
        elif self.deadlines is not None:
            turn_deadlines.replace(conn, row.id, row.version + 1, self.deadlines)

    def write_at_once(self, conn: Connection) -> bool:
        """The step's writes as one statement (PostgreSQL's data-modifying WITH: the match's
        update, and the rest only where it took, so a lost race writes nothing); whether it
        took."""
        row = self.row
        replace = None if self.clear_deadlines else self.deadlines
        statement = _step_statement(
            tuple(sorted(self.changes)),
            len(self.done),
            self.clear_deadlines,
            None if replace is None else len(replace),
        )
        params: JSONData = {f"new_{column}": value for column, value in self.changes.items()}
        params.update(match_id=row.id, read_version=row.version, now=self.now)
        for i, action in enumerate(self.done):
            params[f"seq_{i}"] = row.action_count + 1 + i
            params[f"actor_{i}"] = action.actor
            params[f"kind_{i}"] = action.kind
            params[f"args_{i}"] = action.args
            params[f"user_{i}"] = self.user_id if i == 0 else None  # follow-ups: the referee's
        for i, spec in enumerate(replace or ()):
            params[f"side_{i}"] = spec.side
            params[f"dkind_{i}"] = spec.kind.value
            params[f"due_{i}"] = spec.due_at
        if replace:
            params["new_version"] = row.version + 1
        return bool(conn.scalar(statement, params))


@functools.cache
def _step_statement(
    columns: tuple[str, ...], actions: int, clear: bool, deadlines: int | None
) -> TextClause:
    """``_Advance.write_at_once``'s statement for its shape: the match columns it sets, the
    actions it logs, whether it clears the deadlines, how many it sets (None: leaves them)."""
    binds = [bindparam(f"new_{c}", type_=MATCHES.c[c].type) for c in columns]
    sets = ", ".join(f"{c} = :new_{c}" for c in columns)
    parts = [
        f"m AS (UPDATE matches SET version = version + 1, {sets}"
        " WHERE id = :match_id AND version = :read_version RETURNING id)"
    ]
    binds += [
        bindparam("match_id", type_=MATCHES.c.id.type),
        bindparam("read_version", type_=MATCHES.c.version.type),
    ]
    if actions or deadlines:
        binds.append(bindparam("now", type_=ACTIONS.c.created_at.type))
    for i in range(actions):
        parts.append(
            f"a{i} AS (INSERT INTO match_actions"
            " (match_id, seq, actor, kind, args, user_id, created_at)"
            f" SELECT id, :seq_{i}, :actor_{i}, :kind_{i}, :args_{i}, :user_{i}, :now FROM m)"
        )
        binds += [
            bindparam(f"seq_{i}", type_=ACTIONS.c.seq.type),
            bindparam(f"actor_{i}", type_=ACTIONS.c.actor.type),
            bindparam(f"kind_{i}", type_=ACTIONS.c.kind.type),
            bindparam(f"args_{i}", type_=ACTIONS.c.args.type),
            bindparam(f"user_{i}", type_=ACTIONS.c.user_id.type),
        ]
    if clear or deadlines is not None:
        # Every sub-statement sees the deadlines as they were before the statement: this
        # never deletes the ones inserted beside it.
        unfired = "" if clear else " AND fired_at IS NULL"
        parts.append(f"d AS (DELETE FROM deadlines WHERE match_id IN (SELECT id FROM m){unfired})")
    for i in range(deadlines or 0):
        parts.append(
            f"n{i} AS (INSERT INTO deadlines"
            " (match_id, side, kind, due_at, version, fired_at, created_at)"
            f" SELECT id, :side_{i}, :dkind_{i}, :due_{i}, :new_version, NULL, :now FROM m)"
        )
        binds += [
            bindparam(f"side_{i}", type_=DEADLINES.c.side.type),
            bindparam(f"dkind_{i}", type_=DEADLINES.c.kind.type),
            bindparam(f"due_{i}", type_=DEADLINES.c.due_at.type),
        ]
    if deadlines:  # the new deadlines carry the match's new version
        binds.append(bindparam("new_version", type_=DEADLINES.c.version.type))
    sql = "WITH " + ",\n".join(parts) + "\nSELECT count(*) FROM m"
    return text(sql).bindparams(*binds)


def _behind(*where: Any) -> Select[Any]:
    """Matches whose live board is behind (``boards_behind``), oldest first."""
    return (
        select(MATCHES)
        .outerjoin(BOARDS, BOARDS.c.match_id == MATCHES.c.id)
        .where(
            or_(
                BOARDS.c.version < MATCHES.c.version,
                (BOARDS.c.match_id.is_(None)) & (MATCHES.c.status == MatchStatus.ACTIVE.value),
            ),
            *where,
        )
        .order_by(MATCHES.c.id)
    )


def _still_behind(conn: Connection, match_id: int) -> StoredMatch | None:
    row = conn.execute(_behind(MATCHES.c.id == match_id)).one_or_none()
    try:
        return None if row is None else _decode(row)
    except UnreadableMatch:  # nothing to show; /abort calls it off
        return None


# The statements of every step, built once (building one costs more than running it).
_BY_ID = MATCHES.c.id == bindparam("match_id")
_ACTIVE_IN_CHANNEL = (
    MATCHES.c.channel_id == bindparam("channel_id"),
    MATCHES.c.status == MatchStatus.ACTIVE.value,
)
_MATCH_BY_ID = (select(MATCHES).where(_BY_ID), select(*_HEAD).where(_BY_ID))
_ACTIVE_MATCH_IN_CHANNEL = (
    select(MATCHES).where(*_ACTIVE_IN_CHANNEL),
    select(*_HEAD).where(*_ACTIVE_IN_CHANNEL),
)
_INSERT_ACTIONS = insert(ACTIONS)
_BOARD = select(BOARDS).where(BOARDS.c.match_id == bindparam("match_id"))


def _one(
    conn: Connection, queries: tuple[Select[Any], Select[Any]], **params: Any
) -> MatchRow | None:
    """The one match row of ``queries`` (the whole row, then its head) with ``params`` (None if
    none). ``UnreadableMatch`` when a JSON column of it is not JSON (SQLite keeps any text; the
    driver fails to decode it)."""
    whole, head_only = queries
    try:
        return conn.execute(whole, params).one_or_none()
    except ValueError as exc:
        head = conn.execute(head_only, params).one_or_none()
        if head is None:
            raise
        why = f"The saved state of match #{head.id} is damaged (not JSON) and cannot be read."
        raise _unreadable(head, why) from exc


def _get(conn: Connection, match_id: int, *, head: bool = False) -> MatchRow:
    """The match row; with ``head``, without its JSON columns (``_HEAD``)."""
    if head:
        row = conn.execute(_MATCH_BY_ID[1], {"match_id": match_id}).one_or_none()
    else:
        row = _one(conn, _MATCH_BY_ID, match_id=match_id)
    if row is None:
        raise MatchNotFound(f"There is no match #{match_id}.")
    return row


def _get_active(
    conn: Connection, match_id: int, expected_version: int | None, *, head: bool = False
) -> MatchRow:
    """The match row, refused when the match is over or has moved past ``expected_version``."""
    row = _get(conn, match_id, head=head)
    if row.status != MatchStatus.ACTIVE:
        raise MatchNotActive(match_id, row.status)
    if expected_version is not None and row.version != expected_version:
        raise ConflictError(match_id, expected_version, row.version)
    return row


def _players(row: MatchRow) -> dict[str, int]:
    return {row.player1_side: row.player1_id, row.player2_side: row.player2_id}


def _unreadable(row: MatchRow, why: str) -> UnreadableMatch:
    players = (row.player1_id, row.player2_id)
    return UnreadableMatch(row.id, row.channel_id, row.ruleset, players, row.version, why)


def _rules_of(row: MatchRow) -> Ruleset[Any]:
    """The match's ruleset; ``UnreadableMatch`` for a game this bot does not know."""
    try:
        return registry.get(row.ruleset)
    except RulesError as exc:
        why = (
            f"Match #{row.id} is of a game this bot does not know ({row.ruleset!r}), so it "
            "cannot be read."
        )
        raise _unreadable(row, why) from exc


def _read(row: MatchRow, rules: Ruleset[Any], data: Any, label: str) -> Any:
    """A stored state of the match, decoded (``states.load``); ``UnreadableMatch`` when it
    cannot be: another schema version, or not the ruleset's state at all."""
    try:
        return states.load(rules, data, row.state_schema, label)
    except SchemaMismatch as exc:
        text = str(exc)
        why = text if text.startswith(label) else f"{label} cannot be read. {text}"
        raise _unreadable(row, why) from exc
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise _unreadable(row, f"{label} is damaged and cannot be read.") from exc


def _load_state(rules: Ruleset[Any], row: MatchRow) -> Any:
    label = f"Match #{row.id}"
    sides = {row.player1_side, row.player2_side}
    if not isinstance(row.options, dict) or sides != set(rules.sides):
        raise _unreadable(row, f"{label} is damaged and cannot be read.")
    return _read(row, rules, row.state, label)


def _decode(row: MatchRow) -> StoredMatch:
    rules = _rules_of(row)
    return _record(row, rules, _load_state(rules, row))


def _record(row: MatchRow, rules: Ruleset[Any], state: Any, **changes: Any) -> StoredMatch:
    values: dict[str, Any] = {
        "id": row.id,
        "guild_id": row.guild_id,
        "channel_id": row.channel_id,
        "ruleset": rules.name,
        "options": row.options,
        "status": MatchStatus(row.status),
        "players": _players(row),
        "state": state,
        "version": row.version,
        "action_count": row.action_count,
        "result": row.result,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }
    values.update(changes)
    return StoredMatch(**values)


def _write_match(conn: Connection, row: MatchRow, changes: JSONData) -> None:
    """The optimistic write: only if the match is still at the version that was read."""
    params = {f"new_{column}": value for column, value in changes.items()}
    statement = _match_update(tuple(sorted(changes)))
    result = conn.execute(statement, {**params, "match_id": row.id, "read_version": row.version})
    if result.rowcount != 1:
        raise ConflictError(row.id, row.version)


@functools.cache
def _match_update(columns: tuple[str, ...]) -> Update:
    """``_write_match``'s statement for the columns it changes (a handful of sets in all)."""
    values = {c: bindparam(f"new_{c}", type_=MATCHES.c[c].type) for c in columns}
    return (
        update(MATCHES)
        .where(_BY_ID, MATCHES.c.version == bindparam("read_version"))
        .values(version=MATCHES.c.version + 1, **values)
    )


def _append_actions(
    conn: Connection,
    match_id: int,
    first_seq: int,
    actions: Sequence[Action],
    user_id: int | None,
    now: datetime,
) -> None:
    conn.execute(
        _INSERT_ACTIONS,
        [
            {
                "match_id": match_id,
                "seq": first_seq + i,
                "actor": action.actor,
                "kind": action.kind,
                "args": action.args,
                "user_id": user_id if i == 0 else None,  # follow-ups are the referee's
                "created_at": now,
            }
            for i, action in enumerate(actions)
        ],
    )


def _upsert_players(conn: Connection, players: Iterable[tuple[int, str]]) -> None:
    now = utcnow()
    rows = {
        user_id: {"user_id": user_id, "display_name": name, "created_at": now, "updated_at": now}
        for user_id, name in players
    }
    stmt = conflict_insert(conn, PLAYERS).values(list(rows.values()))
    stmt = stmt.on_conflict_do_update(
        index_elements=[PLAYERS.c.user_id],
        set_={"display_name": stmt.excluded.display_name, "updated_at": now},
    )
    conn.execute(stmt)


def _kept_actions(conn: Connection, match_id: int, keep: int) -> list[Action]:
    """The first ``keep`` logged actions of a match, in order (``rewind``)."""
    entries = conn.execute(
        select(ACTIONS.c.actor, ACTIONS.c.kind, ACTIONS.c.args)
        .where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq <= keep)
        .order_by(ACTIONS.c.seq)
    )
    return [Action(e.actor, e.kind, e.args) for e in entries]


def _version(conn: Connection, match_id: int) -> int | None:
    return conn.scalar(select(MATCHES.c.version).where(MATCHES.c.id == match_id))
