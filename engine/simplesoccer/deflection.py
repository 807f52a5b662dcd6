"""Goalie deflection in regular play: a goalkeeper whose save roll misses the ball but still
reaches a square touching it rolls again to tip it away, and may go down doing it."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import ballpath, facing, flow, restarts
from engine.simplesoccer.field import DIRECTION_WORDS, SIDES, Square, name, names
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.shots import DEFLECTS, STAYS_UP, touches
from engine.simplesoccer.state import SimpleSoccerState


def _h_deflect_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    total = die + int(step["left"])
    deflected = total >= DEFLECTS
    down = deflected and total < STAYS_UP
    ev.append(
        Event(
            "deflect_roll",
            {"team": team, "die": die, "total": total, "deflected": deflected, "down": down},
        )
    )
    if not deflected:
        flow.goal(s, 1 - team, step["kicker"], ev)
        return
    ball: Square = (step["ball"][0], step["ball"][1])
    save = step.get("save")
    options = touches(s, team, ball, None if save is None else int(save))
    if len(options) == 1:
        (d,) = options
        _deflect(s, team, ball, d, options[d], die, down, args, ev)
        return
    s.step = {
        "k": "deflect_dir",
        "team": team,
        "ball": step["ball"],
        "die": die,
        "down": down,
        "options": {d: list(sq) for d, sq in options.items()},
    }


def _h_deflect_dir(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    options = step["options"]
    d = str(args.get("dir", "")).strip().lower()
    if not d:
        raise MalformedAction("Name the direction to tip the ball away in.")
    if d not in options:
        shown = ", ".join(DIRECTION_WORDS[o] for o in options)
        raise RulesError(f"Your goalkeeper can only tip the ball {shown} from there.")
    touch = options[d]
    ball: Square = (step["ball"][0], step["ball"][1])
    _deflect(s, team, ball, d, (touch[0], touch[1]), step["die"], step["down"], args, ev)


def _deflect(
    s: SimpleSoccerState,
    team: int,
    ball: Square,
    d: str,
    touch: Square,
    die: int,
    down: bool,
    args: Step,
    ev: Events,
) -> None:
    """The goalkeeper on ``touch`` tips the ball ``die`` squares towards ``d``."""
    s.members[team][GOALKEEPER]["at"] = list(touch)
    if down and not facing.is_down(s, team, GOALKEEPER):
        facing.put_down(s, team, GOALKEEPER)
    s.held = -1
    landing = ballpath.travel(s, ball, d, die)
    where = name(s.field, landing.at)  # a goal square's name needs the field
    ev.append(Event("deflected", {"team": team, "dir": d, "at": list(landing.at), "where": where}))
    restarts.told_travel(s, team, GOALKEEPER, "deflect", ball, d, landing, ev)
    restarts.touched(s, team)
    if restarts.after_travel(s, team, landing, args, ev, member=GOALKEEPER):
        return
    # the shooting team's turn ended with the shot: the goalkeeper's team plays next
    s.ended_at = flow.at(args)
    flow.next_turn(s, team, ev)


def _p_deflect(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    left = int(step["left"])
    needs = [die for die in range(1, 7) if die + left >= DEFLECTS]
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            f"Your goalkeeper gets a hand near it: roll a die, {left} added; "
            f"{DEFLECTS} or more tips the ball away.",
            dice=1,
            info={"purpose": "deflect", "left": left, "needs": needs},
        )
    ]


def _p_deflect_dir(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    side = SIDES[step["team"]]
    f = s.field
    choices = tuple(
        Choice(
            Action(side, "deflect", {"dir": d}),
            f"Tip it {DIRECTION_WORDS[d]} ({step['die']})",
            {"dir": d, "from": names(f, [(sq[0], sq[1])])[0]},
        )
        for d, sq in step["options"].items()
    )
    return [
        Decision(
            side,
            "deflect",
            f"Your goalkeeper tips the ball away {step['die']} squares: pick the direction.",
            choices,
        )
    ]


HANDLERS = {
    ("deflect", "roll"): _h_deflect_roll,
    ("deflect_dir", "deflect"): _h_deflect_dir,
}
PENDING = {"deflect": _p_deflect, "deflect_dir": _p_deflect_dir}
WHAT = {
    "deflect": lambda s, step: (
        f"{flow.team_name(step['team'])}'s goalkeeper to roll to tip the ball away"
    ),
    "deflect_dir": lambda s, step: (
        f"{flow.team_name(step['team'])}'s goalkeeper to tip the ball away"
    ),
}
