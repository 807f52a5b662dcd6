"""The contract every ruleset implements, and replay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.events import Event

S = TypeVar("S")


class Ruleset(Protocol[S]):
    """A tabletop football ruleset as pure functions over a JSON-serialisable state."""

    name: str
    schema_version: int
    sides: tuple[str, ...]

    def initial(self, options: dict[str, Any] | None = None) -> S:
        """A new match before its first decision."""

    def pending(self, state: S) -> list[Decision]:
        """Who must decide now and the legal choices (several when decisions are
        simultaneous, e.g. secret formation cards). Empty when the match is over."""

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """The new state and what happened; raises ``RulesError`` and leaves ``state``
        unchanged when the action is illegal."""

    def view(self, state: S, viewer: str | None) -> dict[str, Any]:
        """The state as ``viewer`` (a side, or None for a spectator) may see it."""

    def to_json(self, state: S) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> S: ...

    def is_over(self, state: S) -> bool: ...


def replay(ruleset: Ruleset[S], initial: S, actions: Iterable[Action]) -> S:
    """Apply ``actions`` in order to ``initial``: ``state == replay(initial, log)``."""
    state = initial
    for action in actions:
        state, _ = ruleset.apply(state, action)
    return state
