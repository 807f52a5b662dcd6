"""Tie breaker and Power Chip; the advanced re-roll rule."""

from __future__ import annotations

from engine.core import MalformedAction, NotYourDecision

from .helpers import (
    BLACK,
    WHITE,
    act,
    both,
    decision,
    find,
    kinds,
    position,
    refused,
    roll,
    waiting,
)


def tied() -> object:
    """White on offense at section 4 and Black (holding the chip) tie at three each."""
    s = position(ball=4)
    s, ev = both(s, "BBBKPR", "KKKBPR")
    assert "roll_won" not in kinds(ev)
    return s


def test_tie_offers_the_chip_to_its_holder() -> None:
    s = tied()
    d = decision(s)
    assert (d.actor, d.kind) == (BLACK, "chip")
    assert [c.action.args["use"] for c in d.choices] == [True, False]
    assert "3 matching dice each" in d.prompt


def test_use_the_chip_wins_and_hands_it_over() -> None:
    s, ev = act(tied(), BLACK, "chip", use=True)
    assert find(ev, "chip_used").data == {"team": 1, "chip": 0}
    won = find(ev, "roll_won").data
    assert (won["winner"], won["by"]) == (1, "chip")
    assert s.chip == 0
    assert s.ball == 3  # Black's kick clears the ball: Black attacks


def test_keep_the_chip_the_opponent_wins() -> None:
    s, ev = act(tied(), BLACK, "chip", use=False)
    assert find(ev, "chip_kept").data == {"team": 1, "chip": 1}
    assert find(ev, "roll_won").data["by"] == "keep"
    assert s.chip == 1 and s.ball == 5  # White's three balls advance one section


def test_only_the_holder_answers_and_use_must_be_a_boolean() -> None:
    s = tied()
    message = refused(s, WHITE, "chip", NotYourDecision, use=True)
    assert "Black" in message
    refused(s, BLACK, "chip", MalformedAction, use="yes")
    refused(s, BLACK, "roll", MalformedAction, dice=[1, 1, 1, 1, 1, 1])


def test_chip_then_pick_for_a_tied_winner() -> None:
    """The holder decides first; the winner then picks its play if its own roll is tied."""
    s = position(ball=4, chip=WHITE)
    s, _ = both(s, "BBBKKK", "KKKPPP")
    s, _ = act(s, WHITE, "chip", use=True)
    d = decision(s)
    assert (d.actor, d.kind) == (WHITE, "pick")
    s, _ = act(s, WHITE, "pick", symbol="kick")
    assert s.roll["for"] == "shot" and s.chip == 1


# -- advanced rule: re-roll -----------------------------------------------------------------


def test_no_reroll_without_the_advanced_rule() -> None:
    s = position(ball=4, chip=WHITE)
    s, ev = both(s, "BBBBKP", "KKKBBR")
    assert "play" in kinds(ev)


def test_reroll_is_offered_to_the_holder_after_both_rolls() -> None:
    s = position(ball=4, advanced=True)  # Black holds the chip
    s, _ = roll(s, WHITE, "BBBBKP")
    assert waiting(s) == [(BLACK, "roll", 6)]
    s, _ = roll(s, BLACK, "KKKBBR")
    d = decision(s)
    assert (d.actor, d.kind) == (BLACK, "reroll")
    assert d.info["symbols"] == ["kick", "kick", "kick", "ball", "ball", "red_card"]
    assert d.choices[0].action.args == {"positions": []}
    refused(s, WHITE, "reroll", NotYourDecision, positions=[1])


def test_declining_keeps_the_chip_and_resolves() -> None:
    s = position(ball=4, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKBBR")
    s, ev = act(s, BLACK, "reroll", positions=[])
    assert "reroll_declined" in kinds(ev) and s.chip == 1 and s.ball == 5


def test_declining_then_a_tie_still_offers_the_chip() -> None:
    s = position(ball=4, advanced=True)
    s, _ = both(s, "BBBKPR", "KKKBPR")
    s, _ = act(s, BLACK, "reroll", positions=[])
    assert decision(s).kind == "chip"


def test_reroll_win_by_count() -> None:
    """A re-roll that wins outright wins; the chip stays with the opponent."""
    s = position(ball=5, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKBBR")
    s, _ = act(s, BLACK, "reroll", positions=[4, 5, 6])
    assert s.chip == 0
    s, ev = roll(s, BLACK, "KKK")
    won = find(ev, "roll_won").data
    assert won["counts"] == [4, 6] and won["winner"] == 1
    assert s.ball == 3  # six kicks: the defense clears
    assert s.chip == 0


def test_reroll_positions_are_checked() -> None:
    s = position(ball=4, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKBBR")
    assert "1 to 6" in refused(s, BLACK, "reroll", MalformedAction, positions=[0])
    assert "1 to 6" in refused(s, BLACK, "reroll", MalformedAction, positions=[7])
    assert "twice" in refused(s, BLACK, "reroll", MalformedAction, positions=[2, 2])
    refused(s, BLACK, "reroll", MalformedAction, positions="1 2")
    refused(s, BLACK, "reroll", MalformedAction, positions=[True])
    s, _ = act(s, BLACK, "reroll", positions=[6, 4])
    assert s.step["positions"] == [4, 6]
    refused(s, BLACK, "roll", MalformedAction, dice=[1, 2, 3])
    refused(s, WHITE, "roll", NotYourDecision, dice=[1, 2])


def test_penalised_holder_rerolls_among_its_five_dice() -> None:
    s = position(ball=4, advanced=True, penalty=(0, 1))
    s, _ = both(s, "BBBBKP", "KKKBB")
    d = decision(s)
    assert len(d.choices) == 32
    refused(s, BLACK, "reroll", MalformedAction, positions=[6])


def test_reroll_during_a_shot_and_the_tie_is_lost() -> None:
    """The chip may be used 'anytime': a re-roll at a shot too; a tie of balls after it is
    lost by the re-roller."""
    s = position(ball=5, advanced=True)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, _ = act(s, BLACK, "reroll", positions=[])  # the play roll: Black keeps the chip
    assert s.roll["for"] == "shot"
    s, _ = both(s, "BBBKKK", "BBKPPR")
    s, _ = act(s, BLACK, "reroll", positions=[3, 4, 5, 6])
    s, ev = roll(s, BLACK, "BKKK")
    attempt = find(ev, "attempt").data
    assert attempt["balls"] == [3, 3] and attempt["scored"] is True
    assert find(ev, "roll_won").data["by"] == "reroll_tie"
    assert s.score == [1, 0] and s.chip == 0


def test_a_tie_at_one_ball_each_reads_in_the_singular() -> None:
    """A shot tied at one ball each: "1 ball each", not "1 balls each"."""
    s = position(ball=4, chip=WHITE)
    s, _ = both(s, "BBBKKK", "KKKPPP")
    s, _ = act(s, WHITE, "chip", use=True)
    s, _ = act(s, WHITE, "pick", symbol="kick")
    s, _ = both(s, "BKKKPR", "BKKKPR")
    d = decision(s)
    assert d.kind == "chip"
    assert "A tie (1 ball each)" in d.prompt
