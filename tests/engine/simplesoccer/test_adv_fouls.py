"""Fouls (advanced rules: Optional fouls): contact rolls, free kicks, penalties in play, cards."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.simplesoccer import SIMPLESOCCER, flow, fouls
from engine.simplesoccer.field import name
from engine.simplesoccer.setup import preset_layout

from .scenario import (
    EAST,
    WEST,
    act,
    ball_name,
    find,
    kick,
    kinds,
    move,
    position,
    problem,
    roll,
    started,
    where,
)

FOULS = {"options": "fouls"}


def _midfield(**options: object):
    """West's 1 on e5 with 6 points to spend, East's 1 on g5; the ball far away."""
    return position(
        {"G": "goal7", "1": "e5", "2": "b10"},
        {"G": "goal7", "1": "g5", "2": "p10"},
        ball="k11",
        points=6,
        **({**FOULS, **options}),  # type: ignore[arg-type]
    )


def test_moving_square_on_next_to_an_opponent_asks_a_contact_roll() -> None:
    s, ev = move(_midfield(), WEST, "1", "f5")
    assert s.step["k"] == "contact" and s.step["team"] == 0
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.actor, d.kind, d.dice) == (WEST, "roll", 1)
    assert "East's 1" in d.prompt and "a 1 is a foul" in d.prompt


def test_no_foul_the_turn_goes_on_with_the_points_left() -> None:
    s, _ = move(_midfield(), WEST, "1", "f5")
    s, ev = roll(s, WEST, 2)
    assert find(ev, "contact").data == {
        "team": 0,
        "member": "1",
        "against": "1",
        "die": 2,
        "foul": False,
    }
    assert s.step == {"k": "play", "team": 0} and s.turn["left"] == 5
    assert where(s, WEST, "1") == "f5"


def test_no_foul_after_the_last_point_the_turn_ends_as_usual() -> None:
    s = _midfield()
    s.turn["left"] = 1
    s, _ = move(s, WEST, "1", "f5")
    assert s.step["k"] == "contact"
    s, ev = roll(s, WEST, 6)
    assert "turn_end" in kinds(ev)
    assert s.step["k"] == "roll" and s.step["team"] == 1


def test_a_one_is_a_foul_the_turn_ends_and_the_other_team_gets_a_free_kick() -> None:
    s, _ = move(_midfield(), WEST, "1", "f5")
    s, ev = roll(s, WEST, 1)
    foul = find(ev, "foul").data
    assert foul == {
        "team": 0,
        "member": "1",
        "against": "1",
        "at": [6, 4],
        "penalty": False,
        "card": None,
    }
    assert find(ev, "turn_end").data["reason"] == "foul"
    assert s.turn is None and s.members[0]["1"]["fouls"] == 1
    assert s.restart is not None and s.restart["kind"] == "free_kick" and s.restart["team"] == 1
    # the ball on the free square nearest the fouled member, East to play it
    assert ball_name(s) in {"g4", "g6", "h5", "h4", "h6"}
    assert s.step["team"] == 1


def test_diagonal_contact_is_no_contact_roll() -> None:
    s, _ = move(_midfield(), WEST, "1", "f4")
    assert s.step["k"] == "play"


def test_staying_square_on_next_to_the_same_opponent_asks_no_roll() -> None:
    s = position(
        {"G": "goal7", "1": "g4"},
        {"G": "goal7", "1": "g5"},
        ball="k11",
        points=6,
        **FOULS,
    )
    s, _ = move(s, WEST, "1", "h4 h5")  # h5 is square-on next to g5, as g4 was
    assert s.step["k"] == "play"


def test_an_opponent_lying_down_is_no_contact() -> None:
    s = _midfield()
    s.members[1]["1"]["down"] = s.turns_played
    s, _ = move(s, WEST, "1", "f5")
    assert s.step["k"] == "play"


def test_without_the_rule_there_is_no_contact_roll() -> None:
    s = position({"G": "goal7", "1": "e5"}, {"G": "goal7", "1": "g5"}, ball="k11", points=6)
    s, ev = move(s, WEST, "1", "f5")
    assert s.step["k"] == "play" and "contact" not in kinds(ev)


# -- a penalty in play ---------------------------------------------------------------------


def _box(**options: object):
    """East's 1 attacks on c7 in West's penalty area; West's 2 comes from a7, square-on."""
    s = position(
        {"G": "goal7", "1": "e5", "2": "a8"},
        {"G": "goal7", "1": "c7", "2": "p10"},
        ball="k11",
        points=6,
        **({**FOULS, **options}),  # type: ignore[arg-type]
    )
    s, _ = move(s, WEST, "2", "b7")
    assert s.step["k"] == "contact"
    return roll(s, WEST, 1)


def test_a_foul_on_an_attacker_in_the_own_penalty_area_is_a_penalty() -> None:
    s, ev = _box()
    assert find(ev, "foul").data["penalty"] is True
    assert find(ev, "penalty_awarded").data == {"team": 1, "taker": "1"}
    assert s.step["k"] == "pen_spot" and s.step["team"] == 0
    (d,) = SIMPLESOCCER.pending(s)
    assert d.kind == "spot" and d.secret and len(d.choices) == 7


def test_a_penalty_saved_the_goalkeeper_holds_the_ball_and_plays() -> None:
    s, _ = _box()
    s, _ = act(s, WEST, "spot", spot=4)  # West's goal: spot 4 is the middle, goal7
    view = SIMPLESOCCER.view(s, EAST)
    assert view["step"]["spot"] is None  # the kicker does not see the spot
    assert SIMPLESOCCER.view(s, WEST)["step"]["spot"] == 4
    s, ev = roll(s, EAST, 4)  # the 5th open spot: spot 5, next to the goalkeeper
    kick = find(ev, "pen_kick").data
    assert (kick["ball"], kick["spot"], kick["distance"], kick["face"]) == (5, 4, 1, False)
    assert where(s, WEST, "G") == "goal7" and ball_name(s) == "goal8"
    assert s.step["k"] == "pen_save" and s.step["n"] == 1
    s, ev = roll(s, WEST, 3)  # odd: caught
    assert find(ev, "pen_save_roll").data["result"] == "grab"
    assert s.held == 0 and where(s, WEST, "G") == "goal8"
    assert s.step == {"k": "roll", "team": 0, "n": 3, "why": "goalie"}
    assert s.score == [0, 0]


def test_a_penalty_scored_is_a_goal_and_the_fouling_team_kicks_off() -> None:
    s, _ = _box()
    s, _ = act(s, WEST, "spot", spot=1)
    s, ev = roll(s, EAST, 6)  # spot 7, six away: in without a save roll
    assert "pen_save_roll" not in kinds(ev)
    assert find(ev, "goal").data["team"] == 1 and s.score == [0, 1]
    assert s.step["k"] == "setup" and s.step["kickoff"] == 0


def test_the_spots_count_from_the_kickers_left_at_either_goal() -> None:
    s, _ = _box()
    assert fouls.spot_square(s, 0, 1) == (-1, 3)  # West's goal: left is south
    assert fouls.spot_square(s, 1, 1) == (21, 9)  # East's goal: left is north


def test_with_the_advanced_shootout_the_penalty_kicker_hides_a_face() -> None:
    s, _ = _box(rules="advanced", options="fouls")
    assert s.step["k"] == "pen_face" and s.step["team"] == 1
    (d,) = SIMPLESOCCER.pending(s)
    assert d.kind == "face" and d.secret and len(d.choices) == 6
    s, ev = act(s, EAST, "face", face=2)
    assert find(ev, "face_chosen").data == {"team": 1}
    assert SIMPLESOCCER.view(s, WEST)["step"]["face"] is None
    assert SIMPLESOCCER.view(s, None)["step"]["face"] is None
    assert SIMPLESOCCER.view(s, EAST)["step"]["face"] == 2
    s, ev = act(s, WEST, "spot", spot=3)
    kick = find(ev, "pen_kick").data
    assert (kick["die"], kick["face"], kick["ball"], kick["distance"]) == (2, True, 2, 1)
    assert s.step["k"] == "pen_save"


def test_a_foul_outside_the_box_near_it_is_a_free_kick() -> None:
    s = position(
        {"G": "goal7", "2": "f8"},
        {"G": "goal7", "1": "e7"},
        ball="k11",
        points=6,
        **FOULS,
    )
    s, _ = move(s, WEST, "2", "f7")
    s, ev = roll(s, WEST, 1)
    assert find(ev, "foul").data["penalty"] is False
    assert s.restart["kind"] == "free_kick"


# -- failed tackles and headers ----------------------------------------------------------


def test_a_failed_tackle_fouls_on_one_or_two() -> None:
    s = position(
        {"G": "goal7", "3": "f6"}, {"G": "goal7", "1": "h5/w"}, ball="g5", points=4, **FOULS
    )
    ev: list[Event] = []
    assert fouls.failed_tackle(s, 0, "3", ev) is True
    assert s.step["k"] == "contact" and s.step["fouls"] == [1, 2]
    assert "a 1 or 2 is a foul" in SIMPLESOCCER.pending(s)[0].prompt
    s, ev = roll(s, WEST, 2)
    assert find(ev, "foul").data["against"] == "1"
    assert s.restart["kind"] == "free_kick" and s.restart["team"] == 1


def test_a_failed_tackle_three_is_no_foul_and_play_goes_on() -> None:
    s = position(
        {"G": "goal7", "3": "f6"}, {"G": "goal7", "1": "h5/w"}, ball="g5", points=4, **FOULS
    )
    fouls.failed_tackle(s, 0, "3", [])
    s, ev = roll(s, WEST, 3)
    assert s.step == {"k": "play", "team": 0} and "foul" not in kinds(ev)


def test_a_failed_header_fouls_only_when_touching_an_opponent() -> None:
    s = position(
        {"G": "goal7", "3": "f6"}, {"G": "goal7", "1": "g7"}, ball="k11", points=4, **FOULS
    )
    assert fouls.failed_header(s, 0, "3", []) is True  # g7 touches f6 diagonally
    assert s.step["fouls"] == [1, 2] and s.step["why"] == "header"
    far = position(
        {"G": "goal7", "3": "f6"}, {"G": "goal7", "1": "h8"}, ball="k11", points=4, **FOULS
    )
    assert fouls.failed_header(far, 0, "3", []) is False and far.step["k"] == "play"


def test_no_contact_rolls_without_the_rule() -> None:
    s = position({"G": "goal7", "3": "f6"}, {"G": "goal7", "1": "g7"}, ball="k11", points=4)
    assert fouls.failed_header(s, 0, "3", []) is False
    assert fouls.failed_tackle(s, 0, "3", []) is False


# -- cards ---------------------------------------------------------------------------------


def _foul_again(fouls_before: int, **options: object):
    s = _midfield(**options)
    s.members[0]["1"]["fouls"] = fouls_before
    s, _ = move(s, WEST, "1", "f5")
    return roll(s, WEST, 1)


def test_without_skill_points_there_are_no_cards() -> None:
    s, ev = _foul_again(2)
    assert find(ev, "foul").data["card"] is None and "card" not in kinds(ev)
    assert "1" in s.members[0] and s.members[0]["1"]["fouls"] == 3


def test_the_second_foul_is_a_yellow_card() -> None:
    s, ev = _foul_again(1, options="fouls skills")
    assert find(ev, "foul").data["card"] == "yellow"
    assert find(ev, "card").data == {"team": 0, "member": "1", "card": "yellow"}
    assert s.members[0]["1"]["card"] == "yellow"


def test_the_third_foul_is_a_red_card_and_the_member_leaves_the_field() -> None:
    s, ev = _foul_again(2, options="fouls skills")
    assert find(ev, "card").data["card"] == "red"
    assert "1" not in s.members[0]
    assert s.restart["kind"] == "free_kick"


def test_a_failed_tackle_in_play_asks_the_contact_roll_then_the_free_kick() -> None:
    s = position(
        {"G": "goal7", "1": "d5", "2": "c10"},
        {"G": "goal7", "1": "g6", "2": "p3"},
        ball="f5",
        options="tackles fouls",
    )
    s, _ = act(s, WEST, "tackle", member="1", path=["e5"])
    s, _ = act(s, WEST, "call", call="odd")
    s, ev = roll(s, WEST, 2, 4)  # even: the tackle fails
    assert not find(ev, "tackle").data["won"]
    assert s.step["k"] == "contact" and s.step["fouls"] == [1, 2]
    s, ev = roll(s, WEST, 2)
    foul = find(ev, "foul").data
    assert foul["member"] == "1" and foul["against"] == "1" and foul["at"] == [6, 5]
    assert s.restart["kind"] == "free_kick" and s.restart["team"] == 1


def test_a_headers_foul_during_the_kickers_turn_gives_the_kicking_team_a_free_kick() -> None:
    s = position(
        {"1": "i12/s", "5": "h10/e"},
        {"2": "h9/w"},
        ball="i11",
        points=8,
        options="headers fouls",
    )
    s, _ = kick(s, WEST, "1", "i10 i9 i8 i7")
    s, _ = act(s, EAST, "intercept", member="2")
    s, _ = roll(s, EAST, 2)  # the header misses, East's 2 touching West's 5
    s, ev = roll(s, EAST, 1)
    assert find(ev, "foul").data == {
        "team": 1,
        "member": "2",
        "against": "5",
        "at": [7, 9],
        "penalty": False,
        "card": None,
    }
    assert find(ev, "turn_end").data == {"team": 0, "left": 4, "reason": "foul"}
    assert s.restart["kind"] == "free_kick" and s.restart["team"] == 0


# -- cards and sent-off members across set-ups ----------------------------------------------


def _carded(kickoff: str = WEST):
    """A match with skill points and fouls under way: West's 10 has 3 skill points, West's 1
    a yellow card (2 fouls), East's 5 one foul; West's 3 was sent off."""
    s = started(kickoff, options="skills fouls")
    s, _ = act(s, WEST, "skills", preset="star")
    s, _ = act(s, EAST, "skills", preset="spread")
    s.members[0]["1"].update(fouls=2, card="yellow")
    s.members[1]["5"]["fouls"] = 1
    s.members[0]["3"]["fouls"] = 2
    fouls.commit(s, 0, "3", "1", [])  # the third foul: a red card
    return s


@pytest.mark.parametrize("why", ["goal", "half"])
def test_skill_points_fouls_and_cards_outlast_a_new_set_up(why: str) -> None:
    s = _carded()
    if why == "goal":
        flow.goal(s, 0, "7", [])
    else:
        flow.to_setup(s, 1, "half")
    s, _ = act(s, WEST, "setup", preset="balanced")
    s, ev = act(s, EAST, "setup", preset="balanced")
    assert "kickoff" in kinds(ev)
    west, east = s.members
    assert west["10"]["skill"] == 3 and (west["1"]["fouls"], west["1"]["card"]) == (2, "yellow")
    assert east["5"]["fouls"] == 1 and east["5"]["skill"] == 1
    assert "card" not in west["2"] and "fouls" not in west["2"]
    assert "3" not in west and len(west) == 10  # sent off before the set-up


def test_a_member_sent_off_stays_off_after_a_goal() -> None:
    s = _carded()
    assert "3" not in s.members[0]
    flow.goal(s, 1, "1", [])  # East scores: West kicks off
    s, _ = act(s, WEST, "setup", preset="attacking")
    s, _ = act(s, EAST, "setup", preset="balanced")
    assert "3" not in s.members[0] and len(s.members[0]) == 10
    assert len(s.members[1]) == 11
    assert s.step["k"] == "roll" and s.step["team"] == 0


def test_a_typed_set_up_leaves_the_sent_off_member_out() -> None:
    s = _carded()
    flow.goal(s, 0, "7", [])  # West scores: East kicks off
    full = preset_layout(s.field, 0, 10, False, "balanced")
    typed = {label: name(s.field, sq) for label, sq in full.items()}
    refused = problem(s, WEST, "setup", layout=typed)
    assert refused == "3 was sent off and cannot come back: leave it out."
    del typed["3"]
    s, ev = act(s, WEST, "setup", layout=typed)
    assert "setup" in kinds(ev) and "3" not in s.members[0]


def test_the_kick_off_preset_picks_another_kicker_when_its_own_was_sent_off() -> None:
    s = started(WEST, options="skills fouls")
    s, _ = act(s, WEST, "skills", preset="star")
    s, _ = act(s, EAST, "skills", preset="star")
    s.members[0]["10"]["fouls"] = 2
    fouls.commit(s, 0, "10", "1", [])
    flow.goal(s, 1, "1", [])  # West kicks off again, without its 10
    s, _ = act(s, WEST, "setup", preset="balanced")
    s, ev = act(s, EAST, "setup", preset="balanced")
    assert "kickoff" in kinds(ev) and "10" not in s.members[0]
    assert where(s, WEST, "9") == "j7"  # straight behind the ball on the centre spot


def test_a_yellow_card_carried_over_a_goal_turns_red_on_the_next_foul() -> None:
    s = _carded()
    flow.goal(s, 0, "7", [])
    s, _ = act(s, WEST, "setup", preset="balanced")
    s, _ = act(s, EAST, "setup", preset="balanced")
    assert s.members[0]["1"]["fouls"] == 2  # kept over the set-up
    ev: list[Event] = []
    fouls.commit(s, 0, "1", "1", ev)
    assert find(ev, "card").data == {"team": 0, "member": "1", "card": "red"}
    assert "1" not in s.members[0] and s.sent_off[0] == ["3", "1"]
