"""The Simple Soccer match's flow, shared by the rules' modules: set-ups, turns (their roll,
points and end), goals, half and full time, the end of the match and the start of the shootout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.dice import check_roll
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import movement, rules
from engine.simplesoccer.field import SIDES, Square, names
from engine.simplesoccer.setup import GOALKEEPER, member_label
from engine.simplesoccer.state import SimpleSoccerState

Step = dict[str, Any]
# called with (state, team) when a team's turn starts (its roll pending); filled by match.py
TURN_STARTED: list[Callable[[SimpleSoccerState, int], None]] = []
# called with (state, team): True when the team has a play left that costs no point, so a
# turn out of points stays open (match.py fills it from the modules' ``free_play``)
FREE_PLAYS: list[Callable[[SimpleSoccerState, int], bool]] = []
Events = list[Event]
KEPT = ("skill", "fouls", "card")  # a member's keys that outlast a set-up (advanced rules)


def team_name(team: int) -> str:
    return SIDES[team].capitalize()


def dice(args: Step, n: int) -> list[int]:
    return list(check_roll(args.get("dice"), n))


def at(args: Step) -> float | None:
    at = args.get("at")
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None


def to_setup(s: SimpleSoccerState, kickoff: int, why: str) -> None:
    s.turn = None
    s.held = -1
    s.last = None
    s.ball = None
    s.kicked_by = -1
    s.ended_at = None
    # what a member keeps from one set-up to the next (skill points, fouls, a card)
    kept = [
        {label: {k: m[k] for k in KEPT if k in m} for label, m in team.items()}
        for team in s.members
    ]
    s.members = [{}, {}]  # Optional half time: "reset the field"; after a goal the same
    s.step = {"k": "setup", "kickoff": kickoff, "placed": [False, False], "why": why}
    if any(any(team.values()) for team in kept):
        s.step["kept"] = [{lb: keys for lb, keys in team.items() if keys} for team in kept]


def dice_for(s: SimpleSoccerState, team: int) -> tuple[int, str]:
    """Dice for ``team``'s turn and why: 3 when its goalkeeper holds the ball, 2 when one of
    its members has the ball at its feet, else 1."""
    if s.held == team:
        return 3, "goalie"
    if movement.controls(s, team):
        return 2, "ball"
    return 1, "loose"


def start_turn(s: SimpleSoccerState, team: int) -> None:
    n, why = dice_for(s, team)
    s.turn = None
    s.step = {"k": "roll", "team": team, "n": n, "why": why}
    for hook in TURN_STARTED:  # the advanced rules' modules (match.MODULES)
        hook(s, team)


def member(s: SimpleSoccerState, team: int, args: Step) -> str:
    if "member" not in args:
        raise MalformedAction("Name the member: G for the goalkeeper, or a fielder's number.")
    label = member_label(args["member"])
    if label not in s.members[team]:
        raise RulesError(f"Your team has no member {label}.")
    return label


def left(s: SimpleSoccerState, label: str | None = None) -> int:
    """The turn's points left; with ``label``, that member's own points too (a fake-out's)."""
    assert s.turn is not None
    own = s.turn.get("own", {}).get(label, 0) if label is not None else 0
    return int(s.turn["left"]) + int(own)


_EVENTS = {"move": "moved", "kick": "kicked", "grab": "grabbed"}


def played(
    s: SimpleSoccerState,
    kind: str,
    team: int,
    label: str,
    start: Square,
    path: list[Square],
    ev: Events,
    cost: int | None = None,
    **more: Any,
) -> None:
    """A move, kick or grab made: its points spent (``cost``, by default a point a square),
    kept for the board to draw, told."""
    cost = len(path) if cost is None else cost
    spend(s, cost, label)
    steps = [list(sq) for sq in path]
    s.last = {"kind": kind, "team": team, "member": label, "path": [list(start), *steps]}
    told = {
        "team": team,
        "member": label,
        "from": list(start),
        "path": steps,
        "squares": names(s.field, [start, *path]),
        "cost": cost,
        "left": left(s),
    }
    ev.append(Event(_EVENTS[kind], {**told, **more}))


def spend(s: SimpleSoccerState, cost: int, label: str | None = None) -> None:
    """Spend ``cost`` points; ``label``'s own points (a fake-out's) go first."""
    assert s.turn is not None
    own = s.turn.get("own")
    if label is not None and own and own.get(label):
        used = min(cost, int(own[label]))
        own[label] -= used
        cost -= used
    s.turn["left"] -= cost


def after_spend(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if left(s) == 0 and s.step["k"] == "play" and not any((s.turn or {}).get("own", {}).values()):
        if any(free(s, team) for free in FREE_PLAYS):  # e.g. a fake-out, which costs nothing
            return  # the player may still end the turn
        end_turn(s, team, "spent", at(args), ev)
        next_turn(s, 1 - team, ev)


def end_turn(s: SimpleSoccerState, team: int, reason: str, at: float | None, ev: Events) -> None:
    """Close ``team``'s turn: a timed match's clock runs on by the time the turn took, at most
    its turn clock (Timed version)."""
    turn = s.turn or {}
    if at is None:
        at = turn.get("at")  # ended by the rules, not by an action: the turn's last time
    if s.options["length"] == "timed":
        clock = float(s.options["turn_seconds"])
        started = turn.get("started")
        took = clock
        if reason != "timeout" and at is not None and started is not None:
            took = min(clock, max(0.0, at - started))
        s.elapsed = round(s.elapsed + took, 3)
    ev.append(Event("turn_end", {"team": team, "left": int(turn.get("left", 0)), "reason": reason}))
    s.turn = None
    s.ended_at = at


def next_turn(s: SimpleSoccerState, team: int, ev: Events) -> None:
    """The turn passes to ``team`` unless the half or the match is over."""
    if not whistle(s, ev):
        start_turn(s, team)


def goal(s: SimpleSoccerState, team: int, label: str, ev: Events) -> None:
    s.score[team] += 1
    s.held = -1
    ev.append(Event("goal", {"team": team, "member": label, "score": s.score[:]}))
    if s.options["length"] == "score" and s.score[team] >= s.options["target"]:
        finish(s, team, "target", ev)
        return
    if whistle(s, ev):
        return
    to_setup(s, 1 - team, "goal")  # the team that did not score kicks off


def whistle_due(s: SimpleSoccerState) -> str:
    """ "half", "full" or "" at the end of a turn."""
    o = s.options
    if o["length"] == "turns":
        done, total = float(s.turns_played), float(o["turns"])
    elif o["length"] == "timed":
        done, total = s.elapsed, 60.0 * o["minutes"]
    else:
        return ""
    if done >= total:
        return "full"
    if o["half_time"] and s.half == 1 and done >= total / 2:
        return "half"
    return ""


def whistle(s: SimpleSoccerState, ev: Events) -> bool:
    """Half time or full time if it is due; True when play does not simply go on."""
    due = whistle_due(s)
    if due == "half":
        s.half = 2
        ev.append(Event("half_time", {"score": s.score[:]}))
        to_setup(s, 1 - s.opening, "half")  # Optional half time: the other team kicks off
        return True
    if due == "full":
        ev.append(Event("full_time", {"score": s.score[:]}))
        if s.score[0] == s.score[1]:
            start_shootout(s, ev)
        else:
            finish(s, 0 if s.score[0] > s.score[1] else 1, "full_time", ev)
        return True
    return False


def finish(s: SimpleSoccerState, winner: int, reason: str, ev: Events) -> None:
    s.winner, s.over, s.reason = winner, True, reason
    s.turn = None
    s.step = {"k": "over"}
    ev.append(Event("over", {"winner": winner, "score": s.score[:], "reason": reason}))


def start_shootout(s: SimpleSoccerState, ev: Events) -> None:
    first = s.opening
    s.held = -1
    s.turn = None
    s.shootout = {
        "first": first,
        "kicks": [[], []],
        "kicker": first,
        "spot": None,
        "ball": None,
        "taker": taker(s, first, 0),
    }
    ev.append(Event("shootout_start", {"first": first}))
    s.step = {"k": "spot", "team": 1 - first}
    if rules.on(s, "shootout"):  # Advanced overtime shootout: the kicker hides a face first
        s.step = {"k": "face", "team": first}


def taker(s: SimpleSoccerState, team: int, kicks: int) -> str:
    """Who takes ``team``'s next kick: the fielders in number order, then the goalkeeper,
    then round again (five different members when there are five); a member sent off takes
    none (Optional fouls)."""
    order = [str(n) for n in range(1, s.options["fielders"] + 1)] + [GOALKEEPER]
    order = [label for label in order if label not in s.sent_off[team]] or [GOALKEEPER]
    return order[kicks % len(order)]
