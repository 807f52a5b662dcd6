"""Elo ratings (engine/leagues/ratings.py) against hand-computed values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.leagues import (
    K_ESTABLISHED,
    K_PROVISIONAL,
    PROVISIONAL_GAMES,
    START,
    Ending,
    LeagueError,
    Rating,
    expected_score,
    k_factor,
    rate,
    score_of,
)
from engine.leagues.ratings import round_half_away

ESTABLISHED = PROVISIONAL_GAMES  # games played by a player who is no longer provisional


def test_constants() -> None:
    assert (START, K_PROVISIONAL, K_ESTABLISHED, PROVISIONAL_GAMES) == (1500, 40, 20, 10)
    assert Rating() == Rating(1500, 0)
    assert Rating().provisional and not Rating(1500, ESTABLISHED).provisional


def test_new_players_win() -> None:
    # E_A = 1 / (1 + 10^((1500 - 1500) / 400)) = 1 / (1 + 1) = 0.5
    # both provisional: K = 40; delta_A = 40 * (1 - 0.5) = +20, delta_B = 40 * (0 - 0.5) = -20
    update = rate(Rating(), Rating(), 1)
    assert update.a.expected == update.b.expected == 0.5
    assert (update.a.k, update.b.k) == (40, 40)
    assert (update.a.delta, update.b.delta) == (20, -20)
    assert update.a.after == Rating(1520, 1)
    assert update.b.after == Rating(1480, 1)
    assert update.rated


def test_established_draw_against_weaker() -> None:
    # A 1600, B 1400, both established (K = 20), a draw.
    # E_A = 1 / (1 + 10^((1400 - 1600) / 400)) = 1 / (1 + 10^-0.5) = 1 / 1.316228 = 0.759747
    # delta_A = 20 * (0.5 - 0.759747) = -5.19494 -> -5; delta_B = 20 * (0.5 - 0.240253) = +5
    update = rate(Rating(1600, 30), Rating(1400, 12), 0.5)
    assert update.a.expected == pytest.approx(0.759747, abs=1e-6)
    assert update.b.expected == pytest.approx(0.240253, abs=1e-6)
    assert (update.a.delta, update.b.delta) == (-5, 5)
    assert (update.a.after, update.b.after) == (Rating(1595, 31), Rating(1405, 13))


def test_established_upset() -> None:
    # A 1400 beats B 1600, both established (K = 20).
    # E_A = 1 / (1 + 10^(200 / 400)) = 1 / (1 + 3.162278) = 0.240253
    # delta_A = 20 * (1 - 0.240253) = 15.19494 -> +15; delta_B = -15
    update = rate(Rating(1400, ESTABLISHED), Rating(1600, ESTABLISHED), 1)
    assert (update.a.delta, update.b.delta) == (15, -15)
    assert (update.a.after.value, update.b.after.value) == (1415, 1585)


def test_favourite_wins_little() -> None:
    # A 1900 beats B 1500, K = 20: E_A = 1 / (1 + 10^-1) = 1 / 1.1 = 0.909091
    # delta_A = 20 * (1 - 0.909091) = 1.81818 -> +2; delta_B = -2
    update = rate(Rating(1900, 50), Rating(1500, 50), 1)
    assert (update.a.delta, update.b.delta) == (2, -2)


def test_provisional_against_established_is_not_conserved() -> None:
    # A 1500 (3 games, provisional, K = 40) beats B 1700 (25 games, K = 20).
    # E_A = 1 / (1 + 10^(200 / 400)) = 0.240253; surprise = 1 - 0.240253 = 0.759747
    # delta_A = 40 * 0.759747 = 30.3899 -> +30; delta_B = -20 * 0.759747 = -15.1949 -> -15
    update = rate(Rating(1500, 3), Rating(1700, 25), 1)
    assert (update.a.k, update.b.k) == (40, 20)
    assert (update.a.delta, update.b.delta) == (30, -15)
    assert (update.a.after, update.b.after) == (Rating(1530, 4), Rating(1685, 26))


def test_provisional_k_switch() -> None:
    # K is chosen by the rated matches played *before* this one: 40 for matches 1..10, then 20.
    assert [k_factor(g) for g in range(12)] == [40] * 10 + [20] * 2
    player = Rating()
    ks = []
    for _ in range(12):
        update = rate(player, Rating(START, 100), 1)
        ks.append(update.a.k)
        player = update.a.after
    assert ks == [40] * 10 + [20] * 2
    assert player.games == 12 and not player.provisional
    # the 10th match (9 played before) is still K = 40: 40 * 0.5 = 20; the 11th is 20 * 0.5 = 10
    assert rate(Rating(1500, 9), Rating(1500, 9), 1).a.delta == 20
    assert rate(Rating(1500, 10), Rating(1500, 10), 1).a.delta == 10


@pytest.mark.parametrize("ending", [Ending.ABANDONED, Ending.ABORTED])
def test_abandoned_and_aborted_do_not_count(ending: Ending) -> None:
    a, b = Rating(1500, 3), Rating(1620, 40)
    update = rate(a, b, 1, ending)
    assert not update.rated
    assert (update.a.after, update.b.after) == (a, b)
    assert (update.a.delta, update.b.delta, update.a.k, update.b.k) == (0, 0, 0, 0)


@pytest.mark.parametrize("ending", [Ending.FORFEIT, Ending.RESIGNED, Ending.TIMEOUT])
def test_forfeits_resignations_and_timeouts_count(ending: Ending) -> None:
    played = rate(Rating(), Rating(), 0)
    update = rate(Rating(), Rating(), 0, ending)
    assert update.rated
    assert (update.a, update.b) == (played.a, played.b)
    assert (update.a.delta, update.b.delta) == (-20, 20)


def test_score_of_and_refusal() -> None:
    assert (score_of(3, 1), score_of(2, 2), score_of(0, 3)) == (1, 0.5, 0)
    with pytest.raises(LeagueError):
        rate(Rating(), Rating(), 2)


def test_rounding_half_away_from_zero() -> None:
    assert [round_half_away(x) for x in (2.5, -2.5, 0.5, -0.5, 1.4999, -1.4999, 15.19)] == [
        3,
        -3,
        1,
        -1,
        1,
        -1,
        15,
    ]


def test_expected_scores() -> None:
    # a 400-point gap is 10:1 odds: E = 1 / (1 + 10^-1) = 10/11
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)


ratings = st.builds(Rating, st.integers(100, 3000), st.integers(0, 40))


@given(ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_property_elo(a: Rating, b: Rating, score: float) -> None:
    update = rate(a, b, score)
    assert update.a.expected + update.b.expected == pytest.approx(1)
    assert update.a.after.value == a.value + update.a.delta
    assert update.b.after.value == b.value + update.b.delta
    assert (update.a.after.games, update.b.after.games) == (a.games + 1, b.games + 1)
    assert abs(update.a.delta) <= update.a.k and abs(update.b.delta) <= update.b.k
    if score == 1:
        assert update.a.delta >= 0 >= update.b.delta
    elif score == 0:
        assert update.a.delta <= 0 <= update.b.delta
    if a.k == b.k:
        assert update.a.delta == -update.b.delta  # points conserved with the same K
    # symmetric: rating B against A with the opposite score gives the mirror update
    mirror = rate(b, a, 1 - score)
    assert (mirror.a, mirror.b) == (update.b, update.a)
