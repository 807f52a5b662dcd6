"""Skill points (advanced rules: Optional fielder skill variance): spreading them before the
first kick-off, a skilled fielder's own points, re-rolls."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER, fouls
from engine.simplesoccer.flow import start_turn, to_setup

from .scenario import EAST, WEST, act, find, kinds, move, position, problem, roll, started

SKILLS = {"options": "skills"}


def test_after_the_first_set_up_both_teams_spread_their_points() -> None:
    s = started(WEST, **SKILLS)
    assert s.step["k"] == "skills" and s.ball is None
    decisions = SIMPLESOCCER.pending(s)
    assert [d.actor for d in decisions] == [WEST, EAST]
    labels = [c.label for c in decisions[0].choices]
    assert labels[0] == "Star: 3 to 10"  # West's kick-off fielder stands furthest forward
    assert labels[1].startswith("Pair: 2 to 10, 1 to ")
    assert labels[2].startswith("Spread: 1 each to 10, ")
    s, ev = act(s, EAST, "skills", skills="7:2 9:1")
    assert find(ev, "skills").data == {"team": 1, "skills": {"7": 2, "9": 1}}
    assert s.step["k"] == "skills" and "kickoff" not in kinds(ev)
    assert problem(s, EAST, "skills", preset="star") is not None  # already spread
    s, ev = act(s, WEST, "skills", preset="star")
    assert find(ev, "skills").data == {"team": 0, "skills": {"10": 3}}
    assert "kickoff" in kinds(ev) and s.step["k"] == "roll" and s.step["team"] == 0
    assert s.members[0]["10"]["skill"] == 3
    assert s.members[1]["7"]["skill"] == 2 and s.members[1]["9"]["skill"] == 1
    assert s.skills_set == [True, True]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7:2 9:2", "exactly 3"),
        ("7:1 8:1", "exactly 3"),
        ("G:3", "not the goalkeeper"),
        ("12:3", "no fielder 12"),
        ("7:2 7:1", "once"),
        ("7 two", "number:points"),
    ],
)
def test_wrong_spreads_are_refused(text: str, words: str) -> None:
    s = started(WEST, **SKILLS)
    refused = problem(s, WEST, "skills", skills=text)
    assert refused is not None and words in refused


def test_without_the_rule_the_kick_off_follows_the_set_up() -> None:
    s = started(WEST)
    assert s.step["k"] == "roll"


def test_points_are_spread_once_not_again_after_a_goal() -> None:
    s = started(WEST, **SKILLS)
    s, _ = act(s, WEST, "skills", preset="star")
    s, _ = act(s, EAST, "skills", preset="spread")
    to_setup(s, 1, "goal")
    s, _ = act(s, WEST, "setup", preset="balanced")
    s, ev = act(s, EAST, "setup", preset="balanced")
    assert "kickoff" in kinds(ev) and s.step["k"] == "roll"


# -- a skilled fielder's own points ------------------------------------------------------


def _at_ball(skill: int, **options: object):
    """West's 7 with the ball in front of its feet (skill points as given), West to roll."""
    s = position(
        {"G": "goal7", "7": "e5", "8": "b10"},
        {"G": "goal7", "1": "p5"},
        ball="f5",
        **({**SKILLS, **options}),  # type: ignore[arg-type]
    )
    s.members[0]["7"]["skill"] = skill
    return s


def test_the_skilled_fielder_at_the_ball_gets_its_points_as_its_own() -> None:
    s, ev = roll(_at_ball(1), WEST, 3, 4)
    assert s.turn["left"] == 7 and s.turn["own"] == {"7": 1}
    assert find(ev, "skill_points").data == {"team": 0, "member": "7", "points": 1}
    s, _ = move(s, WEST, "7", "e6")  # its own point goes first
    assert s.turn["own"] == {"7": 0} and s.turn["left"] == 7


def test_only_that_fielder_may_spend_its_points() -> None:
    s, _ = roll(_at_ball(2), WEST, 3, 4)
    s, _ = act(s, WEST, "keep")  # a 2-point fielder could re-roll: the dice wait
    assert s.turn["own"] == {"7": 2} and s.turn["left"] == 7
    refused = problem(s, WEST, "move", member="8", path="c10 d10 e10 f10 g10 h10 i10 j10")
    assert refused is not None


def test_no_points_without_the_ball_at_its_feet() -> None:
    s = _at_ball(3)
    s.ball = [10, 10]
    start_turn(s, 0)
    s, ev = roll(s, WEST, 4)
    assert "own" not in s.turn and "skill_points" not in kinds(ev)


# -- re-rolls ------------------------------------------------------------------------------


def test_a_one_point_fielder_cannot_re_roll() -> None:
    s, _ = roll(_at_ball(1), WEST, 1, 4)
    assert s.step["k"] == "play"


def test_a_two_point_fielder_may_re_roll_the_turns_roll() -> None:
    s, ev = roll(_at_ball(2), WEST, 1, 2)
    assert s.step["k"] == "keep" and "rolled" not in kinds(ev)
    (d,) = SIMPLESOCCER.pending(s)
    assert d.kind == "keep" and [c.label for c in d.choices] == [
        "Keep the 1 and 2",
        "7 re-rolls (2 skill points)",
    ]
    s, ev = act(s, WEST, "reroll", member="7")
    assert find(ev, "reroll").data == {"team": 0, "member": "7", "dice": [1, 2]}
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.kind, d.dice) == ("roll", 2) and d.prompt.startswith("Re-roll: roll 2 dice")
    s, ev = roll(s, WEST, 5, 6)
    assert find(ev, "rolled").data["dice"] == [5, 6]
    assert s.step["k"] == "play" and s.turn["left"] == 11
    assert "own" not in s.turn or s.turn["own"].get("7", 0) == 0  # the 2 points paid for it
    assert s.turn["rerolled"] is True


def test_the_re_roll_stands_even_when_worse() -> None:
    s, _ = roll(_at_ball(3), WEST, 6, 6)
    s, _ = act(s, WEST, "reroll", member="7")
    s, ev = roll(s, WEST, 2, 3)
    assert s.step["k"] == "play" and s.turn["left"] == 5
    assert s.turn["own"] == {"7": 1}  # the third point is still to use


def test_keeping_the_roll_keeps_the_points() -> None:
    s, _ = roll(_at_ball(3), WEST, 4, 5)
    s, ev = act(s, WEST, "keep")
    assert find(ev, "rolled").data["dice"] == [4, 5]
    assert s.turn["left"] == 9 and s.turn["own"] == {"7": 3}


def test_only_a_named_skilled_fielder_re_rolls() -> None:
    s, _ = roll(_at_ball(2), WEST, 1, 2)
    assert "cannot re-roll" in (problem(s, WEST, "reroll", member="8") or "")


def test_a_wrong_roll_is_refused_at_once() -> None:
    s = _at_ball(2)
    assert problem(s, WEST, "roll", dice=[7, 1]) is not None


def test_a_contact_roll_in_the_turn_may_be_re_rolled_once() -> None:
    s = position(
        {"G": "goal7", "7": "e5", "8": "e8"},
        {"G": "goal7", "1": "g6", "2": "g9"},
        ball="f5",
        options="skills fouls",
    )
    s.members[0]["7"]["skill"] = 3
    s, _ = roll(s, WEST, 4, 5)
    s, _ = act(s, WEST, "keep")
    s, _ = move(s, WEST, "8", "f8 f9")  # square-on next to East's 2 on g9
    s, _ = roll(s, WEST, 1)  # a foul... unless re-rolled
    assert s.step["k"] == "keep"
    s, _ = act(s, WEST, "reroll", member="7")
    s, ev = roll(s, WEST, 4)
    assert find(ev, "contact").data["foul"] is False
    assert s.turn["own"] == {"7": 1} and s.turn["rerolled"] is True
    s, _ = move(s, WEST, "8", "f8 f7 f6")  # square-on next to East's 1 on g6
    s, ev = roll(s, WEST, 1)  # no second re-roll this turn
    assert find(ev, "foul").data["member"] == "8"


def test_the_other_teams_rolls_are_not_re_rolled() -> None:
    s = position(
        {"G": "goal7", "7": "e5"},
        {"G": "goal7", "1": "f6", "2": "p9"},
        ball="f5",
        options="skills fouls",
    )
    s.members[0]["7"]["skill"] = 3
    s.members[1]["1"]["skill"] = 3
    s, _ = roll(s, WEST, 4, 5)
    s, _ = act(s, WEST, "keep")
    fouls.failed_header(s, 1, "1", [])  # East's 1 missed a header beside West's 7
    s, ev = roll(s, EAST, 1)
    assert "foul" in kinds(ev)


def test_a_failed_tackle_may_be_re_rolled() -> None:
    s = position(
        {"G": "goal7", "1": "d5", "2": "c10"},
        {"G": "goal7", "1": "g6", "2": "p3"},
        ball="f5",
        options="tackles skills",
    )
    s.members[0]["1"]["skill"] = 2
    s, _ = act(s, WEST, "tackle", member="1", path=["e5"])
    s, _ = act(s, WEST, "call", call="odd")
    s, ev = roll(s, WEST, 2, 4)  # even: it would fail
    assert s.step["k"] == "keep" and "tackle" not in kinds(ev)
    s, _ = act(s, WEST, "reroll", member="1")
    s, ev = roll(s, WEST, 2, 3)  # odd: won after all
    assert find(ev, "tackle").data["won"] is True


def test_the_third_point_may_be_spent_before_the_re_roll() -> None:
    s = position(
        {"G": "goal7", "7": "e5", "8": "e9"},
        {"G": "goal7", "1": "h8", "2": "p9"},
        ball="f5",
        options="skills fouls",
    )
    s.members[0]["7"]["skill"] = 3
    s, _ = roll(s, WEST, 4, 5)
    s, _ = act(s, WEST, "keep")
    s, _ = move(s, WEST, "7", "e6")  # 1 of its own 3 points
    assert s.turn["own"] == {"7": 2} and s.turn["left"] == 9
    s, _ = move(s, WEST, "8", "f9 g8")  # square-on next to East's 1 on h8
    s, _ = roll(s, WEST, 1)
    assert s.step["k"] == "keep"  # its last 2 points still pay for a re-roll
    s, _ = act(s, WEST, "reroll", member="7")
    s, ev = roll(s, WEST, 5)
    assert find(ev, "contact").data["foul"] is False
    assert s.turn["own"] == {"7": 0}


# -- fake-out points never pay a re-roll ---------------------------------------------------


def _faker(skill: int, **options: object):
    """West's 7 on e5 and East's 1 on g5 both have the ball on f5 at their feet; West's 8 may
    run square-on next to East's 2 on h9 (a contact roll); West to roll."""
    s = position(
        {"G": "goal7", "7": "e5", "8": "f10"},
        {"G": "goal7", "1": "g5", "2": "h9"},
        ball="f5",
        options="skills fakeouts fouls",
    )
    s.members[0]["7"]["skill"] = skill
    return s


def test_fake_out_points_never_pay_for_a_re_roll() -> None:
    s = _faker(2)
    s.ball = [6, 4]  # g5: not at 7's feet when the turn starts, so no skill points
    s.members[1]["1"]["at"] = [7, 4]  # h5
    start_turn(s, 0)
    s, _ = roll(s, WEST, 6)
    s, _ = move(s, WEST, "7", "f5")  # now the ball is at both 7's and East's 1's feet
    s, _ = act(s, WEST, "fake", member="7")
    s, _ = act(s, WEST, "level", level="mild")
    s, ev = roll(s, WEST, 3)  # won: 4 points of its own, none of them skill points
    assert s.step["k"] == "play" and s.turn["own"] == {"7": 4}
    s, _ = move(s, WEST, "8", "g10 g9")  # square-on next to East's 2 on h9
    assert s.step["k"] == "contact"
    s, ev = roll(s, WEST, 1)
    assert "foul" in kinds(ev)  # no re-roll was offered: the 1 stands


@pytest.mark.parametrize(("spent", "offered"), [(4, True), (5, False)])
def test_a_fakers_own_points_are_spent_before_its_skill_points(spent: int, offered: bool) -> None:
    s, _ = roll(_faker(2), WEST, 3, 4)
    s, _ = act(s, WEST, "keep")
    s, _ = act(s, WEST, "fake", member="7")
    s, _ = act(s, WEST, "level", level="mild")
    s, _ = roll(s, WEST, 3)
    s, _ = act(s, WEST, "keep")  # the fake's die could have been re-rolled too
    assert s.turn["own"] == {"7": 6} and s.turn["left"] == 7
    s, _ = move(s, WEST, "7", " ".join(["e6", "e7", "e8", "d8", "c8"][:spent]))
    s, _ = move(s, WEST, "8", "g10 g9")  # square-on next to East's 2 on h9
    s, ev = roll(s, WEST, 1)
    assert (s.step["k"] == "keep") is offered
    assert ("foul" in kinds(ev)) is not offered
