"""The board pictures of a match: one after every turn, one for every goal, one at full time,
each with a caption saying what happened, so the pictures alone tell the match.

>>> from engine.fuba.coach import iter_match
>>> frames = FrameRecorder()
>>> shots = [f for s, _, ev in iter_match(7) for f in frames.feed(s, ev)]
>>> shots[0].kind, shots[0].caption.text[:9]
('turn', 'Kick-off:')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.core.events import Event
from engine.fuba import FUBA, FubaState
from engine.fuba.board import BOX
from referee.fuba.narration import describe, side
from render.fuba.board import Caption

Data = dict[str, Any]
_OUTCOMES = {
    "goal": "goal",
    "miss": "miss",
    "corner": "corner kick",
    "rebound": "rebound",
    "second_roll": "a 6, roll again",
}


def _target(d: Data) -> str:
    who, start, target = side(d["team"]), d["start"], d["target"]
    if start == target:
        return f"{who} keeps the ball in {target} (ball value {d['value']})"
    return f"{who} passes {start} → {target} (ball value {d['value']})"


def _control(d: Data) -> str:
    if d.get("rebound"):
        return f"{side(d['team'])} wins the rebound"
    return f"{side(d['team'])} {'keeps' if d['kept'] else 'wins'} the ball"


# Short forms for captions (one line under the board); other events worth a place in a caption
# use their narration line; the rest are left out.
SHORT: dict[str, Callable[[Data], str | None]] = {
    "target": _target,
    "control": _control,
    "pressing": lambda d: f"{side(d['team'])} presses and wins the ball" if d["success"] else None,
    "goal_attempt": lambda d: (
        f"{side(d['team'])} shoots from {d['area']}: {_OUTCOMES.get(d['outcome'], d['outcome'])}"
    ),
    "difficult_attempt": lambda d: f"second roll: {_OUTCOMES.get(d['outcome'], d['outcome'])}",
    "penalty_kick": lambda d: f"{side(d['team'])}'s penalty: {'GOAL' if d['goal'] else 'saved'}",
    "goal": lambda d: f"GOAL {d['score'][0]}-{d['score'][1]}",
    "half_end": lambda d: f"HALF TIME {d['score'][0]}-{d['score'][1]}" if d["half"] == 1 else None,
    "match_end": lambda d: f"FULL TIME {d['score'][0]}-{d['score'][1]}",
}
CAPTION_EVENTS = frozenset(
    {
        "formations_revealed",
        "kickoff_team",
        "goal",
        "corner_kick",
        "goal_kick",
        "free_kick",
        "penalty_awarded",
        "yellow_card",
        "red_card",
        *SHORT,
    }
)
TURN, GOAL, FINAL = "turn", "goal", "final"


class Frame(NamedTuple):
    kind: str  # TURN, GOAL or FINAL
    name: str  # a file-name stem: "h1-kickoff", "h1-turn07" (after turn 7), "h2-goal-2-1"
    view: dict[str, Any]  # what the board shows (a view for ``viewer``)
    caption: Caption


def caption_text(prefix: str, events: list[Event]) -> str:
    """``prefix: what happened · what happened next``, from a turn's events."""
    lines = []
    for e in events:
        if e.kind in CAPTION_EVENTS:
            short = SHORT.get(e.kind)
            line = short(e.data) if short is not None else describe(e)
            if line:
                lines.append(line)
    return f"{prefix}: " + " · ".join(lines)


def shot_area(events: list[Event]) -> int | None:
    """Where the last shot of ``events`` was taken from (a penalty: from its box)."""
    for e in reversed(events):
        if e.kind == "goal_attempt":
            return int(e.data["area"])
        if e.kind == "penalty_kick":
            return BOX[1 - e.data["team"]]
    return None


class FrameRecorder:
    """Feed it every action's (state after, events); it returns the frames each one completes:
    the board when a turn has been played (taken as the next turn starts, so it shows whose
    decision that is), and the board right after a goal."""

    def __init__(self, viewer: str | None = None) -> None:
        self.viewer = viewer
        self._events: list[Event] = []
        self._turn = (1, 0)  # (half, turn) of the turn being played

    def _prefix(self) -> str:
        return f"Turn {self._turn[1]}" if self._turn[1] else "Kick-off"

    def feed(self, state: FubaState, events: list[Event]) -> list[Frame]:
        frames = []
        self._events.extend(events)
        for e in events:
            if e.kind == "goal":
                west, east = e.data["score"]
                frames.append(
                    Frame(
                        GOAL,
                        f"h{state.half}-goal-{west}-{east}",
                        FUBA.view(state, self.viewer),
                        Caption(describe(e) or "GOAL!", e.data["team"], shot_area(self._events)),
                    )
                )
        now = (state.half, state.turns[state.half - 1])
        if now != self._turn and now[1] and not state.over:
            text = caption_text(self._prefix(), self._events)
            half, turn = self._turn
            name = f"h{half}-turn{turn:02d}" if turn else f"h{half}-kickoff"
            frames.append(Frame(TURN, name, FUBA.view(state, self.viewer), Caption(text)))
            self._events.clear()
            self._turn = now
        return frames

    def finish(self, state: FubaState) -> Frame:
        """The full-time frame (call once the match is over)."""
        text = caption_text(self._prefix(), self._events)
        self._events.clear()
        return Frame(FINAL, "final", FUBA.view(state, self.viewer), Caption(text))
