"""How a match ends in the store: the final step finishes it in its own transaction, a call-off
sends its league fixture back to be played in the same transaction, a match whose saved state
cannot be read is refused clearly and can still be called off, and matches of a deleted channel
or a guild that removed the bot are called off together. SQLite and PostgreSQL, each ruleset."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import event, text

from engine.core import Action, Ruleset
from store.errors import MatchNotActive, UnreadableMatch
from store.leagues import LeagueStore
from store.models import MatchStatus
from store.repository import MatchStore
from tests.store.conftest import (
    ADA,
    BRIAN,
    CHANNEL,
    GUILD,
    NewMatch,
    Plan,
    clear_leagues,
    seats_for,
)


@pytest.fixture
async def leagues(store: MatchStore) -> AsyncIterator[LeagueStore]:
    yield LeagueStore(store.engine)
    await clear_leagues(store)


def result_of(state: Any) -> dict[str, Any]:
    return {"winner": None, "reason": "full_time", "moves": "all"}


# -- the final step -------------------------------------------------------------------------


async def test_the_final_step_finishes_the_match_in_its_own_transaction(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action], plan: Plan
) -> None:
    match = await new_match(store)
    last = len(coach_log) - 1
    for n, action in enumerate(coach_log):
        applied = await store.apply(match.id, action, deadlines=plan(5), finish=result_of)
        if n < last:
            assert applied.match.status is MatchStatus.ACTIVE
    # Nothing after the final step's commit is needed: the match is finished with its result,
    # the channel is free and nobody is waited for.
    assert applied.match.status is MatchStatus.FINISHED
    assert applied.match.result == result_of(None)
    stored = await store.get_match(match.id)
    assert stored.status is MatchStatus.FINISHED and stored.result == result_of(None)
    assert stored.version == applied.match.version == len(coach_log)
    assert await store.active_match(CHANNEL) is None
    assert await store.deadlines(match.id) == []
    with pytest.raises(MatchNotActive):
        await store.finish(match.id, {"reason": "resigned"}, expected_version=stored.version)


async def test_without_finish_an_over_match_stays_active_for_the_caller(
    store: MatchStore, new_match: NewMatch, coach_log: list[Action]
) -> None:
    match = await new_match(store)
    for action in coach_log:
        applied = await store.apply(match.id, action)
    assert applied.match.status is MatchStatus.ACTIVE
    await store.finish(match.id, result_of(None), expected_version=applied.match.version)
    assert (await store.get_match(match.id)).status is MatchStatus.FINISHED


# -- calling off: the league fixture goes back to be played ---------------------------------


async def _league_match(store: MatchStore, leagues: LeagueStore, channel: int = CHANNEL) -> int:
    """A running league of Ada and Brian whose one fixture is being played by a new match;
    returns the fixture id."""
    league = await leagues.create(guild_id=GUILD, name="Spring", game="fuba", created_by=7)
    await leagues.join(league.id, ADA, "Ada")
    await leagues.join(league.id, BRIAN, "Brian")
    (fixture,) = await leagues.start(league.id)
    match = await store.create_match(
        guild_id=GUILD, channel_id=channel, ruleset="fuba", seats=seats_for("fuba")
    )
    await leagues.attach_match(fixture.id, match.id)
    return fixture.id


async def test_a_called_off_league_match_frees_its_fixture_at_once(
    store: MatchStore, leagues: LeagueStore
) -> None:
    fixture_id = await _league_match(store, leagues)
    playing = await leagues.fixture(fixture_id)
    assert playing.status == "playing" and playing.match_id is not None
    await store.abort(playing.match_id, {"winner": None, "reason": "aborted"})
    again = await leagues.fixture(fixture_id)
    assert (again.status, again.match_id) == ("pending", None)


async def test_a_call_off_and_its_fixture_are_one_transaction(
    store: MatchStore, leagues: LeagueStore
) -> None:
    fixture_id = await _league_match(store, leagues)
    match_id = (await leagues.fixture(fixture_id)).match_id
    assert match_id is not None

    def fail_on_fixture(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE LEAGUE_FIXTURES"):
            raise RuntimeError("the database went away")

    sync_engine = store.db.sync_engine
    event.listen(sync_engine, "before_cursor_execute", fail_on_fixture)
    try:
        with pytest.raises(Exception, match="the database went away"):
            await store.abort(match_id, {"winner": None, "reason": "aborted"})
    finally:
        event.remove(sync_engine, "before_cursor_execute", fail_on_fixture)
    # Neither half was written: the match still plays for the fixture.
    assert (await store.get_match(match_id)).status is MatchStatus.ACTIVE
    assert (await leagues.fixture(fixture_id)).status == "playing"


async def test_matches_of_a_deleted_channel_or_a_left_guild_are_called_off(
    store: MatchStore, leagues: LeagueStore, new_match: NewMatch
) -> None:
    fixture_id = await _league_match(store, leagues, channel=CHANNEL)
    other = await new_match(store, channel=CHANNEL + 1)
    elsewhere = await new_match(store, channel=CHANNEL + 2, guild_id=GUILD + 1)
    reason = {"winner": None, "reason": "channel deleted"}
    closed = await store.abort_where(reason, channel_ids=[CHANNEL, 12345])
    assert [c.channel_id for c in closed] == [CHANNEL]
    assert closed[0].players == {"west": ADA, "east": BRIAN}
    stored = await store.get_match(closed[0].id)
    assert (stored.status, stored.result) == (MatchStatus.ABORTED, reason)
    assert (await leagues.fixture(fixture_id)).status == "pending"
    assert await store.abort_where(reason, channel_ids=[CHANNEL]) == []  # once

    gone = {"winner": None, "reason": "bot removed"}
    closed = await store.abort_where(gone, guild_id=GUILD)
    assert [c.id for c in closed] == [other.id]
    assert (await store.active_match(CHANNEL + 2)) == elsewhere  # another guild's plays on


# -- a match whose saved state cannot be read -----------------------------------------------

DAMAGE = {
    "newer schema": "UPDATE matches SET state_schema = 99 WHERE id = :id",
    "not JSON": "UPDATE matches SET state = 'not json {' WHERE id = :id",
    "not a state": "UPDATE matches SET state = '[1, 2]' WHERE id = :id",
    "unknown game": "UPDATE matches SET ruleset = 'chess' WHERE id = :id",
    "not its sides": "UPDATE matches SET player1_side = 'north' WHERE id = :id",
    "options not a mapping": "UPDATE matches SET options = '[]' WHERE id = :id",
}


async def damage(store: MatchStore, match_id: int, how: str) -> None:
    async with store.engine.begin() as conn:
        await conn.execute(text(DAMAGE[how]), {"id": match_id})


@pytest.mark.parametrize("how", list(DAMAGE))
async def test_an_unreadable_match_is_refused_clearly_and_can_be_called_off(
    store: MatchStore,
    new_match: NewMatch,
    coach_log: list[Action],
    rules: Ruleset[Any],
    backend: str,
    how: str,
) -> None:
    if how == "not JSON" and backend == "postgresql":
        pytest.skip("PostgreSQL refuses text that is not JSON in a JSON column")
    match = await new_match(store)
    for action in coach_log[:2]:
        match = (await store.apply(match.id, action)).match
    neighbour = await new_match(store, channel=CHANNEL + 1)
    await damage(store, match.id, how)
    expected = {
        "newer schema": f"Match #{match.id} was saved by a newer version of the bot "
        f"({rules.name} state schema version 99); this bot reads version "
        f"{rules.schema_version}",
        "not JSON": f"The saved state of match #{match.id} is damaged (not JSON)",
        "not a state": f"Match #{match.id} is damaged and cannot be read.",
        "unknown game": f"Match #{match.id} is of a game this bot does not know ('chess')",
        "not its sides": f"Match #{match.id} is damaged and cannot be read.",
        "options not a mapping": f"Match #{match.id} is damaged and cannot be read.",
    }[how]
    for call in (
        lambda: store.active_match(CHANNEL),
        lambda: store.get_match(match.id),
        lambda: store.apply(match.id, coach_log[2]),
        lambda: store.apply_active(CHANNEL, lambda m: pytest.fail("planned")),
        lambda: store.history(match.id),
    ):
        with pytest.raises(UnreadableMatch) as refused:
            await call()
        message = str(refused.value)
        assert message.startswith(expected), message
        assert "can call it off with `/" in message and "abort` to free this channel" in message
        assert refused.value.players == (ADA, BRIAN)
    # Nothing was written, and the rest of the store is unaffected.
    async with store.engine.connect() as conn:
        version = await conn.scalar(
            text("SELECT version FROM matches WHERE id = :id"), {"id": match.id}
        )
    assert version == match.version
    assert await store.active_match(CHANNEL + 1) == neighbour
    # Calling it off reads none of it, and frees the channel.
    await store.abort(match.id, {"winner": None, "reason": "unreadable"})
    assert await store.active_match(CHANNEL) is None
    again = await new_match(store)
    assert (await store.active_match(CHANNEL)) == again
