"""A3 substitutions: the windows (end of a turn in midfield, new setups), the announce-then-
roll order, the three kinds and their condition points, the limits. A window folded into the
team's next decision is opened with "substitutions" (tests/engine/test_advanced_sub_windows.py)."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.fuba import FUBA, coach, restarts, substitutions
from engine.fuba import match as fuba_match
from engine.fuba.state import FubaState
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced
from tests.engine.scenario import act, decision, find, refused, roll

W, E = 0, 1
POINTS = ([4, 3, 2], [4, 4, 2])


def end_turn(s: FubaState) -> tuple[FubaState, list[Event]]:
    s = s.clone()
    ev: list[Event] = []
    fuba_match._end_turn(s, ev)
    return s, ev


def opened(s: FubaState, side: str) -> FubaState:
    """The window of ``side``, opened when it is folded into the team's next decision."""
    if substitutions.folded(s):
        s, ev = act(s, side, "substitutions")
        assert ev == []
    return s


def sub(s: FubaState, side: str, *plans: str) -> tuple[FubaState, list[Event]]:
    s = opened(s, side)
    events: list[Event] = []
    for plan in (*plans, "done"):
        s, ev = act(s, side, "substitute", plan=plan)
        events += ev
    return s, events


def test_a3_end_of_turn_in_midfield_the_controlling_team_may_substitute():
    s, _ = end_turn(advanced("substitutions", "condition", condition=POINTS))
    d = decision(s)
    assert (d.kind, d.actor) == ("target", WEST)
    assert d.choices[-1].label == "make substitutions"
    assert coach.Coach().choose(s, d).kind == "target"  # the coach plays on
    s = opened(s, WEST)
    d = decision(s)
    assert (d.kind, d.actor) == ("substitute", WEST)
    labels = [c.label for c in d.choices]
    assert labels[-1] == "done" and "bring on a fresh player" in labels
    assert coach.Coach().choose(s, d).args == {"plan": "done"}


def test_a3_no_window_when_the_ball_is_not_in_midfield():
    s, _ = end_turn(advanced("substitutions", ball=9))  # 9 is in west's attacking zone
    assert s.agenda[0]["k"] == "target"


def test_a3_no_window_without_substitutions_left_or_the_rule():
    s = advanced("substitutions")
    s.subs = [3, 0]
    assert end_turn(s)[0].agenda[0]["k"] == "target"
    assert end_turn(advanced())[0].agenda[0]["k"] == "target"


def test_a3_the_defending_team_only_answers_a_substitution():
    s, _ = end_turn(advanced("substitutions"))
    s, _ = sub(s, WEST)
    assert s.agenda[0]["k"] == "target"  # west made none: east gets no window
    s, _ = end_turn(advanced("substitutions"))
    s, ev = sub(s, WEST, "d>m")
    assert decision(s).actor == EAST and decision(s).kind == "substitute"
    s, _ = sub(s, EAST)
    assert s.agenda[0]["k"] == "target" and s.turn["n"] == 2


def test_a3_plans_are_announced_first_and_the_fresh_players_dice_come_after_done():
    s = advanced("substitutions", "condition", condition=([3, 3, 2], POINTS[1]), minute=50, half=2)
    s.yellows = [2, 0]
    s, _ = end_turn(s)
    s = opened(s, WEST)
    s, ev = act(s, WEST, "substitute", plan="fresh")
    s, ev = act(s, WEST, "substitute", plan="yellow")
    assert s.subs == [0, 0] and s.yellows == [2, 0]  # nothing happens before done
    s, ev = act(s, WEST, "substitute", plan="d>m")
    assert [c.action.args["plan"] for c in decision(s).choices] == ["done"]  # three announced
    s, ev = act(s, WEST, "substitute", plan="done")
    assert s.subs == [3, 0] and s.yellows == [1, 0] and s.formations[W] == [3, 5, 2]
    assert s.agenda[0] == {"k": "roll", "team": W, "n": 2, "for": "fresh"}
    # second half: +1 for the yellow card to the zone with the fewest points (attack), +1 to
    # the strengthened zone (midfield)
    assert s.condition[W] == [3, 4, 3]
    s, ev = roll(s, WEST, 6, 6)  # 120 > 50: one point
    assert find(ev, "substitution").data["earned"] == 1
    assert "West brings on a fresh player: 120 vs minute 50" in narrate(ev)[1]


@pytest.mark.parametrize(("dice", "earned"), [((2, 2), 2), ((3, 2), 2), ((3, 3), 1)])
def test_a3_fresh_player_one_point_above_the_game_time_else_two(dice, earned):
    points = ([3, 2, 2], POINTS[1])
    s, _ = end_turn(advanced("substitutions", "condition", condition=points, minute=50, half=2))
    s, _ = sub(s, WEST, "fresh")
    s, ev = roll(s, WEST, *dice)
    assert find(ev, "substitution").data["earned"] == earned
    assert sum(s.condition[W]) == 7 + earned


def test_a3_caps_six_a_zone_ten_in_all():
    s, _ = end_turn(advanced("substitutions", "condition", condition=([6, 3, 0], POINTS[1])))
    s, _ = sub(s, WEST, "fresh")
    s, ev = roll(s, WEST, 1, 1)  # two points earned, one room left
    assert s.condition[W] == [6, 3, 1] and find(ev, "substitution").data["points"] == {"attack": 1}
    s = advanced("substitutions", "condition", condition=([6, 4, 0], POINTS[1]))
    s, _ = end_turn(s)
    s, _ = sub(s, WEST, "fresh")
    s, _ = roll(s, WEST, 1, 1)
    assert s.condition[W] == [6, 4, 0]  # already 10


def test_a3_first_half_formation_change_and_yellow_give_no_point():
    s = advanced("substitutions", "condition", condition=POINTS)
    s.yellows = [1, 0]
    s, _ = end_turn(s)
    s, _ = sub(s, WEST, "f>m", "yellow")
    assert s.condition[W] == [4, 3, 2] and s.formations[W] == [4, 5, 1] and s.yellows[W] == 0


def test_a3_a_new_setup_offers_both_teams_controlling_first():
    s = advanced("substitutions")
    s, _ = _free_kick(s, E, 5)  # in west's half: set up, not quick
    assert [(st["k"], st["team"]) for st in s.agenda[:2]] == [("substitute", E), ("substitute", W)]
    substitutions.place(s)  # as every action leaves the agenda
    s, _ = sub(s, EAST)
    assert (s.agenda[0]["k"], s.agenda[0]["team"]) == ("setup", E)
    s, _ = act(s, EAST, "setup", layout=decision(s).choices[0].action.args["layout"])
    s, _ = sub(s, WEST)
    assert (s.agenda[0]["k"], s.agenda[0]["team"]) == ("setup", W)


def test_a3_no_window_at_a_penalty_kick():
    s, ev = _penalty(advanced("substitutions"), W)
    assert all(st["k"] != "substitute" for st in s.agenda)


def test_a3_illegal_plans_are_refused_and_change_nothing():
    s, _ = end_turn(advanced("substitutions"))
    s = opened(s, WEST)
    assert "yellow card" in refused(s, WEST, "substitute", None, plan="yellow")
    assert "condition points" in refused(s, WEST, "substitute", None, plan="fresh")
    refused(s, WEST, "substitute", None, plan="x>y")
    s.formations[W] = [5, 5, 0]
    assert "no forward" in refused(s, WEST, "substitute", None, plan="f>m")
    refused(s, EAST, "substitute", None, plan="done")
    s.subs = [2, 0]
    s, _ = act(s, WEST, "substitute", plan="d>m")
    assert "no substitutions left" in refused(s, WEST, "substitute", None, plan="m>d")


def _free_kick(s, team, area):
    s = s.clone()
    ev: list[Event] = []
    restarts.award_free_kick(s, team, area, ev)
    return s, ev


def _penalty(s, team):
    s = s.clone()
    ev: list[Event] = []
    restarts.award_penalty(s, team, ev)
    return s, ev


def test_a3_substitutions_in_a_whole_coach_match_stay_within_three():
    final = coach.play_match(3, record=False, start=FUBA.initial({"advanced": ["substitutions"]}))
    assert all(n <= 3 for n in final[0].subs)


def test_a3_a_formation_change_keeps_only_the_player_roles_that_still_fit():
    s = advanced("substitutions", "roles", "condition", condition=POINTS)
    s.formations[W] = [4, 5, 1]
    s.roles[W] = {"ws": 1, "am": 2}
    s, _ = end_turn(s)
    s, _ = sub(s, WEST, "f>m")
    assert s.formations[W] == [4, 6, 0] and s.roles[W].get("ws", 0) == 0
    assert s.roles[W]["am"] == 2
