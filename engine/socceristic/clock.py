"""The match's time: each half lasts a number of moves or minutes of a clock that runs while
the match is live.

A move starts each time a team is asked to roll to move the ball (an arrow, a free move, a
kick-off, a throw-in, a goal kick's first roll, a corner). In a minutes match the referee stamps
every action with the time (``args["at"]``); the clock adds the gap since the previous stamped
action of the half, at most two minutes for one gap, and ten seconds for an unstamped action.

>>> from engine.socceristic.state import SocceristicState
>>> s = SocceristicState(options={"length": {"minutes": 1, "added": 0}})
>>> tick(s, {"at": 100.0}); tick(s, {"at": 130.5}); tick(s, {"at": 1000.0}); tick(s, {})
>>> s.clock
160.5
"""

from __future__ import annotations

from engine.socceristic.common import Step
from engine.socceristic.state import SocceristicState

MAX_GAP = 120.0  # a long pause counts two minutes
UNSTAMPED = 10.0  # an action without a time (demo, terminal) counts ten seconds


def stamped(args: Step) -> float | None:
    at = args.get("at")
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None


def tick(s: SocceristicState, args: Step) -> None:
    """Run the clock for one action."""
    at = stamped(args)
    if at is None:
        s.clock += UNSTAMPED
        return
    if s.last_at is not None:
        s.clock += min(MAX_GAP, max(0.0, at - s.last_at))
    s.last_at = at


def reset(s: SocceristicState) -> None:
    """A new half: no moves and no time played yet."""
    s.moves = 0
    s.clock = 0.0
    s.last_at = None


def half_over(s: SocceristicState) -> bool:
    length = s.options["length"]
    if "moves" in length:
        return bool(s.moves >= length["moves"])
    return bool(s.clock >= (length["minutes"] + length["added"]) * 60)


def minute(s: SocceristicState) -> int | None:
    """The minute of the half now being played (None in a match of moves)."""
    if "minutes" not in s.options["length"]:
        return None
    return int(s.clock // 60) + 1
