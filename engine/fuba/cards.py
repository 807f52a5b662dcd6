"""5.6 Yellow and red card tests.

Basic rules never start a card test by themselves; fouls, aggressive pressing and slow play
(advanced rules A6, A8, A13) do, through ``start_yellow_test`` and ``start_red_test``.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba.board import AREAS, HALF_PARTLY
from engine.fuba.state import FubaState


def start_yellow_test(s: FubaState, team: int, reason: str = "", modifier: int = 0) -> None:
    step = {"k": "roll", "team": team, "n": 1, "for": "yellow", "reason": reason}
    s.agenda.insert(0, {**step, "mod": modifier} if modifier else step)


def start_red_test(s: FubaState, team: int, modifier: int = 0, reason: str = "") -> None:
    s.agenda.insert(
        0, {"k": "roll", "team": team, "n": 1, "for": "red", "mod": modifier, "reason": reason}
    )


def yellow_test(s: FubaState, step: dict[str, Any], die: int, ev: list[Event]) -> None:
    """5.6.1 the yellow card test roll; may lead to a red card test (5.6.2)."""
    team = step["team"]
    die = min(6, die + step.get("mod", 0))  # a modified result counts at most as a 6 (docs)
    target = s.turn.get("target", s.ball)
    own_side = target in HALF_PARTLY[team]  # 5.6.1 result 3 (teams never change ends)
    booked = die >= 4 or (die == 3 and own_side)
    ev.append(event("yellow_test", {"team": team, "die": die, "yellow": booked}))
    if not booked:
        return
    had = s.yellows[team]
    book(s, team, ev)
    if had >= 1 or die == 6:
        start_red_test(s, team, 1 if die == 6 else 0, "second yellow" if had else "yellow 6")
    if die == 6 and s.rule("injuries"):
        from engine.fuba import injuries

        injuries.injure(s, 1 - team, ev, "yellow 6", at=1)  # A4: a 6 also injures an opponent


def book(s: FubaState, team: int, ev: list[Event]) -> None:
    """A yellow card given outright (a slowing or a rude foul); the caller starts any red
    card test."""
    s.yellows[team] += 1
    ev.append(event("yellow_card", {"team": team, "yellows": s.yellows[team]}))


def red_test(s: FubaState, step: dict[str, Any], die: int, ev: list[Event]) -> None:
    """5.6.2 red if the die is lower than the yellow cards (plus any modifier)."""
    team = step["team"]
    threshold = s.yellows[team] + step.get("mod", 0)
    sent_off = die < threshold
    ev.append(
        event("red_test", {"team": team, "die": die, "needed_below": threshold, "red": sent_off})
    )
    if not sent_off:
        return
    s.reds[team] += 1
    s.yellows[team] = max(0, s.yellows[team] - (1 if die == 1 else 2))
    ev.append(event("red_card", {"team": team, "direct": die == 1, "yellows": s.yellows[team]}))
    if sum(s.outfield[team]) > 0:
        s.agenda.insert(0, {"k": "remove", "team": team})


def removable_areas(s: FubaState, team: int) -> list[int]:
    """Areas holding an outfield player the team may take off after a red card (5.6.2)."""
    areas = [a for a in AREAS if s.outfield[team][a]]
    if team == s.control and s.pieces(team, s.ball) == 1 and len(areas) > 1:
        areas = [a for a in areas if a != s.ball]  # 4.5.3 keep the ball carrier
    return areas
