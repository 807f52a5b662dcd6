"""The overtime penalty shootout (Overtime shootout)."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER

from .scenario import EAST, SIDES, WEST, act, find, kinds, play_turn_out, problem, roll, started


def _shootout(first: str = WEST, **options: object):
    """A 0-0 turn-count match that just went to penalties; ``first`` won the roll-off."""
    s = started(first, turns=2, **options)
    s = play_turn_out(s, first)
    s = play_turn_out(s, SIDES[1 - SIDES.index(first)])
    assert s.step["k"] == "spot"
    return s


def _kick(s, spot: int, die: int, save: tuple[int, ...] | None = None):
    """One penalty: the goalkeeper's spot, the kicker's die, the goalkeeper's dice."""
    keeper = SIDES[s.step["team"]]
    kicker = SIDES[1 - s.step["team"]]
    s, ev = act(s, keeper, "spot", spot=spot)
    s, ev2 = roll(s, kicker, die)
    ev += ev2
    if save is not None:
        s, ev3 = roll(s, keeper, *save)
        ev += ev3
    return s, ev


def _score(s):
    return _kick(s, 1, 4)  # ball on 5, 4 spots away: in


def _miss(s):
    return _kick(s, 1, 1, (1,))  # ball on 2, beside the goalkeeper: odd grabs it


def test_a_draw_at_full_time_goes_to_penalties_first_kicker_the_rolloff_winner() -> None:
    s = _shootout(EAST)
    assert s.shootout["first"] == 1 and s.shootout["kicker"] == 1
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.actor, d.kind, d.secret) == (WEST, "spot", True)
    assert len(d.choices) == 7


def test_rulebook_a_six_goes_to_spot_seven() -> None:
    s, ev = _kick(_shootout(), 4, 6)
    assert find(ev, "penalty").data["ball"] == 7 and find(ev, "penalty").data["distance"] == 3
    assert s.step["k"] == "penalty_save" and s.step["n"] == 2


def test_rulebook_a_six_goes_to_spot_six_when_the_goalkeeper_stands_on_seven() -> None:
    s, ev = _kick(_shootout(), 7, 6)
    assert find(ev, "penalty").data["ball"] == 6
    assert s.step["k"] == "penalty_save" and s.step["n"] == 1


def test_the_die_counts_the_open_spots_skipping_the_goalkeeper() -> None:
    s = _shootout()
    balls = [find(_kick(s, 3, die)[1], "penalty").data["ball"] for die in range(1, 7)]
    assert balls == [1, 2, 4, 5, 6, 7]


@pytest.mark.parametrize(
    ("die", "result", "scored"),
    [
        (1, "grab", False),
        (3, "grab", False),
        (5, "grab", False),
        (6, "deflect", False),
        (2, "miss", True),
        (4, "miss", True),
    ],
)
def test_one_away_odd_grabs_six_deflects(die: int, result: str, scored: bool) -> None:
    s, ev = _kick(_shootout(), 4, 4, (die,))  # ball on 5
    assert find(ev, "penalty").data["distance"] == 1
    assert find(ev, "penalty_save_roll").data["result"] == result
    assert find(ev, "penalty_result").data["scored"] is scored


@pytest.mark.parametrize("die", range(1, 7))
def test_two_away_only_six_deflects(die: int) -> None:
    s, ev = _kick(_shootout(), 4, 5, (die,))  # ball on 6
    assert find(ev, "penalty").data["distance"] == 2
    assert find(ev, "penalty_result").data["scored"] is (die != 6)


@pytest.mark.parametrize(("dice", "scored"), [((6, 6), False), ((6, 5), True), ((1, 1), True)])
def test_three_away_only_double_six_deflects(dice: tuple[int, int], scored: bool) -> None:
    s, ev = _kick(_shootout(), 4, 6, dice)  # ball on 7
    assert find(ev, "penalty_result").data["scored"] is scored


@pytest.mark.parametrize(("spot", "die"), [(1, 4), (1, 6), (7, 1), (2, 6)])
def test_four_or_more_away_is_a_goal_without_a_roll(spot: int, die: int) -> None:
    s, ev = _kick(_shootout(), spot, die)
    assert find(ev, "penalty").data["distance"] >= 4
    assert "penalty_save_roll" not in kinds(ev)
    assert find(ev, "penalty_result").data["scored"] is True


def test_kickers_take_turns_with_five_different_members() -> None:
    s = _shootout()
    takers = []
    for _ in range(10):
        s, ev = _score(s)
        takers.append((find(ev, "penalty").data["team"], find(ev, "penalty").data["taker"]))
    assert takers[::2] == [(0, str(n)) for n in range(1, 6)]
    assert takers[1::2] == [(1, str(n)) for n in range(1, 6)]
    assert not s.over  # 5-5: sudden death


def test_sudden_death_after_five_the_second_team_always_gets_its_kick() -> None:
    s = _shootout()
    for _ in range(10):
        s, _ = _score(s)
    s, _ = _score(s)  # West's 6th
    assert not s.over and s.step["k"] == "spot" and s.step["team"] == 0
    s, ev = _miss(s)  # East misses its 6th
    assert s.over and s.winner == 0 and s.reason == "shootout"
    assert find(ev, "over").data == {"winner": 0, "score": [0, 0], "reason": "shootout"}


def test_sudden_death_second_team_wins_after_a_miss_and_a_goal() -> None:
    s = _shootout()
    for _ in range(10):
        s, _ = _miss(s)
    s, _ = _miss(s)
    assert not s.over
    s, _ = _score(s)
    assert s.over and s.winner == 1


def test_the_shootout_stops_early_when_one_side_cannot_catch_up() -> None:
    s = _shootout()
    for _ in range(3):
        assert not s.over
        s, _ = _score(s)
        assert not s.over
        s, _ = _miss(s)
    # 3-0 after East's 3rd miss: two kicks each left cannot change it
    assert s.over and s.winner == 0
    assert [len(k) for k in s.shootout["kicks"]] == [3, 3]


def test_the_first_team_can_win_on_its_own_kick() -> None:
    s = _shootout()
    for kick in (_score, _miss, _score, _miss, _score, _score):
        s, _ = kick(s)
        assert not s.over
    s, _ = _score(s)  # 4-1 with East's last two kicks to come: over
    assert s.over and s.winner == 0 and [len(k) for k in s.shootout["kicks"]] == [4, 3]


def test_the_goalkeepers_spot_is_secret_until_the_kick() -> None:
    s = _shootout()
    s, _ = act(s, EAST, "spot", spot=3)
    assert SIMPLESOCCER.view(s, WEST)["shootout"]["spot"] is None
    assert SIMPLESOCCER.view(s, None)["shootout"]["spot"] is None
    assert SIMPLESOCCER.view(s, EAST)["shootout"]["spot"] == 3
    s, _ = roll(s, WEST, 6)
    assert SIMPLESOCCER.view(s, WEST)["shootout"]["spot"] == 3


def test_a_spot_out_of_range_is_refused() -> None:
    s = _shootout()
    assert "1 to 7" in (problem(s, EAST, "spot", spot=8) or "")
    assert "not your turn" in (problem(s, WEST, "spot", spot=3) or "")


def test_east_kicks_first_when_it_won_the_rolloff() -> None:
    s = _shootout(EAST)
    s, ev = _score(s)
    assert find(ev, "penalty").data["team"] == 1
    for kick in (_miss, _score, _miss, _score):
        s, _ = kick(s)
    s, _ = _miss(s)  # West's 3rd miss: 3-0, two kicks each to come
    assert s.over and s.winner == 1 and [len(k) for k in s.shootout["kicks"]] == [3, 3]
