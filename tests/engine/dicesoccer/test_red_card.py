"""Red cards: the opponent rolls one die fewer until after the next goal attempt or goal."""

from __future__ import annotations

from .helpers import BLACK, WHITE, both, find, kinds, position, waiting

LOSER = "KKBPRB"


def test_penalty_lasts_until_after_the_next_attempt() -> None:
    s = position(ball=4)
    s, ev = both(s, "RRRBKP", LOSER)
    assert find(ev, "penalty").data == {"team": 1, "fewer": 1, "dice": 5}
    assert sorted(waiting(s)) == [(BLACK, "roll", 5), (WHITE, "roll", 6)]
    # an ordinary exchange: the penalty stays
    s, _ = both(s, "BBBBKP", "KKBPR")
    assert s.ball == 6 and s.penalty == [0, 1]
    # a shot: still in force during the attempt itself
    s, _ = both(s, "KKKKBP", "BBKPR")
    assert s.roll["for"] == "shot"
    assert sorted(waiting(s)) == [(BLACK, "roll", 5), (WHITE, "roll", 6)]
    s, ev = both(s, "KKKKKK", "BBKPR")
    assert find(ev, "attempt").data["scored"] is False
    assert find(ev, "penalties_lifted").data == {"penalty": [0, 1]}
    assert s.penalty == [0, 0]
    assert sorted(waiting(s)) == [(BLACK, "roll", 6), (WHITE, "roll", 6)]


def test_free_kick_against_a_penalised_defense_combines() -> None:
    """One die fewer for the free kick plus one per red card: four dice."""
    s = position(ball=5, penalty=(0, 1))
    s, _ = both(s, "PPPPBB", "KKBPR")
    assert sorted(waiting(s)) == [(BLACK, "roll", 4), (WHITE, "roll", 6)]


def test_penalty_lifted_by_a_goal() -> None:
    s = position(ball=6, penalty=(0, 1))
    s, ev = both(s, "BBBBKP", "KKBPR")
    assert kinds(ev).index("goal") < kinds(ev).index("penalties_lifted")
    assert s.penalty == [0, 0]
    assert sorted(waiting(s)) == [(BLACK, "roll", 6), (WHITE, "roll", 6)]


def test_instant_goal_by_the_penalised_side_lifts_its_penalty() -> None:
    s = position(ball=5, penalty=(1, 0))  # White penalised, Black defends
    s, ev = both(s, "KKBPR", "BBBBBB")
    assert find(ev, "goal").data["team"] == 1
    assert s.penalty == [0, 0]


def test_red_cards_add_up() -> None:
    s = position(ball=4)
    s, _ = both(s, "RRRBKP", LOSER)
    s, ev = both(s, "RRRBKP", "KKBPR")
    assert find(ev, "penalty").data == {"team": 1, "fewer": 2, "dice": 4}
    assert sorted(waiting(s)) == [(BLACK, "roll", 4), (WHITE, "roll", 6)]


def test_at_least_one_die() -> None:
    s = position(ball=4, penalty=(0, 6))
    assert sorted(waiting(s)) == [(BLACK, "roll", 1), (WHITE, "roll", 6)]


def test_defense_red_card_penalises_the_offense() -> None:
    s = position(ball=5)
    s, ev = both(s, LOSER, "RRRBKP")
    assert find(ev, "play").data["kind"] == "clear"
    assert find(ev, "penalty").data["team"] == 0
    assert s.ball == 3
    assert sorted(waiting(s)) == [(BLACK, "roll", 6), (WHITE, "roll", 5)]


def test_both_teams_can_be_penalised() -> None:
    s = position(ball=4)
    s, _ = both(s, "RRRBKP", LOSER)  # Black rolls one fewer
    s, _ = both(s, "KKBPRB", "RRRBK")  # Black, defending, clears with a red card
    assert s.penalty == [1, 1]
    assert sorted(waiting(s)) == [(BLACK, "roll", 5), (WHITE, "roll", 5)]


def test_red_card_that_scores_still_costs_a_die() -> None:
    """A red card's advance from the last section is a goal; the card's penalty is imposed
    after that goal and lasts until the next attempt or goal."""
    s = position(ball=6, penalty=(1, 0))
    s, ev = both(s, "RRRBK", LOSER)
    assert find(ev, "goal").data["how"] == "advance"
    order = kinds(ev)
    assert order.index("goal") < order.index("penalties_lifted") < order.index("penalty")
    assert s.penalty == [0, 1]
    assert sorted(waiting(s)) == [(BLACK, "roll", 5), (WHITE, "roll", 6)]
