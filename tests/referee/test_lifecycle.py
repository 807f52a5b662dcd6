"""How the referee ends matches: the final whistle survives a crash right after the final
step's commit, a called-off league match sends its fixture back to be played at once (and
reading fixtures writes nothing), a match whose saved state cannot be read is refused clearly
and can only be called off, and the matches of a deleted channel or guild are called off.
SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import delete, event, text, update

from engine.fuba.state import SCHEMA_VERSION
from referee.errors import NotAPlayer
from referee.leagues import LeagueService
from referee.service import Referee
from store.errors import UnreadableMatch
from store.leagues import HISTORY
from store.models import Match, MatchStatus
from store.repository import MatchStore, Seat
from tests.referee.test_dicesoccer_game import CHANNEL, answer_first_choice
from tests.referee.test_league_service import leagues, referee, store
from tests.store.conftest import backend, db_url, pg_database, sqlite_template

# the store's fixtures, and the league service's over the same store
__all__ = ["backend", "db_url", "leagues", "pg_database", "referee", "sqlite_template", "store"]

GUILD, ADMIN = 900, 7
ADA, BRIAN, CAROL = 101, 202, 303


async def _league(leagues: LeagueService, game: str = "fuba") -> None:
    await leagues.create(GUILD, "Spring", game, by=ADMIN)
    await leagues.join(GUILD, "Spring", ADA, "Ada")
    await leagues.join(GUILD, "Spring", BRIAN, "Brian")
    await leagues.start(GUILD, "Spring", by=ADMIN)


class Writes:
    """The INSERT, UPDATE and DELETE statements an engine runs while counted."""

    def __init__(self, store: MatchStore) -> None:
        self.engine = store.db.sync_engine
        self.seen: list[str] = []

    def _count(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            self.seen.append(statement)

    def __enter__(self) -> list[str]:
        event.listen(self.engine, "before_cursor_execute", self._count)
        return self.seen

    def __exit__(self, *exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)


# -- item: the final step finishes the match in its own transaction ------------------------


class Crash(Exception):
    """The process dies right after the final step's commit."""


async def test_a_crash_after_the_final_commit_leaves_the_match_finished_and_rated(
    leagues: LeagueService, referee: Referee, store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _league(leagues, game="dicesoccer")
    out = await leagues.play(GUILD, CHANNEL, ADA)
    match_id = out.match_id
    rules = out.game.ruleset
    real_apply = store.apply_active

    async def apply_then_die(*args: Any, **kwargs: Any) -> Any:
        applied = await real_apply(*args, **kwargs)  # committed
        if rules.is_over(applied.match.state):
            raise Crash()  # nothing after the commit runs: no finish call, no listener
        return applied

    monkeypatch.setattr(store, "apply_active", apply_then_die)
    with pytest.raises(Crash):
        while not out.over:
            out = await answer_first_choice(referee, out)
    monkeypatch.undo()

    stored = await store.get_match(match_id)
    assert stored.status is MatchStatus.FINISHED
    assert stored.result == out.game.result(stored.state)
    assert stored.result["reason"] == "target_score"
    assert await store.active_match(CHANNEL) is None  # the channel takes a new challenge
    with pytest.raises(Exception, match="There is no match in this channel"):
        await referee.resign(CHANNEL, ADA)  # a decided result is never overwritten
    # The listener never ran; the start-up catch-up rates it and records the league result.
    assert await leagues.results(GUILD) == []
    assert await leagues.catch_up() == 1
    (result,) = await leagues.results(GUILD)
    assert result.match_id == match_id and result.reason == "full_time"


async def test_the_final_whistle_is_said_once_and_finishes_once(
    referee: Referee, store: MatchStore
) -> None:
    seats = (Seat("white", ADA, "Ada"), Seat("black", BRIAN, "Brian"))
    out = await referee.start_match(
        1, CHANNEL, seats, ruleset="dicesoccer", seed=4, rules={"target_score": 1}
    )
    while not out.over:
        out = await answer_first_choice(referee, out)
    stored = await store.get_match(out.match_id)
    assert stored.status is MatchStatus.FINISHED and stored.result == out.result
    assert stored.version == out.version


# -- a called-off league match: its fixture at once, and reads that write nothing -----------


async def test_a_called_off_league_match_is_pending_again_at_once(
    leagues: LeagueService, referee: Referee
) -> None:
    await _league(leagues)
    out = await leagues.play(GUILD, CHANNEL, ADA)
    fixture = await leagues.store.fixture_for_match(out.match_id)
    assert fixture is not None and fixture.status == "playing"
    await referee.abort(CHANNEL, BRIAN)
    # The store's own record says so, before anyone reads the fixtures through the service.
    again = await leagues.store.fixture(fixture.id)
    assert (again.status, again.match_id) == ("pending", None)


async def test_reading_fixtures_writes_nothing(
    leagues: LeagueService, referee: Referee, store: MatchStore
) -> None:
    await _league(leagues)
    await leagues.play(GUILD, CHANNEL, ADA)
    await referee.abort(CHANNEL, ADA)
    with Writes(store) as writes:
        # What `/league fixtures`, the fixture autocomplete and `/league next` read.
        [fixture] = await leagues.fixtures(GUILD)
        await leagues.fixtures(GUILD, "Spring", round=1)
        league, mine = await leagues.next_fixture(GUILD, ADA)
    assert writes == []
    assert fixture.status == "pending" and mine.id == fixture.id


async def test_a_fixture_left_playing_by_an_older_bot_is_released_at_start_up(
    leagues: LeagueService, referee: Referee, store: MatchStore
) -> None:
    await _league(leagues)
    out = await leagues.play(GUILD, CHANNEL, ADA)
    # An older bot called the match off without releasing the fixture.
    async with store.engine.begin() as conn:
        await conn.execute(update(Match).where(Match.id == out.match_id).values(status="aborted"))
    fixture = await leagues.store.fixture_for_match(out.match_id)
    assert fixture is not None and fixture.status == "playing"
    await leagues.catch_up()  # what the bot runs when it starts
    assert (await leagues.store.fixture(fixture.id)).status == "pending"


# -- a match whose saved state cannot be read -----------------------------------------------

FUBA_SEATS = (Seat("west", ADA, "Ada"), Seat("east", BRIAN, "Brian"))
DAMAGE = {
    "newer schema": "UPDATE matches SET state_schema = 99 WHERE id = :id",
    "not JSON": "UPDATE matches SET state = 'not json {' WHERE id = :id",
    "unknown game": "UPDATE matches SET ruleset = 'chess' WHERE id = :id",
}


@pytest.mark.parametrize("how", list(DAMAGE))
async def test_an_unreadable_match_is_refused_and_only_called_off(
    referee: Referee, store: MatchStore, backend: str, how: str
) -> None:
    if how == "not JSON" and backend == "postgresql":
        pytest.skip("PostgreSQL refuses text that is not JSON in a JSON column")
    out = await referee.start_match(GUILD, CHANNEL, FUBA_SEATS, seed=1)
    for user, shape in ((ADA, "4-4-2"), (BRIAN, "4-3-3")):
        await referee.act(CHANNEL, user, "formation", {"shape": shape})
    await referee.start_match(GUILD, CHANNEL + 1, FUBA_SEATS, seed=2)  # another channel
    async with store.engine.begin() as conn:
        await conn.execute(text(DAMAGE[how]), {"id": out.match_id})
    before = await _row(store, out.match_id)

    calls = {
        "status": lambda: referee.status(CHANNEL, CAROL),
        "act": lambda: referee.act(CHANNEL, ADA, "roll"),
        "resign": lambda: referee.resign(CHANNEL, ADA),
        "abort": lambda: referee.abort(CHANNEL, ADA),
        "board": lambda: referee.current(CHANNEL),
    }
    for name, call in calls.items():
        with pytest.raises(UnreadableMatch) as refused:
            await call()
        message = str(refused.value)
        assert f"atch #{out.match_id}" in message, (name, message)
        assert "call it off with `/fuba abort` to free this channel" in message
        if how == "newer schema":
            assert f"schema version 99); this bot reads version {SCHEMA_VERSION}" in message
    assert await _row(store, out.match_id) == before  # nothing written (a resign either)
    assert (await referee.status(CHANNEL + 1, ADA)).match_id != out.match_id

    damaged = refused.value
    with pytest.raises(NotAPlayer):
        await referee.abort_unreadable(damaged, CAROL)  # a spectator without Manage Server
    line = await referee.abort_unreadable(damaged, CAROL, manager=True)
    assert line == (
        f"Match #{out.match_id} could not be read and was called off; nothing counts and this "
        "channel is free."
    )
    assert await store.active_match(CHANNEL) is None
    assert (await _row(store, out.match_id))[0] == "aborted"
    await referee.start_match(GUILD, CHANNEL, FUBA_SEATS, seed=3)  # the channel is free


async def test_a_player_calls_off_an_unreadable_match_after_kick_off(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(GUILD, CHANNEL, FUBA_SEATS, seed=1)
    async with store.engine.begin() as conn:
        await conn.execute(text(DAMAGE["newer schema"]), {"id": out.match_id})
    with pytest.raises(UnreadableMatch) as refused:
        await referee.abort(CHANNEL, BRIAN)
    await referee.abort_unreadable(refused.value, BRIAN)
    assert await store.active_match(CHANNEL) is None
    assert (await _row(store, out.match_id))[0] == "aborted"


async def _row(store: MatchStore, match_id: int) -> tuple[Any, ...]:
    async with store.engine.connect() as conn:
        row = (
            await conn.execute(
                text("SELECT status, version, action_count FROM matches WHERE id = :id"),
                {"id": match_id},
            )
        ).one()
    return tuple(row)


# -- a deleted channel or guild ---------------------------------------------------------------


async def test_the_matches_of_a_deleted_channel_are_called_off_unrated(
    leagues: LeagueService, referee: Referee, store: MatchStore
) -> None:
    await _league(leagues)
    out = await leagues.play(GUILD, CHANNEL, ADA)
    fixture = await leagues.store.fixture_for_match(out.match_id)
    assert fixture is not None
    friendly = await referee.start_match(GUILD, CHANNEL + 1, FUBA_SEATS, seed=2, ranked=True)
    closed = await referee.call_off("channel deleted", channel_ids=[CHANNEL])
    assert [c.id for c in closed] == [out.match_id]
    stored = await store.get_match(out.match_id)
    assert stored.status is MatchStatus.ABORTED
    assert stored.result == {"winner": None, "reason": "channel deleted"}
    assert (await leagues.store.fixture(fixture.id)).status == "pending"
    closed = await referee.call_off("bot removed", guild_id=GUILD)
    assert [c.id for c in closed] == [friendly.match_id]
    assert await leagues.catch_up() == 0  # nothing to rate
    assert await leagues.profile(GUILD, "fuba", ADA) is None


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE matches SET options = '{}' WHERE id = :id",  # no dice seed
        "UPDATE matches SET options = '[]' WHERE id = :id",
        "UPDATE matches SET player1_side = 'north' WHERE id = :id",
    ],
)
async def test_a_resignation_on_a_damaged_match_commits_nothing(
    referee: Referee, store: MatchStore, damage: str
) -> None:
    out = await referee.start_match(GUILD, CHANNEL, FUBA_SEATS, seed=1)
    async with store.engine.begin() as conn:
        await conn.execute(text(damage), {"id": out.match_id})
    before = await _row(store, out.match_id)
    with pytest.raises(Exception):  # noqa: B017 (whatever it is, it comes before the write)
        await referee.resign(CHANNEL, ADA)
    assert await _row(store, out.match_id) == before
    assert before[0] == "active"


async def test_an_unreadable_unrated_match_does_not_stop_the_start_up_catch_up(
    leagues: LeagueService, referee: Referee, store: MatchStore
) -> None:
    """A finished rated match whose rating is missing and whose saved state cannot be read is
    logged and passed over at start-up; the bot starts and rates the others."""
    await _league(leagues)
    [fixture] = await leagues.fixtures(GUILD)
    unreadable = await leagues.play(GUILD, 1, ADA)
    await referee.resign(1, fixture.away_id)
    async with store.engine.begin() as conn:
        await conn.execute(delete(HISTORY).where(HISTORY.c.match_id == unreadable.match_id))
        await conn.execute(text(DAMAGE["newer schema"]), {"id": unreadable.match_id})
    assert await leagues.catch_up() == 0  # nothing it can rate, and no error
