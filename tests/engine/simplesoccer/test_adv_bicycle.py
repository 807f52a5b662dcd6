"""Advanced rules: bicycle kicks, intercepting a kick along the feet row or from behind, or
playing a team-mate's pass backwards (Bicycle kick)."""

from __future__ import annotations

import pytest

from engine.core.errors import RulesError
from engine.simplesoccer import SIMPLESOCCER, flight
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import EAST, WEST, act, ball_name, find, kick, kinds, play_turn_out, position, roll

BICYCLE = {"options": "bicycle"}


def _choices(s: SimpleSoccerState) -> list[str]:
    (d,) = SIMPLESOCCER.pending(s)
    return [c.label for c in d.choices]


def _down(s: SimpleSoccerState, team: int, label: str) -> bool:
    return "down" in s.members[team][label]


def _chance(**options: object) -> SimpleSoccerState:
    """West's 1 (g10, facing south) kicks down column g; East's 2 on h5 faces west: the ball
    enters its front corner g6 from g7, level with its feet row."""
    s = position({"1": "g10/s"}, {"2": "h5/w"}, ball="g9", points=8, **(options or BICYCLE))
    s, _ = kick(s, WEST, "1", "g8 g7 g6 g5 g4 g3")
    return s


def test_a_ball_entering_the_feet_area_from_its_row_may_be_bicycle_kicked() -> None:
    s = _chance()
    assert ball_name(s) == "g6" and s.step == {"k": "intercept", "team": 1}
    assert _choices(s) == ["2 tries a bicycle kick (goes down)", "Let it pass"]


def test_an_even_roll_misses_and_the_kicker_is_down_anyway() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept", how="bicycle")
    s, ev = roll(s, EAST, 4)
    assert find(ev, "bicycle").data["result"] == "miss"
    assert _down(s, 1, "2")
    assert ball_name(s) == "g3" and s.step == {"k": "play", "team": 0}


def test_rulebook_precise_bicycle_kick_goes_that_far_into_the_feet_row_or_behind() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 3)
    s, ev = roll(s, EAST, 2)  # an even distance: precise
    labels = _choices(s)
    assert "Send it to j5" in labels  # behind East's 2 (it faces west)
    assert "Send it to f5" not in labels  # in front of its feet row
    assert "Send it to g7" in labels  # its feet row
    s, ev = act(s, EAST, "redirect", to="j5")
    assert ball_name(s) == "j5" and _down(s, 1, "2")
    # the kick stopped at g6: three squares travelled, three points back
    assert s.turn is not None and s.turn["left"] == 8 - 3


def test_rulebook_bicycle_distance_3_or_5_is_poor_aim_in_a_straight_line_back() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 5)
    s, ev = roll(s, EAST, 3)
    # from the front corner g6 the line runs back diagonally, away from the corner: north-east
    assert find(ev, "travel").data["dir"] == "ne"
    assert ball_name(s) == "j9"


def test_bicycle_poor_aim_from_straight_in_front_picks_one_of_three_lines_back() -> None:
    s = position({"1": "f7/e"}, {"2": "h6/w"}, ball="g7", points=8, **BICYCLE)
    s, _ = kick(s, WEST, "1", "g6 g5")
    assert ball_name(s) == "g6"  # straight in front of East's 2, from its feet row
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 3)
    s, _ = roll(s, EAST, 5)
    assert s.step["k"] == "aim_ball"
    assert _choices(s) == ["East (5)", "North-east (5)", "South-east (5)"]
    s, _ = act(s, EAST, "aim", dir="se")
    assert ball_name(s) == "l1"


def test_a_let_bicycle_chance_is_not_offered_again_in_the_kick() -> None:
    s = position({"1": "g10/s"}, {"2": "h6/w"}, ball="g9", points=8, **BICYCLE)
    s, _ = kick(s, WEST, "1", "g8 g7 g6 g5 g4")
    assert ball_name(s) == "g7"
    s, _ = act(s, EAST, "let")
    assert ball_name(s) == "g4" and s.step["k"] == "play"


def test_rulebook_a_nick_is_a_clean_miss() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 3)
    s, ev = roll(s, EAST, 1)
    assert "nick" in kinds(ev) and _down(s, 1, "2")
    assert ball_name(s) == "g3"
    assert s.turn is not None and s.turn["left"] == 8 - 6  # nothing back: not intercepted


def test_rulebook_a_contact_roll_of_1_is_random_within_the_reversed_arc() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 1)
    assert s.step["n"] == 2
    s, ev = roll(s, EAST, 1, 2)  # 45 degrees counter-clockwise of north-east: north
    assert find(ev, "wild").data["dir"] == "n"
    assert ball_name(s) == "g9"


def test_no_bicycle_kick_for_a_kick_from_in_front() -> None:
    s = position({"1": "c5/e"}, {"2": "h5/w"}, ball="d5", points=10, **BICYCLE)
    s, _ = kick(s, WEST, "1", "e5 f5 g5 h5 i5 j5")
    assert s.step["k"] == "play" and ball_name(s) == "j5"


# -- coordinated bicycle kicks ------------------------------------------------------------


def _pass(**options: object) -> SimpleSoccerState:
    """West's 1 (c6, facing east) passes along row 6 to i6, the front corner of West's 3
    (j7, facing south)."""
    s = position({"1": "c6/e", "3": "j7/s"}, {"2": "c11/w"}, ball="d6", points=8, **options)
    s, _ = kick(s, WEST, "1", "e6 f6 g6 h6 i6")
    return s


def test_a_pass_into_a_team_mates_feet_from_its_row_may_be_bicycle_kicked() -> None:
    s = _pass(**BICYCLE)
    assert s.step == {"k": "coordinate", "team": 0}
    assert _choices(s) == ["3 bicycle-kicks it (goes down)", "Leave the ball there"]
    s, _ = act(s, WEST, "bicycle", member="3")
    s, ev = roll(s, WEST, 5)
    assert find(ev, "bicycle").data["coordinated"] is True
    s, _ = roll(s, WEST, 4)
    s, _ = act(s, WEST, "redirect", to="j11")
    assert ball_name(s) == "j11" and _down(s, 0, "3")
    assert s.step == {"k": "play", "team": 0} and s.turn is not None and s.turn["left"] == 3


def test_rulebook_a_nicked_pass_rolls_on_the_way_it_came() -> None:
    s = _pass(**BICYCLE)
    s, _ = act(s, WEST, "bicycle")
    s, _ = roll(s, WEST, 3)
    s, ev = roll(s, WEST, 1)
    assert "nick" in kinds(ev) and s.step["purpose"] == "on"
    s, _ = roll(s, WEST, 2)
    assert ball_name(s) == "k6" and _down(s, 0, "3")


def test_a_coordinated_bicycle_poor_aim_goes_straight_back() -> None:
    s = _pass(**BICYCLE)
    s, _ = act(s, WEST, "bicycle")
    s, _ = roll(s, WEST, 3)
    s, _ = roll(s, WEST, 3)
    assert ball_name(s) == "f9"  # i6 three squares north-west


def test_a_bicycle_kick_into_the_goal_after_a_pass_stuns_the_goalkeeper() -> None:
    s = position(
        {"1": "o7/e", "3": "t6/n"},
        {"G": "goal7", "2": "c3/w"},
        ball="p7",
        points=8,
        options="bicycle stunned",
    )
    s, _ = kick(s, WEST, "1", "q7 r7 s7")
    s, _ = act(s, WEST, "bicycle", member="3")
    s, _ = roll(s, WEST, 3)
    s, _ = roll(s, WEST, 2)
    # West's 3 faces north: its feet row is row 7, the goal squares up to goal7 are open
    assert "Send it to goal5" in _choices(s) and "Send it to goal8" not in _choices(s)
    s, ev = act(s, WEST, "redirect", to="goal5")
    assert find(ev, "shot").data["stunned"] is True
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [2]


def test_juggled_bicycle_kick() -> None:
    s = position({"3": "j7/s"}, {"2": "c11/w"}, ball="j6", options="bicycle")
    flight.bicycle_attempt(s, 0, "3", [], coordinated=True, juggled=True)
    assert ball_name(s) == "j6"
    s, _ = roll(s, WEST, 3)
    s, _ = roll(s, WEST, 6)
    s, _ = act(s, WEST, "redirect", to="j13")
    assert ball_name(s) == "j13" and _down(s, 0, "3")
    assert s.step == {"k": "roll", "team": 0, "n": 2, "why": "ball"}
    s, _ = roll(s, WEST, 3, 4)
    # down in the turn of the follow-up: it gets up on a later one
    assert s.members[0]["3"]["down"] == s.turns_played


def test_a_down_member_cannot_bicycle_kick() -> None:
    s = position({"3": "j7/s"}, {"2": "c11/w"}, ball="j6", options="bicycle")
    s.members[0]["3"]["down"] = 0
    with pytest.raises(RulesError):
        flight.bicycle_attempt(s, 0, "3", [], coordinated=True, juggled=True)


# -- when an interception by bicycle kick is told, and rolling on after one -------------------


def test_an_intercepting_bicycle_kick_is_told_once_its_distance_shows_a_nick() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, ev = roll(s, EAST, 3)
    # contact, but the distance roll may still make it a nick: no interception told yet
    assert "intercept" not in kinds(ev)
    assert find(ev, "bicycle").data["result"] == "contact"
    s, ev = roll(s, EAST, 1)
    assert [e.data for e in ev if e.kind == "intercept"] == [
        {"team": 1, "member": "2", "how": "bicycle", "die": 3, "result": "nick"}
    ]
    assert ball_name(s) == "g3"


def test_an_intercepting_bicycle_kick_that_connects_is_told_won() -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 5)
    s, ev = roll(s, EAST, 4)
    assert [e.data for e in ev if e.kind == "intercept"] == [
        {"team": 1, "member": "2", "how": "bicycle", "die": 5, "result": "won"}
    ]
    assert find(ev, "points_back").data["points"] == 3


@pytest.mark.parametrize(("die", "result"), [(2, "miss"), (1, "poor_aim")])
def test_a_bicycle_contact_roll_that_settles_it_is_told_at_once(die: int, result: str) -> None:
    s = _chance()
    s, _ = act(s, EAST, "intercept")
    s, ev = roll(s, EAST, die)
    assert find(ev, "intercept").data["result"] == result
    assert find(ev, "bicycle").data["result"] == result


def test_a_bicycle_kicked_pass_does_not_roll_on_next_turn() -> None:
    s = _pass(options="bicycle inertia direction")
    s, _ = act(s, WEST, "bicycle", member="3")
    s, _ = roll(s, WEST, 5)
    s, _ = roll(s, WEST, 4)
    s, _ = act(s, WEST, "redirect", to="j11")
    s = play_turn_out(s, WEST)
    s = play_turn_out(s, EAST)
    s, _ = roll(s, WEST, 3)
    assert ball_name(s) == "j11"
    assert not [c for d in SIMPLESOCCER.pending(s) for c in d.choices if c.action.kind == "inertia"]
