"""Advanced rule A5: the goalkeeper's charge at the end of stage 1 (+1 ball value up to 6,
+1 to the opponent's goal attempts this turn), its limits, and A9 sunshine."""

from __future__ import annotations

from engine.core import MalformedAction, NotYourDecision
from engine.fuba import FUBA
from engine.fuba.coach import Coach
from tests.engine.adv_scenario import adv
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    choose,
    decision,
    find,
    kinds,
    refused,
    roll,
    step,
)

WEST_ATTACK = {9: 2, 7: 3, 4: 2, 5: 1, 2: 2}
EAST_DEFENCE = {12: 2, 9: 2, 8: 2, 10: 2, 7: 2}

# The goalkeeper charge example: Santeri (west, 4-4-2) has the ball in Otto's arc 9 at value 3,
# with two players there and three in the centre 7, and picks a target area; Otto (east, 4-4-2)
# has his keeper and two players in his box 12 and two in the arc. The charge rule is in force.
CHARGE = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 9 3 w h1:10 0-0 target:w new "
    "kick=w turns=1/0 rules=charge cond=4.4.2/4.4.2"
)


def into_the_box(value: int = 3, **kw):
    kw.setdefault("rules", ("charge",))
    s = adv(WEST_ATTACK, EAST_DEFENCE, ball=9, value=value, **kw)
    return act(s, WEST, "target", area=12)


def test_a5_example_goalkeeper_charge():
    # Santeri plays into Otto's box; at the end of stage 1 Otto's keeper charges out
    s, ev = act(FUBA.from_position(CHARGE), WEST, "target", area=12)
    assert find(ev, "target").data["value"] == 4
    d = decision(s)
    assert (d.kind, d.actor) == ("charge", EAST)
    assert [c.action.args["choice"] for c in d.choices] == ["charge", "stay"]  # stay: default
    s, ev = act(s, EAST, "charge", choice="charge")
    assert find(ev, "goalkeeper_charge").data == {"team": 1, "value": 5}
    assert s.value == 5
    assert (step(s)["k"], step(s)["for"], step(s)["team"]) == ("roll", "situation", 0)


def test_a5_the_charge_adds_one_to_the_opponents_goal_attempts_this_turn():
    s, _ = into_the_box()
    s, _ = act(s, EAST, "charge", choice="charge")
    s, ev = roll(s, WEST, 6, 5)  # west keeps the ball in the box and acts first
    assert decision(s).actor == WEST
    s, _ = choose(s, WEST, "goal")
    s, ev = roll(s, WEST, 4)
    attempt = find(ev, "goal_attempt").data
    assert attempt["parts"]["charge"] == 1
    assert attempt["modifier"] == sum(attempt["parts"].values())


def test_a5_staying_changes_nothing():
    s, _ = into_the_box()
    s, ev = act(s, EAST, "charge", choice="stay")
    assert s.value == 4 and "goalkeeper_charge" not in kinds(ev)
    assert "charge" not in s.turn


def test_a5_the_charge_never_lifts_the_value_above_6():
    s, ev = into_the_box(value=5)
    assert find(ev, "target").data["value"] == 6
    s, _ = act(s, EAST, "charge", choice="charge")
    assert s.value == 6 and s.turn["charge"] == 1


def test_a5_not_offered_when_the_ball_is_played_within_the_same_box():
    west = {12: 2, 9: 2, 7: 2, 4: 2, 2: 2}
    s = adv(west, EAST_DEFENCE, ball=12, value=3, rules=("charge",))
    s, ev = act(s, WEST, "target", area=12)
    assert step(s)["k"] == "roll"


def test_a5_not_offered_when_the_keeper_is_out_of_the_box():
    s, _ = into_the_box(east_keeper=9)
    assert step(s)["k"] == "roll"


def test_a5_not_offered_without_the_rule_or_for_another_area():
    s, _ = into_the_box(rules=())
    assert step(s)["k"] == "roll"
    s = adv(WEST_ATTACK, EAST_DEFENCE, ball=9, value=3, rules=("charge",))
    s, _ = act(s, WEST, "target", area=9)
    assert step(s)["k"] == "roll"


def test_a5_sunshine_no_charge_for_the_first_half_kick_off_team_in_the_first_half():
    s = adv(WEST_ATTACK, EAST_DEFENCE, ball=9, value=3, rules=("charge", "weather"))
    s.weather, s.first_half_ct = "sunshine", 1  # east kicked off: it has the sun in its eyes
    s2, _ = act(s, WEST, "target", area=12)
    assert step(s2)["k"] == "roll"
    s.half, s.minute = 2, 60  # the sun is gone after the first half
    s2, _ = act(s, WEST, "target", area=12)
    assert step(s2)["k"] == "charge"
    s.half, s.minute, s.first_half_ct = 1, 10, 0  # west suffers the sun, east may charge
    s2, _ = act(s, WEST, "target", area=12)
    assert step(s2)["k"] == "charge"


def test_a5_refused_for_the_other_team_and_with_a_bad_choice():
    s, _ = into_the_box()
    refused(s, WEST, "charge", NotYourDecision, choice="charge")
    refused(s, EAST, "charge", MalformedAction, choice="rush")


def test_a5_the_coach_stays_in_goal():
    s, _ = into_the_box()
    assert Coach(advanced=False).decide(s, 1).args == {"choice": "stay"}
