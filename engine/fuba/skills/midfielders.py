"""A11 midfielder skills with a window: midfield general, creative midfielder, midfield
pressing, crossing, regista, dribbler, box to box midfielder, il mediano, mezzala (short
passes is played by the positioning rule)."""

from __future__ import annotations

from typing import Final

from engine.core.events import Event
from engine.fuba import skills
from engine.fuba.board import DIST, zone
from engine.fuba.passing import placement_problem
from engine.fuba.skills import record
from engine.fuba.skills.common import (
    PLAIN,
    Args,
    Step,
    kept,
    neighbours,
    next_step,
    successes,
    update_step,
)
from engine.fuba.state import FubaState

MIDFIELD_SIDES: Final = frozenset({4, 6, 8, 10})


def _actions_ahead(s: FubaState) -> bool:
    return not s.turn.get("skip_actions") and "order" in s.turn


def offer_general(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if not _actions_ahead(s) or t.get("general") or zone(team, t["target"]) != "midfield":
        return []
    if skills.usable(s, 1 - team, "midfield_general") and team == s.control:
        return []  # both have one: only the defending team may play it
    return PLAIN


def play_general(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    t = s.turn
    t["order"] = [t["order"][1], t["order"][0]]
    t["general"] = True
    record(s, team, "midfield_general", ev, first=t["order"][0])


def offer_creative(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if team != s.control or not kept(s) or s.value <= 1:
        return []
    if zone(team, t["start"]) != "midfield" or DIST[t["start"]][t["target"]] > 1:
        return []  # not after a long pass
    return PLAIN


def play_creative(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.value -= 1
    record(s, team, "creative_midfielder", ev, value=s.value)


def offer_pressing(s: FubaState, team: int, window: Step) -> list[Args]:
    return PLAIN if zone(team, s.ball) == "midfield" and s.turn.get("mid_press") != team else []


def play_pressing(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["mid_press"] = team
    record(s, team, "midfield_pressing", ev)


def offer_crossing(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if team != s.control or t.get("crossing") == team:
        return []
    if t.get("kind") != "corner" and s.ball not in MIDFIELD_SIDES:
        return []
    far = any(
        DIST[s.ball][a] >= 2 and placement_problem(s, team, a, t["kind"]) is None
        for a in range(1, 14)
    )
    return PLAIN if far else []


def play_crossing(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["crossing"] = team  # read by passing.target_value
    record(s, team, "crossing", ev)


def offer_regista(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if not _actions_ahead(s) or team != s.control or not kept(s) or t.get("regista"):
        return []
    if zone(team, t["start"]) != "midfield" or zone(team, t["target"]) != "attack":
        return []
    return PLAIN


def play_regista(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["regista"] = True  # read by moves: no free movement into the target area
    record(s, team, "regista", ev)


def offer_dribbler(s: FubaState, team: int, window: Step) -> list[Args]:
    step = next_step(s, window, "moves")
    if step is None or not step.get("dribble") or step.get("dribbler") or team != s.control:
        return []
    ball = s.ball
    if zone(team, ball) != "midfield" or not s.pieces(1 - team, ball):
        return []
    if s.count(team, ball) < s.count(1 - team, ball):
        return []
    if not any(s.pieces(1 - team, a) == 0 for a in neighbours(ball)):
        return []
    return PLAIN


def play_dribbler(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    step = next_step(s, window, "moves")
    assert step is not None
    update_step(s, step, dribbler=True)
    record(s, team, "dribbler", ev)


def offer_mediano(s: FubaState, team: int, window: Step) -> list[Args]:
    act = next_step(s, window, "act")
    if act is None or act.get("first") or act.get("mediano") or act.get("only"):
        return []
    if team == s.control or zone(team, s.ball) != "midfield":
        return []
    return PLAIN


def play_mediano(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    act = next_step(s, window, "act")
    assert act is not None
    update_step(s, act, mediano=True)
    record(s, team, "il_mediano", ev)


def offer_mezzala(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if team != t["ct"] or not kept(s) or not t.get("target_empty") or "new_value" in t:
        return []
    if zone(team, t["target"]) != "attack" or not successes(s):
        return []
    return PLAIN


def play_mezzala(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    t = s.turn
    drop = successes(s)
    t["value_mod"] = t.get("value_mod", 0) - drop
    record(s, team, "mezzala", ev, reduced=drop)
