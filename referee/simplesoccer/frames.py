"""The board pictures of a Simple Soccer match: one at each kick-off, after every turn, at
every shot (before the goalkeeper's roll), after each shootout kick and at the end, each with a
short caption, so the pictures alone tell the match (the replay GIF and the demo's ``--out``
files).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.events import Event
from referee.frames import Frame
from referee.simplesoccer.narration import caption

# A frame's kind (its file name in the demo's --out) by the events it shows, first match
# first, and how long it stays in the replay.
_KINDS = (
    ("goal", {"goal"}),
    ("shot", {"shot", "saved"}),
    ("kickoff", {"kickoff", "half_time"}),
    ("penalty", {"penalty_result"}),
)
TURN, FINAL = "turn", "final"
HOLD_MS = {TURN: 1200, "goal": 2600, "shot": 2000, "kickoff": 1800, "penalty": 2000, FINAL: 5000}


def told(state: Any) -> bool:
    """Whether a picture is due: the match is over, or the field is set and a new turn, a
    shot's save, a set-up (after a goal or at half time) or a shootout kick is next."""
    if state.over:
        return True
    if state.ball is None:
        return False  # the roll-off and the first set-up: nothing on the field yet
    step = state.step
    k = step.get("k")
    if k == "roll":
        return not step.get("throw")  # the goalkeeper's throw belongs to the same turn
    if k == "setup":
        return not any(step["placed"])
    return k in ("save", "spot")


def frames(steps: Iterable[tuple[Any, list[Event]]]) -> list[Frame]:
    """One frame per picture due (``told``) from a match's (state after, events) steps."""
    from engine.simplesoccer import SIMPLESOCCER

    out: list[Frame] = []
    pending: list[Event] = []
    for state, events in steps:
        pending.extend(events)
        if not told(state):
            continue
        kind = FINAL if state.over else _kind({e.kind for e in pending})
        out.append(Frame(kind, SIMPLESOCCER.view(state, None), caption(pending), pending))
        pending = []
    return out


def _kind(kinds: set[str]) -> str:
    return next((kind for kind, shown in _KINDS if kinds & shown), TURN)
