"""Tackles (advanced rules: Tackle): offered before the roll when the ball is at an opponent's
feet, the odd/even call, the fall square, block and slide tackles, a failed tackle."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import EAST, WEST, act, find, kinds, move, position, problem, roll, where

TACKLES = {"options": "tackles"}


def _tackle_turn(
    west: dict[str, str], east: dict[str, str], ball: str, **options: str
) -> SimpleSoccerState:
    return position(west, east, ball=ball, team=WEST, **(options or TACKLES))


def _offers(s: SimpleSoccerState) -> list[str]:
    return [c.label for d in SIMPLESOCCER.pending(s) if d.kind == "tackle" for c in d.choices]


def _tackle(
    s: SimpleSoccerState, member: str, path: str | None, call: str, *dice: int
) -> tuple[SimpleSoccerState, list]:
    s, _ = act(s, WEST, "tackle", member=member, path=[] if path is None else [path])
    s, _ = act(s, WEST, "call", call=call)
    return roll(s, WEST, *dice)


# West's 1 on e5 facing east has the ball on f5 straight in front; East's 1 on g6 (facing west)
# has it diagonally in front of its feet
BLOCK = ({"G": "goal7", "1": "e5", "2": "c10"}, {"G": "goal7", "1": "g6", "2": "p3"})


# -- when a tackle is offered -----------------------------------------------------------


def test_a_tackle_is_offered_beside_the_roll_when_the_ball_is_at_an_opponents_feet() -> None:
    s = _tackle_turn(*BLOCK, ball="f5")
    decisions = SIMPLESOCCER.pending(s)
    assert [d.kind for d in decisions] == ["roll", "tackle"]
    assert _offers(s) == ["1 tackles"]


def test_no_tackle_when_the_ball_is_not_at_an_opponents_feet() -> None:
    west, east = BLOCK
    s = _tackle_turn(west, {**east, "1": "h6"}, ball="f5")  # h6's feet reach g5..g7
    assert [d.kind for d in SIMPLESOCCER.pending(s)] == ["roll"]
    assert problem(s, WEST, "tackle", member="1", path=[]) is not None


def test_no_tackle_of_an_opponent_lying_down() -> None:
    s = _tackle_turn(*BLOCK, ball="f5")
    s.members[1]["1"]["down"] = s.turns_played
    assert _offers(s) == []


def test_no_tackle_in_the_basic_game() -> None:
    s = position(*BLOCK, ball="f5", team=WEST)
    assert [d.kind for d in SIMPLESOCCER.pending(s)] == ["roll"]
    assert "without tackles" in (problem(s, WEST, "tackle", member="1", path=[]) or "")


def test_no_tackle_once_the_turn_is_rolled() -> None:
    s = position(*BLOCK, ball="f5", team=WEST, dice=(3, 4), **TACKLES)
    assert s.step["k"] == "play"
    assert problem(s, WEST, "tackle", member="1", path=[]) is not None


def test_a_tackler_may_step_one_square_to_reach_the_ball() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "d5"}, east, ball="f5")
    # from e4, e5 or e6 the ball on f5 is in front of its feet
    assert sorted(_offers(s)) == [
        "1 tackles from e4 (1)",
        "1 tackles from e5 (1)",
        "1 tackles from e6 (1)",
    ]
    assert problem(s, WEST, "tackle", member="1", path=[]) is not None  # too far without a step
    assert problem(s, WEST, "tackle", member="1", path=["d6"]) is not None
    s, ev = act(s, WEST, "tackle", member="1", path=["e5"])
    assert where(s, WEST, "1") == "e5"
    assert s.step["k"] == "call"
    assert find(ev, "tackle_try").data["slide"] is False


def test_the_call_comes_before_the_roll_and_the_turn_rolls_two_dice() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "d5"}, east, ball="f5")
    assert s.step["n"] == 1  # nobody of West's has the ball at its feet yet
    s, _ = act(s, WEST, "tackle", member="1", path=["e5"])
    (call,) = SIMPLESOCCER.pending(s)
    assert call.kind == "call" and [c.label for c in call.choices] == ["Call odd", "Call even"]
    assert problem(s, WEST, "roll", dice=[3, 3]) is not None  # call first
    s, _ = act(s, WEST, "call", call="odd")
    (rolling,) = SIMPLESOCCER.pending(s)
    assert rolling.kind == "roll" and rolling.dice == 2
    assert _offers(s) == []


# -- a won tackle ----------------------------------------------------------------------


def test_block_tackle_won_the_opponent_falls_across_the_ball_and_the_tackler_stays_up() -> None:
    s, ev = _tackle(_tackle_turn(*BLOCK, ball="f5"), "1", None, "even", 3, 5)
    tackle = find(ev, "tackle").data
    assert tackle["won"] and not tackle["slide"] and tackle["total"] == 8
    assert tackle["call"] == "even" and tackle["opponent"] == "1"
    # East's 1 touched the ball from g6 (north-east of it): it falls south-west of it, on e4
    assert where(s, EAST, "1") == "e4"
    assert s.members[1]["1"]["down"] == s.turns_played
    assert "down" not in s.members[0]["1"]
    assert s.turn["left"] == 8  # no step, nothing spent
    assert s.turn["tackled"] is True


def test_a_tackled_opponent_plays_no_ball_next_turn() -> None:
    s, _ = _tackle(_tackle_turn(*BLOCK, ball="f5"), "1", None, "odd", 2, 5)
    s, _ = act(s, WEST, "end")
    # the ball is West's now: East rolls a single die, its 1 lies on e4
    assert s.step["team"] == 1 and s.step["n"] == 1


def test_fall_square_taken_even_total_goes_clockwise_first() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "f6/s", "3": "e4"}, east, ball="f5")
    # West's 1 on f6 facing south has f5 straight in front; East's 1 on g6 touches it too.
    # East's 1 falls across f5 from g6: e4, taken by West's 3. Round f5 from e4: clockwise
    # e5, counter-clockwise f4; both free, the even total takes clockwise: e5
    s, ev = _tackle(s, "1", None, "even", 2, 4)
    assert find(ev, "tackle").data["won"]
    assert where(s, EAST, "1") == "e5"


def test_fall_square_taken_odd_total_goes_counter_clockwise_first() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "f6/s", "3": "e4"}, east, ball="f5")
    s, ev = _tackle(s, "1", None, "odd", 2, 5)
    assert find(ev, "tackle").data["won"]
    assert where(s, EAST, "1") == "f4"


def test_fall_square_only_one_side_free_is_taken_whatever_the_total() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "f6/s", "3": "e4", "4": "f4"}, east, ball="f5")
    s, _ = _tackle(s, "1", None, "odd", 2, 5)  # odd: counter-clockwise f4 is taken
    assert where(s, EAST, "1") == "e5"


def test_slide_tackle_won_the_tackler_gets_up_at_once_for_a_point() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "d5"}, east, ball="f5")
    s, ev = _tackle(s, "1", "e6", "even", 2, 4)
    tackle = find(ev, "tackle").data
    assert tackle["won"] and tackle["slide"] and tackle["up"]
    assert where(s, WEST, "1") == "e6" and "down" not in s.members[0]["1"]
    assert s.turn["left"] == 6 - 1 - 1  # the step and getting up
    s, ev = move(s, WEST, "1", "d7")  # and it moves on as normal
    assert where(s, WEST, "1") == "d7"


def test_slide_tackle_won_with_a_one_the_tackler_stays_down() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "d5"}, east, ball="f5")
    s, ev = _tackle(s, "1", "e6", "even", 1, 3)
    tackle = find(ev, "tackle").data
    assert tackle["won"] and tackle["slide"] and not tackle["up"]
    assert s.members[0]["1"]["down"] == s.turns_played
    assert s.members[1]["1"]["down"] == s.turns_played
    assert s.turn["left"] == 4 - 1  # only the step
    assert problem(s, WEST, "move", member="1", path="d7") is not None


# -- a lost tackle ---------------------------------------------------------------------


def test_failed_tackle_the_tackler_goes_down_and_the_others_play_on() -> None:
    west, east = BLOCK
    s = _tackle_turn({**west, "1": "d5"}, east, ball="f5")
    s, ev = _tackle(s, "1", "e5", "odd", 2, 4)
    tackle = find(ev, "tackle").data
    assert not tackle["won"] and tackle["total"] == 6 and not tackle["slide"]
    assert s.members[0]["1"]["down"] == s.turns_played
    assert "down" not in s.members[1]["1"] and where(s, EAST, "1") == "g6"
    assert s.ball == [5, 4]  # the ball has not moved
    assert s.step["k"] == "play" and s.turn["left"] == 5  # 6 rolled, 1 for the step
    s, _ = move(s, WEST, "2", "c9")
    assert where(s, WEST, "2") == "c9" and s.turn["left"] == 4
    assert problem(s, WEST, "kick", member="1", path="f7") is not None  # it is down


def test_the_tackle_event_carries_the_summary_keys() -> None:
    s, ev = _tackle(_tackle_turn(*BLOCK, ball="f5"), "1", None, "odd", 1, 4)
    data = find(ev, "tackle").data
    assert {"team", "member", "opponent", "call", "total", "won", "slide"} <= set(data)
    assert (data["team"], data["member"], data["won"]) == (0, "1", True)
    assert kinds(ev).index("rolled") < kinds(ev).index("tackle")


def test_two_opponents_at_the_ball_the_tackler_names_one() -> None:
    west, east = BLOCK
    s = _tackle_turn(west, {**east, "3": "g4"}, ball="f5")
    assert sorted(_offers(s)) == ["1 tackles 1", "1 tackles 3"]
    assert problem(s, WEST, "tackle", member="1", path=[]) is not None
    s, _ = act(s, WEST, "tackle", member="1", path=[], opponent="3")
    s, _ = act(s, WEST, "call", call="even")
    s, ev = roll(s, WEST, 4, 4)
    assert find(ev, "tackle").data["opponent"] == "3"
    assert where(s, EAST, "3") == "e6"  # across f5 from g4


@pytest.mark.parametrize("call", ["", "high", None])
def test_a_call_is_odd_or_even(call: str | None) -> None:
    s = _tackle_turn(*BLOCK, ball="f5")
    s, _ = act(s, WEST, "tackle", member="1", path=[])
    assert problem(s, WEST, "call", call=call) == "Call odd or even."


# -- a failed tackle with poor aim and fouls ---------------------------------------------


def _failed_tackle_with_a_one(options: str):
    """West's 1 tackles (wrongly calling even) with 1 and 4 rolled; West's 2 on f6 facing
    south has the ball on f5 at its feet, so the 1 makes the turn a mis-kick."""
    s = _tackle_turn(
        {"G": "goal7", "1": "e5", "2": "f6/s"},
        {"G": "goal7", "1": "g6", "2": "p3"},
        ball="f5",
        options=options,
    )
    return _tackle(s, "1", None, "even", 1, 4)


def test_a_failed_tackle_with_a_one_on_two_dice_is_a_mis_kick() -> None:
    s, ev = _failed_tackle_with_a_one("tackles poor_aim")
    assert not find(ev, "tackle").data["won"] and "poor_aim" in kinds(ev)
    assert s.step["k"] == "poor_aim" and s.step["total"] == 5


def test_with_fouls_the_contact_roll_comes_first_then_the_mis_kick() -> None:
    s, ev = _failed_tackle_with_a_one("tackles poor_aim fouls")
    assert not find(ev, "tackle").data["won"]
    assert s.step["k"] == "contact"
    s, ev = roll(s, WEST, 5)  # no foul
    assert find(ev, "contact").data["foul"] is False
    (aim,) = SIMPLESOCCER.pending(s)
    assert aim.kind == "aim" and [c.label for c in aim.choices] == [
        "2 mis-kicks south",
        "2 mis-kicks south-east",
        "2 mis-kicks south-west",
    ]
    s, ev = act(s, WEST, "aim", member="2", dir="s")  # 5 squares south from row 5: out
    assert find(ev, "out").data["restart"] == "throw_in"
    assert s.restart["team"] == 1


def test_with_fouls_a_foul_on_the_contact_roll_ends_the_turn_before_the_mis_kick() -> None:
    s, _ = _failed_tackle_with_a_one("tackles poor_aim fouls")
    s, ev = roll(s, WEST, 2)
    assert find(ev, "foul").data["member"] == "1"
    assert s.restart["kind"] == "free_kick" and s.restart["team"] == 1
    assert "poor_aim" not in kinds(ev)
