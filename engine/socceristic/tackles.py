"""TACKLE SITUATIONS (and the bounce-up on the centre spot): both teams roll one die at once;
the higher wins the ball, a tie goes to the team that did not make the last move, which then
checks for an injury (two dice: 8 or more means a substitution)."""

from __future__ import annotations

from engine.core.events import Event
from engine.socceristic import landing
from engine.socceristic.common import Step, dice, higher, rolled_both, take
from engine.socceristic.state import SocceristicState

HURT = 8


def h_tackle(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    pair = rolled_both(s, team, args, "tackle_roll", ev)
    if pair is None:
        return
    a, b = pair
    tie = a == b
    winner = (1 - s.step["mover"]) if tie else higher(a, b)
    bounce = bool(s.step["bounce"])
    ev.append(Event("tackle", {"dice": [a, b], "winner": winner, "tie": tie, "bounce": bounce}))
    take(s, winner)
    why = "bounce" if bounce else "tackle"
    if tie:
        s.step = {"k": "injury", "team": winner, "why": why}
        return
    landing.open_play(s, winner, why, ev)


def h_injury(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    rolled = dice(args, 2)
    total = sum(rolled)
    hurt = total >= HURT
    ev.append(Event("injury_check", {"team": team, "dice": rolled, "total": total, "hurt": hurt}))
    if hurt:
        s.stats["injuries"][team] += 1
        s.step = {"k": "shirt", "team": team, "purpose": "injury", "why": s.step["why"]}
        return
    landing.open_play(s, team, s.step["why"], ev)
