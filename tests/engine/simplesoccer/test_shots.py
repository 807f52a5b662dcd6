"""Shots on goal (Shot on goal): which dice save at each distance, saves and goals."""

from __future__ import annotations

import pytest

from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.field import field, name

from .scenario import EAST, WEST, act, find, kick, kinds, position, problem, roll, where

# the dice that save at each distance (straight steps only: enough of them, same parity)
SAVES = {1: {1, 3, 5}, 2: {2, 4, 6}, 3: {3, 5}, 4: {4, 6}, 5: {5}, 6: {6}}


def _shot(row: int, goalie: str, **options: object):
    """West's 1 shoots from u<row> into goal<row>; East's goalkeeper stands on ``goalie``."""
    s = position(
        {"G": "goal7", "1": f"t{row}"},
        {"G": goalie, "1": "p3"},
        ball=f"u{row}",
        points=4,
        **options,
    )
    return kick(s, WEST, "1", f"goal{row}")


@pytest.mark.parametrize(
    ("row", "goalie", "distance"),
    [
        (8, "goal7", 1),
        (9, "goal7", 2),
        (10, "goal7", 3),
        (4, "goal7", 3),
        (8, "goal4", 4),
        (9, "goal4", 5),
        (10, "goal4", 6),
    ],
)
def test_save_dice_by_distance(row: int, goalie: str, distance: int) -> None:
    s, ev = _shot(row, goalie)
    shot = find(ev, "shot").data
    assert shot["distance"] == distance and shot["team"] == 0
    assert find(ev, "turn_end").data["reason"] == "shot"
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.actor, d.dice, set(d.info["needs"])) == (EAST, 1, SAVES[distance])
    for die in range(1, 7):
        after, ev2 = roll(s, EAST, die)
        assert find(ev2, "save_roll").data["saved"] == (die in SAVES[distance]), die
        assert ("goal" in kinds(ev2)) == (die not in SAVES[distance])


def test_rulebook_three_away_saved_by_three_or_five_and_five_away_by_five_not_six() -> None:
    s, _ = _shot(10, "goal7")
    assert [d for d in range(1, 7) if roll(s, EAST, d)[0].held == 1] == [3, 5]
    s, _ = _shot(9, "goal4")
    assert [d for d in range(1, 7) if roll(s, EAST, d)[0].held == 1] == [5]


@pytest.mark.parametrize("row", [4, 5, 6, 8, 9, 10])
def test_rulebook_tip_goalkeeper_in_the_middle_has_one_in_three_anywhere(row: int) -> None:
    s, _ = _shot(row, "goal7")
    saves = [d for d in range(1, 7) if roll(s, EAST, d)[0].held == 1]
    assert len(saves) >= 2


def test_a_goalkeeper_too_far_away_concedes_without_a_roll() -> None:
    s, ev = _shot(10, "r7")  # 3 columns + 3 rows + 1 = 7 away
    assert find(ev, "no_chance").data == {"team": 1, "distance": 7}
    assert find(ev, "goal").data["score"] == [1, 0]
    assert s.step["k"] == "setup"


def test_no_goalkeeper_no_save() -> None:
    s = position({"G": "goal7", "1": "t7"}, {"1": "p3"}, ball="u7", points=2)
    s, ev = kick(s, WEST, "1", "goal7")
    assert "goal" in kinds(ev) and s.score == [1, 0]


def test_a_save_puts_the_ball_in_the_goalkeepers_hands_and_its_team_rolls_three() -> None:
    s, _ = _shot(9, "goal7")
    s, ev = roll(s, EAST, 4)
    assert "saved" in kinds(ev)
    assert where(s, EAST, "G") == "goal9" and s.held == 1 and s.ball == s.members[1]["G"]["at"]
    assert s.step == {"k": "roll", "team": 1, "n": 3, "why": "goalie"}
    s, _ = roll(s, EAST, 1, 2, 3)
    # the throw from the goal square onto the field
    s, ev = act(s, EAST, "kick", member="G", path="u9 t10")
    assert find(ev, "kicked").data["throw"] is True and s.held == -1


def test_a_goal_scores_and_the_conceding_team_kicks_off_after_both_set_up() -> None:
    s, _ = _shot(8, "goal7")
    s, ev = roll(s, EAST, 2)
    assert find(ev, "goal").data == {"team": 0, "member": "1", "score": [1, 0]}
    assert s.score == [1, 0] and not s.over
    assert s.step == {"k": "setup", "kickoff": 1, "placed": [False, False], "why": "goal"}
    assert s.held == -1 and s.turn is None
    s, _ = act(s, WEST, "setup", preset="defensive")
    s, ev = act(s, EAST, "setup", preset="attacking")
    assert find(ev, "kickoff").data == {"team": 1, "half": 1, "why": "goal"}
    assert s.ball == list(s.field.centre)
    assert s.step == {"k": "roll", "team": 1, "n": 2, "why": "ball"}


def test_east_shoots_at_wests_goal_too() -> None:
    s = position(
        {"G": "goal4", "1": "c3"}, {"G": "goal7", "1": "b8"}, ball="a8", team=EAST, points=3
    )
    s, ev = kick(s, EAST, "1", "goal8")
    f = field("standard")
    assert name(f, find(ev, "shot").data["at"]) == "goal8"
    assert find(ev, "shot").data["distance"] == 4
    s, ev = roll(s, WEST, 6)
    assert "saved" in kinds(ev) and s.step["team"] == 0


def test_a_shot_may_not_stop_on_the_goalkeepers_square() -> None:
    s = position({"G": "goal7", "1": "t7"}, {"G": "goal7"}, ball="u7", points=2)
    assert "cannot stop on East's goalkeeper" in (
        problem(s, WEST, "kick", member="1", path="goal7") or ""
    )
    kicks = {c.info["to"] for c in SIMPLESOCCER.pending(s)[0].choices if c.action.kind == "kick"}
    assert "goal7" not in kicks and "goal8" in kicks and "goal6" in kicks
