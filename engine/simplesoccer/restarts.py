"""Restarts (advanced rules: Poor aim and out of bounds): a ball out over a side line is a
throw-in, over an end line a corner or a goal kick; fouls give free kicks (fouls.py calls
``award``). The restart team plays a turn of 3 dice from the ball's square. Before it, either
the restart team names a taker who is set beside the ball, or (``reposition``) both teams may
move members freely. A corner may be curved in with a called total.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import ballpath, facing, flow, movement, rules, shots
from engine.simplesoccer.field import (
    FACINGS,
    SIDES,
    WEST,
    Square,
    front,
    name,
    name_table,
    parse,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER, parse_layout
from engine.simplesoccer.state import SimpleSoccerState

KINDS = {
    "throw_in": "throw-in",
    "corner": "corner kick",
    "goal_kick": "goal kick",
    "free_kick": "free kick",
}
DICE = 3  # every restart is a turn of 3 dice (poor aim never applies)
CALLS = range(3, 19)  # the totals 3 dice can show


def touched(s: SimpleSoccerState, team: int) -> None:
    """``team`` touched the ball: the ball's remembered kick (inertia) is forgotten when
    another team's (the direction rule keeps it)."""
    try:
        from engine.simplesoccer import direction
    except ImportError:  # the direction rule's module is optional in this layer
        return
    direction.touched_by(s, team)


def told_travel(
    s: SimpleSoccerState,
    team: int,
    label: str,
    why: str,
    start: Square,
    d: str,
    landing: ballpath.Landing,
    ev: Events,
) -> None:
    """Tell a ball's travel by itself and keep it for the board to draw."""
    f = s.field
    path = [start, *landing.path]
    if landing.bounced:
        path.append(landing.at)
    s.last = {"kind": "kick", "team": team, "member": label, "path": [list(sq) for sq in path]}
    ev.append(
        Event(
            "travel",
            {
                "team": team,
                "member": label,
                "why": why,
                "dir": d,
                "from": list(start),
                "path": [list(sq) for sq in landing.path],
                "squares": [name(f, sq) for sq in path],
                "at": list(landing.at),
                "landing": landing.kind,
                "line": landing.line,
                "bounced": landing.bounced,
            },
        )
    )


def after_travel(
    s: SimpleSoccerState,
    team: int,
    landing: ballpath.Landing,
    args: Step,
    ev: Events,
    *,
    member: str | None = None,
) -> bool:
    """Settle where a ball travelling by itself (last touched by ``team``) ended: on the
    board it rests there (the caller goes on); out of bounds the current turn ends and the
    restart is given; in a goal square it is a shot. True when play left the current turn."""
    f = s.field
    s.held = -1
    if landing.kind == "board":
        s.ball = list(landing.at)
        return False
    if landing.kind == "goal":
        label = member or (s.last or {}).get("member") or "?"
        s.ball = list(landing.at)
        shots.shot(s, team, label, landing.at, args, ev)
        return True
    at = landing.at
    if not rules.on(s, "poor_aim"):
        # without out of bounds the ball stays in: it stops on the last square of its way
        taken = set(s.occupied())
        if at in taken:
            at = ballpath.nearest(f, at, lambda sq: sq not in taken) or at
        s.ball = list(at)
        return False
    s.ball = list(at)
    if landing.line == "side":
        kind, to, spot = "throw_in", 1 - team, at
    else:
        defending = WEST if at[0] < f.width // 2 else 1 - WEST
        to = 1 - defending if team == defending else defending
        kind = "corner" if team == defending else "goal_kick"
        spot = (at[0], 0 if at[1] < f.centre[1] else f.height - 1) if kind == "corner" else at
    ev.append(Event("out", {"team": team, "at": list(at), "restart": kind, "to": to}))
    award(s, to, kind, spot, ev, reason="out", when=flow.at(args))
    return True


def award(
    s: SimpleSoccerState,
    team: int,
    kind: str,
    at: Square,
    ev: Events,
    *,
    reason: str = "restart",
    when: float | None = None,
) -> None:
    """Give ``team`` a restart of ``kind`` (throw_in, corner, goal_kick, free_kick) at ``at``
    (a goal kick's square is the defending team's pick). A turn still under way ends first,
    and half or full time comes before the restart when it is due."""
    if kind not in KINDS:
        raise ValueError(f"not a restart: {kind}")
    if s.turn is not None:
        flow.end_turn(s, int(s.turn["team"]), reason, when, ev)
    if flow.whistle(s, ev):
        s.restart = None
        return
    f = s.field
    s.turn = None
    s.held = -1
    s.kicked_by = -1
    s.motion = None  # a dead ball rolls on no more (inertia)
    taken = set(s.occupied())
    spot = at
    if kind != "goal_kick" and spot in taken:
        found = ballpath.nearest(f, spot, lambda sq: sq not in taken)
        assert found is not None
        spot = found
    s.ball = list(spot)
    s.restart = {"kind": kind, "team": team, "at": list(spot), "taker": None, "call": None}
    if kind == "corner":
        # the corner square itself, where a curved corner counts from even when a member
        # standing on it put the ball beside it
        s.restart["corner"] = list(at)
    if kind == "goal_kick":
        s.restart["at"] = None
        _clear_box(s, team, ev)
        s.step = {"k": "place", "team": team}
        return
    _after_place(s, ev)


def _clear_box(s: SimpleSoccerState, team: int, ev: Events) -> None:
    """A goal kick: the other team's members leave ``team``'s penalty area for the nearest
    free squares outside it."""
    f = s.field
    other = 1 - team
    for label in sorted(s.members[other]):
        here = s.at(other, label)
        if not f.in_box(team, here):
            continue
        blocked = {*s.occupied(), s.ball_at()}
        found = ballpath.nearest(
            f, here, lambda sq, no=blocked: sq not in no and not f.in_box(team, sq)
        )
        assert found is not None
        s.members[other][label]["at"] = list(found)
        ev.append(
            Event(
                "cleared", {"team": other, "member": label, "from": list(here), "to": list(found)}
            )
        )


def _after_place(s: SimpleSoccerState, ev: Events) -> None:
    assert s.restart is not None
    team = int(s.restart["team"])
    if rules.on(s, "reposition"):
        s.step = {"k": "reposition", "team": 1 - team}
        return
    if not takers(s, team):
        _start_roll(s, ev)
        return
    s.step = {"k": "taker", "team": team}


def _start_roll(s: SimpleSoccerState, ev: Events) -> None:
    assert s.restart is not None
    team, kind = int(s.restart["team"]), str(s.restart["kind"])
    ev.append(Event("restart", {"team": team, "kind": kind, "at": s.ball}))
    s.turn = None
    s.step = {"k": "roll", "team": team, "n": DICE, "why": kind, "restart": True}
    for hook in flow.TURN_STARTED:  # the rules' modules: skill points and the like
        hook(s, team)


def turn_started(s: SimpleSoccerState, team: int) -> None:
    """A turn that is no restart forgets a restart left over (a turn clock ran out)."""
    if not s.step.get("restart"):
        s.restart = None


def after_roll(s: SimpleSoccerState, team: int, dice: list[int], step: Step, ev: Events) -> None:
    """The restart's 3 dice are rolled: the restart is under way (a called corner settles)."""
    restart = s.restart
    if restart is None or not step.get("restart") or int(restart["team"]) != team:
        return
    s.restart = None
    if restart.get("call") is not None:
        _curved(s, team, restart, dice, ev)


# -- the taker (no repositioning) -----------------------------------------------------------


def taker_square(s: SimpleSoccerState, team: int, label: str) -> tuple[Square, str] | None:
    """Where ``label`` takes the restart and which way it faces: the nearest free square
    with the ball straight in front of its feet (facing the ball). Without the facing rule a
    member keeps its facing and may have the ball on a diagonal front square if it must."""
    f = s.field
    ball = s.ball_at()
    assert ball is not None
    here = s.at(team, label)
    taken = {sq for sq, who in s.occupied().items() if who != (team, label)}
    options: list[tuple[int, int, int, Square, str]] = []
    keep = [str(s.members[team][label]["facing"])]
    turns = ["n", "e", "s", "w"] if rules.on(s, "facing") else keep
    # the straight front square, then (keeping its facing) the diagonal ones
    sides = ((0, 0),) if len(turns) > 1 else ((0, 0), (1, 1), (-1, -1))
    for order, way in enumerate(turns):
        dx, dy = FACINGS[way]
        spots = [(ball[0] - dx - a * dy, ball[1] - dy - b * dx) for a, b in sides]
        for rank, sq in enumerate(spots):
            if sq in taken or not movement.member_may_stand(f, team, label, sq):
                continue
            if ball not in front(sq, way):
                continue
            far = max(abs(sq[0] - here[0]), abs(sq[1] - here[1]))
            options.append((rank, far, order, sq, way))
    if not options:
        return None
    _, _, _, sq, way = min(options)
    return sq, way


def takers(s: SimpleSoccerState, team: int) -> list[str]:
    """Who may take the restart: a fielder on its feet; at a goal kick the goalkeeper too."""
    keeper = s.restart is not None and s.restart["kind"] == "goal_kick"
    return [
        label
        for label in s.members[team]
        if (keeper or label != GOALKEEPER)
        and facing.standing(s, team, label)
        and taker_square(s, team, label) is not None
    ]


def _h_taker(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    label = flow.member(s, team, args)
    if label not in takers(s, team):
        raise RulesError(f"{label} cannot take it: pick a fielder on its feet.")
    found = taker_square(s, team, label)
    assert found is not None and s.restart is not None
    sq, way = found
    s.members[team][label]["at"] = list(sq)
    s.members[team][label]["facing"] = way
    s.restart["taker"] = label
    ev.append(Event("taker", {"team": team, "member": label, "at": list(sq), "facing": way}))
    _start_roll(s, ev)


def _p_taker(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    side = SIDES[team]
    assert s.restart is not None
    what = KINDS[s.restart["kind"]]
    choices = []
    for label in takers(s, team):
        found = taker_square(s, team, label)
        assert found is not None
        who = "G" if label == GOALKEEPER else label
        choices.append(
            Choice(
                Action(side, "taker", {"member": label}),
                f"{who} takes it from {name(s.field, found[0])}",
                {"member": label, "at": name(s.field, found[0])},
            )
        )
    return [Decision(side, "taker", f"Your {what}: who takes it?", tuple(choices))]


# -- the goal kick's square ------------------------------------------------------------------


def place_squares(s: SimpleSoccerState, team: int) -> list[Square]:
    """The free squares of ``team``'s penalty area, nearest its front edge's middle first."""
    f = s.field
    taken = set(s.occupied())
    inner = f.box_depth - 1 if team == WEST else f.width - f.box_depth
    mid = (inner, f.centre[1])
    found = [sq for sq in f.squares() if f.in_box(team, sq) and sq not in taken]
    return sorted(found, key=lambda sq: (abs(sq[0] - mid[0]) + abs(sq[1] - mid[1]), sq))


def _h_place(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if "square" not in args:
        raise MalformedAction('Name the square for the goal kick, e.g. "c7".')
    sq = parse(s.field, args["square"])
    if not s.field.in_box(team, sq):
        raise RulesError("Place the ball inside your own penalty area.")
    if sq not in place_squares(s, team):
        raise RulesError(f"{name(s.field, sq)} is taken: pick a free square.")
    assert s.restart is not None
    s.ball = list(sq)
    s.restart["at"] = list(sq)
    ev.append(Event("placed", {"team": team, "at": list(sq)}))
    _after_place(s, ev)


def _p_place(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    side = SIDES[step["team"]]
    table = name_table(s.field)
    choices = tuple(
        Choice(Action(side, "place", {"square": table[sq]}), f"Place it on {table[sq]}")
        for sq in place_squares(s, step["team"])[:25]
    )
    return [
        Decision(
            side,
            "place",
            "Goal kick: place the ball on any free square of your penalty area.",
            choices,
            open_ended=True,
        )
    ]


# -- repositioning (a mutual option) ----------------------------------------------------------


def _h_reposition(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    f = s.field
    assert s.restart is not None
    if "layout" not in args:
        raise MalformedAction('Give the moves as members and squares: "7 e5, 3 f6".')
    moves = parse_layout(f, team, args["layout"])
    ball = s.ball_at()
    staying = {sq for sq, (t, label) in s.occupied().items() if t != team or label not in moves}
    goal_kick = s.restart["kind"] == "goal_kick" and team != s.restart["team"]
    targets: set[Square] = set()
    for label, sq in moves.items():
        if label not in s.members[team]:
            raise RulesError(f"Your team has no member {label}.")
        if facing.is_down(s, team, label):
            raise RulesError(f"{label} is down: it cannot move before the restart.")
        where = name(f, sq)
        if not movement.member_may_stand(f, team, label, sq):
            raise RulesError(f"{label} cannot stand on {where}.")
        if sq == ball:
            raise RulesError(f"The ball is on {where}: members cannot stand on it.")
        if sq in staying or sq in targets:
            raise RulesError(f"{where} is taken.")
        if goal_kick and f.in_box(1 - team, sq):
            raise RulesError("At a goal kick your members stay outside the other penalty area.")
        targets.add(sq)
    for label, sq in moves.items():
        s.members[team][label]["at"] = list(sq)
    ev.append(Event("reposition", {"team": team, "moves": {k: list(v) for k, v in moves.items()}}))
    _next_reposition(s, team, ev)


def _h_ready(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    ev.append(Event("reposition", {"team": team, "moves": {}}))
    _next_reposition(s, team, ev)


def _next_reposition(s: SimpleSoccerState, team: int, ev: Events) -> None:
    assert s.restart is not None
    if team != s.restart["team"]:
        s.step = {"k": "reposition", "team": s.restart["team"]}
        return
    _start_roll(s, ev)


def _p_reposition(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    side = SIDES[team]
    assert s.restart is not None
    what = KINDS[s.restart["kind"]]
    whose = "Your" if team == s.restart["team"] else f"{flow.team_name(1 - team)}'s"
    return [
        Decision(
            side,
            "reposition",
            f'{whose} {what}: move members to free squares ("7 e5, 3 f6"), or get ready.',
            (Choice(Action(side, "ready", {}), "Ready"),),
            open_ended=True,
        )
    ]


# -- the curved corner ------------------------------------------------------------------------


def _kicker(s: SimpleSoccerState, team: int) -> str | None:
    """Who kicks the corner: its taker, else the first member with the ball at its feet."""
    restart = s.restart or {}
    label = restart.get("taker")
    if label and label in s.members[team] and movement.can_kick(s, team, label):
        return str(label)
    for label in s.members[team]:
        if movement.can_kick(s, team, label):
            return label
    return None


def roll_decisions(s: SimpleSoccerState, step: Step) -> list[Decision]:
    """Before a corner's dice: call the total to curve it in (or just roll)."""
    restart = s.restart
    if (
        restart is None
        or not step.get("restart")
        or restart["kind"] != "corner"
        or restart.get("call") is not None
        or _kicker(s, step["team"]) is None
    ):
        return []
    side = SIDES[step["team"]]
    choices = tuple(
        Choice(Action(side, "call", {"total": n}), f"Call {n}", {"total": n}) for n in CALLS
    )
    return [
        Decision(
            side,
            "call",
            "Curve it straight in? Call the total of your 3 dice before rolling, or just roll.",
            choices,
            info={"purpose": "corner_call"},
        )
    ]


def _h_call(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    restart = s.restart
    if restart is None or not s.step.get("restart") or restart["kind"] != "corner":
        raise RulesError("Only a corner kick can be curved in with a call.")
    if restart.get("call") is not None:
        raise RulesError(f"You have already called {restart['call']}: roll.")
    label = _kicker(s, team)
    if label is None:
        raise RulesError("Nobody has the ball at their feet to curve it in.")
    total = args.get("total")
    if isinstance(total, str) and total.strip().isdigit():
        total = int(total)
    if not isinstance(total, int) or isinstance(total, bool) or total not in CALLS:
        raise MalformedAction("Call a total of 3 dice: a number from 3 to 18.")
    restart["call"] = total
    ev.append(Event("corner_call", {"team": team, "member": label, "total": total}))


def _curved(
    s: SimpleSoccerState, team: int, restart: dict[str, Any], dice: list[int], ev: Events
) -> None:
    """A called corner: the roll settles where the ball goes, and the turn ends.

    # Poor aim and out of bounds (the curved kick): the total called right puts the ball
    # across the goal line that many squares from the corner; called wrong, it comes down
    # just inside the field that many squares along the line.
    """
    f = s.field
    total = sum(dice)
    call = int(restart["call"])
    right = total == call
    label = _kicker(s, team) or "?"
    at = restart.get("corner") or restart["at"]
    corner: Square = (at[0], at[1])
    kicked: Square = (restart["at"][0], restart["at"][1])
    along = "n" if corner[1] == 0 else "s"
    ev.append(
        Event(
            "curved", {"team": team, "member": label, "call": call, "total": total, "right": right}
        )
    )
    s.kicked_by = team
    touched(s, team)
    out_x = -1 if corner[0] == 0 else f.width
    args: Step = {}
    if right:
        row = corner[1] + (total if along == "n" else -total)
        crossing = (out_x, row)
        if f.is_goal(crossing):
            path = [kicked, (corner[0], row), crossing]
            s.last = {
                "kind": "kick",
                "team": team,
                "member": label,
                "path": [list(p) for p in path],
            }
            s.ball = list(crossing)
            shots.shot(s, team, label, crossing, args, ev)
            return
        last = (corner[0], min(max(row, 0), f.height - 1))
        landing = ballpath.Landing("out", last, "end", [last])
        told_travel(s, team, label, "corner", kicked, along, landing, ev)
        after_travel(s, team, landing, args, ev, member=label)
        return
    landing = ballpath.travel(s, corner, along, total)
    shown = landing
    if landing.path and tuple(landing.path[0]) == kicked:
        shown = replace(landing, path=landing.path[1:])  # the ball lay beside the corner
    told_travel(s, team, label, "corner", kicked, along, shown, ev)
    if after_travel(s, team, landing, args, ev, member=label):
        return
    flow.end_turn(s, team, "corner", None, ev)
    flow.next_turn(s, 1 - team, ev)


HANDLERS = {
    ("taker", "taker"): _h_taker,
    ("place", "place"): _h_place,
    ("reposition", "reposition"): _h_reposition,
    ("reposition", "ready"): _h_ready,
    ("roll", "call"): _h_call,
}
PENDING = {"taker": _p_taker, "place": _p_place, "reposition": _p_reposition}


def _what(verb: str) -> Any:
    def told(s: SimpleSoccerState, step: Step) -> str:
        return f"{flow.team_name(step['team'])} to {verb}"

    return told


WHAT = {
    "taker": _what("pick who takes the restart"),
    "place": _what("place the ball for the goal kick"),
    "reposition": _what("reposition before the restart"),
}
