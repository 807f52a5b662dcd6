"""A11 team skills with a window: fanatic fans, trained special event, gegenpressing,
fiery coach, trained formation change (strength in depth and great condition are played by
the rules they change: substitutions and the movement boost)."""

from __future__ import annotations

from typing import Final

from engine.core.events import Event, event
from engine.fuba import cards, formations, plays, restarts, roles, weather
from engine.fuba.board import HALF_ENTIRELY
from engine.fuba.skills import record
from engine.fuba.skills.common import PLAIN, Args, Effect, Step
from engine.fuba.state import FubaState

SET_PIECE_TURNS: Final = ("free_kick", "corner")


def shot_bonus(s: FubaState, key: str) -> None:
    """+1 on this turn's goal attempt (read by ``plays.shot_modifiers``)."""
    s.turn["shot_skills"] = {**s.turn.get("shot_skills", {}), key: 1}


# -- fanatic fans: a die for the new ball value ------------------------------------------


def offer_fans(s: FubaState, team: int, window: Step) -> list[Args]:
    return PLAIN


def play_fans(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.agenda.insert(0, {"k": "roll", "team": team, "n": 1, "for": "fans"})


def roll_fans(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    s.agenda.pop(0)
    team, die = step["team"], dice[0]
    if die == s.value:
        record(s, team, "fanatic_fans", ev, die=die, value=s.value, free_kick=True)
        restarts.award_free_kick(s, 1 - team, s.ball, ev)
        if not s.over:
            cards.start_yellow_test(s, team, "fanatic fans")
        return
    record(s, team, "fanatic_fans", ev, die=die, before=s.value, value=die)
    s.value = die
    ev.append(event("ball_value", {"value": die, "skill": "fanatic_fans"}))


# -- trained special event: +1 on a set piece's goal attempt --------------------------------


def offer_special_event(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if t.get("kind") in SET_PIECE_TURNS and t.get("ct") == team == s.control:
        return PLAIN
    return []


def bonus(key: str) -> Effect:
    """The effect of a skill that adds one to this turn's goal attempt."""

    def effect(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
        shot_bonus(s, key)
        record(s, team, key, ev, modifier=1)

    return effect


# -- gegenpressing: press back at once ----------------------------------------------------


def offer_gegenpressing(s: FubaState, team: int, window: Step) -> list[Args]:
    presser = window.get("presser")
    if presser != 1 - team or window.get("area") not in HALF_ENTIRELY[presser]:
        return []
    out: list[Args] = []
    if plays.can_press(s, team):
        out.append({"aggressive": False})
    if s.rule("pressing") and s.count(team, s.ball) >= s.count(1 - team, s.ball) - 1:
        out.append({"aggressive": True})
    return out


def cost_gegenpressing(s: FubaState, args: Args) -> int:
    return 1 + (weather.pressing_cost(s) if args.get("aggressive") else 0)


def play_gegenpressing(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    aggressive = bool(args.get("aggressive"))
    record(s, team, "gegenpressing", ev, aggressive=aggressive)
    roll = {"k": "roll", "team": team, "n": 2, "for": "press", "aggressive": aggressive}
    s.agenda.insert(0, {**roll, "counter": True})  # not an action of the team


# -- fiery coach: a die for the point just paid ----------------------------------------------


def offer_fiery(s: FubaState, team: int, window: Step) -> list[Args]:
    return PLAIN


def play_fiery(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    zone_at, points = window["paid"]
    step = {"k": "roll", "team": team, "n": 1, "for": "fiery", "zone": zone_at, "points": points}
    s.agenda.insert(0, step)


def roll_fiery(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    """4-6 the points come back, 1 the coach is sent off (docs: the whole payment)."""
    s.agenda.pop(0)
    team, die = step["team"], dice[0]
    back = step["points"] if die >= 4 else 0
    if back:
        s.condition[team][step["zone"]] += back
        s.spent[team] -= back
    if die == 1:
        s.coach_off[team] = True
    record(s, team, "fiery_coach", ev, die=die, points_back=back, sent_off=die == 1)


# -- trained formation change: two players to other lines, once -------------------------------


def reachable(shape: list[int]) -> list[list[int]]:
    """Every other formation that moves at most two players between lines."""
    out: list[list[int]] = []
    for one in formations.halftime_options(shape)[1:]:
        for two in formations.halftime_options(one):
            if two != shape and two not in out:
                out.append(two)
    return sorted(out, key=lambda x: (-x[0], -x[1]))


def offer_formation(s: FubaState, team: int, window: Step) -> list[Args]:
    return [{"shape": formations.fmt(x)} for x in reachable(s.formations[team])]


def play_formation(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    before = formations.fmt(s.formations[team])
    shape = formations.parse(args["shape"])
    s.formations[team] = shape
    s.roles[team] = roles.fit(s.roles[team], shape)  # as at half time (docs)
    record(s, team, "trained_formation_change", ev, before=before, after=args["shape"])
