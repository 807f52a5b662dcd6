"""Moving the ball: along an arrow by the die (it may go out of play), or a free move in a
direction the team chooses (after losing possession, a tackle, a bounce-up, a plain free kick,
a throw-in), offered only in the directions that keep the whole path on the pitch."""

from __future__ import annotations

from typing import NamedTuple

from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.socceristic import landing, restarts
from engine.socceristic.common import XY, Step, ball, dice, forward, pitch, square_at, walk
from engine.socceristic.pitch import DIRECTION_WORDS, DIRECTIONS, STEP
from engine.socceristic.state import SocceristicState

THROW_DIAGONAL = 3  # THROW-INS: four squares diagonally forwards, counting the thrower's square


class Way(NamedTuple):
    """A direction a team may choose: how many squares and where the ball stops."""

    direction: str
    steps: int
    to: XY


def ways(s: SocceristicState, step: Step) -> list[Way]:
    """The legal directions of a pending ``direction`` step, in compass order."""
    p = pitch(s)
    q = ball(s)
    team, n = step["team"], step["n"]
    ahead = forward(s, team)
    out = []
    for d in DIRECTIONS:
        dx, dy = STEP[d]
        k = n
        if step.get("limit") and dx != 0 and dy == ahead:
            k = min(n, THROW_DIAGONAL)
        to = walk(q, d, k)
        if p.on_pitch(*to):  # the pitch is a rectangle: the path is on it when its end is
            out.append(Way(d, k, to))
    return out


def h_free_roll(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    (die,) = dice(args, 1)
    landing.choose(s, team, "free_kick" if s.step["why"] == "free_kick" else "free", die)


def h_direction(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    direction = args.get("direction")
    if direction not in STEP:
        raise MalformedAction("'direction' must be one of N, NE, E, SE, S, SW, W or NW.")
    legal = {w.direction: w for w in ways(s, s.step)}
    if direction not in legal:
        words = ", ".join(DIRECTION_WORDS[d] for d in legal)
        raise RulesError(
            f"The ball would go off the pitch {DIRECTION_WORDS[direction]}: choose {words}."
        )
    way = legal[direction]
    q = ball(s)
    why = s.step["why"]
    if why == "throw_in":
        data = {"team": team, "at": list(q), "die": s.step["n"] + 1, "steps": way.steps}
        ev.append(Event("throw_in", {**data, "direction": direction}))
    ev.append(
        Event(
            "move",
            {
                "team": team,
                "die": s.step["n"] + (1 if why == "throw_in" else 0),
                "direction": direction,
                "from": list(q),
                "to": list(way.to),
                "steps": way.steps,
                "why": why,
            },
        )
    )
    landing.land(s, way.to, team, ev)


def h_advance(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """NEXT MOVE: the ball follows the arrow as many squares as the die shows."""
    (die,) = dice(args, 1)
    q = ball(s)
    direction = square_at(s, q).arrow
    assert direction is not None
    data = {"team": team, "die": die, "direction": direction, "from": list(q)}
    if die <= 2 and s.step["chance"]:
        ev.append(Event("arrow", {**data, "to": None}))
        landing.chance(s, team, "arrow", ev)
        return
    p = pitch(s)
    last = q
    for _ in range(die):
        nxt = walk(last, direction, 1)
        if not p.on_pitch(*nxt):
            ev.append(Event("arrow", {**data, "to": list(last)}))
            out_of_play(s, team, last, nxt, ev)
            return
        last = nxt
    ev.append(Event("arrow", {**data, "to": list(last)}))
    landing.land(s, last, team, ev)


def out_of_play(s: SocceristicState, mover: int, last: XY, beyond: XY, ev: list[Event]) -> None:
    """The ball left the pitch from ``last`` towards ``beyond`` after a move by ``mover``:
    over an end line (a corner of the pitch counts as the end line) a corner or a goal kick,
    over a side line a throw-in to the other team where it went out."""
    p = pitch(s)
    s.ball = [last[0], last[1]]
    if 0 <= beyond[1] < p.height:
        ev.append(Event("out", {"team": mover, "at": list(last), "restart": "throw_in"}))
        restarts.throw_in(s, 1 - mover, last, ev)
        return
    end = "north" if beyond[1] < 0 else "south"
    if s.ends[mover] == end:  # CORNER KICKS: the defending team put it over its own goal line
        ev.append(Event("out", {"team": mover, "at": list(last), "restart": "corner"}))
        restarts.corner(s, 1 - mover, restarts.side_of(s, last[0]), ev)
    else:  # GOAL KICKS: the attacking team put it over the goal line
        ev.append(Event("out", {"team": mover, "at": list(last), "restart": "goal_kick"}))
        restarts.goal_kick(s, 1 - mover, last[0], ev)
