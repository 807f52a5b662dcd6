"""Races: two clicks, two tasks, two processes (separate engines) on one match. Every action is
applied exactly once or refused with a conflict, and the stored log replays to the state. With
a match of each ruleset."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable
from typing import Any

import pytest
from sqlalchemy.engine import URL

from engine.core import Action, Ruleset, replay
from store.errors import ChannelBusy, ConflictError
from store.repository import Applied, MatchStore, Seat
from tests.store.conftest import ADA

RACE_ACTIONS = 30


async def _outcome(call: Awaitable[Applied]) -> str:
    try:
        await call
    except ConflictError:
        return "conflict"
    return "applied"


@pytest.mark.parametrize("engines", [1, 2])
async def test_a_double_click_applies_once(
    db_url: URL, coach_log: list[Action], engines: int, ruleset: str, seats: tuple[Seat, Seat]
) -> None:
    stores = [MatchStore.open(db_url) for _ in range(engines)]
    first, second = stores[0], stores[-1]
    try:
        match = await first.create_match(guild_id=1, channel_id=2, ruleset=ruleset, seats=seats)
        for version, action in enumerate(coach_log[:10]):
            # Both clicks were drawn for the same version of the board.
            outcomes = await asyncio.gather(
                _outcome(first.apply(match.id, action, expected_version=version)),
                _outcome(second.apply(match.id, action, expected_version=version)),
            )
            assert sorted(outcomes) == ["applied", "conflict"]
        history = await second.history(match.id)
        assert history.actions == coach_log[:10]
        assert history.match.version == 10
    finally:
        for store in stores:
            await store.close()


async def _player(store: MatchStore, match_id: int, log: list[Action], tally: Counter[str]) -> None:
    """Keep making the next move of the log, as a player pressing the button they see."""
    while True:
        seen = await store.get_match(match_id)
        if seen.action_count >= len(log):
            return
        try:
            await store.apply(
                match_id,
                log[seen.action_count],
                user_id=ADA,
                expected_version=seen.version,
            )
        except ConflictError:
            tally["conflict"] += 1
        else:
            tally["applied"] += 1
        await asyncio.sleep(0)


@pytest.mark.parametrize("engines", [1, 2])
async def test_racing_tasks_apply_every_action_exactly_once(
    db_url: URL,
    coach_log: list[Action],
    engines: int,
    ruleset: str,
    rules: Ruleset[Any],
    seats: tuple[Seat, Seat],
) -> None:
    stores = [MatchStore.open(db_url) for _ in range(engines)]
    try:
        match = await stores[0].create_match(guild_id=1, channel_id=2, ruleset=ruleset, seats=seats)
        log = coach_log[:RACE_ACTIONS]
        tallies = [Counter[str](), Counter[str]()]
        await asyncio.gather(
            _player(stores[0], match.id, log, tallies[0]),
            _player(stores[-1], match.id, log, tallies[1]),
        )
        assert tallies[0]["applied"] + tallies[1]["applied"] == len(log)
        history = await stores[-1].history(match.id)
        assert history.actions == log
        assert history.match.version == len(log)
        assert replay(rules, history.initial, history.actions) == history.match.state
        assert history.match.state == replay(rules, rules.initial(), log)
    finally:
        for store in stores:
            await store.close()


async def test_unversioned_racing_writes_never_overwrite(
    db_url: URL,
    coach_log: list[Action],
    ruleset: str,
    rules: Ruleset[Any],
    seats: tuple[Seat, Seat],
) -> None:
    """Without expected_version, two stores that read the same version race to write: the
    loser gets a conflict (or, if it read after the winner committed, applies on top); no
    write is ever lost."""
    stores = [MatchStore.open(db_url), MatchStore.open(db_url)]
    try:
        match = await stores[0].create_match(guild_id=1, channel_id=2, ruleset=ruleset, seats=seats)
        # Both sides make their first decision at once (FUBA: the formation cards; dice
        # soccer: the Power Chip toss): legal in either order.
        first, second = coach_log[0], coach_log[1]
        assert {first.actor, second.actor} == set(rules.sides)
        outcomes = await asyncio.gather(
            _outcome(stores[0].apply(match.id, first)),
            _outcome(stores[1].apply(match.id, second)),
        )
        history = await stores[0].history(match.id)
        assert len(history.actions) == outcomes.count("applied") >= 1
        assert replay(rules, history.initial, history.actions) == history.match.state
        for action, outcome in zip((first, second), outcomes, strict=True):
            assert (action in history.actions) == (outcome == "applied")
    finally:
        for store in stores:
            await store.close()


async def test_two_processes_starting_a_match_in_one_channel(
    db_url: URL, ruleset: str, seats: tuple[Seat, Seat]
) -> None:
    stores = [MatchStore.open(db_url), MatchStore.open(db_url)]
    try:
        results = await asyncio.gather(
            *(
                store.create_match(guild_id=1, channel_id=2, ruleset=ruleset, seats=seats)
                for store in stores
            ),
            return_exceptions=True,
        )
        created = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(created) == 1 and len(refused) == 1
        assert isinstance(refused[0], ChannelBusy), refused[0]
        assert refused[0].match_id == created[0].id
        assert [m.id for m in await stores[1].active_matches(1)] == [created[0].id]
    finally:
        for store in stores:
            await store.close()
