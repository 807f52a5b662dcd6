"""Advanced rule A2: player roles chosen secretly right after the formation, checked against
it, shown with the formations, moving condition points between the zones (and nothing else)."""

from __future__ import annotations

import pytest

from engine.core import Action, MalformedAction, NotYourDecision
from engine.core.dice import VirtualDice
from engine.fuba import FUBA, match, restarts, roles
from engine.fuba.coach import Coach, next_action
from engine.fuba.ruleset import HIDDEN
from tests.engine.adv_scenario import adv, at_action
from tests.engine.scenario import EAST, WEST, act, choose, find, kinds, refused, roll

RULES = {"advanced": ["condition", "roles"]}

# Selecting advanced formations: with condition points and player roles in force, Santeri
# (west) has picked a 4-4-2 and Otto (east) a 4-5-1; both still choose their roles in secret.
FORMATIONS_PICKED = (
    "-/- g2 g12 7 2 - h1:0 0-0 formation:4-4-2/4-5-1:0{roles_due=[0,1]} pre rules=condition,roles"
)


def picked(west: str, east: str) -> object:
    s = match.new_match(RULES)
    s, _ = act(s, WEST, "formation", shape=west)
    s, _ = act(s, EAST, "formation", shape=east)
    return s


def test_a2_example_selecting_advanced_formations():
    # Otto: 4-5-1 with three attacking midfielders, three points from midfield to forwards
    s = FUBA.from_position(FORMATIONS_PICKED)
    s, _ = act(s, WEST, "roles", roles="none")
    s, ev = act(s, EAST, "roles", roles="3am")
    assert s.roles == [{}, {"am": 3}]
    assert s.condition[1] == [4, 2, 4]
    order = kinds(ev)
    assert order.index("formations_revealed") < order.index("roles_revealed")
    assert find(ev, "roles_revealed").data["roles"] == ["none", "3am"]


@pytest.mark.parametrize(
    ("shape", "text", "points"),
    [
        ("4-4-2", "1dm", [5, 3, 2]),  # defending midfielder: midfield -> defence
        ("4-4-2", "acb", [3, 5, 2]),  # attacking centre-back: defence -> midfield
        ("4-4-2", "ws", [4, 5, 1]),  # withdrawn striker: forwards -> midfield
        ("4-4-2", "2owb", [2, 4, 4]),  # offensive wing backs: defence -> forwards
        ("4-5-1", "2am 1dm acb ws owb", [3, 4, 3]),
    ],
)
def test_a2_each_role_moves_one_point(shape, text, points):
    s = picked(shape, "4-4-2")
    s, _ = act(s, WEST, "roles", roles=text)
    s, _ = act(s, EAST, "roles", roles="none")
    assert s.condition[0] == points
    assert sum(points) == 10


def test_a2_roles_come_right_after_each_formation_and_stay_secret():
    s = match.new_match(RULES)
    s, ev = act(s, WEST, "formation", shape="4-5-1")
    assert "formations_revealed" not in kinds(ev)
    pending = {d.actor: d for d in FUBA.pending(s)}
    assert pending[WEST].kind == "roles" and pending[WEST].secret
    assert pending[WEST].open_ended
    assert pending[WEST].choices[-1].action.args == {"roles": "none"}  # the default, last
    assert pending[EAST].kind == "formation"
    s, ev = act(s, WEST, "roles", roles="2am")
    assert "formations_revealed" not in kinds(ev) and s.roles == [{}, {}]
    assert FUBA.view(s, EAST)["agenda"][0]["roles"][0] == HIDDEN
    assert FUBA.view(s, WEST)["agenda"][0]["roles"][0] == {"am": 2}
    s, ev = act(s, EAST, "formation", shape="4-4-2")
    assert "formations_revealed" not in kinds(ev)  # east's roles are still to come
    s, ev = act(s, EAST, "roles", roles="none")
    assert "formations_revealed" in kinds(ev) and s.roles == [{"am": 2}, {}]


def test_a2_no_roles_without_the_rule():
    s = match.new_match({"advanced": ["condition"]})
    s, _ = act(s, WEST, "formation", shape="4-5-1")
    s, ev = act(s, EAST, "formation", shape="4-4-2")
    assert "formations_revealed" in kinds(ev) and "roles_revealed" not in kinds(ev)


@pytest.mark.parametrize(
    ("shape", "text", "reason"),
    [
        ("4-4-2", "3am 2dm", "at most 4 can be attacking or defending"),
        ("4-4-2", "2acb", "Only one defender"),
        ("4-4-2", "2ws", "Only one forward"),
        ("4-4-2", "3owb", "At most two defenders"),
        ("2-5-3", "acb 2owb", "You have 2 defenders"),
        ("5-5-0", "ws", "no forward"),
    ],
)
def test_a2_roles_that_do_not_fit_the_formation_are_refused(shape, text, reason):
    s = picked(shape, "4-4-2")
    assert reason in refused(s, WEST, "roles", roles=text)


def test_a2_unreadable_roles_and_out_of_turn_roles_are_refused():
    s = match.new_match(RULES)
    refused(s, WEST, "roles", roles="2am")  # no formation yet
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    refused(s, WEST, "roles", MalformedAction, roles="two strikers")
    refused(s, WEST, "formation", shape="4-3-3")  # now the roles
    s, _ = act(s, WEST, "roles", roles="none")
    refused(s, WEST, "roles", NotYourDecision, roles="1am")


def test_a2_roles_text_round_trip():
    for text in ("none", "2am", "1am 1dm acb ws 2owb", "owb"):
        assert roles.text(roles.parse(text)) == text
    assert roles.parse("am AM, dm") == {"am": 2, "dm": 1}


def test_a2_roles_do_not_change_the_movement_minimum():
    # Project decision (A2 gives roles only point moves): Otto's 4-5-1 with three attacking
    # midfielders still moves at least one player (his one forward) in the attack zone.
    s = adv(
        {9: 1, 7: 3, 4: 2, 5: 2, 2: 2},
        {9: 2, 12: 2, 7: 2, 5: 2, 8: 2},
        ball=9,
        formations=("4-5-1", "4-4-2"),
        condition=([4, 2, 4], [4, 4, 2]),
    )
    s.roles = [{"am": 3}, {}]
    s = at_action(s)
    s, _ = choose(s, WEST, "move")
    s, ev = roll(s, WEST, 1, 1)
    assert find(ev, "movement").data["moves"] == 1


def halftime(west_roles: dict[str, int]) -> object:
    s = adv(
        {7: 2, 4: 2, 5: 2, 2: 2, 9: 2}, {7: 2, 8: 2, 9: 2, 12: 2, 5: 2}, rules=RULES["advanced"]
    )
    s.roles = [dict(west_roles), {}]
    s.condition = [[1, 2, 3], [4, 4, 2]]
    s.agenda = [{"k": "formation", "picks": [None, None], "halftime": True}]
    restarts.start_kickoff(s, [])  # the kick-off set-up follows, as at half time
    return s


def test_a2_half_time_change_keeps_the_roles_that_still_fit_and_the_points():
    s = halftime({"am": 2, "dm": 2})
    s, _ = act(s, WEST, "formation", shape="4-3-3")  # one midfielder fewer
    assert not any(d.kind == "roles" for d in FUBA.pending(s))  # no new roles at half time
    s, ev = act(s, EAST, "formation", shape="4-4-2")
    assert "formations_revealed" in kinds(ev)
    assert s.roles[0] == {"am": 2, "dm": 1}
    assert s.condition[0] == [1, 2, 3]


def test_a2_coach_plays_no_roles_for_both_teams():
    s = match.new_match(RULES)
    coach, dice = Coach(advanced=False), VirtualDice(1)
    while s.agenda[0]["k"] == "formation":
        action = next_action(coach, s, dice)
        if action.kind == "roles":
            assert action.args == {"roles": "none"}
        s, _ = FUBA.apply(s, action)
    assert s.roles == [{}, {}] and s.condition[0] and sum(s.condition[1]) == 10


def test_a2_decision_lists_only_roles_that_fit():
    s = picked("5-5-0", "4-4-2")
    d = next(d for d in FUBA.pending(s) if d.actor == WEST)
    texts = [c.action.args["roles"] for c in d.choices]
    assert "ws" not in texts and texts[-1] == "none"
    for text in texts:
        assert roles.problem(roles.parse(text), [5, 5, 0]) is None
    assert Action(WEST, "roles", {"roles": "3am"}) in [c.action for c in d.choices]
