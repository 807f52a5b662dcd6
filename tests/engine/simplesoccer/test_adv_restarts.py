"""Advanced rules, Poor aim and out of bounds: throw-ins, corners (the curved corner with a
called total), goal kicks, free kicks; the taker or the teams' repositioning first."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.simplesoccer import SIMPLESOCCER, restarts
from engine.simplesoccer.field import field, parse

from .scenario import (
    EAST,
    WEST,
    act,
    ball_name,
    find,
    kinds,
    position,
    problem,
    roll,
    where,
)

POOR = "poor_aim"
F = field("standard")


def _labels(s) -> list[str]:
    return [c.label for d in SIMPLESOCCER.pending(s) for c in d.choices]


def _throw_in(options: str = POOR, **east: str):
    """West's 7 mis-kicks the ball over the top side line at g13: East's throw-in."""
    s = position(
        {"G": "goal7", "7": "e11"},
        {"G": "goal7", "2": "k9", **east},
        ball="f12",
        options=options,
    )
    s, _ = roll(s, WEST, 1, 4)
    s, _ = act(s, WEST, "aim", member="7", dir="ne")
    return s


def _corner(options: str = POOR):
    """East's 3 mis-kicks over its own end line: West's corner from u13."""
    s = position(
        {"G": "goal7", "1": "p9", "4": "n3"},
        {"G": "goal7", "3": "t12/e", "5": "r5"},
        ball="u12",
        team=EAST,
        options=options,
    )
    s, _ = roll(s, EAST, 1, 2)
    s, _ = act(s, EAST, "aim", member="3", dir="e")
    return s


def _goal_kick(options: str = POOR, **west: str):
    """West's 7 mis-kicks over East's end line at u11: East's goal kick."""
    s = position(
        {"G": "goal7", "7": "s11", **west},
        {"G": "goal7", "2": "p3"},
        ball="t11",
        options=options,
    )
    s, _ = roll(s, WEST, 1, 4)
    s, _ = act(s, WEST, "aim", member="7", dir="e")
    return s


# -- the throw-in ------------------------------------------------------------------------------


def test_a_throw_in_taker_is_set_straight_behind_the_ball_then_three_dice() -> None:
    s = _throw_in()
    assert ball_name(s) == "g13" and (s.step["k"], s.step["team"]) == ("taker", 1)
    # only fielders take a throw-in
    assert _labels(s) == ["2 takes it from h13"]
    s, ev = act(s, EAST, "taker", member="2")
    assert where(s, EAST, "2") == "h13" and s.members[1]["2"]["facing"] == "w"
    assert find(ev, "restart").data == {"team": 1, "kind": "throw_in", "at": [6, 12]}
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.kind, d.dice) == ("roll", 3) and "throw-in" in d.prompt
    # poor aim never applies to 3 dice
    s, ev = roll(s, EAST, 1, 1, 2)
    assert find(ev, "rolled").data["why"] == "throw_in"
    assert s.step["k"] == "play" and s.turn["left"] == 4 and s.restart is None


def test_with_facing_the_taker_turns_to_face_the_ball() -> None:
    s = _throw_in(f"{POOR} facing")
    s, _ = act(s, EAST, "taker", member="2")
    # g12 facing north and h13 facing west are as near: the first way round the compass
    assert where(s, EAST, "2") == "g12" and s.members[1]["2"]["facing"] == "n"


def test_a_taker_on_its_feet_only() -> None:
    s = _throw_in(**{"4": "m9"})
    s.members[1]["4"]["down"] = s.turns_played
    assert _labels(s) == ["2 takes it from h13"]
    assert "on its feet" in (problem(s, EAST, "taker", member="4") or "")


def test_the_ball_goes_out_where_a_member_stands_then_rests_beside_it() -> None:
    s = _throw_in(**{"6": "g13"})
    assert ball_name(s) != "g13" and s.ball_at() not in s.occupied()


# -- the corner --------------------------------------------------------------------------------


def test_a_defender_putting_it_over_its_end_line_gives_a_corner() -> None:
    s = _corner()
    assert ball_name(s) == "u13" and (s.step["k"], s.step["team"]) == ("taker", 0)
    s, _ = act(s, WEST, "taker", member="1")
    assert where(s, WEST, "1") == "t13"
    names = {d.kind: d for d in SIMPLESOCCER.pending(s)}
    assert set(names) == {"roll", "call"}
    assert [c.label for c in names["call"].choices] == [f"Call {n}" for n in range(3, 19)]


def _taken_corner(options: str = POOR):
    s = _corner(options)
    s, _ = act(s, WEST, "taker", member="1")
    return s


def test_a_corner_rolled_without_a_call_is_a_plain_three_dice_turn() -> None:
    s, ev = roll(_taken_corner(), WEST, 1, 2, 2)
    assert find(ev, "rolled").data["why"] == "corner"
    assert s.step["k"] == "play" and s.turn["left"] == 5 and ball_name(s) == "u13"


def test_a_curved_corner_called_right_crosses_the_goal_line_that_far_along_a_shot() -> None:
    s, ev = act(_taken_corner(), WEST, "call", total=5)
    assert find(ev, "corner_call").data == {"team": 0, "member": "1", "total": 5}
    assert not any(d.kind == "call" for d in SIMPLESOCCER.pending(s))
    s, ev = roll(s, WEST, 1, 2, 2)
    assert find(ev, "curved").data["right"] is True
    shot = find(ev, "shot").data
    # 5 squares along the goal line from the corner: the goal square beside row 8
    assert shot["at"] == list(parse(F, "goal8", 1)) and shot["distance"] == 1
    assert (s.step["k"], s.step["team"]) == ("save", 1)


@pytest.mark.parametrize("total", [11, 14])
def test_a_curved_corner_called_right_outside_the_goal_goes_out_again_for_a_goal_kick(
    total: int,
) -> None:
    s, _ = act(_taken_corner(), WEST, "call", total=total)
    dice = [6, 4, 1] if total == 11 else [6, 6, 2]
    s, ev = roll(s, WEST, *dice)
    assert find(ev, "out").data["restart"] == "goal_kick"
    assert (s.step["k"], s.step["team"]) == ("place", 1)


def test_a_curved_corner_called_wrong_lands_inside_the_field_that_far_along_and_ends_the_turn() -> (
    None
):
    s, _ = act(_taken_corner(), WEST, "call", total=10)
    s, ev = roll(s, WEST, 2, 2, 3)
    assert find(ev, "curved").data == {
        "team": 0,
        "member": "1",
        "call": 10,
        "total": 7,
        "right": False,
    }
    assert ball_name(s) == "u6"
    assert find(ev, "turn_end").data["reason"] == "corner"
    assert (s.step["k"], s.step["team"]) == ("roll", 1)


def test_a_curved_corner_called_wrong_bounces_off_a_marker() -> None:
    s = _taken_corner()
    s.members[1]["5"]["at"] = list(parse(F, "u6"))
    s, _ = act(s, WEST, "call", total=10)
    s, _ = roll(s, WEST, 2, 2, 3)
    assert ball_name(s) == "u7"  # back one square towards the corner


def test_a_curved_corner_called_wrong_past_the_far_corner_is_a_throw_in() -> None:
    s, _ = act(_taken_corner(), WEST, "call", total=3)
    s, ev = roll(s, WEST, 6, 6, 6)
    assert find(ev, "out").data == {"team": 0, "at": [20, 0], "restart": "throw_in", "to": 1}


def _corner_on_a_member(near_west: bool):
    """The corner square is taken by a member of the corner team, so the ball rests beside
    it: West's 3 mis-kicks over its own end line (East's corner at a13, East's 9 on it), or
    East's 3 over its own (West's corner at u1, West's 9 on it)."""
    if near_west:
        s = position(
            {"G": "goal7", "3": "b12/w", "5": "e5"},
            {"G": "goal7", "1": "f9", "9": "a13"},
            ball="a12",
            options=POOR,
        )
        s, _ = roll(s, WEST, 1, 2)
        s, _ = act(s, WEST, "aim", member="3", dir="w")
        assert ball_name(s) == "b13"
        s, _ = act(s, EAST, "taker", member="1")
        return s, EAST, 1
    s = position(
        {"G": "goal7", "1": "p5", "9": "u1"},
        {"G": "goal7", "3": "t2/e"},
        ball="u2",
        team=EAST,
        options=POOR,
    )
    s, _ = roll(s, EAST, 1, 2)
    s, _ = act(s, EAST, "aim", member="3", dir="e")
    assert ball_name(s) == "u2"
    s, _ = act(s, WEST, "taker", member="1")
    return s, WEST, 0


@pytest.mark.parametrize(("near_west", "goal"), [(True, "goal8"), (False, "goal6")])
def test_a_curved_corner_counts_from_the_corner_square_when_the_ball_lies_beside_it(
    near_west: bool, goal: str
) -> None:
    s, side, team = _corner_on_a_member(near_west)
    s, _ = act(s, side, "call", total=5)
    s, ev = roll(s, side, 1, 2, 2)
    shot = find(ev, "shot").data
    # 5 along the end line from the corner, into the other team's goal: no own goal
    defending = 1 - team
    assert shot["at"] == list(parse(F, goal, defending)) and "own_goal" not in shot
    assert (s.step["k"], s.step["team"]) == ("save", defending)


@pytest.mark.parametrize(("near_west", "lands"), [(True, "a6"), (False, "u8")])
def test_a_curved_corner_called_wrong_counts_from_the_corner_square_too(
    near_west: bool, lands: str
) -> None:
    s, side, team = _corner_on_a_member(near_west)
    s, _ = act(s, side, "call", total=10)
    s, ev = roll(s, side, 2, 2, 3)
    # 7 squares along the end line from the corner, towards the goal
    assert ball_name(s) == lands and "out" not in kinds(ev)
    assert find(ev, "turn_end").data["reason"] == "corner"
    assert (s.step["k"], s.step["team"]) == ("roll", 1 - team)


def test_a_call_only_at_a_corner_and_only_a_dice_total() -> None:
    s = _taken_corner()
    assert problem(s, WEST, "call", total=2) is not None
    assert problem(s, WEST, "call", total=19) is not None
    s = _throw_in()
    s, _ = act(s, EAST, "taker", member="2")
    assert not any(d.kind == "call" for d in SIMPLESOCCER.pending(s))
    assert "corner" in (problem(s, EAST, "call", total=9) or "")


# -- the goal kick -----------------------------------------------------------------------------


def test_a_goal_kick_clears_the_attackers_out_of_the_penalty_area() -> None:
    s = _goal_kick(**{"8": "s5", "9": "t9"})
    for label in ("7", "8", "9"):
        assert not F.in_box(1, s.at(0, label)), label
    assert where(s, WEST, "8") == "q7"
    assert (s.step["k"], s.step["team"]) == ("place", 1)


def test_the_goal_kick_is_placed_on_a_free_square_of_the_penalty_area() -> None:
    s = _goal_kick()
    assert "inside your own penalty area" in (problem(s, EAST, "place", square="p7") or "")
    s.members[1]["2"]["at"] = list(parse(F, "s7"))
    assert "taken" in (problem(s, EAST, "place", square="s7") or "")
    (d,) = SIMPLESOCCER.pending(s)
    assert d.kind == "place" and 0 < len(d.choices) <= 25 and d.open_ended
    s, ev = act(s, EAST, "place", square="s8")
    assert ball_name(s) == "s8" and find(ev, "placed").data == {"team": 1, "at": [18, 7]}
    # the goalkeeper may take a goal kick
    assert "G takes it from t8" in _labels(s)
    s, ev = act(s, EAST, "taker", member="G")
    assert where(s, EAST, "G") == "t8"
    assert find(ev, "restart").data["kind"] == "goal_kick"
    s, ev = roll(s, EAST, 1, 3, 1)
    assert s.step["k"] == "play" and s.turn["left"] == 5


# -- repositioning -----------------------------------------------------------------------------


def test_with_repositioning_the_other_team_moves_first_then_the_restart_team() -> None:
    s = _throw_in(f"{POOR} reposition")
    assert (s.step["k"], s.step["team"]) == ("reposition", 0)
    assert _labels(s) == ["Ready"]
    s, ev = act(s, WEST, "reposition", layout="7 g11")
    assert where(s, WEST, "7") == "g11"
    assert find(ev, "reposition").data == {"team": 0, "moves": {"7": [6, 10]}}
    assert (s.step["k"], s.step["team"]) == ("reposition", 1)
    s, ev = act(s, EAST, "ready")
    assert find(ev, "restart").data["kind"] == "throw_in"
    assert where(s, EAST, "2") == "k9"  # no taker is placed
    assert (s.step["k"], s.step["n"]) == ("roll", 3)


def test_repositioning_only_to_free_squares_and_not_onto_the_ball() -> None:
    s = _throw_in(f"{POOR} reposition")
    assert "ball" in (problem(s, WEST, "reposition", layout="7 g13") or "")
    assert "taken" in (problem(s, WEST, "reposition", layout="7 k9") or "")
    assert problem(s, WEST, "reposition", layout="7 k9, G k10") is not None
    # two members may swap squares in one layout
    s2, _ = act(s, WEST, "reposition", layout="7 f13, G goal6")
    assert where(s2, WEST, "G") == "goal6"
    s.members[0]["7"]["down"] = s.turns_played
    assert "down" in (problem(s, WEST, "reposition", layout="7 g11") or "")


def test_repositioning_before_a_goal_kick_keeps_the_attackers_out_of_the_area() -> None:
    s = _goal_kick(f"{POOR} reposition")
    s, _ = act(s, EAST, "place", square="s7")
    assert (s.step["k"], s.step["team"]) == ("reposition", 0)
    assert "outside" in (problem(s, WEST, "reposition", layout="7 r8") or "")
    s, _ = act(s, WEST, "reposition", layout="7 q8")
    s, _ = act(s, EAST, "reposition", layout="2 t7")
    assert (s.step["k"], s.step["team"]) == ("roll", 1)


# -- the free kick (fouls award it) and half time ----------------------------------------------


def test_a_free_kick_ends_the_turn_under_way_then_its_taker_and_three_dice() -> None:
    s = position({"G": "goal7", "7": "e5"}, {"G": "goal7", "2": "h5"}, ball="f5", dice=(3, 4))
    ev: list[Event] = []
    restarts.award(s, 1, "free_kick", (5, 4), ev, reason="foul")
    assert find(ev, "turn_end").data["reason"] == "foul"
    assert (s.step["k"], s.step["team"]) == ("taker", 1)
    s, ev = act(s, EAST, "taker", member="2")
    assert where(s, EAST, "2") == "g5"
    (d,) = SIMPLESOCCER.pending(s)
    assert d.dice == 3 and "free kick" in d.prompt
    s, ev = roll(s, EAST, 2, 2, 2)
    assert find(ev, "rolled").data["why"] == "free_kick"


def test_a_restart_due_at_half_time_gives_way_to_the_half_time_kick_off() -> None:
    s = position(
        {"G": "goal7", "7": "e11"},
        {"G": "goal7", "2": "k9"},
        ball="f12",
        options=POOR,
        half_time=True,
    )
    s.turns_played = s.options["turns"] // 2 - 1
    s, _ = roll(s, WEST, 1, 4)
    s, ev = act(s, WEST, "aim", member="7", dir="ne")
    assert kinds(ev)[-2:] == ["turn_end", "half_time"]
    assert s.step["k"] == "setup" and s.restart is None


def test_a_turn_that_starts_otherwise_forgets_a_restart() -> None:
    s = _throw_in()
    s, _ = act(s, EAST, "taker", member="2")
    assert s.restart is not None
    from engine.simplesoccer import flow

    flow.start_turn(s, 1)
    assert s.restart is None
