"""Restarts: kick-offs (3.3.1), corner kicks (5.3), goal kicks (5.4), free kicks (5.2) and
penalty kicks (5.5), the extra minute that comes with them (4.2.1.1) and what the advanced
rules add there (returns from injury A4, slowing A8, substitutions A3), and the end of a half
(4.2.1.3). The handlers of the decisions they lead to are in ``match``."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba import (
    bring,
    clock,
    injuries,
    moves,
    setup,
    skills,
    slowing,
    substitutions,
    weather,
)
from engine.fuba.board import BOX, CORNER_SPOTS, HALF_PARTLY, TOWARDS_CENTRE, corner_spots_for
from engine.fuba.state import FubaState


def setup_steps(s: FubaState, kind: str, area: int = 0) -> list[dict[str, Any]]:
    """3.3 controlling team, defending team, then up to two adjustments."""
    ct = s.control
    return [
        {"k": "setup", "team": ct, "kind": kind, "area": area},
        {"k": "setup", "team": 1 - ct, "kind": kind, "area": area},
        {
            "k": "moves",
            "team": ct,
            "mode": moves.ADJUST,
            "left": 2,
            "made": 0,
            "kind": kind,
            "area": area,
        },
    ]


def start_kickoff(s: FubaState, ev: list[Event]) -> None:
    """3.3.1 the ball in the centre with value 2; the controlling team sets up first."""
    s.ball, s.value = 7, 2
    s.last_pass = None
    s.turn = {"stage": "restart", "kind": "kickoff"}
    moves.reset_locks(s, s.control)
    s.agenda.extend(setup_steps(s, setup.KICKOFF))


def after_goal(s: FubaState, team: int, ev: list[Event]) -> None:
    """The goal stands: half time or full time, else the other team kicks off."""
    if interrupt(s, ev):
        return
    s.control = 1 - team  # 4.4 the scoring team becomes the defending team
    restart_minute(s, "goal", ev)
    start_kickoff(s, ev)


def restart_minute(s: FubaState, reason: str, ev: list[Event]) -> None:
    """4.2.1.1 the extra minute of a restart or after a goal (none in stoppage time); the
    advanced rules' returns (A4), slowing (A8) and substitutions (A3) come with it."""
    added = clock.add_minute(s)
    if added:
        ev.append(clock.time_event(s, 1, reason))
    injuries.returns(s, ev)
    if added:
        slowing.offer(s, reason, len(s.agenda))
    if reason != "penalty":
        substitutions.restart_window(s, len(s.agenda))


def corner(s: FubaState, team: int, ev: list[Event]) -> None:
    """5.3 corner kick for ``team``; the corner nearer the shot when it came from a corner
    area, else the kicking team chooses (design decision 12)."""
    from_area = s.ball
    if interrupt(s, ev):
        return
    s.control = team
    restart_minute(s, "corner", ev)
    north, south = corner_spots_for(team)
    s.turn = {"stage": "restart", "kind": "corner", "area": 0}
    ev.append(event("corner_kick", {"team": team}))
    if from_area == CORNER_SPOTS[north]:
        place_corner(s, north)
    elif from_area == CORNER_SPOTS[south]:
        place_corner(s, south)
    else:
        s.agenda.append({"k": "corner", "team": team})


def place_corner(s: FubaState, spot: int) -> None:
    s.turn["area"] = spot
    s.ball, s.value = spot, 2  # 5.3.1
    s.last_pass = None
    s.agenda.extend(setup_steps(s, setup.CORNER, spot))


def goal_kick(s: FubaState, team: int, ev: list[Event]) -> None:
    """5.4 goal kick for ``team`` from its own box."""
    if interrupt(s, ev):
        return
    s.control = team
    restart_minute(s, "goal kick", ev)
    box = BOX[team]
    s.ball, s.value = box, 2
    s.last_pass = None
    out = TOWARDS_CENTRE[box]
    for t in (0, 1):
        n = s.outfield[t][box]
        s.outfield[t][box] = 0
        s.outfield[t][out] += n
    if s.keeper[1 - team] == box:
        s.keeper[1 - team] = out
    s.turn = {"stage": "restart", "kind": "goal_kick"}
    ev.append(event("goal_kick", {"team": team}))
    moves.push(s, team, moves.GK_CT, at=len(s.agenda))
    bring.bring_closest(s, team, box, ev, at=0)


def award_free_kick(s: FubaState, team: int, area: int, ev: list[Event]) -> None:
    """5.2 a free kick for ``team`` in ``area`` (the turn's target area); a penalty kick in
    the opponent's box. Started by fouls and aggressive pressing (advanced rules)."""
    if interrupt(s, ev):
        return
    s.control = team
    if area == BOX[1 - team]:
        award_penalty(s, team, ev)
        return
    restart_minute(s, "free kick", ev)
    s.ball, s.value = area, 2
    s.last_pass = None
    quick = area in HALF_PARTLY[team]  # 5.2.3 (the centre is in both halves)
    s.turn = {"stage": "restart", "kind": "free_kick", "area": area}
    ev.append(event("free_kick", {"team": team, "area": area, "quick": quick}))
    if quick:
        moves.push(s, team, moves.QUICK_CT, at=len(s.agenda))
        bring.bring_closest(s, team, area, ev, at=0)
    else:
        s.agenda.extend(setup_steps(s, setup.FREE_KICK, area))
    s.agenda.append({"k": "free_kick", "team": team})


def award_penalty(s: FubaState, team: int, ev: list[Event]) -> None:
    """5.5 penalty kick for ``team``; the rest of the turn is skipped, as for a free kick."""
    if interrupt(s, ev):
        return
    s.control = team
    restart_minute(s, "penalty", ev)
    s.ball, s.value = BOX[1 - team], 2
    s.last_pass = None
    s.turn = {"stage": "restart", "kind": "penalty"}
    ev.append(event("penalty_awarded", {"team": team}))
    s.agenda.extend(setup_steps(s, setup.PENALTY, BOX[1 - team]))
    s.agenda.append({"k": "penalty", "team": 1 - team, "role": "keeper"})
    s.agenda.append({"k": "penalty", "team": team, "role": "kicker"})
    saver = skills.auto(s, 1 - team, "penalty_saver")  # A11 two dice, the lower counts
    s.agenda.append({"k": "roll", "team": team, "n": 2 if saver else 1, "for": "penalty"})


def interrupt(s: FubaState, ev: list[Event]) -> bool:
    """The rest of the turn is skipped. True when the half ends instead of a restart."""
    s.agenda.clear()
    if s.turn.get("end"):
        end_half(s, ev)
        return True
    return False


def end_half(s: FubaState, ev: list[Event]) -> None:
    """4.2.1.3 half time (teams swap kick-off, one formation change) or the final whistle."""
    s.agenda.clear()
    ev.append(event("half_end", {"half": s.half, "score": s.score[:]}))
    if s.half == 2:
        s.over = True
        s.turn = {"stage": "over"}
        ev.append(event("match_end", {"score": s.score[:]}))
        return
    s.half, s.minute, s.stoppage = 2, 45, 0
    s.control = 1 - s.first_half_ct
    s.agenda.append({"k": "formation", "picks": [None, None], "halftime": True})
    weather.second_half(s, ev, len(s.agenda))  # A9
    substitutions.restart_window(s, len(s.agenda))  # A3 the second half's kick-off
    start_kickoff(s, ev)
