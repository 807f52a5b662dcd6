"""The narration explains the control check and the order of actions (rulebook 4.2.2-4.2.4)
with the dice and the ball value, so spectators can follow without the rulebook."""

from __future__ import annotations

from referee.fuba.narration import narrate
from tests.engine.scenario import WEST, act, roll, to_stage2
from tests.engine.test_stage2 import base, easy_position


def test_keeping_the_ball_says_which_die_beat_which_ball_value() -> None:
    s = base(value=4)
    s, _ = act(s, WEST, "target", area=8)  # ball value 3 in 8
    _, events = roll(s, WEST, 5, 2)
    lines = narrate(events)
    assert "West keeps the ball: 5 beats ball value 3; ball value is now 2" in lines
    assert "East acts first: West's lower die 2 is below ball value 3" in lines


def test_a_die_equal_to_the_ball_value_keeps_the_ball_and_the_first_action() -> None:
    _, events = to_stage2(base(value=4), 8, 3, 3)
    lines = narrate(events)
    assert any(line.startswith("West keeps the ball: 3 equals ball value 3") for line in lines)
    assert "West acts first: its lower die 3 equals ball value 3 too" in lines


def test_losing_the_ball_says_the_best_die_was_too_low() -> None:
    _, events = to_stage2(base(value=4), 8, 2, 1)
    lines = narrate(events)
    assert any(
        line.startswith("East wins the ball: West's best die 2 is below ball value 3")
        for line in lines
    )


def test_the_easy_situation_is_explained() -> None:
    s, _ = act(easy_position(), WEST, "target", area=1)
    _, events = roll(s, WEST, 3, 2)
    assert any(
        line.startswith(
            "West keeps the ball: its best die 3 is below ball value 4, but no opponent is "
            "near (easy situation)"
        )
        for line in narrate(events)
    )


def test_a_double_in_a_basic_rules_match_tells_of_no_special_event() -> None:
    """Special events are advanced rules (A13), which a FUBA match does not play: the double
    moves the clock and nothing more is said about it."""
    _, events = to_stage2(base(value=4), 8, 3, 3)
    assert any(e.kind == "special_event" for e in events)  # the engine still records it
    lines = narrate(events)
    assert "Dice 3 and 3: 3 minutes (minute 13)" in lines
    assert not [line for line in lines if "special event" in line or "advanced" in line], lines
