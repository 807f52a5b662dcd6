"""Events: small records of what happened, turned into text by the referee layer."""

from __future__ import annotations

from typing import Any, Final, NamedTuple


class Event(NamedTuple):
    """What happened, e.g. ``Event("goal", {"team": 0, "score": [1, 0]})``. A named tuple:
    immutable and cheap to create (the engine makes several per action)."""

    kind: str
    data: dict[str, Any] = {}  # shared default: never mutated

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data}


_new = tuple.__new__


def event(kind: str, data: dict[str, Any]) -> Event:
    """``Event(kind, data)`` built without the named tuple's Python-level ``__new__``: for
    the events an engine makes for nearly every action (the same value, made faster)."""
    return _new(Event, (kind, data))


# The event list of a simulation whose events nobody reads (``play_match(record=False)``):
# the engine's most frequent events are not even built for it (``if ev is not MUTED``), the
# rest land here and are thrown away (the simulation empties it after every action).
MUTED: Final[list[Event]] = []
