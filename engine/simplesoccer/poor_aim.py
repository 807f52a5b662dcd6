"""Poor aim and the carry-on kick (advanced rules: Poor aim and out of bounds).

A team rolling 2 dice with the ball at a member's feet mis-kicks when either die shows a 1:
its whole turn is one straight kick of the dice total, away from the member, then the turn
ends. A kick made with a single die showing 2 that leaves the ball at nobody's feet may be
played long: one more die, and the ball rolls on straight that far.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import ballpath, direction, facing, flow, movement, restarts, rules
from engine.simplesoccer.field import (
    DIRECTION_WORDS,
    SIDES,
    Square,
    direction_of,
    front,
    name_table,
    parse,
    turn,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.state import SimpleSoccerState

CARRY_DIE = 2  # the single die that lets a kick roll on


def aims(s: SimpleSoccerState, team: int) -> dict[str, list[str]]:
    """For each of ``team``'s members with the ball at its feet, the directions a mis-kick
    may fly: along the diagonal from a diagonal front square; straight on or either diagonal
    from the straight front square."""
    ball = s.ball_at()
    out: dict[str, list[str]] = {}
    if ball is None or s.held >= 0:
        return out
    for label, m in s.members[team].items():
        if not movement.can_kick(s, team, label):
            continue
        here: Square = (m["at"][0], m["at"][1])
        way = str(m["facing"])
        if ball == front(here, way)[0]:
            straight = direction_of(here, ball)
            out[label] = [straight, turn(straight, -1), turn(straight, 1)]
        else:
            out[label] = [direction_of(here, ball)]
    return out


def after_roll(s: SimpleSoccerState, team: int, dice: list[int], step: Step, ev: Events) -> None:
    """A 1 on either of 2 dice with the ball at a member's feet: the turn is a mis-kick."""
    if not rules.on(s, "poor_aim") or len(dice) != 2 or 1 not in dice:
        return
    if step.get("throw") or step.get("restart"):
        return
    if s.step.get("k") != "play" or s.step.get("team") != team or not aims(s, team):
        return
    total = sum(dice)
    ev.append(Event("poor_aim", {"team": team, "dice": dice[:], "total": total}))
    s.step = {"k": "poor_aim", "team": team, "total": total}


def _h_aim(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = flow.member(s, team, args)
    options = aims(s, team)
    if label not in options:
        raise RulesError(f"The ball is not at {label}'s feet: pick who mis-kicks it.")
    d = str(args.get("dir", "")).strip().lower()
    if not d:
        raise MalformedAction("Name the direction the ball flies in (e.g. ne).")
    if d not in options[label]:
        shown = " or ".join(DIRECTION_WORDS[o] for o in options[label])
        raise RulesError(f"From there the ball can only fly {shown}.")
    start = s.ball_at()
    assert start is not None and s.turn is not None
    total = int(s.step["total"])
    landing = ballpath.travel(s, start, d, total)
    s.kicked_by = team
    restarts.touched(s, team)
    s.motion = None  # a mis-kick never rolls on next turn (decision: no inertia after it)
    restarts.told_travel(s, team, label, "poor_aim", start, d, landing, ev)
    s.turn["left"] = 0  # Poor aim: the mis-kick is the whole turn
    if restarts.after_travel(s, team, landing, args, ev, member=label):
        return
    flow.end_turn(s, team, "poor_aim", flow.at(args), ev)
    flow.next_turn(s, 1 - team, ev)


def _p_aim(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    side = SIDES[team]
    choices = tuple(
        Choice(
            Action(side, "aim", {"member": label, "dir": d}),
            f"{label} mis-kicks {DIRECTION_WORDS[d]}",
            {"member": label, "dir": d},
        )
        for label, dirs in aims(s, team).items()
        for d in dirs
    )
    return [
        Decision(
            side,
            "aim",
            f"Poor aim: a 1 was rolled, the ball flies {step['total']} squares in a straight "
            "line and your turn ends. Pick the kicker and the direction.",
            choices,
            info={"total": step["total"]},
        )
    ]


# -- the carry-on kick ------------------------------------------------------------------------


def _fronts(s: SimpleSoccerState) -> set[Square]:
    """Every square at a standing member's feet (both teams)."""
    out: set[Square] = set()
    for team in (0, 1):
        for label, m in s.members[team].items():
            if facing.standing(s, team, label):
                out.update(front((m["at"][0], m["at"][1]), str(m["facing"])))
    return out


def may_carry(s: SimpleSoccerState) -> bool:
    """A long kick may be declared this turn: rolled with a single die showing 2."""
    return (
        rules.on(s, "poor_aim")
        and s.turn is not None
        and list(s.turn.get("dice") or []) == [CARRY_DIE]
        and s.held < 0
    )


def carry_on(s: SimpleSoccerState, team: int, label: str, at: Square, ev: Events) -> None:
    """A kick declared long stopped on ``at``: it rolls on, one more die in its last step's
    direction (called by ``shots.ball_stops``)."""
    if not rules.on(s, "poor_aim"):
        raise RulesError("Long kicks that roll on are not played in this match.")
    if not may_carry(s):
        raise RulesError("Only a kick after a single die showing 2 can roll on.")
    if s.field.is_goal(at):
        raise RulesError("A shot cannot roll on: kick it without the long option.")
    if at in _fronts(s):
        raise RulesError(
            "The ball would stop at someone's feet: only a kick out of everybody's reach rolls on."
        )
    path = (s.last or {}).get("path") or []
    if len(path) < 2:
        raise RulesError("That kick cannot roll on.")
    a, b = path[-2], path[-1]
    d = direction_of((a[0], a[1]), (b[0], b[1]))
    ev.append(Event("long_kick", {"team": team, "member": label, "at": list(at), "dir": d}))
    s.step = {"k": "carry", "team": team, "member": label, "from": list(at), "dir": d}


def _h_carry(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    start: Square = (step["from"][0], step["from"][1])
    d, label = str(step["dir"]), str(step["member"])
    ev.append(Event("carry_roll", {"team": team, "die": die}))
    landing = ballpath.travel(s, start, d, die)
    restarts.told_travel(s, team, label, "carry", start, d, landing, ev)
    if restarts.after_travel(s, team, landing, args, ev, member=label):
        return
    s.step = {"k": "play", "team": team}
    flow.after_spend(s, team, args, ev)


def _p_carry(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            "Your long kick rolls on: roll a die for how many more squares.",
            dice=1,
            info={"purpose": "carry"},
        )
    ]


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    """The long kicks on offer: every kick that leaves the ball at nobody's feet."""
    if not may_carry(s):
        return []
    ball = s.ball_at()
    if ball is None:
        return []
    f = s.field
    table = name_table(f)
    side = SIDES[team]
    fronts = _fronts(s)
    out: list[Choice] = []
    for label in s.members[team]:
        if not movement.can_kick(s, team, label):
            continue
        left = flow.left(s, label)
        if direction.shaped(s):  # the same kicks as the turn's own choices
            kicks = direction.kick_choices(s, team, label, ball, left)
        else:
            kicks = [
                Choice(
                    Action(side, "kick", {"member": label, "path": [table[p] for p in path]}),
                    "",
                    {"cost": len(path)},
                )
                for path in movement.ball_reach(s, team, ball, left).values()
            ]
        for kick in kicks:
            names = list(kick.action.args["path"])
            end = parse(f, names[-1], 1 - team)
            if f.is_goal(end) or end in fronts:
                continue
            cost = kick.info.get("cost", len(names))
            out.append(
                Choice(
                    Action(side, "kick", {**kick.action.args, "long": True}),
                    f"{label} kicks long to {names[-1]} ({cost}), rolls on",
                    {**kick.info, "long": True},
                )
            )
    return out


HANDLERS = {("poor_aim", "aim"): _h_aim, ("carry", "roll"): _h_carry}
PENDING = {"poor_aim": _p_aim, "carry": _p_carry}
WHAT = {
    "poor_aim": lambda s, step: f"{flow.team_name(step['team'])} to aim the mis-kick",
    "carry": lambda s, step: f"{flow.team_name(step['team'])} to roll for the long kick",
}
