"""STARTING THE GAME: the toss, the choice of ends, the kick-off to the square of the die."""

from __future__ import annotations

import pytest

from engine.core import MalformedAction, NotYourDecision
from engine.socceristic import SOCCERISTIC

from .helpers import (
    AWAY,
    CENTRE_ROW,
    HOME,
    SPOT,
    act,
    both,
    decision,
    find,
    kinds,
    options,
    purposes,
    refused,
    roll,
    waiting,
)


def test_both_roll_the_toss_and_the_higher_die_kicks_off() -> None:
    s = SOCCERISTIC.initial(options())
    assert waiting(s) == [(HOME, "roll", 1), (AWAY, "roll", 1)]
    s, ev = both(s, 2, 5)
    assert find(ev, "toss") == {"dice": [2, 5], "winner": 1}
    assert s.kickoff_first == 1
    d = decision(s)  # the other team chooses the end it defends
    assert (d.actor, d.kind) == (HOME, "end")
    assert [c.action.args for c in d.choices] == [{"end": "north"}, {"end": "south"}]


def test_a_tied_toss_is_rolled_again() -> None:
    s = SOCCERISTIC.initial(options())
    s, ev = both(s, 4, 4)
    assert find(ev, "toss")["winner"] == -1
    assert waiting(s) == [(HOME, "roll", 1), (AWAY, "roll", 1)]
    s, ev = both(s, 6, 1)
    assert find(ev, "toss")["winner"] == 0 and decision(s).actor == AWAY


def test_rolling_the_toss_twice_is_refused() -> None:
    s, _ = roll(SOCCERISTIC.initial(options()), HOME, 3)
    assert "already rolled" in refused(s, HOME, "roll", NotYourDecision, dice=[4])
    assert waiting(s) == [(AWAY, "roll", 1)]


def test_the_chosen_end_starts_the_first_half_with_the_winners_kick_off() -> None:
    s, _ = both(SOCCERISTIC.initial(options()), 6, 1)
    refused(s, HOME, "end", NotYourDecision, end="north")
    refused(s, AWAY, "end", MalformedAction, end="west")
    s, ev = act(s, AWAY, "end", end="north")
    assert s.ends == ["south", "north"]
    assert find(ev, "ends") == {"team": 1, "end": "north", "ends": ["south", "north"]}
    assert find(ev, "half_start") == {"half": 1, "team": 0, "ends": ["south", "north"]}
    assert s.ball == [SPOT, CENTRE_ROW] and s.half == 1
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (HOME, 1, "kickoff")
    view = SOCCERISTIC.view(s, None)
    assert view["attacks"] == {"home": "north", "away": "south"}


@pytest.mark.parametrize(("die", "column"), [(1, 4), (2, 5), (3, 6), (4, 8), (5, 9), (6, 10)])
def test_the_kick_off_goes_to_the_centre_line_square_of_the_die(die: int, column: int) -> None:
    s, _ = both(SOCCERISTIC.initial(options()), 6, 1)
    s, _ = act(s, AWAY, "end", end="south")
    s, ev = roll(s, HOME, die)
    x = column - 2
    assert find(ev, "kickoff") == {"team": 0, "die": die, "to": [x, CENTRE_ROW]}
    assert s.ball == [x, CENTRE_ROW]
    assert s.possession == 0 and s.mover == 0  # the kicking team keeps the ball
    d = decision(s)  # the square's arrow (east on the test pitch) is followed next
    assert (d.actor, d.info["purpose"], d.info["direction"]) == (HOME, "arrow", "E")
    assert kinds(ev) == ["kickoff"]


def test_the_kick_off_lands_like_any_move() -> None:
    s, _ = both(SOCCERISTIC.initial(options(tokens={(6, CENTRE_ROW): "T"})), 6, 1)
    s, _ = act(s, AWAY, "end", end="south")
    s, _ = roll(s, HOME, 4)
    assert waiting(s) == [(HOME, "roll", 1), (AWAY, "roll", 1)]
    assert purposes(s) == ["tackle", "tackle"]
