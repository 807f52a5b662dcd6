"""What the FUBA engine is waiting for: the pending decisions with their legal choices.

Autocomplete, buttons, the automatic coach and the random player of the property test all
read the legal choices from here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.fuba import (
    cards,
    condition,
    formations,
    moves,
    plays,
    roles,
    setup,
    specials,
    substitutions,
)
from engine.fuba.board import NAMES, SIDES
from engine.fuba.passing import legal_targets
from engine.fuba.skills import choosing, windows
from engine.fuba.skills.catalog import SKILLS, choices_used
from engine.fuba.state import ZONES, FubaState

Step = dict[str, Any]
ACTION_KINDS: Final = ("goal", "move", "position", "press", "aggressive")  # aggressive: A6


def pending(s: FubaState) -> list[Decision]:
    if s.over or not s.agenda:
        return []
    step = s.agenda[0]
    if substitutions.folded(s):  # A3 the window is one more choice of the next decision
        return _with_window(s.agenda[1], _PENDING[s.agenda[1]["k"]](s, s.agenda[1]))
    return _PENDING[step["k"]](s, step)


def _roll(team: int, n: int, prompt: str, **info: Any) -> Decision:
    return Decision(SIDES[team], "roll", prompt, dice=n, info=info)


def _choice(
    team: int, action_kind: str, label: str, info: dict[str, Any] | None = None, **args: Any
) -> Choice:
    return Choice(Action(SIDES[team], action_kind, args), label, info or {})


def _p_formation(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    out = []
    for team in (0, 1):
        if team in step.get("roles_due", ()):
            out.append(_roles_decision(step, team))
            continue
        if team in step.get("skills_due", ()):
            out.append(_skills_decision(s, team))
            continue
        if step["picks"][team] is not None:
            continue
        if step["halftime"]:
            shapes = [formations.fmt(x) for x in formations.halftime_options(s.formations[team])]
            prompt = "Half time: keep your formation or move one player to another position."
            if s.coach_off[team]:  # A11 a fiery coach sent off: no formation change
                shapes = shapes[:1]
                prompt = "Half time: your coach was sent off, so your formation stays."
        else:
            shapes = list(formations.CARDS)
            prompt = "Choose your formation (secret until both have chosen)."
        choices = tuple(_choice(team, "formation", x, shape=x) for x in shapes)
        out.append(
            Decision(
                SIDES[team],
                "formation",
                prompt,
                choices,
                secret=True,
                open_ended=not step["halftime"],
            )
        )
    return out


def _p_duel(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    prompt = _DUEL_PROMPTS.get(step["for"], "Rebound: roll a die.")
    return [_roll(t, 1, prompt, purpose=step["for"]) for t in (0, 1) if step["rolls"][t] is None]


def _p_kickoff_choice(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = tuple(
        _choice(team, "kickoff", f"{SIDES[t]} starts with the ball", side=SIDES[t])
        for t in (team, 1 - team)
    )
    return [
        Decision(SIDES[team], "kickoff", "You won the roll: who starts with the ball?", choices)
    ]


def _p_setup(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    presets = setup.preset_layouts(s, team, step["kind"], step["area"])
    choices = tuple(
        _choice(team, "setup", " ".join(f"{a}:{n}" for a, n in p), layout=p) for p in presets
    )
    n = setup.outfield_count(s, team) - (
        1 if setup.fixed_piece_area(step["kind"], team, s.control, step["area"]) else 0
    )
    return [
        Decision(
            SIDES[team],
            "setup",
            f"Set up your {n} outfield players for {SETUP_FOR[step['kind']]}.",
            choices,
            open_ended=True,
            info={"kind": step["kind"], "area": step["area"], "players": n},
        )
    ]


def _move_choices(s: FubaState, step: dict[str, Any]) -> list[Choice]:
    team = step["team"]
    out = []
    for frm, to, gk, wb in moves.legal_moves(s, step):
        who = "goalkeeper" if gk else "player"
        label = f"{who} {frm} -> {to}" + (" with the ball" if wb else "")
        args: dict[str, Any] = {"from": frm, "to": to, "goalkeeper": gk, "with_ball": wb}
        out.append(_choice(team, "move", label, **args))
    return out


_MOVE_PROMPTS: Final = {
    moves.ACTION: "Movement action: move players one area each ({left} left), or done.",
    moves.ADJUST: "Adjust your setup: move up to {left} more players one area, or done.",
    moves.GK_CT: "Goal kick: move any of your players one area each, then done.",
    moves.GK_DT: "Goal kick: move up to {left} players one area each, then done.",
    moves.QUICK_CT: "Quick free kick: move any of your players one area each, then done.",
    moves.QUICK_DT: "Quick free kick: move up to {left} players one area each, then done.",
    moves.EASY: "Easy situation: you may move one player to an adjacent area, or done.",
}


def _p_moves(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = _move_choices(s, step)
    choices.append(_choice(team, "done", "done"))
    prompt = _MOVE_PROMPTS[step["mode"]].format(left=step.get("left", -1))
    return [Decision(SIDES[team], "move", prompt, tuple(choices), info={"mode": step["mode"]})]


# The restart a set-up is for, in a player's words.
SETUP_FOR: Final = {
    "kickoff": "the kick-off",
    "free_kick": "the free kick",
    "corner": "the corner kick",
    "penalty": "the penalty kick",
}
# What each roll is for, in a player's words ("Roll 2 dice for the situation.").
ROLL_PURPOSES: Final = {
    "kickoff": "for the kick-off",
    "situation": "for the situation",
    "rebound": "for the rebound",
    "goal": "for the goal attempt",
    "goal_difficult": "for the difficult attempt",
    "move": "for the movement",
    "position": "for the positioning",
    "press": "for the pressing",
    "penalty": "for the penalty",
    "yellow": "for the yellow card test",
    "red": "for the red card test",
}


def _p_target(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = tuple(
        _choice(team, "target", f"{a} {NAMES[a]} (ball value {v})", {"ball_value": v}, area=a)
        for a, v in legal_targets(s, team, s.turn["kind"])
    )
    return [Decision(SIDES[team], "target", "Choose the target area.", choices)]


def _p_roll(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    n = step["n"]
    purpose = ROLL_PURPOSES.get(step["for"], "")
    prompt = f"Roll {n} {'die' if n == 1 else 'dice'} {purpose}".strip() + "."
    return [_roll(step["team"], n, prompt, purpose=step["for"])]


def _p_bring(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = tuple(
        _choice(
            team,
            "bring",
            f"{'goalkeeper' if gk else 'player'} from {a}",
            **{"from": a, "goalkeeper": gk},
        )
        for a, gk in step["options"]
    )
    prompt = f"Move your closest player to area {step['to']}."  # 4.2.2.1
    return [Decision(SIDES[team], "bring", prompt, choices)]


def allowed_kinds(s: FubaState, step: dict[str, Any]) -> list[str]:
    team = step["team"]
    if step.get("only"):
        return [step["only"]]
    done: list[str] = s.turn["acts"][team]
    # ACTION_KINDS in their order, written out (asked for every action decision); 4.3.2 a
    # second action differs from the first (A6 aggressive pressing is a pressing)
    out: list[str] = []
    if "goal" not in done and plays.can_shoot(s, team):
        out.append("goal")
    if "move" not in done:
        out.append("move")
    if "position" not in done or step.get("mediano"):  # A11 il mediano
        out.append("position")
    pressed = "press" in done
    if not pressed and plays.can_press(s, team):
        out.append("press")
    if not pressed and plays.can_press_aggressively(s, team):
        out.append("aggressive")
    return out


def _p_act(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = [
        _choice(team, "action", _ACTION_LABELS.get(k, k), kind=k) for k in allowed_kinds(s, step)
    ]
    if step["first"]:
        choices.extend(_move_choices(s, step))
        prompt = "Choose your action; free movements first if you like."
    else:
        prompt = "Choose your second action."
    return [Decision(SIDES[team], "action", prompt, tuple(choices))]


def _p_continue(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = (
        _choice(team, "continue", "second actions", choice="second"),
        _choice(team, "continue", "new turn", choice="new_turn"),
    )
    return [Decision(SIDES[team], "continue", "Play second actions or start a new turn?", choices)]


def _p_free_kick(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = [_choice(team, "free_kick", "play the ball (new turn)", choice="pass")]
    if plays.can_shoot(s, team):
        choices.insert(0, _choice(team, "free_kick", "shoot directly", choice="shoot"))
    return [
        Decision(
            SIDES[team], "free_kick", "Free kick: shoot directly or play the ball?", tuple(choices)
        )
    ]


def _p_corner(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = tuple(
        _choice(team, "corner", f"{side} corner", side=side) for side in ("north", "south")
    )
    return [Decision(SIDES[team], "corner", "Choose the corner to take the kick from.", choices)]


def _p_penalty(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    keeper = step["role"] == "keeper"
    choices = tuple(_choice(team, "penalty", side, side=side) for side in plays.PENALTY_SIDES)
    prompt = (
        "Penalty: where does your goalkeeper dive (his own left/right), or no guess (middle)?"
        if keeper
        else "Penalty: kick to the left, middle or right?"
    )
    return [Decision(SIDES[team], "penalty", prompt, choices, secret=True)]


def _p_remove(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    if step.get("for") == "injury":  # A4 one of the players near the ball is hurt
        hurt = tuple(
            _choice(team, "remove", f"injured player from {a}", area=a) for a in step["options"]
        )
        return [Decision(SIDES[team], "remove", "Injury: which player goes off?", hurt)]
    choices = tuple(
        _choice(team, "remove", f"remove a player from {a}", area=a)
        for a in cards.removable_areas(s, team)
    )
    return [Decision(SIDES[team], "remove", "Red card: remove one outfield player.", choices)]


# -- advanced rules A1, A2, A5, A6 -------------------------------------------------------

_ACTION_LABELS: Final = {"aggressive": "aggressive pressing"}


def _roles_decision(step: dict[str, Any], team: int) -> Decision:
    """A2 the secret player roles, right after the team's formation."""
    shape = step["picks"][team]
    choices = tuple(_choice(team, "roles", x, roles=x) for x in roles.presets(shape))
    return Decision(
        SIDES[team],
        "roles",
        f"Player roles for your {formations.fmt(shape)} (secret until both have chosen): "
        "attacking (am) or defending (dm) midfielders, an attacking centre-back (acb), a "
        "withdrawn striker (ws), offensive wing backs (owb), or none.",
        choices,
        secret=True,
        open_ended=True,
    )


def _p_boost(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    if step["for"] == "move":
        gain = f"move {step['use']} players instead of {step['skip']}"
    else:
        gain = f"ball value {step['use']} instead of {step['skip']}"
    ways = condition.payments(s, team, 1)
    where = " or ".join(f"{p} from {ZONES[z]}" if p else "free" for z, p in ways)
    choices = (
        _choice(team, "boost", f"use a condition point ({where})", choice="use"),
        _choice(team, "boost", "skip", choice="skip"),
    )
    prompt = f"Use a condition point: {gain}?"
    return [Decision(SIDES[team], "boost", prompt, choices, info={"for": step["for"]})]


def _p_pay(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = tuple(
        _choice(team, "pay", f"{p} points from {ZONES[z]}", zone=ZONES[z]) for z, p in step["ways"]
    )
    prompt = "Which zone pays the condition points?"
    return [Decision(SIDES[team], "pay", prompt, choices, info={"for": step["then"]["for"]})]


def _p_charge(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices: tuple[Choice, ...] = (
        _choice(team, "charge", "goalkeeper charges out", choice="charge"),
        _choice(team, "charge", "stay in goal", choice="stay"),
    )
    if step.get("advancing") and not condition.can_pay(s, team, 1, skill=True):
        choices = choices[1:]  # A11 the advancing goalkeeper's point was spent meanwhile
    prompt = (
        f"Your goalkeeper may charge out: ball value {min(6, s.value + 1)} instead of "
        f"{s.value}, but their goal attempts get +1 this turn."
    )
    return [Decision(SIDES[team], "charge", prompt, choices)]


_PENDING = {
    "formation": _p_formation,
    "duel": _p_duel,
    "kickoff_choice": _p_kickoff_choice,
    "setup": _p_setup,
    "moves": _p_moves,
    "target": _p_target,
    "roll": _p_roll,
    "bring": _p_bring,
    "act": _p_act,
    "continue": _p_continue,
    "free_kick": _p_free_kick,
    "corner": _p_corner,
    "penalty": _p_penalty,
    "remove": _p_remove,
    "boost": _p_boost,
    "pay": _p_pay,
    "charge": _p_charge,
}


# -- advanced rules A3, A4, A8, A9, A10, A13 -----------------------------------------------

_DUEL_PROMPTS: Final = {
    "kickoff": "Roll a die for the kick-off.",
    "special": "Special event: roll a die.",
    "collision": "Head collision: roll a die; the higher wins the ball.",
}
ROLL_PURPOSES.update(
    {
        "tiredness": "for the tiredness test",
        "fresh": "for the fresh player",
        "injury": "for the injury",
        "slow": "for slowing the game down",
        "weather": "for the second-half weather",
        "var_goal": "for the video check of the goal",
        "var_press": "for the video check of the pressing",
        "streaker": "for the streaker",
        "special": "for the special event",
        "collision": "for the head collision",
        "fans": "for the fanatic fans (the new ball value)",
        "fiery": "for the fiery coach",
        "poacher": "for the goal poacher",
        "diver": "for the diver",
        "star": "to see which skill your injured star takes away",
        "talent": "to see which skill your new talent brings",
    }
)
_MOVE_PROMPTS.update(
    {
        specials.EXCELLENT: "Special event: you may move one player to an adjacent area, or done.",
        specials.FAST: (
            "Fast situation: you may move one player to an adjacent area (not with the ball), "
            "or done; then a new turn."
        ),
        moves.CREATIVE: "Creative goalkeeper: move one player to an adjacent area, or done.",
    }
)


def _p_substitute(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    plans = substitutions.legal_plans(s, step)
    choices = tuple(_choice(team, "substitute", substitutions.PLAN_WORDS[p], plan=p) for p in plans)
    left = substitutions.left(s, team, step)
    made = ", ".join(substitutions.PLAN_WORDS[p] for p in step["plans"])
    prompt = f"Substitutions: announce them one at a time ({left} left), then done." + (
        f" So far: {made}." if made else ""
    )
    return [Decision(SIDES[team], "substitute", prompt, choices, info={"plans": step["plans"]})]


def _with_window(step: dict[str, Any], pending: list[Decision]) -> list[Decision]:
    """The team's next decision with "make substitutions" as its last choice."""
    extra = _choice(step["team"], substitutions.OPEN, "make substitutions")
    return _folded(pending, step["team"], [extra])


def _folded(pending: list[Decision], team: int, extra: list[Choice]) -> list[Decision]:
    """A window folded into the team's next decision: its choices come last."""
    side = SIDES[team]
    return [
        dataclasses.replace(d, choices=(*d.choices, *extra))
        if d.actor == side and not d.dice
        else d
        for d in pending
    ]


def _p_replace(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = (
        _choice(team, "replace", "bring on a substitute", choice="substitute"),
        _choice(team, "replace", "play on a player short", choice="play_on"),
    )
    prompt = "Your injured player cannot come back: bring on a substitute?"
    return [Decision(SIDES[team], "replace", prompt, choices)]


def _p_slow(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = (
        _choice(team, "slow", "slow the game down (one more minute)", choice="slow"),
        _choice(team, "slow", "play on", choice="play"),
    )
    prompt = "Slow the game down? One more minute passes, but you risk a yellow card."
    return [Decision(SIDES[team], "slow", prompt, choices, info={"restart": step["restart"]})]


_PENDING.update({"substitute": _p_substitute, "replace": _p_replace, "slow": _p_slow})


# -- skills (A11) -------------------------------------------------------------------------

MOMENT_PROMPTS: Final = {
    "turn_start": "Before you choose the target area, you may play a skill.",
    "stage1": "The pass carries offside risk: play a skill?",
    "charge": "Your goalkeeper may charge out: play a skill first?",
    "goal": "A goal attempt is announced: play a skill before the die is rolled?",
    "press": "Before the pressing dice: play a skill?",
    "pressed": "The ball was won by pressing: play a skill?",
    "special": "A special event is coming: play a skill before its dice?",
    "trap": "Only one of their dice kept that offside-risk pass: play a skill?",
    "value": "Before the new ball value is set: play a skill?",
    "situation_end": "Before the actions: play a skill?",
    "free_moves": "Play a skill for your free movements?",
    "movement": "Play a skill for this movement?",
    "second_action": "Play a skill for your second action?",
    "spend": "You paid a condition point: play a skill?",
    "turn_end": "The action stage is over: play a skill?",
}


def _skill_choices(s: FubaState, step: dict[str, Any]) -> list[Choice]:
    team = step["team"]
    return [
        _choice(team, windows.KIND, windows.label(s, key, args), {"skill": key}, name=key, **args)
        for key, args in windows.offers(s, step)
    ]


def _p_skill(s: FubaState, step: dict[str, Any]) -> list[Decision]:
    """A window: the skills that can be played now, or no skill; folded into the team's
    next decision when that comes right after."""
    team = step["team"]
    choices = _skill_choices(s, step)
    i = next(i for i, st in enumerate(s.agenda) if st is step)
    if windows.folded_at(s, i):
        nxt = s.agenda[i + 1]
        return _folded(_PENDING[nxt["k"]](s, nxt), team, choices)
    choices.append(_choice(team, windows.KIND, "no skill", name=windows.NONE))
    prompt = MOMENT_PROMPTS[step["moment"]]
    info = {"moment": step["moment"]}
    return [Decision(SIDES[team], windows.KIND, prompt, tuple(choices), info=info)]


def _skills_decision(s: FubaState, team: int) -> Decision:
    """A11 the secret skill choice, right after the formation (and roles)."""
    n = choosing.agreed(s)
    menu = choosing.menu(s)
    choices = tuple(
        _choice(team, "skills", ", ".join(SKILLS[k].name for k in pick), skills=pick)
        for pick in choosing.suggestions(s)
    )
    prompt = (
        f"Choose your skills (secret until both have chosen): up to {n} choices; a few "
        "count as two."
    )
    info = {"choices": n, "menu": menu, "double": [k for k in menu if choices_used([k]) == 2]}
    return Decision(SIDES[team], "skills", prompt, choices, secret=True, open_ended=True, info=info)


_PENDING["skill"] = _p_skill
