"""Advanced rules, Goalie deflection in regular play: a goalkeeper whose save die falls short
by at most a square may tip the ball away (die + points left over, 6 or more) and goes down
below 8; the faked-out goalkeeper (no save roll) and the stunned one (the exact distance)."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.simplesoccer import SIMPLESOCCER, facing, shots

from .scenario import EAST, WEST, act, ball_name, find, kick, kinds, position, problem, roll, where

DEFLECT = "deflection"


def _shot(row: int, goalie: str, options: str = DEFLECT, **east: str):
    """West's 1 shoots from u<row> into goal<row>; East's goalkeeper stands on ``goalie``."""
    s = position(
        {"G": "goal7", "1": f"t{row}"},
        {"G": goalie, "1": "p3", **east},
        ball=f"u{row}",
        points=4,
        options=options,
    )
    return kick(s, WEST, "1", f"goal{row}")


def _labels(s) -> list[str]:
    return [c.label for d in SIMPLESOCCER.pending(s) for c in d.choices]


def test_a_save_die_one_short_gives_a_deflection_roll_which_tips_the_ball_away() -> None:
    s, ev = _shot(8, "goal5")  # 3 away: 3 or 5 saves
    assert find(ev, "shot").data["distance"] == 3
    s, ev = roll(s, EAST, 2)  # one square short, no points left over
    assert find(ev, "save_roll").data["saved"] is False and "goal" not in kinds(ev)
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.kind, d.dice, d.info["purpose"], d.info["needs"]) == ("roll", 1, "deflect", [6])
    s, ev = roll(s, EAST, 6)
    assert find(ev, "deflect_roll").data == {
        "team": 1,
        "die": 6,
        "total": 6,
        "deflected": True,
        "down": True,
    }
    # from the goal square below, 45 or 90 degrees off towards the field
    assert _labels(s) == ["Tip it north-west (6)", "Tip it west (6)"]
    assert problem(s, EAST, "deflect", dir="n") is not None
    s, ev = act(s, EAST, "deflect", dir="w")
    assert find(ev, "deflected").data == {"team": 1, "dir": "w", "at": [15, 7], "where": "p8"}
    assert ball_name(s) == "p8" and s.score == [0, 0]
    # the goalkeeper touched it from goal7 and lies there; East plays next
    assert where(s, EAST, "G") == "goal7" and facing.is_down(s, 1, "G")
    assert (s.step["k"], s.step["team"]) == ("roll", 1)


@pytest.mark.parametrize(
    ("die", "deflected", "down"),
    [(2, False, False), (3, False, False), (4, True, True), (5, True, True), (6, True, False)],
)
def test_points_left_over_count_towards_the_deflection_and_eight_stays_up(
    die: int, deflected: bool, down: bool
) -> None:
    s, _ = _shot(8, "goal5")
    s, _ = roll(s, EAST, 4)  # 4 at 3 away misses (parity) with 2 points left over
    s, ev = roll(s, EAST, die)
    data = find(ev, "deflect_roll").data
    assert (data["total"], data["deflected"], data["down"]) == (die + 2, deflected, down)
    if not deflected:
        assert "goal" in kinds(ev) and s.score == [1, 0]
        return
    s, _ = act(s, EAST, "deflect", dir="nw")
    assert facing.is_down(s, 1, "G") is down
    assert s.score == [0, 0]


def test_too_far_for_a_deflection_is_a_goal() -> None:
    s, _ = _shot(10, "goal4")  # 6 away: only a 6 saves, a 5 gets within one
    s, ev = roll(s, EAST, 4)
    assert "goal" in kinds(ev) and "deflect_roll" not in kinds(ev)


def test_seven_away_no_save_but_still_a_deflection() -> None:
    s, ev = _shot(8, "s4")
    assert find(ev, "shot").data["distance"] == 7 and "no_chance" not in kinds(ev)
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [] and "no die saves" in d.prompt
    s, ev = roll(s, EAST, 6)
    assert s.step["k"] == "deflect"
    # from the field the goalkeeper touches it diagonally and tips it diagonally back: the
    # only way, no choice to make
    s, ev = roll(s, EAST, 6)
    assert find(ev, "deflected").data["dir"] == "nw"
    assert where(s, EAST, "G") == "u7"
    # without out of bounds the ball stops on the board's edge
    assert ball_name(s) == "q13" and "out" not in kinds(ev)


def test_seven_away_in_the_basic_game_has_no_chance() -> None:
    _, ev = _shot(8, "s4", options="")
    assert find(ev, "no_chance").data == {"team": 1, "distance": 7}


def test_a_deflection_out_of_bounds_gives_the_attackers_the_restart() -> None:
    s, _ = _shot(8, "s4", options=f"{DEFLECT} poor_aim")
    s, _ = roll(s, EAST, 6)
    s, ev = roll(s, EAST, 6)
    assert find(ev, "out").data == {"team": 1, "at": [16, 12], "restart": "throw_in", "to": 0}
    assert (s.step["k"], s.step["team"]) == ("taker", 0)


def test_a_goalkeeper_level_with_the_ball_may_touch_it_from_either_diagonal() -> None:
    s, _ = _shot(8, "r8")  # 4 away; either diagonal square beside the ball is 4 steps away
    s, _ = roll(s, EAST, 5)
    s, _ = roll(s, EAST, 6)
    assert sorted(_labels(s)) == ["Tip it north-west (6)", "Tip it south-west (6)"]
    s, _ = act(s, EAST, "deflect", dir="sw")
    assert where(s, EAST, "G") == "u9" and ball_name(s) == "p2"


def test_a_deflected_ball_stopping_on_a_marker_bounces() -> None:
    s, _ = _shot(8, "goal5", **{"4": "r8"})
    s, _ = roll(s, EAST, 4)  # 2 left over
    s, _ = roll(s, EAST, 4)
    s, ev = act(s, EAST, "deflect", dir="w")
    assert find(ev, "travel").data["bounced"] is True
    assert ball_name(s) == "s8"  # off East's 4 on r8, one square back


def test_no_deflection_roll_high_enough_is_a_goal() -> None:
    s, _ = _shot(8, "goal5")
    s, _ = roll(s, EAST, 2)
    s, ev = roll(s, EAST, 5)
    assert find(ev, "deflect_roll").data["deflected"] is False
    assert s.score == [1, 0] and s.step["k"] == "setup"


def test_a_failed_save_without_the_rule_is_a_goal() -> None:
    s, _ = _shot(8, "goal5", options="")
    s, ev = roll(s, EAST, 2)
    assert "goal" in kinds(ev) and s.score == [1, 0]


def test_a_faked_out_goalkeeper_gets_no_save_roll() -> None:
    s = position(
        {"G": "goal7", "1": "t8"},
        {"G": "goal8", "1": "p3"},
        ball="u8",
        points=4,
        options="fakeouts",
    )
    s.turn["faked"] = ["G"]
    s, ev = kick(s, WEST, "1", "goal9")
    assert find(ev, "no_chance").data == {"team": 1, "distance": 1, "faked": True}
    assert s.score == [1, 0]


def test_a_stunned_goalkeeper_saves_only_with_the_exact_distance() -> None:
    s = position(
        {"G": "goal7", "1": "t8"},
        {"G": "goal5", "1": "p3"},
        ball="u8",
        points=4,
        options=DEFLECT,
    )
    ev: list[Event] = []
    shots.shot(s, 0, "1", (21, 7), {}, ev, stunned=True)
    assert find(ev, "shot").data["stunned"] is True
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [3] and "stunned" in d.prompt
    after, ev = roll(s, EAST, 5)  # 5 would save a ball 3 away, not for a stunned goalkeeper
    assert "goal" in kinds(ev) and "deflect_roll" not in kinds(ev)
    after, ev = roll(s, EAST, 3)
    assert after.held == 1


def test_a_goalkeeper_lying_down_cannot_save_but_may_still_deflect_one_square_away() -> None:
    s = position(
        {"G": "goal7", "1": "t8"},
        {"G": "goal7", "1": "p3"},
        ball="u8",
        points=4,
        options=DEFLECT,
    )
    facing.put_down(s, 1, "G")
    s, ev = kick(s, WEST, "1", "goal8")
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [] and "is down" in d.prompt
    s, ev = roll(s, EAST, 1)  # 1 would have saved a ball 1 away
    assert find(ev, "save_roll").data["saved"] is False
    s, ev = roll(s, EAST, 5)  # 5 + the 1 left over
    assert find(ev, "deflect_roll").data["deflected"] is True
    # it tips the ball from where it lies, without getting up
    assert sorted(_labels(s)) == ["Tip it north-west (5)", "Tip it west (5)"]
    s, _ = act(s, EAST, "deflect", dir="w")
    assert where(s, EAST, "G") == "goal7" and facing.is_down(s, 1, "G")
    assert ball_name(s) == "q8" and s.score == [0, 0]


@pytest.mark.parametrize(("goalie", "distance"), [("goal5", 3), ("goal4", 4), ("goal6", 2)])
def test_a_goalkeeper_lying_down_cannot_reach_a_ball_further_than_a_square(
    goalie: str, distance: int
) -> None:
    s = position(
        {"G": "goal7", "1": "t8"},
        {"G": goalie, "1": "p3"},
        ball="u8",
        points=4,
        options=DEFLECT,
    )
    s.members[1]["G"]["down"] = s.turns_played - 1  # went down in the turn before
    s, ev = kick(s, WEST, "1", "goal8")
    assert find(ev, "no_chance").data == {"team": 1, "distance": distance, "down": True}
    assert s.score == [1, 0] and "save_roll" not in kinds(ev)


def test_a_goalkeeper_on_the_field_needs_the_steps_to_the_square_it_touches_from() -> None:
    # s7 is 3 away from goal7, and 3 steps from the diagonal squares u6 and u8 beside it:
    # a 2 gets it nowhere near enough to touch the ball
    s, ev = _shot(7, "s7")
    assert find(ev, "shot").data["distance"] == 3
    after, ev = roll(s, EAST, 2)
    assert "goal" in kinds(ev) and after.score == [1, 0] and "deflect" not in after.step["k"]
    # a 4 reaches u6 or u8 with 1 point left over: 5 more tips it away
    s, _ = roll(s, EAST, 4)
    assert (s.step["k"], s.step["left"]) == ("deflect", 1)
    s, ev = roll(s, EAST, 5)
    assert find(ev, "deflect_roll").data["total"] == 6
    assert sorted(_labels(s)) == ["Tip it north-west (5)", "Tip it south-west (5)"]
    s, _ = act(s, EAST, "deflect", dir="nw")
    assert where(s, EAST, "G") == "u6" and facing.is_down(s, 1, "G")


def test_a_goalkeeper_on_the_field_touches_only_from_a_square_it_can_get_to() -> None:
    # u6 is taken by East's own 4: from s7 a 4 reaches only u8, so only the one way
    s, _ = _shot(7, "s7", **{"4": "u6"})
    s, _ = roll(s, EAST, 4)
    s, ev = roll(s, EAST, 6)
    assert find(ev, "deflected").data["dir"] == "sw"
    assert where(s, EAST, "G") == "u8"
    # and with both taken there is nothing to touch it from
    s, _ = _shot(7, "s7", **{"4": "u6", "5": "u8"})
    s, ev = roll(s, EAST, 4)
    assert "goal" in kinds(ev) and s.score == [1, 0]


def test_points_left_over_count_from_the_nearest_square_the_goalkeeper_touches_from() -> None:
    # s4 is 7 away from goal8 but only 5 steps from u7 beside it: a 6 leaves 1 point over
    s, _ = _shot(8, "s4")
    s, _ = roll(s, EAST, 6)
    assert s.step["left"] == 1
    s, ev = roll(s, EAST, 5)
    assert find(ev, "deflect_roll").data == {
        "team": 1,
        "die": 5,
        "total": 6,
        "deflected": True,
        "down": True,
    }


def test_eight_away_yet_six_steps_from_a_touch_square_still_gets_the_rolls() -> None:
    # r4 is 8 away from goal8, 6 steps from u7: a 6 may still tip it away
    s, ev = _shot(8, "r4")
    assert find(ev, "shot").data["distance"] == 8 and "no_chance" not in kinds(ev)
    s, _ = roll(s, EAST, 6)
    assert (s.step["k"], s.step["left"]) == ("deflect", 0)
    # without the rule it has no chance
    _, ev = _shot(8, "r4", options="")
    assert find(ev, "no_chance").data == {"team": 1, "distance": 8}


def test_a_goalkeeper_lying_down_without_deflections_has_no_chance() -> None:
    s = position(
        {"G": "goal7", "1": "t8"},
        {"G": "goal5", "1": "p3"},
        ball="u8",
        points=4,
        options="facing",
    )
    facing.put_down(s, 1, "G")
    s, ev = kick(s, WEST, "1", "goal8")
    assert find(ev, "no_chance").data["down"] is True and s.score == [1, 0]


def _on_the_goalkeeper(down: bool = False, stunned: bool = False, faked: bool = False):
    """A ball travelling by itself (West's last touch) enters goal7, East's goalkeeper's
    own square."""
    s = position(
        {"G": "goal7", "1": "p9"},
        {"G": "goal7", "1": "p3"},
        ball="p8",
        points=4,
        options=f"{DEFLECT} stunned fakeouts",
    )
    if down:
        s.members[1]["G"]["down"] = s.turns_played - 1
    if faked:
        s.turn["faked"] = ["G"]
    ev: list[Event] = []
    shots.shot(s, 0, "1", (21, 6), {}, ev, stunned=stunned)
    return s, ev


@pytest.mark.parametrize("stunned", [False, True])
def test_a_ball_coming_to_the_goalkeepers_own_square_is_held_without_a_roll(
    stunned: bool,
) -> None:
    s, ev = _on_the_goalkeeper(stunned=stunned)
    assert find(ev, "shot").data["distance"] == 0
    assert "save_roll" not in kinds(ev) and find(ev, "saved").data == {"team": 1}
    assert s.held == 1 and s.score == [0, 0] and s.step["team"] == 1
    assert all(shots.can_save(0, die) for die in range(1, 7))


def test_a_ball_coming_to_a_goalkeeper_lying_on_its_square_or_faked_out_is_a_goal() -> None:
    s, ev = _on_the_goalkeeper(down=True)
    assert find(ev, "no_chance").data == {"team": 1, "distance": 0, "down": True}
    assert s.score == [1, 0]
    s, ev = _on_the_goalkeeper(faked=True)
    assert find(ev, "no_chance").data["faked"] is True and s.score == [1, 0]
