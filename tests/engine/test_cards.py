"""5.6 yellow and red cards: the yellow card test (5.6.1), the red card test (5.6.2), the
discarded yellow cards and the removed player.

Basic rules never start a card test (fouls, aggressive pressing and slow play are advanced
rules), so the tests are started with ``cards.start_yellow_test`` / ``start_red_test`` right after
the target area is chosen, where a special event would start one.
"""

from __future__ import annotations

import pytest

from engine.core import MalformedAction, NotYourDecision

from .scenario import (
    EAST,
    WEST,
    act,
    assert_illegal,
    choose,
    decision,
    find,
    kinds,
    position,
    roll,
    with_free_kick,
    with_red_test,
    with_yellow_test,
)


def card_state(side: str, target: int, yellows: int = 0, **kw):
    """West has the ball in the centre and has chosen ``target`` (5: west half, 7: both,
    9: east half); ``side`` must roll a yellow card test with ``yellows`` already."""
    state = position(
        west={5: 2, 7: 5, 9: 3},
        east={5: 1, 7: 4, 9: 3, 12: 2},
        ball=7,
        value=1,
        **kw,
    )
    state.yellows[0 if side == WEST else 1] = yellows
    state, _ = act(state, WEST, "target", area=target)
    return with_yellow_test(state, side)


def red_card(side: str, yellows: int, yellow_die: int, red_die: int, target: int = 7):
    state, ev1 = roll(card_state(side, target, yellows), side, yellow_die)
    state, ev2 = roll(state, side, red_die)
    return state, ev1 + ev2


def back_to_play(state) -> bool:
    d = decision(state)
    return (d.actor, d.dice, d.info.get("purpose")) == (WEST, 2, "situation")


# -- 5.6.1 yellow card test ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "target", "die", "yellow"),
    [
        (WEST, 7, 1, False),
        (WEST, 7, 2, False),
        (WEST, 5, 3, True),  # target in west's half
        (WEST, 7, 3, True),  # the centre is at least partly on both sides
        (WEST, 9, 3, False),  # target in east's half
        (EAST, 9, 3, True),  # ... which is east's side
        (EAST, 7, 3, True),
        (EAST, 5, 3, False),
        (WEST, 9, 4, True),
        (EAST, 5, 5, True),
        (WEST, 9, 6, True),
    ],
)
def test_5_6_1_yellow_card_test_results(side, target, die, yellow):
    state = card_state(side, target)
    d = decision(state)
    assert (d.actor, d.dice, d.info["purpose"]) == (side, 1, "yellow")
    state, ev = roll(state, side, die)
    assert find(ev, "yellow_test").data["yellow"] is yellow
    t = 0 if side == WEST else 1
    assert state.yellows[t] == (1 if yellow else 0)
    assert state.yellows[1 - t] == 0
    assert ("yellow_card" in kinds(ev)) is yellow


@pytest.mark.parametrize("die", [4, 5])
def test_5_6_1_first_yellow_card_needs_no_red_card_test(die):
    state, _ = roll(card_state(WEST, 9), WEST, die)
    assert state.yellows == [1, 0]
    assert back_to_play(state)


@pytest.mark.parametrize("die", [3, 4, 5])
def test_5_6_1_second_yellow_card_leads_to_a_red_card_test(die):
    state, _ = roll(card_state(WEST, 7, yellows=1), WEST, die)
    assert state.yellows == [2, 0]
    d = decision(state)
    assert (d.actor, d.dice, d.info["purpose"]) == (WEST, 1, "red")


def test_5_6_1_no_card_no_red_card_test_even_with_yellows():
    state, _ = roll(card_state(WEST, 9, yellows=2), WEST, 3)
    assert state.yellows == [2, 0]
    assert back_to_play(state)


def test_5_6_1_six_is_a_yellow_card_and_a_red_card_test_with_one_more_yellow():
    """The first yellow card, but a 6: red card test as if the team had two yellow cards."""
    state, ev = roll(card_state(WEST, 9), WEST, 6)
    assert state.yellows == [1, 0]
    assert decision(state).info["purpose"] == "red"
    red, ev = roll(state, WEST, 1)
    assert find(ev, "red_test").data["needed_below"] == 2
    assert red.reds == [1, 0]
    safe, ev = roll(state, WEST, 2)
    assert find(ev, "red_test").data["red"] is False
    assert (safe.yellows, safe.reds) == ([1, 0], [0, 0])
    assert back_to_play(safe)


def test_5_6_1_card_rolls_belong_to_the_tested_team():
    state = card_state(EAST, 9)
    assert_illegal(state, WEST, "roll", "not your decision", dice=[4])
    with pytest.raises(NotYourDecision):
        roll(state, WEST, 4)
    with pytest.raises(MalformedAction):
        roll(state, EAST, 4, 4)


# -- 5.6.2 red card test ------------------------------------------------------------------------


def test_5_6_2_example_yellow_and_red_cards():
    """Example: two yellow cards, a third one; the red card test rolls 2, less than 3: a red
    card (a second yellow to the same player). Two yellow cards are changed for the red card:
    one yellow and one red card remain, and a player leaves the pitch."""
    state, ev = red_card(WEST, yellows=2, yellow_die=4, red_die=2)
    data = find(ev, "red_test").data
    assert (data["needed_below"], data["red"]) == (3, True)
    assert find(ev, "red_card").data["direct"] is False
    assert (state.yellows, state.reds) == ([1, 0], [1, 0])
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "remove")


@pytest.mark.parametrize(
    ("had", "yellow_die", "red_die", "red", "yellows", "reds"),
    [
        (1, 4, 1, True, 1, 1),  # 1 < 2, a direct red: one yellow discarded
        (1, 4, 2, False, 2, 0),  # 2 is not lower than 2
        (2, 4, 2, True, 1, 1),  # the rulebook example
        (2, 4, 3, False, 3, 0),
        (2, 5, 1, True, 2, 1),  # direct red
        (3, 3, 3, True, 2, 1),  # 3 < 4: two discarded
        (0, 6, 1, True, 0, 1),  # 6: one yellow + 1 = 2; a 1 is a direct red
        (0, 6, 2, False, 1, 0),
        (1, 6, 2, True, 0, 1),  # 6: two yellows + 1 = 3; both yellows discarded
        (1, 6, 3, False, 2, 0),
        (2, 6, 3, True, 1, 1),  # 3 yellows + 1 = 4
    ],
)
def test_5_6_2_red_card_test(had, yellow_die, red_die, red, yellows, reds):
    state, ev = red_card(WEST, had, yellow_die, red_die)
    assert find(ev, "red_test").data["red"] is red
    assert (state.yellows, state.reds) == ([yellows, 0], [reds, 0])
    assert decision(state).kind == ("remove" if red else "roll")


def test_5_6_2_direct_red_on_one_discards_one_yellow():
    state, ev = red_card(EAST, yellows=2, yellow_die=5, red_die=1, target=9)
    assert find(ev, "red_card").data == {"team": 1, "direct": True, "yellows": 2}
    assert (state.yellows, state.reds) == ([0, 2], [0, 1])


def test_5_6_2_red_on_two_or_more_discards_two_yellows():
    """Four yellow cards, a 2: a red card (another yellow to a booked player), two discarded."""
    state, ev = red_card(EAST, yellows=3, yellow_die=4, red_die=2, target=9)
    assert find(ev, "red_card").data["direct"] is False
    assert (state.yellows, state.reds) == ([0, 2], [0, 1])


def test_5_6_2_red_card_test_started_with_a_modifier():
    state, _ = act(position(west={7: 10}, east={7: 10}, value=1), WEST, "target", area=7)
    state.yellows = [1, 0]
    tested = with_red_test(state, WEST, 1)
    red, ev = roll(tested, WEST, 1)
    assert find(ev, "red_test").data["needed_below"] == 2
    assert red.reds == [1, 0]
    no_modifier = with_red_test(state, WEST)
    safe, ev = roll(no_modifier, WEST, 1)
    assert safe.reds == [0, 0]


# -- the removed player -------------------------------------------------------------------------


def sent_off(side: str = WEST, target: int = 7):
    state, _ = red_card(side, yellows=2, yellow_die=4, red_die=2, target=target)
    assert decision(state).kind == "remove"
    return state


def test_5_6_2_red_card_removes_an_outfield_player_of_the_teams_choice():
    state = sent_off()
    offered = sorted(c.action.args["area"] for c in decision(state).choices)
    assert offered == [5, 7, 9]
    assert_illegal(state, WEST, "remove", "cannot remove a player from area 4", area=4)
    assert_illegal(state, WEST, "remove", "cannot remove a player from area 2", area=2)  # keeper
    assert_illegal(state, EAST, "remove", "not your decision", area=7)
    state, ev = act(state, WEST, "remove", area=9)
    assert find(ev, "sent_off").data == {"team": 0, "area": 9}
    assert state.outfield[0][9] == 2
    assert sum(state.outfield[0]) == 9
    assert state.keeper[0] == 2
    assert back_to_play(state)


def test_5_6_2_the_only_player_with_the_ball_is_not_removed():
    """4.5.3: west must keep a player with the ball, so its only player in the target area
    is not offered while it has players elsewhere."""
    state = position(west={5: 2, 7: 7, 9: 1}, east={7: 4, 9: 4, 12: 2}, ball=7, value=1)
    state.yellows = [2, 0]
    state, _ = act(state, WEST, "target", area=9)
    state, _ = roll(with_yellow_test(state, WEST), WEST, 4)
    state, _ = roll(state, WEST, 1)
    assert 9 not in [c.action.args["area"] for c in decision(state).choices]
    assert_illegal(state, WEST, "remove", "area 9", area=9)


def test_5_6_2_sent_off_player_stays_off_at_the_next_setup():
    state, _ = act(sent_off(), WEST, "remove", area=7)
    state, _ = with_free_kick(state, WEST, 8)
    d = decision(state)
    assert (d.actor, d.kind, d.info["players"]) == (WEST, "setup", 9)
    assert_illegal(state, WEST, "setup", "exactly 9", layout=[[8, 4], [7, 6]])
    state, _ = act(state, WEST, "setup", layout=[[8, 3], [7, 6]])
    assert sum(state.outfield[0]) == 9


def test_5_6_2_red_cards_do_not_change_the_formation():
    """4-4-2 still lets west move four players in the midfield zone with a 1 and a 1."""
    state, _ = act(sent_off(), WEST, "remove", area=5)
    assert state.formations[0] == [4, 4, 2]
    state, _ = roll(state, WEST, 6, 3)  # target 7, the ball value becomes 3, west first
    state, _ = choose(state, WEST, "move")
    state, ev = roll(state, WEST, 1, 1)
    assert find(ev, "movement").data["moves"] == 4
