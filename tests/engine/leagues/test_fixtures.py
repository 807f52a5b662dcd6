"""Round-robin fixtures (engine/leagues/fixtures.py): the circle method, byes, legs, home/away."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.leagues import (
    BadLegs,
    DuplicatePlayer,
    Fixture,
    LeagueError,
    TooFewPlayers,
    round_count,
    round_robin,
)

SIZES = range(2, 10)


def check_league(players: list[int], legs: int) -> None:
    """Every invariant the issue asks for; shared by the table-driven and the property tests."""
    n = len(players)
    rounds = round_robin(players, legs)
    per_leg = n - 1 if n % 2 == 0 else n
    assert len(rounds) == round_count(n, legs) == per_leg * legs
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    assert [r.leg for r in rounds] == [1] * per_leg + [2] * per_leg * (legs - 1)

    for r in rounds:
        playing = [p for m in r.matches for p in m]
        # nobody plays twice in a round, nobody plays themselves
        assert len(playing) == len(set(playing))
        assert all(m.home != m.away for m in r.matches)
        # a bye only for odd counts, and then exactly one: everyone else plays
        if n % 2:
            assert r.bye is not None and r.bye not in playing
            assert set(playing) | {r.bye} == set(players)
        else:
            assert r.bye is None
            assert set(playing) == set(players)
        assert len(r.matches) == n // 2

    for leg in range(1, legs + 1):
        leg_rounds = [r for r in rounds if r.leg == leg]
        # every pair meets exactly once per leg
        pairs = Counter(frozenset(m) for r in leg_rounds for m in r.matches)
        assert set(pairs) == {frozenset(c) for c in combinations(players, 2)}
        assert set(pairs.values()) == {1}
        # each player has exactly one bye per leg (odd counts), none otherwise
        byes = Counter(r.bye for r in leg_rounds if r.bye is not None)
        assert byes == (Counter(players) if n % 2 else Counter())
        # home/away balance: within one leg, counts differ by at most 1 (0 for odd counts)
        home = Counter(m.home for r in leg_rounds for m in r.matches)
        away = Counter(m.away for r in leg_rounds for m in r.matches)
        for p in players:
            assert home[p] + away[p] == n - 1
            assert abs(home[p] - away[p]) <= (0 if n % 2 else 1)

    if legs == 2:
        first, second = rounds[:per_leg], rounds[per_leg:]
        for a, b in zip(first, second, strict=True):
            # the second leg mirrors the first round by round, home and away swapped
            assert b.matches == tuple(Fixture(m.away, m.home) for m in a.matches)
            assert b.bye == a.bye
        home = Counter(m.home for r in rounds for m in r.matches)
        away = Counter(m.away for r in rounds for m in r.matches)
        assert home == away  # perfectly balanced over two legs
        ordered = Counter((m.home, m.away) for r in rounds for m in r.matches)
        assert set(ordered.values()) == {1}  # each player hosts each other player once


@pytest.mark.parametrize("legs", [1, 2])
@pytest.mark.parametrize("n", SIZES)
def test_round_robin_2_to_9_players(n: int, legs: int) -> None:
    check_league(list(range(100, 100 + n)), legs)


def test_four_players_exact_schedule() -> None:
    # Circle method, join order 1 2 3 4: slot 0 (player 1) is fixed, 2 3 4 rotate one place per
    # round. Pairs are (circle[0], circle[3]) and (circle[1], circle[2]); the fixed pair swaps
    # sides on even-numbered rounds, the pair at position 1 is always flipped.
    #   round 1: circle 1 2 3 4 -> 1 v 4, flipped 3 v 2
    #   round 2: circle 1 3 4 2 -> 2 v 1 (fixed pair swapped), flipped 4 v 3
    #   round 3: circle 1 4 2 3 -> 1 v 3, flipped 2 v 4
    rounds = round_robin([1, 2, 3, 4])
    assert [[tuple(m) for m in r.matches] for r in rounds] == [
        [(1, 4), (3, 2)],
        [(2, 1), (4, 3)],
        [(1, 3), (2, 4)],
    ]
    assert all(r.bye is None for r in rounds)


def test_three_players_byes_and_second_leg() -> None:
    # Odd count: slot 0 is the bye; the circle is (bye, 1, 2, 3) rotating 1 2 3.
    rounds = round_robin([1, 2, 3], legs=2)
    assert [(r.number, r.leg, [tuple(m) for m in r.matches], r.bye) for r in rounds] == [
        (1, 1, [(2, 1)], 3),
        (2, 1, [(3, 2)], 1),
        (3, 1, [(1, 3)], 2),
        (4, 2, [(1, 2)], 3),
        (5, 2, [(2, 3)], 1),
        (6, 2, [(3, 1)], 2),
    ]


def test_two_players() -> None:
    assert [[tuple(m) for m in r.matches] for r in round_robin([8, 5], legs=2)] == [
        [(8, 5)],
        [(5, 8)],
    ]


def test_deterministic_for_join_order() -> None:
    players = [42, 7, 19, 3, 88]
    assert round_robin(players, 2) == round_robin(list(players), 2)
    # join order, not the ids, drives the schedule: another order gives another schedule
    assert round_robin(players) != round_robin(sorted(players))


@pytest.mark.parametrize(
    ("players", "legs", "error"),
    [
        ([], 1, TooFewPlayers),
        ([1], 1, TooFewPlayers),
        ([1, 2, 1], 1, DuplicatePlayer),
        ([1, 2], 0, BadLegs),
        ([1, 2], 3, BadLegs),
    ],
)
def test_refusals(players: list[int], legs: int, error: type[LeagueError]) -> None:
    with pytest.raises(error) as raised:
        round_robin(players, legs)
    assert isinstance(raised.value, ValueError)  # typed, and a ValueError like python-chess
    assert str(raised.value)  # a message a player can read


@given(
    players=st.lists(
        st.integers(min_value=1, max_value=10**18), min_size=2, max_size=24, unique=True
    ),
    legs=st.sampled_from([1, 2]),
)
def test_property_any_league(players: list[int], legs: int) -> None:
    check_league(players, legs)


@given(players=st.lists(st.integers(), min_size=2, max_size=12, unique=True), data=st.data())
def test_property_same_pairs_in_any_order(players: list[int], data: st.DataObject) -> None:
    """Whatever the join order, the same pairs meet; the schedule depends only on that order."""
    shuffled = data.draw(st.permutations(players))
    pairs = {frozenset(m) for r in round_robin(players) for m in r.matches}
    assert pairs == {frozenset(m) for r in round_robin(shuffled) for m in r.matches}
    assert round_robin(shuffled) == round_robin(list(shuffled))
