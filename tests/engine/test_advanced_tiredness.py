"""A1 tiredness tests: when a turn's time adjustment moves the marker 5 or more squares of
normal time, each team rolls two dice (x10) against the game time."""

from __future__ import annotations

from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced, situation
from tests.engine.scenario import find, kinds, refused, roll

W, E = 0, 1
POINTS = ([4, 4, 2], [4, 4, 2])


def test_a1_five_squares_start_a_test_for_each_team_controlling_team_first():
    s, _ = situation(advanced("condition", condition=POINTS, minute=30), 8, 6, 1)
    assert s.minute == 35
    assert [(st["for"], st["team"]) for st in s.agenda] == [("tiredness", W), ("tiredness", E)]
    refused(s, EAST, "roll", None, dice=[1, 1])  # west rolls first


def test_a1_a_result_below_the_game_time_costs_a_point_in_the_balls_zone():
    s, _ = situation(advanced("condition", condition=POINTS, minute=30), 8, 6, 1)
    s, ev = roll(s, WEST, 1, 2)  # 30 < 35: west loses one (8 is in west's midfield)
    t = find(ev, "tiredness_test").data
    assert (t["result"], t["minute"], t["lost"]) == (30, 35, {"midfield": 1})
    assert s.condition[W] == [4, 3, 2]
    assert "Tiredness test West: 30 < 35, one point lost (1 midfield)" in narrate(ev)
    s, ev = roll(s, EAST, 3, 1)  # 40 is not below 35
    assert find(ev, "tiredness_test").data["lost"] == {} and s.condition[E] == [4, 4, 2]
    assert s.agenda[0]["k"] == "act"  # the stage goes on: control check, ball value, order


def test_a1_both_teams_may_lose_a_point():
    s, _ = situation(advanced("condition", condition=POINTS, minute=30), 8, 6, 1)
    s, ev = roll(s, WEST, 2, 1)
    assert find(ev, "tiredness_test").data["result"] == 30
    assert s.condition[W] == [4, 3, 2]  # 30 < 35
    s, ev = roll(s, EAST, 1, 2)
    assert s.condition[E] == [4, 3, 2]  # 30 < 35 for east too


def test_a1_four_squares_start_no_test():
    s, ev = situation(advanced("condition", condition=POINTS, minute=30), 8, 5, 1)
    assert "tiredness_test" not in kinds(ev) and s.agenda[0]["k"] != "roll"


def test_a1_no_test_when_this_adjustment_reaches_stoppage_time():
    s, _ = situation(advanced("condition", condition=POINTS, minute=41), 8, 6, 1)
    assert s.stoppage == 1 and all(st.get("for") != "tiredness" for st in s.agenda)


def test_a1_exactly_to_the_45th_minute_is_still_a_test():
    s, _ = situation(advanced("condition", condition=POINTS, minute=40), 8, 6, 1)
    assert (s.minute, s.stoppage) == (45, 0) and s.agenda[0]["for"] == "tiredness"


def test_a1_no_test_without_the_condition_rule():
    s, _ = situation(advanced(minute=30), 8, 6, 1)
    assert all(st.get("for") != "tiredness" for st in s.agenda)


def test_a9_extreme_heat_takes_two_from_the_dice():
    s = advanced("condition", "weather", condition=POINTS, minute=30)
    s.weather = "extreme_heat"
    s, _ = situation(s, 8, 6, 1)
    s, ev = roll(s, WEST, 3, 2)  # (5 - 2) x 10 = 30 < 35
    assert find(ev, "tiredness_test").data["result"] == 30 and s.condition[W] == [4, 3, 2]


def test_a1_no_point_in_the_balls_zone_two_from_the_others():
    s, _ = situation(advanced("condition", condition=([3, 0, 2], POINTS[1]), minute=30), 8, 6, 1)
    s, ev = roll(s, WEST, 1, 1)
    assert sum(find(ev, "tiredness_test").data["lost"].values()) == 2
    assert sum(s.condition[W]) == 3


def test_a1_a_team_left_without_points_is_tired_for_good():
    s, _ = situation(advanced("condition", condition=([0, 1, 0], POINTS[1]), minute=30), 8, 6, 1)
    s, ev = roll(s, WEST, 1, 1)
    assert s.condition[W] == [0, 0, 0] and s.tired == [True, False]
    assert "West is out of condition: tired for the rest of the match" in narrate(ev)


def test_a1_a_result_equal_to_the_game_time_is_no_loss():
    s, _ = situation(advanced("condition", condition=POINTS, minute=35), 8, 6, 1)
    s, ev = roll(s, WEST, 3, 1)  # 40 is not below 40
    assert find(ev, "tiredness_test").data["minute"] == 40 and s.condition[W] == [4, 4, 2]
