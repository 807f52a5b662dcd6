"""4.2.2.1 and 4.5.3: the team with the ball always has a player in the ball's area; when it
has nobody there, its closest player (one of them, the team's choice) is brought in."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba import moves
from engine.fuba.board import DIST
from engine.fuba.state import FubaState


def closest(s: FubaState, team: int, target: int) -> list[list[Any]]:
    best, out = 99, []
    for a in s.areas_of(team):
        d = DIST[a][target]
        for gk in (False, True):
            if (gk and s.keeper[team] != a) or (not gk and not s.outfield[team][a]):
                continue
            if d < best:
                best, out = d, [[a, gk]]
            elif d == best:
                out.append([a, gk])
    return out


def bring_closest(s: FubaState, team: int, area: int, ev: list[Event], at: int = -1) -> None:
    """4.2.2.1 the team with the ball has nobody in ``area``: its closest player (one of
    them, the team's choice) moves there. Also used whenever a team gains the ball in an
    area where it has nobody (4.5.3), e.g. a lost rebound or a goal kick with the keeper out."""
    if s.pieces(team, area):
        return
    options = closest(s, team, area)
    if len(options) == 1:
        do_bring(s, team, options[0][0], options[0][1], area, ev)
    else:
        step = {"k": "bring", "team": team, "options": options, "to": area}
        s.agenda.insert(len(s.agenda) if at < 0 else at, step)


def do_bring(s: FubaState, team: int, frm: int, gk: bool, to: int, ev: list[Event]) -> None:
    if gk:
        s.keeper[team] = to
    else:
        s.outfield[team][frm] -= 1
        s.outfield[team][to] += 1
        s.moved[team][frm] = min(s.moved[team][frm], s.outfield[team][frm])
        s.locked[team][frm] = min(s.locked[team][frm], s.outfield[team][frm])
    moves.note_moved(s, team, to, gk)
    ev.append(event("bring", {"team": team, "from": frm, "to": to, "goalkeeper": gk}))
