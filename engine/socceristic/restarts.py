"""Out of play: throw-ins, goal kicks and corner kicks, each started with its ball placed, then
rolled for as the rules say."""

from __future__ import annotations

from engine.core.events import Event
from engine.socceristic import landing, sheet
from engine.socceristic.common import XY, Step, attacking, ball, choice, dice, pitch, take
from engine.socceristic.halves import begin_move, whistle
from engine.socceristic.state import SocceristicState

SIDES_OF_PITCH = ("west", "east")


def throw_in(s: SocceristicState, team: int, q: XY, ev: list[Event]) -> None:
    """THROW-INS: ``team`` throws in from the square ``q`` beside the line."""
    s.ball = [q[0], q[1]]
    s.restart = {"kind": "throw_in", "team": team, "at": [q[0], q[1]]}
    take(s, team)
    # counted, like a corner or a goal kick, only if it is taken before the half ends
    if begin_move(s, {"k": "throw_in", "team": team}, ev):
        s.stats["throw_ins"][team] += 1


def h_throw_in(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """The die counts the squares from the thrower's own square: a 1 stays there."""
    (die,) = dice(args, 1)
    q = ball(s)
    if die == 1:
        data = {"team": team, "at": list(q), "die": 1, "steps": 0, "direction": None}
        ev.append(Event("throw_in", data))
        landing.land(s, q, team, ev)
        return
    landing.choose(s, team, "throw_in", die - 1, limit=attacking(s, team, q))


def side_of(s: SocceristicState, x: int) -> str | None:
    """The side of the pitch a column is on (None on the centre spot's column)."""
    spot = pitch(s).centre_spot
    return None if x == spot else ("west" if x < spot else "east")


def corner(s: SocceristicState, team: int, side: str | None, ev: list[Event]) -> None:
    """CORNER KICKS for ``team``; without a side the attacking team chooses it."""
    if side is None:
        if whistle(s, ev):  # the half ends before anyone is asked for a side
            return
        s.restart = {"kind": "corner", "team": team, "side": None, "at": None}
        s.step = {"k": "corner_side", "team": team}
        return
    p = pitch(s)
    end = s.ends[1 - team]
    # the corner squares are on lines 2 and 12: the one further west is the west corner
    west, east = sorted((p.x_of(2), p.x_of(12)))
    q = [west if side == "west" else east, p.odd[end]]
    s.ball = q
    s.restart = {"kind": "corner", "team": team, "side": side, "at": q[:]}
    take(s, team)
    if begin_move(s, {"k": "corner", "team": team, "side": side}, ev):
        s.stats["corners"][team] += 1
        ev.append(Event("corner", {"team": team, "side": side, "at": q[:]}))


def h_corner_side(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    corner(s, team, choice(args, "side", SIDES_OF_PITCH, "west or east"), ev)


def h_corner(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """CORNER KICK OUTCOMES."""
    a, b = dice(args, 2)
    p = pitch(s)
    end = s.ends[1 - team]
    data = {"team": team, "dice": [a, b]}
    if a == b and a in (2, 4):  # off an attacking player for a goal kick
        ev.append(Event("corner_roll", {**data, "result": "goal_kick", "to": None}))
        goal_kick(s, 1 - team, ball(s)[0], ev)
        return
    if a == b == 3:  # off a defender for another corner, from the same side
        ev.append(Event("corner_roll", {**data, "result": "again", "to": None}))
        corner(s, team, s.step["side"], ev)
        return
    if a == b == 5:
        ev.append(Event("corner_roll", {**data, "result": "goal", "to": None}))
        sheet.goal(s, team, "corner", ev)
        return
    if a == b:  # double 1: square 2 on EVEN, double 6: square 12 on EVEN
        line, column = "EVEN", 2 if a == 1 else 12
    else:  # no double: the first die's parity names the line, the total the square
        line, column = ("ODD" if a % 2 else "EVEN"), a + b
    q = (p.x_of(column), p.line_y(end, line))
    landed = {"result": "land", "to": list(q), "line": line, "column": column}
    ev.append(Event("corner_roll", {**data, **landed}))
    landing.land(s, q, team, ev)


def goal_kick(s: SocceristicState, team: int, near: int, ev: list[Event]) -> None:
    """GOAL KICKS for ``team`` (defending its end): the ball on ODD in the goal-kick column
    nearer to column index ``near``, where the ball went out."""
    p = pitch(s)
    xs = [p.x_of(n) for n in p.goal_kick]
    x = min(xs, key=lambda x: abs(x - near))
    q = [x, p.odd[s.ends[team]]]
    s.ball = q
    s.restart = {"kind": "goal_kick", "team": team, "at": q[:]}
    take(s, team)
    if begin_move(s, {"k": "goal_kick", "team": team, "purpose": "place"}, ev):
        s.stats["goal_kicks"][team] += 1


def h_goal_kick(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """Two rolls: where along ODD the ball is placed, then how far it travels up the pitch; a
    double 1 or 6 on either is a throw-in to the other team at the centre line."""
    a, b = dice(args, 2)
    p = pitch(s)
    purpose = s.step["purpose"]
    data = {"team": team, "purpose": purpose, "dice": [a, b]}
    if a == b and a in (1, 6):
        ev.append(Event("goal_kick", {**data, "to": None}))
        x = 0 if a == 1 else p.width - 1  # the West Stand / East Stand side
        throw_in(s, 1 - team, (x, p.centre_row), ev)
        return
    end = s.ends[team]
    if purpose == "place":
        q = (p.x_of(a + b), p.odd[end])
        s.ball = [q[0], q[1]]
        s.restart = {"kind": "goal_kick", "team": team, "at": list(q)}
        ev.append(Event("goal_kick", {**data, "to": list(q)}))
        s.step = {"k": "goal_kick", "team": team, "purpose": "kick"}
        return
    # the square in front of ODD is the first: the ball stops a+b rows from ODD
    y = p.odd[end] + p.away_from(end) * (a + b)
    q = (ball(s)[0], min(max(y, 0), p.height - 1))
    ev.append(Event("goal_kick", {**data, "to": list(q)}))
    landing.land(s, q, team, ev)
