"""The league table (engine/leagues/table.py): counting, points, and every tie-break in order.

Each tie-break test is built so that the rule under test decides against every later rule (the
player it puts first lost the head-to-head, joined later...), so a wrong order of rules fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.leagues import (
    RULES,
    BadResult,
    DuplicatePlayer,
    Points,
    Result,
    Row,
    Rule,
    UnknownPlayer,
    forfeit,
    standings,
)


def order(rows: list[Row]) -> list[tuple[int, Rule | None]]:
    """(player, the rule placing them above the next row) from top to bottom."""
    return [(r.player, r.decided_by) for r in rows]


def test_rules_in_order() -> None:
    assert RULES == (
        Rule.POINTS,
        Rule.GOAL_DIFFERENCE,
        Rule.GOALS_FOR,
        Rule.HEAD_TO_HEAD_POINTS,
        Rule.HEAD_TO_HEAD_GOAL_DIFFERENCE,
        Rule.HEAD_TO_HEAD_GOALS_FOR,
        Rule.FORFEITS,
        Rule.JOIN_ORDER,
    )


def test_counts_and_points() -> None:
    rows = standings(
        [1, 2, 3],
        [Result(1, 2, 3, 1), Result(2, 3, 2, 2), Result(3, 1, 0, 1), Result(2, 1, 1, 1)],
    )
    by_player = {r.player: r for r in rows}
    one = by_player[1]
    assert (one.played, one.won, one.drawn, one.lost) == (3, 2, 1, 0)
    assert (one.goals_for, one.goals_against, one.goal_difference, one.points) == (5, 2, 3, 7)
    two = by_player[2]
    assert (two.played, two.won, two.drawn, two.lost, two.points) == (3, 0, 2, 1, 2)
    assert (two.goals_for, two.goals_against) == (4, 6)
    three = by_player[3]
    assert (three.played, three.won, three.drawn, three.lost, three.points) == (2, 0, 1, 1, 1)
    assert [r.position for r in rows] == [1, 2, 3]


def test_players_without_results_have_empty_rows() -> None:
    rows = standings([5, 2, 9], [])
    assert [(r.player, r.played, r.points) for r in rows] == [(5, 0, 0), (2, 0, 0), (9, 0, 0)]


def test_other_points() -> None:
    rows = standings(
        [1, 2], [Result(1, 2, 1, 0), Result(2, 1, 2, 2)], Points(win=2, draw=1, loss=0)
    )
    assert [(r.player, r.points) for r in rows] == [(1, 3), (2, 1)]


def test_game_without_draws_has_none() -> None:
    # Sports Dice Soccer: every match has a winner, so no draws and points are 3 or 0 per match.
    rows = standings([1, 2, 3], [Result(1, 2, 3, 1), Result(2, 3, 3, 2), Result(3, 1, 3, 0)])
    assert all(r.drawn == 0 and r.points % 3 == 0 for r in rows)


# --- each tie-break decides -----------------------------------------------------------------


def test_points_decide_before_anything_else() -> None:
    # 1 beat 2 5-0 (1 has the better goal difference, head-to-head and join order),
    # but 2 won twice more: 2 has 6 points (gd -5+1+1 = -3), 1 has 3 (gd +5).
    rows = standings(
        [1, 2, 3, 4],
        [Result(1, 2, 5, 0), Result(2, 3, 1, 0), Result(2, 4, 1, 0)],
    )
    assert order(rows)[:2] == [(2, Rule.POINTS), (1, Rule.POINTS)]


def test_goal_difference() -> None:
    # 1 beat 2 1-0 (head-to-head to 1; 1 also joined first); 2 beat 3 4-0.
    # 1: 3 pts, gd +1.  2: 3 pts, gd -1 +4 = +3.  4: no match, 0 pts, gd 0.  3: 0 pts, gd -4.
    rows = standings([1, 2, 3, 4], [Result(1, 2, 1, 0), Result(2, 3, 4, 0)])
    assert order(rows) == [
        (2, Rule.GOAL_DIFFERENCE),
        (1, Rule.POINTS),
        (4, Rule.GOAL_DIFFERENCE),
        (3, None),
    ]


def test_goals_scored() -> None:
    # 1 beat 2 1-0; 2 beat 3 3-1.
    # 1: 3 pts, 1-0 (gd +1, 1 scored).  2: 3 pts, 3-2 (gd +1, 3 scored): 2 first, despite
    # losing the head-to-head and joining later.
    rows = standings([1, 2, 3, 4], [Result(1, 2, 1, 0), Result(2, 3, 3, 1)])
    assert order(rows) == [
        (2, Rule.GOALS_FOR),
        (1, Rule.POINTS),
        (4, Rule.GOAL_DIFFERENCE),
        (3, None),
    ]


def test_head_to_head_points() -> None:
    # 2 beat 1 1-0; 1 beat 3 1-0; 4 beat 2 1-0 by forfeit (awarded 1-0, so 2 has a forfeit).
    # 4: 3 pts, gd +1.  1: 3 pts, 1-1.  2: 3 pts, 1-1.  3: 0 pts.
    # 1 and 2 are level on points, gd and goals; their mini-table (only 2 v 1) gives 2 three
    # points to 0, which beats 2's forfeit and 1's earlier join.
    rows = standings(
        [1, 2, 3, 4],
        [Result(2, 1, 1, 0), Result(1, 3, 1, 0), forfeit(4, 2, loser=2, score=1)],
    )
    assert order(rows) == [
        (4, Rule.GOAL_DIFFERENCE),
        (2, Rule.HEAD_TO_HEAD_POINTS),
        (1, Rule.POINTS),
        (3, None),
    ]
    assert {r.player: r.forfeits for r in rows} == {1: 0, 2: 1, 3: 0, 4: 0}


def test_head_to_head_goal_difference() -> None:
    # Two legs between 1 and 2: 2 won 3-0 at 1's, 1 won 1-0 at 2's: 3 points each in the
    # mini-table, goal difference 2: +2, 1: -2.
    # Against 3: 1 won 6-0, 2 won 4-2. Overall 1: W L W 7-3 (6 pts, gd +4, 7 scored),
    # 2: W L W 7-3 as well: level on every overall rule and on head-to-head points.
    rows = standings(
        [1, 2, 3],
        [Result(1, 2, 0, 3), Result(2, 1, 0, 1), Result(1, 3, 6, 0), Result(2, 3, 4, 2)],
    )
    assert order(rows) == [(2, Rule.HEAD_TO_HEAD_GOAL_DIFFERENCE), (1, Rule.POINTS), (3, None)]
    assert [(r.points, r.goal_difference, r.goals_for) for r in rows[:2]] == [(6, 4, 7)] * 2


def test_head_to_head_goals_scored_then_recursion() -> None:
    # A cycle: 1 beat 2 1-0, 2 beat 3 1-0, 3 beat 1 2-1; and 1, 2, 3 each drew 4 (0-0, 1-1, 0-0).
    # Overall 1, 2, 3 all have 4 pts, 2-2 (gd 0, 2 scored); 4 has 3 pts.
    # Mini-table of {1, 2, 3}: 3 pts each, gd 0 each, scored 1: 2, 2: 1, 3: 2, so 2 is third of
    # the three by head-to-head goals. It separated some, so the mini-table is drawn up again for
    # {1, 3} alone: only 3 beat 1 2-1, so 3 is above 1 by head-to-head points (3 joined later).
    rows = standings(
        [1, 2, 3, 4],
        [
            Result(1, 2, 1, 0),
            Result(2, 3, 1, 0),
            Result(3, 1, 2, 1),
            Result(1, 4, 0, 0),
            Result(2, 4, 1, 1),
            Result(3, 4, 0, 0),
        ],
    )
    assert order(rows) == [
        (3, Rule.HEAD_TO_HEAD_POINTS),
        (1, Rule.HEAD_TO_HEAD_GOALS_FOR),
        (2, Rule.POINTS),
        (4, None),
    ]
    assert {(r.points, r.goal_difference, r.goals_for) for r in rows[:3]} == {(4, 0, 2)}


def test_head_to_head_not_separating_goes_to_final_rules() -> None:
    # A cycle of 1-0 wins: 1 beat 2, 2 beat 3, 3 beat 1. Every overall and head-to-head rule is
    # level (3 pts, 1-1 each), so nothing is redrawn: join order decides.
    rows = standings([1, 2, 3], [Result(1, 2, 1, 0), Result(2, 3, 1, 0), Result(3, 1, 1, 0)])
    assert order(rows) == [(1, Rule.JOIN_ORDER), (2, Rule.JOIN_ORDER), (3, None)]


def test_fewer_forfeits() -> None:
    # 1 forfeited to 3 (3-0 against), 2 lost to 4 3-0 on the pitch: 1 and 2 are level on
    # everything (0 pts, 0-3) and never met, so 2 (no forfeit) is above 1 despite joining later.
    # 3 and 4 are level too (3 pts, 3-0, never met, no forfeits): join order puts 3 first.
    rows = standings([1, 2, 3, 4], [forfeit(1, 3, loser=1), Result(4, 2, 3, 0)])
    assert order(rows) == [
        (3, Rule.JOIN_ORDER),
        (4, Rule.POINTS),
        (2, Rule.FORFEITS),
        (1, None),
    ]


def test_join_order_is_the_players_order_not_the_ids() -> None:
    rows = standings(
        [30, 10, 20], [Result(30, 10, 1, 1), Result(20, 30, 1, 1), Result(10, 20, 1, 1)]
    )
    assert order(rows) == [(30, Rule.JOIN_ORDER), (10, Rule.JOIN_ORDER), (20, None)]


# --- forfeits and refusals ------------------------------------------------------------------


def test_forfeit_score_is_a_parameter() -> None:
    assert forfeit(1, 2, loser=2) == Result(1, 2, 3, 0, forfeit=True)  # FUBA: 3-0
    target = 5  # Sports Dice Soccer: the target score to 0
    assert forfeit(1, 2, loser=1, score=target) == Result(1, 2, 0, 5, forfeit=True)
    assert forfeit(1, 2, loser=1, score=target).forfeited_by == 1
    assert Result(1, 2, 0, 5).forfeited_by is None
    rows = standings([1, 2], [forfeit(1, 2, loser=1, score=target)])
    assert [(r.player, r.points, r.goals_for, r.goals_against, r.forfeits) for r in rows] == [
        (2, 3, 5, 0, 0),
        (1, 0, 0, 5, 1),
    ]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Result(1, 1, 1, 0),
        lambda: Result(1, 2, -1, 0),
        lambda: Result(1, 2, 1.5, 0),
        lambda: Result(1, 2, 1, 1, forfeit=True),
        lambda: Result(1, 2, 3, 1, forfeit=True),
        lambda: forfeit(1, 2, loser=3),
        lambda: forfeit(1, 2, loser=1, score=0),
    ],
)
def test_bad_results(make: Callable[[], object]) -> None:
    with pytest.raises(BadResult):
        make()


def test_unknown_or_duplicate_players() -> None:
    with pytest.raises(UnknownPlayer):
        standings([1, 2], [Result(1, 3, 1, 0)])
    with pytest.raises(DuplicatePlayer):
        standings([1, 2, 1], [])


# --- properties -----------------------------------------------------------------------------


@st.composite
def leagues(draw: st.DrawFn, draws_allowed: bool = True) -> tuple[list[int], list[Result]]:
    players = draw(st.lists(st.integers(1, 50), min_size=2, max_size=7, unique=True))
    results = []
    for _ in range(draw(st.integers(0, 30))):
        home, away = draw(st.permutations(players))[:2]
        if draw(st.booleans()) and draw(st.booleans()):
            results.append(forfeit(home, away, loser=draw(st.sampled_from([home, away]))))
            continue
        home_goals, away_goals = draw(st.integers(0, 6)), draw(st.integers(0, 6))
        if not draws_allowed and home_goals == away_goals:
            away_goals += 1
        results.append(Result(home, away, home_goals, away_goals))
    return players, results


@given(leagues())
def test_property_totals(league: tuple[list[int], list[Result]]) -> None:
    players, results = league
    rows = standings(players, results)
    draws = sum(r.home_goals == r.away_goals for r in results)
    assert sum(r.points for r in rows) == 3 * (len(results) - draws) + 2 * draws
    assert sum(r.goals_for for r in rows) == sum(r.goals_against for r in rows)
    assert sum(r.goal_difference for r in rows) == 0
    assert sum(r.won for r in rows) == sum(r.lost for r in rows) == len(results) - draws
    assert sum(r.drawn for r in rows) == 2 * draws
    assert sum(r.played for r in rows) == 2 * len(results)
    assert sum(r.forfeits for r in rows) == sum(r.forfeit for r in results)
    for r in rows:
        assert r.played == r.won + r.drawn + r.lost
        assert r.points == 3 * r.won + r.drawn


@given(leagues())
def test_property_order(league: tuple[list[int], list[Result]]) -> None:
    players, results = league
    rows = standings(players, results)
    assert [r.position for r in rows] == list(range(1, len(players) + 1))
    assert sorted(r.player for r in rows) == sorted(players)
    assert rows[-1].decided_by is None
    for above, below in zip(rows, rows[1:], strict=False):
        key_above = (above.points, above.goal_difference, above.goals_for)
        key_below = (below.points, below.goal_difference, below.goals_for)
        assert key_above >= key_below
        assert above.decided_by is not None
        overall = {Rule.POINTS: 0, Rule.GOAL_DIFFERENCE: 1, Rule.GOALS_FOR: 2}
        if above.decided_by in overall:
            i = overall[above.decided_by]
            assert key_above[:i] == key_below[:i] and key_above[i] > key_below[i]
        else:
            assert key_above == key_below  # a tie-break only ever separates tied players
        if above.decided_by == Rule.FORFEITS:
            assert above.forfeits < below.forfeits
        if above.decided_by == Rule.JOIN_ORDER:
            assert players.index(above.player) < players.index(below.player)


@given(leagues(), st.randoms(use_true_random=False))
def test_property_result_order_does_not_matter(
    league: tuple[list[int], list[Result]], rnd: random.Random
) -> None:
    players, results = league
    shuffled = list(results)
    rnd.shuffle(shuffled)
    assert standings(players, shuffled) == standings(players, results)


@given(leagues(draws_allowed=False))
def test_property_no_draws(league: tuple[list[int], list[Result]]) -> None:
    players, results = league
    rows = standings(players, results)
    assert all(r.drawn == 0 for r in rows)
    assert sum(r.points for r in rows) == 3 * len(results)
