"""Stage 2 of a turn (rulebook 4.2): time, stoppage time, control check, easy situation,
bringing the closest player (4.2.2.1), the new ball value and the order of actions."""

from __future__ import annotations

import pytest

from engine.core import MalformedAction, NotYourDecision, RulesError
from engine.fuba import FUBA
from engine.fuba.board import SIDES
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    choose,
    decision,
    find,
    kinds,
    mirrored,
    position,
    refused,
    roll,
    to_stage2,
)

# West controls the ball in the centre: 2 v 2 there, two west players in 8, none of east's.
P_WEST = {7: 2, 8: 2, 4: 2, 6: 2, 5: 2}
P_EAST = {7: 2, 9: 3, 10: 2, 12: 1, 5: 2}


def base(control: str = WEST, **kw):
    if control == WEST:
        return position(west=P_WEST, east=P_EAST, control=WEST, **kw)
    return position(west=mirrored(P_EAST), east=mirrored(P_WEST), control=EAST, **kw)


def play_out_turn(s, events=None):
    """Finish the current turn: every action is positioning (or a movement with no moves),
    the closest player is the first option, and no second actions are played."""
    events = events if events is not None else []
    for _ in range(50):
        if s.over:
            return s, events
        if any(d.kind in ("target", "formation") for d in FUBA.pending(s)):
            return s, events
        d = decision(s)
        if d.dice:
            s, ev = roll(s, d.actor, *([3, 4] if d.dice == 2 else [3]))
        elif d.kind == "action":
            labels = [c.label for c in d.choices]
            kind = "position" if "position" in labels else "move"
            s, ev = choose(s, d.actor, kind)
        elif d.kind == "move":
            s, ev = act(s, d.actor, "done")
        elif d.kind == "continue":
            s, ev = act(s, d.actor, "continue", choice="new_turn")
        else:
            s, ev = FUBA.apply(s, d.choices[0].action)
        events.extend(ev)
    raise AssertionError("the turn did not end")


# -- 4.2 who rolls -----------------------------------------------------------------------------


def test_4_2_the_controlling_team_rolls_two_dice():
    s, _ = act(base(), WEST, "target", area=7)
    d = decision(s)
    assert (d.actor, d.kind, d.dice) == (WEST, "roll", 2)
    refused(s, EAST, "roll", NotYourDecision, dice=[4, 1])
    refused(s, WEST, "roll", MalformedAction, dice=[4])
    refused(s, WEST, "roll", MalformedAction, dice=[4, 1, 2])
    refused(s, WEST, "roll", MalformedAction, dice=[0, 3])
    refused(s, WEST, "roll", MalformedAction, dice=[7, 3])
    refused(s, WEST, "roll", MalformedAction, dice="41")
    refused(s, WEST, "roll", MalformedAction, dice=[True, 3])
    refused(s, WEST, "target", MalformedAction, area=7)


# -- 4.2.1 time adjustment ---------------------------------------------------------------------


def test_4_2_1_example_time():
    # Santeri (east here) rolls 4 and 1: the difference 3 moves the time marker 3 minutes.
    s = base(EAST, minute=20)
    s, events = to_stage2(s, 7, 4, 1)
    assert (s.minute, s.stoppage) == (23, 0)
    assert find(events, "time").data["moved"] == 3
    assert "special_event" not in kinds(events)


def test_4_2_1_example_time_special_event():
    # Santeri rolls 4 and 4: the marker moves 4 minutes and a special event occurs.
    s = base(EAST, minute=20)
    s, events = to_stage2(s, 7, 4, 4)
    assert s.minute == 24
    assert find(events, "special_event").data["die"] == 4


def test_4_2_1_order_of_the_dice_does_not_matter():
    a, _ = to_stage2(base(minute=30), 7, 1, 6)
    b, _ = to_stage2(base(minute=30), 7, 6, 1)
    assert a.minute == b.minute == 35


# -- 4.2.1.2 stoppage time ---------------------------------------------------------------------


def test_4_2_1_2_marker_stops_on_the_first_stoppage_square():
    s, events = to_stage2(base(minute=43), 7, 6, 1)  # 5 minutes from 43
    assert (s.minute, s.stoppage) == (45, 1)
    # design decision 2: no end-of-half check in the turn that reaches +1: play goes on
    assert "half_end" not in kinds(events)
    assert decision(s).kind == "action"


def test_4_2_1_2_reaching_minute_45_exactly_is_not_stoppage_time():
    s, _ = to_stage2(base(minute=42), 7, 4, 1)
    assert (s.minute, s.stoppage) == (45, 0)
    s, _ = play_out_turn(s)
    s, _ = to_stage2(s, 7, 6, 1)
    assert (s.minute, s.stoppage) == (45, 1)  # not 50: the marker stops on +1


def test_4_2_1_2_double_that_reaches_stoppage_time_is_still_a_special_event():
    # 4.2.1: a zero difference always means a special event; the roll was made in normal time
    s, events = to_stage2(base(minute=43), 7, 4, 4)
    assert (s.minute, s.stoppage) == (45, 1)
    assert find(events, "special_event").data["die"] == 4


def test_4_2_1_2_stoppage_time_moves_one_square_per_turn():
    s, events = to_stage2(base(minute=45, stoppage=1), 7, 6, 1)
    assert (s.minute, s.stoppage) == (45, 2)
    assert find(events, "time").data["moved"] == 1
    assert decision(s).kind == "action"


def test_4_2_1_2_example_stoppage_time():
    # The marker is on +2; Santeri (east) rolls 3 and 2: difference 1 < 2, the half ends at once.
    s = base(EAST, minute=45, stoppage=2, value=2)
    s, events = to_stage2(s, 7, 3, 2)
    assert "half_end" in kinds(events)
    # the rest of the turn is not played
    assert "control" not in kinds(events) and "ball_value" not in kinds(events)
    assert s.half == 2 and (s.minute, s.stoppage) == (45, 0)
    assert {d.kind for d in FUBA.pending(s)} == {"formation"}


def test_4_2_1_2_difference_equal_to_the_stoppage_minute_plays_on():
    s, events = to_stage2(base(minute=45, stoppage=2), 7, 4, 2)
    assert "half_end" not in kinds(events)
    assert s.stoppage == 3 and s.half == 1


def test_4_2_1_2_double_in_stoppage_time_ends_the_half():
    # design decision 2: a double in stoppage time is difference 0
    s, events = to_stage2(base(minute=45, stoppage=1), 7, 5, 5)
    assert "half_end" in kinds(events)
    assert s.half == 2


@pytest.mark.parametrize(
    ("west", "east", "ball", "target"),
    [
        ({7: 2, 9: 2, 8: 2, 4: 2, 6: 2}, {7: 2, 9: 2, 12: 2, 10: 2, 5: 2}, 9, 12),
        ({5: 2, 7: 2, 4: 2, 6: 2, 1: 2}, {5: 2, 7: 2, 9: 2, 8: 2, 10: 2}, 5, 2),
    ],
)
def test_4_2_1_2_stoppage_half_ends_immediately_unless_box(west, east, ball, target):
    # the ball in either penalty area: the half ends at the end of that turn
    s = position(west=west, east=east, ball=ball, minute=45, stoppage=2)
    s, events = to_stage2(s, target, 5, 4)  # difference 1 < 2, west keeps the ball
    assert "half_end" not in kinds(events)
    assert s.stoppage == 2  # the marker does not move
    assert find(events, "control").data["team"] == 0
    assert decision(s).kind == "action"
    s, events = play_out_turn(s)
    assert "half_end" in kinds(events)
    assert s.half == 2 and decision_kinds(s) == {"formation"}


def decision_kinds(s):
    return {d.kind for d in FUBA.pending(s)}


def test_4_2_1_2_plus_five_ends_the_half_at_the_end_of_that_turn():
    s, events = to_stage2(base(minute=45, stoppage=4), 7, 6, 1)
    assert s.stoppage == 5
    assert "half_end" not in kinds(events)
    assert decision(s).kind == "action"  # the turn is played
    s, events = play_out_turn(s)
    assert "half_end" in kinds(events) and s.half == 2


def test_4_2_1_2_half_continues_after_a_normal_stoppage_turn():
    s, _ = to_stage2(base(minute=45, stoppage=2), 7, 6, 1)
    s, events = play_out_turn(s)
    assert "half_end" not in kinds(events)
    assert decision(s).kind == "target" and s.half == 1


def test_4_2_1_2_stoppage_in_the_second_half_ends_the_match():
    s = base(half=2, minute=90, stoppage=3)
    s.score = [1, 2]
    s, events = to_stage2(s, 7, 2, 1)
    assert kinds(events)[-2:] == ["half_end", "match_end"]
    assert find(events, "match_end").data["score"] == [1, 2]
    assert FUBA.is_over(s) and s.over
    assert FUBA.pending(s) == []
    with pytest.raises(RulesError, match="over"):
        act(s, WEST, "target", area=7)


# -- 4.2.1.3 end of the half ---------------------------------------------------------------------


@pytest.mark.parametrize("first_half_ct", [0, 1])
def test_4_2_1_3_second_half_starts_with_the_other_team(first_half_ct):
    s = base(SIDES[first_half_ct], minute=45, stoppage=3)
    s.first_half_ct = first_half_ct
    s.score = [2, 1]
    s, _ = to_stage2(s, 7, 2, 1)
    assert s.half == 2 and (s.minute, s.stoppage) == (45, 0)
    assert s.score == [2, 1]
    assert s.control == 1 - first_half_ct
    # 2.2 formation change for both teams, then the kick-off setup (3.3.1)
    assert sorted(d.actor for d in FUBA.pending(s)) == [EAST, WEST]
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    d = decision(s)
    assert (d.kind, d.actor) == ("setup", SIDES[1 - first_half_ct])
    assert (s.ball, s.value) == (7, 2)


# -- 4.2.2 control check ------------------------------------------------------------------------


def test_4_2_2_example_control_check_and_new_ball_value():
    # Otto (west) plays into area A (8), next to the start area, where he has players. The
    # ball value is 3; he rolls 5 and 2: the 5 keeps the ball, and the new value is the lower
    # die, 2. (The example's reason, "adjacent to an area where Otto had a player", is looser
    # than the rule text of 4.2.3, which asks for a player in the target area itself; this
    # position meets both.)
    s = base(value=4)
    s, _ = act(s, WEST, "target", area=8)
    assert s.value == 3
    s, events = roll(s, WEST, 5, 2)
    # the higher die is compared with the ball value of the target
    assert find(events, "control").data == {"team": 0, "kept": True, "die": 5, "value": 3}
    assert s.control == 0 and s.value == 2


def test_4_2_2_a_die_equal_to_the_ball_value_keeps_control():
    s = base(value=4)
    s, _ = to_stage2(s, 8, 3, 1)  # ball value 3 after stage 1
    assert s.control == 0
    assert s.value == 1


def test_4_2_2_both_dice_lower_loses_control():
    s = base(value=4)
    s, events = to_stage2(s, 8, 2, 1)
    assert find(events, "control").data == {"team": 1, "kept": False, "die": 2, "value": 3}
    assert s.control == 1


# -- 4.2.2.1 target area without a player of the team with the ball ----------------------------

U_WEST = {7: 4, 5: 3, 6: 3}
U_EAST = {6: 2, 5: 2, 10: 2, 12: 2, 9: 2}


def test_4_2_2_1_closest_player_moves_to_the_target_area():
    s = position(west=U_WEST, east=U_EAST, ball=7, value=3)
    s, events = to_stage2(s, 8, 5, 4)
    bring = find(events, "bring")
    assert bring.data == {"team": 0, "from": 7, "to": 8, "goalkeeper": False}
    assert s.outfield[0][7] == 3 and s.outfield[0][8] == 1
    assert decision(s).kind == "action"


def test_4_2_2_1_bringing_a_player_does_not_use_up_moves():
    s = position(west=U_WEST, east=U_EAST, ball=7, value=3)
    s, _ = to_stage2(s, 8, 5, 4)
    s, _ = choose(s, WEST, "move")
    s, events = roll(s, WEST, 6, 5)
    assert find(events, "movement").data["moves"] == 5
    assert s.agenda[0]["left"] == 5


def test_4_2_2_1_the_goalkeeper_can_be_the_closest_player():
    s = position(west={7: 4, 4: 3, 8: 3}, east={9: 4, 10: 2, 7: 2, 8: 2}, ball=7, value=3)
    s, events = to_stage2(s, 3, 6, 5)
    assert find(events, "bring").data["goalkeeper"] is True
    assert s.keeper[0] == 3


def test_4_2_2_1_choice_between_equally_close_players():
    s = base()
    s, events = to_stage2(s, 9, 5, 3)  # west has nobody in 9; 7 and 8 are both next to it
    assert "bring" not in kinds(events)
    d = decision(s)
    assert (d.kind, d.actor) == ("bring", WEST)
    assert sorted(c.action.args["from"] for c in d.choices) == [7, 8]
    assert "7" in refused(s, WEST, "bring", from_=4, goalkeeper=False)
    refused(s, EAST, "bring", NotYourDecision, from_=7, goalkeeper=False)
    refused(s, WEST, "bring", MalformedAction, from_="8")
    s, events = act(s, WEST, "bring", from_=8, goalkeeper=False)
    assert s.outfield[0][8] == 1 and s.outfield[0][9] == 1
    assert decision(s).kind == "action"


def test_4_2_2_1_team_that_won_the_ball_brings_its_closest_player():
    s = base(value=4)
    s, _ = to_stage2(s, 8, 2, 1)  # east wins the ball in 8 and has nobody there
    d = decision(s)
    assert (d.kind, d.actor) == ("bring", EAST)
    assert sorted(c.action.args["from"] for c in d.choices) == [7, 9]
    s, _ = act(s, EAST, "bring", from_=9, goalkeeper=False)
    assert s.pieces(1, 8) == 1


# -- 4.2.2.2 easy situation ------------------------------------------------------------------------

EASY_WEST = {4: 2, 1: 1, 7: 3, 5: 2, 2: 2}
EASY_EAST = {7: 3, 6: 2, 3: 2, 9: 3}


def easy_position(**kw):
    # west plays from 4 into its north corner (1); east has nobody in 1, 2, 4 or 5
    return position(west=EASY_WEST, east=kw.pop("east", EASY_EAST), ball=4, value=6, **kw)


def test_4_2_2_2_easy_situation_keeps_control():
    s, _ = act(easy_position(), WEST, "target", area=1)
    assert s.value == 4  # 6 - 1 (no defender in 4) - 1 (1 v 0 in area 1)
    s, events = roll(s, WEST, 3, 2)  # both dice lower than 4
    control = {"team": 0, "kept": True, "easy": True, "die": 3, "value": 4}
    assert find(events, "control").data == control
    assert s.control == 0
    # design decision 6: the new value from the dice as usual, the order as 4.2.4 says
    assert s.value == 2
    assert find(events, "order").data["first"] == 1
    # the defending team may move one player one area
    d = decision(s)
    assert (d.actor, d.kind, d.info["mode"]) == (EAST, "move", "easy")
    refused(s, EAST, "move", from_=7, to=11)  # not adjacent
    refused(s, EAST, "move", from_=7, to=4, count=2)
    refused(s, WEST, "move", NotYourDecision, from_=7, to=4)
    s, events = act(s, EAST, "move", from_=7, to=4)
    assert s.outfield[1][4] == 1
    d = decision(s)
    assert (d.actor, d.kind) == (EAST, "action")  # one move only: east's first action now


def test_4_2_2_2_easy_situation_move_is_optional():
    s, _ = to_stage2(easy_position(), 1, 3, 2)
    s, _ = act(s, EAST, "done")
    assert decision(s).kind == "action" and decision(s).actor == EAST
    assert s.outfield[1] == position(west=EASY_WEST, east=EASY_EAST).outfield[1]


def test_4_2_2_2_easy_situation_goalkeeper_may_move():
    s, _ = to_stage2(easy_position(), 1, 3, 2)
    s, _ = act(s, EAST, "move", from_=12, to=9, goalkeeper=True)
    assert s.keeper[1] == 9


def test_4_2_2_2_defender_next_to_the_target_area_wins_the_ball():
    east = {7: 3, 6: 2, 5: 1, 3: 1, 9: 3}
    s, events = to_stage2(easy_position(east=east), 1, 3, 2)
    assert find(events, "control").data == {"team": 1, "kept": False, "die": 3, "value": 4}
    assert find(events, "bring").data == {"team": 1, "from": 5, "to": 1, "goalkeeper": False}


def test_4_2_2_2_defending_goalkeeper_next_to_the_target_area_counts():
    s, events = to_stage2(easy_position(east_keeper=5), 1, 3, 2)
    assert s.control == 1
    assert find(events, "bring").data["goalkeeper"] is True


def test_4_2_2_2_no_easy_situation_when_control_is_kept():
    s, events = to_stage2(easy_position(), 1, 5, 2)
    assert "easy" not in find(events, "control").data
    assert decision(s).kind == "action"


# -- 4.2.3 new ball value --------------------------------------------------------------------------


def test_4_2_3_lower_die_when_adjacent_and_player_in_target():
    s, _ = to_stage2(base(value=4), 8, 6, 4)
    assert s.value == 4


def test_4_2_3_higher_die_when_no_player_in_target_at_the_start_of_the_turn():
    s, events = to_stage2(base(), 9, 5, 3)  # west has nobody in 9 (value 4 after stage 1)
    assert find(events, "ball_value").data["value"] == 5
    assert s.value == 5


def test_4_2_3_higher_die_for_a_long_pass_even_with_a_player_in_target():
    s = base(ball=5)
    s, _ = act(s, WEST, "target", area=8)  # 5 -> 8 passes over area 4
    assert s.value == 3
    s, _ = roll(s, WEST, 5, 4)
    assert s.value == 5


def test_4_2_3_pass_within_the_same_area_takes_the_lower_die():
    s, _ = to_stage2(base(), 7, 6, 4)  # design decision 5
    assert s.value == 4


def test_4_2_3_new_value_irrespective_of_lost_control():
    # 4.2.3 applies whoever wins the ball; design decision 5: "had a player" refers to the
    # team that controlled the ball when the turn began (west had two in 8).
    s, _ = to_stage2(base(value=5), 8, 3, 2)  # value 4 after stage 1
    assert s.control == 1
    assert s.value == 2


# -- 4.2.4 order of actions ----------------------------------------------------------------------


def test_4_2_4_example_order_both_dice_high_controlling_team_first():
    s, events = to_stage2(base(value=4), 8, 4, 3)  # ball value 3
    assert find(events, "order").data["first"] == 0
    assert decision(s).actor == WEST and decision(s).kind == "action"


def test_4_2_4_example_order_one_die_high_defending_team_first():
    s, events = to_stage2(base(value=4), 8, 5, 2)
    assert s.control == 0
    assert find(events, "order").data["first"] == 1
    assert decision(s).actor == EAST and decision(s).kind == "action"


def test_4_2_4_example_order_both_dice_low_new_controlling_team_first():
    s, events = to_stage2(base(value=4), 8, 2, 1)
    assert s.control == 1
    s, _ = act(s, EAST, "bring", from_=7, goalkeeper=False)
    assert decision(s).actor == EAST and decision(s).kind == "action"
    # ... and then west, now defending, plays its first action
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 6, 6)
    assert decision(s).actor == WEST and decision(s).kind == "action"


def test_4_2_4_both_teams_play_one_first_action():
    s, _ = to_stage2(base(value=4), 8, 4, 3)
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    assert decision(s).actor == EAST
    refused(s, WEST, "action", NotYourDecision, kind="move")


def test_4_2_2_2_easy_move_comes_before_the_closest_player_choice():
    # west plays from 4 into its empty corner area 1: players in 4, 5 and the keeper in 2 are
    # all next to it, so west will choose who goes; east first makes its easy-situation move
    s = position(west={4: 2, 7: 3, 5: 2, 6: 3}, east={7: 3, 6: 2, 3: 2, 9: 3}, ball=4, value=6)
    s, events = to_stage2(s, 1, 4, 3)  # value 5 after stage 1: both dice lower
    assert find(events, "control").data.get("easy") is True
    assert (decision(s).actor, decision(s).kind) == (EAST, "move")
    s, _ = act(s, EAST, "move", from_=6, to=5)
    d = decision(s)
    assert (d.actor, d.kind) == (WEST, "bring")
    assert sorted((c.action.args["from"], c.action.args["goalkeeper"]) for c in d.choices) == [
        (2, True),
        (4, False),
        (5, False),
    ]


@pytest.mark.parametrize("outcome_die", [6, 5])
def test_4_2_1_2_restart_in_the_turn_that_ends_the_half_is_not_taken(outcome_die):
    # stoppage +2, difference 1, the ball in east's box: the turn is played out. West's shot
    # scores (6) or earns a corner (5); the goal counts, but no kick-off or corner follows.
    s = position(
        west={7: 2, 9: 2, 8: 2, 4: 2, 6: 2},
        east={7: 2, 9: 2, 12: 2, 10: 2, 5: 2},
        ball=9,
        minute=45,
        stoppage=2,
    )
    s, events = to_stage2(s, 12, 5, 4)
    assert find(events, "bring").data["to"] == 12
    assert decision(s).actor == WEST
    s.value = 4  # modifiers: -1 (1 v keeper + 2 in the box)
    s, _ = choose(s, WEST, "goal")
    s, events = roll(s, WEST, outcome_die)
    outcome = find(events, "goal_attempt").data["outcome"]
    assert outcome == ("goal" if outcome_die == 6 else "corner")
    assert "half_end" in kinds(events)
    assert s.score == ([1, 0] if outcome_die == 6 else [0, 0])
    assert s.half == 2 and {d.kind for d in FUBA.pending(s)} == {"formation"}
