"""Every repository operation, on SQLite and (with TEST_DATABASE_URL) PostgreSQL, with a match
of each ruleset."""

from __future__ import annotations

from datetime import UTC
from typing import Any

import pytest
from sqlalchemy import insert, update
from sqlalchemy.exc import IntegrityError

from engine.core import Action, RulesError, Ruleset, replay
from store import states
from store.errors import (
    ChannelBusy,
    ConflictError,
    MatchNotActive,
    MatchNotFound,
    UnreadableMatch,
)
from store.models import Match, MatchStatus
from store.repository import MatchStore, Seat, StoredMatch
from tests.store.conftest import ADA, CHANNEL, GUILD, Illegal, NewMatch

BIG = 2**63 - 1  # Discord ids are 64-bit
Seats = tuple[Seat, Seat]


async def play(store: MatchStore, match: StoredMatch, actions: list[Action]) -> StoredMatch:
    for action in actions:
        match = (await store.apply(match.id, action, user_id=ADA)).match
    return match


async def test_a_new_match_is_the_active_match_of_its_channel(
    store: MatchStore, new_match: NewMatch, rules: Ruleset[Any], seats: Seats
) -> None:
    created = await new_match(store, options={"advanced": False})
    loaded = await store.active_match(CHANNEL)
    assert loaded == created
    assert loaded.status is MatchStatus.ACTIVE
    assert loaded.players == {seats[0].side: 101, seats[1].side: 202}
    assert loaded.sides_of(202) == [seats[1].side] and loaded.sides_of(5) == []
    assert (loaded.version, loaded.action_count, loaded.result) == (0, 0, None)
    assert loaded.options == {"advanced": False}
    assert loaded.state == rules.initial({"advanced": False})
    assert loaded.created_at.tzinfo is not None
    assert loaded.created_at.utcoffset() == UTC.utcoffset(None)
    assert await store.get_match(created.id) == created
    assert await store.active_match(CHANNEL + 1) is None


async def test_discord_ids_keep_all_64_bits(store: MatchStore, ruleset: str, seats: Seats) -> None:
    first, second = (seat.side for seat in seats)
    seats = (Seat(second, BIG, "Max"), Seat(first, BIG - 1, "Min"))
    created = await store.create_match(guild_id=BIG, channel_id=BIG, ruleset=ruleset, seats=seats)
    loaded = await store.active_match(BIG)
    assert loaded is not None and loaded.id == created.id
    assert loaded.guild_id == BIG and loaded.players == {second: BIG, first: BIG - 1}
    assert [m.id for m in await store.active_matches(BIG)] == [created.id]
    assert await store.display_names([BIG, BIG - 1]) == {BIG: "Max", BIG - 1: "Min"}


async def test_a_channel_holds_one_active_match(store: MatchStore, new_match: NewMatch) -> None:
    first = await new_match(store)
    with pytest.raises(ChannelBusy, match=f"match #{first.id}"):
        await new_match(store)
    other = await new_match(store, channel=CHANNEL + 1)
    await store.finish(first.id, {"score": [1, 0]})
    again = await new_match(store)
    assert again.id not in (first.id, other.id)
    assert (await store.active_match(CHANNEL)) == again


async def test_the_database_itself_refuses_a_second_active_match(
    store: MatchStore, new_match: NewMatch, ruleset: str, seats: Seats
) -> None:
    first = await new_match(store)

    def row(status: str) -> dict[str, Any]:
        return {
            "guild_id": GUILD,
            "channel_id": CHANNEL,
            "ruleset": ruleset,
            "options": {},
            "status": status,
            "player1_id": 101,
            "player1_side": seats[0].side,
            "player2_id": 202,
            "player2_side": seats[1].side,
            "initial_state": {},
            "state": {},
            "state_schema": 1,
        }

    with pytest.raises(IntegrityError):
        async with store.engine.begin() as conn:
            await conn.execute(insert(Match), [row("active")])
    async with store.engine.begin() as conn:  # finished matches may share the channel
        await conn.execute(insert(Match), [row("finished"), row("aborted")])
    assert (await store.active_match(CHANNEL)) == first


async def test_create_match_checks_ruleset_and_seats(
    store: MatchStore, ruleset: str, seats: Seats
) -> None:
    with pytest.raises(RulesError, match="Unknown game 'chess'"):
        await store.create_match(guild_id=1, channel_id=2, ruleset="chess", seats=seats)
    with pytest.raises(ValueError, match="one seat for each"):
        await store.create_match(
            guild_id=1, channel_id=2, ruleset=ruleset, seats=(seats[0], seats[0])
        )
    assert await store.active_matches(1) == []


async def test_players_names_are_cached_and_refreshed(
    store: MatchStore, new_match: NewMatch, ruleset: str, seats: Seats
) -> None:
    await new_match(store)
    assert await store.display_names([101, 202, 303]) == {101: "Ada", 202: "Brian"}
    await store.remember_player(202, "Brian the Great")
    await store.remember_player(303, "Cleo")
    assert await store.display_names([202, 303]) == {202: "Brian the Great", 303: "Cleo"}
    renamed = (Seat(seats[0].side, 303, "Cleo B."), Seat(seats[1].side, 101, "Ada L."))
    await store.create_match(guild_id=GUILD, channel_id=7, ruleset=ruleset, seats=renamed)
    assert await store.display_names([101, 303]) == {101: "Ada L.", 303: "Cleo B."}


async def test_apply_saves_the_new_state_and_logs_the_action(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await new_match(store)
    applied = await store.apply(match.id, coach_log[0], user_id=101)
    assert applied.actions == [coach_log[0]]
    assert applied.match.version == 1 and applied.match.action_count == 1
    assert applied.match.state == rules.apply(match.state, coach_log[0])[0]
    assert applied.match.updated_at >= match.updated_at

    second = await store.apply(match.id, coach_log[1], user_id=202, expected_version=1)
    assert second.match.version == 2
    assert await store.get_match(match.id) == second.match

    history = await store.history(match.id)
    assert [(e.seq, e.action, e.user_id) for e in history.log] == [
        (1, coach_log[0], 101),
        (2, coach_log[1], 202),
    ]
    assert history.log[0].created_at.tzinfo is not None


async def test_engine_events_come_back_from_apply(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await new_match(store)
    expected: list[Any] = []
    state = match.state
    for action in coach_log[:12]:
        state, events = rules.apply(state, action)
        expected.extend(events)
    got: list[Any] = []
    for action in coach_log[:12]:
        got.extend((await store.apply(match.id, action)).events)
    assert got == expected and got


async def test_a_rules_error_propagates_and_nothing_is_written(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, illegal: Illegal
) -> None:
    match = await play(store, await new_match(store), coach_log[:3])
    with pytest.raises(illegal.error, match=illegal.message):
        await store.apply(match.id, illegal.action)
    with pytest.raises(RulesError, match="not a side"):
        await store.apply(match.id, Action("north", "kickoff", {}))
    assert await store.get_match(match.id) == match
    assert len((await store.history(match.id)).log) == 3


async def test_a_stale_version_is_refused_not_applied(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch
) -> None:
    match = await new_match(store)
    await store.apply(match.id, coach_log[0], expected_version=0)
    with pytest.raises(ConflictError, match="out of date: nothing was applied") as err:
        await store.apply(match.id, coach_log[1], expected_version=0)
    assert (err.value.expected, err.value.actual) == (0, 1)
    assert "version" not in str(err.value)  # players read it: no internal numbers
    current = await store.get_match(match.id)
    assert current.version == 1 and current.action_count == 1
    with pytest.raises(ConflictError):
        await store.finish(match.id, {}, expected_version=0)
    with pytest.raises(ConflictError):
        await store.abort(match.id, expected_version=5)
    assert (await store.get_match(match.id)).status is MatchStatus.ACTIVE


async def test_finish_records_the_result_and_frees_the_channel(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, seats: Seats
) -> None:
    match = await play(store, await new_match(store), coach_log[:5])
    winner = seats[0].side
    await store.finish(match.id, {"score": [2, 1], "winner": winner}, expected_version=5)
    finished = await store.get_match(match.id)
    assert finished.status is MatchStatus.FINISHED
    assert finished.result == {"score": [2, 1], "winner": winner}
    assert finished.version == 6 and finished.state == match.state
    assert await store.active_match(CHANNEL) is None
    assert await store.active_matches(GUILD) == []
    with pytest.raises(MatchNotActive, match="is finished"):
        await store.apply(match.id, coach_log[5])
    with pytest.raises(MatchNotActive):
        await store.finish(match.id, {})
    with pytest.raises(MatchNotActive):
        await store.abort(match.id)
    assert len((await store.history(match.id)).log) == 5


async def test_abort_frees_the_channel(store: MatchStore, new_match: NewMatch) -> None:
    match = await new_match(store)
    await store.abort(match.id, {"reason": "players left"})
    aborted = await store.get_match(match.id)
    assert aborted.status is MatchStatus.ABORTED
    assert aborted.result == {"reason": "players left"}
    assert await store.active_match(CHANNEL) is None
    await new_match(store)


async def test_active_matches_of_a_guild(store: MatchStore, new_match: NewMatch) -> None:
    first = await new_match(store, channel=1)
    done = await new_match(store, channel=2)
    third = await new_match(store, channel=3)
    await new_match(store, channel=4, guild_id=GUILD + 1)
    await store.finish(done.id, {})
    assert [m.id for m in await store.active_matches(GUILD)] == [first.id, third.id]
    assert [m.channel_id for m in await store.active_matches(GUILD + 1)] == [4]
    assert await store.active_matches(GUILD + 2) == []


async def test_unknown_matches_are_reported(store: MatchStore, coach_log: list[Action]) -> None:
    for call in (
        store.get_match(404),
        store.apply(404, coach_log[0]),
        store.finish(404, {}),
        store.abort(404),
        store.history(404),
    ):
        with pytest.raises(MatchNotFound, match="no match #404"):
            await call


async def test_history_replays_to_the_stored_state(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, rules: Ruleset[Any]
) -> None:
    match = await play(store, await new_match(store), coach_log[:40])
    rest = iter(coach_log[41:])
    # The rest of the match in one transaction: the referee's follow-up actions.
    applied = await store.apply(match.id, coach_log[40], follow=lambda _state: next(rest, None))
    assert rules.is_over(applied.match.state)
    assert applied.actions == coach_log[40:]

    history = await store.history(match.id)
    assert history.initial == rules.initial()
    assert history.actions == coach_log
    assert [e.seq for e in history.log] == list(range(1, len(coach_log) + 1))
    assert replay(rules, history.initial, history.actions) == history.match.state
    assert history.match == await store.get_match(match.id) == applied.match
    assert applied.match.version == 41 and applied.match.action_count == len(coach_log)


async def test_follow_up_actions_are_all_or_nothing(
    store: MatchStore, coach_log: list[Action], new_match: NewMatch, illegal: Illegal
) -> None:
    match = await new_match(store)
    extra = iter([*coach_log[1:3], illegal.action])  # two legal follow-ups, then a refused one
    with pytest.raises(illegal.error, match=illegal.message):
        await store.apply(match.id, coach_log[0], follow=lambda _state: next(extra, None))
    assert await store.get_match(match.id) == match
    assert (await store.history(match.id)).log == []


async def _set_schema(store: MatchStore, match_id: int, version: int) -> None:
    async with store.engine.begin() as conn:
        await conn.execute(update(Match).where(Match.id == match_id).values(state_schema=version))


async def test_a_state_from_another_schema_version_is_refused_clearly(
    store: MatchStore,
    coach_log: list[Action],
    new_match: NewMatch,
    rules: Ruleset[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = await play(store, await new_match(store), coach_log[:2])
    current = rules.schema_version
    monkeypatch.delitem(states.UPGRADES, (rules.name, current - 1), raising=False)
    await _set_schema(store, match.id, current - 1)
    message = (
        f"Match #{match.id} was saved with {rules.name} state schema version {current - 1}; "
        f"this bot reads version {current}"
    )
    for call in (
        store.get_match(match.id),
        store.active_match(CHANNEL),
        store.active_matches(GUILD),
        store.apply(match.id, coach_log[2]),
        store.history(match.id),
    ):
        with pytest.raises(UnreadableMatch, match=message):
            await call

    await _set_schema(store, match.id, current + 1)
    with pytest.raises(UnreadableMatch, match=f"newer version of the bot .*version {current + 1}"):
        await store.get_match(match.id)
    # Even an unreadable match can be aborted, so that its channel is not stuck.
    await store.abort(match.id, {"reason": "unreadable"})
    assert await store.active_match(CHANNEL) is None


async def test_an_older_state_is_upgraded_when_an_upgrade_exists(
    store: MatchStore,
    coach_log: list[Action],
    monkeypatch: pytest.MonkeyPatch,
    new_match: NewMatch,
    rules: Ruleset[Any],
) -> None:
    match = await play(store, await new_match(store), coach_log[:2])
    current = rules.schema_version
    await _set_schema(store, match.id, current - 1)
    seen: list[dict[str, Any]] = []

    def upgrade(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data)
        return {**data, "schema": current}

    monkeypatch.setitem(states.UPGRADES, (rules.name, current - 1), upgrade)
    assert (await store.get_match(match.id)).state == match.state
    applied = await store.apply(match.id, coach_log[2])
    assert applied.match.state == rules.apply(match.state, coach_log[2])[0]
    monkeypatch.delitem(states.UPGRADES, (rules.name, current - 1))
    # The new state (and the initial one) were written with the current schema: they load
    # without the upgrade, and still replay.
    assert (await store.get_match(match.id)).state == applied.match.state
    history = await store.history(match.id)
    assert replay(rules, history.initial, history.actions) == applied.match.state
    assert rules.to_json(match.state) in seen  # the stored state went through the upgrade


async def test_active_matches_are_counted_by_game(store: MatchStore, new_match: NewMatch) -> None:
    assert await store.active_counts() == {}
    first = await new_match(store)
    await new_match(store, channel=CHANNEL + 1)
    over = await new_match(store, channel=CHANNEL + 2)
    await store.abort(over.id)

    assert await store.active_counts() == {first.ruleset: 2}
