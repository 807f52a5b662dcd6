"""Small helpers the skills' effects share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.core.events import Event
from engine.fuba import cards
from engine.fuba.board import ADJ, AREAS
from engine.fuba.state import FubaState

Step = dict[str, Any]
Args = dict[str, Any]
Effect = Callable[[FubaState, int, Args, Step, list[Event]], None]
PLAIN: Final[list[Args]] = [{}]  # one way to play the skill, without arguments


def successes(s: FubaState) -> int:
    """How many of the situation dice reached the ball value of the control check."""
    t = s.turn
    return sum(1 for d in t.get("dice", ()) if d >= t.get("check_value", 7))


def kept(s: FubaState) -> bool:
    """The controlling team kept the ball in this turn's control check."""
    t = s.turn
    return bool(t.get("checked")) and s.control == t.get("ct")


def next_step(s: FubaState, window: Step, k: str) -> Step | None:
    """The first step of kind ``k`` of the window's team after the window."""
    seen = False
    for st in s.agenda:
        if st is window:
            seen = True
        elif seen and st["k"] == k and st.get("team") == window["team"]:
            return st
    return None


def update_step(s: FubaState, old: Step, **changes: Any) -> None:
    """Replace the agenda's step ``old`` by a copy with ``changes`` (states share steps'
    values: a step is replaced, never changed in place)."""
    for i, st in enumerate(s.agenda):
        if st is old:
            s.agenda[i] = {**old, **changes}
            return


def neighbours(area: int) -> list[int]:
    return sorted(a for a in ADJ[area] if a in AREAS)


def booked(s: FubaState, team: int, why: str, ev: list[Event]) -> None:
    """A yellow card given outright; a second one means a red card test (5.6.2)."""
    had = s.yellows[team]
    cards.book(s, team, ev)
    if had >= 1:
        cards.start_red_test(s, team, 0, why)
