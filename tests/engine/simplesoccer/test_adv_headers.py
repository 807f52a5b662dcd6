"""Advanced rules: headers, intercepting a kick or playing a team-mate's pass on (Header),
and the stunned goalkeeper (Stunned goalie)."""

from __future__ import annotations

import pytest

from engine.core.errors import RulesError
from engine.simplesoccer import SIMPLESOCCER, flight
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import (
    EAST,
    WEST,
    act,
    ball_name,
    find,
    kick,
    kinds,
    play_turn_out,
    position,
    problem,
    roll,
)

HEADERS = {"options": "headers"}


def _choices(s: SimpleSoccerState) -> list[str]:
    (d,) = SIMPLESOCCER.pending(s)
    return [c.label for c in d.choices]


def _header_chance(row: int = 9, **options: object) -> SimpleSoccerState:
    """West's 1 (i<row+3>, facing south) kicks down column i; East's 2 on h<row> faces west,
    the square behind its head is i<row>."""
    s = position(
        {"1": f"i{row + 3}/s"},
        {"2": f"h{row}/w"},
        ball=f"i{row + 2}",
        points=8,
        **(options or HEADERS),
    )
    s, _ = kick(s, WEST, "1", " ".join(f"i{r}" for r in range(row + 1, row - 3, -1)))
    return s


def test_a_ball_behind_an_opponents_head_may_be_headed() -> None:
    s = _header_chance()
    assert ball_name(s) == "i9" and s.step == {"k": "intercept", "team": 1}
    assert _choices(s) == ["2 heads it", "Let it pass"]


def test_rulebook_header_poor_aim_3_4_2_5_goes_six_squares_south_east() -> None:
    s = _header_chance()
    s, _ = act(s, EAST, "intercept", how="header")
    s, ev = roll(s, EAST, 1)
    assert find(ev, "header").data == {
        "team": 1,
        "member": "2",
        "coordinated": False,
        "die": 1,
        "result": "poor_aim",
    }
    assert find(ev, "intercept").data["how"] == "header"
    assert s.step["n"] == 4  # three direction rolls and the distance, one roll
    s, ev = roll(s, EAST, 3, 4, 2, 5)
    assert find(ev, "wild").data["dir"] == "se"
    assert ball_name(s) == "o3"  # i9 + 6 south-east
    assert s.step == {"k": "play", "team": 0}
    # the kick stopped at i9: two of its four squares travelled, two points back
    assert s.turn is not None and s.turn["left"] == 8 - 2


def test_rulebook_header_poor_aim_2_3_5_4_goes_five_squares_north() -> None:
    s = _header_chance(row=3)
    assert ball_name(s) == "i3"
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 1)
    s, ev = roll(s, EAST, 2, 3, 5, 4)
    assert find(ev, "wild").data["dir"] == "n"
    assert ball_name(s) == "i8"  # i3 + 5 north, over West's 1 on i6


def test_a_header_rolled_3_goes_anywhere_that_far() -> None:
    s = _header_chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 3)
    s, _ = roll(s, EAST, 2)
    assert s.step["k"] == "redirect"
    assert "Send it to f9" in _choices(s)
    s, ev = act(s, EAST, "redirect", to="f9")
    assert ball_name(s) == "f9" and s.kicked_by == 1


def test_a_header_rolled_5_goes_straight_the_way_the_header_picks() -> None:
    s = _header_chance()
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 5)
    s, _ = roll(s, EAST, 3)
    assert s.step["k"] == "aim_ball" and len(_choices(s)) == 8
    s, ev = act(s, EAST, "aim", dir="w")
    assert ball_name(s) == "f9"  # i9 three squares west, over East's 2 on h9
    assert find(ev, "travel").data["why"] == "aimed"


def test_a_missed_header_lets_the_kick_go_on() -> None:
    s = _header_chance()
    s, _ = act(s, EAST, "intercept")
    s, ev = roll(s, EAST, 6)
    assert find(ev, "header").data["result"] == "miss"
    assert ball_name(s) == "i7" and s.turn is not None and s.turn["left"] == 8 - 4


def test_no_header_for_a_kick_from_behind_the_heads_row() -> None:
    s = position({"1": "k11/w"}, {"2": "h9/w"}, ball="j11", points=8, **HEADERS)
    s, _ = kick(s, WEST, "1", "j10 i9 h8 g7")
    # j11 is two rows behind East's 2's head (it faces west): no header at i9
    assert s.step["k"] == "play" and ball_name(s) == "g7"


def test_headers_off_no_offer() -> None:
    s = _header_chance(options="intercepts")
    assert s.step["k"] == "play" and ball_name(s) == "i7"


# -- coordinated headers ------------------------------------------------------------------


def _pass(**options: object) -> SimpleSoccerState:
    """West's 1 (c5, facing east) passes from d5 to i5, behind the head of West's 3 (j5,
    facing east)."""
    s = position({"1": "c5/e", "3": "j5/e"}, {"2": "c11/w"}, ball="d5", points=8, **options)
    s, _ = kick(s, WEST, "1", "e5 f5 g5 h5 i5")
    return s


def test_a_pass_behind_a_team_mates_head_may_be_headed_on() -> None:
    s = _pass(**HEADERS)
    assert s.step == {"k": "coordinate", "team": 0}
    assert _choices(s) == ["3 heads it on", "Leave the ball there"]
    s, ev = act(s, WEST, "header", member="3")
    s, ev = roll(s, WEST, 3)
    assert find(ev, "header").data == {
        "team": 0,
        "member": "3",
        "coordinated": True,
        "die": 3,
        "result": "won",
    }
    assert "intercept" not in kinds(ev)
    s, _ = roll(s, WEST, 4)  # the extra die for distance
    s, _ = act(s, WEST, "redirect", to="n8")
    assert ball_name(s) == "n8"
    # the header costs no points: the team plays on with the rest
    assert s.step == {"k": "play", "team": 0} and s.turn is not None and s.turn["left"] == 3


def test_leaving_the_pass_ends_it_there() -> None:
    s = _pass(**HEADERS)
    s, ev = act(s, WEST, "leave")
    assert ball_name(s) == "i5" and s.step == {"k": "play", "team": 0}


def test_rulebook_a_missed_coordinated_header_rolls_on_the_way_it_came() -> None:
    s = _pass(**HEADERS)
    s, _ = act(s, WEST, "header")
    s, ev = roll(s, WEST, 2)
    assert s.step["purpose"] == "on"
    s, ev = roll(s, WEST, 3)
    assert find(ev, "travel").data["why"] == "on"
    assert ball_name(s) == "l5"  # i5 three more squares east, over West's 3 on j5


def test_a_coordinated_header_rolled_1_is_random() -> None:
    s = _pass(**HEADERS)
    s, _ = act(s, WEST, "header")
    s, _ = roll(s, WEST, 1)
    s, ev = roll(s, WEST, 2, 4, 6, 2)  # straight, east-west, east; 1 + 2 squares
    assert ball_name(s) == "l5"


def test_a_down_team_mate_cannot_head_the_pass() -> None:
    s = position({"1": "c5/e", "3": "j5/e"}, {"2": "c11/w"}, ball="d5", points=8, **HEADERS)
    s.members[0]["3"]["down"] = 0
    s, _ = kick(s, WEST, "1", "e5 f5 g5 h5 i5")
    assert s.step["k"] == "play"


# -- the stunned goalkeeper ----------------------------------------------------------------


def _cross(**options: object) -> SimpleSoccerState:
    """West's 1 (o7, facing east) crosses from p7 to s7, behind the head of West's 3 (t7,
    facing east), next to East's goal; East's goalkeeper stands on goal7."""
    s = position(
        {"1": "o7/e", "3": "t7/e"}, {"G": "goal7", "2": "c3/w"}, ball="p7", points=8, **options
    )
    s, _ = kick(s, WEST, "1", "q7 r7 s7")
    s, _ = act(s, WEST, "header", member="3")
    return s


def test_rulebook_a_headed_shot_after_a_pass_stuns_the_goalkeeper() -> None:
    s = _cross(options="headers stunned")
    s, _ = roll(s, WEST, 3)
    s, _ = roll(s, WEST, 2)
    assert "Send it to goal8" in _choices(s)
    s, ev = act(s, WEST, "redirect", to="goal8")
    shot = find(ev, "shot").data
    assert shot["team"] == 0 and shot["member"] == "3" and shot["distance"] == 1
    assert s.step["k"] == "save" and s.step.get("stunned")
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [1]  # only the exact distance saves
    s3, _ = roll(s, EAST, 3)
    assert s3.score == [1, 0]


def test_without_the_stunned_rule_the_save_is_as_usual() -> None:
    s = _cross(options="headers")
    s, _ = roll(s, WEST, 3)
    s, _ = roll(s, WEST, 2)
    s, ev = act(s, WEST, "redirect", to="goal8")
    (d,) = SIMPLESOCCER.pending(s)
    assert d.info["needs"] == [1, 3, 5]


def test_a_juggled_header_rolls_its_contact_then_the_turns_dice() -> None:
    s = position({"3": "t7/e"}, {"G": "goal7", "2": "c3/w"}, ball="u7", options="headers stunned")
    assert s.step["k"] == "roll" and s.turn is None
    ev: list = []
    flight.header_attempt(s, 0, "3", ev, coordinated=True, juggled=True)
    assert ball_name(s) == "s7" and s.step["purpose"] == "contact"
    s, _ = roll(s, WEST, 5)
    s, _ = roll(s, WEST, 4)
    s, _ = act(s, WEST, "aim", dir="w")
    assert ball_name(s) == "o7"
    assert s.step == {"k": "roll", "team": 0, "n": 2, "why": "ball"}


def test_a_juggled_header_missed_drops_where_it_was() -> None:
    s = position({"3": "t7/e"}, {"G": "goal7", "2": "c3/w"}, ball="u7", options="headers")
    flight.header_attempt(s, 0, "3", [], coordinated=True, juggled=True)
    s, ev = roll(s, WEST, 4)
    assert ball_name(s) == "s7" and s.step["k"] == "roll"


def test_a_down_member_cannot_head() -> None:
    s = position({"3": "t7/e"}, {"2": "c3/w"}, ball="u7", options="headers")
    s.members[0]["3"]["down"] = 0
    with pytest.raises(RulesError, match="down"):
        flight.header_attempt(s, 0, "3", [], coordinated=True, juggled=True)


def test_a_failed_header_next_to_an_opponent_asks_for_the_contact_roll() -> None:
    s = position(
        {"1": "i12/s", "5": "h10/e"},
        {"2": "h9/w"},
        ball="i11",
        points=8,
        options="headers fouls",
    )
    s, _ = kick(s, WEST, "1", "i10 i9 i8 i7")
    s, _ = act(s, EAST, "intercept", member="2")
    s, ev = roll(s, EAST, 2)
    # Optional fouls: East's 2 missed touching West's 5: its contact roll comes first
    assert ball_name(s) == "i7" and s.step["k"] == "contact" and s.step["team"] == 1
    s, ev = roll(s, EAST, 4)
    assert "foul" not in kinds(ev) and s.step == {"k": "play", "team": 0}


def test_a_failed_header_away_from_opponents_is_no_foul_chance() -> None:
    s = _header_chance(options="headers fouls")
    s, _ = act(s, EAST, "intercept")
    s, _ = roll(s, EAST, 2)
    assert s.step == {"k": "play", "team": 0}


def test_a_long_kick_past_a_header_chance_still_rolls_on() -> None:
    s = position({"1": "f5/e"}, {"2": "h6/w"}, ball="h5", options="headers poor_aim")
    s, _ = roll(s, WEST, 2)  # a single die of 2: the carry-on kick
    s, _ = act(s, WEST, "move", member="1", path="g5")
    s, _ = act(s, WEST, "kick", member="1", path="i6", long=True)
    assert s.step["k"] == "intercept"  # i6 is behind East's 2's head
    s, ev = act(s, EAST, "let")
    assert s.step["k"] == "carry" and s.step["team"] == 0


# -- inertia after a header (Inertia move) ---------------------------------------------------

INERTIA = {"options": "headers inertia direction"}


def _next_west_turn(s: SimpleSoccerState) -> SimpleSoccerState:
    """West ends its turn, East passes its own, West rolls its next one."""
    s = play_turn_out(s, WEST)
    s = play_turn_out(s, EAST)
    s, _ = roll(s, WEST, 3)
    return s


def _rolls_on(s: SimpleSoccerState) -> list[str]:
    return [
        c.label for d in SIMPLESOCCER.pending(s) for c in d.choices if c.action.kind == "inertia"
    ]


def test_a_pass_left_where_it_stops_rolls_on_its_way_next_turn() -> None:
    s = _pass(**INERTIA)
    s, _ = act(s, WEST, "leave")
    s = _next_west_turn(s)
    assert ball_name(s) == "i5" and "Ball rolls on to k5 (2)" in _rolls_on(s)


def test_a_headed_on_pass_does_not_roll_on_next_turn() -> None:
    s = _pass(**INERTIA)
    s, _ = act(s, WEST, "header", member="3")
    s, _ = roll(s, WEST, 5)
    s, _ = roll(s, WEST, 4)
    s, _ = act(s, WEST, "aim", dir="n")
    assert ball_name(s) == "i9"
    s = _next_west_turn(s)
    # the header, not a kick, sent the ball north: it does not roll on east (nor north)
    assert ball_name(s) == "i9" and _rolls_on(s) == []
    assert problem(s, WEST, "inertia", path="j9") is not None


def test_a_missed_pass_rolling_on_does_not_roll_on_again_next_turn() -> None:
    s = _pass(**INERTIA)
    s, _ = act(s, WEST, "header")
    s, _ = roll(s, WEST, 2)
    s, _ = roll(s, WEST, 3)
    assert ball_name(s) == "l5"
    s = _next_west_turn(s)
    assert _rolls_on(s) == []


def test_a_kick_after_the_header_rolls_on_next_turn() -> None:
    s = _pass(**INERTIA)
    s, _ = act(s, WEST, "header", member="3")
    s, _ = roll(s, WEST, 5)
    s, _ = roll(s, WEST, 2)
    s, _ = act(s, WEST, "aim", dir="e")
    assert ball_name(s) == "k5" and s.turn is not None and s.turn["left"] == 3
    s, _ = kick(s, WEST, "3", "l5 m5")  # the ball is in front of West's 3's feet
    s = _next_west_turn(s)
    assert "Ball rolls on to n5 (1)" in _rolls_on(s)
