"""A13 special events: on a double in the situation roll (normal time only) both teams roll
a die, the controlling team's first, and the pair picks an entry of the table.

The event happens right after the time adjustment (and the tiredness tests); entries that
act "after the control check" leave a note in ``state.turn`` that the later phases read:
``value_mod`` (ball bounces), ``no_free`` (teams without free moves), ``keeper_astray``
(+2 on goal attempts), and ``pending`` (what to settle once control is known: moves,
momentum, terrace chant, aggressive defence).

Read by other rules' code: ``turn["free_point"] = team`` (terrace chant) lets that team use
one condition point for its first action without paying it (A1 uses; not for skills); the
paying code reads it and sets it to -1 once used. ``turn["momentum"] = team`` is read by
``moves.move_problem``; ``turn["no_free"]`` by ``match._push_act``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.events import Event, event
from engine.fuba import cards, clock, injuries, moves, restarts, substitutions
from engine.fuba.board import CORNER_SPOTS, GOAL_LINE_AREAS, HALF_ENTIRELY, TOUCHLINE_AREAS
from engine.fuba.skills import events as skill_events
from engine.fuba.state import FubaState

# move modes of the special-event moves (one player, one adjacent area, never the ball)
EXCELLENT, FAST = "excellent", "fast"

# (controlling team's die, defending team's die) -> (entry code, name)
_ROWS: Final[dict[int, tuple[tuple[tuple[int, ...], str, str], ...]]] = {
    1: (
        ((1, 2), "attack_move", "Excellent attack move"),
        ((3, 4), "defence_move", "Excellent defence move"),
        ((5,), "fast_dt", "Fast situation (defending team)"),
        ((6,), "fast_ct", "Fast situation (controlling team)"),
    ),
    2: (
        ((1, 2), "bounce_dt", "Ball bounces (defending team)"),
        ((3, 4), "bounce_ct", "Ball bounces (controlling team)"),
        ((5,), "lost_momentum", "Lost momentum"),
        ((6,), "failed_marking", "Failed man-marking"),
    ),
    3: (
        ((1, 2), "defender_foul", "Defender's foul"),
        ((3, 4), "attacker_foul", "Attacker's foul"),
        ((5,), "defender_rude_foul", "Defender's rude foul"),
        ((6,), "attacker_rude_foul", "Attacker's rude foul"),
    ),
    4: (
        ((1, 2), "slow_play", "Slow play"),
        ((3,), "touchline", "Ball over the touchline"),
        ((4,), "goal_line", "Ball over the goal line"),
        ((5,), "momentum", "Momentum"),
        ((6,), "aggressive_defence", "Aggressive defence"),
    ),
    5: (
        ((1,), "head_collision", "High ball: head collision"),
        ((2,), "failed_opening", "Failed opening"),
        ((3,), "perfect_pass", "Perfect pass"),
        ((4,), "behind_referee", "Behind the referee's back"),
        ((5,), "streaker", "Streaker"),
        ((6,), "keeper_astray", "Goalkeeper out of position"),
    ),
    6: (
        ((1,), "chant_dt", "Terrace chant (defending team)"),
        ((2,), "chant_ct", "Terrace chant (controlling team)"),
        ((3,), "star_injured_dt", "Injured star player (defending team)"),
        ((4,), "star_injured_ct", "Injured star player (controlling team)"),
        ((5,), "talent_dt", "New talent (defending team)"),
        ((6,), "talent_ct", "New talent (controlling team)"),
    ),
}


def entry(ct_die: int, dt_die: int) -> tuple[str, str]:
    """The table entry (code, name) for the two dice."""
    for dts, code, name in _ROWS[ct_die]:
        if dt_die in dts:
            return code, name
    raise ValueError(f"no special event for {ct_die}-{dt_die}")


def start(s: FubaState, ev: list[Event]) -> None:
    """A double in normal time: both teams roll one die for the table."""
    s.agenda.append({"k": "duel", "for": "special", "rolls": [None, None]})


def resolve(s: FubaState, rolls: list[int], ev: list[Event]) -> None:
    """Apply the entry the two dice pick (``rolls`` by team index)."""
    t = s.turn
    ct, dt = t["ct"], 1 - t["ct"]
    ct_die, dt_die = rolls[ct], rolls[dt]
    code, name = entry(ct_die, dt_die)
    data: dict[str, Any] = {
        "ct_die": ct_die,
        "dt_die": dt_die,
        "entry": f"{ct_die}-{dt_die}",
        "name": name,
        "code": code,
        "table": True,
        "team": ct,
    }
    ev.append(event("special_event", data))
    note = _EFFECTS[code](s, ct, dt, ev)
    if note:
        data["note"] = note


# -- the entries ------------------------------------------------------------------------------
# Each takes (state, controlling team, defending team, events) and returns a note for the
# narration when the entry changes nothing ("" otherwise). "Controlling"/"defending" are the
# teams at the start of the turn unless the entry acts after the control check.


def _later(s: FubaState, what: str) -> str:
    s.turn["pending"] = what
    return ""


def _bounce(mod: int) -> Any:
    def effect(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
        s.turn["value_mod"] = mod  # A13 on the new ball value (4.2.3), kept within 1-6
        return ""

    return effect


def _no_free(side: str) -> Any:
    def effect(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
        s.turn["no_free"] = [ct if side == "ct" else dt]
        return ""

    return effect


def _foul(fouled: str, rude: bool) -> Any:
    """Fouls: a free kick in the target area (a penalty in the fouled team's attacking box)
    for the fouled team; the other team tests for a yellow card, or after a rude foul gets
    one and a red card test with +1 while the fouled team rolls for an injury."""

    def effect(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:

        team = ct if fouled == "ct" else dt
        restarts.award_free_kick(s, team, s.turn["target"], ev)
        if s.over:
            return ""
        if not rude:
            cards.start_yellow_test(s, 1 - team, "foul")
            return ""
        cards.book(s, 1 - team, ev)
        cards.start_red_test(s, 1 - team, 1, "rude foul")
        if s.rule("injuries"):
            injuries.injure(s, team, ev, "rude foul", at=1)
            return ""
        return "no injuries in this match"

    return effect


def _slow_play(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    """One extra minute; each team gets back one condition point it used, into the zone
    with the fewest points, within the substitution caps (project decision)."""
    if clock.add_minute(s):
        ev.append(clock.time_event(s, 1, "slow play"))
    if not s.rule("condition"):
        return ""
    for team in (ct, dt):
        if s.spent[team] > 0:
            s.spent[team] -= 1
            back = substitutions.give(s, team, 1)
            ev.append(event("condition_recovered", {"team": team, "points": back}))
    return ""


def _touchline(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    t = s.turn
    if t["target"] not in TOUCHLINE_AREAS:
        return "the target area is not on a touchline: no effect"
    t["checked"] = True  # the control check fails, the new ball value is 2
    t["new_value"] = 2
    t["first"] = dt
    s.control = dt
    ev.append(event("control", {"team": dt, "kept": False, "special": "touchline"}))
    return ""


def _goal_line(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    """A corner for the team attacking the goal line the target area touches (project
    decision: the ball went out off the other team)."""

    target = s.turn["target"]
    if target not in GOAL_LINE_AREAS:
        return "the target area is not on a goal line: no effect"
    attacker = 0 if target in HALF_ENTIRELY[1] else 1
    restarts.corner(s, attacker, ev)
    return ""


def _collision(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    s.agenda.append({"k": "duel", "for": "collision", "rolls": [None, None]})
    return ""


def resolve_collision(s: FubaState, rolls: list[int], ev: list[Event]) -> None:
    """Head collision: the higher die wins the ball with that die as the new ball value and
    plays first; both teams roll for an injury. A tie is rolled again (project decision)."""
    if rolls[0] == rolls[1]:
        ev.append(event("collision_tie", {"dice": rolls}))
        s.agenda.insert(0, {"k": "duel", "for": "collision", "rolls": [None, None]})
        return
    t = s.turn
    winner = 0 if rolls[0] > rolls[1] else 1
    t["checked"] = True
    t["new_value"] = rolls[winner]
    t["first"] = winner
    s.control = winner
    kept = winner == t["ct"]
    ev.append(event("control", {"team": winner, "kept": kept, "special": "collision"}))
    if s.rule("injuries"):
        for team in (t["ct"], 1 - t["ct"]):
            injuries.injure(s, team, ev, "head collision", at=len(s.agenda))


def _failed_opening(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    t = s.turn
    t["checked"] = True
    t["first"] = dt
    s.control = dt
    # the ball stays in the start area; a corner kick's spot is not an area of play: its
    # corner area is (the taker stands there after this stage, 5.3.2)
    s.ball = CORNER_SPOTS.get(t["start"], t["start"])
    ev.append(event("control", {"team": dt, "kept": False, "special": "failed_opening"}))
    return ""


def _perfect_pass(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    t = s.turn
    t["checked"] = True
    t["first"] = ct
    ev.append(event("control", {"team": ct, "kept": True, "special": "perfect_pass"}))
    return ""


def _behind_referee(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    if not s.rule("injuries"):
        return "no injuries in this match"
    injuries.injure(s, ct, ev, "behind the referee's back", at=len(s.agenda))
    return ""


def _streaker(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    s.agenda.append({"k": "roll", "team": ct, "n": 1, "for": "streaker"})
    return ""


def roll_streaker(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """The streaker: the clock moves a die + 1 minutes (no tiredness test)."""
    s.agenda.pop(0)
    clock.run(s, dice[0] + 1, "streaker", ev)


def _keeper_astray(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
    s.turn["keeper_astray"] = True  # +2 on goal attempts this turn (plays.shot_modifiers)
    return ""


def _skills(team_of: str, kind: str) -> Any:
    """Injured star player (``kind`` "star") or new talent ("talent"): a random skill of the
    team is lost, or a random new one comes (A11, ``skills.events``)."""

    def effect(s: FubaState, ct: int, dt: int, ev: list[Event]) -> str:
        return skill_events.start(s, ct if team_of == "ct" else dt, kind)

    return effect


_EFFECTS: Final = {
    "attack_move": lambda s, ct, dt, ev: _later(s, "attack_move"),
    "defence_move": lambda s, ct, dt, ev: _later(s, "defence_move"),
    "fast_dt": lambda s, ct, dt, ev: _later(s, "fast_dt"),
    "fast_ct": lambda s, ct, dt, ev: _later(s, "fast_ct"),
    "bounce_dt": _bounce(2),
    "bounce_ct": _bounce(-2),
    "lost_momentum": _no_free("ct"),
    "failed_marking": _no_free("dt"),
    "defender_foul": _foul("ct", rude=False),
    "attacker_foul": _foul("dt", rude=False),
    "defender_rude_foul": _foul("ct", rude=True),
    "attacker_rude_foul": _foul("dt", rude=True),
    "slow_play": _slow_play,
    "touchline": _touchline,
    "goal_line": _goal_line,
    "momentum": lambda s, ct, dt, ev: _later(s, "momentum"),
    "aggressive_defence": lambda s, ct, dt, ev: _later(s, "aggressive_defence"),
    "head_collision": _collision,
    "failed_opening": _failed_opening,
    "perfect_pass": _perfect_pass,
    "behind_referee": _behind_referee,
    "streaker": _streaker,
    "keeper_astray": _keeper_astray,
    "chant_dt": lambda s, ct, dt, ev: _later(s, "chant_dt"),
    "chant_ct": lambda s, ct, dt, ev: _later(s, "chant_ct"),
    "star_injured_dt": _skills("dt", "star"),
    "star_injured_ct": _skills("ct", "star"),
    "talent_dt": _skills("dt", "talent"),
    "talent_ct": _skills("ct", "talent"),
}


# -- after the control check -------------------------------------------------------------


def settle(s: FubaState) -> None:
    """Before the order of actions: the entries that name a team "after the control check"
    (now known) and change who plays first."""
    t = s.turn
    what = t.get("pending")
    if what in ("chant_dt", "chant_ct"):
        team = s.control if what == "chant_ct" else 1 - s.control
        t["first"] = team
        t["free_point"] = team  # A13 one condition point for its first action, free
    elif what == "momentum":
        t["momentum"] = s.control  # its first movement action may dribble past defenders


def after_order(s: FubaState, ev: list[Event]) -> None:
    """At the end of the stage: the special moves and the aggressive defence."""
    t = s.turn
    what = t.get("pending")
    if what in ("attack_move", "defence_move", "fast_dt", "fast_ct"):
        team = s.control if what in ("attack_move", "fast_ct") else 1 - s.control
        mode = EXCELLENT if what.endswith("move") else FAST
        moves.reset_locks(s, team)
        s.agenda.append({"k": "moves", "team": team, "mode": mode, "made": 0, "left": 1})
        if mode == FAST:
            t["skip_actions"] = True  # A13 the action stage is skipped
    elif what == "aggressive_defence":
        team = 1 - s.control
        if s.pieces(team, s.ball):
            # a free aggressive pressing (A6): the pressing roll, resolved as aggressive
            step = {"k": "roll", "team": team, "n": 2, "for": "press"}
            s.agenda.append({**step, "aggressive": True, "free": True})
        else:
            ev.append(event("special_no_effect", {"team": team, "why": "no player there"}))
