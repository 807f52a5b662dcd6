"""Advanced rules: a kick in flight may be intercepted with the feet or the chest (Intercept,
Chest intercept); random directions (randomdir)."""

from __future__ import annotations

import pytest

from engine.core.errors import RulesError
from engine.simplesoccer import SIMPLESOCCER, randomdir
from engine.simplesoccer.state import SimpleSoccerState

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
    where,
)

INTERCEPTS = {"options": "intercepts"}


def _long_kick(**options: object) -> SimpleSoccerState:
    """West's 1 on c5 (facing east) kicks from d5 to j5 along row 5; East's 2 stands on h5
    facing west, its feet on g4-g6."""
    s = position({"1": "c5/e"}, {"2": "h5/w"}, ball="d5", points=10, **(options or INTERCEPTS))
    s, _ = kick(s, WEST, "1", "e5 f5 g5 h5 i5 j5")
    return s


def _choices(s: SimpleSoccerState) -> list[str]:
    (d,) = SIMPLESOCCER.pending(s)
    return [c.label for c in d.choices]


def test_the_kick_stops_where_the_ball_reaches_the_opponents_feet() -> None:
    s = _long_kick()
    assert s.step == {"k": "intercept", "team": 1}
    assert ball_name(s) == "g5"
    (d,) = SIMPLESOCCER.pending(s)
    assert d.actor == EAST
    assert _choices(s) == ["2 intercepts with the feet", "Let it pass"]


def test_an_even_roll_misses_and_the_kick_goes_on_with_its_points_spent() -> None:
    s = _long_kick()
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, ev = roll(s, EAST, 2)
    assert find(ev, "intercept").data == {
        "team": 1,
        "member": "2",
        "how": "feet",
        "die": 2,
        "result": "miss",
    }
    # the chest is not offered after the feet attempt: one attempt per marker
    assert ball_name(s) == "j5" and s.step == {"k": "play", "team": 0}
    assert s.turn is not None and s.turn["left"] == 4


def test_rulebook_a_five_may_trap_the_ball_where_it_touched() -> None:
    s = _long_kick()
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, ev = roll(s, EAST, 5)
    assert s.step["k"] == "trap_or_kick"
    assert _choices(s) == ["Trap the ball", "Kick it on"]
    # Intercept: the kicking team keeps the points of the squares not travelled
    assert find(ev, "points_back").data == {"team": 0, "points": 3, "left": 7}
    s, ev = act(s, EAST, "trap")
    assert ball_name(s) == "g5"
    assert s.step == {"k": "play", "team": 0} and s.turn is not None and s.turn["left"] == 7
    assert s.last is not None and len(s.last["path"]) == 4  # d5 e5 f5 g5
    assert s.kicked_by == 1


def test_rulebook_a_three_rolls_a_distance_and_the_interceptor_sends_it_that_far() -> None:
    s = _long_kick()
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, _ = roll(s, EAST, 3)
    assert s.step["purpose"] == "distance"
    s, ev = roll(s, EAST, 2)
    assert s.step["k"] == "redirect"
    labels = _choices(s)
    assert "Send it to h7" in labels and "Send it to j3" in labels
    assert "Send it to h6" not in labels  # one square away, not two
    assert "Send it to d5" not in labels
    s, ev = act(s, EAST, "redirect", to="h7")
    assert ball_name(s) == "h7"
    assert s.step == {"k": "play", "team": 0}


def test_a_five_kicked_on_is_the_same_as_a_three() -> None:
    s = _long_kick()
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, _ = roll(s, EAST, 5)
    s, _ = act(s, EAST, "kick")
    s, _ = roll(s, EAST, 4)
    s, _ = act(s, EAST, "redirect", to="d1")
    assert ball_name(s) == "d1"


def test_redirect_refuses_a_square_at_the_wrong_distance() -> None:
    s = _long_kick()
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, _ = roll(s, EAST, 3)
    s, _ = roll(s, EAST, 2)
    with pytest.raises(RulesError, match="exactly 2"):
        act(s, EAST, "redirect", to="h6")


@pytest.mark.parametrize(
    ("direction_die", "lands"),
    [(1, "c1"), (2, "c1"), (3, "c5"), (4, "c5"), (5, "c9"), (6, "c9")],
)
def test_rulebook_a_one_sends_the_ball_within_a_90_degree_arc(
    direction_die: int, lands: str
) -> None:
    """East's 2 on h5 faces west and touched the ball on g5: the centre line is west; 1-2
    turns it 45 degrees counter-clockwise (south-west), 5-6 clockwise (north-west); the ball
    moves one square that way, then the distance die further."""
    s = position({"1": "c3/e"}, {"2": "h5/w"}, ball="d3", points=10, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "e4 f5 g5 h5 i5")
    assert ball_name(s) == "g5"
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, _ = roll(s, EAST, 1)
    assert s.step["n"] == 2  # one roll: direction and distance
    s, ev = roll(s, EAST, direction_die, 3)
    assert find(ev, "wild").data["dir"] == {"c1": "sw", "c5": "w", "c9": "nw"}[lands]
    assert ball_name(s) == lands
    assert s.step == {"k": "play", "team": 0}


def test_letting_the_ball_pass_then_the_chest_after_the_feet_were_turned_down() -> None:
    s = _long_kick()
    s, ev = act(s, EAST, "let")
    assert find(ev, "let_pass").data["members"] == ["2"]
    # Chest intercept: entering the marker from its feet area, after the feet were declined
    assert ball_name(s) == "h5" and s.step["k"] == "intercept"
    assert _choices(s) == ["2 traps it with the chest", "Let it pass"]
    s, _ = act(s, EAST, "intercept", how="chest")
    s, ev = roll(s, EAST, 3)
    # the trap puts the ball back in the feet square it came from
    assert ball_name(s) == "g5"
    assert s.turn is not None and s.turn["left"] == 10 - 4
    assert find(ev, "intercept").data["result"] == "won"


def test_rulebook_chest_trap_from_the_side_drops_the_ball_on_that_sides_front_corner() -> None:
    """West's 1 kicks down column h past East's 2 (h5, facing west) from its north side:
    the chest trap drops the ball on g6, the front corner on the north side."""
    s = position({"1": "g9/e"}, {"2": "h5/w"}, ball="h9", points=8, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "h8 h7 h6 h5 h4 h3")
    assert ball_name(s) == "h5"
    assert _choices(s) == ["2 traps it with the chest", "Let it pass"]
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 5)
    assert ball_name(s) == "g6"
    assert s.turn is not None and s.turn["left"] == 8 - 4


def test_an_even_chest_roll_lets_the_ball_go_on() -> None:
    s = position({"1": "g9/e"}, {"2": "h5/w"}, ball="h9", points=8, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "h8 h7 h6 h5 h4 h3")
    s, _ = act(s, EAST, "intercept")
    s, ev = roll(s, EAST, 4)
    assert ball_name(s) == "h3" and s.turn is not None and s.turn["left"] == 2


def test_no_chest_intercept_for_a_ball_coming_from_behind() -> None:
    s = position({"1": "h9/e"}, {"2": "h5/w"}, ball="i9", points=8, **INTERCEPTS)
    s, ev = kick(s, WEST, "1", "i8 i7 i6 h5 g4 f3")
    # i6 is behind East's 2's row; it enters h5 from behind and leaves over its feet (g4)
    assert s.step["k"] == "play" and ball_name(s) == "f3"


def test_no_feet_interception_of_a_kick_from_the_feet_row_or_behind() -> None:
    # the kick starts level with the opponent's feet row: only a bicycle kick could take it
    s = position({"1": "g9/s"}, {"2": "h5/w"}, ball="g8", points=8, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "g7 g6 g5 g4 g3")
    assert s.step["k"] == "play" and ball_name(s) == "g3"


def test_one_interception_a_turn() -> None:
    s = position(
        {"1": "c5/e", "3": "d8/e"}, {"2": "h5/w", "4": "h8/w"}, ball="d5", points=12, **INTERCEPTS
    )
    s, _ = kick(s, WEST, "1", "e5 f5 g5")
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 3)
    s, _ = roll(s, EAST, 3)
    s, _ = act(s, EAST, "redirect", to="e8")
    assert ball_name(s) == "e8" and s.step == {"k": "play", "team": 0}
    assert s.turn is not None and s.turn["left"] == 12 - 3
    # West's 3 kicks again past East's 4's feet: no second interception this turn
    s, _ = kick(s, WEST, "3", "f8 g8 h8 i8")
    assert s.step["k"] == "play" and ball_name(s) == "i8"


def test_a_member_that_let_the_ball_pass_is_not_asked_again_in_that_kick() -> None:
    s = position({"1": "c4/e"}, {"2": "h5/w"}, ball="d4", points=10, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "e4 f4 g4 g5 g6 f7")
    assert ball_name(s) == "g4"
    s, _ = act(s, EAST, "let")
    assert s.step["k"] == "play" and ball_name(s) == "f7"


def test_a_down_member_cannot_intercept() -> None:
    s = position({"1": "c5/e"}, {"2": "h5/w"}, ball="d5", points=10, **INTERCEPTS)
    s.members[1]["2"]["down"] = 0
    s, _ = kick(s, WEST, "1", "e5 f5 g5 h5 i5 j5")
    assert s.step["k"] == "play" and ball_name(s) == "j5"


def test_a_kick_into_the_goal_passes_interceptions_first() -> None:
    s = position({"1": "r7/e"}, {"G": "goal4", "2": "u8/w"}, ball="s7", points=6, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "t7 u7 goal7")
    assert ball_name(s) == "t7" and s.step["k"] == "intercept"
    s, ev = act(s, EAST, "let")
    assert "shot" in kinds(ev)


def test_the_basic_rules_jump_the_ball_to_its_last_square() -> None:
    s = position({"1": "c5/e"}, {"2": "h5/w"}, ball="d5", points=10)
    s, ev = kick(s, WEST, "1", "e5 f5 g5 h5 i5 j5")
    assert s.step["k"] == "play" and ball_name(s) == "j5" and s.flight is None
    assert kinds(ev) == ["kicked"]


def test_intercepting_is_for_the_other_team_only() -> None:
    s = _long_kick()
    with pytest.raises(RulesError):
        act(s, WEST, "let")
    assert where(s, EAST, "2") == "h5"


def test_randomdir_arc_of_90_degrees() -> None:
    assert [randomdir.arc("w", d) for d in range(1, 7)] == ["sw", "sw", "w", "w", "nw", "nw"]
    assert [randomdir.arc("n", d) for d in (1, 3, 6)] == ["nw", "n", "ne"]


def test_randomdir_rulebook_header_examples() -> None:
    assert randomdir.header(3, 4, 2) == "se"
    assert randomdir.header(2, 3, 5) == "n"


# -- several markers on one square; points back to the kicker's own points --------------------


def _two_markers() -> SimpleSoccerState:
    """West's 1 (b6, facing east) kicks along row 6; East's 2 (h5) and 3 (h7), both facing
    west, have g6 in their feet areas."""
    s = position({"1": "b6/e"}, {"2": "h5/w", "3": "h7/w"}, ball="c6", points=8, **INTERCEPTS)
    s, _ = kick(s, WEST, "1", "d6 e6 f6 g6 h6 i6")
    return s


def test_after_one_marker_misses_the_others_on_that_square_are_still_asked() -> None:
    s = _two_markers()
    assert ball_name(s) == "g6"
    assert _choices(s) == [
        "2 intercepts with the feet",
        "3 intercepts with the feet",
        "Let it pass",
    ]
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, _ = roll(s, EAST, 2)
    # Intercept: one attempt per marker; 3 has not tried yet
    assert ball_name(s) == "g6" and s.step == {"k": "intercept", "team": 1}
    assert _choices(s) == ["3 intercepts with the feet", "Let it pass"]
    s, ev = act(s, EAST, "intercept", member="3", how="feet")
    s, ev = roll(s, EAST, 5)
    assert find(ev, "intercept").data["member"] == "3"
    s, _ = act(s, EAST, "trap")
    assert ball_name(s) == "g6" and s.step == {"k": "play", "team": 0}


def test_after_both_markers_miss_the_kick_goes_on() -> None:
    s = _two_markers()
    s, _ = act(s, EAST, "intercept", member="3")
    s, _ = roll(s, EAST, 4)
    s, _ = act(s, EAST, "intercept", member="2")
    s, _ = roll(s, EAST, 6)
    assert ball_name(s) == "i6" and s.step == {"k": "play", "team": 0}
    assert s.turn is not None and s.turn["left"] == 2


def test_letting_it_pass_after_a_miss_lets_the_kick_go_on() -> None:
    s = _two_markers()
    s, _ = act(s, EAST, "intercept", member="2")
    s, _ = roll(s, EAST, 2)
    s, ev = act(s, EAST, "let")
    assert find(ev, "let_pass").data["members"] == ["3"]
    assert ball_name(s) == "i6" and s.step == {"k": "play", "team": 0}


def test_points_back_refill_the_kickers_own_points_first() -> None:
    s = position(
        {"1": "b6/e", "3": "b2/e"}, {"2": "h5/w"}, ball="c6", points=2, options="intercepts"
    )
    assert s.turn is not None
    s.turn["own"] = {"1": 8}  # e.g. a moderate fake-out won: 8 points only West's 1 may use
    s, _ = kick(s, WEST, "1", "d6 e6 f6 g6 h6 i6 j6 k6")  # 8 squares, all of its own points
    assert s.turn is not None and s.turn["own"] == {"1": 0} and s.turn["left"] == 2
    s, _ = act(s, EAST, "intercept", member="2", how="feet")
    s, ev = roll(s, EAST, 5)
    # stopped on g6 after 4 squares: the 4 untravelled squares go back to West's 1 alone
    assert find(ev, "points_back").data == {
        "team": 0,
        "points": 4,
        "left": 2,
        "member": "1",
        "own": 4,
    }
    s, _ = act(s, EAST, "trap")
    assert s.turn is not None and s.turn["own"] == {"1": 4} and s.turn["left"] == 2
    assert problem(s, WEST, "move", member="3", path="c2 d2 e2") is not None
    s, _ = move(s, WEST, "1", "c6 d6 e6 f6 f7 f8")  # its own 4, then the team's 2
    assert where(s, WEST, "1") == "f8"


def test_points_back_beyond_the_own_points_spent_go_to_the_team() -> None:
    s = position(
        {"1": "b6/e", "3": "b2/e"}, {"2": "h5/w"}, ball="c6", points=6, options="intercepts"
    )
    assert s.turn is not None
    s.turn["own"] = {"1": 2}
    s, _ = kick(s, WEST, "1", "d6 e6 f6 g6 h6 i6 j6")  # 7: its own 2, then 5 of the team's
    assert s.turn is not None and s.turn["own"] == {"1": 0} and s.turn["left"] == 1
    s, _ = act(s, EAST, "intercept", how="feet")
    s, _ = roll(s, EAST, 5)
    s, _ = act(s, EAST, "trap")
    # 3 squares not travelled: West's 1 gets its 2 own points back, the team the third
    assert s.turn is not None and s.turn["own"] == {"1": 2} and s.turn["left"] == 2
    s, _ = move(s, WEST, "3", "c2 d2")
    assert where(s, WEST, "3") == "d2"


def test_points_back_without_own_points_all_go_to_the_team() -> None:
    s = position({"1": "b6/e"}, {"2": "h5/w"}, ball="c6", points=8, options="intercepts")
    s, _ = kick(s, WEST, "1", "d6 e6 f6 g6 h6 i6")
    s, _ = act(s, EAST, "intercept", how="feet")
    s, ev = roll(s, EAST, 5)
    assert find(ev, "points_back").data == {"team": 0, "points": 2, "left": 4}
