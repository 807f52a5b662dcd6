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
from engine.core.errors import MalformedAction, NotYourDecision, RulesError
from engine.core.events import Event
from engine.core.steps import dispatch
from engine.simplesoccer import (
    deflection,
    direction,
    facing,
    fakeout,
    flight,
    flow,
    fouls,
    juggle,
    landing,
    movement,
    poor_aim,
    restarts,
    shootout,
    shots,
    skills,
    tackle,
)
from engine.simplesoccer.field import (
    SIDES,
    Square,
    adjacent,
    facing_of,
    parse_path,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.options import normalize
from engine.simplesoccer.setup import (
    GOALKEEPER,
    PRESETS,
    check_layout,
    labels,
    parse_layout,
    preset_layout,
)
from engine.simplesoccer.state import SimpleSoccerState

# the rules' modules, each with its HANDLERS, PENDING (decisions.py) and WHAT
MODULES = (
    shots,
    deflection,
    shootout,
    facing,
    direction,
    tackle,
    fakeout,
    juggle,
    fouls,
    skills,
    restarts,
    poor_aim,
    flight,
)


def new_match(options: dict[str, Any] | None = None) -> SimpleSoccerState:
    s = SimpleSoccerState(options=normalize(options))
    s.step = {"k": "rolloff", "dice": [None, None]}
    return s


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
        who = [flow.team_name(t) for t in (0, 1) if step["dice"][t] is None]
        return f"{' and '.join(who)} to roll for the kick-off"
    if k == "setup":
        who = [flow.team_name(t) for t in (0, 1) if not step["placed"][t]]
        return f"{' and '.join(who)} to set up"
    if k in _WHAT:
        return _WHAT[k](s, step)
    name = flow.team_name(step["team"])
    return {"roll": f"{name} to roll for the turn", "play": f"{name} to play the turn"}[k]


def _check_actor(s: SimpleSoccerState, step: Step, team: int) -> None:
    k = step["k"]
    if k == "rolloff":
        if step["dice"][team] is not None:
            raise NotYourDecision(
                f"You have already rolled; waiting for {flow.team_name(1 - team)} to roll."
            )
        return
    if k == "setup":
        if step["placed"][team]:
            raise NotYourDecision(
                f"Your team is set up; waiting for {flow.team_name(1 - team)} to set up."
            )
        return
    if k == "skills":  # both teams at once, like the set-up
        if step["placed"][team]:
            raise NotYourDecision(
                f"Your skill points are spread; waiting for {flow.team_name(1 - team)}."
            )
        return
    if step["team"] != team:
        raise NotYourDecision(f"It is not your turn: waiting for {what(s, step)}.")


# -- the roll-off and the set-up (Starting the game) -------------------------------------


def _h_rolloff(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
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
    flow.to_setup(s, winner, "start")


def _h_setup(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    f = s.field
    kickoff = s.step["kickoff"] == team
    fielders = s.options["fielders"]
    # Optional fouls: a member sent off stays off for the rest of the match
    playing = [lb for lb in labels(fielders) if lb not in s.sent_off[team]]
    preset = args.get("preset")
    if preset is not None:
        key = str(preset).strip().lower()
        if key not in PRESETS:
            raise MalformedAction(
                f"{preset!r} is not a preset: choose {', '.join(PRESETS)}, or type a layout."
            )
        layout = preset_layout(f, team, fielders, kickoff, key, playing)
        preset = key
    elif "layout" in args:
        layout = parse_layout(f, team, args["layout"])
    else:
        raise MalformedAction('Choose a preset, or type a layout such as "G goal7, 1 c3, ...".')
    check_layout(f, team, fielders, kickoff, layout, playing)
    facing = facing_of(team)
    kept = s.step.get("kept", [{}, {}])[team]  # skill points, fouls and cards (flow.to_setup)
    s.members[team] = {
        label: {"at": [sq[0], sq[1]], "facing": facing, **kept.get(label, {})}
        for label, sq in layout.items()
    }
    s.step["placed"][team] = True
    ev.append(Event("setup", {"team": team, "preset": preset}))
    if not all(s.step["placed"]):
        return
    if skills.ask(s):  # Optional fielder skill variance: the points before the first kick-off
        return
    kicker = s.step["kickoff"]
    s.ball = list(f.centre)
    ev.append(Event("kickoff", {"team": kicker, "half": s.half, "why": s.step["why"]}))
    flow.start_turn(s, kicker)


# -- turns (Fielder moves, Ball control) -------------------------------------------------


def _h_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    dice = flow.dice(args, step["n"])
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
            "started": s.ended_at if s.ended_at is not None else flow.at(args),
        }
        why = step["why"]
    if flow.at(args) is not None:
        s.turn["at"] = flow.at(args)  # the time a turn ended by the roll's own rules took
    ev.append(Event("rolled", {"team": team, "dice": dice[:], "points": points, "why": why}))
    s.step = {"k": "play", "team": team}
    for hook in _AFTER_ROLL:  # the advanced rules: a tackle's call, poor aim, skill points...
        hook(s, team, dice, step, ev)


def _h_move(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = flow.member(s, team, args)
    if movement.stuck(s, team, label):  # Fielder down: down, or got up this turn
        raise RulesError(movement.stuck(s, team, label))
    left = flow.left(s, label)  # a fake-out's own points too
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
    flow.played(s, "move", team, label, here, path, ev)
    for hook in _AFTER_MOVE:  # the advanced rules: a contact roll for a foul
        hook(s, team, label, here, path, args, ev)
    flow.after_spend(s, team, args, ev)


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


def _h_kick(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = flow.member(s, team, args)
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
    left = flow.left(s, label)
    kick = direction.plan_kick(s, team, label, start, path, left)  # Facing, Ball direction
    path = kick.path
    direction.kicked(s, team, label, kick)
    if flight.active(s):  # Intercept, Header, Bicycle kick: the ball goes square by square
        told = {"cost": kick.cost, "throw": throw, **kick.told()}
        flight.launch(s, team, label, start, path, args, ev, **told)
        return
    end = path[-1]
    s.ball = list(end)
    s.held = -1
    s.kicked_by = team
    flow.played(s, "kick", team, label, start, path, ev, kick.cost, throw=throw, **kick.told())
    landing.ball_stops(s, team, label, end, args, ev)


def _h_grab(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if GOALKEEPER not in s.members[team]:
        raise RulesError("Your team has no goalkeeper.")
    path = parse_path(s.field, args.get("path"), team)
    here = s.at(team, GOALKEEPER)
    if len(path) == 1 and not adjacent(here, path[0]) and path[0] == s.ball_at():
        found = movement.grab_path(s, team, flow.left(s))
        if found is None:
            raise RulesError(
                "Your goalkeeper cannot reach the ball with straight steps and the points left "
                "(or the way is blocked)."
            )
        path = found
    movement.check_grab(s, team, path, flow.left(s))
    direction.touched_by(s, team)
    s.members[team][GOALKEEPER]["at"] = list(path[-1])
    s.held = team
    flow.played(s, "grab", team, GOALKEEPER, here, path, ev, left=0)  # the rest is lost
    assert s.turn is not None
    s.turn["left"] = 0
    # Goalie movement: "then rolls 3 dice" for the throw or kick, in the same turn
    s.step = {"k": "roll", "team": team, "n": 3, "why": "goalie", "throw": True}


def _h_end(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if s.held == team and movement.can_throw(s, team):
        raise RulesError(
            "Your goalkeeper still holds the ball: throw or kick it before ending the turn."
        )
    flow.end_turn(s, team, "end", flow.at(args), ev)
    flow.next_turn(s, 1 - team, ev)


def _h_end_unrolled(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    raise RulesError("Roll for your turn first.")


def _h_timeout(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    """Timed version: the turn clock ran out, the turn ends on the spot (the referee's own
    action, ``clock.time_up``), before the roll too."""
    if s.options["length"] != "timed":
        raise RulesError("Only a timed match has a turn clock.")
    if s.step["k"] == "roll" and not s.step.get("throw"):
        s.turns_played += 1  # a turn that passed unplayed
    flow.end_turn(s, team, "timeout", flow.at(args), ev)
    flow.next_turn(s, 1 - team, ev)


Handler = Callable[[SimpleSoccerState, int, Step, Events], None]
_BASIC: dict[tuple[str, str], Handler] = {
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
}
_HANDLERS: dict[tuple[str, str], Handler] = dict(_BASIC)
_WHAT: dict[str, Callable[[SimpleSoccerState, Step], str]] = {}
for _module in MODULES:
    _HANDLERS.update(_module.HANDLERS)
    _WHAT.update(getattr(_module, "WHAT", {}))
skills.wrap_rolls(_HANDLERS)  # Optional fielder skill variance: any own roll may be re-rolled
# the advanced rules' hooks into the basic flow, in the order of MODULES
_AFTER_ROLL = [m.after_roll for m in MODULES if hasattr(m, "after_roll")]
_AFTER_MOVE = [m.after_move for m in MODULES if hasattr(m, "after_move")]
flow.TURN_STARTED.extend(m.turn_started for m in MODULES if hasattr(m, "turn_started"))
flow.FREE_PLAYS.extend(m.free_play for m in MODULES if hasattr(m, "free_play"))
