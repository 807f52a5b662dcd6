"""``MatchStore.rewind`` (the referee's undo): the log loses its last actions, the state is the
replay of the rest, and it is a versioned change like a move. On SQLite and PostgreSQL, with a
match of each ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action, Ruleset, replay
from store.errors import ConflictError, MatchNotActive
from store.models import DeadlineKind
from store.repository import MatchStore
from tests.store.conftest import NewMatch, Plan
from tests.store.test_repository import play


async def test_rewind_replays_the_kept_actions_and_drops_the_rest(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await play(store, await new_match(store), coach_log[:12])
    assert (match.version, match.action_count) == (12, 12)

    rewound = await store.rewind(match.id, 9, expected_version=12)
    assert rewound.state == replay(rules, rules.initial(), coach_log[:9])
    assert (rewound.version, rewound.action_count) == (13, 9)
    assert rewound == await store.get_match(match.id)
    history = await store.history(match.id)
    assert history.actions == coach_log[:9]
    assert [e.seq for e in history.log] == list(range(1, 10))
    assert replay(rules, history.initial, history.actions) == rewound.state

    # The log goes on from there: the next action takes the freed number.
    applied = await store.apply(match.id, coach_log[9], user_id=202, expected_version=13)
    assert (applied.match.version, applied.match.action_count) == (14, 10)
    history = await store.history(match.id)
    assert history.actions == coach_log[:10] and history.log[-1].seq == 10
    assert history.log[-1].user_id == 202
    assert replay(rules, history.initial, history.actions) == applied.match.state


async def test_rewind_to_the_start_and_a_rewind_of_nothing(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await play(store, await new_match(store), coach_log[:3])
    same = await store.rewind(match.id, 3, expected_version=3)  # still a versioned change
    assert (same.version, same.action_count, same.state) == (4, 3, match.state)
    start = await store.rewind(match.id, 0, expected_version=4)
    assert (start.version, start.action_count, start.state) == (5, 0, rules.initial())
    assert (await store.history(match.id)).log == []
    for keep in (-1, 1):
        with pytest.raises(ValueError, match="has 0 actions"):
            await store.rewind(match.id, keep, expected_version=5)


async def test_a_stale_rewind_is_refused_and_changes_nothing(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch
) -> None:
    match = await play(store, await new_match(store), coach_log[:5])
    with pytest.raises(ConflictError, match="out of date: nothing was applied") as err:
        await store.rewind(match.id, 4, expected_version=4)
    assert (err.value.expected, err.value.actual) == (4, 5)
    assert await store.get_match(match.id) == match
    assert (await store.history(match.id)).actions == coach_log[:5]


async def test_a_finished_match_cannot_be_rewound(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await play(store, await new_match(store), coach_log[:5])
    await store.finish(match.id, {"winner": rules.sides[0]}, expected_version=5)
    with pytest.raises(MatchNotActive, match="is finished"):
        await store.rewind(match.id, 4, expected_version=6)
    assert (await store.history(match.id)).actions == coach_log[:5]


async def test_rewind_replaces_the_deadlines_with_the_new_version(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, plan: Plan
) -> None:
    match = await play(store, await new_match(store), coach_log[:4])
    await store.apply(match.id, coach_log[4], deadlines=plan(10))
    await store.rewind(match.id, 4, expected_version=5)  # no plan: left alone
    assert {d.version for d in await store.deadlines(match.id)} == {5}
    await store.rewind(match.id, 3, expected_version=6, deadlines=plan(20))
    assert [(d.kind, d.version) for d in await store.deadlines(match.id)] == [
        (DeadlineKind.REMINDER, 7),
        (DeadlineKind.EXPIRY, 7),
    ]
