"""The Simple Soccer match as a state machine: applying one action.

``state.step`` is the decision now pending (``decisions.pending`` lists its legal choices):
the roll-off, both teams' set-up, a team's roll for its turn, the turn itself (moves, kicks,
the goalkeeper's grab, ending it), the goalkeeper's roll at a shot, and the shootout's spot,
kick and save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.dice import check_roll
from engine.core.errors import MalformedAction, NotYourDecision, RulesError
from engine.core.events import Event
from engine.core.steps import dispatch
from engine.simplesoccer import movement, shootout
from engine.simplesoccer.field import (
    SIDES,
    Square,
    adjacent,
    facing_of,
    manhattan,
    names,
    parse_path,
)
from engine.simplesoccer.options import normalize
from engine.simplesoccer.setup import (
    GOALKEEPER,
    PRESETS,
    check_layout,
    member_label,
    parse_layout,
    preset_layout,
)
from engine.simplesoccer.state import SimpleSoccerState

Step = dict[str, Any]
Events = list[Event]
MAX_SAVE = 6  # one die: a ball farther from the goalkeeper cannot be reached


def new_match(options: dict[str, Any] | None = None) -> SimpleSoccerState:
    s = SimpleSoccerState(options=normalize(options))
    s.step = {"k": "rolloff", "dice": [None, None]}
    return s


def team_name(team: int) -> str:
    return SIDES[team].capitalize()


def apply(
    s: SimpleSoccerState, action: Action, *, in_place: bool = False
) -> tuple[SimpleSoccerState, list[Event]]:
    """Apply one action. Raises a RulesError (state untouched unless ``in_place``)."""
    return dispatch(
        s,
        action,
        sides=SIDES,
        handlers=_HANDLERS,
        check_actor=_check_actor,
        what=what,
        refusal="You cannot {kind} now: waiting for {waiting}.",
        in_place=in_place,
    )


def what(s: SimpleSoccerState, step: Step) -> str:
    """What the pending step waits for, in words."""
    k = step["k"]
    if k == "rolloff":
        who = [team_name(t) for t in (0, 1) if step["dice"][t] is None]
        return f"{' and '.join(who)} to roll for the kick-off"
    if k == "setup":
        who = [team_name(t) for t in (0, 1) if not step["placed"][t]]
        return f"{' and '.join(who)} to set up"
    name = team_name(step["team"])
    return {
        "roll": f"{name} to roll for the turn",
        "play": f"{name} to play the turn",
        "save": f"{name}'s goalkeeper to roll for the save",
        "spot": f"{name}'s goalkeeper to pick a spot",
        "penalty": f"{name} to roll for the penalty",
        "penalty_save": f"{name}'s goalkeeper to roll for the save",
    }[k]


def _check_actor(s: SimpleSoccerState, step: Step, team: int) -> None:
    k = step["k"]
    if k == "rolloff":
        if step["dice"][team] is not None:
            raise NotYourDecision(
                f"You have already rolled; waiting for {team_name(1 - team)} to roll."
            )
        return
    if k == "setup":
        if step["placed"][team]:
            raise NotYourDecision(
                f"Your team is set up; waiting for {team_name(1 - team)} to set up."
            )
        return
    if step["team"] != team:
        raise NotYourDecision(f"It is not your turn: waiting for {what(s, step)}.")


def _dice(args: Step, n: int) -> list[int]:
    return list(check_roll(args.get("dice"), n))


def _at(args: Step) -> float | None:
    at = args.get("at")
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None


# -- the roll-off and the set-up (Starting the game) -------------------------------------


def _h_rolloff(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = _dice(args, 1)
    dice = s.step["dice"]
    dice[team] = die
    ev.append(Event("rolloff_roll", {"team": team, "die": die}))
    if None in dice:
        return
    a, b = dice
    winner = -1 if a == b else (0 if a > b else 1)
    ev.append(Event("rolloff", {"dice": [a, b], "winner": winner}))
    if winner < 0:
        s.step = {"k": "rolloff", "dice": [None, None]}  # a tie rolls again
        return
    s.opening = winner
    _to_setup(s, winner, "start")


def _to_setup(s: SimpleSoccerState, kickoff: int, why: str) -> None:
    s.turn = None
    s.held = -1
    s.last = None
    s.ball = None
    s.kicked_by = -1
    s.ended_at = None
    s.members = [{}, {}]  # Optional half time: "reset the field"; after a goal the same
    s.step = {"k": "setup", "kickoff": kickoff, "placed": [False, False], "why": why}


def _h_setup(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    f = s.field
    kickoff = s.step["kickoff"] == team
    fielders = s.options["fielders"]
    preset = args.get("preset")
    if preset is not None:
        key = str(preset).strip().lower()
        if key not in PRESETS:
            raise MalformedAction(
                f"{preset!r} is not a preset: choose {', '.join(PRESETS)}, or type a layout."
            )
        layout = preset_layout(f, team, fielders, kickoff, key)
        preset = key
    elif "layout" in args:
        layout = parse_layout(f, team, args["layout"])
    else:
        raise MalformedAction('Choose a preset, or type a layout such as "G goal7, 1 c3, ...".')
    check_layout(f, team, fielders, kickoff, layout)
    facing = facing_of(team)
    s.members[team] = {
        label: {"at": [sq[0], sq[1]], "facing": facing} for label, sq in layout.items()
    }
    s.step["placed"][team] = True
    ev.append(Event("setup", {"team": team, "preset": preset}))
    if not all(s.step["placed"]):
        return
    kicker = s.step["kickoff"]
    s.ball = list(f.centre)
    ev.append(Event("kickoff", {"team": kicker, "half": s.half, "why": s.step["why"]}))
    _start_turn(s, kicker)


# -- turns (Fielder moves, Ball control) -------------------------------------------------


def dice_for(s: SimpleSoccerState, team: int) -> tuple[int, str]:
    """Dice for ``team``'s turn and why: 3 when its goalkeeper holds the ball, 2 when one of
    its members has the ball at its feet, else 1."""
    if s.held == team:
        return 3, "goalie"
    if movement.controls(s, team):
        return 2, "ball"
    return 1, "loose"


def _start_turn(s: SimpleSoccerState, team: int) -> None:
    n, why = dice_for(s, team)
    s.turn = None
    s.step = {"k": "roll", "team": team, "n": n, "why": why}


def _h_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    dice = _dice(args, step["n"])
    points = sum(dice)
    if step.get("throw") and s.turn is not None:  # the 3 dice after a grab, same turn
        s.turn.update(dice=dice, points=points, left=points)
        why = "throw"
    else:
        s.turns_played += 1
        s.turn = {
            "team": team,
            "dice": dice,
            "points": points,
            "left": points,
            "diagonal": False,
            # Timed version: the clock starts when the other team's turn ended
            "started": s.ended_at if s.ended_at is not None else _at(args),
        }
        why = step["why"]
    ev.append(Event("rolled", {"team": team, "dice": dice[:], "points": points, "why": why}))
    s.step = {"k": "play", "team": team}


def _member(s: SimpleSoccerState, team: int, args: Step) -> str:
    if "member" not in args:
        raise MalformedAction("Name the member: G for the goalkeeper, or a fielder's number.")
    label = member_label(args["member"])
    if label not in s.members[team]:
        raise RulesError(f"Your team has no member {label}.")
    return label


def _left(s: SimpleSoccerState) -> int:
    assert s.turn is not None
    return int(s.turn["left"])


def _h_move(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = _member(s, team, args)
    left = _left(s)
    if s.held == team:
        if label == GOALKEEPER:
            raise RulesError(
                "Your goalkeeper holds the ball: throw or kick it first (kick with member G)."
            )
        left -= 1  # keep a point for the goalkeeper's throw
    here = s.at(team, label)
    path = parse_path(s.field, args.get("path"), team)
    path = movement.shortest(s, path, here, lambda: movement.member_reach(s, team, label, left))
    if s.held == team and len(path) > left:
        raise RulesError(f"Keep a point for your goalkeeper's throw: {left} for this move at most.")
    movement.check_move(s, team, label, path, left)
    if s.held == team:
        _keep_a_throw(s, team, label, path)
    if label == GOALKEEPER and any(
        a[0] != b[0] and a[1] != b[1] for a, b in zip([here, *path], path, strict=False)
    ):
        assert s.turn is not None
        s.turn["diagonal"] = True  # Goalie movement: no grab after a diagonal step
    s.members[team][label]["at"] = list(path[-1])
    _played(s, "move", team, label, here, path, ev)
    _after_spend(s, team, args, ev)


_EVENTS = {"move": "moved", "kick": "kicked", "grab": "grabbed"}


def _played(
    s: SimpleSoccerState,
    kind: str,
    team: int,
    label: str,
    start: Square,
    path: list[Square],
    ev: Events,
    **more: Any,
) -> None:
    """A move, kick or grab made: its points spent, kept for the board to draw, told."""
    _spend(s, len(path))
    steps = [list(sq) for sq in path]
    s.last = {"kind": kind, "team": team, "member": label, "path": [list(start), *steps]}
    told = {
        "team": team,
        "member": label,
        "from": list(start),
        "path": steps,
        "squares": names(s.field, [start, *path]),
        "cost": len(path),
        "left": _left(s),
    }
    ev.append(Event(_EVENTS[kind], {**told, **more}))


def _keep_a_throw(s: SimpleSoccerState, team: int, label: str, path: list[Square]) -> None:
    """A move while the goalkeeper holds the ball must leave it somewhere to throw to."""
    after = s.clone()
    after.members[team][label]["at"] = list(path[-1])
    assert after.turn is not None
    after.turn["left"] -= len(path)
    if not movement.can_throw(after, team):
        raise RulesError(
            "That move would leave your goalkeeper nowhere to throw the ball with the points "
            "left: keep a square free, or keep more points."
        )


def _spend(s: SimpleSoccerState, cost: int) -> None:
    assert s.turn is not None
    s.turn["left"] -= cost


def _after_spend(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if _left(s) == 0 and s.step["k"] == "play":
        _end_turn(s, team, "spent", _at(args), ev)
        _next_turn(s, 1 - team, ev)


def _h_kick(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = _member(s, team, args)
    f = s.field
    if not movement.can_kick(s, team, label):
        if s.held == team:
            raise RulesError("Your goalkeeper holds the ball: only it can throw or kick it.")
        raise RulesError(
            f"The ball is not in front of {label}'s feet: a member kicks only a ball straight "
            "or diagonally in front of it."
        )
    throw = s.held == team
    start: Square = s.at(team, GOALKEEPER) if throw else s.ball_at()  # type: ignore[assignment]
    path = parse_path(f, args.get("path"), 1 - team)
    left = _left(s)
    path = movement.shortest(s, path, start, lambda: movement.ball_reach(s, team, start, left))
    movement.check_kick(s, team, start, path, left)
    end = path[-1]
    s.ball = list(end)
    s.held = -1
    s.kicked_by = team
    _played(s, "kick", team, label, start, path, ev, throw=throw)
    if f.is_goal(end):
        _shot(s, team, label, end, args, ev)
        return
    _after_spend(s, team, args, ev)


def _h_grab(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if GOALKEEPER not in s.members[team]:
        raise RulesError("Your team has no goalkeeper.")
    path = parse_path(s.field, args.get("path"), team)
    here = s.at(team, GOALKEEPER)
    if len(path) == 1 and not adjacent(here, path[0]) and path[0] == s.ball_at():
        found = movement.grab_path(s, team, _left(s))
        if found is None:
            raise RulesError(
                "Your goalkeeper cannot reach the ball with straight steps and the points left "
                "(or the way is blocked)."
            )
        path = found
    movement.check_grab(s, team, path, _left(s))
    s.members[team][GOALKEEPER]["at"] = list(path[-1])
    s.held = team
    _played(s, "grab", team, GOALKEEPER, here, path, ev, left=0)  # the rest is lost
    assert s.turn is not None
    s.turn["left"] = 0
    # Goalie movement: "then rolls 3 dice" for the throw or kick, in the same turn
    s.step = {"k": "roll", "team": team, "n": 3, "why": "goalie", "throw": True}


def _h_end(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if s.held == team and movement.can_throw(s, team):
        raise RulesError(
            "Your goalkeeper still holds the ball: throw or kick it before ending the turn."
        )
    _end_turn(s, team, "end", _at(args), ev)
    _next_turn(s, 1 - team, ev)


def _h_end_unrolled(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    raise RulesError("Roll for your turn first.")


def _h_timeout(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    """Timed version: the turn clock ran out, the turn ends on the spot (the referee's own
    action, ``clock.time_up``), before the roll too."""
    if s.options["length"] != "timed":
        raise RulesError("Only a timed match has a turn clock.")
    if s.step["k"] == "roll" and not s.step.get("throw"):
        s.turns_played += 1  # a turn that passed unplayed
    _end_turn(s, team, "timeout", _at(args), ev)
    _next_turn(s, 1 - team, ev)


def _end_turn(s: SimpleSoccerState, team: int, reason: str, at: float | None, ev: Events) -> None:
    """Close ``team``'s turn: a timed match's clock runs on by the time the turn took, at most
    its turn clock (Timed version)."""
    turn = s.turn or {}
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


def _next_turn(s: SimpleSoccerState, team: int, ev: Events) -> None:
    """The turn passes to ``team`` unless the half or the match is over."""
    if not _whistle(s, ev):
        _start_turn(s, team)


# -- shots (Shot on goal) ----------------------------------------------------------------


def _shot(s: SimpleSoccerState, team: int, label: str, at: Square, args: Step, ev: Events) -> None:
    keeper_team = 1 - team
    keeper = s.members[keeper_team].get(GOALKEEPER)
    distance = 99 if keeper is None else manhattan((keeper["at"][0], keeper["at"][1]), at)
    ev.append(
        Event(
            "shot",
            {
                "team": team,
                "member": label,
                "at": list(at),
                "goalie": None if keeper is None else keeper["at"][:],
                "distance": distance,
            },
        )
    )
    _end_turn(s, team, "shot", _at(args), ev)
    if distance > MAX_SAVE:
        ev.append(Event("no_chance", {"team": keeper_team, "distance": distance}))
        _goal(s, team, label, ev)
        return
    s.step = {
        "k": "save",
        "team": keeper_team,
        "ball": list(at),
        "distance": distance,
        "kicker": label,
    }


def can_save(distance: int, die: int) -> bool:
    """The goalkeeper reaches the ball with exactly ``die`` straight steps: enough of them,
    and of the same parity as the distance (Shot on goal).

    >>> [d for d in range(1, 7) if can_save(3, d)], [d for d in range(1, 7) if can_save(5, d)]
    ([3, 5], [5])
    """
    return die >= distance and (die - distance) % 2 == 0


def _h_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = _dice(args, 1)
    step = s.step
    saved = can_save(step["distance"], die)
    ev.append(
        Event("save_roll", {"team": team, "die": die, "distance": step["distance"], "saved": saved})
    )
    if not saved:
        _goal(s, 1 - team, step["kicker"], ev)
        return
    # the goalkeeper now stands on the goal square, the ball in its hands; its team's turn
    # clock starts with the save
    s.ended_at = _at(args)
    s.members[team][GOALKEEPER]["at"] = list(step["ball"])
    s.ball = list(step["ball"])
    s.held = team
    ev.append(Event("saved", {"team": team}))
    _next_turn(s, team, ev)


def _goal(s: SimpleSoccerState, team: int, label: str, ev: Events) -> None:
    s.score[team] += 1
    s.held = -1
    ev.append(Event("goal", {"team": team, "member": label, "score": s.score[:]}))
    if s.options["length"] == "score" and s.score[team] >= s.options["target"]:
        _finish(s, team, "target", ev)
        return
    if _whistle(s, ev):
        return
    _to_setup(s, 1 - team, "goal")  # the team that did not score kicks off


# -- halves and the end ("Game time and ending") -----------------------------------------


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


def _whistle(s: SimpleSoccerState, ev: Events) -> bool:
    """Half time or full time if it is due; True when play does not simply go on."""
    due = whistle_due(s)
    if due == "half":
        s.half = 2
        ev.append(Event("half_time", {"score": s.score[:]}))
        _to_setup(s, 1 - s.opening, "half")  # Optional half time: the other team kicks off
        return True
    if due == "full":
        ev.append(Event("full_time", {"score": s.score[:]}))
        if s.score[0] == s.score[1]:
            _start_shootout(s, ev)
        else:
            _finish(s, 0 if s.score[0] > s.score[1] else 1, "full_time", ev)
        return True
    return False


def _finish(s: SimpleSoccerState, winner: int, reason: str, ev: Events) -> None:
    s.winner, s.over, s.reason = winner, True, reason
    s.turn = None
    s.step = {"k": "over"}
    ev.append(Event("over", {"winner": winner, "score": s.score[:], "reason": reason}))


# -- the shootout (Overtime shootout) ----------------------------------------------------


def _start_shootout(s: SimpleSoccerState, ev: Events) -> None:
    first = s.opening
    s.held = -1
    s.turn = None
    s.shootout = {
        "first": first,
        "kicks": [[], []],
        "kicker": first,
        "spot": None,
        "ball": None,
        "taker": _taker(s, first, 0),
    }
    ev.append(Event("shootout_start", {"first": first}))
    s.step = {"k": "spot", "team": 1 - first}


def _taker(s: SimpleSoccerState, team: int, kicks: int) -> str:
    """Who takes ``team``'s next kick: the fielders in number order, then the goalkeeper,
    then round again (five different members when there are five)."""
    order = [str(n) for n in range(1, s.options["fielders"] + 1)] + [GOALKEEPER]
    return order[kicks % len(order)]


def _h_spot(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    spot = args.get("spot")
    if isinstance(spot, str) and spot.strip().isdigit():
        spot = int(spot)
    if isinstance(spot, bool) or not isinstance(spot, int) or not 1 <= spot <= shootout.SPOTS:
        raise MalformedAction("Pick a spot from 1 to 7, counted from the kicker's left.")
    sh = s.shootout
    assert sh is not None
    sh["spot"], sh["ball"] = spot, None
    ev.append(Event("spot_chosen", {"team": team}))
    s.step = {"k": "penalty", "team": sh["kicker"]}


def _h_penalty(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = _dice(args, 1)
    sh = s.shootout
    assert sh is not None
    ball = shootout.ball_spot(die, sh["spot"])
    sh["ball"] = ball
    distance = abs(ball - sh["spot"])
    ev.append(
        Event(
            "penalty",
            {
                "team": team,
                "taker": sh["taker"],
                "die": die,
                "ball": ball,
                "spot": sh["spot"],
                "distance": distance,
            },
        )
    )
    n = shootout.save_dice(distance)
    if n:
        s.step = {"k": "penalty_save", "team": 1 - team, "n": n, "distance": distance}
    else:
        _penalty_done(s, team, True, ev)


def _h_penalty_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    dice = _dice(args, s.step["n"])
    result = shootout.stopped(s.step["distance"], dice)
    ev.append(Event("penalty_save_roll", {"team": team, "dice": dice, "result": result or "miss"}))
    _penalty_done(s, 1 - team, not result, ev)


def _penalty_done(s: SimpleSoccerState, team: int, scored: bool, ev: Events) -> None:
    sh = s.shootout
    assert sh is not None
    sh["kicks"][team].append(scored)
    ev.append(
        Event(
            "penalty_result", {"team": team, "scored": scored, "kicks": [k[:] for k in sh["kicks"]]}
        )
    )
    winner = shootout.decided(sh["kicks"], sh["first"])
    if winner >= 0:
        _finish(s, winner, "shootout", ev)
        return
    nxt = 1 - team
    sh.update(kicker=nxt, taker=_taker(s, nxt, len(sh["kicks"][nxt])))
    s.step = {"k": "spot", "team": 1 - nxt}


Handler = Callable[[SimpleSoccerState, int, Step, Events], None]
_HANDLERS: dict[tuple[str, str], Handler] = {
    ("rolloff", "roll"): _h_rolloff,
    ("setup", "setup"): _h_setup,
    ("roll", "roll"): _h_roll,
    ("play", "move"): _h_move,
    ("play", "kick"): _h_kick,
    ("play", "grab"): _h_grab,
    ("play", "end"): _h_end,
    ("roll", "end"): _h_end_unrolled,
    ("play", "timeout"): _h_timeout,
    ("roll", "timeout"): _h_timeout,
    ("save", "roll"): _h_save,
    ("spot", "spot"): _h_spot,
    ("penalty", "roll"): _h_penalty,
    ("penalty_save", "roll"): _h_penalty_save,
}
