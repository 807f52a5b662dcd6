"""Where the ball stops: arrows (NEXT MOVE and the 1-or-2 rule in the Lighter Green Zone),
bold squares, losing possession, pass backs and the referee's whistle.

Home defends the north end: it attacks the south zone (rows 13-16, the box in rows 14-16)."""

from __future__ import annotations

import pytest

from engine.core import NotYourDecision

from .helpers import (
    AWAY,
    CENTRE_ROW,
    HOME,
    SPOT,
    A,
    H,
    decision,
    find,
    kinds,
    landed,
    purposes,
    refused,
    roll,
    step,
    waiting,
)


def test_an_arrow_moves_the_ball_as_many_squares_as_the_die() -> None:
    s, _ = landed((3, 5), H, {(3, 5): "SE"})
    d = decision(s)
    assert (d.actor, d.dice, d.info) == (
        HOME,
        1,
        {"purpose": "arrow", "direction": "SE", "chance": False},
    )
    assert d.prompt == "Roll to follow the arrow south-east."
    s, ev = roll(s, HOME, 4)
    assert find(ev, "arrow") == {
        "team": 0,
        "die": 4,
        "direction": "SE",
        "from": [3, 5],
        "to": [7, 9],
    }
    assert s.ball == [7, 9] and s.possession == H and s.mover == H


def test_only_the_mover_rolls_for_its_arrow() -> None:
    s, _ = landed((3, 5), H)
    assert "waiting for Home" in refused(s, AWAY, "roll", NotYourDecision, dice=[3])


@pytest.mark.parametrize("die", [1, 2])
def test_the_attacker_rolling_1_or_2_on_an_arrow_in_the_zone_has_a_chance(die: int) -> None:
    s, _ = landed((4, 14), H)  # an arrow east in the box Home attacks
    d = decision(s)
    assert d.info["chance"] is True and "A 1 or 2 is a chance" in d.prompt
    s, ev = roll(s, HOME, die)
    assert find(ev, "arrow")["to"] is None
    assert find(ev, "chance") == {"team": 0, "how": "arrow"}
    assert s.ball == [4, 14]
    d = decision(s)
    assert (d.actor, d.kind, d.info) == (HOME, "draw", {"deck": "outcome", "section": "chance"})


@pytest.mark.parametrize("die", [3, 4, 5, 6])
def test_the_attacker_rolling_3_to_6_in_the_zone_follows_the_arrow(die: int) -> None:
    s, _ = landed((2, 13), H, {(2, 13): "S"})
    s, ev = roll(s, HOME, die)
    assert "chance" not in kinds(ev)
    if die <= 3:
        assert s.ball == [2, 13 + die]
    else:  # over Away's goal line: a goal kick
        assert find(ev, "out")["restart"] == "goal_kick"


@pytest.mark.parametrize("die", [1, 2])
def test_the_defender_on_an_arrow_in_its_own_zone_just_moves(die: int) -> None:
    s, _ = landed((4, 14), A)  # Away defends the south end
    assert decision(s).info["chance"] is False
    s, ev = roll(s, AWAY, die)
    assert "chance" not in kinds(ev) and s.ball == [4 + die, 14]


def test_an_arrow_on_the_centre_row_is_nobodys_zone() -> None:
    s, _ = landed((2, CENTRE_ROW), H)
    assert decision(s).info["chance"] is False


@pytest.mark.parametrize("mover", [H, A])
def test_a_bold_arrow_is_a_chance_for_either_team_without_a_roll(mover: int) -> None:
    s, ev = landed((3, 6), mover, {(3, 6): "N*"})
    assert find(ev, "chance") == {"team": mover, "how": "bold"}
    assert decision(s).kind == "draw" and step(s) == "draw"


def test_losing_possession_gives_the_other_team_a_free_move() -> None:
    s, ev = landed((4, 10), H, {(4, 10): "X"})
    assert find(ev, "lost") == {"team": 0, "to": 1}
    assert s.possession == A
    d = decision(s)
    assert (d.actor, d.dice, d.info) == (AWAY, 1, {"purpose": "free", "why": "lose"})
    s, _ = roll(s, AWAY, 5)
    d = decision(s)
    assert d.kind == "direction" and d.actor == AWAY and d.info["distance"] == 5


def test_the_new_holder_in_the_zone_it_attacks_has_a_chance() -> None:
    s, ev = landed((4, 2), H, {(4, 2): "X"})  # Away attacks the north end
    assert find(ev, "chance") == {"team": 1, "how": "zone"}
    assert decision(s).actor == AWAY


def test_the_new_holder_in_its_own_zone_has_a_free_move() -> None:
    s, ev = landed((4, 14), H, {(4, 14): "X"})  # Away defends the south end
    assert "chance" not in kinds(ev)
    assert decision(s).info == {"purpose": "free", "why": "lose"}


def test_losing_the_ball_on_a_bold_square_is_a_chance_for_the_new_holder() -> None:
    s, ev = landed((4, 10), H, {(4, 10): "X*"})
    assert find(ev, "chance") == {"team": 1, "how": "bold"}


def test_the_defending_team_on_a_pass_back_draws_for_the_pass_back() -> None:
    s, ev = landed((4, 2), H, {(4, 2): "B"})  # Home's own zone
    d = decision(s)
    assert (d.actor, d.info) == (HOME, {"deck": "outcome", "section": "pass_back"})
    assert d.prompt == "Draw an Outcome card: a pass back to your keeper."
    assert "chance" not in kinds(ev)


def test_the_attacking_team_on_a_pass_back_has_a_chance() -> None:
    s, ev = landed((4, 2), A, {(4, 2): "B"})
    assert find(ev, "chance") == {"team": 1, "how": "pass_back"}
    assert decision(s).info == {"deck": "outcome", "section": "chance"}


def test_a_bold_pass_back_is_a_chance_even_for_the_defending_team() -> None:
    s, ev = landed((4, 2), H, {(4, 2): "B*"})
    assert find(ev, "chance") == {"team": 0, "how": "bold"}


def test_the_whistle_makes_the_mover_draw_a_referees_card() -> None:
    s, _ = landed((4, 10), A, {(4, 10): "R"})
    d = decision(s)
    assert (d.actor, d.kind, d.info) == (AWAY, "draw", {"deck": "referee", "section": ""})


def test_the_whistle_on_the_centre_spot_is_a_bounce_up() -> None:
    s, _ = landed((SPOT, CENTRE_ROW), H)
    assert waiting(s) == [(HOME, "roll", 1), (AWAY, "roll", 1)]
    assert purposes(s) == ["bounce", "bounce"]


def test_a_whistle_in_the_zone_the_mover_attacks_is_a_referees_card_not_a_chance() -> None:
    s, ev = landed((4, 14), H, {(4, 14): "R"})  # Home attacks the south end
    assert "chance" not in kinds(ev)
    d = decision(s)
    assert (d.actor, d.kind, d.info) == (HOME, "draw", {"deck": "referee", "section": ""})
