"""The match repository the referee uses: create, load, apply actions, finish, replay.

Every change is one transaction that reads the match, applies through the engine, and writes
``version = version + 1 WHERE version = <the version read>``. If another click or process got
there first the write touches no row and ``ConflictError`` is raised: nothing is ever merged or
overwritten. Ruleset-agnostic: rulesets are looked up by name in ``engine.registry``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import Row, Table, insert, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from engine import registry
from engine.core import Action, Event, Ruleset, replay
from store import deadlines as turn_deadlines
from store import states
from store.db import conflict_insert, make_engine
from store.deadlines import DeadlinePlan, DeadlineSpec, StoredDeadline
from store.errors import ChannelBusy, ConflictError, MatchNotActive, MatchNotFound, NoActiveMatch
from store.models import Match, MatchAction, MatchStatus, Player, utcnow

JSONData = dict[str, Any]
MatchRow = Row[Any]  # a row of the matches table
# Called with the state after each applied action; returns the next action the referee takes
# itself in the same transaction (virtual dice, say), or None to stop.
Follow = Callable[[Any], Action | None]


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
    own follow-ups, and the deadlines to plan for the state after (None: leave them)."""

    action: Action | None
    follow: Follow | None = None
    deadlines: DeadlinePlan | None = None


# Called with the match as read inside ``apply_active``'s transaction; raises to refuse,
# and then nothing is written.
Plan = Callable[[StoredMatch], Step]


@dataclass(frozen=True, slots=True)
class Applied:
    """The outcome of ``apply``: the match after it, what happened, and the actions logged
    (the player's, then any the referee added through ``follow``)."""

    match: StoredMatch
    events: list[Event]
    actions: list[Action]


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

    @classmethod
    def open(cls, url: URL | str | None = None, **engine_kwargs: Any) -> MatchStore:
        """A store on ``url`` (default: the configured database). Run migrations first."""
        return cls(make_engine(url, **engine_kwargs))

    async def close(self) -> None:
        await self.engine.dispose()

    # -- players -------------------------------------------------------------------------

    async def remember_player(self, user_id: int, display_name: str) -> None:
        """Create or refresh the cached display name of a Discord user."""
        async with self.engine.begin() as conn:
            await _upsert_players(conn, [(user_id, display_name)])

    async def display_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Cached display names of those users that have one."""
        query = select(PLAYERS.c.user_id, PLAYERS.c.display_name).where(
            PLAYERS.c.user_id.in_(set(user_ids))
        )
        async with self.engine.connect() as conn:
            return {user_id: name for user_id, name in await conn.execute(query)}

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
        try:
            async with self.engine.begin() as conn:
                await _upsert_players(conn, [(s.user_id, s.display_name) for s in seats])
                match_id = (
                    await conn.execute(insert(MATCHES).values(values).returning(MATCHES.c.id))
                ).scalar_one()
                if deadlines is not None:
                    await turn_deadlines.replace(conn, match_id, 0, deadlines(initial_state))
        except IntegrityError as exc:
            async with self.engine.connect() as conn:
                busy = await conn.scalar(
                    select(MATCHES.c.id).where(
                        MATCHES.c.channel_id == channel_id,
                        MATCHES.c.status == MatchStatus.ACTIVE.value,
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
        async with self.engine.connect() as conn:
            row = await _get(conn, match_id)
        return _decode(row)

    async def active_match(self, channel_id: int) -> StoredMatch | None:
        """The match in progress in a channel, if any."""
        query = select(MATCHES).where(
            MATCHES.c.channel_id == channel_id, MATCHES.c.status == MatchStatus.ACTIVE.value
        )
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
        return None if row is None else _decode(row)

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
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).one_or_none()
        return None if row is None else _decode(row)

    async def active_matches(self, guild_id: int) -> list[StoredMatch]:
        """The matches in progress in a guild, oldest first."""
        query = (
            select(MATCHES)
            .where(MATCHES.c.guild_id == guild_id, MATCHES.c.status == MatchStatus.ACTIVE.value)
            .order_by(MATCHES.c.id)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [_decode(row) for row in rows]

    async def apply(
        self,
        match_id: int,
        action: Action,
        *,
        user_id: int | None = None,
        expected_version: int | None = None,
        follow: Follow | None = None,
        deadlines: DeadlinePlan | None = None,
    ) -> Applied:
        """Apply ``action`` through the ruleset and save the new state and the logged action in
        one transaction.

        ``expected_version`` is the version the player saw (a button drawn for version N): if
        the match has moved on, ``ConflictError`` is raised instead of applying. A rules error
        from the engine propagates unchanged and nothing is written. ``follow`` adds the
        referee's own next actions (virtual dice, say) to the same transaction. ``deadlines``,
        when given, replaces the match's unfired deadlines with those it plans for the new
        state, tagged with the new version, in the same transaction.
        """

        async def load(conn: AsyncConnection) -> MatchRow:
            return await _get_active(conn, match_id, expected_version)

        return await self._advance(
            load, lambda match: Step(action, follow, deadlines), user_id=user_id
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

        async def load(conn: AsyncConnection) -> MatchRow:
            query = select(MATCHES).where(
                MATCHES.c.channel_id == channel_id,
                MATCHES.c.status == MatchStatus.ACTIVE.value,
            )
            row = (await conn.execute(query)).one_or_none()
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
    ) -> Applied:
        """Merge ``changes`` into the match's options in one versioned transaction (the version
        goes up by one), then let ``follow`` act on the state as ``apply`` does (the automatic
        coach taking over a side plays its pending decisions at once, say)."""

        async def load(conn: AsyncConnection) -> MatchRow:
            return await _get_active(conn, match_id, expected_version)

        return await self._advance(
            load, lambda match: Step(None, follow, deadlines), options=changes
        )

    async def _advance(
        self,
        load: Callable[[AsyncConnection], Awaitable[MatchRow]],
        plan: Plan,
        *,
        options: JSONData | None = None,
        user_id: int | None = None,
    ) -> Applied:
        async with self.engine.begin() as conn:
            row = await load(conn)
            match_id = row.id
            rules = registry.get(row.ruleset)
            state = _load_state(rules, row)
            action, follow, deadlines = plan(_record(row, rules, state))
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
            if row.state_schema != rules.schema_version:  # upgraded on load: keep both in step
                changes["initial_state"] = states.upgrade(
                    rules, row.initial_state, row.state_schema, f"The start of match #{row.id}"
                )
            await _write_match(conn, row, changes)
            if done:
                await _append_actions(conn, match_id, row.action_count + 1, done, user_id, now)
            if deadlines is not None:
                await turn_deadlines.replace(conn, match_id, row.version + 1, deadlines(state))
        record = _record(
            row,
            rules,
            state,
            version=row.version + 1,
            action_count=count,
            updated_at=now,
            options=merged,
        )
        return Applied(record, events, done)

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
        """Mark the match aborted (``result`` may say why); the channel is free. Works even
        when the stored state can no longer be read."""
        await self._close(match_id, MatchStatus.ABORTED, result, expected_version)

    async def _close(
        self,
        match_id: int,
        status: MatchStatus,
        result: JSONData | None,
        expected_version: int | None,
    ) -> None:
        async with self.engine.begin() as conn:
            row = await _get_active(conn, match_id, expected_version)
            changes = {"status": status.value, "result": result, "updated_at": utcnow()}
            await _write_match(conn, row, changes)
            await turn_deadlines.clear(conn, match_id)  # a closed match waits for nobody

    # -- turn deadlines (see store.deadlines) ----------------------------------------------

    async def set_deadlines(
        self, match_id: int, version: int, specs: Sequence[DeadlineSpec]
    ) -> bool:
        """Replace the match's unfired deadlines with ``specs`` for the decision at ``version``.
        Nothing is written (False) if the match is no longer active at that version, so a late
        call never overwrites the deadlines of a newer decision. ``apply`` and ``create_match``
        take a plan to do this in their own transaction."""
        async with self.engine.begin() as conn:
            # A write that changes nothing takes the row (PostgreSQL) or database (SQLite) lock,
            # so the version cannot move until the deadlines are written.
            locked = await conn.execute(
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
            await turn_deadlines.replace(conn, match_id, version, specs)
        return True

    async def deadlines(self, match_id: int) -> list[StoredDeadline]:
        """The match's deadlines (fired or not), soonest first."""
        async with self.engine.connect() as conn:
            return await turn_deadlines.of_match(conn, match_id)

    async def due(self, now: datetime, limit: int = 100) -> list[StoredDeadline]:
        """Unfired deadlines due at ``now`` (timezone-aware), soonest first."""
        async with self.engine.connect() as conn:
            return await turn_deadlines.due(conn, now, limit)

    async def mark_fired(self, deadline_id: int, now: datetime | None = None) -> bool:
        """Mark a deadline fired; True for exactly one caller, even across processes."""
        async with self.engine.begin() as conn:
            return await turn_deadlines.mark_fired(conn, deadline_id, now or utcnow())

    async def clear_deadlines(self, match_id: int) -> None:
        """Drop all of the match's deadlines (``finish`` and ``abort`` do it themselves)."""
        async with self.engine.begin() as conn:
            await turn_deadlines.clear(conn, match_id)

    async def history(self, match_id: int) -> History:
        """The match, its initial state and its ordered action log, for replay."""
        async with self.engine.connect() as conn:
            while True:
                row = await _get(conn, match_id)
                # Those up to the count read belong to this state, even if another transaction
                # has appended more since; a ``rewind`` in between moves the version: read again.
                entries = await conn.execute(
                    select(ACTIONS)
                    .where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq <= row.action_count)
                    .order_by(ACTIONS.c.seq)
                )
                log = [
                    LoggedAction(e.seq, Action(e.actor, e.kind, e.args), e.user_id, e.created_at)
                    for e in entries
                ]
                if await _version(conn, match_id) == row.version:
                    break
        match = _decode(row)
        rules = registry.get(row.ruleset)
        initial = states.load(
            rules, row.initial_state, row.state_schema, f"The start of match #{row.id}"
        )
        return History(match, initial, log)

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
        async with self.engine.begin() as conn:
            row = await _get_active(conn, match_id, expected_version)
            if not 0 <= keep <= row.action_count:
                raise ValueError(f"match #{match_id} has {row.action_count} actions, not {keep}")
            rules = registry.get(row.ruleset)
            label = f"The start of match #{row.id}"
            initial = states.load(rules, row.initial_state, row.state_schema, label)
            state = replay(rules, initial, await _kept_actions(conn, match_id, keep))
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
            await _write_match(conn, row, changes)  # first: the version check takes the lock
            await conn.execute(
                ACTIONS.delete().where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq > keep)
            )
            if deadlines is not None:
                await turn_deadlines.replace(conn, match_id, row.version + 1, deadlines(state))
        return _record(
            row, rules, state, version=row.version + 1, action_count=keep, updated_at=now
        )


# -- helpers (module level so that tests can inject failures between the steps) ----------

MATCHES = cast(Table, Match.__table__)
ACTIONS = cast(Table, MatchAction.__table__)
PLAYERS = cast(Table, Player.__table__)


async def _get(conn: AsyncConnection, match_id: int) -> MatchRow:
    row = (await conn.execute(select(MATCHES).where(MATCHES.c.id == match_id))).one_or_none()
    if row is None:
        raise MatchNotFound(f"There is no match #{match_id}.")
    return row


async def _get_active(
    conn: AsyncConnection, match_id: int, expected_version: int | None
) -> MatchRow:
    """The match row, refused when the match is over or has moved past ``expected_version``."""
    row = await _get(conn, match_id)
    if row.status != MatchStatus.ACTIVE:
        raise MatchNotActive(match_id, row.status)
    if expected_version is not None and row.version != expected_version:
        raise ConflictError(match_id, expected_version, row.version)
    return row


def _load_state(rules: Ruleset[Any], row: MatchRow) -> Any:
    return states.load(rules, row.state, row.state_schema, f"Match #{row.id}")


def _decode(row: MatchRow) -> StoredMatch:
    rules = registry.get(row.ruleset)
    return _record(row, rules, _load_state(rules, row))


def _record(row: MatchRow, rules: Ruleset[Any], state: Any, **changes: Any) -> StoredMatch:
    values: dict[str, Any] = {
        "id": row.id,
        "guild_id": row.guild_id,
        "channel_id": row.channel_id,
        "ruleset": rules.name,
        "options": row.options,
        "status": MatchStatus(row.status),
        "players": {row.player1_side: row.player1_id, row.player2_side: row.player2_id},
        "state": state,
        "version": row.version,
        "action_count": row.action_count,
        "result": row.result,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }
    values.update(changes)
    return StoredMatch(**values)


async def _write_match(conn: AsyncConnection, row: MatchRow, changes: JSONData) -> None:
    """The optimistic write: only if the match is still at the version that was read."""
    result = await conn.execute(
        update(MATCHES)
        .where(MATCHES.c.id == row.id, MATCHES.c.version == row.version)
        .values(version=MATCHES.c.version + 1, **changes)
    )
    if result.rowcount != 1:
        raise ConflictError(row.id, row.version)


async def _append_actions(
    conn: AsyncConnection,
    match_id: int,
    first_seq: int,
    actions: Sequence[Action],
    user_id: int | None,
    now: datetime,
) -> None:
    await conn.execute(
        insert(ACTIONS),
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


async def _upsert_players(conn: AsyncConnection, players: Iterable[tuple[int, str]]) -> None:
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
    await conn.execute(stmt)


async def _kept_actions(conn: AsyncConnection, match_id: int, keep: int) -> list[Action]:
    """The first ``keep`` logged actions of a match, in order (``rewind``)."""
    entries = await conn.execute(
        select(ACTIONS.c.actor, ACTIONS.c.kind, ACTIONS.c.args)
        .where(ACTIONS.c.match_id == match_id, ACTIONS.c.seq <= keep)
        .order_by(ACTIONS.c.seq)
    )
    return [Action(e.actor, e.kind, e.args) for e in entries]


async def _version(conn: AsyncConnection, match_id: int) -> int | None:
    return await conn.scalar(select(MATCHES.c.version).where(MATCHES.c.id == match_id))
