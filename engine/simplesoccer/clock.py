"""The timed version's clock (Timed version): the referee writes the time into the actions of
a timed match, and ends a turn on the spot when its turn clock runs out.

>>> from engine.core import Action
>>> from engine.simplesoccer import SIMPLESOCCER
>>> s = SIMPLESOCCER.initial({"length": "timed"})
>>> stamp(s, Action("west", "roll", {"dice": [4]}), 1700000000.5).args
{'dice': [4], 'at': 1700000000.5}
>>> stamp(SIMPLESOCCER.initial(), Action("west", "roll", {"dice": [4]}), 1.0).args
{'dice': [4]}
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.state import SimpleSoccerState

# every action of a turn but the set-up: any of them may end it (a mis-kick, a restart...)
UNSTAMPED = frozenset({"setup", "skills"})


def stamp(state: SimpleSoccerState, action: Action, now: float) -> Action:
    """``action`` with the time it was taken (``at``, UTC seconds) in a timed match."""
    if state.options.get("length") != "timed" or action.kind in UNSTAMPED:
        return action
    args: dict[str, Any] = {**action.args, "at": now}
    return Action(action.actor, action.kind, args)


def time_up(state: SimpleSoccerState, side: str) -> Action | None:
    """The action ending ``side``'s turn on the spot when its turn clock ran out in a timed
    match (before its roll too: the turn passes unplayed); None for any other decision."""
    if state.over or state.options.get("length") != "timed":
        return None
    step = state.step
    if step.get("k") not in ("roll", "play") or SIDES[step["team"]] != side:
        return None
    return Action(side, "timeout", {})
