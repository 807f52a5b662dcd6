"""LeagueService: a whole season through the service with real referee calls, admin results
with their audit trail, rated and unrated matches, the final-whistle listener (exactly once,
caught up after a restart), leaderboards and the errors members see. SQLite always, PostgreSQL
when TEST_DATABASE_URL is set."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy.engine import URL

from engine.core import RulesError
from engine.fuba import advanced
from referee.leagues import BadRules, LeagueService, NoFixture, NoLeague, WhichLeague
from referee.service import Outcome, Referee
from store.errors import (
    BadLeague,
    FixtureDecided,
    LeagueNotFound,
    LeagueNotOpen,
)
from store.leagues import LeagueStore
from store.repository import MatchStore, Seat
from tests.referee.test_deadlines import Calls, Clock
from tests.store.conftest import (
    backend,
    clear_leagues,
    db_url,
    pg_database,
    sqlite_template,
)

__all__ = ["backend", "db_url", "pg_database", "sqlite_template"]  # the store's fixtures

GUILD, ADMIN = 900, 7
ADA, BRIAN, CLEO, DEV = 101, 202, 303, 404
NAMES = {ADA: "Ada", BRIAN: "Brian", CLEO: "Cleo", DEV: "Dev"}


@pytest.fixture
async def store(db_url: URL) -> AsyncIterator[MatchStore]:
    store = MatchStore.open(db_url)
    try:
        yield store
        await clear_leagues(store)
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
    pro = await leagues.create(GUILD, "Pro", "fuba", rules="advanced", by=ADMIN)
    assert pro.options["match_rules"] == {"advanced": list(advanced.ALL)}  # every FUBA rule
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
    assert len(top) == 4 and all(s.games == 3 for s in top)
    assert mine is not None and mine in top and mine.user_id == ADA  # their rank, in the top
    assert [s.wins for s in top] == sorted((s.wins for s in top), reverse=True)
    ended = await leagues.end(GUILD, "Spring", by=ADMIN)
    assert ended.status == "ended"


# -- admin results ---------------------------------------------------------------------------


async def test_forfeit_and_set_result_are_audited_and_counted(leagues: LeagueService) -> None:
    await _league(leagues)
    fixtures = await leagues.start(GUILD, "Spring", by=ADMIN)
    first, second = fixtures[0], fixtures[1]
    result = (await leagues.forfeit(GUILD, None, first.id, first.away_id, ADMIN, "no show")).result
    assert (result.home_goals, result.away_goals, result.reason) == (3, 0, "forfeit")
    assert result.winner_id == first.home_id and result.recorded_by == ADMIN
    with pytest.raises(FixtureDecided):
        await leagues.forfeit(GUILD, None, first.id, first.home_id, ADMIN, "again")
    with pytest.raises(BadLeague, match="Say why"):
        await leagues.set_result(GUILD, None, second.id, 1, 1, ADMIN, "  ")
    decision = await leagues.set_result(
        GUILD, "Spring", second.id, 2, 2, ADMIN, "played at a meetup"
    )
    result = decision.result
    assert (result.home_goals, result.away_goals, result.winner_id) == (2, 2, None)
    # An admin corrects the forfeit, saying so: the audit keeps what it replaced.
    with pytest.raises(FixtureDecided):
        await leagues.set_result(GUILD, None, first.id, 1, 0, ADMIN, "goal difference fixed")
    fixed = await leagues.set_result(
        GUILD, None, first.id, 1, 0, ADMIN, "goal difference fixed", overwrite=True
    )
    assert fixed.replaced is not None and fixed.replaced.reason == "forfeit"
    audit = await leagues.audit(GUILD)
    assert [(a.action, a.reason) for a in audit] == [
        ("forfeit", "no show"),
        ("set_result", "played at a meetup"),
        ("set_result", "goal difference fixed"),
    ]
    replaced = audit[2].details["replaced"]
    assert (replaced["home_goals"], replaced["away_goals"], replaced["reason"]) == (3, 0, "forfeit")
    _league_row, table = await leagues.table(GUILD)
    rows = {row.player: row for row in table}
    assert rows[first.home_id].points == 3 and rows[first.away_id].points == 0
    assert rows[second.home_id].points == 1 and rows[second.away_id].points == 1
    assert (rows[first.home_id].goals_for, rows[first.home_id].goals_against) == (1, 0)
    # The forfeit is rated (once, for the fixture); a set result changes no rating.
    winner = await leagues.profile(GUILD, "fuba", first.home_id)
    assert winner is not None and winner.standing.rating == 1520 and winner.standing.wins == 1
    assert await leagues.profile(GUILD, "fuba", second.home_id) is None
    # A fixture of another league is refused by name.
    await leagues.create(GUILD, "Autumn", "fuba", by=ADMIN)
    with pytest.raises(Exception, match="not in league 'Autumn'"):
        await leagues.set_result(GUILD, "Autumn", first.id, 1, 0, ADMIN, "wrong league")


async def test_a_dice_soccer_forfeit_is_the_target_score(leagues: LeagueService) -> None:
    await _league(leagues, (ADA, BRIAN), game="dicesoccer")
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    result = (await leagues.forfeit(GUILD, None, fixture.id, fixture.home_id, ADMIN, "left")).result
    assert (result.home_goals, result.away_goals) == (0, 3)


async def test_a_league_match_takes_the_games_player_rolls(leagues: LeagueService) -> None:
    """With ``player_rolls`` (the game's own option, as its friendlies have it) the members
    roll their virtual dice when they ask: the kick-off waits for both to roll the toss."""
    await _league(leagues, (ADA, BRIAN), game="dicesoccer")
    await leagues.start(GUILD, "Spring", by=ADMIN)
    out = await leagues.play(GUILD, 1, ADA, player_rolls=True)
    assert out.rolls_on_request and {p.user_id for p in out.next} == {ADA, BRIAN}
    match = await leagues.referee.store.get_match(out.match_id)
    assert match.options["player_rolls"] is True and match.action_count == 0


# -- rated matches ---------------------------------------------------------------------------

SEATS = (Seat("west", ADA, "Ada"), Seat("east", BRIAN, "Brian"))


async def test_a_ranked_friendly_is_rated_and_an_unranked_one_is_not(
    leagues: LeagueService, referee: Referee
) -> None:
    await referee.start_match(GUILD, 1, SEATS)
    out = await referee.resign(1, BRIAN)
    assert out.lines == ["Brian (East) resigns: Ada (West) wins."]
    assert await leagues.profile(GUILD, "fuba", ADA) is None
    await referee.start_match(GUILD, 1, SEATS, ranked=True)
    out = await referee.resign(1, BRIAN)  # a resignation is rated as a loss
    assert out.lines == [
        "Brian (East) resigns: Ada (West) wins.",
        "Ratings: Ada 1500 -> 1520 (+20), Brian 1500 -> 1480 (-20)",
    ]
    ada = await leagues.profile(GUILD, "fuba", ADA)
    brian = await leagues.profile(GUILD, "fuba", BRIAN)
    assert ada is not None and brian is not None
    assert (ada.standing.rating, ada.standing.wins, ada.standing.games) == (1520, 1, 1)
    assert (brian.standing.rating, brian.standing.losses) == (1480, 1)
    assert brian.last[0].ending == "resigned" and brian.last[0].outcome == "L"
    # The rating is per game: dice soccer has none yet.
    assert await leagues.profile(GUILD, "dicesoccer", ADA) is None


async def test_an_aborted_match_is_not_rated(leagues: LeagueService, referee: Referee) -> None:
    await referee.start_match(GUILD, 1, SEATS, ranked=True)
    out = await referee.abort(1, ADA)
    assert out.lines == ["The match was called off before kick-off."]
    assert await leagues.profile(GUILD, "fuba", ADA) is None
    match = await referee.store.get_match(out.match_id)
    assert await leagues.on_match_finished(match, dict(match.result or {})) == []
    assert await leagues.catch_up() == 0
    assert await leagues.profile(GUILD, "fuba", ADA) is None


async def test_a_called_off_league_match_is_played_again(
    leagues: LeagueService, referee: Referee
) -> None:
    await _league(leagues, (ADA, BRIAN))
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    first = await leagues.play(GUILD, 1, ADA)
    [playing] = await leagues.fixtures(GUILD)
    assert (playing.status, playing.match_id) == ("playing", first.match_id)
    with pytest.raises(NoFixture):
        await leagues.play(GUILD, 2, BRIAN)  # it is being played
    await referee.abort(1, BRIAN)  # called off before kick-off: nothing counts

    [again] = await leagues.fixtures(GUILD)
    assert (again.status, again.match_id) == ("pending", None)
    second = await leagues.play(GUILD, 2, BRIAN)
    assert second.match_id != first.match_id
    assert (await leagues.store.fixture(fixture.id)).match_id == second.match_id
    await referee.resign(2, fixture.away_id)
    [result] = await leagues.results(GUILD)
    assert result.match_id == second.match_id


async def test_the_listener_rates_exactly_once(leagues: LeagueService, referee: Referee) -> None:
    await _league(leagues, (ADA, BRIAN))
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    out = await leagues.play(GUILD, 1, ADA)
    out = await referee.resign(1, fixture.away_id)
    match = await referee.store.get_match(out.match_id)
    assert match.status == "finished" and match.result is not None
    # The hook again (a replayed whistle, two processes): nothing more is written or said.
    assert await leagues.on_match_finished(match, match.result) == []
    assert await referee.finished(match, match.result) == []
    assert await leagues.catch_up() == 0
    history = await leagues.store.history(GUILD, "fuba", fixture.home_id)
    assert len(history) == 1 and history[0].fixture_id == fixture.id
    # An admin forfeit after the match is refused (decided), and would not rate again.
    with pytest.raises(FixtureDecided):
        await leagues.forfeit(GUILD, None, fixture.id, fixture.home_id, ADMIN, "late")
    assert len(await leagues.store.history(GUILD, "fuba", fixture.home_id)) == 1
    # Asked to overwrite, it replaces the result, and the ratings stay as played.
    decision = await leagues.forfeit(
        GUILD, None, fixture.id, fixture.home_id, ADMIN, "late", overwrite=True
    )
    assert decision.replaced is not None and decision.replaced.reason == "resigned"
    assert decision.result.reason == "forfeit" and decision.result.match_id == match.id
    assert len(await leagues.store.history(GUILD, "fuba", fixture.home_id)) == 1


async def test_a_forfeit_whose_rating_was_lost_is_rated_on_catch_up(
    leagues: LeagueService,
) -> None:
    await _league(leagues, (ADA, BRIAN))
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    # The forfeit is written, then the process dies before its rating.
    await leagues.store.forfeit(
        fixture.id, loser_id=fixture.away_id, score=3, actor_id=ADMIN, reason="no show"
    )
    assert await leagues.profile(GUILD, "fuba", fixture.home_id) is None
    assert await leagues.catch_up() == 1
    assert await leagues.catch_up() == 0
    home = await leagues.profile(GUILD, "fuba", fixture.home_id)
    assert home is not None and home.standing.rating == 1520


async def test_a_restart_between_the_whistle_and_the_listener_loses_nothing(
    leagues: LeagueService, referee: Referee, store: MatchStore
) -> None:
    await _league(leagues, (ADA, BRIAN))
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    await leagues.play(GUILD, 1, ADA)
    # The match is finished by a process whose listener never ran (it died at the whistle).
    crashed = Referee(store)
    out = await crashed.resign(1, fixture.home_id)
    assert out.over and not any(line.startswith("Ratings") for line in out.lines)
    assert (await leagues.results(GUILD)) == []
    # On start the new process catches up: the result and the rating, once.
    assert await leagues.catch_up() == 1
    assert await leagues.catch_up() == 0
    (result,) = await leagues.results(GUILD)
    assert (result.home_goals, result.away_goals, result.reason) == (0, 3, "resigned")
    assert result.match_id == out.match_id
    away = await leagues.profile(GUILD, "fuba", fixture.away_id)
    assert away is not None and away.standing.rating == 1520


async def test_a_failing_listener_does_not_spoil_the_whistle(
    leagues: LeagueService, referee: Referee
) -> None:
    async def broken(match: Any, result: Any) -> list[str]:
        raise RuntimeError("database away")

    referee.on_finish.insert(0, broken)
    await referee.start_match(GUILD, 1, SEATS, ranked=True)
    out = await referee.resign(1, BRIAN)
    assert out.over and "ratings could not be updated" in out.lines[1]
    assert out.lines[2].startswith("Ratings: Ada 1500 -> 1520")  # the next listener ran


async def _play_out(referee: Referee, channel: int, out: Outcome) -> Outcome:
    """Both players let the game's coach choose for them until the final whistle."""
    policy = out.game.coach(5)
    for _ in range(5000):
        if out.over:
            return out
        decision = next(d for d in out.game.ruleset.pending(out.state) if not d.dice)
        action = policy.choose(out.state, decision)
        user = out.next[0].user_id if len(out.next) == 1 else None
        user = (
            next(p.user_id for p in out.next if p.side == decision.actor) if user is None else user
        )
        out = await referee.act(channel, user, action.kind, action.args, side=action.actor)
    raise AssertionError("the match did not end")


async def test_a_league_match_counts_at_the_final_whistle(
    leagues: LeagueService, referee: Referee
) -> None:
    await _league(leagues, (ADA, BRIAN), game="dicesoccer")
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    out = await leagues.play(GUILD, 1, BRIAN)
    assert out.names == {"white": NAMES[fixture.home_id], "black": NAMES[fixture.away_id]}
    out = await _play_out(referee, 1, out)
    assert out.result is not None and out.result["reason"] == "target_score"
    score = out.result["score"]
    (result,) = await leagues.results(GUILD)
    assert (result.home_goals, result.away_goals) == (score["white"], score["black"])
    assert result.reason == "full_time" and result.match_id == out.match_id
    home, away = NAMES[fixture.home_id], NAMES[fixture.away_id]
    line = f"League 'Spring': {home} {score['white']}-{score['black']} {away} recorded."
    assert any(line_.startswith(line) for line_ in out.lines), out.lines
    winner = fixture.home_id if score["white"] > score["black"] else fixture.away_id
    top, _mine = await leagues.leaderboard(GUILD, "dicesoccer", ADA)
    assert [s.user_id for s in top][0] == winner and top[0].rating == 1520
    _league_row, table = await leagues.table(GUILD)
    assert table[0].player == winner and table[0].points == 3


# -- leaderboards ----------------------------------------------------------------------------


async def test_the_leaderboard_shows_the_caller_outside_the_top_ten(
    leagues: LeagueService, store: MatchStore
) -> None:
    caller = 99
    await store.remember_player(caller, "Zed")
    for n in range(1, 13):  # 12 members each beat the caller once
        user = 1000 + n
        await store.remember_player(user, f"Member {n}")
        match = await store.create_match(
            guild_id=GUILD,
            channel_id=n,
            ruleset="fuba",
            seats=(Seat("west", user, f"Member {n}"), Seat("east", caller, "Zed")),
        )
        await leagues.store.apply_rating(
            guild_id=GUILD,
            game="fuba",
            a_id=user,
            b_id=caller,
            a_goals=n % 3 + 1,
            b_goals=0,
            match_id=match.id,
        )
    top, mine = await leagues.leaderboard(GUILD, "fuba", caller)
    assert len(top) == 10 and [s.rank for s in top] == list(range(1, 11))
    assert mine is not None and (mine.user_id, mine.rank, mine.losses) == (caller, 13, 12)
    assert mine.display_name == "Zed"
    inside, fourth = await leagues.leaderboard(GUILD, "fuba", top[3].user_id)
    assert inside == top and fourth == top[3] and fourth.rank == 4
    assert (await leagues.leaderboard(GUILD, "fuba", 12345))[1] is None  # never rated
    assert await leagues.names([caller, 1001, 5]) == {caller: "Zed", 1001: "Member 1"}
    with pytest.raises(RulesError):
        await leagues.leaderboard(GUILD, "chess", caller)


async def test_a_timeout_claim_counts_for_the_league(store: MatchStore) -> None:
    clock = Clock()
    referee = Referee(store, clock=clock)
    leagues = LeagueService(referee, LeagueStore(store.engine))
    await _league(leagues, (ADA, BRIAN))
    (fixture,) = await leagues.start(GUILD, "Spring", by=ADMIN)
    out = await leagues.play(GUILD, 1, ADA, turn_timeout=10)
    home = out.next[0]  # both choose a formation; only the home player does
    assert home.user_id == fixture.home_id
    clock.at(2)
    await referee.act(1, fixture.home_id, "formation", {"shape": "4-4-2"}, side=home.side)
    clock.at(12)
    assert await Calls().dispatcher(store, clock).tick() == 1  # the away player's expiry
    out = await referee.claim_win(1, fixture.home_id)
    assert out.result is not None and out.result["reason"] == "timeout"
    assert any(line.startswith("Ratings: ") for line in out.lines), out.lines
    (result,) = await leagues.results(GUILD)
    assert (result.home_goals, result.away_goals, result.reason) == (3, 0, "timeout")
    away = await leagues.profile(GUILD, "fuba", fixture.away_id)
    assert away is not None and away.last[0].ending == "timeout" and away.standing.losses == 1
