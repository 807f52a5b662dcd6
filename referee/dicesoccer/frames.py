"""The board pictures of a Sports Dice Soccer match: one after the toss, the kick-off and every
roll, each with a short caption, so the pictures alone tell the match (the replay GIF and the
demo's ``--out`` files).

>>> from engine.dicesoccer.coach import iter_match
>>> shots = frames((s, ev) for s, _, ev in iter_match(7))
>>> shots[0].caption, shots[-1].kind
('White wins the Power Chip toss', 'final')
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.events import Event
from engine.dicesoccer import DICESOCCER, DiceSoccerState
from referee.dicesoccer.narration import caption
from referee.frames import Frame

TURN, GOAL, FINAL = "turn", "goal", "final"  # how long a frame stays (the renderer's HOLD_MS)


def told(state: DiceSoccerState) -> bool:
    """Whether a picture is due: the toss is decided, or an exchange is over (both teams are
    to roll afresh), or the match is over."""
    if state.over:
        return True
    k = state.step.get("k")
    return k == "start" or (k == "roll" and state.roll["dice"] == [None, None])


def frames(steps: Iterable[tuple[DiceSoccerState, list[Event]]]) -> list[Frame]:
    """One frame per toss, kick-off and roll from a match's (state after, events) steps."""
    out: list[Frame] = []
    pending: list[Event] = []
    for state, events in steps:
        pending.extend(events)
        if not told(state):
            continue
        kind = FINAL if state.over else GOAL if any(e.kind == "goal" for e in pending) else TURN
        out.append(Frame(kind, DICESOCCER.view(state, None), caption(pending), pending))
        pending = []
    return out
