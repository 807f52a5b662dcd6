"""The board pictures of a Socceristic match: one after the toss, then one after every move
(each kick-off, arrow, free move, throw-in, goal kick and corner), and one at full time, each
with a short caption, so the pictures alone tell the match (the replay GIF and the demo's
``--out`` files).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.events import Event
from referee.frames import Frame, pictures
from referee.socceristic.narration import caption

# The purposes of the rolls that start a move (the spec's D22): a picture is due before each.
MOVE_ROLLS = frozenset({"kickoff", "arrow", "free", "throw_in", "place", "corner"})

# A frame's kind (its file name in the demo's --out) by the events it shows, first match
# first, and how long it stays in the replay.
_KINDS = (
    ("goal", {"goal"}),
    ("card", {"card_drawn", "caution"}),
    ("kickoff", {"half_start", "half_time"}),
)
MOVE, FINAL = "move", "final"
HOLD_MS = {MOVE: 900, "goal": 2600, "card": 1800, "kickoff": 1800, FINAL: 5000}


def told(state: Any) -> bool:
    """Whether a picture is due: the match is over, or the next decision is the roll that
    starts a move (the passage of play before it is complete)."""
    from engine.socceristic import SOCCERISTIC

    if state.over:
        return True
    pending = SOCCERISTIC.pending(state)
    return bool(pending) and pending[0].info.get("purpose") in MOVE_ROLLS


def frames(steps: Iterable[tuple[Any, list[Event]]]) -> list[Frame]:
    """One frame per picture due (``told``) from a match's (state after, events) steps."""
    from engine.socceristic import SOCCERISTIC

    def frame(state: Any, events: list[Event]) -> Frame:
        kind = FINAL if state.over else _kind({e.kind for e in events})
        return Frame(kind, SOCCERISTIC.view(state, None), caption(events), events)

    return pictures(steps, told, frame)


def _kind(kinds: set[str]) -> str:
    return next((kind for kind, shown in _KINDS if kinds & shown), MOVE)
