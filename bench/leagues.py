"""League and rating reads on a big server: leaderboard, rank, profile, league table.

    python -m bench leagues [--members 10000] [--matches 100000] [--runs 200]
                            [--postgres URL | --no-postgres]

Fills a temporary SQLite database (and a throwaway PostgreSQL one on the server of
``--postgres``: default $BENCH_DATABASE_URL, $TEST_DATABASE_URL or the local server) with one
guild whose ``--members`` members have played ``--matches`` finished, rated matches of one game
(random pairs and scores, rated in order by ``engine.leagues.rate``, so every rating is 1500
plus its history's deltas), with their rating history, and a few 20-member two-leg leagues with
every result in. The rows go in by bulk inserts (many rows per statement); the leagues are
started through ``LeagueStore`` itself. Then it prints the median wall time of each read the
bot makes, through ``LeagueStore``, as ``key: value unit`` lines: the top 10, one member's rank,
one profile (rating, rank, record, last five, streak), one league's results alone and its whole
table (results, members and ``engine.leagues.standings``). Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, insert, update
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from bench import _backends
from engine.leagues import Rating, rate, score_of
from store.db import make_engine
from store.leagues import FIXTURES, HISTORY, PLAYERS, RATINGS, RESULTS, LeagueStore
from store.migrate import migrate
from store.models import FixtureStatus, Match, MatchStatus

GUILD, GAME = 1, "fuba"
LEAGUES, LEAGUE_SIZE = 4, 20
CHUNK = 5_000  # rows per executemany
T0 = datetime(2026, 1, 1, tzinfo=UTC)
MATCHES = cast(Table, Match.__table__)
_OUTCOME = {1.0: "W", 0.5: "D", 0.0: "L"}


@dataclass
class Fill:
    """Every row to insert, computed once and shared by the backends."""

    players: list[dict[str, Any]] = field(default_factory=list)
    matches: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    ratings: list[dict[str, Any]] = field(default_factory=list)


def simulate(members: int, matches: int, seed: int = 7) -> Fill:
    """``matches`` rated matches between random pairs of ``members`` members, in order."""
    rng = random.Random(seed)
    ids = list(range(10_001, 10_001 + members))
    fill = Fill(players=[_player(user_id) for user_id in ids])
    rating = {user_id: Rating() for user_id in ids}
    record = {user_id: [0, 0, 0, 0, 0] for user_id in ids}  # W D L GF GA
    for match_id in range(1, matches + 1):
        a, b = rng.sample(ids, 2)
        goals_a, goals_b = rng.randint(0, 4), rng.randint(0, 4)
        at = T0 + timedelta(minutes=match_id)
        fill.matches.append(_match(match_id, a, b, goals_a, goals_b, at))
        update_ = rate(rating[a], rating[b], score_of(goals_a, goals_b))
        for user_id, opponent, side, gf, ga in (
            (a, b, update_.a, goals_a, goals_b),
            (b, a, update_.b, goals_b, goals_a),
        ):
            rating[user_id] = side.after
            outcome = _OUTCOME[side.score]
            counts = record[user_id]
            counts["WDL".index(outcome)] += 1
            counts[3] += gf
            counts[4] += ga
            fill.history.append(
                {
                    "guild_id": GUILD,
                    "game": GAME,
                    "user_id": user_id,
                    "opponent_id": opponent,
                    "match_id": match_id,
                    "fixture_id": None,
                    "before": side.before.value,
                    "after": side.after.value,
                    "delta": side.delta,
                    "k": side.k,
                    "outcome": outcome,
                    "goals_for": gf,
                    "goals_against": ga,
                    "ending": "full_time",
                    "at": at,
                }
            )
    for user_id in ids:
        if rating[user_id].games:
            w, d, lost, gf, ga = record[user_id]
            fill.ratings.append(
                {
                    "guild_id": GUILD,
                    "game": GAME,
                    "user_id": user_id,
                    "rating": rating[user_id].value,
                    "games": rating[user_id].games,
                    "wins": w,
                    "draws": d,
                    "losses": lost,
                    "goals_for": gf,
                    "goals_against": ga,
                    "updated_at": T0,
                }
            )
    return fill


def _player(user_id: int) -> dict[str, Any]:
    return {
        "user_id": user_id,
        "display_name": f"Member {user_id}",
        "created_at": T0,
        "updated_at": T0,
    }


def _match(
    match_id: int, a: int, b: int, goals_a: int, goals_b: int, at: datetime
) -> dict[str, Any]:
    return {
        "id": match_id,
        "guild_id": GUILD,
        "channel_id": match_id,
        "ruleset": GAME,
        "options": {},
        "status": MatchStatus.FINISHED.value,
        "player1_id": a,
        "player1_side": "west",
        "player2_id": b,
        "player2_side": "east",
        "initial_state": {},
        "state": {},
        "state_schema": 1,
        "version": 1,
        "action_count": 0,
        "result": {"score": [goals_a, goals_b]},
        "created_at": at,
        "updated_at": at,
    }


def _chunks(rows: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    for i in range(0, len(rows), CHUNK):
        yield rows[i : i + CHUNK]


async def load(engine: AsyncEngine, fill: Fill) -> list[int]:
    """Insert ``fill`` and the leagues; returns the league ids."""
    for table, rows in (
        (PLAYERS, fill.players),
        (MATCHES, fill.matches),
        (RATINGS, fill.ratings),
        (HISTORY, fill.history),
    ):
        for chunk in _chunks(rows):
            async with engine.begin() as conn:
                await conn.execute(insert(table), chunk)
    leagues = LeagueStore(engine)
    rng = random.Random(11)
    ids = [p["user_id"] for p in fill.players]
    league_ids = []
    for n in range(LEAGUES):
        league = await leagues.create(
            guild_id=GUILD, name=f"League {n}", game=GAME, created_by=1, legs=2
        )
        for user_id in rng.sample(ids, LEAGUE_SIZE):
            await leagues.join(league.id, user_id, f"Member {user_id}")
        fixtures = await leagues.start(league.id)
        results = []
        for fixture in fixtures:
            home, away = rng.randint(0, 4), rng.randint(0, 4)
            winner = None if home == away else fixture.home_id if home > away else fixture.away_id
            results.append(
                {
                    "fixture_id": fixture.id,
                    "league_id": league.id,
                    "match_id": None,
                    "home_goals": home,
                    "away_goals": away,
                    "winner_id": winner,
                    "reason": "full_time",
                    "recorded_by": None,
                    "recorded_at": T0,
                }
            )
        async with engine.begin() as conn:
            await conn.execute(insert(RESULTS), results)
            await conn.execute(
                update(FIXTURES)
                .where(FIXTURES.c.league_id == league.id)
                .values(status=FixtureStatus.DONE.value)
            )
        league_ids.append(league.id)
    return league_ids


async def median_ms(runs: int, items: list[Any], work: Callable[[Any], Awaitable[object]]) -> float:
    """The median wall time of ``await work(item)`` in milliseconds, cycling through ``items``
    (after a short warm-up)."""
    for item in items[:5]:
        await work(item)
    times = []
    for i in range(runs):
        start = time.perf_counter()
        await work(items[i % len(items)])
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


async def run_backend(prefix: str, url: URL, fill: Fill, runs: int) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
        start = time.perf_counter()
        league_ids = await load(engine, fill)
        if engine.dialect.name == "postgresql":  # what autovacuum does on a live server
            async with engine.connect() as conn:
                conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
                await conn.exec_driver_sql("VACUUM ANALYZE")
        print(f"{prefix}_fill_s: {time.perf_counter() - start:.1f} s", flush=True)
        leagues = LeagueStore(engine)
        rng = random.Random(3)
        members = rng.sample([r["user_id"] for r in fill.ratings], 100)

        async def table(league_id: int) -> object:
            return await leagues.table(league_id)

        figures = {
            "leaderboard_top10": await median_ms(
                runs, [None], lambda _: leagues.leaderboard(GUILD, GAME, 10)
            ),
            "rank": await median_ms(runs, members, lambda m: leagues.rank_of(GUILD, GAME, m)),
            "profile": await median_ms(runs, members, lambda m: leagues.profile(GUILD, GAME, m)),
            "league_results": await median_ms(runs, league_ids, leagues.results),
            "league_table": await median_ms(runs, league_ids, table),
        }
        for name, ms in figures.items():
            print(f"{prefix}_{name}_median_ms: {ms:.2f} ms", flush=True)
    finally:
        await engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench leagues", description=__doc__)
    parser.add_argument("--members", type=int, default=10_000, help="rated members")
    parser.add_argument("--matches", type=int, default=100_000, help="rated, finished matches")
    parser.add_argument("--runs", type=int, default=200, help="timed calls per figure")
    _backends.add_options(parser)
    args = parser.parse_args()
    if args.members < LEAGUE_SIZE:
        parser.error(f"--members must be at least {LEAGUE_SIZE}")

    start = time.perf_counter()
    fill = simulate(args.members, args.matches)
    print(f"members: {len(fill.ratings)} rated", flush=True)
    print(f"matches: {len(fill.matches)} finished, {len(fill.history)} history rows", flush=True)
    print(f"simulate_s: {time.perf_counter() - start:.1f} s", flush=True)
    _backends.run_all(lambda prefix, url: run_backend(prefix, url, fill, args.runs), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
