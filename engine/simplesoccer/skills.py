"""Skill points (advanced rules: Optional fielder skill variance): each team spreads 3 skill
points over 1 to 3 fielders before the first kick-off; a skilled fielder that starts its team's
turn with the ball in front of its feet gets its points as extra points only it may spend; a
fielder with 2 or more points may spend 2 of them that turn to re-roll one of its team's own
rolls (the re-roll stands).

Every roll handler is wrapped (``wrap_rolls``): when a re-roll is possible, the dice first wait
in the step "keep" (keep them, or re-roll with a skilled fielder), so tackles, contact rolls,
fake-outs, headers... all get it without knowing of it.

>>> parse_skills("7:2 9:1"), parse_skills("10=3"), parse_skills("3:1, 4:1, 5:1")
({'7': 2, '9': 1}, {'10': 3}, {'3': 1, '4': 1, '5': 1})
"""

from __future__ import annotations

import re
from collections.abc import Callable, MutableMapping
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import facing, flow, movement, rules
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER, member_label
from engine.simplesoccer.state import SimpleSoccerState

POINTS = 3  # each team's skill points
REROLL = 2  # what a re-roll costs, from the fielder's points of the turn
# preset -> the points given to the team's most forward fielders, in order
PRESETS: dict[str, tuple[int, ...]] = {"star": (3,), "pair": (2, 1), "spread": (1, 1, 1)}

Handler = Callable[[SimpleSoccerState, int, Step, Events], None]
_ROLLS: dict[str, Handler] = {}  # the unwrapped roll handler of every step (wrap_rolls)


# -- spreading the points before the first kick-off --------------------------------------


def ask(s: SimpleSoccerState) -> bool:
    """After both teams' set-up: when the points are still to be spread (first set-up only),
    the step "skills" comes before the kick-off. True when it does."""
    if not rules.on(s, "skills") or all(s.skills_set):
        return False
    setup = s.step
    s.step = {
        "k": "skills",
        "kickoff": setup["kickoff"],
        "why": setup["why"],
        "placed": s.skills_set[:],
    }
    return True


def parse_skills(text: object) -> dict[str, int]:
    """ "7:2 9:1" -> {"7": 2, "9": 1} (also "7=2", commas)."""
    if not isinstance(text, str) or not text.strip():
        raise MalformedAction('Type the skill points as number:points, e.g. "7:2 9:1".')
    out: dict[str, int] = {}
    for token in (t for t in re.split(r"[\s,;]+", text.strip()) if t):
        m = re.fullmatch(r"(\w+)[:=](\d)", token)
        if m is None:
            raise MalformedAction(
                f'{token!r} is not number:points: type e.g. "7:2 9:1" (fielder 7 gets 2).'
            )
        label = member_label(m.group(1))
        if label in out:
            raise MalformedAction(f"Name fielder {label} once.")
        out[label] = int(m.group(2))
    return out


def forward(s: SimpleSoccerState, team: int) -> list[str]:
    """The team's fielders, most forward (nearest the other goal) first, then by number."""
    goal_x = s.field.goal_x(1 - team)
    fielders = [label for label in s.members[team] if label != GOALKEEPER]
    return sorted(fielders, key=lambda lb: (abs(s.at(team, lb)[0] - goal_x), int(lb)))


def preset_skills(s: SimpleSoccerState, team: int, preset: str) -> dict[str, int]:
    """A preset's points on the team's most forward fielders."""
    points = PRESETS[preset]
    fielders = forward(s, team)
    if len(fielders) < len(points):
        raise RulesError(f"Your team has too few fielders for that: {len(fielders)}.")
    return dict(zip(fielders, points, strict=False))


def check_skills(s: SimpleSoccerState, team: int, skills: dict[str, int]) -> None:
    for label, points in skills.items():
        if label == GOALKEEPER:
            raise RulesError("Skill points go to fielders, not the goalkeeper.")
        if label not in s.members[team]:
            raise RulesError(f"Your team has no fielder {label}.")
        if points < 1:
            raise RulesError("Give each named fielder at least 1 point.")
    if sum(skills.values()) != POINTS or not 1 <= len(skills) <= POINTS:
        raise RulesError(
            "Spread exactly 3 skill points over 1 to 3 fielders: 3, 2 and 1, or 1 each."
        )


def _h_skills(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    preset = args.get("preset")
    if preset is not None:
        key = str(preset).strip().lower()
        if key not in PRESETS:
            raise MalformedAction(
                f'{preset!r} is not a choice: pick {", ".join(PRESETS)}, or type e.g. "7:2 9:1".'
            )
        skills = preset_skills(s, team, key)
    else:
        skills = parse_skills(args.get("skills"))
    check_skills(s, team, skills)
    for label, points in skills.items():
        s.members[team][label]["skill"] = points
    s.skills_set[team] = True
    s.step["placed"][team] = True
    ev.append(Event("skills", {"team": team, "skills": dict(skills)}))
    if not all(s.step["placed"]):
        return
    # the kick-off that waited for the points (as after the set-up)
    kicker = s.step["kickoff"]
    s.ball = list(s.field.centre)
    ev.append(Event("kickoff", {"team": kicker, "half": s.half, "why": s.step["why"]}))
    flow.start_turn(s, kicker)


def _preset_label(s: SimpleSoccerState, team: int, preset: str) -> str | None:
    try:
        skills = preset_skills(s, team, preset)
    except RulesError:
        return None
    names = list(skills)
    if preset == "star":
        return f"Star: 3 to {names[0]}"
    if preset == "pair":
        return f"Pair: 2 to {names[0]}, 1 to {names[1]}"
    return f"Spread: 1 each to {', '.join(names)}"


def _p_skills(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    out = []
    for t in (0, 1):
        if step["placed"][t]:
            continue
        side = SIDES[t]
        choices = []
        for preset in PRESETS:
            label = _preset_label(s, t, preset)
            if label is not None:
                choices.append(Choice(Action(side, "skills", {"preset": preset}), label))
        out.append(
            Decision(
                side,
                "skills",
                'Spread 3 skill points over 1 to 3 fielders: pick one, or type e.g. "7:2 9:1".',
                tuple(choices),
                open_ended=True,
            )
        )
    return out


def _what_skills(s: SimpleSoccerState, step: Step) -> str:
    who = [flow.team_name(t) for t in (0, 1) if not step["placed"][t]]
    return f"{' and '.join(who)} to spread skill points"


# -- the points of a turn ----------------------------------------------------------------


def after_roll(s: SimpleSoccerState, team: int, dice: list[int], step: Step, ev: Events) -> None:
    """A turn's roll: every skilled fielder with the ball in front of its feet gets its
    points as its own for the turn (less 2 when it re-rolled this very roll)."""
    if not rules.on(s, "skills") or step.get("throw") or s.turn is None:
        return
    rerolled = step.get("rerolled")
    if rerolled is not None:
        s.turn["rerolled"] = True
    for label in _with_ball(s, team):
        points = int(s.members[team][label]["skill"]) - (REROLL if label == rerolled else 0)
        if points <= 0:
            continue
        own = s.turn.setdefault("own", {})
        own[label] = int(own.get(label, 0)) + points
        skill = s.turn.setdefault("skill", {})  # the part of "own" that may pay a re-roll
        skill[label] = int(skill.get(label, 0)) + points
        ev.append(Event("skill_points", {"team": team, "member": label, "points": points}))


def _with_ball(s: SimpleSoccerState, team: int) -> list[str]:
    return [
        label
        for label, m in s.members[team].items()
        if m.get("skill") and facing.standing(s, team, label) and movement.can_kick(s, team, label)
    ]


# -- re-rolls ----------------------------------------------------------------------------


def rerollers(s: SimpleSoccerState, team: int) -> list[str]:
    """The fielders of ``team`` that may re-roll the roll now asked of it: its own roll in
    its own turn, none re-rolled yet this turn, a fielder with 2+ skill points and 2 of them
    left this turn (or, at the turn's roll, the ball in front of its feet)."""
    if not rules.on(s, "skills"):
        return []
    step = s.step
    if step.get("k") == "roll" and not step.get("throw"):  # the roll that starts the turn
        if step.get("team") != team or step.get("rerolled") is not None:
            return []
        return [lb for lb in _with_ball(s, team) if s.members[team][lb]["skill"] >= REROLL]
    turn = s.turn
    if turn is None or turn.get("team") != team or turn.get("rerolled"):
        return []
    return [
        label
        for label in turn.get("skill") or {}
        if skill_left(s, label) >= REROLL
        and label in s.members[team]
        and int(s.members[team][label].get("skill", 0)) >= REROLL
    ]


def skill_left(s: SimpleSoccerState, label: str) -> int:
    """``label``'s skill points left this turn. Its own points also hold a fake-out's, which
    never pay a re-roll; what it spends comes out of those first (the player's best choice)."""
    assert s.turn is not None
    skill = int((s.turn.get("skill") or {}).get(label, 0))
    own = int((s.turn.get("own") or {}).get(label, 0))
    return max(0, min(skill, own))


def wrap_rolls(handlers: MutableMapping[tuple[str, str], Handler]) -> None:
    """Wrap every roll handler of the match (match.py, once the table is complete): a roll
    that may be re-rolled waits in the step "keep" first."""
    for key, handler in list(handlers.items()):
        step_k, kind = key
        if kind != "roll" or step_k in _OWN_STEPS:
            continue
        _ROLLS[step_k] = handler
        handlers[key] = _wrapped(handler)


def _wrapped(handler: Handler) -> Handler:
    def roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
        who = rerollers(s, team)
        if not who:
            handler(s, team, args, ev)
            return
        handler(s.clone(), team, args, [])  # a roll the step refuses is refused now
        s.step = {
            "k": "keep",
            "team": team,
            "dice": list(args["dice"]),
            "args": dict(args),
            "members": who,
            "was": s.step,
        }

    return roll


def _h_keep(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    s.step = step["was"]
    rolled = {**step["args"], **({"at": args["at"]} if "at" in args else {})}
    _ROLLS[s.step["k"]](s, team, rolled, ev)


def _h_reroll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    if "member" not in args:
        raise MalformedAction("Name the fielder who re-rolls.")
    label = member_label(args["member"])
    if label not in step["members"]:
        names = ", ".join(step["members"])
        raise RulesError(f"{label} cannot re-roll this: {names} can.")
    was = step["was"]
    if was.get("k") == "roll" and not was.get("throw"):
        was["rerolled"] = label  # the turn's own roll: its points come with the roll
    else:
        assert s.turn is not None
        s.turn["skill"][label] = skill_left(s, label) - REROLL
        s.turn["own"][label] -= REROLL
        s.turn["rerolled"] = True
    ev.append(Event("reroll", {"team": team, "member": label, "dice": step["dice"]}))
    s.step = {"k": "reroll", "team": team, "dice": step["dice"], "was": was}


def _h_rolled_again(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    """The re-roll: it stands (no re-roll of a re-roll)."""
    s.step = s.step["was"]
    _ROLLS[s.step["k"]](s, team, args, ev)


def _p_keep(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    side = SIDES[team]
    dice = step["dice"]
    shown = " and ".join(map(str, dice))
    choices = [Choice(Action(side, "keep", {}), f"Keep the {shown}")]
    choices += [
        Choice(Action(side, "reroll", {"member": label}), f"{label} re-rolls (2 skill points)")
        for label in step["members"]
    ]
    return [
        Decision(
            side,
            "keep",
            f"You rolled {shown}: keep it, or re-roll with a skilled fielder (the re-roll stands).",
            tuple(choices),
            info={"dice": list(dice), "step": step["was"].get("k")},
        )
    ]


def _p_reroll(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    n = len(step["dice"])
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            f"Re-roll: roll {n} {'die' if n == 1 else 'dice'} again; this roll stands.",
            dice=n,
            info={"purpose": "reroll", "step": step["was"].get("k")},
        )
    ]


def _what_keep(s: SimpleSoccerState, step: Step) -> str:
    return f"{flow.team_name(step['team'])} to keep the roll or re-roll it"


def _what_reroll(s: SimpleSoccerState, step: Step) -> str:
    return f"{flow.team_name(step['team'])} to re-roll"


HANDLERS: dict[tuple[str, str], Handler] = {
    ("skills", "skills"): _h_skills,
    ("keep", "keep"): _h_keep,
    ("keep", "reroll"): _h_reroll,
    ("reroll", "roll"): _h_rolled_again,
}
PENDING = {"skills": _p_skills, "keep": _p_keep, "reroll": _p_reroll}
WHAT = {"skills": _what_skills, "keep": _what_keep, "reroll": _what_reroll}
_OWN_STEPS = frozenset({"skills", "keep", "reroll"})
