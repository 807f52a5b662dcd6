"""A4 injuries: the injured player leaves at once, then the team rolls: 1-4 out for that
many minutes (back in the centre circle area at the end of a turn once they have passed),
5-6 out for good (a substitution may replace him).

``state.injured[team]`` lists the minutes still to pass before each temporarily injured
player returns (0: back at the end of this turn); a player out for good is simply gone
from the pitch, like a player sent off. The goalkeeper is never taken off: when he is the
one hurt another player leaves and the opponent gets +1 on every later goal attempt
(``state.keeper_hurt``).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba import bring, substitutions, weather
from engine.fuba.board import ADJ, AREAS, CENTRE, DIST
from engine.fuba.state import FubaState


def _near_ball(s: FubaState, team: int) -> list[int]:
    return [a for a in sorted({s.ball} | ADJ[s.ball]) if a in AREAS and s.outfield[team][a]]


def removal_options(s: FubaState, team: int) -> tuple[list[int], bool]:
    """A4 the areas the injured player may come from, and whether the goalkeeper was hurt.

    The player comes from the ball's area or an adjacent one; when the team has nobody
    there the closest player leaves. When its only piece there is the goalkeeper, the
    goalkeeper is the one hurt: the closest outfield player leaves instead (project
    decision). The team keeps a player with the ball when it has one to spare (4.5.3)."""
    near = _near_ball(s, team)
    keeper_near = s.keeper[team] == s.ball or s.keeper[team] in ADJ[s.ball]
    keeper_hurt = not near and keeper_near
    areas = near
    if not areas:
        mine = [a for a in AREAS if s.outfield[team][a]]
        if mine:
            best = min(DIST[a][s.ball] for a in mine)
            areas = [a for a in mine if DIST[a][s.ball] == best]
    if team == s.control and s.pieces(team, s.ball) == 1 and len(areas) > 1:
        areas = [a for a in areas if a != s.ball]
    return areas, keeper_hurt


def injure(s: FubaState, team: int, ev: list[Event], reason: str, at: int = 0) -> None:
    """``team`` suffers an injury: its injury roll, inserted at agenda index ``at``; the
    player leaves right after it (decided then, or by a ``remove`` step)."""
    s.agenda.insert(at, {"k": "roll", "team": team, "n": 1, "for": "injury", "reason": reason})


def roll_injury(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """A4 the injury roll (+1 in cold or storm): 1-4 minutes out, 5 or more for good; then
    the injured player leaves (project decision: the roll comes first, so a team sees how
    long the player is out before it says who he is)."""
    s.agenda.pop(0)
    team = step["team"]
    die = dice[0] + weather.injury_modifier(s)
    minutes = die if die <= 4 else 0
    data: dict[str, Any] = {"team": team, "die": die, "reason": step.get("reason", "")}
    if minutes:
        data["minutes"] = minutes
    else:
        data["permanent"] = True
    ev.append(event("injury", data))
    areas, keeper_hurt = removal_options(s, team)
    if keeper_hurt and not s.keeper_hurt[team]:
        s.keeper_hurt[team] = True
        ev.append(event("keeper_injured", {"team": team}))
    if not areas:  # no outfield player left to take off
        return
    if len(areas) == 1:
        remove(s, team, areas[0], minutes, ev)
        return
    remove_step = {"k": "remove", "team": team, "for": "injury", "options": areas}
    s.agenda.insert(0, {**remove_step, "minutes": minutes})


def remove(s: FubaState, team: int, area: int, minutes: int, ev: list[Event]) -> None:
    """Take the injured player off: back after ``minutes`` (0: for good, and a substitute
    may come on)."""
    s.outfield[team][area] -= 1
    s.moved[team][area] = min(s.moved[team][area], s.outfield[team][area])
    s.locked[team][area] = min(s.locked[team][area], s.outfield[team][area])
    if minutes:
        s.injured[team] = [*s.injured[team], minutes]
    _refresh_brings(s, team)
    ev.append(event("injured_off", {"team": team, "area": area, "minutes": minutes}))
    if not minutes and s.rule("substitutions") and substitutions.left(s, team) > 0:
        s.agenda.insert(0, {"k": "replace", "team": team})


def replace(s: FubaState, team: int, choice: str, ev: list[Event]) -> None:
    """After a permanent injury: a substitute comes on in the centre circle area (project
    decision), with a condition point in the second half."""
    if choice != "substitute":
        ev.append(event("play_on", {"team": team}))
        return
    s.subs[team] += 1
    s.outfield[team][CENTRE] += 1
    points = substitutions.second_half_point(s, team)
    ev.append(event("substitution", {"team": team, "plan": "injury", "points": points}))


def _refresh_brings(s: FubaState, team: int) -> None:
    """A pending "closest player to the ball" step (4.2.2.1) may have offered the player
    who just left: offer the team's closest players again."""

    for i, step in enumerate(s.agenda):
        if step["k"] == "bring" and step["team"] == team:
            s.agenda[i] = {**step, "options": bring.closest(s, team, step["to"])}


def tick(s: FubaState, minutes: int) -> None:
    """The clock moved ``minutes``: temporarily injured players get closer to returning."""
    for team in (0, 1):
        if any(m > 0 for m in s.injured[team]):
            s.injured[team] = [max(0, m - minutes) for m in s.injured[team]]


def returns(s: FubaState, ev: list[Event]) -> None:
    """At the end of a turn: players whose injury time has passed come back to area 7."""
    for team in (0, 1):
        back = sum(1 for m in s.injured[team] if m == 0)
        if back:
            s.injured[team] = [m for m in s.injured[team] if m != 0]
            s.outfield[team][CENTRE] += back
            ev.append(event("injury_return", {"team": team, "n": back, "area": CENTRE}))
