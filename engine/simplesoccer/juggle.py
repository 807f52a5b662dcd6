"""Juggling (advanced rules: Juggling moves): a standing fielder with the ball straight in front
of its feet lifts it (2 points) for a header or bicycle kick of its own. It needs two odd dice
rolled one after the other: the ball then rests on the juggler's marker, the turn ends, and the
other team plays a turn without touching it. At the juggler's next turn, before the roll, the
player follows up: a plain kick (the ball back at its feet, then the usual two dice), a header
or a bicycle kick (as for a pass from a team-mate). An even die loses the ball: it runs
straight off the feet square, the even die giving the way and one more die the distance.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import ballpath, facing, flight, flow, restarts, rules
from engine.simplesoccer.field import SIDES, Square, front, name, parse, step, turn
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.movement import who
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState
from engine.simplesoccer.tackle import touched_by

COST = 2  # Juggling moves: the attempt's points
# Juggling moves: a lost ball's way, by the even die, in eighths of a turn from the facing
DRIFT = {2: -1, 4: 0, 6: 1}
# the follow-ups other than the plain kick: the rule that allows each, and its function
# the follow-ups of a juggle: the rule each needs and the attempt it starts
FOLLOW_UPS = {
    "header": ("headers", flight.header_attempt),
    "bicycle": ("bicycle", flight.bicycle_attempt),
}
_FOLLOW_WORDS = {"kick": "Kick it", "header": "Head it", "bicycle": "Bicycle kick"}


def feet(s: SimpleSoccerState, team: int, label: str) -> Square:
    """The square straight in front of the member's feet."""
    m = s.members[team][label]
    return front((m["at"][0], m["at"][1]), m["facing"])[0]


def can_juggle(s: SimpleSoccerState, team: int, label: str) -> str:
    """Why ``label`` cannot juggle now ("" when it can)."""
    if label == GOALKEEPER:
        return "Only a fielder can juggle the ball."
    if not facing.standing(s, team, label):
        return f"{label} is down and cannot juggle."
    if s.held >= 0 or s.juggle is not None or s.ball_at() != feet(s, team, label):
        return f"{label} can only juggle a ball straight in front of its feet."
    if flow.left(s, label) < COST:
        return f"Juggling takes {COST} points; you have {flow.left(s, label)}."
    return ""


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    if not rules.on(s, "juggling") or s.turn is None:
        return []
    return [
        Choice(
            Action(SIDES[team], "juggle", {"member": label}),
            f"{label} juggles ({COST})",
            {"member": label, "cost": COST},
        )
        for label in s.members[team]
        if not can_juggle(s, team, label)
    ]


def _h_juggle(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if not rules.on(s, "juggling"):
        raise RulesError("This match is played without juggling.")
    label = flow.member(s, team, args)
    why = can_juggle(s, team, label)
    if why:
        raise RulesError(why)
    flow.spend(s, COST, label)
    s.step = {"k": "juggle_roll", "team": team, "member": label, "dice": [], "play": s.step}


def _h_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    label = step["member"]
    rolled = [*step["dice"], die]
    if die % 2 == 1 and len(rolled) == 1:
        s.step = {**step, "dice": rolled}  # lifted with the foot: now the knee
        return
    won = die % 2 == 1
    ev.append(Event("juggle", {"team": team, "member": label, "dice": rolled, "won": won}))
    touched_by(s, team)
    if won:
        # Juggling moves: the ball rests on the juggler's marker until its next turn
        s.ball = list(s.at(team, label))
        s.juggle = {"team": team, "member": label}
        s.step = step["play"]
        flow.end_turn(s, team, "juggle", flow.at(args), ev)
        flow.next_turn(s, 1 - team, ev)
        return
    s.step = {**step, "k": "juggle_drop", "dice": rolled, "way": die}


def _h_drop(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    """The lost ball runs straight from the feet square (Juggling moves: the distance die is
    halved, rounded up, plus one square); the turn goes on unless it leaves the field."""
    (die,) = flow.dice(args, 1)
    step_ = s.step
    label = step_["member"]
    start = s.ball_at()
    assert start is not None
    way = turn(s.members[team][label]["facing"], DRIFT[step_["way"]])
    squares = math.ceil(die / 2) + 1
    landing = ballpath.travel(s, start, way, squares)
    s.step = step_["play"]
    s.kicked_by = team
    ev.append(
        Event(
            "juggle_drop",
            {"team": team, "member": label, "dir": way, "die": die, "squares": squares},
        )
    )
    restarts.told_travel(s, team, label, "juggle", start, way, landing, ev)
    if restarts.after_travel(s, team, landing, args, ev, member=label):
        return
    flow.after_spend(s, team, args, ev)


# -- the follow-up, at the juggler's next turn -----------------------------------------------


def turn_started(s: SimpleSoccerState, team: int) -> None:
    """The juggler's turn opens with its follow-up, before the roll."""
    j = s.juggle
    if j is None:
        return
    juggler = s.members[j["team"]].get(j["member"])
    if juggler is None or s.ball != juggler["at"]:
        s.juggle = None  # the field was set up again (half time) or the ball was placed
        return
    if team == j["team"]:
        s.step = {"k": "follow", "team": team, "member": j["member"], "roll": s.step}


def follow_ups(s: SimpleSoccerState, team: int, label: str) -> dict[str, list[Square]]:
    """The follow-ups open to the juggler -> the squares the ball may be put on for each."""
    taken = s.occupied()
    m = s.members[team][label]
    here: Square = (m["at"][0], m["at"][1])

    def free(sq: Square) -> bool:
        return s.field.on_board(sq) and sq not in taken

    # the straight feet square; if an opponent stepped onto it, a diagonal one; if all three
    # are taken, the first free square round the juggler from its facing
    spots = [sq for sq in front(here, m["facing"]) if free(sq)]
    if spots and spots[0] == feet(s, team, label):
        spots = spots[:1]
    if not spots:
        around = (step(here, turn(m["facing"], k)) for k in range(8))
        spots = [sq for sq in around if free(sq)][:1]
    out: dict[str, list[Square]] = {"kick": spots} if spots else {}
    for how, (rule, _attempt) in FOLLOW_UPS.items():
        if not rules.on(s, rule):
            continue
        # Juggling moves: a header starts behind the head, a bicycle kick at the feet
        sq = step(here, turn(m["facing"], 4)) if how == "header" else feet(s, team, label)
        if free(sq):
            out[how] = [sq]
    return out


def _h_follow(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step_ = s.step
    label = step_["member"]
    how = str(args.get("how", "")).strip().lower()
    options = follow_ups(s, team, label)
    if how not in _FOLLOW_WORDS:
        raise MalformedAction("Follow up the juggle: kick, header or bicycle.")
    if how not in options:
        raise RulesError(f"{label} cannot follow up with a {how} now.")
    spots = options[how]
    at = spots[0]
    if args.get("at") not in (None, ""):
        at = parse(s.field, str(args["at"]))
        if at not in spots:
            raise RulesError(
                f"The ball can only go to {', '.join(name(s.field, p) for p in spots)}."
            )
    s.juggle = None
    s.ball = list(at)
    ev.append(Event("follow_up", {"team": team, "member": label, "how": how, "at": list(at)}))
    if how == "kick":
        # Juggling moves: a plain kick follow-up is an ordinary turn with the ball at the feet
        n, why = flow.dice_for(s, team)
        s.step = {**step_["roll"], "n": n, "why": why, "juggled": True}
        return
    fn = FOLLOW_UPS[how][1]
    s.step = {**step_["roll"], "juggled": True}
    fn(s, team, label, ev, coordinated=True, juggled=True)


def _p_roll(s: SimpleSoccerState, step_: Step) -> list[Decision]:
    first = not step_["dice"]
    what = "lift the ball with the foot" if first else "knee the ball up high"
    return [
        Decision(
            SIDES[step_["team"]],
            "roll",
            f"{step_['member']} juggles: roll a die, odd to {what}; even loses the ball.",
            dice=1,
            info={"purpose": "juggle", "try": 1 if first else 2},
        )
    ]


def _p_drop(s: SimpleSoccerState, step_: Step) -> list[Decision]:
    return [
        Decision(
            SIDES[step_["team"]],
            "roll",
            "The juggle failed: roll a die for how far the ball runs off.",
            dice=1,
            info={"purpose": "juggle_drop"},
        )
    ]


def _p_follow(s: SimpleSoccerState, step_: Step) -> list[Decision]:
    team, label = step_["team"], step_["member"]
    side = SIDES[team]
    choices = []
    for how, spots in follow_ups(s, team, label).items():
        for sq in spots:
            args: dict[str, Any] = {"how": how}
            text = _FOLLOW_WORDS[how]
            if how == "kick" and (len(spots) > 1 or sq != feet(s, team, label)):
                args["at"] = name(s.field, sq)
                text += f" from {args['at']}"
            choices.append(Choice(Action(side, "follow", args), text, {"how": how}))
    return [
        Decision(
            side,
            "follow",
            f"{label} has juggled the ball up: kick it, or head or bicycle-kick it if you can.",
            tuple(choices),
            info={"member": label},
        )
    ]


def _what_roll(s: SimpleSoccerState, step_: Step) -> str:
    return f"{who(step_['team'], step_['member'])} to roll for the juggle"


def _what_drop(s: SimpleSoccerState, step_: Step) -> str:
    return f"{flow.team_name(step_['team'])} to roll where the lost ball runs"


def _what_follow(s: SimpleSoccerState, step_: Step) -> str:
    return f"{who(step_['team'], step_['member'])} to follow up the juggle"


HANDLERS = {
    ("play", "juggle"): _h_juggle,
    ("juggle_roll", "roll"): _h_roll,
    ("juggle_drop", "roll"): _h_drop,
    ("follow", "follow"): _h_follow,
}
PENDING = {"juggle_roll": _p_roll, "juggle_drop": _p_drop, "follow": _p_follow}
WHAT = {"juggle_roll": _what_roll, "juggle_drop": _what_drop, "follow": _what_follow}
