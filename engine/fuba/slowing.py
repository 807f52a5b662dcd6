"""A8 slowing the game down: at the extra minute of a goal kick, free kick, corner or
penalty kick the controlling team may spend one more minute on purpose. It then rolls two
dice: ten times the sum below the game time is a yellow card for time-wasting, followed by
a red card test."""

from __future__ import annotations

from typing import Any, Final

from engine.core.events import Event, event
from engine.fuba import cards, clock
from engine.fuba.state import FubaState

RESTARTS: Final = ("goal kick", "free kick", "corner", "penalty")


def offer(s: FubaState, reason: str, at: int) -> None:
    """After a restart's extra minute (there is none in stoppage time): the ``slow``
    decision for the controlling team, inserted at agenda index ``at``."""
    if s.rule("slowing") and reason in RESTARTS:
        s.agenda.insert(at, {"k": "slow", "team": s.control, "restart": reason})


def choose(s: FubaState, team: int, choice: str, ev: list[Event]) -> None:
    """``slow``: one more minute, then the roll; ``play``: nothing happens."""
    if choice != "slow":
        return
    clock.run(s, 1, "time-wasting", ev)
    s.agenda.insert(0, {"k": "roll", "team": team, "n": 2, "for": "slow"})


def roll_slow(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """2d6 x 10 below the game time: a yellow card, then a red card test (5.6.2). A result
    equal to or above the game time goes unpunished."""
    s.agenda.pop(0)
    team = step["team"]
    result = sum(dice) * 10
    minute = clock.game_minute(s)
    booked = result < minute
    ev.append(
        event(
            "slowing",
            {
                "team": team,
                "dice": list(dice),
                "result": result,
                "minute": minute,
                "yellow": booked,
            },
        )
    )
    if booked:
        cards.book(s, team, ev)
        cards.start_red_test(s, team, 0, "time-wasting")
