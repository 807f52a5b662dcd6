"""Turn timeouts: deadlines kept in the database and fired by one dispatcher.

A match started with ``turn_timeout`` (minutes) gets, after every change, a reminder at half the
time and an expiry at the full time for each side that must decide (not the automatic coach),
tagged with the match version they were set for. They are written by the referee in the same
transaction as the move (``turn_plan``), so a restart loses none and the next move replaces them.

``DeadlineDispatcher`` is one asyncio task per bot process: every ``interval`` seconds it claims
the due deadlines of its own guilds (``store.cluster.Sharding``), marked fired in the claim
(each by one process only, even with several on one database) and calls back the caller (the
Discord cog shows them on the live board; the claim has put that board behind, so a process
stopped before its callback leaves the board to the delivery loop). A deadline set for an older
version is marked fired silently: the player moved in time. After an expiry the waiting player
may ``Referee.claim_win`` or ``Referee.coach_takes_over``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from referee.adapter import Game, JSONData
from referee.errors import BadOption, NotExpired
from store.cluster import ALL_GUILDS, Sharding
from store.deadlines import DeadlinePlan, DeadlineSpec, StoredDeadline
from store.errors import UnreadableMatch
from store.models import DeadlineKind, MatchStatus, utcnow
from store.repository import MatchStore, StoredMatch

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]  # timezone-aware UTC "now"
# (match, side that must decide, its player's user id)
OnReminder = Callable[[StoredMatch, str, int], Awaitable[None]]
# (match, waiting side, absent side)
OnExpiry = Callable[[StoredMatch, str, str], Awaitable[None]]
# seconds a deadline fired after its due time (the bot's metrics)
OnFired = Callable[[float], None]

MAX_TURN_TIMEOUT = 7 * 24 * 60  # minutes: a week
# Matches whose fired deadlines are called back side by side (a slow Discord answer for one
# match does not hold up the others); one match's deadlines are called back in turn.
CALLS_AT_ONCE = 8


def duration_text(left: timedelta) -> str:
    """A time left as players read it: seconds under a minute, else to the nearest minute.

    >>> duration_text(timedelta(seconds=59.4)), duration_text(timedelta(seconds=89))
    ('59 seconds', '1 minute')
    >>> duration_text(timedelta(minutes=4, seconds=31)), duration_text(timedelta(minutes=5))
    ('5 minutes', '5 minutes')
    >>> duration_text(timedelta(seconds=20)), duration_text(timedelta(days=3, hours=12))
    ('20 seconds', '3 days 12 hours')
    >>> duration_text(timedelta(hours=1, minutes=1)), duration_text(timedelta(seconds=-3))
    ('1 hour 1 minute', '0 seconds')
    """
    seconds = max(0, round(left.total_seconds()))
    if seconds < 60:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    minutes = round(seconds / 60)
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    parts = [(days, "day"), (hours, "hour"), (minutes, "minute")]
    return " ".join(f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in parts if n)


def check_turn_timeout(minutes: int | None) -> int | None:
    """The option as stored: None (off) or whole minutes from 1 to a week."""
    if minutes is None:
        return None
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise BadOption(f"The turn timeout is a number of minutes, not {minutes!r}.")
    if not 1 <= minutes <= MAX_TURN_TIMEOUT:
        raise BadOption(f"The turn timeout is 1 to {MAX_TURN_TIMEOUT} minutes, not {minutes}.")
    return minutes


def turn_plan(game: Game, options: JSONData, clock: Clock) -> DeadlinePlan | None:
    """The deadlines to write with a change of the match, or None when it has no timeout.

    For each side with a pending decision: a reminder at half the timeout and an expiry at the
    whole of it. None once the match is over, nor against the automatic coach (nobody would be
    waiting for the human to claim a win)."""
    minutes = options.get("turn_timeout")
    if not minutes:
        return None
    coached = options.get("coach_side") is not None

    def plan(state: Any) -> Sequence[DeadlineSpec]:
        if coached or game.ruleset.is_over(state):
            return []
        now = clock()
        half, full = now + timedelta(minutes=minutes / 2), now + timedelta(minutes=minutes)
        sides = dict.fromkeys(d.actor for d in game.ruleset.pending(state))
        return [
            spec
            for side in sides
            for spec in (
                DeadlineSpec(side, DeadlineKind.REMINDER, half),
                DeadlineSpec(side, DeadlineKind.EXPIRY, full),
            )
        ]

    return plan


async def absent_side(store: MatchStore, match: StoredMatch, claimant_sides: list[str]) -> str:
    """The opponent side whose expiry has fired for the decision pending now (the match's
    version); raises ``NotExpired`` if there is none."""
    for deadline in await store.deadlines(match.id):
        if (
            deadline.kind is DeadlineKind.EXPIRY
            and deadline.fired_at is not None
            and deadline.version == match.version
            and deadline.side not in claimant_sides
        ):
            return deadline.side
    raise NotExpired()


async def expiry_due(store: MatchStore, match: StoredMatch, side: str) -> datetime | None:
    """When ``side``'s time for the decision pending now (the match's version) runs out: the
    due time of its unfired expiry, or None when it has none (no timeout, or it has fired)."""
    for deadline in await store.deadlines(match.id):
        if (
            deadline.kind is DeadlineKind.EXPIRY
            and deadline.fired_at is None
            and deadline.version == match.version
            and deadline.side == side
        ):
            return deadline.due_at
    return None


class DeadlineDispatcher:
    """Fires due deadlines: ``tick()`` once, or ``start()`` a task that ticks every
    ``interval`` seconds until ``stop()``. ``clock`` is injectable for tests; ``on_fired`` is
    told how late each deadline it fires is; ``sharding`` says whose guilds' deadlines are
    this process's (default: every guild's); ``calls_at_once`` matches are called back at a
    time."""

    def __init__(
        self,
        store: MatchStore,
        *,
        on_reminder: OnReminder,
        on_expiry: OnExpiry,
        interval: float = 5.0,
        clock: Clock = utcnow,
        batch: int = 100,
        on_fired: OnFired | None = None,
        sharding: Sharding = ALL_GUILDS,
        calls_at_once: int = CALLS_AT_ONCE,
    ) -> None:
        self.store = store
        self.on_reminder = on_reminder
        self.on_expiry = on_expiry
        self.interval = interval
        self.clock = clock
        self.batch = batch
        self.on_fired = on_fired
        self.sharding = sharding
        self.calls_at_once = calls_at_once
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._run(), name="deadline-dispatcher")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # the database may be away for a moment: try again later
                log.exception("deadline dispatcher: a tick failed")
            await asyncio.sleep(self.interval)

    async def tick(self) -> int:
        """Fire what is due now (claimed ``batch`` at a time until none is left); returns how
        many callbacks were called."""
        now = self.clock()
        called = 0
        while True:
            fired = await self.store.fire_due(now, self.batch, self.sharding)
            called += await self._fire(fired, now)
            if len(fired) < self.batch:
                return called

    async def _fire(self, fired: list[StoredDeadline], now: datetime) -> int:
        # After a long pause a reminder may be due together with its expiry: only the expiry
        # is worth a message.
        expiring = {(d.match_id, d.version, d.side) for d in fired if d.kind is DeadlineKind.EXPIRY}
        by_match: dict[int, list[StoredDeadline]] = {}
        for deadline in fired:
            if self.on_fired is not None:
                self.on_fired((now - deadline.due_at).total_seconds())
            by_match.setdefault(deadline.match_id, []).append(deadline)
        turns = asyncio.Semaphore(self.calls_at_once)

        async def call_back(match_id: int, deadlines: list[StoredDeadline]) -> int:
            # one match's deadlines one after the other; matches side by side
            async with turns:
                match = await self._load(match_id)
                if match is None or match.status is not MatchStatus.ACTIVE:
                    return 0
                called = 0
                for deadline in deadlines:
                    if match.version != deadline.version:
                        continue  # stale: the player has moved since
                    key = (deadline.match_id, deadline.version, deadline.side)
                    if deadline.kind is DeadlineKind.REMINDER and key in expiring:
                        continue
                    await self._call(deadline, match)
                    called += 1
                return called

        return sum(await asyncio.gather(*(call_back(m, ds) for m, ds in by_match.items())))

    async def _load(self, match_id: int) -> StoredMatch | None:
        try:
            return await self.store.get_match(match_id)
        except UnreadableMatch as exc:  # said to whoever uses the channel: one line here
            log.warning("deadline dispatcher: %s", exc.why)
            return None
        except Exception:  # gone: nothing to fire for
            log.exception("deadline dispatcher: cannot load match #%s", match_id)
            return None

    async def _call(self, deadline: StoredDeadline, match: StoredMatch) -> None:
        try:
            if deadline.kind is DeadlineKind.REMINDER:
                await self.on_reminder(match, deadline.side, match.players[deadline.side])
            else:
                waiting = next(side for side in match.players if side != deadline.side)
                await self.on_expiry(match, waiting, deadline.side)
        except Exception:  # fired is fired: a failing callback is logged, not repeated
            log.exception("deadline dispatcher: the %s callback failed", deadline.kind.value)
