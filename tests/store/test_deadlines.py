"""Turn deadlines in the store: set with a move, replaced by the next, fired exactly once,
cleared when the match closes. With a match of each ruleset."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy.engine import URL

from engine.core import Action
from store.models import DeadlineKind
from store.repository import MatchStore, Seat
from tests.store.conftest import DEADLINE_T0, Plan

T0 = DEADLINE_T0
Seats = tuple[Seat, Seat]


async def test_a_move_replaces_the_deadlines_and_closing_clears_them(
    store: MatchStore, coach_log: list[Action], ruleset: str, seats: Seats, plan: Plan
) -> None:
    match = await store.create_match(
        guild_id=1, channel_id=2, ruleset=ruleset, seats=seats, deadlines=plan(10)
    )
    first = await store.deadlines(match.id)
    assert [(d.kind, d.version, d.due_at) for d in first] == [
        (DeadlineKind.REMINDER, 0, T0 + timedelta(minutes=5)),
        (DeadlineKind.EXPIRY, 0, T0 + timedelta(minutes=10)),
    ]
    assert first[0].due_at.tzinfo is not None and first[0].fired_at is None
    assert await store.fire_due(T0 + timedelta(minutes=4)) == []
    assert [d.id for d in await store.fire_due(T0 + timedelta(minutes=5))] == [first[0].id]
    assert await store.fire_due(T0 + timedelta(minutes=5)) == []  # once only

    applied = await store.apply(match.id, coach_log[0], deadlines=plan(20))
    now = await store.deadlines(match.id)
    # the fired one stays (a record of what fired), the unfired expiry is replaced
    assert [(d.kind, d.version, d.fired_at is not None) for d in now] == [
        (DeadlineKind.REMINDER, 0, True),
        (DeadlineKind.REMINDER, 1, False),
        (DeadlineKind.EXPIRY, 1, False),
    ]
    await store.apply(match.id, coach_log[1])  # no plan: the deadlines are left alone
    assert len(await store.deadlines(match.id)) == 3
    await store.finish(match.id, {"winner": None}, expected_version=applied.match.version + 1)
    assert await store.deadlines(match.id) == []


async def test_set_deadlines_only_for_the_current_version(
    store: MatchStore, coach_log: list[Action], ruleset: str, seats: Seats, plan: Plan
) -> None:
    match = await store.create_match(guild_id=1, channel_id=2, ruleset=ruleset, seats=seats)
    await store.apply(match.id, coach_log[0])
    specs = plan(10)(None)
    assert not await store.set_deadlines(match.id, 0, specs)  # a late call: version 1 now
    assert await store.deadlines(match.id) == []
    assert await store.set_deadlines(match.id, 1, specs)
    assert {d.version for d in await store.deadlines(match.id)} == {1}
    assert (await store.get_match(match.id)).version == 1  # setting them is no move


async def test_a_deadline_fires_exactly_once_across_processes(
    db_url: URL, ruleset: str, seats: Seats, plan: Plan
) -> None:
    stores = [MatchStore.open(db_url) for _ in range(3)]
    try:
        match = await stores[0].create_match(
            guild_id=1, channel_id=2, ruleset=ruleset, seats=seats, deadlines=plan(10)
        )
        later = T0 + timedelta(hours=1)
        claims = await asyncio.gather(*(s.fire_due(later) for s in stores * 2))
        fired = sorted(d.id for claim in claims for d in claim)
        assert fired == sorted(d.id for d in await stores[0].deadlines(match.id))  # each once
        assert await stores[1].fire_due(later) == []
    finally:
        for store in stores:
            await store.close()


async def test_update_options_is_a_versioned_change(
    store: MatchStore, coach_log: list[Action], ruleset: str, seats: Seats
) -> None:
    match = await store.create_match(
        guild_id=1, channel_id=2, ruleset=ruleset, seats=seats, options={"dice": "virtual"}
    )
    coach_side = seats[1].side
    applied = await store.update_options(match.id, {"coach_side": coach_side}, expected_version=0)
    assert applied.actions == [] and applied.match.version == 1
    stored = await store.get_match(match.id)
    assert stored.options == {"dice": "virtual", "coach_side": coach_side} == applied.match.options
    assert stored.version == 1 and stored.action_count == 0
    follow = iter([coach_log[0], None])
    applied = await store.update_options(
        match.id, {"x": 1}, expected_version=1, follow=lambda _s: next(follow)
    )
    assert applied.actions == [coach_log[0]]
    assert (await store.history(match.id)).actions == [coach_log[0]]
