"""LeagueStore: leagues (create, join, leave, start, results, forfeit, set result, end, delete),
the audit trail, and ratings (exactly once per match, leaderboard, rank, profile), on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select, text

from engine.leagues import BadResult, Ending, round_robin, standings
from engine.leagues.errors import EmptyName
from store.errors import (
    AlreadyMember,
    BadLeague,
    FixtureDecided,
    FixtureInPlay,
    FixtureNotFound,
    LeagueEnded,
    LeagueExists,
    LeagueNotFound,
    LeagueNotOpen,
    LeagueNotRunning,
    NotEnoughMembers,
    NotInFixture,
    NotMember,
)
from store.leagues import HISTORY, LEAGUES, RATINGS, RESULTS, LeagueStore, StoredLeague
from store.repository import MatchStore
from tests.store.conftest import clear_leagues, seats_for

GUILD, GAME, ADMIN = 900, "fuba", 7
T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
NAMES = {101: "Ada", 202: "Brian", 303: "Cleo", 404: "Dev", 505: "Eve"}


@pytest.fixture
async def leagues(store: MatchStore) -> AsyncIterator[LeagueStore]:
    yield LeagueStore(store.engine)
    await clear_leagues(store)


async def _league(
    leagues: LeagueStore, players: tuple[int, ...] = (), **kw: object
) -> StoredLeague:
    kw.setdefault("name", "Spring")
    league = await leagues.create(guild_id=GUILD, game=GAME, created_by=ADMIN, now=T0, **kw)  # type: ignore[arg-type]
    for user_id in players:
        await leagues.join(league.id, user_id, NAMES[user_id])
    return league


async def _match(store: MatchStore, channel: int) -> int:
    """A stored match between Ada (101) and Brian (202)."""
    match = await store.create_match(
        guild_id=GUILD, channel_id=channel, ruleset="fuba", seats=seats_for("fuba")
    )
    return match.id


# -- leagues -------------------------------------------------------------------------------


async def test_create_get_find_list_and_seasons(leagues: LeagueStore) -> None:
    league = await leagues.create(
        guild_id=GUILD,
        name="  Spring   Cup ",
        game=GAME,
        created_by=ADMIN,
        options={"rules": "advanced"},
        legs=2,
        now=T0,
    )
    assert (league.name, league.season, league.status, league.legs) == ("Spring Cup", 1, "open", 2)
    assert league.options == {"rules": "advanced"} and league.created_at == T0
    assert await leagues.get(league.id) == league
    assert await leagues.find(GUILD, "Spring Cup") == league
    with pytest.raises(LeagueExists, match="already has a league called 'Spring Cup'"):
        await leagues.create(guild_id=GUILD, name="Spring Cup", game=GAME, created_by=ADMIN)
    other_guild = await leagues.create(guild_id=1, name="Spring Cup", game=GAME, created_by=ADMIN)
    assert other_guild.season == 1

    ended = await leagues.end(league.id, now=T0 + timedelta(days=1))
    assert ended.status == "ended" and ended.ended_at == T0 + timedelta(days=1)
    second = await leagues.create(guild_id=GUILD, name="Spring Cup", game=GAME, created_by=ADMIN)
    assert second.season == 2 and second.legs == 1
    assert await leagues.find(GUILD, "Spring Cup") == second
    assert await leagues.list_leagues(GUILD) == [second]
    assert await leagues.list_leagues(GUILD, ended=True) == [second, ended]


async def test_create_refusals(leagues: LeagueStore) -> None:
    with pytest.raises(BadLeague, match="1 or 2 legs, not 3"):
        await leagues.create(guild_id=GUILD, name="X", game=GAME, created_by=ADMIN, legs=3)
    with pytest.raises(EmptyName, match="at least one letter, digit or sign you can see"):
        await leagues.create(guild_id=GUILD, name="  ", game=GAME, created_by=ADMIN)
    with pytest.raises(BadLeague, match="1 to 64 characters"):
        await leagues.create(guild_id=GUILD, name="x" * 65, game=GAME, created_by=ADMIN)
    with pytest.raises(LeagueNotFound, match="no league #999"):
        await leagues.get(999)
    with pytest.raises(LeagueNotFound, match="no league called 'Nope' on this server"):
        await leagues.find(GUILD, "Nope")


async def test_names_that_read_alike_are_one_league(leagues: LeagueStore) -> None:
    """Invisible characters and odd spaces are not part of a name (engine.leagues.names)."""
    for blank in ("\u200b", " \u2060\ufeff ", "\u3164"):
        with pytest.raises(EmptyName):
            await leagues.create(guild_id=GUILD, name=blank, game=GAME, created_by=ADMIN)
        with pytest.raises(EmptyName):
            await leagues.find(GUILD, blank)
    assert await leagues.list_leagues(GUILD) == []
    league = await leagues.create(
        guild_id=GUILD, name="Spr\u200bing\u00a0 Cup\u2060", game=GAME, created_by=ADMIN
    )
    assert league.name == "Spring Cup"
    with pytest.raises(LeagueExists, match="'Spring Cup'"):
        await leagues.create(guild_id=GUILD, name="Spring\u200d Cup", game=GAME, created_by=ADMIN)
    assert await leagues.find(GUILD, "\ufeffSpring Cup") == league
    assert await leagues.find(GUILD, "\uff33pring  Cup") == league  # a full-width S
    assert await leagues.list_leagues(GUILD) == [league]


async def test_a_name_stored_before_names_were_normal_is_found(leagues: LeagueStore) -> None:
    async with leagues.engine.begin() as conn:
        await conn.execute(
            insert(LEAGUES).values(
                guild_id=GUILD,
                name="Old\u200b League",
                game=GAME,
                options={},
                legs=1,
                status="open",
                season=1,
                created_by=ADMIN,
                created_at=T0,
            )
        )
    old = await leagues.find(GUILD, "Old League")
    assert old.name == "Old\u200b League"
    with pytest.raises(LeagueExists):
        await leagues.create(guild_id=GUILD, name="Old League", game=GAME, created_by=ADMIN)


async def test_two_creates_at_once_make_one_league(leagues: LeagueStore) -> None:
    outcomes = await asyncio.gather(
        *(
            leagues.create(guild_id=GUILD, name="Race", game=GAME, created_by=ADMIN)
            for _ in range(2)
        ),
        return_exceptions=True,
    )
    made = [o for o in outcomes if isinstance(o, StoredLeague)]
    refused = [o for o in outcomes if isinstance(o, LeagueExists)]
    assert len(made) == 1 and len(refused) == 1, outcomes
    assert await leagues.list_leagues(GUILD) == made


async def test_join_and_leave_while_open(leagues: LeagueStore) -> None:
    league = await _league(leagues, (303, 101, 202))
    assert [(m.user_id, m.display_name) for m in await leagues.members(league.id)] == [
        (303, "Cleo"),
        (101, "Ada"),
        (202, "Brian"),
    ]
    with pytest.raises(AlreadyMember, match="<@101> is already in league 'Spring'"):
        await leagues.join(league.id, 101, "Ada again")
    await leagues.leave(league.id, 101)
    with pytest.raises(NotMember, match="<@101> is not in league 'Spring'"):
        await leagues.leave(league.id, 101)
    await leagues.join(league.id, 101, "Ada L.")  # back, now last in join order
    members = await leagues.members(league.id)
    assert [(m.user_id, m.display_name) for m in members] == [
        (303, "Cleo"),
        (202, "Brian"),
        (101, "Ada L."),
    ]
    with pytest.raises(LeagueNotFound):
        await leagues.join(999, 404, "Dev")


async def test_start_writes_the_round_robin_in_join_order(leagues: LeagueStore) -> None:
    league = await _league(leagues, (303, 101, 202, 505, 404), legs=2)
    fixtures = await leagues.start(league.id, now=T0)
    expected = [
        (r.number, r.leg, m.home, m.away)
        for r in round_robin([303, 101, 202, 505, 404], 2)
        for m in r.matches
    ]
    assert [(f.round, f.leg, f.home_id, f.away_id) for f in fixtures] == expected
    assert all(f.status == "pending" and f.result is None for f in fixtures)
    assert len(fixtures) == 20  # 10 pairs, twice
    started = await leagues.get(league.id)
    assert started.status == "running" and started.started_at == T0
    assert await leagues.fixtures(league.id) == fixtures
    assert await leagues.fixtures(league.id, round=3) == [f for f in fixtures if f.round == 3]
    assert await leagues.fixture(fixtures[0].id) == fixtures[0]

    with pytest.raises(LeagueNotOpen, match="has started: members can only join"):
        await leagues.join(league.id, 999, "Late")
    with pytest.raises(LeagueNotOpen, match="only leave before it starts"):
        await leagues.leave(league.id, 101)
    with pytest.raises(LeagueNotOpen, match="only start before it starts"):
        await leagues.start(league.id)


async def test_start_needs_two_members_and_writes_nothing_otherwise(
    leagues: LeagueStore,
) -> None:
    league = await _league(leagues, (101,))
    with pytest.raises(NotEnoughMembers, match="at least 2 members to start; it has 1"):
        await leagues.start(league.id)
    assert (await leagues.get(league.id)).status == "open"
    assert await leagues.fixtures(league.id) == []
    with pytest.raises(LeagueNotFound):
        await leagues.start(999)


async def test_join_racing_start_is_either_in_the_fixtures_or_refused(
    leagues: LeagueStore,
) -> None:
    league = await _league(leagues, (101, 202))
    joined, started = await asyncio.gather(
        leagues.join(league.id, 303, "Cleo"), leagues.start(league.id), return_exceptions=True
    )
    assert not isinstance(started, BaseException), started
    players = {p for f in started for p in f.players()}
    if isinstance(joined, LeagueNotOpen):
        assert players == {101, 202}
    else:
        assert not isinstance(joined, BaseException), joined
        assert players == {101, 202, 303}
    assert players == {m.user_id for m in await leagues.members(league.id)}


# -- results ---------------------------------------------------------------------------------


async def test_record_result_once(leagues: LeagueStore, store: MatchStore) -> None:
    league = await _league(leagues, (101, 202))
    (fixture,) = await leagues.start(league.id)
    match_id = await _match(store, 1)
    attached = await leagues.attach_match(fixture.id, match_id)
    assert attached.status == "playing" and attached.match_id == match_id
    assert await leagues.fixture_for_match(match_id) == attached
    assert await leagues.fixture_for_match(match_id + 1) is None
    with pytest.raises(FixtureInPlay, match=f"already being played \\(match #{match_id}\\)"):
        await leagues.attach_match(fixture.id, match_id)

    first = await leagues.record_result(
        fixture.id, 2, 1, reason="resigned", match_id=match_id, now=T0
    )
    assert first.new
    result = first.result
    assert (result.home_goals, result.away_goals, result.reason) == (2, 1, "resigned")
    assert result.winner_id == fixture.home_id and result.match_id == match_id
    assert result.recorded_at == T0 and result.recorded_by is None
    again = await leagues.record_result(fixture.id, 0, 5, match_id=match_id)
    assert not again.new and again.result == result
    done = await leagues.fixture(fixture.id)
    assert done.status == "done" and done.result == result
    with pytest.raises(FixtureDecided, match="already decided: <@\\d+> 2-1 <@\\d+> \\(resigned\\)"):
        await leagues.attach_match(fixture.id, match_id)
    assert await leagues.next_fixture(league.id, 101) is None


async def test_two_results_at_once_write_one(leagues: LeagueStore) -> None:
    league = await _league(leagues, (101, 202, 303, 404))
    fixtures = await leagues.start(league.id)
    for fixture in fixtures:
        outcomes = await asyncio.gather(
            leagues.record_result(fixture.id, 1, 0), leagues.record_result(fixture.id, 0, 3)
        )
        assert sorted(o.new for o in outcomes) == [False, True]
        assert outcomes[0].result == outcomes[1].result
    async with leagues.engine.connect() as conn:
        count = await conn.scalar(
            select(text("count(*)")).select_from(RESULTS).where(RESULTS.c.league_id == league.id)
        )
    assert count == len(fixtures)


async def test_result_refusals(leagues: LeagueStore) -> None:
    league = await _league(leagues, (101, 202))
    with pytest.raises(FixtureNotFound, match="no league fixture #999"):
        await leagues.record_result(999, 1, 0)
    (fixture,) = await leagues.start(league.id)
    with pytest.raises(BadResult):
        await leagues.record_result(fixture.id, -1, 0)
    with pytest.raises(BadLeague, match="not forfeit"):
        await leagues.record_result(fixture.id, 1, 0, reason="forfeit")
    with pytest.raises(ValueError):
        await leagues.record_result(fixture.id, 1, 0, reason="nonsense")
    assert (await leagues.fixture(fixture.id)).result is None
    await leagues.end(league.id)
    with pytest.raises(LeagueNotRunning, match="has ended: it takes no results now"):
        await leagues.record_result(fixture.id, 1, 0)
    with pytest.raises(LeagueEnded, match="already ended"):
        await leagues.end(league.id)


async def test_forfeit_and_set_result_are_audited(leagues: LeagueStore) -> None:
    league = await _league(leagues, (101, 202, 303))
    fixtures = await leagues.start(league.id)
    first, second = fixtures[0], fixtures[1]
    with pytest.raises(BadLeague, match="Say why"):
        await leagues.forfeit(first.id, loser_id=first.home_id, score=3, actor_id=ADMIN, reason=" ")
    with pytest.raises(NotInFixture, match=f"<@{first.home_id}> v <@{first.away_id}>"):
        await leagues.forfeit(first.id, loser_id=999, score=3, actor_id=ADMIN, reason="absent")

    decision = await leagues.forfeit(
        first.id, loser_id=first.home_id, score=3, actor_id=ADMIN, reason="no show", now=T0
    )
    forfeited = decision.result
    assert decision.replaced is None
    assert (forfeited.home_goals, forfeited.away_goals) == (0, 3)
    assert forfeited.reason == "forfeit" and forfeited.winner_id == first.away_id
    assert forfeited.recorded_by == ADMIN and forfeited.for_table().forfeit
    with pytest.raises(FixtureDecided, match="0-3"):
        await leagues.forfeit(first.id, loser_id=first.away_id, score=3, actor_id=ADMIN, reason="x")
    assert not (await leagues.record_result(first.id, 1, 1)).new

    await leagues.record_result(second.id, 1, 1)
    fixed = (
        await leagues.set_result(
            second.id, 2, 1, actor_id=ADMIN, reason="score typed wrong", now=T0, overwrite=True
        )
    ).result
    assert (fixed.home_goals, fixed.away_goals, fixed.reason) == (2, 1, "set_result")
    assert fixed.winner_id == second.home_id and fixed.recorded_by == ADMIN
    third = fixtures[2]
    assert (
        await leagues.set_result(third.id, 0, 0, actor_id=ADMIN, reason="agreed")
    ).result.winner_id is None

    entries = await leagues.audit(league.id)
    assert [(e.action, e.fixture_id, e.actor_id, e.reason) for e in entries] == [
        ("forfeit", first.id, ADMIN, "no show"),
        ("set_result", second.id, ADMIN, "score typed wrong"),
        ("set_result", third.id, ADMIN, "agreed"),
    ]
    assert entries[0].details == {"loser_id": first.home_id, "home_goals": 0, "away_goals": 3}
    assert entries[1].details["home_goals"] == 2 and entries[1].details["away_goals"] == 1
    replaced = entries[1].details["replaced"]
    assert (replaced["home_goals"], replaced["away_goals"], replaced["reason"]) == (
        1,
        1,
        "full_time",
    )
    assert "replaced" not in entries[2].details
    assert entries[0].at == T0 and entries[0].guild_id == GUILD


async def test_a_decided_result_is_replaced_only_when_asked(leagues: LeagueStore) -> None:
    league = await _league(leagues, (101, 202, 303))
    first, second, _third = await leagues.start(league.id)
    await leagues.record_result(first.id, 2, 1, match_id=None, now=T0)
    # Neither a set result nor a forfeit replaces a played result unasked; nothing changes.
    with pytest.raises(FixtureDecided, match="2-1"):
        await leagues.set_result(first.id, 0, 0, actor_id=ADMIN, reason="typo")
    with pytest.raises(FixtureDecided, match="2-1"):
        await leagues.forfeit(
            first.id, loser_id=first.home_id, score=3, actor_id=ADMIN, reason="cheated"
        )
    kept = (await leagues.fixture(first.id)).result
    assert kept is not None and (kept.home_goals, kept.away_goals, kept.reason) == (
        2,
        1,
        "full_time",
    )
    assert await leagues.audit(league.id) == []

    # Asked to, each says what it replaced; the audit keeps the old result and the new one.
    fixed = await leagues.set_result(
        first.id, 0, 0, actor_id=ADMIN, reason="typo", now=T0, overwrite=True
    )
    assert (fixed.result.home_goals, fixed.result.away_goals) == (0, 0)
    assert fixed.replaced is not None and fixed.replaced.reason == "full_time"
    assert (fixed.replaced.home_goals, fixed.replaced.away_goals) == (2, 1)
    forfeited = await leagues.forfeit(
        first.id, loser_id=first.home_id, score=3, actor_id=ADMIN, reason="cheated", now=T0,
        overwrite=True,
    )  # fmt: skip
    assert (forfeited.result.home_goals, forfeited.result.away_goals) == (0, 3)
    assert forfeited.result.reason == "forfeit"
    assert forfeited.replaced is not None and forfeited.replaced.reason == "set_result"
    assert (await leagues.fixture(first.id)).result == forfeited.result
    entries = await leagues.audit(league.id)
    assert [(e.action, e.reason) for e in entries] == [
        ("set_result", "typo"),
        ("forfeit", "cheated"),
    ]
    assert entries[0].details == {
        "home_goals": 0,
        "away_goals": 0,
        "replaced": {
            "home_goals": 2,
            "away_goals": 1,
            "reason": "full_time",
            "match_id": None,
            "recorded_by": None,
            "recorded_at": T0.isoformat(),
        },
    }
    assert entries[1].details["replaced"]["reason"] == "set_result"
    assert entries[1].details["replaced"]["recorded_by"] == ADMIN
    assert (entries[1].details["home_goals"], entries[1].details["away_goals"]) == (0, 3)

    # An undecided fixture needs no overwrite, and overwrite on one replaces nothing.
    fresh = await leagues.set_result(second.id, 1, 0, actor_id=ADMIN, reason="ok", overwrite=True)
    assert fresh.replaced is None


async def test_results_and_table(leagues: LeagueStore) -> None:
    players = (101, 202, 303, 404)
    league = await _league(leagues, players)
    fixtures = await leagues.start(league.id)
    scores = [(2, 0), (1, 1), (0, 1), (3, 2), (1, 0)]  # the last fixture stays unplayed
    for fixture, (home, away) in zip(fixtures, scores, strict=False):
        await leagues.record_result(fixture.id, home, away)
    results = await leagues.results(league.id)
    assert [(r.fixture_id, r.home_goals, r.away_goals) for r in results] == [
        (f.id, h, a) for f, (h, a) in zip(fixtures, scores, strict=False)
    ]
    table = await leagues.table(league.id)
    assert table == standings(list(players), [r.for_table() for r in results])
    assert sum(row.played for row in table) == 2 * len(scores)
    now = await leagues.fixtures(league.id)
    assert [f.id for f in now if f.status == "pending"] == [fixtures[-1].id]
    pending = fixtures[-1]
    assert await leagues.next_fixture(league.id, pending.home_id) == pending


async def test_end_keeps_and_delete_removes(leagues: LeagueStore) -> None:
    league = await _league(leagues, (101, 202))
    (fixture,) = await leagues.start(league.id)
    await leagues.record_result(fixture.id, 1, 0)
    await leagues.end(league.id)
    assert len(await leagues.results(league.id)) == 1  # the archive
    with pytest.raises(BadLeague, match="Say why"):
        await leagues.delete(league.id, actor_id=ADMIN, reason="")
    deleted = await leagues.delete(league.id, actor_id=ADMIN, reason="test season", now=T0)
    assert deleted.id == league.id
    with pytest.raises(LeagueNotFound):
        await leagues.get(league.id)
    with pytest.raises(LeagueNotFound):
        await leagues.delete(league.id, actor_id=ADMIN, reason="again")
    assert await leagues.fixtures(league.id) == [] and await leagues.results(league.id) == []
    assert await leagues.members(league.id) == []
    (entry,) = await leagues.audit(league.id)
    assert (entry.action, entry.reason, entry.details) == (
        "delete",
        "test season",
        {"name": "Spring", "season": 1, "status": "ended"},
    )


# -- ratings ---------------------------------------------------------------------------------


async def _rate(leagues: LeagueStore, a: int, b: int, goals: tuple[int, int], **kw: object):  # type: ignore[no-untyped-def]
    return await leagues.apply_rating(
        guild_id=GUILD,
        game=GAME,
        a_id=a,
        b_id=b,
        a_goals=goals[0],
        b_goals=goals[1],
        **kw,  # type: ignore[arg-type]
    )


async def test_apply_rating_once_per_match(leagues: LeagueStore, store: MatchStore) -> None:
    match_id = await _match(store, 1)
    update = await _rate(leagues, 101, 202, (3, 1), match_id=match_id, now=T0)
    assert update is not None and (update.a.delta, update.b.delta) == (20, -20)
    assert await _rate(leagues, 101, 202, (3, 1), match_id=match_id) is None  # replayed whistle
    assert await _rate(leagues, 202, 101, (0, 2), match_id=match_id) is None
    ada = (await leagues.leaderboard(GUILD, GAME))[0]
    assert (ada.user_id, ada.display_name, ada.rating, ada.games) == (101, "Ada", 1520, 1)
    assert (ada.wins, ada.draws, ada.losses, ada.goals_for, ada.goals_against) == (1, 0, 0, 3, 1)
    assert ada.provisional and ada.rank == 1
    assert await leagues.rating(GUILD, GAME, 202) == update.b.after
    (row,) = await leagues.history(GUILD, GAME, 202)
    assert (row.match_id, row.opponent_id, row.outcome, row.before, row.after, row.delta) == (
        match_id,
        101,
        "L",
        1500,
        1480,
        -20,
    )
    assert (row.goals_for, row.goals_against, row.ending, row.at) == (1, 3, "full_time", T0)
    # Other games and servers have ratings of their own.
    assert await leagues.rating(GUILD, "dicesoccer", 101) == update.a.before
    assert await leagues.leaderboard(1, GAME) == []


async def test_abandoned_is_not_rated_and_a_forfeit_rates_by_fixture(
    leagues: LeagueStore, store: MatchStore
) -> None:
    match_id = await _match(store, 1)
    assert await _rate(leagues, 101, 202, (0, 0), match_id=match_id, ending="abandoned") is None
    assert await _rate(leagues, 101, 202, (0, 0), match_id=match_id, ending=Ending.ABORTED) is None
    assert await leagues.rank_of(GUILD, GAME, 101) is None
    assert await leagues.profile(GUILD, GAME, 101) is None
    league = await _league(leagues, (101, 202))
    (fixture,) = await leagues.start(league.id)
    update = await _rate(leagues, 101, 202, (0, 3), fixture_id=fixture.id, ending="forfeit")
    assert update is not None and update.b.delta == 20
    assert await _rate(leagues, 101, 202, (0, 3), fixture_id=fixture.id, ending="forfeit") is None
    with pytest.raises(ValueError, match="match id or a fixture id"):
        await _rate(leagues, 101, 202, (1, 0))
    with pytest.raises(ValueError, match="two different players"):
        await _rate(leagues, 101, 101, (1, 0), match_id=match_id)


async def test_two_tasks_rating_one_match_rate_it_once(
    leagues: LeagueStore, store: MatchStore
) -> None:
    for channel in range(1, 6):
        match_id = await _match(store, channel)
        outcomes = await asyncio.gather(
            *(_rate(leagues, 101, 202, (2, 1), match_id=match_id) for _ in range(2))
        )
        assert sum(o is not None for o in outcomes) == 1, outcomes
    ada = await leagues.profile(GUILD, GAME, 101)
    assert ada is not None and ada.standing.games == 5 and ada.standing.wins == 5
    history = await leagues.history(GUILD, GAME, 101)
    assert len(history) == 5 and ada.standing.rating == 1500 + sum(h.delta for h in history)


async def test_concurrent_matches_of_one_player_lose_no_update(
    leagues: LeagueStore, store: MatchStore
) -> None:
    for user_id in (303, 404, 505):
        await store.remember_player(user_id, NAMES[user_id])
    match_ids = [await _match(store, channel) for channel in range(1, 4)]
    await asyncio.gather(
        *(
            _rate(leagues, 101, opponent, (1, 0), match_id=match_id)
            for opponent, match_id in zip((303, 404, 505), match_ids, strict=True)
        )
    )
    history = await leagues.history(GUILD, GAME, 101)
    assert [h.before for h in history] == [1500, 1520, 1539]  # each read the one before
    assert (await leagues.rating(GUILD, GAME, 101)).games == 3


async def test_leaderboard_and_rank_with_ties(leagues: LeagueStore, store: MatchStore) -> None:
    # (user, rating, games): ties on rating go to more games, then to the lower id.
    rows = [
        (505, 1600, 12),
        (404, 1550, 30),
        (101, 1550, 30),
        (303, 1550, 40),
        (202, 1400, 5),
    ]
    for user_id in NAMES:
        await store.remember_player(user_id, NAMES[user_id])
    async with leagues.engine.begin() as conn:
        await conn.execute(
            insert(RATINGS),
            [
                {
                    "guild_id": GUILD,
                    "game": GAME,
                    "user_id": user_id,
                    "rating": rating,
                    "games": games,
                    "wins": games,
                    "draws": 0,
                    "losses": 0,
                    "goals_for": 0,
                    "goals_against": 0,
                    "updated_at": T0,
                }
                for user_id, rating, games in rows
            ],
        )
    order = [505, 303, 101, 404, 202]
    board = await leagues.leaderboard(GUILD, GAME)
    assert [(s.user_id, s.rank) for s in board] == [(u, i + 1) for i, u in enumerate(order)]
    assert [s.user_id for s in await leagues.leaderboard(GUILD, GAME, limit=2, offset=2)] == [
        101,
        404,
    ]
    assert [s.rank for s in await leagues.leaderboard(GUILD, GAME, limit=2, offset=2)] == [3, 4]
    for i, user_id in enumerate(order):
        assert await leagues.rank_of(GUILD, GAME, user_id) == i + 1
    assert await leagues.rank_of(GUILD, GAME, 999) is None
    assert await leagues.rank_of(GUILD, "dicesoccer", 101) is None


async def test_profile_last_five_and_streak(leagues: LeagueStore, store: MatchStore) -> None:
    # Ada against Brian: W W L D W W W (newest last).
    scores = [(1, 0), (2, 0), (0, 1), (1, 1), (3, 1), (1, 0), (2, 1)]
    for channel, goals in enumerate(scores, start=1):
        await _rate(leagues, 101, 202, goals, match_id=await _match(store, channel))
    profile = await leagues.profile(GUILD, GAME, 101)
    assert profile is not None
    s = profile.standing
    assert (s.games, s.wins, s.draws, s.losses) == (7, 5, 1, 1)
    assert (s.goals_for, s.goals_against) == (10, 4)
    assert s.rank == 1 and s.rating == 1500 + sum(
        h.delta for h in await leagues.history(GUILD, GAME, 101)
    )
    assert [m.outcome for m in profile.last] == ["W", "W", "W", "D", "L"]
    assert [(m.goals_for, m.goals_against) for m in profile.last[:2]] == [(2, 1), (1, 0)]
    assert (profile.streak.outcome, profile.streak.length) == ("W", 3)
    brian = await leagues.profile(GUILD, GAME, 202)
    assert brian is not None and brian.standing.rank == 2
    assert (brian.streak.outcome, brian.streak.length) == ("L", 3)
    # A streak that is the whole history.
    await store.remember_player(303, "Cleo")
    await _rate(leagues, 303, 202, (1, 1), match_id=await _match(store, 50))
    cleo = await leagues.profile(GUILD, GAME, 303)
    assert cleo is not None and (cleo.streak.outcome, cleo.streak.length) == ("D", 1)
    async with leagues.engine.connect() as conn:
        assert await conn.scalar(select(text("count(*)")).select_from(HISTORY)) == 16


async def test_delete_a_league_with_a_rated_forfeit(leagues: LeagueStore) -> None:
    """A forfeit is rated by its fixture alone; deleting the league deletes the fixture, and the
    rating and its history stay (the history row loses only its link to the fixture)."""
    league = await _league(leagues, (101, 202))
    (fixture,) = await leagues.start(league.id)
    await leagues.forfeit(fixture.id, loser_id=101, score=3, actor_id=ADMIN, reason="no show")
    update = await _rate(leagues, 101, 202, (0, 3), fixture_id=fixture.id, ending="forfeit")
    assert update is not None
    await leagues.delete(league.id, actor_id=ADMIN, reason="test season")
    with pytest.raises(LeagueNotFound):
        await leagues.get(league.id)
    (row,) = await leagues.history(GUILD, GAME, 202)
    assert (row.fixture_id, row.match_id, row.outcome, row.delta) == (None, None, "W", 20)
    assert await leagues.rating(GUILD, GAME, 202) == update.b.after
