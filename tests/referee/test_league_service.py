"""LeagueService: a whole season through the service with real referee calls, admin results
with their audit trail, rated and unrated matches, the final-whistle listener (exactly once,
caught up after a restart), leaderboards and the errors members see. SQLite always, PostgreSQL
when TEST_DATABASE_URL is set."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from engine.core import RulesError
from referee.leagues import (
    BadRules,
    LeagueService,
    NoFixture,
    NoLeague,
    WhichLeague,
)
from referee.service import Referee
from store.errors import (
    BadLeague,
    LeagueNotFound,
    LeagueNotOpen,
)
from store.leagues import LeagueStore
from store.repository import MatchStore
from tests.store.conftest import backend, db_url, pg_database, sqlite_template

__all__ = ["backend", "db_url", "pg_database", "sqlite_template"]  # the store's fixtures

GUILD, ADMIN = 900, 7
ADA, BRIAN, CLEO, DEV = 101, 202, 303, 404
NAMES = {ADA: "Ada", BRIAN: "Brian", CLEO: "Cleo", DEV: "Dev"}
# Children first: the store's conftest empties the match tables only.
_LEAGUE_TABLES = (
    "rating_history",
    "ratings",
    "league_results",
    "league_fixtures",
    "league_members",
    "leagues",
    "league_audit",
)


@pytest.fixture
async def store(db_url: URL) -> AsyncIterator[MatchStore]:
    store = MatchStore.open(db_url)
    try:
        yield store
        async with store.engine.begin() as conn:
            for table in _LEAGUE_TABLES:
                await conn.execute(text(f"DELETE FROM {table}"))
    finally:
        await store.close()


@pytest.fixture
def referee(store: MatchStore) -> Referee:
    return Referee(store)


@pytest.fixture
def leagues(referee: Referee, store: MatchStore) -> LeagueService:
    return LeagueService(referee, LeagueStore(store.engine))


async def _league(
    leagues: LeagueService,
    players: tuple[int, ...] = (ADA, BRIAN, CLEO, DEV),
    name: str = "Spring",
    game: str = "fuba",
    **kw: Any,
) -> None:
    await leagues.create(GUILD, name, game, by=ADMIN, **kw)
    for user in players:
        await leagues.join(GUILD, name, user, NAMES[user])


def _channel(fixture_id: int) -> int:
    return 10_000 + fixture_id


# -- leagues ---------------------------------------------------------------------------------


async def test_create_maps_rules_to_the_games_options(leagues: LeagueService) -> None:
    fuba = await leagues.create(GUILD, "Basic", "fuba", by=ADMIN)
    assert fuba.options == {"rules": "basic", "match_rules": {}}
    dice = await leagues.create(GUILD, "Chips", "dicesoccer", rules="advanced", legs=2, by=ADMIN)
    assert dice.options["match_rules"] == {"advanced": True} and dice.legs == 2
    with pytest.raises(BadRules, match="no advanced rules"):
        await leagues.create(GUILD, "Pro", "fuba", rules="advanced", by=ADMIN)
    with pytest.raises(BadRules, match="basic or advanced"):
        await leagues.create(GUILD, "Odd", "fuba", rules="expert", by=ADMIN)
    with pytest.raises(RulesError, match="Unknown game 'chess'"):
        await leagues.create(GUILD, "Chess", "chess", by=ADMIN)
    with pytest.raises(BadLeague):
        await leagues.create(GUILD, "Three", "fuba", legs=3, by=ADMIN)


async def test_name_none_means_the_only_league(leagues: LeagueService) -> None:
    with pytest.raises(NoLeague):
        await leagues.join(GUILD, None, ADA, "Ada")
    await leagues.create(GUILD, "Spring", "fuba", by=ADMIN)
    league = await leagues.join(GUILD, None, ADA, "Ada")
    assert league.name == "Spring"
    await leagues.create(GUILD, "Autumn", "fuba", by=ADMIN)
    with pytest.raises(WhichLeague, match="'Autumn', 'Spring'"):
        await leagues.table(GUILD)
    with pytest.raises(LeagueNotFound, match="'Winter'"):
        await leagues.table(GUILD, "Winter")


async def test_join_after_start_and_play_without_fixture_are_refused(
    leagues: LeagueService,
) -> None:
    with pytest.raises(NoFixture):
        await leagues.play(GUILD, 1, ADA)
    await _league(leagues, (ADA, BRIAN))
    with pytest.raises(NoFixture):  # open, not running
        await leagues.play(GUILD, 1, ADA)
    await leagues.start(GUILD, "Spring", by=ADMIN)
    with pytest.raises(LeagueNotOpen, match="before it starts"):
        await leagues.join(GUILD, "Spring", CLEO, "Cleo")
    with pytest.raises(LeagueNotOpen):
        await leagues.leave(GUILD, "Spring", ADA)
    with pytest.raises(NoFixture):  # not a member
        await leagues.play(GUILD, 1, CLEO)


# -- a whole season --------------------------------------------------------------------------


async def test_a_four_player_season_resigned_through_the_referee(
    leagues: LeagueService, referee: Referee
) -> None:
    await _league(leagues)
    fixtures = await leagues.start(GUILD, None, by=ADMIN)
    assert len(fixtures) == 6 and {f.round for f in fixtures} == {1, 2, 3}
    # Every fixture is played through /league play; the away player resigns, except in the
    # last fixture, where the home player does.
    for i, fixture in enumerate(fixtures):
        out = await leagues.play(GUILD, _channel(fixture.id), fixture.home_id)
        assert out.options["ranked"] is True
        assert out.options["league"]["fixture_id"] == fixture.id
        assert "League 'Spring', round" in out.lines[-1]
        loser = fixture.home_id if i == len(fixtures) - 1 else fixture.away_id
        out = await referee.resign(_channel(fixture.id), loser)
        assert out.over
        assert any(line.startswith("League 'Spring': ") for line in out.lines), out.lines
        assert any(line.startswith("Ratings: ") for line in out.lines), out.lines
    with pytest.raises(NoFixture):
        await leagues.play(GUILD, 1, ADA)
    results = await leagues.results(GUILD)
    assert len(results) == 6
    assert all(r.reason == "resigned" and r.match_id is not None for r in results)
    # A resignation at 0-0 is a forfeit score against the one who resigned.
    assert {(r.home_goals, r.away_goals) for r in results} == {(3, 0), (0, 3)}
    league, table = await leagues.table(GUILD)
    assert league.status == "running"
    assert sum(row.played for row in table) == 12
    assert sum(row.points for row in table) == 6 * 3
    by_id = {row.player: row for row in table}
    for row in table:
        assert row.won * 3 == row.points and row.goals_for == 3 * row.won
    wins = {user: 0 for user in NAMES}
    for i, fixture in enumerate(fixtures):
        wins[fixture.away_id if i == len(fixtures) - 1 else fixture.home_id] += 1
    assert {user: by_id[user].won for user in NAMES} == wins
    assert table[0].points == max(3 * w for w in wins.values())
    # Everyone played 3 rated matches.
    top, mine = await leagues.leaderboard(GUILD, "fuba", ADA)
    assert mine is None and len(top) == 4 and all(s.games == 3 for s in top)
    assert [s.wins for s in top] == sorted((s.wins for s in top), reverse=True)
    ended = await leagues.end(GUILD, "Spring", by=ADMIN)
    assert ended.status == "ended"
