"""Kick-offs, moves and halves: every move starts here, and a half that has run its length
ends instead (half time: the teams change ends and the other team kicks off; full time: the
match is over, a draw allowed)."""

from __future__ import annotations

from engine.core.events import Event
from engine.socceristic import clock
from engine.socceristic.common import Step, pitch, take
from engine.socceristic.pitch import ENDS
from engine.socceristic.state import SocceristicState


def whistle(s: SocceristicState, ev: list[Event]) -> bool:
    """End the half if it has run its length; whether it ended."""
    if clock.half_over(s):
        end_half(s, ev)
        return True
    return False


def begin_move(s: SocceristicState, step: Step, ev: list[Event]) -> bool:
    """Ask for the roll that starts a move, unless the half is over; whether a move started."""
    if whistle(s, ev):
        return False
    s.moves += 1
    s.step = step
    return True


def kick_off(s: SocceristicState, team: int, ev: list[Event]) -> None:
    """STARTING THE GAME (and restarting after a goal): the ball on the centre spot."""
    p = pitch(s)
    s.ball = [p.centre_spot, p.centre_row]
    s.restart = {"kind": "kickoff", "team": team, "at": s.ball[:]}
    take(s, team)
    begin_move(s, {"k": "kickoff", "team": team}, ev)


def start_half(s: SocceristicState, half: int, ev: list[Event]) -> None:
    s.half = half
    clock.reset(s)
    team = s.kickoff_first if half == 1 else 1 - s.kickoff_first
    ev.append(Event("half_start", {"half": half, "team": team, "ends": s.ends[:]}))
    kick_off(s, team, ev)


def end_half(s: SocceristicState, ev: list[Event]) -> None:
    if s.half == 1:
        ev.append(Event("half_time", {"score": s.score[:]}))
        s.ends = [other(s.ends[0]), other(s.ends[1])]  # the teams change ends at half time
        start_half(s, 2, ev)
        return
    a, b = s.score
    s.over = True
    s.winner = -1 if a == b else (0 if a > b else 1)
    s.step = {"k": "over"}
    s.restart = None
    ev.append(Event("full_time", {"score": s.score[:], "winner": s.winner}))


def other(end: str) -> str:
    return ENDS[1 - ENDS.index(end)]
