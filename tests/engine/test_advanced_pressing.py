"""Advanced rule A6: aggressive pressing (a condition point, also with one player fewer, a die
equal to the ball value succeeds, a failure gives the opponent a free kick and a yellow card
test), and A9 heat making it cost two points."""

from __future__ import annotations

from engine.fuba import FUBA
from engine.fuba.coach import Coach
from tests.engine.adv_scenario import adv, at_action
from tests.engine.scenario import EAST, WEST, choose, decision, find, kinds, refused, roll, step

RULES = ("condition", "pressing")
WEST_442 = {7: 2, 4: 2, 5: 2, 2: 2, 9: 2}


def pressing_position(east_in_7: int, **kw):
    east = {7: east_in_7, 8: 2, 9: 2, 12: 2, 5: 4 - east_in_7}
    kw.setdefault("rules", RULES)
    return at_action(adv(WEST_442, east, ball=7, value=3, **kw), first=EAST)


def offered(s) -> list[str]:
    return [c.action.args["kind"] for c in decision(s).choices if c.action.kind == "action"]


def test_a6_offered_beside_pressing_with_equal_numbers():
    s = pressing_position(2)
    assert "press" in offered(s) and "aggressive" in offered(s)
    label = next(c.label for c in decision(s).choices if c.action.args.get("kind") == "aggressive")
    assert label == "aggressive pressing"


def test_a6_allowed_with_one_player_fewer_but_not_two():
    s = pressing_position(1)
    assert "press" not in offered(s) and "aggressive" in offered(s)
    s = pressing_position(0)
    assert "aggressive" not in offered(s)
    assert "one player fewer" in refused(s, EAST, "action", kind="aggressive")


def test_a6_with_nobody_at_the_ball_against_one_opponent():
    # project decision: the rule counts players, so 0 against 1 is "one player fewer"
    east = {8: 2, 9: 2, 12: 2, 5: 4}
    s = at_action(adv({7: 1, 4: 3, 5: 2, 2: 2, 9: 2}, east, ball=7, rules=RULES), first=EAST)
    assert "aggressive" in offered(s) and "press" not in offered(s)


def test_a6_a_die_equal_to_the_ball_value_wins_the_ball():
    s = pressing_position(2)
    s, ev = choose(s, EAST, "aggressive")
    assert find(ev, "condition_used").data == {
        "team": 1,
        "zone": "midfield",
        "points": 1,
        "for": "aggressive",
    }
    assert s.condition[1] == [4, 3, 2] and s.spent[1] == 1
    s, ev = roll(s, EAST, 3, 5)  # 3 equals the ball value: one successful die
    assert find(ev, "aggressive_pressing").data == {"team": 1, "success": True, "value": 5}
    assert s.control == 1 and s.value == 5


def test_a6_ordinary_pressing_with_the_same_dice_fails():
    s = pressing_position(2)
    s, _ = choose(s, EAST, "press")
    s, ev = roll(s, EAST, 3, 5)
    assert find(ev, "pressing").data["success"] is False
    assert s.control == 0 and s.condition[1] == [4, 4, 2]


def test_a6_both_dice_at_or_below_the_value_give_the_lower_one():
    s = pressing_position(2)
    s, _ = choose(s, EAST, "aggressive")
    s, _ = roll(s, EAST, 3, 2)
    assert s.control == 1 and s.value == 2


def test_a6_failure_free_kick_to_the_opponent_and_a_yellow_card_test():
    s = pressing_position(2)
    s, _ = choose(s, EAST, "aggressive")
    s, ev = roll(s, EAST, 5, 6)
    assert find(ev, "aggressive_pressing").data["success"] is False
    assert find(ev, "free_kick").data["team"] == 0 and find(ev, "free_kick").data["area"] == 7
    assert s.control == 0 and s.ball == 7 and s.value == 2
    assert (step(s)["k"], step(s)["for"], step(s)["team"]) == ("roll", "yellow", 1)
    s, ev = roll(s, EAST, 5)
    assert find(ev, "yellow_card").data["team"] == 1
    assert any(st["k"] == "free_kick" and st["team"] == 0 for st in s.agenda)


def test_a6_failure_in_the_own_box_is_a_penalty_kick():
    west = {12: 2, 9: 3, 7: 3, 5: 2}
    east = {12: 2, 9: 3, 8: 2, 13: 3}
    s = at_action(adv(west, east, ball=12, value=3, rules=RULES), first=EAST)
    s, _ = choose(s, EAST, "aggressive")
    s, ev = roll(s, EAST, 6, 6)
    assert "penalty_awarded" in kinds(ev) and find(ev, "penalty_awarded").data["team"] == 0
    assert (step(s)["for"], step(s)["team"]) == ("yellow", 1)


def test_a6_heat_costs_two_points():
    s = pressing_position(2, weather="heat", condition=([4, 4, 2], [4, 2, 2]))
    s, ev = choose(s, EAST, "aggressive")
    assert find(ev, "condition_used").data["points"] == 2
    assert s.condition[1] == [4, 0, 2]


def test_a6_extreme_heat_with_one_point_in_the_zone_is_not_enough():
    s = pressing_position(2, weather="extreme_heat", condition=([4, 4, 2], [1, 1, 3]))
    assert "aggressive" not in offered(s)
    assert "costs 2 condition points" in refused(s, EAST, "action", kind="aggressive")


def test_a6_adjacent_zones_pay_double_and_the_team_chooses():
    s = pressing_position(2, condition=([4, 4, 2], [2, 0, 2]))
    s, _ = choose(s, EAST, "aggressive")
    assert decision(s).kind == "pay"
    s, ev = FUBA.apply(s, decision(s).choices[0].action)
    assert find(ev, "condition_used").data["zone"] == "defence"
    assert s.condition[1] == [0, 0, 2]
    assert (step(s)["k"], step(s)["for"]) == ("roll", "press")


def test_a6_refused_without_the_rule_and_for_the_controlling_team():
    s = pressing_position(2, rules=("condition",))
    assert "aggressive" not in offered(s)
    assert "not played" in refused(s, EAST, "action", kind="aggressive")
    s = at_action(adv(WEST_442, {7: 2, 8: 2, 9: 2, 12: 2, 5: 2}, ball=7, rules=RULES))
    assert "aggressive" not in offered(s)
    assert "defending team" in refused(s, WEST, "action", kind="aggressive")


def test_a6_is_a_pressing_action_for_the_second_action_rule():
    s = pressing_position(2)
    s.agenda[0] = {**s.agenda[0], "first": False}  # east's second action after a pressing
    s.turn["acts"] = [["position"], ["press"]]
    assert "aggressive" not in offered(s) and "press" not in offered(s)
    assert "already chose press" in refused(s, EAST, "action", kind="aggressive")
    s.turn["acts"] = [["position"], ["move"]]
    s, _ = choose(s, EAST, "aggressive")
    assert s.turn["acts"][1] == ["move", "press"]


def test_a6_the_coach_never_presses_aggressively():
    s = pressing_position(2)
    s.value = 6  # ordinary pressing is very likely to work: the coach presses, not harder
    assert Coach().decide(s, 1).args.get("kind") != "aggressive"
