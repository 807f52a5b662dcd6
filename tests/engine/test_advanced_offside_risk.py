"""Advanced rule A7: offside risk raises the stage-1 ball value (the defending team's players
at its second-lowest player's level, at most its formation's defenders, one fewer when
tired), with its exemptions; and A9 wind and storm doubling the long-pass modifier."""

from __future__ import annotations

from engine.fuba import FUBA
from engine.fuba.offside import offside_risk
from engine.fuba.passing import target_value
from tests.engine.adv_scenario import adv
from tests.engine.scenario import WEST, act, find, kinds, refused, target_values

RULES = ("offside_risk",)
# Santeri (west) has the ball in the corner 11 and a player in Otto's box 12; Otto (east,
# 3-4-3) has one player in 11 and his defence line in the arc 9: three defenders and the
# goalkeeper, four players.
SANTERI = {11: 1, 12: 1, 7: 3, 4: 2, 5: 1, 2: 2}
OTTO = {11: 1, 9: 3, 8: 2, 10: 2, 7: 2}
# The same in the notation: Santeri (4-4-2) to pick a target area from the corner 11, ball
# value 2; Otto's keeper out in the arc 9 with his three defenders; offside risk in force.
OFFSIDE_RISK = (
    "4-4-2/3-4-3 g2,2:2,4:2,5:1,7:3,11:1,12:1 g9,7:2,8:2,9:3,10:2,11:1 11 2 w h1:10 0-0 "
    "target:w new kick=w turns=1/0 rules=offside_risk cond=4.4.2/3.4.3"
)


def example(**kw):
    kw.setdefault("rules", RULES)
    kw.setdefault("east_keeper", 9)
    kw.setdefault("formations", ("4-4-2", "3-4-3"))
    kw.setdefault("value", 2)
    return adv(SANTERI, OTTO, ball=11, **kw)


def test_a7_example_offside_risk():
    # one down for the target area without opponents, three up for the defence line: four
    # players there, but a 3-4-3 counts only three
    s = FUBA.from_position(OFFSIDE_RISK)
    assert target_values(s)[12] == 4
    s, ev = act(s, WEST, "target", area=12)
    assert find(ev, "offside_risk").data == {"team": 0, "added": 3}
    assert find(ev, "target").data["value"] == 4 and s.value == 4


def test_a7_without_the_rule_the_same_pass_is_worth_one():
    s = example(rules=())
    assert target_values(s)[12] == 1
    s, ev = act(s, WEST, "target", area=12)
    assert "offside_risk" not in kinds(ev)


def test_a7_the_formations_defenders_cap_and_tiredness():
    s = example(formations=("4-4-2", "5-3-2"))
    assert target_values(s)[12] == 5  # five defenders: all four players count
    s = example(tired=(False, True))
    assert target_values(s)[12] == 3  # a tired 3-4-3 counts two


def test_a7_over_6_makes_the_target_illegal():
    s = example(value=5)  # 5 - 1 + 3 = 7
    assert 12 not in target_values(s)
    assert "may not exceed 6" in refused(s, WEST, "target", area=12)


def test_a7_needs_the_controlling_teams_player_in_the_target_area():
    west = {11: 1, 9: 1, 7: 3, 4: 2, 5: 1, 2: 2}
    s = adv(west, OTTO, ball=11, value=2, rules=RULES, east_keeper=9)
    assert target_value(s, 0, 12, "normal") == 2


def test_a7_not_when_the_second_lowest_player_is_in_a_side_area():
    s = example(east_keeper=11)  # the keeper joins the player in the corner: the line is 11
    assert target_values(s)[12] == 1


def test_a7_not_at_the_start_areas_level_or_behind_it():
    # keeping the ball in the box: exactly the start area's level
    west = {12: 2, 7: 3, 4: 2, 5: 1, 2: 2}
    s = adv(west, OTTO, ball=12, value=3, rules=RULES, east_keeper=9)
    assert offside_risk(s, 0, 12, 12, "normal") == 0
    # from the box back to the arc, with Otto's line up at the centre: nearer the own goal
    west = {12: 1, 9: 1, 11: 1, 4: 2, 5: 3, 2: 2}
    east = {7: 3, 4: 3, 5: 2, 6: 2}
    s = adv(west, east, ball=12, value=3, rules=RULES, east_keeper=7)
    assert offside_risk(s, 0, 12, 9, "normal") == 0
    assert offside_risk(s, 0, 11, 12, "normal") == 4  # forward from the corner: it applies


def test_a7_not_on_goal_kicks_and_corner_kicks():
    s = FUBA.from_position(OFFSIDE_RISK)
    assert offside_risk(s, 0, 11, 12, "normal") == 3
    assert offside_risk(s, 0, 11, 12, "free_kick") == 3
    assert offside_risk(s, 0, 11, 12, "corner") == 0
    assert offside_risk(s, 0, 11, 12, "goal_kick") == 0


# -- A9 wind and storm: the long pass modifier is +2 per area between -----------------------


def test_a9_wind_and_storm_double_the_long_pass_modifier():
    west = {7: 2, 9: 1, 4: 2, 5: 3, 2: 2}
    east = {7: 1, 9: 2, 12: 3, 8: 2, 10: 2}
    calm = target_values(adv(west, east, ball=7, value=2, rules=("weather",)))
    for weather in ("wind", "storm"):
        windy = target_values(adv(west, east, ball=7, value=2, rules=("weather",), weather=weather))
        assert windy[9] == calm[9]  # adjacent: no long pass
        assert windy[12] == calm[12] + 1  # one area between: +2 instead of +1
    rain = target_values(adv(west, east, ball=7, value=2, rules=("weather",), weather="rain"))
    assert rain == calm


# -- A7 replaces the stage-1 offside refusal for a pass to an own player (project reading) ----

# West has the ball in the arc 9 and a player beyond East's line in the box 12; East's
# second-lowest player stands in the centre 7 with three others.
AHEAD_WEST = {9: 1, 12: 1, 7: 2, 5: 3, 2: 3}
AHEAD_EAST = {7: 4, 4: 2, 5: 2, 6: 2}


def test_a7_a_pass_to_an_offside_player_is_allowed_at_the_risk():
    basic = adv(AHEAD_WEST, AHEAD_EAST, ball=9, value=2, rules=())
    assert "offside" in refused(basic, WEST, "target", area=12)
    s = adv(AHEAD_WEST, AHEAD_EAST, ball=9, value=2, rules=RULES)
    # 2, -1 (nobody of East in the arc), +4 (four players in East's line, four defenders)
    assert target_values(s)[12] == 5
    s, ev = act(s, WEST, "target", area=12)
    assert find(ev, "offside_risk").data == {"team": 0, "added": 4}
    assert s.value == 5 and s.ball == 12


def test_a7_an_empty_area_next_only_to_offside_players_stays_refused():
    west = {8: 1, 12: 1, 7: 2, 5: 3, 2: 3}
    s = adv(west, AHEAD_EAST, ball=8, value=2, rules=RULES)
    # 13 is empty; West's one neighbour there (the box 12) is offside: no risk, a refusal
    assert "offside" in refused(s, WEST, "target", area=13)
