"""The coach with the advanced rules: matches that once broke it play to the end with legal
actions only."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.simplesoccer.coach import Coach, iter_match, play_match
from engine.simplesoccer.field import name


def test_a_goalkeeper_tackling_from_its_own_goal_is_weighed_not_refused() -> None:
    """A tackle whose step ends on a goal square (the goalkeeper in its own goal) is a legal
    choice the coach must be able to weigh."""
    state = next(
        s for s, _a, _e in iter_match(1, options={"rules": "advanced"}) if "G" in s.members[0]
    )
    keeper = state.members[0]["G"]
    goal = (state.field.goal_x(0), state.field.goal_rows[0])
    tackles = (
        Choice(Action("west", "tackle", {"member": "G", "path": [name(state.field, goal)]}), "x"),
        Choice(Action("west", "tackle", {"member": "G", "path": []}), "y"),
    )
    assert keeper["at"] != list(goal)
    picked = Coach(1).before_roll(state, Decision("west", "tackle", "", tackles))
    assert picked is not None and picked.kind == "tackle"


def test_a_loose_ball_behind_every_member_beside_it_is_faced_not_left_for_ever() -> None:
    # seed 1000943 to 2 goals once stalled: the ball in a corner behind the only members
    # beside it, both sides ended every turn without moving
    state, _events = play_match(1000943, {"rules": "advanced", "target": 2})
    assert state.over and (max(state.score) >= 2 or state.reason == "shootout")
