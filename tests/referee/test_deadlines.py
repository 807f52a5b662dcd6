"""Turn timeouts: deadlines set with each move, fired once by the dispatcher (also with two
dispatchers and after a restart), and what the waiting player may do after an expiry. SQLite
always; PostgreSQL too when TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from engine.core import Action
from referee.deadlines import DeadlineDispatcher, expiry_due
from referee.errors import BadOption, NotAPlayer, NotExpired, StillYourDecision
from referee.service import Outcome, Referee
from store.models import DeadlineKind, MatchStatus
from store.repository import MatchStore, StoredMatch
from tests.referee.conftest import ADA, BRIAN, CAROL, SEATS
from tests.store.conftest import backend, db_url, pg_database, sqlite_template, store

# the store's fixtures: both databases, a fresh store per test
__all__ = ["backend", "db_url", "pg_database", "sqlite_template", "store"]

CHANNEL = 10
T0 = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def at(self, minutes: float) -> None:
        self.now = T0 + timedelta(minutes=minutes)


class Calls:
    """The dispatcher's callbacks, recorded."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int, str, int | str]] = []
        self.fired = asyncio.Event()

    async def reminder(self, match: StoredMatch, side: str, user_id: int) -> None:
        self.log.append(("reminder", match.version, side, user_id))
        self.fired.set()

    async def expiry(self, match: StoredMatch, waiting: str, absent: str) -> None:
        self.log.append(("expiry", match.version, waiting, absent))
        self.fired.set()

    def dispatcher(self, store: MatchStore, clock: Clock, **kwargs: float) -> DeadlineDispatcher:
        return DeadlineDispatcher(
            store, on_reminder=self.reminder, on_expiry=self.expiry, clock=clock, **kwargs
        )


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def referee(store: MatchStore, clock: Clock) -> Referee:
    return Referee(store, clock=clock)


async def start(referee: Referee, clock: Clock, minutes: int = 10) -> Outcome:
    """A match with a turn timeout in which Ada has chosen her formation at T0 + 2 minutes:
    Brian's decision is pending (version 1)."""
    await referee.start_match(1, CHANNEL, SEATS, seed=5, turn_timeout=minutes)
    clock.at(2)
    return await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})


def minutes(*values: float) -> list[datetime]:
    return [T0 + timedelta(minutes=m) for m in values]


async def test_deadlines_are_set_for_the_side_that_must_decide(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=5, turn_timeout=10)
    match = await store.active_match(CHANNEL)
    assert match is not None and match.options["turn_timeout"] == 10
    first = await store.deadlines(out.match_id)
    assert [(d.side, d.kind, d.due_at, d.version) for d in first] == [
        ("west", DeadlineKind.REMINDER, T0 + timedelta(minutes=5), 0),
        ("east", DeadlineKind.REMINDER, T0 + timedelta(minutes=5), 0),
        ("west", DeadlineKind.EXPIRY, T0 + timedelta(minutes=10), 0),
        ("east", DeadlineKind.EXPIRY, T0 + timedelta(minutes=10), 0),
    ]
    clock.at(2)
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    now = await store.deadlines(out.match_id)
    assert [(d.side, d.kind, d.version) for d in now] == [
        ("east", DeadlineKind.REMINDER, 1),
        ("east", DeadlineKind.EXPIRY, 1),
    ]
    assert [d.due_at for d in now] == minutes(7, 12)
    assert all(d.due_at.tzinfo is not None and d.fired_at is None for d in now)


async def test_expiry_due_is_the_pending_decisions_deadline(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    out = await start(referee, clock)
    match = await store.get_match(out.match_id)
    assert await expiry_due(store, match, "east") == T0 + timedelta(minutes=12)
    assert await expiry_due(store, match, "west") is None  # West has nothing to decide
    clock.at(12)
    await Calls().dispatcher(store, clock).tick()  # fired: no longer ahead
    assert await expiry_due(store, match, "east") is None
    untimed = await referee.start_match(1, CHANNEL + 1, SEATS, seed=5)
    assert await expiry_due(store, await store.get_match(untimed.match_id), "west") is None


async def test_no_timeout_no_deadlines_and_the_option_is_checked(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=5)
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    assert await store.deadlines(out.match_id) == []
    for bad in (0, -3, 100_000, "10"):
        with pytest.raises(BadOption, match="turn timeout"):
            await referee.start_match(1, CHANNEL + 1, SEATS, turn_timeout=bad)  # type: ignore[arg-type]


async def test_reminder_then_expiry_fire_once_each(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)
    calls = Calls()
    dispatcher = calls.dispatcher(store, clock)
    clock.at(6.9)
    assert await dispatcher.tick() == 0
    clock.at(7)
    assert await dispatcher.tick() == 1
    assert await dispatcher.tick() == 0
    assert calls.log == [("reminder", 1, "east", BRIAN)]
    clock.at(12)
    assert await dispatcher.tick() == 1
    clock.at(60)
    assert await dispatcher.tick() == 0
    assert calls.log == [("reminder", 1, "east", BRIAN), ("expiry", 1, "west", "east")]


async def test_a_move_in_time_makes_the_deadline_stale(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    out = await start(referee, clock)
    calls = Calls()
    dispatcher = calls.dispatcher(store, clock)
    clock.at(6)  # Brian moves before his reminder (due at 7): new deadlines from now
    await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-3-3"})
    clock.at(10)
    assert await dispatcher.tick() == 0
    assert calls.log == []
    # A deadline left behind for an older version (a move stored without a plan) is marked
    # fired silently.
    pending = await store.deadlines(out.match_id)
    assert pending and all(d.fired_at is None for d in pending)
    await store.apply(out.match_id, _next_action(await referee.current(CHANNEL)))  # no plan
    clock.at(60)
    assert await dispatcher.tick() == 0
    assert calls.log == []
    assert all(d.fired_at is not None for d in await store.deadlines(out.match_id))


def _next_action(out: Outcome) -> Action:
    """The first legal choice of whoever must decide."""
    prompt = out.next[0]
    decision = next(d for d in out.game.ruleset.pending(out.state) if d.actor == prompt.side)
    return decision.choices[0].action


def _next_move(out: Outcome) -> tuple[int, str, dict[str, object]]:
    action = _next_action(out)
    return out.next[0].user_id, action.kind, action.args


async def test_a_long_pause_fires_only_the_expiry(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)
    calls = Calls()
    clock.at(100)
    assert await calls.dispatcher(store, clock).tick() == 1
    assert calls.log == [("expiry", 1, "west", "east")]
    assert all(d.fired_at is not None for d in await store.deadlines(1))


async def test_two_dispatchers_racing_fire_each_deadline_once(
    referee: Referee, db_url: URL, clock: Clock
) -> None:
    await start(referee, clock)
    stores = [MatchStore.open(db_url) for _ in range(2)]
    calls = Calls()
    dispatchers = [calls.dispatcher(s, clock) for s in stores]
    try:
        for at in (7, 12):
            clock.at(at)
            fired = await asyncio.gather(*(d.tick() for d in dispatchers * 2))
            assert sum(fired) == 1
        assert calls.log == [("reminder", 1, "east", BRIAN), ("expiry", 1, "west", "east")]
    finally:
        for s in stores:
            await s.close()


async def test_deadlines_survive_a_restart(db_url: URL, clock: Clock) -> None:
    before = MatchStore.open(db_url)
    try:
        await start(Referee(before, clock=clock), clock)
    finally:
        await before.close()
    after = MatchStore.open(db_url)  # a new process: new store, referee and dispatcher
    try:
        calls = Calls()
        clock.at(12)
        assert await calls.dispatcher(after, clock).tick() == 1
        assert calls.log == [("expiry", 1, "west", "east")]
        out = await Referee(after, clock=clock).claim_win(CHANNEL, ADA)
        assert out.result is not None and out.result["winner"] == "west"
    finally:
        await after.close()


async def test_the_dispatcher_task_ticks_on_its_own(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)
    calls = Calls()
    dispatcher = calls.dispatcher(store, clock, interval=0.01)
    dispatcher.start()
    try:
        assert dispatcher.running
        clock.at(7)
        await asyncio.wait_for(calls.fired.wait(), timeout=10)
    finally:
        await dispatcher.stop()
    assert not dispatcher.running
    assert calls.log == [("reminder", 1, "east", BRIAN)]


async def test_claim_win_after_the_expiry(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    out = await start(referee, clock)
    dispatcher = Calls().dispatcher(store, clock)
    clock.at(7)
    await dispatcher.tick()  # the reminder alone allows nothing
    with pytest.raises(NotExpired, match=r"Brian \(East\) still has 5 minutes to decide"):
        await referee.claim_win(CHANNEL, ADA)
    clock.at(12)
    with pytest.raises(NotExpired):  # due, but not fired yet
        await referee.claim_win(CHANNEL, ADA)
    await dispatcher.tick()
    with pytest.raises(NotExpired):  # the absent player cannot claim
        await referee.claim_win(CHANNEL, BRIAN)
    with pytest.raises(NotAPlayer):
        await referee.claim_win(CHANNEL, CAROL)
    won = await referee.claim_win(CHANNEL, ADA)
    assert won.over and won.lines == ["Brian (East) ran out of time: Ada (West) wins."]
    assert won.result == {
        "winner": "west",
        "score": {"west": 0, "east": 0},
        "reason": "timeout",
        "absent": "east",
    }
    match = await store.get_match(out.match_id)
    assert match.status is MatchStatus.FINISHED and match.result == won.result
    assert await store.active_match(CHANNEL) is None
    assert await store.deadlines(out.match_id) == []


async def test_a_move_after_the_expiry_keeps_the_match_going(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)
    clock.at(12)
    await Calls().dispatcher(store, clock).tick()
    await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-3-3"})  # just in time
    with pytest.raises(NotExpired):
        await referee.claim_win(CHANNEL, ADA)
    with pytest.raises(NotExpired):
        await referee.coach_takes_over(CHANNEL, ADA)


async def test_the_coach_takes_over_the_absent_side(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    out = await start(referee, clock)
    with pytest.raises(NotExpired):
        await referee.coach_takes_over(CHANNEL, ADA)
    clock.at(12)
    await Calls().dispatcher(store, clock).tick()
    out = await referee.coach_takes_over(CHANNEL, ADA)
    assert out.lines[0] == (
        "Brian (East) ran out of time: the automatic coach plays East from now on."
    )
    match = await store.get_match(out.match_id)
    assert match.options["coach_side"] == "east" and match.version == out.version
    history = await store.history(out.match_id)
    takeover = history.log[1]  # after Ada's formation: the coach's, in the same change
    assert (takeover.action.actor, takeover.action.kind, takeover.user_id) == (
        "east",
        "formation",
        None,
    )
    waiting = [d for d in await store.deadlines(out.match_id) if d.fired_at is None]
    assert waiting == []  # nobody waits for the coach
    for _ in range(30):  # the match goes on: Ada decides, the coach answers at once
        assert out.next and {p.side for p in out.next} == {"west"}
        out = await referee.act(CHANNEL, *_next_move(out))
    history = await store.history(out.match_id)
    coach_moves = [e for e in history.log if e.action.actor == "east" and e.action.kind != "roll"]
    assert len(coach_moves) > 1 and all(e.user_id is None for e in coach_moves)


async def test_a_failing_callback_is_logged_and_not_repeated(
    referee: Referee, store: MatchStore, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    await start(referee, clock)
    tries: list[str] = []

    async def broken(match: StoredMatch, *_: object) -> None:
        tries.append("called")
        raise RuntimeError("Discord is away")

    dispatcher = DeadlineDispatcher(store, on_reminder=broken, on_expiry=broken, clock=clock)
    clock.at(7)
    assert await dispatcher.tick() == 1
    assert await dispatcher.tick() == 0
    assert tries == ["called"] and "the reminder callback failed" in caplog.text


async def test_a_player_late_too_cannot_claim_the_win(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    """Both players ran out of time on their formations (chosen at once): neither may claim
    the win or hand the other to the coach while their own choice is pending too."""
    out = await referee.start_match(1, CHANNEL, SEATS, seed=5, turn_timeout=10)
    clock.at(10)
    await Calls().dispatcher(store, clock).tick()
    for claim in (referee.claim_win, referee.coach_takes_over):
        for player in (ADA, BRIAN):
            with pytest.raises(StillYourDecision, match="still pending too"):
                await claim(CHANNEL, player)
    match = await store.get_match(out.match_id)
    assert match.status is MatchStatus.ACTIVE and match.version == out.version
    # Ada chooses now; Brian gets a full new time for his choice, and only Ada may claim.
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    clock.at(20)
    await Calls().dispatcher(store, clock).tick()
    won = await referee.claim_win(CHANNEL, ADA)
    assert won.result is not None and won.result["winner"] == "west"


async def test_an_unreadable_match_fires_nothing_and_the_others_still_fire(
    referee: Referee, store: MatchStore, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    broken = await start(referee, clock)
    await referee.start_match(1, CHANNEL + 1, SEATS, seed=6, turn_timeout=10)
    async with store.engine.begin() as conn:
        await conn.execute(
            text("UPDATE matches SET state_schema = 99 WHERE id = :id"), {"id": broken.match_id}
        )
    calls = Calls()
    clock.at(30)
    assert await calls.dispatcher(store, clock).tick() == 2  # the other match's two expiries
    assert {entry[0] for entry in calls.log} == {"expiry"}
    assert all(d.fired_at is not None for d in await store.deadlines(broken.match_id))
    [warning] = [r for r in caplog.records if f"atch #{broken.match_id} " in r.getMessage()]
    assert "schema version 99" in warning.getMessage() and warning.exc_info is None


async def test_a_slow_callback_does_not_hold_up_the_other_matches(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    for channel in (CHANNEL, CHANNEL + 1, CHANNEL + 2):
        await referee.start_match(1, channel, SEATS, seed=5, turn_timeout=10)
    slow = (await store.active_match(CHANNEL)).id  # type: ignore[union-attr]
    held, others = asyncio.Event(), []

    async def expiry(match: StoredMatch, waiting: str, absent: str) -> None:
        if match.id == slow:
            await held.wait()  # Discord taking its time for this one
        else:
            others.append((match.id, absent))
            if len(others) == 4:  # both sides of the two other matches
                held.set()

    async def reminder(match: StoredMatch, side: str, user_id: int) -> None:
        raise AssertionError("only the expiries are worth a message after a long pause")

    dispatcher = DeadlineDispatcher(
        store, on_reminder=reminder, on_expiry=expiry, clock=clock, calls_at_once=2
    )
    clock.at(30)
    assert await asyncio.wait_for(dispatcher.tick(), 10) == 6
    assert slow not in {match_id for match_id, _ in others}
