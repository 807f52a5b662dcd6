"""TACKLE SITUATIONS and the bounce-up: both roll, the higher wins, a tie goes to the team that
did not make the last move and may cost it an injured player (8 or more on two dice), named by
two more dice (a double six rolls again) and replaced from the bench while substitutes last."""

from __future__ import annotations

import pytest

from engine.core import NotYourDecision
from engine.socceristic import SocceristicState

from .helpers import (
    AWAY,
    CENTRE_ROW,
    HOME,
    SPOT,
    A,
    H,
    both,
    decision,
    find,
    kinds,
    landed,
    purposes,
    refused,
    roll,
    told,
    waiting,
)

SQUAD = [f"Away{n}" for n in range(1, 17)]


def tackle(mover: int = H, square: tuple[int, int] = (4, 10), token: str = "T") -> SocceristicState:
    s, _ = landed(square, mover, {square: token}, squads={"away": SQUAD})
    return s


@pytest.mark.parametrize(("home", "away", "winner"), [(6, 2, H), (3, 5, A), (1, 6, A)])
def test_the_higher_die_wins_the_ball_and_a_free_move(home: int, away: int, winner: int) -> None:
    s, ev = both(tackle(), home, away)
    assert find(ev, "tackle") == {
        "dice": [home, away],
        "winner": winner,
        "tie": False,
        "bounce": False,
    }
    assert s.possession == winner
    d = decision(s)
    assert (d.actor, d.info) == (("home", "away")[winner], {"purpose": "free", "why": "tackle"})
    assert "injury_check" not in kinds(ev)


def test_each_team_rolls_once_and_in_any_order() -> None:
    s, ev = roll(tackle(), AWAY, 2)
    assert find(ev, "tackle_roll") == {"team": 1, "die": 2}
    assert waiting(s) == [(HOME, "roll", 1)]
    assert "already rolled" in refused(s, AWAY, "roll", NotYourDecision, dice=[3])
    s, ev = roll(s, HOME, 5)
    assert find(ev, "tackle")["winner"] == H


@pytest.mark.parametrize("mover", [H, A])
def test_a_tie_goes_to_the_team_that_did_not_make_the_last_move(mover: int) -> None:
    s, ev = both(tackle(mover), 4, 4)
    assert find(ev, "tackle") == {"dice": [4, 4], "winner": 1 - mover, "tie": True, "bounce": False}
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (("home", "away")[1 - mover], 2, "injury")


@pytest.mark.parametrize(
    ("dice", "hurt"), [((3, 4), False), ((6, 1), False), ((4, 4), True), ((2, 6), True)]
)
def test_the_injury_check_hurts_on_8_or_more(dice: tuple[int, int], hurt: bool) -> None:
    s, _ = both(tackle(H), 2, 2)
    s, ev = roll(s, AWAY, *dice)
    assert find(ev, "injury_check") == {
        "team": 1,
        "dice": list(dice),
        "total": sum(dice),
        "hurt": hurt,
    }
    assert purposes(s) == (["injury"] if hurt else ["free"])
    assert s.stats["injuries"] == [0, 1 if hurt else 0]


def test_the_injured_player_is_named_by_two_dice_and_substituted() -> None:
    s, _ = both(tackle(H), 2, 2)
    s, _ = roll(s, AWAY, 5, 5)
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (AWAY, 2, "injury")
    s, ev = roll(s, AWAY, 3, 4)
    assert told(ev, "substitution") == {
        "team": 1,
        "shirt": 7,
        "off": "Away7",
        "on": "Away12",
        "on_shirt": 12,
    }
    assert s.lineup[A][6] == "Away12" and s.lineup[A][11] == "Away7"
    assert len(s.lineup[A]) == 16 and s.bench == [0, 1]
    assert s.sheet["subs"][0]["on"] == "Away12"
    assert decision(s).info == {"purpose": "free", "why": "tackle"}


def test_a_double_six_for_the_shirt_is_rolled_again() -> None:
    s, _ = both(tackle(H), 2, 2)
    s, _ = roll(s, AWAY, 5, 5)
    s, ev = roll(s, AWAY, 6, 6)
    assert kinds(ev) == ["shirt_again"]
    assert purposes(s) == ["injury"] and s.bench == [0, 0]
    s, ev = roll(s, AWAY, 1, 1)
    assert find(ev, "substitution")["off"] == "Away2"


def test_the_substitute_can_be_injured_in_turn() -> None:
    s, _ = both(tackle(H), 2, 2)
    s, _ = roll(s, AWAY, 5, 5)
    s, _ = roll(s, AWAY, 3, 4)
    s.step = {"k": "shirt", "team": A, "purpose": "injury", "why": "tackle"}
    s, ev = roll(s, AWAY, 4, 3)
    assert told(ev, "substitution") == {
        "team": 1,
        "shirt": 12,
        "off": "Away12",
        "on": "Away13",
        "on_shirt": 13,
    }


def test_after_five_substitutions_the_injured_player_plays_on() -> None:
    s = tackle(H)
    s.bench = [0, 5]
    s, _ = both(s, 2, 2)
    s, _ = roll(s, AWAY, 6, 6)
    s, ev = roll(s, AWAY, 4, 5)
    assert told(ev, "substitution") == {
        "team": 1,
        "shirt": 9,
        "off": "Away9",
        "on": None,
        "on_shirt": None,
    }
    assert s.lineup[A][8] == "Away9" and s.bench == [0, 5]
    assert s.sheet["injuries"][0]["name"] == "Away9" and not s.sheet["subs"]


def test_the_attacker_winning_a_tackle_in_its_zone_has_a_chance() -> None:
    s, ev = both(tackle(A, (4, 14)), 6, 1)  # Home wins in the south zone it attacks
    assert find(ev, "chance") == {"team": 0, "how": "zone"}


def test_winning_a_tackle_on_a_bold_square_is_a_chance() -> None:
    s, ev = both(tackle(H, (4, 10), "T*"), 1, 6)
    assert find(ev, "chance") == {"team": 1, "how": "bold"}


def test_a_tie_at_the_bounce_up_has_the_injury_check_too() -> None:
    s, _ = landed((SPOT, CENTRE_ROW), H)
    s, ev = both(s, 3, 3)
    assert find(ev, "tackle") == {"dice": [3, 3], "winner": 1, "tie": True, "bounce": True}
    assert decision(s).prompt.startswith("A tie in the bounce-up: roll two dice")
    s, ev = roll(s, AWAY, 1, 2)
    assert decision(s).info == {"purpose": "free", "why": "bounce"}
