"""``apply_active``: the channel's match read, decided on and written in one transaction
(the referee's path for every player action), on SQLite and PostgreSQL, with a match of each
ruleset."""

from __future__ import annotations

import pytest

from engine.core import Action
from store.errors import NoActiveMatch
from store.repository import MatchStore, Step, StoredMatch
from tests.store.conftest import CHANNEL, NewMatch


async def test_the_plan_sees_the_channels_match_and_its_step_is_applied(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch
) -> None:
    match = await new_match(store)
    seen: list[StoredMatch] = []

    def plan(current: StoredMatch) -> Step:
        seen.append(current)
        return Step(coach_log[0])

    applied = await store.apply_active(CHANNEL, plan, user_id=101)
    assert seen == [match]
    assert applied.actions == [coach_log[0]] and applied.match.version == 1
    assert await store.get_match(match.id) == applied.match
    assert [(e.action, e.user_id) for e in (await store.history(match.id)).log] == [
        (coach_log[0], 101)
    ]


async def test_the_referees_follow_ups_come_from_the_plan(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch
) -> None:
    match = await new_match(store)
    queue = list(coach_log[1:4])
    applied = await store.apply_active(
        CHANNEL, lambda m: Step(coach_log[0], lambda state: queue.pop(0) if queue else None)
    )
    assert applied.actions == coach_log[:4]
    assert applied.match.action_count == 4 and applied.match.version == match.version + 1


async def test_a_refusing_plan_writes_nothing(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch
) -> None:
    match = await new_match(store)

    def refuse(current: StoredMatch) -> Step:
        raise PermissionError("not your turn")

    with pytest.raises(PermissionError):
        await store.apply_active(CHANNEL, refuse)
    assert await store.get_match(match.id) == match
    assert (await store.history(match.id)).log == []


async def test_a_channel_without_a_match_is_reported(
    store: MatchStore, new_match: NewMatch
) -> None:
    with pytest.raises(NoActiveMatch, match="no match in this channel"):
        await store.apply_active(CHANNEL, lambda m: Step(None))
    match = await new_match(store)
    await store.finish(match.id, {"winner": None})
    with pytest.raises(NoActiveMatch):
        await store.apply_active(CHANNEL, lambda m: Step(None))
