"""4.2.1 Time adjustment: the time track, stoppage time and the end of each half."""

from __future__ import annotations

from typing import Final

from engine.core.events import Event, event
from engine.fuba import injuries
from engine.fuba.state import FubaState

LAST_STOPPAGE: Final = 5


def half_end_minute(s: FubaState) -> int:
    return 45 * s.half


def game_minute(s: FubaState) -> int:
    """The current game time as a minute: a stoppage square is 45 (90) plus its number."""
    return s.minute + s.stoppage


def advance(s: FubaState, minutes: int) -> None:
    """Move the marker forward; a move that would pass the 45th (90th) minute stops on the
    first stoppage square (4.2.1.2). In stoppage time the marker moves square by square."""
    before = game_minute(s)
    end = half_end_minute(s)
    if s.stoppage:
        s.stoppage = min(LAST_STOPPAGE, s.stoppage + minutes)
    elif s.minute + minutes > end:
        s.minute = end
        s.stoppage = 1
    else:
        s.minute += minutes
    injuries.tick(s, game_minute(s) - before)  # A4 temporary injuries run with the clock


def time_event(s: FubaState, moved: int, reason: str) -> Event:
    """The narrated "time" event of an extra move of the clock (a restart, slowing, ...)."""
    data = {"moved": moved, "minute": s.minute, "stoppage": s.stoppage, "half": s.half}
    return event("time", {**data, "reason": reason})


def run(s: FubaState, minutes: int, reason: str, ev: list[Event]) -> None:
    """Move the clock ``minutes`` more for ``reason`` (time-wasting, a streaker) and say so."""
    before = game_minute(s)
    advance(s, minutes)
    ev.append(time_event(s, game_minute(s) - before, reason))


def add_minute(s: FubaState) -> bool:
    """4.2.1.1 the extra minute of a restart or goal; no effect in stoppage time."""
    if s.stoppage:
        return False
    advance(s, 1)
    return True


def turn_time(s: FubaState, d1: int, d2: int, target_is_box: bool) -> tuple[int, str]:
    """Apply the turn's time adjustment. Returns (squares moved, verdict) where verdict is
    "" (play on), "now" (the half ends at once) or "after" (it ends when this turn ends)."""
    if s.stoppage:
        diff = 0 if d1 == d2 else abs(d1 - d2)
        if diff < s.stoppage:
            # 4.2.1.2 the half ends, unless the ball is in a penalty area
            return 0, "after" if target_is_box else "now"
        advance(s, 1)
        return 1, "after" if s.stoppage >= LAST_STOPPAGE else ""
    before = s.minute
    advance(s, d1 if d1 == d2 else abs(d1 - d2))
    return s.minute - before + s.stoppage, ""
