"""Tackles (advanced rules: Tackle): before rolling for its turn, a team may tackle a ball that
lies at a standing opponent's feet. The tackler steps (at most one square, 1 point) until the
ball is in front of its own feet, the player calls odd or even, and the turn's roll decides:

- right call: the opponent falls across the ball from where it touched it (or on the first free
  square round the ball), the ball is the tackling team's; a tackler straight in front of the
  ball (a block tackle) stays up, a diagonal one (a slide tackle) gets up at once for 1 more
  point, or stays down when a die shows 1;
- wrong call: the tackler goes down; the team plays the rest of its points with the others.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import direction, facing, flow, fouls, poor_aim, rules
from engine.simplesoccer.field import (
    SIDES,
    STEPS,
    Square,
    direction_of,
    front,
    name,
    parse_path,
    step,
    turn,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.movement import member_may_stand, who
from engine.simplesoccer.setup import member_label
from engine.simplesoccer.state import SimpleSoccerState

CALLS = ("odd", "even")


def touched_by(s: SimpleSoccerState, team: int) -> None:
    """The ball is now ``team``'s (Ball direction, Inertia move: an opponent touched it)."""
    direction.touched_by(s, team)


def in_front(s: SimpleSoccerState, team: int, label: str, ball: Square) -> bool:
    m = s.members[team][label]
    return ball in front((m["at"][0], m["at"][1]), m["facing"])


def touching(s: SimpleSoccerState, team: int) -> list[str]:
    """``team``'s standing members with the loose ball in front of their feet."""
    ball = s.ball_at()
    if ball is None or s.held >= 0 or s.juggle is not None:
        return []
    return [
        label
        for label in s.members[team]
        if facing.standing(s, team, label) and in_front(s, team, label, ball)
    ]


def tackle_spots(s: SimpleSoccerState, team: int, label: str) -> list[list[Square]]:
    """Where ``label`` can tackle from: its own square (no step) or one free neighbouring
    square from which the ball lies in front of its feet."""
    ball = s.ball_at()
    assert ball is not None
    m = s.members[team][label]
    here = (m["at"][0], m["at"][1])
    if in_front(s, team, label, ball):
        return [[]]
    taken = s.occupied()
    out: list[list[Square]] = []
    for dx, dy in STEPS:
        sq = (here[0] + dx, here[1] + dy)
        if sq in taken or sq == ball or not member_may_stand(s.field, team, label, sq):
            continue
        if ball in front(sq, m["facing"]):
            out.append([sq])
    return out


def offered(s: SimpleSoccerState, step: Step) -> bool:
    """Whether the roll pending now is the start of a turn that may open with a tackle."""
    return (
        rules.on(s, "tackles")
        and step["k"] == "roll"
        # an ordinary turn's roll: not the goalkeeper's throw, a restart or a juggle's
        # follow-up (the ball was on the juggler's marker when the turn started)
        and step.get("why") in ("ball", "loose")
        and not step.get("throw")
        and not step.get("restart")
        and not step.get("juggled")
        and "tackle" not in step
        and s.restart is None
        and bool(touching(s, 1 - step["team"]))
    )


def roll_decisions(s: SimpleSoccerState, step: Step) -> list[Decision]:
    """The tackles a team may try before its roll, beside the roll itself."""
    if not offered(s, step):
        return []
    team = step["team"]
    side = SIDES[team]
    opponents = touching(s, 1 - team)
    choices: list[Choice] = []
    for label in s.members[team]:
        if not facing.standing(s, team, label):
            continue
        for path in tackle_spots(s, team, label):
            for opponent in opponents:
                args: dict[str, Any] = {"member": label, "path": [name(s.field, p) for p in path]}
                text = f"{label} tackles"
                if len(opponents) > 1:
                    args["opponent"] = opponent
                    text += f" {opponent}"
                if path:
                    text += f" from {name(s.field, path[0])} (1)"
                choices.append(Choice(Action(side, "tackle", args), text, {"member": label}))
    if not choices:
        return []
    return [
        Decision(
            side,
            "tackle",
            "The ball is at an opponent's feet: tackle before you roll, or just roll.",
            tuple(choices),
            info={"opponents": opponents},
        )
    ]


def _h_tackle(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if not rules.on(s, "tackles"):
        raise RulesError("This match is played without tackles.")
    step = s.step
    if "tackle" in step:
        raise RulesError("You cannot tackle now: roll for your turn.")
    opponents = touching(s, 1 - team)
    if not offered(s, step):
        raise RulesError("You can only tackle a ball at an opponent's feet when your turn starts.")
    label = flow.member(s, team, args)
    if not facing.standing(s, team, label):
        raise RulesError(f"{label} is down and cannot tackle.")
    opponent = _opponent(opponents, args)
    raw = args.get("path")
    path = [] if raw in (None, "", [], ()) else parse_path(s.field, raw, team)
    if len(path) > 1:
        raise RulesError("A tackler steps at most one square to reach the ball.")
    spots = tackle_spots(s, team, label)
    if path not in spots:
        if not path:
            raise RulesError(
                f"The ball is not in front of {label}'s feet: name the square it steps to."
            )
        raise RulesError(
            f"From {name(s.field, path[0])} {label} would not have the ball in front of its "
            "feet (or that square is not free and next to it)."
        )
    here = s.at(team, label)
    if path:
        s.members[team][label]["at"] = list(path[0])
        s.last = {
            "kind": "move",
            "team": team,
            "member": label,
            "path": [list(here), list(path[0])],
        }
    ball = s.ball_at()
    assert ball is not None
    tackle = {
        "member": label,
        "opponent": opponent,
        "stepped": bool(path),
        # Tackle: straight in front of the ball is a block tackle, diagonally a slide tackle
        "slide": ball != front(s.at(team, label), s.members[team][label]["facing"])[0],
    }
    ev.append(
        Event(
            "tackle_try",
            {
                "team": team,
                "member": label,
                "opponent": opponent,
                "from": list(here),
                "to": list(s.at(team, label)),
                "slide": tackle["slide"],
            },
        )
    )
    # the tackler now touches the ball: the turn's dice are counted again
    n, why = flow.dice_for(s, team)
    s.step = {"k": "call", "team": team, "roll": {**step, "n": n, "why": why}, "tackle": tackle}


def _opponent(opponents: list[str], args: Step) -> str:
    if "opponent" not in args or args["opponent"] in (None, ""):
        if len(opponents) > 1:
            raise MalformedAction(
                f"The ball is at the feet of {' and '.join(opponents)}: name the one you tackle."
            )
        return opponents[0]
    opponent = member_label(args["opponent"])
    if opponent not in opponents:
        raise RulesError(f"The ball is not at the feet of the other team's {opponent}.")
    return opponent


def _h_call(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    call = str(args.get("call", "")).strip().lower()
    if call not in CALLS:
        raise MalformedAction("Call odd or even.")
    step = s.step
    tackle = {**step["tackle"], "call": call}
    ev.append(Event("tackle_call", {"team": team, "member": tackle["member"], "call": call}))
    s.step = {**step["roll"], "tackle": tackle}


def after_roll(s: SimpleSoccerState, team: int, dice: list[int], step: Step, ev: Events) -> None:
    """The turn's roll settles a tackle called before it."""
    tackle = step.get("tackle")
    if tackle is None:
        return
    assert s.turn is not None
    label, opponent = tackle["member"], tackle["opponent"]
    total = sum(dice)
    won = CALLS[total % 2 == 0] == tackle["call"]
    # Tackle: the step to the ball costs 1 point, won or lost
    cost = 1 if tackle["stepped"] else 0
    flow.spend(s, cost, label)
    s.turn["tackled"] = True
    fell: Square | None = None
    up = not tackle["slide"]
    if won:
        fell = fall_square(s, 1 - team, opponent, total)
        s.members[1 - team][opponent]["at"] = list(fell)
        facing.put_down(s, 1 - team, opponent)
        touched_by(s, team)
        if tackle["slide"]:
            # Tackle: the slider gets up at once for 1 more point, unless a die shows 1
            if 1 in dice:
                facing.put_down(s, team, label)
            else:
                flow.spend(s, 1, label)
                up = True
    else:
        up = False
        facing.put_down(s, team, label)
    ev.append(
        Event(
            "tackle",
            {
                "team": team,
                "member": label,
                "opponent": opponent,
                "call": tackle["call"],
                "total": total,
                "won": won,
                "slide": tackle["slide"],
                "fell": None if fell is None else list(fell),
                "up": up,
                "left": flow.left(s),
            },
        )
    )
    if not won and rules.on(s, "fouls"):
        # Poor aim is settled before the contact roll opens: a 1 on two dice still makes the
        # turn a mis-kick (by another member), played once the contact roll finds no foul
        poor_aim.after_roll(s, team, dice, step, ev)
        fouls.failed_tackle(s, team, label, ev)
    if s.step["k"] == "play" and s.turn is not None:
        flow.after_spend(s, team, {}, ev)


def fall_square(s: SimpleSoccerState, team: int, label: str, total: int) -> Square:
    """Where ``team``'s tackled ``label`` falls: across the ball from where it touched it; if
    that is taken, the first free square round the ball from there, clockwise first on an even
    total, counter-clockwise first on an odd one (Tackle)."""
    ball = s.ball_at()
    assert ball is not None
    here = s.at(team, label)
    towards = direction_of(here, ball)
    taken = s.occupied()
    first = 1 if total % 2 == 0 else -1
    order = [0] + [sign * k for k in range(1, 5) for sign in (first, -first)]
    for eighths in order:
        sq = step(ball, turn(towards, eighths))
        if sq == here or (sq not in taken and member_may_stand(s.field, team, label, sq)):
            return sq
    return here


def _p_call(s: SimpleSoccerState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    tackle = step["tackle"]
    return [
        Decision(
            side,
            "call",
            f"{tackle['member']} tackles: call odd or even for your roll.",
            tuple(Choice(Action(side, "call", {"call": c}), f"Call {c}") for c in CALLS),
            info={"purpose": "tackle", "member": tackle["member"]},
        )
    ]


def _what_call(s: SimpleSoccerState, step: Step) -> str:
    return f"{who(step['team'], step['tackle']['member'])} to call odd or even"


HANDLERS = {("roll", "tackle"): _h_tackle, ("call", "call"): _h_call}
PENDING = {"call": _p_call}
WHAT = {"call": _what_call}
