"""Advanced rule A1: condition points set with the formations, their uses after the dice
(movement with the higher die, one more positioning step), paying from the ball's zone or
two from an adjacent zone, and tiredness' effect on the movement minimum."""

from __future__ import annotations

from engine.core import MalformedAction
from engine.fuba import FUBA, match
from engine.fuba.coach import Coach
from tests.engine.adv_scenario import adv, at_action
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

# west 4-4-2 around the centre, east 4-4-2; the ball in 7 (midfield for both)
WEST_442 = {7: 2, 4: 2, 5: 2, 2: 2, 9: 2}
EAST_442 = {7: 2, 8: 2, 9: 2, 12: 2, 5: 2}

# A new match with condition points and player roles, before the formations are chosen.
NEW_MATCH = "-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0 pre rules=condition,roles"

# The tiredness example: Santeri (west, a tired 4-4-2 with all its condition points, 4.4.2)
# has the ball at value 3 and picks his first action; Otto (east) plays a rested 4-4-2. West
# may move freely in 2 and 4, where it outnumbers east. The ball is in the centre 7 (west's
# midfield), then in the arc 9 (west's attack), then in 5 (west's defence).
TIRED_IN_MIDFIELD = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:2,7:2,9:2 g12,5:2,7:2,8:2,9:2,12:2 7 3 w h1:10 0-0 "
    "act:w:1:free:2.4:2:0 actions:normal:1:w:7:-/-:7{seq=1,order=[0,1]} kick=w turns=1/0 "
    "rules=condition cond=4.4.2/4.4.2 tired=w"
)
TIRED_IN_ATTACK = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:2,7:2,9:2 g12,5:2,7:2,8:2,9:2,12:2 9 3 w h1:10 0-0 "
    "act:w:1:free:2.4:2:0 actions:normal:1:w:9:-/-:9{seq=1,order=[0,1]} kick=w turns=1/0 "
    "rules=condition cond=4.4.2/4.4.2 tired=w"
)
TIRED_IN_DEFENCE = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:2,7:2,9:2 g12,5:2,7:2,8:2,9:2,12:2 5 3 w h1:10 0-0 "
    "act:w:1:free:2.4:2:0 actions:normal:1:w:5:-/-:5{seq=1,order=[0,1]} kick=w turns=1/0 "
    "rules=condition cond=4.4.2/4.4.2 tired=w"
)


def movement(s, *dice):
    s, _ = choose(s, WEST, "move")
    return roll(s, WEST, *dice)


# -- points at the start ------------------------------------------------------------------


def test_a1_example_condition_points_from_the_formations_and_roles():
    # Santeri (west) 4-4-2: 4 / 4 / 2; Otto (east) 4-5-1 with three attacking midfielders:
    # 4 / 5 - 3 / 1 + 3
    s = FUBA.from_position(NEW_MATCH)
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, WEST, "roles", roles="none")
    s, _ = act(s, EAST, "formation", shape="4-5-1")
    s, ev = act(s, EAST, "roles", roles="3am")
    assert s.condition == [[4, 4, 2], [4, 2, 4]]
    assert find(ev, "roles_revealed").data["roles"] == ["none", "3am"]


def test_a1_points_equal_the_formation_without_roles():
    s = match.new_match({"advanced": ["condition"]})
    s, _ = act(s, WEST, "formation", shape="3-5-2")
    s, ev = act(s, EAST, "formation", shape="5-4-1")
    assert "formations_revealed" in kinds(ev)
    assert s.condition == [[3, 5, 2], [5, 4, 1]]


def test_a1_basic_rules_have_no_points():
    s = match.new_match()
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    assert s.condition == [[0, 0, 0], [0, 0, 0]]


# -- movement with the higher die ---------------------------------------------------------


def test_a1_movement_boost_offered_after_the_dice_and_used():
    s = at_action(adv(WEST_442, EAST_442, ball=7))
    s, ev = movement(s, 5, 2)  # lower die 2, midfield minimum 4, higher die 5
    d = decision(s)
    assert (d.kind, d.actor) == ("boost", WEST)
    assert "5 players instead of 4" in d.prompt
    assert [c.action.args["choice"] for c in d.choices] == ["use", "skip"]  # skip is the default
    assert "movement" not in kinds(ev)
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "condition_used").data == {
        "team": 0,
        "zone": "midfield",
        "points": 1,
        "for": "move",
    }
    assert find(ev, "movement").data["moves"] == 5
    assert s.condition[0] == [4, 3, 2] and s.spent[0] == 1
    assert (step(s)["k"], step(s)["left"]) == ("moves", 5)


def test_a1_movement_boost_skipped_keeps_the_points():
    s = at_action(adv(WEST_442, EAST_442, ball=7))
    s, _ = movement(s, 5, 2)
    s, ev = act(s, WEST, "boost", choice="skip")
    assert find(ev, "movement").data["moves"] == 4
    assert "condition_used" not in kinds(ev)
    assert s.condition[0] == [4, 4, 2] and s.spent[0] == 0


def test_a1_movement_boost_not_offered_when_the_higher_die_gives_no_more():
    s = at_action(adv(WEST_442, EAST_442, ball=7))
    s, ev = movement(s, 4, 2)  # the minimum 4 already allows as many as the higher die
    assert find(ev, "movement").data["moves"] == 4
    assert step(s)["k"] == "moves"


def test_a1_movement_boost_not_offered_without_the_rule():
    s = at_action(adv(WEST_442, EAST_442, ball=7, rules=()))
    s, ev = movement(s, 6, 1)
    assert find(ev, "movement").data["moves"] == 4
    assert step(s)["k"] == "moves"


# -- paying -------------------------------------------------------------------------------


def test_a1_no_points_in_the_zone_two_from_the_only_adjacent_zone():
    # the ball in west's attack zone (9): attack has none, midfield (adjacent) pays two
    s = at_action(adv(WEST_442, EAST_442, ball=9, condition=([4, 3, 0], [4, 4, 2])))
    s, _ = movement(s, 6, 1)  # forwards' minimum 2, higher die 6
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "condition_used").data["zone"] == "midfield"
    assert find(ev, "condition_used").data["points"] == 2
    assert s.condition[0] == [4, 1, 0]
    assert find(ev, "movement").data["moves"] == 6


def test_a1_two_adjacent_zones_the_team_chooses_which_pays():
    s = at_action(adv(WEST_442, EAST_442, ball=7, condition=([2, 0, 3], [4, 4, 2])))
    s, _ = movement(s, 6, 1)
    s, _ = act(s, WEST, "boost", choice="use")
    d = decision(s)
    assert (d.kind, d.actor) == ("pay", WEST)
    assert [c.action.args["zone"] for c in d.choices] == ["defence", "attack"]
    message = refused(s, WEST, "pay", zone="midfield")
    assert "defence" in message and "attack" in message
    refused(s, WEST, "pay", MalformedAction, zone="goal")
    s, ev = act(s, WEST, "pay", zone="attack")
    assert s.condition[0] == [2, 0, 1]
    assert find(ev, "movement").data["moves"] == 6


def test_a1_coach_pays_from_the_fuller_zone():
    s = at_action(adv(WEST_442, EAST_442, ball=7, condition=([2, 0, 3], [4, 4, 2])))
    s, _ = movement(s, 6, 1)
    s, _ = act(s, WEST, "boost", choice="use")
    assert Coach(advanced=False).decide(s, 0).args == {"zone": "attack"}


def test_a1_no_points_near_the_ball_no_boost_offered():
    # midfield empty and only one point in each adjacent zone: two are needed
    s = at_action(adv(WEST_442, EAST_442, ball=7, condition=([1, 0, 1], [4, 4, 2])))
    s, ev = movement(s, 6, 1)
    assert find(ev, "movement").data["moves"] == 4
    assert step(s)["k"] == "moves"
    assert s.condition[0] == [1, 0, 1]


# -- positioning --------------------------------------------------------------------------


def test_a1_positioning_one_more_step():
    # west controls, value 5, equal numbers in 7: dice 4 and 6 give one step (5 -> 4)
    s = at_action(adv({7: 2, 4: 2, 5: 2, 2: 2, 9: 2}, EAST_442, ball=7, value=5))
    s, _ = choose(s, WEST, "position")
    s, ev = roll(s, WEST, 4, 6)
    d = decision(s)
    assert d.kind == "boost" and "ball value 3 instead of 4" in d.prompt
    assert "positioning" not in kinds(ev)
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "positioning").data == {"team": 0, "from": 5, "to": 3}
    assert s.value == 3 and s.condition[0] == [4, 3, 2]


def test_a1_positioning_boost_when_the_dice_gave_no_step():
    s = at_action(adv(WEST_442, EAST_442, ball=7, value=3))
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 5, 6)  # no die below 3, equal numbers: no step
    assert "ball value 2 instead of 3" in decision(s).prompt
    s, _ = act(s, WEST, "boost", choice="use")
    assert s.value == 2


def test_a1_positioning_boost_respects_the_two_step_limit():
    s = at_action(adv(WEST_442, EAST_442, ball=7, value=5))
    s, _ = choose(s, WEST, "position")
    s, ev = roll(s, WEST, 4, 2)  # two steps already: 5 -> 3
    assert find(ev, "positioning").data["to"] == 3
    assert s.agenda[0]["k"] != "boost"
    assert s.condition[0] == [4, 4, 2]


def test_a1_positioning_boost_for_the_defending_team():
    s = at_action(adv(WEST_442, EAST_442, ball=7, value=3), first=EAST)
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 5, 2)  # one die above 3: 3 -> 4
    s, ev = act(s, EAST, "boost", choice="use")
    assert s.value == 5
    assert find(ev, "condition_used").data["team"] == 1


def test_a1_positioning_boost_not_offered_when_it_changes_nothing():
    s = at_action(adv(WEST_442, EAST_442, ball=7, value=6), first=EAST)
    s, _ = choose(s, EAST, "position")
    s, ev = roll(s, EAST, 1, 2)  # no step, and the value cannot go above 6 anyway
    assert s.value == 6 and find(ev, "positioning").data["to"] == 6


def test_a1_boost_refused_for_the_other_team_and_with_a_bad_choice():
    s = at_action(adv(WEST_442, EAST_442, ball=7))
    s, _ = movement(s, 5, 2)
    refused(s, EAST, "boost", choice="use")
    refused(s, WEST, "boost", MalformedAction, choice="maybe")


def test_a1_coach_lets_the_boost_pass():
    s = at_action(adv(WEST_442, EAST_442, ball=7))
    s, _ = movement(s, 5, 2)
    assert Coach(advanced=False).decide(s, 0).args == {"choice": "skip"}


# -- tiredness ----------------------------------------------------------------------------


def test_a1_example_tiredness_a_tired_4_4_2_moves_like_a_3_3_1():
    for text, moves in ((TIRED_IN_MIDFIELD, 3), (TIRED_IN_ATTACK, 1), (TIRED_IN_DEFENCE, 3)):
        s = FUBA.from_position(text)
        s, ev = movement(s, 1, 1)
        assert find(ev, "movement").data["moves"] == moves, s.ball


def test_a1_a_rested_4_4_2_keeps_its_minimum():
    s = at_action(adv(WEST_442, EAST_442, ball=9))
    s, ev = movement(s, 1, 1)
    assert find(ev, "movement").data["moves"] == 2


def test_a1_tiredness_with_no_points_left_still_moves_the_lower_die():
    s = at_action(
        adv(WEST_442, EAST_442, ball=7, tired=(True, False), condition=([0] * 3, [0] * 3))
    )
    s, ev = movement(s, 5, 4)
    assert find(ev, "movement").data["moves"] == 4
    assert FUBA.pending(s)[0].kind == "move"
