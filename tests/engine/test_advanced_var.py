"""A10 V.A.R.: a check after every goal and after a successful pressing in a penalty area;
a double 6 overturns it."""

from __future__ import annotations

from engine.fuba import match as fuba_match
from engine.fuba import var
from engine.fuba.state import FubaState
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced
from tests.engine.scenario import find, refused, roll

W, E = 0, 1


def goal(s: FubaState, team: int, ball: int = 9) -> FubaState:
    s = s.clone()
    s.ball = ball
    fuba_match._goal(s, team, [])
    return s


def test_a10_the_scoring_team_rolls_after_a_goal():
    s = goal(advanced("var"), W)
    assert s.score == [1, 0] and s.agenda == [
        {"k": "roll", "team": W, "n": 2, "for": "var_goal", "area": 9}
    ]
    refused(s, EAST, "roll", None, dice=[6, 6])


def test_a10_the_goal_stands_and_the_other_team_kicks_off():
    s, ev = roll(goal(advanced("var"), W), WEST, 6, 5)
    assert s.score == [1, 0] and s.control == E and s.turn["kind"] == "kickoff"
    assert "V.A.R. (6 and 5): the goal stands" in narrate(ev)


def test_a10_a_double_6_denies_the_goal_a_free_kick_where_the_shot_was_taken():
    s, ev = roll(goal(advanced("var"), W, ball=9), WEST, 6, 6)
    assert s.score == [0, 0] and find(ev, "goal_denied").data["score"] == [0, 0]
    assert find(ev, "free_kick").data == {"team": E, "area": 9, "quick": True}
    assert "V.A.R. (6 and 6): the goal is overturned!" in narrate(ev)


def test_a10_no_check_without_the_rule():
    s = goal(advanced(), W)
    assert s.turn["kind"] == "kickoff" and s.agenda[0]["k"] != "roll"


def pressed(s: FubaState, team: int, ball: int) -> FubaState:
    s = s.clone()
    s.ball = ball
    s.control = team
    var.after_pressing(s, team, [])
    return s


def test_a10_a_pressing_won_in_a_box_is_checked_by_the_pressing_team():
    s = pressed(advanced("var"), E, 2)
    assert s.agenda[0] == {"k": "roll", "team": E, "n": 2, "for": "var_press", "area": 2}
    assert pressed(advanced("var"), E, 9).agenda[0]["k"] == "target"  # not in a box
    assert pressed(advanced(), E, 2).agenda[0]["k"] == "target"  # rule off


def test_a10_an_overturned_pressing_free_kick_or_penalty_and_a_yellow_test():
    s, ev = roll(pressed(advanced("var"), E, 2), EAST, 6, 6)  # in west's box
    assert find(ev, "free_kick").data["team"] == W
    assert (s.agenda[0]["for"], s.agenda[0]["team"]) == ("yellow", E)
    s, ev = roll(pressed(advanced("var"), W, 2), WEST, 6, 6)  # west pressed in its own box
    assert find(ev, "penalty_awarded").data["team"] == E
    assert (s.agenda[0]["for"], s.agenda[0]["team"]) == ("yellow", W)


def test_a10_a_pressing_that_stands_changes_nothing():
    s, ev = roll(pressed(advanced("var"), E, 2), EAST, 6, 1)
    assert s.control == E and not find(ev, "var_check").data["overturned"]
    assert [e.kind for e in ev if e.kind in ("free_kick", "penalty_awarded")] == []
