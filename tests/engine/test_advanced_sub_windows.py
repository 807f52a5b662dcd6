"""A3 substitution windows folded into the team's next decision (fewer clicks): the decision
shows one more choice, "make substitutions"; any other answer lets the window pass, that one
opens it and the plans are asked as before. Restart windows wait right before each team's
first own step of the restart; the other team's answer to a substitution is asked on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, MalformedAction, NotYourDecision
from engine.core.dice import VirtualDice
from engine.fuba import FUBA, coach, restarts, substitutions
from engine.fuba import advanced as rules
from engine.fuba import match as fuba_match
from engine.fuba.coach import Coach, next_action
from engine.fuba.state import FubaState
from tests.engine.e2_scenario import EAST, WEST, advanced
from tests.engine.scenario import act, decision, kinds, refused

W, E = 0, 1
OPEN = "make substitutions"


def end_turn(s: FubaState) -> FubaState:
    s = s.clone()
    fuba_match._end_turn(s, [])
    return s


def restart(s: FubaState, fn: Callable[..., None], *args: Any) -> FubaState:
    """A restart on a copy of ``s``, its windows placed as every action leaves them."""
    s = s.clone()
    fn(s, *args, [])
    substitutions.place(s)
    return s


def agenda(s: FubaState) -> list[tuple[str, int]]:
    return [(st["k"], st.get("team", -1)) for st in s.agenda]


def labels(s: FubaState) -> list[str]:
    return [c.label for c in decision(s).choices]


def set_up(s: FubaState, side: str) -> tuple[FubaState, list[Event]]:
    return act(s, side, "setup", layout=decision(s).choices[0].action.args["layout"])


# -- the end of a turn --------------------------------------------------------------------


def test_a3_the_turn_window_is_a_choice_of_the_target_decision():
    s = end_turn(advanced("substitutions"))
    d = decision(s)
    assert (d.kind, d.actor) == ("target", WEST)
    extra = d.choices[-1]
    assert (extra.label, extra.action.kind, extra.action.args) == (OPEN, "substitutions", {})
    assert all(c.action.kind == "target" for c in d.choices[:-1])


def test_a3_choosing_a_target_lets_the_window_pass_and_nothing_else_changes():
    s = end_turn(advanced("substitutions"))
    without = end_turn(_no_subs_left())
    passed, ev = act(s, WEST, "target", area=8)
    same, ev_same = act(without, WEST, "target", area=8)
    assert all(st["k"] != "substitute" for st in passed.agenda)
    assert kinds(ev) == kinds(ev_same) and "no_substitution" not in kinds(ev)
    assert passed.agenda == same.agenda and passed.ball == same.ball == 8
    assert passed.subs == [0, 0] and passed.formations == same.formations


def _no_subs_left() -> FubaState:
    s = advanced("substitutions")
    s.subs = [3, 0]  # west has none left: no window
    return s


def test_a3_make_substitutions_opens_the_window_then_the_target_decision_comes_back():
    s = end_turn(advanced("substitutions"))
    s, ev = act(s, WEST, "substitutions")
    assert ev == []
    d = decision(s)
    assert d.kind == "substitute" and d.choices[-1].action.args == {"plan": "done"}
    s, _ = act(s, WEST, "substitute", plan="d>m")
    s, ev = act(s, WEST, "substitute", plan="done")
    assert s.formations[W] == [3, 5, 2] and "substitution" in kinds(ev)
    s, _ = act(s, EAST, "substitute", plan="done")  # the answer: a decision of its own
    d = decision(s)
    assert (d.kind, d.actor) == ("target", WEST) and OPEN not in labels(s)


def test_a3_an_opened_window_closed_without_a_plan_gives_the_target_back():
    s = end_turn(advanced("substitutions"))
    s, _ = act(s, WEST, "substitutions")
    s, _ = act(s, WEST, "substitute", plan="done")
    assert decision(s).kind == "target" and OPEN not in labels(s) and s.subs == [0, 0]


def test_a3_the_answer_to_a_substitution_is_asked_on_its_own():
    s = end_turn(advanced("substitutions"))
    s, _ = act(s, WEST, "substitutions")
    s, _ = act(s, WEST, "substitute", plan="m>f")
    s, _ = act(s, WEST, "substitute", plan="done")
    d = decision(s)
    assert (d.kind, d.actor) == ("substitute", EAST) and not substitutions.folded(s)


def test_a3_refused_for_the_wrong_team_or_the_wrong_moment_and_nothing_changes():
    s = end_turn(advanced("substitutions"))
    refused(s, EAST, "substitutions", NotYourDecision)
    refused(s, EAST, "target", NotYourDecision, area=8)
    text = refused(s, WEST, "substitute", MalformedAction, plan="d>m")
    assert "make substitutions" in text
    plain = advanced("substitutions")  # a turn without a window
    assert "not possible now" in refused(plain, WEST, "substitutions", MalformedAction)


def test_a3_the_window_and_an_opened_window_round_trip_in_the_position_notation():
    s = end_turn(advanced("substitutions"))
    opened, _ = act(s, WEST, "substitutions")
    for state in (s, opened):
        again = FUBA.from_position(FUBA.position(state))
        assert FUBA.to_json(again) == FUBA.to_json(state)
        assert FUBA.pending(again) == FUBA.pending(state)


# -- restarts -----------------------------------------------------------------------------


def test_a3_restart_windows_fold_into_each_teams_setup_controlling_team_first():
    s = restart(advanced("substitutions"), restarts.after_goal, W)  # east kicks off
    assert agenda(s)[:4] == [("substitute", E), ("setup", E), ("substitute", W), ("setup", W)]
    d = decision(s)
    assert (d.kind, d.actor) == ("setup", EAST) and d.choices[-1].label == OPEN
    s, _ = set_up(s, EAST)  # the window passes
    d = decision(s)
    assert (d.kind, d.actor) == ("setup", WEST) and d.choices[-1].label == OPEN
    s, _ = act(s, WEST, "substitutions")
    s, _ = act(s, WEST, "substitute", plan="f>m")
    s, _ = act(s, WEST, "substitute", plan="done")
    assert s.formations[W] == [4, 5, 1] and s.subs == [1, 0]
    assert (decision(s).kind, decision(s).actor) == ("setup", WEST) and OPEN not in labels(s)


def test_a3_corner_windows_fold_into_the_corner_choice_and_the_setup():
    s = advanced("substitutions", ball=10)  # not from a corner area: west chooses the corner
    s = restart(s, restarts.corner, W)
    assert agenda(s)[:2] == [("substitute", W), ("corner", W)]
    assert decision(s).choices[-1].label == OPEN
    s, _ = act(s, WEST, "corner", side="north")
    assert agenda(s)[:3] == [("setup", W), ("substitute", E), ("setup", E)]
    s, _ = set_up(s, WEST)
    assert (decision(s).kind, decision(s).actor) == ("setup", EAST)
    assert decision(s).choices[-1].label == OPEN


def test_a3_goal_kick_windows_fold_into_each_teams_goal_kick_moves():
    s = restart(advanced("substitutions"), restarts.goal_kick, W)
    while s.agenda[0]["k"] == "bring":
        s, _ = act(s, WEST, "bring", **decision(s).choices[0].action.args)
    assert agenda(s) == [("substitute", W), ("moves", W), ("substitute", E)]
    assert decision(s).kind == "move" and decision(s).choices[-1].label == OPEN
    s, _ = act(s, WEST, "done")
    assert agenda(s) == [("substitute", E), ("moves", E)]
    d = decision(s)
    assert (d.kind, d.actor) == ("move", EAST) and d.choices[-1].label == OPEN


def test_a3_a_window_with_no_own_step_to_fold_into_is_asked_on_its_own():
    # a quick free kick taken without moves: east has no step of its own before the kick
    s = restart(advanced("substitutions"), restarts.award_free_kick, W, 4)
    while s.agenda[0]["k"] == "bring":
        s, _ = act(s, WEST, "bring", **decision(s).choices[0].action.args)
    assert agenda(s) == [("substitute", W), ("moves", W), ("substitute", E), ("free_kick", W)]
    s, _ = act(s, WEST, "done")
    d = decision(s)
    assert (d.kind, d.actor) == ("substitute", EAST) and not substitutions.folded(s)
    s, _ = act(s, EAST, "substitute", plan="done")
    assert decision(s).kind == "free_kick" and OPEN not in labels(s)


def test_a3_second_half_windows_fold_into_the_kick_off_setups():
    s = advanced("substitutions", half=1, minute=45)
    s.first_half_ct = W
    s = s.clone()
    restarts.end_half(s, [])
    for side, shape in ((WEST, "4-4-2"), (EAST, "4-4-2")):
        s, _ = act(s, side, "formation", shape=shape)
    assert agenda(s)[:4] == [("substitute", E), ("setup", E), ("substitute", W), ("setup", W)]
    assert decision(s).choices[-1].label == OPEN


# -- the coach and whole matches ----------------------------------------------------------


def test_a3_the_coach_plays_on_or_opens_the_window_to_substitute():
    s = end_turn(advanced("substitutions"))
    assert Coach(advanced=False).choose(s, decision(s)).kind == "target"
    late = advanced("substitutions", half=2, minute=80)
    late.yellows = [1, 0]
    late = end_turn(late)
    first = Coach().choose(late, decision(late))
    assert first.kind == "substitutions"
    late, _ = FUBA.apply(late, first)
    assert Coach().choose(late, decision(late)).args == {"plan": "yellow"}
    assert Coach(advanced=False).choose(late, decision(late)).args == {"plan": "done"}


def _windows(seed: int) -> tuple[int, int, int]:
    """(windows met, substitute decisions asked, turn windows asked on their own) in a coach
    match with every advanced rule."""
    s = FUBA.initial({"advanced": list(rules.ALL)})
    dice, player = VirtualDice(seed), Coach(seed)
    windows = asked = lone_turn = 0
    while not s.over:
        step = s.agenda[0]
        if step["k"] == "substitute":
            if not step["plans"] and not step.get("open"):
                windows += 1
            if not substitutions.folded(s):
                asked += 1
                lone_turn += step["window"] == "turn" and not step.get("open")
        s, _ = fuba_match.apply(s, next_action(player, s, dice), in_place=True)
    return windows, asked, lone_turn


def test_a3_most_windows_pass_without_a_decision_of_their_own():
    # each window used to be at least one decision; now most pass with the next decision
    for seed in (1, 2, 3):
        windows, asked, lone_turn = _windows(seed)
        assert windows > 10 and asked * 2 < windows and lone_turn == 0


def test_a3_basic_rules_matches_never_meet_a_window():
    final, actions, _ = coach.play_match(5)
    assert not any(a.kind in ("substitutions", "substitute") for a in actions)
    assert final.over
