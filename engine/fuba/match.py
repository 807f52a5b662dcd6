"""The FUBA match as a state machine: applying one action (``decisions`` says what is pending).

The agenda's first step is the current decision. When the agenda runs empty, ``_next``
works out the next step of the turn from ``state.turn``.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.actions import Action
from engine.core.dice import check_roll
from engine.core.errors import MalformedAction, NotYourDecision, RulesError
from engine.core.events import MUTED, Event, event
from engine.core.options import side_index
from engine.fuba import (
    advanced,
    bring,
    cards,
    clock,
    condition,
    formations,
    injuries,
    moves,
    plays,
    restarts,
    roles,
    setup,
    skills,
    slowing,
    specials,
    substitutions,
    tiredness,
    var,
    weather,
)
from engine.fuba.board import (
    ADJ,
    ADJACENT,
    AREAS,
    BOX,
    CORNER_SPOTS,
    SIDES,
    corner_spots_for,
    zone,
)
from engine.fuba.decisions import ACTION_KINDS, allowed_kinds
from engine.fuba.offside import offside_risk
from engine.fuba.passing import check_target, target_value
from engine.fuba.skills import choosing, forwards, keepers, windows
from engine.fuba.skills import events as skill_events
from engine.fuba.skills import team as team_skills
from engine.fuba.state import ZONES, FubaState, _zeros

Step = dict[str, Any]  # an agenda step, or an action's arguments
SKILL_PAYMENTS: Final = ("skill", "advancing")  # A11 paid without the terrace chant's free point
_WINDOWS: Final = frozenset({"substitute", "skill"})  # steps that may be folded into the next one
# steps ``apply_own`` leaves to ``apply``: windows, and the two answered by either team
_OWN_ROUTING: Final = frozenset({"substitute", "skill", "formation", "duel"})
ZONE_POSITION: Final = {"defence": 0, "midfield": 1, "attack": 2}


def new_match(options: dict[str, Any] | None = None) -> FubaState:
    s = FubaState(options=dict(options or {}))
    if "advanced" in s.options:
        rules = s.options["advanced"] or ()
        advanced.check(rules)  # unknown rules, or one without its need
        s.options["advanced"] = advanced.ordered(rules)  # JSON-native, in the rulebook's order
    choosing.check_option(s)  # A11 the agreed number of skills
    s.agenda = [{"k": "formation", "picks": [None, None], "halftime": False}]
    s.turn = {"stage": "pre"}
    return s


# ----------------------------------------------------------------------------------------
# apply


def apply(s: FubaState, action: Action, *, in_place: bool = False) -> tuple[FubaState, list[Event]]:
    """Apply one action. Raises a RulesError (state untouched unless ``in_place``)."""
    ev: list[Event] = []
    return _apply(s, action, in_place, ev), ev


def apply_into(s: FubaState, action: Action, ev: list[Event]) -> None:
    """``apply(s, action, in_place=True)`` with its events appended to ``ev`` (``MUTED``:
    not wanted)."""
    _apply(s, action, True, ev)


def apply_own(s: FubaState, action: Action, ev: list[Event]) -> None:
    """``apply_into(s, action, ev)``, routed straight to the pending step's handler when the
    action is its own team's answer to it (neither a window nor a skill)."""
    step = s.agenda[0] if s.agenda and not s.over else None
    if (
        step is None
        or "team" not in step
        or step["k"] in _OWN_ROUTING
        or action.kind == windows.KIND
        or SIDES[step["team"]] != action.actor
    ):
        _apply(s, action, True, ev)
        return
    handler = _HANDLERS.get((step["k"], action.kind))
    if handler is None:
        _apply(s, action, True, ev)  # refused there
        return
    if "unpaid" in s.turn:
        del s.turn["unpaid"]
    handler(s, step, step["team"], action.args, ev)
    _run_on(s, ev)


def action_in_place(s: FubaState, kind: str, ev: list[Event]) -> None:
    """``apply_into(s, Action(<its team>, "action", {"kind": kind}), ev)`` for an action
    kind its caller has taken from ``decisions.allowed_kinds`` for the pending "act" step:
    the same change and events without checking it again."""
    if "unpaid" in s.turn:
        del s.turn["unpaid"]
    step = s.agenda[0]
    _action(s, step, step["team"], kind, ev)
    _run_on(s, ev)


def _apply(s: FubaState, action: Action, in_place: bool, ev: list[Event]) -> FubaState:
    if s.over:
        raise RulesError("The match is over.")
    if not s.agenda:
        raise RulesError("Nothing is pending.")
    team = side_index(SIDES, action.actor)
    step = s.agenda[0]
    _check_actor(step, team, action.kind)
    folded = opening = False
    passing = 0  # windows the answer lets pass
    if step["k"] in _WINDOWS:
        folded = substitutions.folded(s)  # A3 a window folded into the team's next decision
        opening = folded and action.kind == substitutions.OPEN
        passing = 1 if folded and not opening else 0
        while action.kind != windows.KIND and windows.folded_at(s, passing):
            passing += 1  # A11 a skill window folded into the decision
        step = s.agenda[passing]
    if action.kind == windows.KIND and step["k"] != windows.KIND:
        action = _skill_as_charge(s, step, team, action)
    handler = _HANDLERS.get((step["k"], action.kind))
    if not opening and handler is None:
        if folded and action.kind == "substitute":
            raise MalformedAction("Choose 'make substitutions' first, then your substitutions.")
        raise MalformedAction(f"{action.kind!r} is not possible now: waiting for {_what(step)}.")
    if not in_place:
        s = s.clone()
    if "unpaid" in s.turn:
        del s.turn["unpaid"]  # A11 only the last step's skills too dear (windows.prune)
    if opening or handler is None:
        substitutions.open_window(s)
        return s
    if passing:
        del s.agenda[:passing]  # the windows pass
    handler(s, s.agenda[0], team, action.args, ev)
    _run_on(s, ev)
    return s


def roll_in_place(s: FubaState, dice: list[int], ev: list[Event]) -> None:
    """``apply_into(s, Action(<its team>, "roll", {"dice": dice}), ev)`` when the pending
    step is a roll (its ``k`` is "roll"), without routing the action: the same change and
    events, for drivers that roll the dice themselves."""
    if "unpaid" in s.turn:
        del s.turn["unpaid"]
    step = s.agenda[0]
    _rolled(s, step, step["team"], check_roll(dice, step["n"]), ev)
    _run_on(s, ev)


def _run_on(s: FubaState, ev: list[Event]) -> None:
    """After an action's handler: the match runs on until a decision is pending."""
    while not s.agenda and not s.over:
        _next(s, ev)
    substitutions.place(s)  # A3 restart windows wait for their team's first own step
    if s.skills[0] or s.skills[1]:
        _settle(s, ev)


def _settle(s: FubaState, ev: list[Event]) -> None:
    """A11 skill windows with nothing to offer are dropped, and the match runs on until a
    decision is pending."""
    while not s.over and windows.prune(s):
        while not s.agenda and not s.over:
            _next(s, ev)
        substitutions.place(s)


def _skill_as_charge(s: FubaState, step: Step, team: int, action: Action) -> Action:
    """`skill` outside a skill window: the advancing goalkeeper's charge is its own decision;
    anything else is refused with the reason."""
    name = str(action.args.get("name", "")).strip().lower().replace(" ", "_")
    if step["k"] == "charge" and step.get("advancing") and name == "advancing_goalkeeper":
        return Action(action.actor, "charge", {"choice": "charge"})
    raise RulesError(windows.why_not(s, team, name, None))


def _check_actor(step: Step, team: int, kind: str) -> None:
    k = step["k"]
    if k == "formation":
        due = (*step.get("roles_due", ()), *step.get("skills_due", ()))
        if step["picks"][team] is not None and team not in due:
            if kind == "skills" and (step.get("skills") or [None, None])[team] is not None:
                raise NotYourDecision("You have already chosen your skills.")
            raise NotYourDecision("You have already chosen your formation.")
        return
    if k == "duel":
        if step["rolls"][team] is not None:
            raise NotYourDecision("You have already rolled; waiting for the other team.")
        return
    if step["team"] != team:
        who = SIDES[step["team"]]
        raise NotYourDecision(f"It is not your decision: waiting for {who} ({_what(step)}).")


def _what(step: dict[str, Any]) -> str:
    k = step["k"]
    if k == "roll":
        return f"roll for {step['for'].replace('_', ' ')}"
    if k == "moves":
        return f"moves ({step['mode']})"
    return {"act": "choose an action", "target": "choose the target area"}.get(k, k)


def _int_arg(args: dict[str, Any], name: str) -> int:
    v = args.get(name)
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedAction(f"'{name}' must be a whole number.")
    return v


def _str_arg(args: dict[str, Any], name: str, allowed: tuple[str, ...]) -> str:
    v = args.get(name)
    if v not in allowed:
        raise MalformedAction(f"'{name}' must be one of: {', '.join(allowed)}.")
    return v  # type: ignore[return-value]


def _dice(args: Step, n: int) -> list[int]:
    return check_roll(args.get("dice"), n)


# -- preamble ---------------------------------------------------------------------------


def _h_formation(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    if step["picks"][team] is not None:
        then = "player roles" if team in step.get("roles_due", ()) else "skills"
        raise RulesError(f"You have already chosen your formation: now choose your {then}.")
    shape = formations.parse(args.get("shape"))
    if step["halftime"] and s.coach_off[team] and shape != s.formations[team]:
        raise RulesError("Your coach was sent off: your formation cannot change.")  # A11
    if step["halftime"] and not formations.one_player_changed(s.formations[team], shape):
        raise RulesError(
            f"At half time you may move only one player: {formations.fmt(s.formations[team])} "
            f"cannot become {formations.fmt(shape)}."
        )
    picks = list(step["picks"])
    picks[team] = shape
    ev.append(event("formation_chosen", {"team": team}))
    step = {**step, "picks": picks}
    if s.rule("roles") and not step["halftime"]:
        # A2 the roles are chosen secretly right after the formation, before the reveal
        step["roles_due"] = [*step.get("roles_due", ()), team]
    if skills.agreed(s) and not step["halftime"]:
        step["skills_due"] = [*step.get("skills_due", ()), team]  # A11 then the skills
    s.agenda[0] = step
    _reveal_formations(s, step, ev)


def _h_roles(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    """A2 a team's secret player roles, checked against its formation."""
    if team not in step.get("roles_due", ()):
        raise RulesError("Choose your formation first; the player roles come right after it.")
    chosen = roles.parse(args.get("roles"))
    roles.check(chosen, step["picks"][team])
    picked = list(step.get("roles") or [None, None])
    picked[team] = chosen
    due = [t for t in step["roles_due"] if t != team]
    step = {**step, "roles": picked, "roles_due": due}
    s.agenda[0] = step
    ev.append(event("roles_chosen", {"team": team}))
    _reveal_formations(s, step, ev)


def _reveal_formations(s: FubaState, step: Step, ev: list[Event]) -> None:
    """2.1 both formations (and A2 roles) are shown once both teams have chosen; the A1
    condition points are set from them at the start of the match."""
    picks = step["picks"]
    if None in picks or step.get("roles_due") or step.get("skills_due"):
        return
    s.agenda.pop(0)
    s.formations = picks
    ev.append(
        event(
            "formations_revealed",
            {"formations": [formations.fmt(p) for p in picks], "halftime": step["halftime"]},
        )
    )
    if step.get("roles"):
        s.roles = [dict(r or {}) for r in step["roles"]]
        ev.append(event("roles_revealed", {"roles": [roles.text(r) for r in s.roles]}))
    elif step["halftime"]:
        s.roles = [roles.fit(s.roles[t], picks[t]) for t in (0, 1)]  # docs: A2 at half time
    if step.get("skills"):
        choosing.reveal(s, step["skills"], ev)
    if not step["halftime"]:
        if s.rule("condition"):
            s.condition = [
                condition.initial_points(picks[t], roles.point_moves(s.roles[t])) for t in (0, 1)
            ]
        s.agenda.insert(0, {"k": "duel", "for": "kickoff", "rolls": [None, None]})


def _h_duel(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    (die,) = _dice(args, 1)
    rolls = list(step["rolls"])
    rolls[team] = die
    if ev is not MUTED:
        ev.append(event("dice", {"team": team, "dice": [die], "purpose": step["for"]}))
    if None in rolls:
        s.agenda[0] = {**step, "rolls": rolls}
        return
    s.agenda.pop(0)
    if step["for"] == "kickoff":
        weather.from_kickoff(s, rolls, ev)  # A9 only the match's first roll
        if rolls[0] == rolls[1]:
            ev.append(event("kickoff_tie", {"dice": rolls}))  # 3.2 ties roll again
            s.agenda.insert(0, {"k": "duel", "for": "kickoff", "rolls": [None, None]})
            return
        winner = 0 if rolls[0] > rolls[1] else 1
        ev.append(event("kickoff_winner", {"team": winner, "dice": rolls}))
        s.agenda.insert(0, {"k": "kickoff_choice", "team": winner})
    elif step["for"] == "special":
        specials.resolve(s, rolls, ev)  # A13
    elif step["for"] == "collision":
        specials.resolve_collision(s, rolls, ev)  # A13 head collision
    else:
        _resolve_rebound(s, rolls, ev)


def _h_kickoff_choice(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    chosen = SIDES.index(_str_arg(args, "side", SIDES))
    s.agenda.pop(0)
    s.control = chosen
    s.first_half_ct = chosen
    ev.append(event("kickoff_team", {"team": chosen}))
    restarts.start_kickoff(s, ev)


# -- setups and moves --------------------------------------------------------------------


def _h_setup(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    pairs = setup.parse_layout(args.get("layout"))
    setup.apply_layout(s, team, pairs, step["kind"], step["area"])
    s.agenda.pop(0)
    ev.append(event("setup", {"team": team, "kind": step["kind"], "layout": pairs}))


def _move_args(args: dict[str, Any]) -> tuple[int, int, bool, bool, int]:
    frm, to = _int_arg(args, "from"), _int_arg(args, "to")
    count = args.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
        raise MalformedAction("'count' must be a whole number from 1 to 10.")
    return frm, to, bool(args.get("goalkeeper")), bool(args.get("with_ball")), count


def _h_move(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    _move(s, step, team, args, ev, False)


def move_in_place(s: FubaState, args: dict[str, Any], ev: list[Event]) -> None:
    """``apply_into(s, Action(<its team>, "move", args), ev)`` for a move its caller has
    already found legal with ``moves.move_problem`` in the pending step (an "act" or
    "moves" step): the same change and events without checking that first piece again."""
    if "unpaid" in s.turn:
        del s.turn["unpaid"]
    step = s.agenda[0]
    _move(s, step, step["team"], args, ev, True)
    _run_on(s, ev)


def _move(s: FubaState, step: Step, team: int, args: Step, ev: list[Event], checked: bool) -> None:
    """4.3.1, 4.5 one move of ``args``; ``checked``: its first piece is known to be legal."""
    frm, to, gk, wb, count = _move_args(args)
    if step["k"] == "act" and not step["first"]:
        raise RulesError("Free movements happen only at the beginning of the first action.")
    if (gk or wb) and count > 1:
        raise MalformedAction("Move the goalkeeper or the ball carrier one at a time.")
    if count > 1 and frm in AREAS:
        movable = s.outfield[team][frm] - s.locked[team][frm]
        if count > movable:
            raise RulesError(f"Only {movable} of your players in area {frm} can move now.")
        left = step.get("left", -1)
        if 0 <= left < count:
            raise RulesError(
                f"You have only {left} {'move' if left == 1 else 'moves'} left in this step."
            )
    for i in range(count):
        if i or not checked:
            moves.check_move(s, step, frm, to, gk, wb)
        step = moves.do_move(s, step, frm, to, gk, wb)
    s.agenda[0] = step
    if ev is not MUTED:
        ev.append(
            event(
                "move",
                {
                    "team": team,
                    "from": frm,
                    "to": to,
                    "count": count,
                    "goalkeeper": gk,
                    "with_ball": wb,
                    "mode": step["mode"],
                },
            )
        )
    if step.get("left", -1) == 0 and step["k"] == "moves":
        _finish_moves(s, ev)


def _h_done(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    _finish_moves(s, ev)


def _finish_moves(s: FubaState, ev: list[Event]) -> None:
    step = s.agenda.pop(0)
    mode, made = step["mode"], step.get("made", 0)
    other = 1 - step["team"]
    if mode == moves.GK_CT:
        moves.push(s, other, moves.GK_DT, left=max(made, 4))  # 5.4 (design decision 13)
    elif mode == moves.QUICK_CT and made:
        moves.push(s, other, moves.QUICK_DT, left=made)  # 5.2.3


# -- the turn ------------------------------------------------------------------------------


def _new_turn(s: FubaState, kind: str) -> None:
    s.turns[s.half - 1] += 1
    s.turn = {
        "stage": "target",
        "kind": kind,
        "n": s.turns[s.half - 1],
        "ct": s.control,
        "start": s.ball,
        "acts": [[], []],
    }
    s.moved = _zeros()
    s.locked = _zeros()
    s.keeper_moved = [False, False]
    s.keeper_locked = [False, False]
    s.agenda = [{"k": "target", "team": s.control}]
    windows.mark(s, "turn_start", s.control)  # A11 creative goalkeeper, crossing


def _h_target(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    target = _int_arg(args, "area")
    _target(s, team, target, check_target(s, team, target, s.turn["kind"]), ev)


def target_in_place(s: FubaState, target: int, ev: list[Event]) -> None:
    """``apply_into(s, Action(<its team>, "target", {"area": target}), ev)`` for a target
    its caller has found legal (``passing.target_problem``) for the pending "target" step:
    the same change and events without checking where the ball may go again."""
    if "unpaid" in s.turn:
        del s.turn["unpaid"]
    team: int = s.agenda[0]["team"]
    kind: str = s.turn["kind"]
    value = target_value(s, team, target, kind)
    if value > 6:  # over 6 only when no area is lower: the engine's list says what it becomes
        value = check_target(s, team, target, kind)
    _target(s, team, target, value, ev)
    _run_on(s, ev)


def _target(s: FubaState, team: int, target: int, value: int, ev: list[Event]) -> None:
    """4.1 stage 1: the ball is played into ``target`` with the new ball ``value``."""
    t = s.turn
    start = s.ball
    t["target"] = target
    t["had"] = s.pieces(team, target) > 0
    t["target_empty"] = not t["had"] and not s.pieces(1 - team, target)  # A11 mezzala
    t["value1"] = value
    t["stage"] = "situation"
    s.value = value
    s.ball = target
    s.last_pass = [start, target]
    if ev is not MUTED:
        ev.append(event("target", {"team": team, "start": start, "target": target, "value": value}))
    risk = offside_risk(s, team, start, target, t["kind"])
    if risk:
        t["risk"] = risk
        ev.append(event("offside_risk", {"team": team, "added": risk}))
    s.agenda[0] = {"k": "roll", "team": team, "n": 2, "for": "situation"}
    other = 1 - team
    if plays.can_charge(s, other, start, target):
        s.agenda.insert(0, {"k": "charge", "team": other})  # A5 at the end of stage 1
        windows.mark(s, "charge", other)  # A11 sweeper keeper
    elif keepers.can_advance(s, other, start, target) and condition.can_pay(s, other, 1, True):
        s.agenda.insert(0, {"k": "charge", "team": other, "advancing": True})  # A11
        windows.mark(s, "charge", other)
    windows.mark(s, "stage1", other)  # A11 skilled full back


# 4.2 the game situation progress stage, in phases: a roll or a decision may come between
# two phases (advanced rules), after which ``_next`` resumes with the next phase.
_SKILL_PHASES: Final = ("trap", "value_skills", "skills_end")  # A11 only in a match with skills
SITUATION_PHASES: Final = (
    "time",
    "tiredness",
    "special",
    "trap",
    "control",
    "value_skills",
    "value",
    "order",
    "skills_end",
)
_PHASES_WITHOUT_SKILLS: Final = tuple(p for p in SITUATION_PHASES if p not in _SKILL_PHASES)


def _situation(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """4.2 the game situation progress stage: the controlling team's two dice."""
    s.agenda.pop(0)
    s.turn["dice"] = list(dice)
    s.turn["phase"] = 0
    s.turn["check_value"] = s.value  # the ball value the control check compares
    _resume_situation(s, ev)


def _resume_situation(s: FubaState, ev: list[Event]) -> None:
    """Run the stage's phases until one waits for a roll or a decision (or play stops)."""
    t = s.turn
    phases = SITUATION_PHASES if s.options.get("skills") else _PHASES_WITHOUT_SKILLS
    while not s.agenda and not s.over and s.turn is t:
        i: int = t["phase"]
        if i >= len(phases):
            break
        t["phase"] = i + 1
        _phase(phases[i], s, ev)


def _phase(name: str, s: FubaState, ev: list[Event]) -> None:
    """``_PHASES[name](s, ev)``, the phases of the basic rules called directly (cheaper)."""
    if name == "time":
        _phase_time(s, ev)
    elif name == "special":
        _phase_special(s, ev)
    elif name == "control":
        _phase_control(s, ev)
    elif name == "value":
        _phase_value(s, ev)
    elif name == "order":
        _phase_order(s, ev)
    else:
        _PHASES[name](s, ev)


def _phase_time(s: FubaState, ev: list[Event]) -> None:
    t = s.turn
    d1, d2 = t["dice"]
    t["was_stoppage"] = s.stoppage > 0  # a double rolled in normal time is a special event
    before = s.minute
    moved, verdict = clock.turn_time(s, d1, d2, t["target"] in BOX)
    t["moved"] = moved
    t["normal_moved"] = s.minute - before  # squares moved before stoppage began (A1)
    if ev is not MUTED:
        ev.append(
            event(
                "time", {"moved": moved, "minute": s.minute, "stoppage": s.stoppage, "half": s.half}
            )
        )
    if verdict == "now":
        restarts.end_half(s, ev)
        return
    if verdict == "after":
        t["end"] = True


def _phase_tiredness(s: FubaState, ev: list[Event]) -> None:
    tiredness.start_tests(s, ev)  # A1


def _phase_special(s: FubaState, ev: list[Event]) -> None:
    d1, d2 = s.turn["dice"]
    if d1 != d2 or s.turn["was_stoppage"]:
        return
    if s.rule("events"):
        for team in (s.turn["ct"], 1 - s.turn["ct"]):
            windows.mark(s, "special", team, at=len(s.agenda))  # A11 diver, before the dice
        specials.start(s, ev)  # A13 the special events table
        return
    # 4.2.1 a special event; without the table (A13) it changes nothing
    ev.append(event("special_event", {"die": d1, "table": False}))


def _phase_trap(s: FubaState, ev: list[Event]) -> None:
    windows.mark(s, "trap", 1 - s.turn["ct"])  # A11 offside trap, after the dice


def _phase_value_skills(s: FubaState, ev: list[Event]) -> None:
    ct = s.turn["ct"]
    windows.mark(s, "value", ct)  # A11 mezzala
    windows.mark(s, "value", 1 - ct, at=len(s.agenda))  # A11 stopper


def _phase_skills_end(s: FubaState, ev: list[Event]) -> None:
    """A11 the end of the stage and the start of the actions: the team with the ball first."""
    windows.mark(s, "situation_end", s.control)
    windows.mark(s, "situation_end", 1 - s.control, at=len(s.agenda))


def _phase_control(s: FubaState, ev: list[Event]) -> None:
    """4.2.2 the control check (an A13 event may have decided it already)."""
    t = s.turn
    if "checked" in t:
        return
    dice: list[int] = t["dice"]
    hi = max(dice)
    ct: int = t["ct"]
    dt = 1 - ct
    target: int = t["target"]
    v: int = t["check_value"]
    t["checked"] = True
    # the events carry the die and the ball value compared, so narration can say why
    if hi >= v:
        if ev is not MUTED:
            ev.append(event("control", {"team": ct, "kept": True, "die": hi, "value": v}))
    elif not s.pieces(dt, target) and not any(s.pieces(dt, a) for a in ADJ[target]):
        t["easy"] = True  # 4.2.2.2 easy situation: nobody of the defending team near
        control = {"team": ct, "kept": True, "easy": True, "die": hi, "value": v}
        if ev is not MUTED:
            ev.append(event("control", control))
    else:
        s.control = dt
        if ev is not MUTED:
            ev.append(event("control", {"team": dt, "kept": False, "die": hi, "value": v}))


def _phase_value(s: FubaState, ev: list[Event]) -> None:
    """4.2.3 the new ball value (A13 and A9 rain may modify it)."""
    t = s.turn
    if "new_value" not in t:
        dice: list[int] = t["dice"]
        lo, hi = min(dice), max(dice)
        start: int = t["start"]
        target: int = t["target"]
        adjacent = target == start or ADJACENT[start * 18 + target]
        t["new_value"] = lo if adjacent and t["had"] else hi
    new_value: int = t["new_value"]
    mod: int = t.get("value_mod", 0)
    s.value = min(6, max(1, new_value + mod))
    before = s.value
    s.value = weather.after_control_check(s)  # A9 rain
    if s.value != before:
        if ev is not MUTED:
            ev.append(event("ball_value", {"value": s.value, "rain": True}))
    else:
        if ev is not MUTED:
            ev.append(event("ball_value", {"value": s.value}))


def _phase_order(s: FubaState, ev: list[Event]) -> None:
    """4.2.4 the order of actions, then the moves the stage leaves to the teams."""
    t = s.turn
    ct, v = t["ct"], t["check_value"]
    lo = min(t["dice"])
    specials.settle(s)  # A13 entries that change who plays first
    first = t.get("first", ct if lo >= v else 1 - ct)
    t["order"] = [first, 1 - first]
    if t.get("easy"):
        moves.push(s, 1 - ct, moves.EASY, at=len(s.agenda), left=1)
    bring.bring_closest(s, s.control, s.ball, ev)
    specials.after_order(s, ev)  # A13 moves and aggressive defence
    if "first" in t:  # an A13 event chose who plays first, whatever the dice say
        if ev is not MUTED:
            ev.append(event("order", {"first": first}))
    else:
        if ev is not MUTED:
            ev.append(event("order", {"first": first, "controlling": ct, "die": lo, "value": v}))


_PHASES: Final = {
    "time": _phase_time,
    "tiredness": _phase_tiredness,
    "special": _phase_special,
    "control": _phase_control,
    "value": _phase_value,
    "order": _phase_order,
    "trap": _phase_trap,
    "value_skills": _phase_value_skills,
    "skills_end": _phase_skills_end,
}


def _h_bring(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    frm = _int_arg(args, "from")
    gk = bool(args.get("goalkeeper"))
    if [frm, gk] not in step["options"]:
        places = ", ".join(f"{a}{' (goalkeeper)' if g else ''}" for a, g in step["options"])
        raise RulesError(f"Your closest players to area {step['to']} are in: {places}.")
    s.agenda.pop(0)
    bring.do_bring(s, team, frm, gk, step["to"], ev)


def _next(s: FubaState, ev: list[Event]) -> None:
    t = s.turn
    stage = t["stage"]
    if stage == "restart":
        _new_turn(s, t["kind"])
        return
    if stage == "situation":
        phases = SITUATION_PHASES if s.options.get("skills") else _PHASES_WITHOUT_SKILLS
        if t.get("phase", len(phases)) < len(phases):
            _resume_situation(s, ev)
            return
        if t.get("skip_actions"):
            _end_turn(s, ev)  # A13 fast situation: no action stage
            return
        for team in (0, 1):  # 5.3.2 the corner taker steps into the corner area
            row: list[int] = s.outfield[team]
            if row[14] or row[15] or row[16] or row[17]:  # CORNER_SPOTS
                for spot, corner in CORNER_SPOTS.items():
                    n = row[spot]
                    if n:
                        row[spot] = 0
                        row[corner] += n
                        s.moved[team][corner] += n
        t["stage"] = "actions"
        t["seq"] = 0
        stage = "actions"
    if stage == "actions":
        seq: int = t["seq"]
        order: list[int] = t["order"]
        if seq == 0 or seq == 1:
            _push_act(s, order[seq], True, t.get("only") if seq == 0 else None)
            t["seq"] = seq + 1
        elif seq == 2:
            ct = s.control
            if skills.counted(s, 1 - ct, s.ball) > skills.counted(s, ct, s.ball):
                if ev is not MUTED:
                    ev.append(event("no_second_actions", {"team": ct}))  # 4.3.2
                _end_turn(s, ev)
            else:
                s.agenda.append({"k": "continue", "team": ct})
                t["seq"] = 3
        elif seq == 3 or seq == 4:
            _push_act(s, order[seq - 3], False, None)
            t["seq"] = seq + 1
        else:
            _end_turn(s, ev)
        return
    raise AssertionError(f"no next step for stage {stage!r}")


def _push_act(s: FubaState, team: int, first: bool, only: str | None) -> None:
    step: dict[str, Any]
    if first:
        moves.reset_locks(s, team)
        o, g, kr = moves.allowances(s, team)
        if team in s.turn.get("no_free", ()):
            o, g, kr = [], [], False  # A13 lost momentum, failed marking
        step = {
            "k": "act",
            "team": team,
            "first": first,
            "mode": moves.FREE,
            "o": o,
            "g": g,
            "kr": kr,
        }
    else:
        step = {"k": "act", "team": team, "first": first, "mode": moves.FREE}
    if only:
        step["only"] = only
    s.agenda.append(step)
    # A11 extra free movements, or il mediano, folded into the action decision
    windows.mark(s, "free_moves" if first else "second_action", team, at=len(s.agenda) - 1)


def _h_action(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    kind = _str_arg(args, "kind", ACTION_KINDS)
    allowed = allowed_kinds(s, step)
    if kind not in allowed:
        raise RulesError(_why_not(s, step, kind))
    _action(s, step, team, kind, ev)


def _action(s: FubaState, step: Step, team: int, kind: str, ev: list[Event]) -> None:
    """4.3 an allowed action ``kind`` chosen: its roll (or A6 its payment) is next."""
    old: list[list[str]] = s.turn["acts"]
    acts = [list(old[0]), list(old[1])]  # new lists: apply must not touch the old state
    acts[team].append("press" if kind == "aggressive" else kind)  # A6 is a pressing action
    s.turn["acts"] = acts
    if ev is not MUTED:
        ev.append(event("action", {"team": team, "kind": kind, "first": step["first"]}))
    s.goal_attempts[team] += kind == "goal"
    if kind == "aggressive":
        s.agenda.pop(0)
        _spend(s, team, weather.pressing_cost(s), {"team": team, "for": "aggressive"}, ev)
        return
    n = 1 if kind == "goal" else 2
    roll = {"k": "roll", "team": team, "n": n, "for": kind}
    s.agenda[0] = {**roll, "mediano": True} if step.get("mediano") else roll
    if kind == "goal":
        windows.mark(s, "goal", 1 - team)  # A11 the keeper's skills after the shooter's
        windows.mark(s, "goal", team)
    elif kind == "press":
        windows.mark(s, "press", team)  # A11 midfield pressing


def _why_not(s: FubaState, step: dict[str, Any], kind: str) -> str:
    team = step["team"]
    if step.get("only"):
        if s.turn.get("poacher"):
            return "Goal poacher: your first action is a goal attempt."  # A11
        return f"This free kick is a direct shot: the first action is a {step['only']} attempt."
    done = "press" if kind == "aggressive" else kind
    if done in s.turn["acts"][team] and not (kind == "position" and step.get("mediano")):
        return f"A second action must differ from the first; you already chose {done}."
    if kind == "aggressive":
        return _why_not_aggressive(s, team)
    if kind == "goal":
        if team != s.control:
            return "Only the team with the ball can attempt a goal."
        return f"You cannot shoot from area {s.ball}: it is not entirely in the opponent's half."
    if kind == "press":
        if team == s.control:
            return "Only the defending team can press."
        return (
            f"You cannot press: you need at least as many players as the opponent in area {s.ball}."
        )
    return f"{kind} is not possible now."


def _h_continue(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    choice = _str_arg(args, "choice", ("second", "new_turn"))
    s.agenda.pop(0)
    if ev is not MUTED:
        ev.append(event("continue", {"team": team, "choice": choice}))
    if choice == "new_turn":
        _end_turn(s, ev)


def _end_turn(s: FubaState, ev: list[Event]) -> None:
    s.agenda.clear()
    injuries.returns(s, ev)  # A4
    if s.turn.get("end"):
        restarts.end_half(s, ev)
    else:
        skipped = s.turn.get("skip_actions")
        _new_turn(s, "normal")
        substitutions.turn_window(s)  # A3 before the new turn's target decision
        if not skipped:  # A11 at the end of the action stage
            windows.mark(s, "turn_end", 1 - s.control)
            windows.mark(s, "turn_end", s.control)


# -- rolls --------------------------------------------------------------------------------


def _h_roll(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    _rolled(s, step, team, _dice(args, step["n"]), ev)


def _rolled(s: FubaState, step: Step, team: int, dice: list[int], ev: list[Event]) -> None:
    purpose = step["for"]
    if ev is not MUTED:
        ev.append(event("dice", {"team": team, "dice": dice, "purpose": purpose}))
    # the frequent rolls called directly (cheaper than through the table)
    if purpose == "situation":
        _situation(s, step, dice, ev)
    elif purpose == "move":
        _roll_move(s, step, dice, ev)
    elif purpose == "position":
        _roll_position(s, step, dice, ev)
    else:
        _ROLLS[purpose](s, step, dice, ev)


def _roll_goal(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    team = step["team"]
    die = min(dice)  # A11 shot stopper, leading goalkeeper: two dice, the lower counts
    if forwards.striker_foul(s, team, die, ev):
        return  # A11 aggressive striker
    odds = plays.shot_modifiers(s, team, bool(s.turn.get("direct")) and s.turn.get("seq") == 1)
    outcome = plays.shot_outcome(s, team, odds, die)
    ev.append(
        event(
            "goal_attempt",
            {
                "team": team,
                "area": s.ball,
                "die": die,
                "modifier": odds.modifier,
                "parts": odds.parts,
                "value": s.value,
                "outcome": outcome,
                # A11 shot stopper, leading goalkeeper: the two dice and whose they were
                **({"dice": dice, "low": step["low"]} if step.get("low") else {}),
            },
        )
    )
    if outcome == plays.SECOND_ROLL:
        s.agenda[0] = {
            "k": "roll",
            "team": team,
            "n": 1,
            "for": "goal_difficult",
            "need": abs(odds.area_modifier),
        }
        return
    s.agenda.pop(0)
    _shot_result(s, team, outcome, ev)


def _roll_goal_difficult(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    team = step["team"]
    need = step["need"]
    outcome = plays.GOAL if dice[0] > need else plays.CORNER if dice[0] == need else plays.MISS
    ev.append(
        event(
            "difficult_attempt",
            {"team": team, "die": dice[0], "need_over": need, "outcome": outcome},
        )
    )
    s.agenda.pop(0)
    _shot_result(s, team, outcome, ev)


def _shot_result(s: FubaState, team: int, outcome: str, ev: list[Event]) -> None:
    if outcome == plays.GOAL:
        _goal(s, team, ev)
    elif outcome == plays.CORNER:
        restarts.corner(s, team, ev)
    elif outcome == plays.REBOUND:
        s.agenda.insert(0, {"k": "duel", "for": "rebound", "rolls": [None, None], "team": team})
    else:
        restarts.goal_kick(s, 1 - team, ev)


def _resolve_rebound(s: FubaState, rolls: list[int], ev: list[Event]) -> None:
    """4.4.1 both add their players in the box; the defending keeper does not count."""
    team = s.control
    other = 1 - team
    mine, theirs = plays.rebound_scores(s, team)
    a, b = rolls[team] + mine, rolls[other] + theirs
    ev.append(event("rebound", {"team": team, "scores": [a, b] if team == 0 else [b, a]}))
    if a > b:
        _goal(s, team, ev)
    elif a == b:
        restarts.corner(s, team, ev)
    else:
        s.control = other
        s.value = rolls[team]  # 4.4.1 the die of the new defending team: the shooters'
        s.ball = BOX[other]  # design decision 8: the ball stays in the box
        ev.append(event("control", {"team": other, "kept": False, "rebound": True}))
        ev.append(event("ball_value", {"value": s.value}))
        bring.bring_closest(s, other, s.ball, ev, at=0)


def _roll_move(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    """4.5 the lower die, at least the formation's players for the ball's zone (one fewer
    per line when tired, A1); a condition point may take the higher die instead (A1)."""
    team = step["team"]
    position = ZONE_POSITION[zone(team, s.ball)]
    zero = 1 if s.formations[team][position] == 0 else 0  # zero-position rule
    least = condition.movement_minimum(s, team, position)
    plain = max(min(dice) - zero, least, 0)
    boosted = max(max(dice) - zero, least, 0)
    great = skills.auto(s, team, "great_condition") is not None  # A11 one more move
    s.agenda.pop(0)
    if boosted + great > plain and s.rule("condition") and condition.can_pay(s, team):
        boost = {"k": "boost", "team": team, "for": "move", "skip": plain, "use": boosted + great}
        s.agenda.insert(0, {**boost, "great": True} if great else boost)
        return
    _start_movement(s, team, plain, ev)


def _start_movement(s: FubaState, team: int, left: int, ev: list[Event]) -> None:
    if ev is not MUTED:
        ev.append(event("movement", {"team": team, "moves": left, "zone": zone(team, s.ball)}))
    # moves.push(s, team, moves.ACTION, left=left, dribble=True), without its keywords
    moves.reset_locks(s, team)
    step: Step = {
        "k": "moves",
        "team": team,
        "mode": moves.ACTION,
        "made": 0,
        "left": left,
        "dribble": True,
    }
    s.agenda.insert(0, step)
    if left == 0:
        _finish_moves(s, ev)
    else:
        windows.mark(s, "movement", team)  # A11 dribbler


def _roll_position(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    team = step["team"]
    before = s.value
    mediano = 1 if step.get("mediano") else 0  # A11 il mediano: one extra step
    plain = plays.positioning_value(s, team, dice, extra=mediano)
    limit = 3 if _unlimited(s, team) else 2  # A11 doubling up, short passes
    boosted = plays.positioning_value(s, team, dice, extra=1 + mediano, limit=limit)
    s.agenda.pop(0)
    if boosted != plain and s.rule("condition") and condition.can_pay(s, team):
        boost = {"k": "boost", "team": team, "for": "position", "skip": plain, "use": boosted}
        if limit > 2 and boosted != plays.positioning_value(s, team, dice, extra=1 + mediano):
            boost["unlimited"] = True  # the skill makes the difference
        s.agenda.insert(0, {**boost, "from": before})
        return
    s.value = plain
    if ev is not MUTED:
        ev.append(event("positioning", {"team": team, "from": before, "to": s.value}))


def _roll_press(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    team = step["team"]
    aggressive = bool(step.get("aggressive"))
    midfield = s.turn.get("mid_press") == team and not step.get("counter")  # A11
    tackler = aggressive and _tackler(s, team)
    area = s.ball
    ok, value = plays.pressing_result(s.value, dice, aggressive or midfield, midfield or tackler)
    s.value = value
    if ok:
        s.control = team
    kind = "aggressive_pressing" if aggressive else "pressing"
    ev.append(event(kind, {"team": team, "success": ok, "value": value}))
    s.agenda.pop(0)
    if aggressive and not ok:
        if tackler:
            skills.record(s, team, "tackler", ev, double=dice[0] == dice[1])
            if dice[0] != dice[1]:
                return  # A11 tackler: a free kick only on a double
        # A6 a failed aggressive pressing: a free kick to the opponent, a yellow card test
        restarts.award_free_kick(s, 1 - team, s.ball, ev)
        if not s.over:
            cards.start_yellow_test(s, team, "aggressive pressing")
    elif ok:
        # A11 skilled wing backs, then gegenpressing (after any A10 check)
        windows.mark(s, "pressed", 1 - team, presser=team, area=area)
        windows.mark(s, "pressed", team, presser=team, area=area)
        var.after_pressing(s, team, ev)  # A10 a check when the ball was won in a box


def _tackler(s: FubaState, team: int) -> bool:
    """A11 tackler: the team presses aggressively in its defence zone."""
    return skills.auto(s, team, "tackler") is not None and zone(team, s.ball) == "defence"


def _unlimited(s: FubaState, team: int) -> bool:
    """A11 doubling up (defending, defence zone) or short passes (with the ball, midfield
    zone): a paid positioning step is not held to two."""
    where = zone(team, s.ball)
    if team == s.control:
        return where == "midfield" and skills.auto(s, team, "short_passes") is not None
    return where == "defence" and skills.auto(s, team, "doubling_up") is not None


def _roll_penalty(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    team = step["team"]
    kick, dive = s.turn["kick_side"], s.turn["keeper_side"]
    need = plays.PENALTY_TABLE[(kick, dive)]
    if len(dice) == 2:  # A11 penalty saver: two dice, the lower counts
        skills.record(s, 1 - team, "penalty_saver", ev, dice=dice)
    scored = min(dice) >= need
    ev.append(
        event(
            "penalty_kick",
            {
                "team": team,
                "kick": kick,
                "keeper": dive,
                "need": need,
                "die": min(dice),
                "goal": scored,
            },
        )
    )
    s.agenda.pop(0)
    if scored:
        _goal(s, team, ev)
    else:
        restarts.goal_kick(s, 1 - team, ev)  # 5.5.2


def _roll_yellow(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    s.agenda.pop(0)
    cards.yellow_test(s, step, dice[0], ev)


def _roll_red(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    s.agenda.pop(0)
    cards.red_test(s, step, dice[0], ev)


# -- condition points and the goalkeeper's charge (advanced rules A1, A5, A6) ----------


def _h_boost(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    """A1 a condition point for the movement's higher die or one more positioning step."""
    choice = _str_arg(args, "choice", ("use", "skip"))
    s.agenda.pop(0)
    if choice == "use":
        if step.get("great"):
            skills.record(s, team, "great_condition", ev)  # A11 one more move
        if step.get("unlimited"):
            key = "short_passes" if team == s.control else "doubling_up"
            skills.record(s, team, key, ev)  # A11 past the limit of two
        _spend(s, team, 1, step, ev)
    else:
        _after_payment(s, step, False, ev)


def _spend(s: FubaState, team: int, cost: int, then: Step, ev: list[Event]) -> None:
    """Pay ``cost`` points for ``then``: at once when there is one way, else the team chooses."""
    ways = condition.payments(s, team, cost, then["for"] in SKILL_PAYMENTS)
    if not ways:  # the choices offered are paid for: a bug, not a player's mistake
        raise AssertionError(f"{SIDES[team]} cannot pay {cost} for {then['for']}")
    if len(ways) == 1:
        _pay(s, team, ways[0], then, ev)
    else:
        pay = {"k": "pay", "team": team, "ways": [list(w) for w in ways], "then": then}
        s.agenda.insert(0, pay)


def _h_pay(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    where = ZONES.index(_str_arg(args, "zone", ZONES))
    way = next((w for w in step["ways"] if w[0] == where), None)
    if way is None:
        options = " or ".join(f"{p} from {ZONES[z]}" for z, p in step["ways"])
        raise RulesError(f"You cannot pay from {ZONES[where]}: pay {options}.")
    s.agenda.pop(0)
    _pay(s, team, (way[0], way[1]), step["then"], ev)


def _pay(s: FubaState, team: int, way: tuple[int, int], then: Step, ev: list[Event]) -> None:
    where, points = way
    condition.pay(s, team, where, points, then["for"] in SKILL_PAYMENTS)
    data = {"team": team, "zone": ZONES[where], "points": points, "for": then["for"]}
    ev.append(event("condition_used", data))
    _after_payment(s, then, True, ev)
    if points and then["for"] in ("move", "position", "aggressive"):
        windows.mark(s, "spend", team, paid=[where, points])  # A11 fiery coach


def _after_payment(s: FubaState, then: Step, used: bool, ev: list[Event]) -> None:
    team, purpose = then["team"], then["for"]
    if purpose == "skill":
        windows.play(s, team, then["skill"], then["args"], s.agenda[0], ev)
    elif purpose == "move":
        _start_movement(s, team, then["use" if used else "skip"], ev)
    elif purpose == "position":
        s.value = then["use" if used else "skip"]
        ev.append(event("positioning", {"team": team, "from": then["from"], "to": s.value}))
    elif purpose == "advancing":  # A11 the advancing goalkeeper's charge, paid for
        _charge(s, team, ev, advancing=True)
    else:  # A6 aggressive pressing, paid for
        s.agenda.insert(0, {"k": "roll", "team": team, "n": 2, "for": "press", "aggressive": True})
        windows.mark(s, "press", team)  # A11 midfield pressing


def _why_not_aggressive(s: FubaState, team: int) -> str:
    if not s.rule("pressing"):
        return "Aggressive pressing is not played in this match."
    if team == s.control:
        return "Only the defending team can press."
    if s.count(team, s.ball) < s.count(1 - team, s.ball) - 1:
        return (
            f"You cannot press aggressively: you need at most one player fewer than the "
            f"opponent in area {s.ball}."
        )
    cost = weather.pressing_cost(s)
    here = ZONES[condition.zone_index(team, s.ball)]
    return (
        f"Aggressive pressing costs {cost} condition point{'s' if cost > 1 else ''}: you have "
        f"too few in {here} (or {2 * cost} in a zone next to it)."
    )


def _h_charge(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    """A5 the goalkeeper charges out: +1 ball value (at most 6), +1 to the opponent's goal
    attempts this turn."""
    choice = _str_arg(args, "choice", ("charge", "stay"))
    s.agenda.pop(0)
    if choice != "charge":
        return
    if step.get("advancing"):
        if not condition.can_pay(s, team, 1, skill=True):  # a sweeper keeper took the point
            name = "Advancing goalkeeper"
            raise RulesError(windows.price_text(1, team, s, name))
        _spend(s, team, 1, {"team": team, "for": "advancing"}, ev)
        return
    _charge(s, team, ev)


def _charge(s: FubaState, team: int, ev: list[Event], advancing: bool = False) -> None:
    """A5 +1 ball value (A11 sweeper keeper: +2), at most 6. Out of its box (A11 advancing
    goalkeeper) the keeper gives no +1 on goal attempts: the empty goal's +4 counts."""
    s.value = min(6, s.value + keepers.charge_gain(s, team))
    if advancing:
        s.turn["advanced"] = team
        skills.record(s, team, "advancing_goalkeeper", ev, value=s.value)
    else:
        s.turn["charge"] = team
    ev.append(event("goalkeeper_charge", {"team": team, "value": s.value}))


_ROLLS: Final = {
    "situation": _situation,
    "goal": _roll_goal,
    "goal_difficult": _roll_goal_difficult,
    "move": _roll_move,
    "position": _roll_position,
    "press": _roll_press,
    "penalty": _roll_penalty,
    "yellow": _roll_yellow,
    "red": _roll_red,
}

# the advanced rules' rolls (A1, A3, A4, A8, A9, A10, A13)
_ROLLS.update(
    {
        "tiredness": tiredness.roll_test,
        "fresh": substitutions.roll_fresh,
        "injury": injuries.roll_injury,
        "slow": slowing.roll_slow,
        "weather": weather.roll_second_half,
        "var_goal": var.roll_goal,
        "var_press": var.roll_pressing,
        "streaker": specials.roll_streaker,
        "fans": team_skills.roll_fans,
        "fiery": team_skills.roll_fiery,
        "poacher": forwards.roll_poacher,
        "diver": forwards.roll_diver,
        "star": skill_events.roll,
        "talent": skill_events.roll,
    }
)

# -- restarts ------------------------------------------------------------------------------


def _goal(s: FubaState, team: int, ev: list[Event]) -> None:
    s.score[team] += 1
    ev.append(event("goal", {"team": team, "score": s.score[:]}))
    s.agenda.clear()
    if not var.after_goal(s, team):  # A10 the check comes first
        restarts.after_goal(s, team, ev)


def _h_corner(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    side = _str_arg(args, "side", ("north", "south"))
    s.agenda.pop(0)
    north, south = corner_spots_for(team)
    restarts.place_corner(s, north if side == "north" else south)


def _h_free_kick(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    choice = _str_arg(args, "choice", ("shoot", "pass"))
    if choice == "shoot" and not plays.can_shoot(s, team):
        raise RulesError(f"You cannot shoot directly from area {s.ball}.")
    s.agenda.pop(0)
    ev.append(event("free_kick_choice", {"team": team, "choice": choice}))
    _new_turn(s, "free_kick")
    if choice == "shoot":
        # 5.2.2 straight to the action stage, the shot as the first action (decision 11)
        s.agenda.clear()
        t = s.turn
        t.update(
            {
                "stage": "actions",
                "seq": 0,
                "order": [team, 1 - team],
                "direct": True,
                "only": "goal",
                "target": s.ball,
            }
        )


def _h_penalty(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    side = _str_arg(args, "side", plays.PENALTY_SIDES)
    s.agenda.pop(0)
    key = "keeper_side" if step["role"] == "keeper" else "kick_side"
    s.turn[key] = side
    ev.append(event("penalty_choice", {"team": team, "role": step["role"]}))


def _h_remove(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    area = _int_arg(args, "area")
    if step.get("for") == "injury":  # A4 the injured player
        if area not in step["options"]:
            places = ", ".join(str(a) for a in step["options"])
            raise RulesError(f"The injured player comes from area {places}, not {area}.")
        s.agenda.pop(0)
        injuries.remove(s, team, area, step["minutes"], ev)
        return
    if area not in cards.removable_areas(s, team):
        raise RulesError(f"You cannot remove a player from area {area}.")
    s.agenda.pop(0)
    s.outfield[team][area] -= 1
    s.moved[team][area] = min(s.moved[team][area], s.outfield[team][area])
    s.locked[team][area] = min(s.locked[team][area], s.outfield[team][area])
    ev.append(event("sent_off", {"team": team, "area": area}))


_HANDLERS: Final = {
    ("formation", "formation"): _h_formation,
    ("duel", "roll"): _h_duel,
    ("kickoff_choice", "kickoff"): _h_kickoff_choice,
    ("setup", "setup"): _h_setup,
    ("moves", "move"): _h_move,
    ("moves", "done"): _h_done,
    ("target", "target"): _h_target,
    ("roll", "roll"): _h_roll,
    ("bring", "bring"): _h_bring,
    ("act", "move"): _h_move,
    ("act", "action"): _h_action,
    ("continue", "continue"): _h_continue,
    ("free_kick", "free_kick"): _h_free_kick,
    ("corner", "corner"): _h_corner,
    ("penalty", "penalty"): _h_penalty,
    ("remove", "remove"): _h_remove,
    ("formation", "roles"): _h_roles,
    ("boost", "boost"): _h_boost,
    ("pay", "pay"): _h_pay,
    ("charge", "charge"): _h_charge,
}


# -- substitutions, injuries, slowing (advanced rules A3, A4, A8) ------------------------


def _h_substitute(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    plan = args.get("plan")
    if not isinstance(plan, str):
        raise MalformedAction("'plan' must be a substitution, e.g. fresh, yellow, d>m or done.")
    substitutions.announce(s, step, plan, ev)


def _h_replace(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    choice = _str_arg(args, "choice", ("substitute", "play_on"))
    s.agenda.pop(0)
    injuries.replace(s, team, choice, ev)


def _h_slow(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    choice = _str_arg(args, "choice", ("slow", "play"))
    s.agenda.pop(0)
    slowing.choose(s, team, choice, ev)


def _h_skill(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    """A11 a skill played at its window (``none`` closes the window)."""
    key, extra = windows.check(s, step, team, args)
    if key == windows.NONE:
        s.agenda.pop(0)
        return
    s.agenda[0] = {**step, "played": [*step["played"], key]}
    cost = windows.cost(s, key, extra)
    if cost == 0:
        windows.play(s, team, key, extra, s.agenda[0], ev)
        return
    _spend(s, team, cost, {"team": team, "for": "skill", "skill": key, "args": extra}, ev)


def _h_skills(s: FubaState, step: Step, team: int, args: Step, ev: list[Event]) -> None:
    """A11 a team's secret skill choice, after its formation (and roles)."""
    if step["picks"][team] is None or team in step.get("roles_due", ()):
        raise RulesError("Choose your formation (and roles) first; your skills come after.")
    if team not in step.get("skills_due", ()):
        raise RulesError("You have already chosen your skills.")
    chosen = choosing.parse(s, args.get("skills"))
    picked = list(step.get("skills") or [None, None])
    picked[team] = chosen
    due = [t for t in step["skills_due"] if t != team]
    s.agenda[0] = {**step, "skills": picked, "skills_due": due}
    ev.append(event("skills_chosen", {"team": team}))
    _reveal_formations(s, s.agenda[0], ev)


_HANDLERS.update(
    {
        ("skill", "skill"): _h_skill,
        ("formation", "skills"): _h_skills,
        ("substitute", "substitute"): _h_substitute,
        ("replace", "replace"): _h_replace,
        ("slow", "slow"): _h_slow,
    }
)
