"""A4 injuries: the roll (1-4 minutes, 5-6 for good, +1 in cold or storm), who leaves, the
injured goalkeeper, returns to the centre circle area, the substitute after a permanent
injury, and the 5.6.1 yellow test 6 that injures an opponent."""

from __future__ import annotations

from engine.core import Event
from engine.fuba import clock, injuries, plays, restarts, setup
from engine.fuba import match as fuba_match
from engine.fuba.state import FubaState
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced
from tests.engine.scenario import act, decision, find, refused, roll, with_yellow_test

W, E = 0, 1


def injure(s: FubaState, team: int) -> FubaState:
    s = s.clone()
    injuries.injure(s, team, [], "test")
    return s


def test_a4_temporary_injury_out_for_the_die_in_minutes():
    s = injure(advanced("injuries"), W)
    assert decision(s).kind == "roll" and decision(s).actor == WEST
    s, ev = roll(s, WEST, 3)
    assert find(ev, "injury").data["minutes"] == 3
    assert "INJURY for West (3): out for 3 minutes" in narrate(ev)
    d = decision(s)  # west has players in 7 (the ball), 4, 6, 8 and 5 next to it
    assert d.kind == "remove" and d.prompt == "Injury: which player goes off?"
    assert sorted(c.action.args["area"] for c in d.choices) == [4, 5, 6, 7, 8]
    assert "comes from area" in refused(s, WEST, "remove", None, area=2)
    s, ev = act(s, WEST, "remove", area=6)
    assert s.outfield[W][6] == 1 and s.injured[W] == [3]


def test_a4_the_player_returns_to_area_7_at_the_end_of_a_turn_once_his_time_has_passed():
    s = advanced("injuries")
    s.injured = [[2], []]
    s.outfield[W][6] -= 1
    clock.advance(s, 1)
    ev: list[Event] = []
    injuries.returns(s, ev)
    assert s.injured[W] == [1] and not ev
    clock.advance(s, 1)
    injuries.returns(s, ev)
    assert s.injured[W] == [] and s.outfield[W][7] == 3
    assert "West: a player back from injury in area 7" in narrate(ev)


def test_a4_a_turn_end_brings_players_back():
    s = advanced("injuries")
    s.injured = [[0], []]
    s.outfield[W][6] -= 1
    ev: list[Event] = []
    fuba_match._end_turn(s, ev)
    assert s.outfield[W][7] == 3 and "injury_return" in [e.kind for e in ev]


def test_a4_permanent_injury_and_the_substitute():
    s = injure(advanced("injuries", "substitutions", "condition", half=2, minute=60), W)
    s.condition = [[3, 3, 2], [4, 4, 2]]
    s, ev = roll(s, WEST, 5)
    assert find(ev, "injury").data["permanent"]
    s, _ = act(s, WEST, "remove", area=8)
    refused(s, WEST, "replace", None, choice="later")
    refused(s, EAST, "replace", None, choice="substitute")
    d = decision(s)
    assert d.kind == "replace" and [c.action.args["choice"] for c in d.choices] == [
        "substitute",
        "play_on",
    ]
    s, ev = act(s, WEST, "replace", choice="substitute")
    assert s.subs == [1, 0] and sum(s.outfield[W]) == 10 and s.outfield[W][7] == 3
    assert sum(s.condition[W]) == 9  # second half: one condition point
    assert s.injured[W] == []


def test_a4_permanent_injury_playing_on_leaves_the_team_a_player_short():
    s = injure(advanced("injuries", "substitutions"), W)
    s, _ = roll(s, WEST, 6)
    s, _ = act(s, WEST, "remove", area=8)
    s, ev = act(s, WEST, "replace", choice="play_on")
    assert sum(s.outfield[W]) == 9 and setup.outfield_count(s, W) == 9


def test_a4_no_substitute_without_substitutions_left():
    s = injure(advanced("injuries", "substitutions"), W)
    s.subs = [3, 0]
    s, _ = roll(s, WEST, 6)
    s, _ = act(s, WEST, "remove", area=8)
    assert s.agenda[0]["k"] != "replace"


def test_a9_cold_adds_one_to_the_injury_roll():
    s = injure(advanced("injuries", "weather"), W)
    s.weather = "cold"
    s, ev = roll(s, WEST, 4)
    assert find(ev, "injury").data == {"team": W, "die": 5, "reason": "test", "permanent": True}


def test_a4_injured_goalkeeper_another_player_leaves_and_the_opponent_gets_plus_one():
    s = advanced("injuries", west={4: 2, 6: 2, 7: 2, 8: 2, 9: 2}, west_keeper=5, ball=2)
    s = injure(s, W)  # only the keeper is next to the ball in area 2
    s, ev = roll(s, WEST, 2)
    assert s.keeper_hurt == [True, False] and s.keeper[W] == 5
    closest = sorted(c.action.args["area"] for c in decision(s).choices)
    assert closest == [4, 6, 7]  # the closest outfield players leave instead
    s, _ = act(s, WEST, "remove", area=4)
    assert s.outfield[W][4] == 1
    s.control = E
    assert plays.shot_modifiers(s, E, False).parts["keeper_hurt"] == 1


def test_a4_a_yellow_test_6_injures_an_opponent_after_the_red_test():
    s = with_yellow_test(advanced("injuries"), EAST)
    s, ev = roll(s, EAST, 6)
    assert [(st["for"], st["team"]) for st in s.agenda[:2]] == [("red", E), ("injury", W)]


def test_a4_without_the_rule_a_yellow_test_6_injures_nobody():
    s = with_yellow_test(advanced(), EAST)
    s, ev = roll(s, EAST, 6)
    assert all(st.get("for") != "injury" for st in s.agenda)


def test_a4_a_free_kick_setup_counts_only_players_on_the_pitch():
    s = injure(advanced("injuries"), W)
    s, _ = roll(s, WEST, 3)
    s, _ = act(s, WEST, "remove", area=8)
    s = s.clone()
    restarts.award_free_kick(s, E, 5, [])
    assert decision(s).actor == EAST and decision(s).info["players"] == 10
    s, _ = act(s, EAST, "setup", layout=decision(s).choices[0].action.args["layout"])
    assert decision(s).actor == WEST and decision(s).info["players"] == 9
    assert all(sum(n for _, n in c.action.args["layout"]) == 9 for c in decision(s).choices)
