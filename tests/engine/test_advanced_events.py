"""A13 special events: every entry of the table with scripted dice (west controls; the
controlling team's die first), and a double without the table or in stoppage time."""

from __future__ import annotations

import pytest

from engine.fuba import FUBA, plays
from engine.fuba.specials import entry
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced, situation, special
from tests.engine.scenario import act, choose, decision, find, kinds, refused, roll

W, E = 0, 1
FORWARD = {7: 2, 8: 2, 4: 2, 9: 2, 5: 2}  # west also has two players in 9, next to east's box

# The special events' base position: West (4-4-2) has the ball in the centre 7 at value 3 and
# picks a target area, two players each in 4, 5, 6, 7 and 8; East (4-4-2) has two in 5, 7 and
# 10, three in its arc 9 and one with the keeper in its box 12. Minute 10, special events on.
EVENTS = (
    "4-4-2/4-4-2 g2,4:2,5:2,6:2,7:2,8:2 g12,5:2,7:2,9:3,10:2,12:1 7 3 w h1:10 0-0 target:w new "
    "kick=w turns=1/0 rules=events"
)
# The same with temporary injuries in force too.
INJURIES = (
    "4-4-2/4-4-2 g2,4:2,5:2,6:2,7:2,8:2 g12,5:2,7:2,9:3,10:2,12:1 7 3 w h1:10 0-0 target:w new "
    "kick=w turns=1/0 rules=injuries,events"
)


def test_a13_the_table_is_read_controlling_die_first():
    assert entry(1, 2)[1] == "Excellent attack move"
    assert entry(2, 1)[1] == "Ball bounces (defending team)"
    assert entry(5, 5)[1] == "Streaker"
    assert entry(6, 2)[1] == "Terrace chant (controlling team)"


def test_a13_without_the_rule_a_double_only_moves_the_clock():
    s, ev = situation(advanced(), 8, 3, 3)
    assert find(ev, "special_event").data == {"die": 3, "table": False}
    assert s.agenda[0]["k"] == "act"  # straight on to the actions


def test_a13_no_special_event_in_stoppage_time():
    s = advanced("events", west=FORWARD, minute=45, stoppage=1)
    s, ev = situation(s, 12, 3, 3)  # the ball in a box: the half ends after this turn
    assert "special_event" not in kinds(ev)


def test_a13_the_special_event_is_a_duel_named_in_the_log():
    s, ev = special(FUBA.from_position(EVENTS), 8, 5, 6)
    e = find(ev, "special_event").data
    assert (e["entry"], e["name"]) == ("5-6", "Goalkeeper out of position")
    assert "Special event 5-6: Goalkeeper out of position" in narrate(ev)
    assert "West rolls 5 for the special event" in narrate(ev)


@pytest.mark.parametrize(
    ("ct_die", "dt_die", "mover"), [(1, 1, W), (1, 2, W), (1, 3, E), (1, 4, E)]
)
def test_a13_excellent_moves_one_player_after_the_control_check(ct_die, dt_die, mover):
    s, _ = special(FUBA.from_position(EVENTS), 8, ct_die, dt_die)
    step = s.agenda[0]
    assert (step["k"], step["mode"], step["team"], step["left"]) == ("moves", "excellent", mover, 1)
    side = (WEST, EAST)[mover]
    frm, to = (5, 2) if mover == W else (9, 11)
    s, _ = act(s, side, "move", from_=frm, to=to)
    assert s.agenda[0]["k"] == "act"  # then the action stage as usual
    assert s.outfield[mover][to] >= 1


def test_a13_excellent_move_never_carries_the_ball():
    s, _ = special(FUBA.from_position(EVENTS), 8, 1, 1)
    refused(s, WEST, "move", from_=8, to=9, with_ball=True)


@pytest.mark.parametrize(("dt_die", "mover"), [(5, E), (6, W)])
def test_a13_fast_situation_skips_the_action_stage(dt_die, mover):
    s, _ = special(FUBA.from_position(EVENTS), 8, 1, dt_die)
    assert s.agenda[0]["mode"] == "fast" and s.agenda[0]["team"] == mover
    n = s.turn["n"]
    s, _ = act(s, (WEST, EAST)[mover], "done")
    assert s.turn["n"] == n + 1 and s.agenda[0]["k"] == "target"  # a new turn, no actions


@pytest.mark.parametrize(("dt_die", "value"), [(1, 5), (2, 5), (3, 1), (4, 1)])
def test_a13_ball_bounces_changes_the_new_ball_value(dt_die, value):
    # a double 3 into 8 (adjacent, west already there): the new ball value would be 3
    s, _ = special(FUBA.from_position(EVENTS), 8, 2, dt_die)
    assert s.value == value


@pytest.mark.parametrize(("dt_die", "blocked"), [(5, W), (6, E)])
def test_a13_lost_momentum_and_failed_marking_take_the_free_moves(dt_die, blocked):
    s, _ = special(FUBA.from_position(EVENTS), 8, 2, dt_die)
    for _ in range(2):
        step = s.agenda[0]
        assert step["k"] == "act"
        if step["team"] == blocked:
            assert (step["o"], step["g"], step["kr"]) == ([], [], False)
            assert not any(c.action.kind == "move" for c in decision(s).choices)
        else:
            assert step["o"]  # the other team keeps its free moves
        s, _ = choose(s, (WEST, EAST)[step["team"]], "position")
        s, _ = roll(s, (WEST, EAST)[step["team"]], 6, 6)


def test_a13_defenders_foul_free_kick_and_yellow_test():
    s, ev = special(FUBA.from_position(EVENTS), 8, 3, 2)
    assert find(ev, "free_kick").data["team"] == W and find(ev, "free_kick").data["area"] == 8
    assert s.agenda[0] == {"k": "roll", "team": E, "n": 1, "for": "yellow", "reason": "foul"}


def test_a13_a_foul_in_the_box_is_a_penalty_kick():
    s, ev = special(advanced("events", west=FORWARD), 12, 3, 1)
    assert find(ev, "penalty_awarded").data["team"] == W


def test_a13_attackers_foul_gives_the_defending_team_a_free_kick():
    s, ev = special(FUBA.from_position(EVENTS), 8, 3, 4)
    assert find(ev, "free_kick").data == {"team": E, "area": 8, "quick": True}
    assert s.agenda[0]["for"] == "yellow" and s.agenda[0]["team"] == W


def test_a13_defenders_rude_foul_yellow_red_test_plus_one_and_injury():
    s, ev = special(FUBA.from_position(INJURIES), 8, 3, 5)
    assert s.yellows == [0, 1] and find(ev, "yellow_card").data["team"] == E
    red, injury = s.agenda[0], s.agenda[1]
    assert (red["for"], red["team"], red["mod"]) == ("red", E, 1)
    assert (injury["for"], injury["team"]) == ("injury", W)
    s, ev = roll(s, EAST, 1)  # decision 16: red when the die is below yellows + 1
    assert find(ev, "red_card").data["team"] == E


def test_a13_attackers_rude_foul_without_injuries_says_so():
    s, ev = special(FUBA.from_position(EVENTS), 8, 3, 6)
    assert s.yellows == [1, 0]
    assert find(ev, "special_event").data["note"] == "no injuries in this match"
    assert all(st.get("for") != "injury" for st in s.agenda)


def test_a13_slow_play_one_more_minute_and_a_used_point_back():
    s = advanced("events", "condition", condition=([4, 2, 2], [4, 4, 2]))
    s.spent = [2, 0]
    s, ev = special(s, 8, 4, 1)
    assert s.minute == 14  # 10 + 3 + the extra minute
    assert s.spent == [1, 0] and s.condition[W] == [4, 3, 2]  # to the fewest points (midfield)
    assert s.condition[E] == [4, 4, 2]  # east had used none


def test_a13_ball_over_the_touchline_loses_the_ball_value_2():
    s, ev = special(FUBA.from_position(EVENTS), 8, 4, 3)  # 8 is on the touchline
    assert s.control == E and s.value == 2 and s.turn["order"] == [E, W]


def test_a13_ball_over_the_touchline_needs_a_touchline_area():
    s, ev = special(FUBA.from_position(EVENTS), 9, 4, 3)
    assert "not on a touchline" in find(ev, "special_event").data["note"]
    assert "control" in kinds(ev)  # the usual control check


def test_a13_ball_over_the_goal_line_is_a_corner():
    s, ev = special(advanced("events", west=FORWARD), 12, 4, 4)
    assert find(ev, "corner_kick").data["team"] == W
    s, ev = special(FUBA.from_position(EVENTS), 8, 4, 4)
    assert "not on a goal line" in find(ev, "special_event").data["note"]


def test_a13_momentum_lets_the_first_movement_dribble_past_defenders():
    s = advanced("events", west={7: 2, 8: 2, 4: 2, 6: 2, 5: 2})
    s, _ = special(s, 7, 4, 5, double=6)  # the ball stays in 7, where east has two players
    assert s.turn["momentum"] == W and s.agenda[0]["team"] == W
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 3, 4)
    assert any(c.action.args.get("with_ball") for c in decision(s).choices)
    s, _ = act(s, WEST, "move", from_=7, to=8, with_ball=True)
    assert s.ball == 8


def test_a13_aggressive_defence_is_a_free_aggressive_pressing():
    s, ev = special(advanced("events", "condition", "pressing"), 9, 4, 6, double=4)
    step = s.agenda[-1]
    assert (step["for"], step["team"], step.get("aggressive")) == ("press", E, True)
    while s.agenda[0] is not step and s.agenda[0]["k"] == "bring":
        s, _ = act(s, WEST, "bring", **{"from": s.agenda[0]["options"][0][0]})
    before = list(s.condition[E])
    s, ev = roll(s, EAST, s.value, 6)  # equal to the ball value: aggressive pressing wins
    assert find(ev, "aggressive_pressing").data["success"]
    assert s.control == E and s.condition[E] == before  # no condition point paid


def test_a13_aggressive_defence_needs_a_player_in_the_target_area():
    s, ev = special(FUBA.from_position(EVENTS), 8, 4, 6)
    assert "special_no_effect" in kinds(ev)


def test_a13_head_collision_higher_die_wins_and_both_roll_for_injury():
    s, _ = special(FUBA.from_position(INJURIES), 8, 5, 1)
    assert s.agenda[0]["for"] == "collision"
    s, _ = roll(s, WEST, 4)
    s, ev = roll(s, EAST, 4)
    assert "collision_tie" in kinds(ev)
    s, _ = roll(s, WEST, 2)
    s, ev = roll(s, EAST, 5)
    assert s.control == E
    assert [(st["for"], st["team"]) for st in s.agenda] == [("injury", W), ("injury", E)]
    for side in (WEST, EAST):
        s, _ = roll(s, side, 1)
        if s.agenda[0]["k"] == "remove":
            s, _ = act(s, side, "remove", area=s.agenda[0]["options"][0])
    assert s.value == 5 and s.turn["order"] == [E, W]
    assert s.injured == [[1], [1]]


def test_a13_failed_opening_the_ball_stays_in_the_start_area():
    s, ev = special(FUBA.from_position(EVENTS), 8, 5, 2)
    assert s.ball == 7 and s.control == E and s.turn["order"] == [E, W]


def test_a13_failed_opening_on_a_corner_kick_leaves_the_ball_in_the_corner_area():
    west = {16: 1, 11: 1, 9: 3, 12: 2, 7: 3}
    east = {12: 3, 9: 3, 11: 1, 7: 3}
    corner = advanced("events", west=west, east=east, ball=16, value=2, kind="corner")
    s, ev = special(corner, 12, 5, 2)
    assert s.ball == 11 and s.control == E  # not the corner spot 16
    assert s.pieces(E, 11) and s.turn["order"] == [E, W]


def test_a13_perfect_pass_keeps_the_ball_whatever_the_dice():
    s, ev = special(FUBA.from_position(EVENTS), 9, 5, 3, double=1)  # 1 would lose the ball
    assert s.control == W and s.turn["order"] == [W, E]


def test_a13_behind_the_referees_back_the_controlling_team_rolls_for_an_injury():
    s, _ = special(FUBA.from_position(INJURIES), 8, 5, 4)
    assert s.agenda[0]["for"] == "injury" and s.agenda[0]["team"] == W
    s, ev = roll(s, WEST, 2)  # temporary: two minutes; one of the players near the ball
    assert find(ev, "injury").data["minutes"] == 2
    if s.agenda[0]["k"] == "remove":
        s, ev = act(s, WEST, "remove", area=s.agenda[0]["options"][0])
    assert s.injured[W] == [2] and sum(s.outfield[W]) == 9


def test_a13_streaker_moves_the_clock_without_a_tiredness_test():
    s = advanced("events", "condition", condition=([4, 4, 2], [4, 4, 2]), minute=20)
    s, _ = special(s, 8, 5, 5, double=3)
    assert s.agenda[0]["for"] == "streaker"
    s, ev = roll(s, WEST, 4)
    assert s.minute == 28  # 20 + 3 + (4 + 1)
    assert "+5 minutes for the streaker (28')" in narrate(ev)
    assert all(st.get("for") != "tiredness" for st in s.agenda)


def test_a13_goalkeeper_out_of_position_plus_two_on_goal_attempts():
    s, _ = special(FUBA.from_position(EVENTS), 8, 5, 6)
    assert plays.shot_modifiers(s, W, False).parts["keeper_astray"] == 2


@pytest.mark.parametrize(("dt_die", "chanting"), [(1, E), (2, W)])
def test_a13_terrace_chant_first_action_and_a_free_point(dt_die, chanting):
    s, _ = special(advanced("events", "condition"), 8, 6, dt_die)
    assert s.turn["order"][0] == chanting and s.turn["free_point"] == chanting


@pytest.mark.parametrize("dt_die", [3, 4, 5, 6])
def test_a13_skill_entries_change_nothing_in_a_match_without_skills(dt_die):
    s, ev = special(FUBA.from_position(EVENTS), 8, 6, dt_die)
    assert "no skills in this match" in find(ev, "special_event").data["note"]
    assert "no skills in this match" in " ".join(narrate(ev))
    assert (s.control, s.value, s.turn["order"]) == (W, 3, [W, E])


def test_a13_the_easy_situation_does_not_block_a_special_event():
    s = advanced("events", east={9: 3, 10: 2, 12: 1, 13: 2, 11: 2})
    s, _ = act(s, WEST, "target", area=4)
    s.value = 4  # a hard ball to control, and nobody of east near area 4
    s, _ = roll(s, WEST, 2, 2)
    s, _ = roll(s, WEST, 1)
    s, ev = roll(s, EAST, 1)
    assert find(ev, "special_event").data["name"] == "Excellent attack move"
    assert find(ev, "control").data.get("easy")
    assert [st.get("mode") for st in s.agenda] == ["easy", "excellent"]


def test_a13_a_special_event_roll_is_refused_twice():
    s, _ = situation(FUBA.from_position(EVENTS), 8, 3, 3)
    s, _ = roll(s, WEST, 2)
    refused(s, WEST, "roll", None, dice=[3])
    assert FUBA.pending(s)[0].actor == EAST


def test_a13_terrace_chant_the_free_point_pays_one_use_of_the_first_action():
    s = advanced("events", "condition", condition=([0, 0, 0], [4, 4, 2]))
    s, _ = special(s, 8, 6, 2)  # chant for west, which has no points at all
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 5)  # 4 moves (the midfield minimum), 5 with a point
    d = decision(s)
    assert d.kind == "boost" and d.choices[0].label == "use a condition point (free)"
    s, ev = act(s, WEST, "boost", choice="use")
    assert "West uses a free condition point for movement" in narrate(ev)
    assert find(ev, "movement").data["moves"] == 5
    assert s.condition[W] == [0, 0, 0] and s.spent[W] == 0 and s.turn["free_point"] == -1


def test_a13_the_free_point_is_only_for_the_first_action():
    s = advanced("events", "condition", condition=([0, 0, 0], [4, 4, 2]))
    s, _ = special(s, 8, 6, 2)
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    assert decision(s).kind == "boost"  # one more positioning step, for free
    s, _ = act(s, WEST, "boost", choice="skip")
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 1, 1)
    if decision(s).kind == "boost":
        s, _ = act(s, EAST, "boost", choice="skip")
    s, _ = act(s, WEST, "continue", choice="second")
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 5)
    assert decision(s).kind == "move"  # no boost: the free point was for the first action
