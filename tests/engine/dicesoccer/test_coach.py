"""The automatic coach: sensible, legal choices; whole coach-vs-coach matches end."""

from __future__ import annotations

import pytest

from engine.core import VirtualDice
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import Coach, play_match

from .helpers import BLACK, WHITE, act, both, decision, position

COACH = Coach(0)


def choose(state: object) -> object:
    return COACH.choose(state, decision(state))  # type: ignore[arg-type]


def test_picks_the_best_symbol() -> None:
    s = position(ball=4)
    s, _ = both(s, "BBBKKK", "BBKKPR")
    assert choose(s).args == {"symbol": "kick"}  # a shot beats one section
    s = position(ball=4)
    s, _ = both(s, "BBBRRR", "BBKKPR")
    assert choose(s).args == {"symbol": "red_card"}  # the same section plus a red card
    s = position(ball=6)
    s, _ = both(s, "BBBKKK", "BBKKPR")
    assert choose(s).args == {"symbol": "ball"}  # one section from the last one: a goal


def test_uses_the_chip_when_it_matters() -> None:
    s = position(ball=4)  # a shot at goal against a one-section push back: decisive
    s, _ = both(s, "KKKBPR", "BBBKPR")
    assert decision(s).actor == BLACK and choose(s).args == {"use": True}
    s = position(ball=4)  # a one-section advance against a clearance: keep the chip
    s, _ = both(s, "BBBKPR", "KKKBPR")
    assert choose(s).args == {"use": False}
    s = position(ball=6)  # keeping would let White's ball into the goal
    s, _ = both(s, "BBBKPR", "KKKBPR")
    assert choose(s).args == {"use": True}


def test_uses_the_chip_on_a_shot_tie() -> None:
    s = position(ball=5)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, _ = both(s, "BBBKKK", "BBBPPP")
    assert choose(s).args == {"use": True}


def test_rerolls_for_six_balls_like_the_rulebook() -> None:
    s = position(ball=4, chip=WHITE, advanced=True)
    s, _ = both(s, "BBBBKP", "BBBBBK")  # Black pushes back two sections unless White acts
    assert choose(s).args == {"positions": [5, 6]}


def test_one_die_for_six_balls_when_the_roll_is_won_anyway() -> None:
    s = position(ball=4, chip=WHITE, advanced=True)
    s, _ = both(s, "BBBBBK", "KKBPRB")
    assert choose(s).args == {"positions": [6]}


def test_keeps_dice_and_chip_when_nothing_to_gain() -> None:
    s = position(ball=4, chip=WHITE, advanced=True)
    s, _ = both(s, "BBBBBB", "KKBPRB")  # already a goal
    assert choose(s).args == {"positions": []}
    s = position(ball=5, chip=BLACK, advanced=True)  # Black defends a shot 5 balls to 1
    s, _ = both(s, "KKKKBP", "BBBPPR")
    s, _ = act(s, BLACK, "reroll", positions=[])
    s, _ = both(s, "BKKKKK", "BBBBBK")
    assert choose(s).args == {"positions": []}


def test_coach_actions_are_always_legal_and_matches_end() -> None:
    for seed in range(20):
        options = {"advanced": seed % 2 == 0, "sections": 2 + seed % 4}
        final, actions, events = play_match(seed, options=options)
        assert final.over and max(final.score) == 3
        s = DICESOCCER.initial(options)
        for a in actions:
            s, _ = DICESOCCER.apply(s, a)
        assert s == final
        assert any(e.kind == "match_over" for e in events)


def test_same_seed_same_match() -> None:
    a = play_match(3, VirtualDice(3))[1]
    b = play_match(3, VirtualDice(3))[1]
    assert a == b


def test_dice_decisions_belong_to_the_dice_source() -> None:
    with pytest.raises(ValueError):
        COACH.choose(DICESOCCER.initial(), DICESOCCER.pending(DICESOCCER.initial())[0])


def test_start_choice() -> None:
    s = DICESOCCER.initial()
    s, _ = act(s, WHITE, "roll", dice=[6])
    s, _ = act(s, BLACK, "roll", dice=[2])
    assert choose(s).args == {"role": "offense"}
