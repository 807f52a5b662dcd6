"""Actions: everything that changes a match, dice rolls included."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_NEW: dict[str, Any] = {}  # no ``args`` given: a new empty dict, as the field's factory


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a match taken by ``actor`` (a side such as ``"west"``).

    ``kind`` names the step ("target", "roll", "move", ...); ``args`` holds JSON-native values.
    A dice roll is an action too: ``Action("west", "roll", {"dice": [4, 1]})``.
    """

    actor: str
    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def __init__(self, actor: str, kind: str, args: dict[str, Any] = _NEW) -> None:
        # Written out (the dataclass would make the same) so that compiled code builds
        # actions natively: the engine's coach makes one per roll.
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", {} if args is _NEW else args)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields: the compiled class cannot be rebuilt without them (actions
        # go to the drawing and thinking worker processes)
        return (Action, (self.actor, self.kind, self.args))

    def to_json(self) -> dict[str, Any]:
        return {"actor": self.actor, "kind": self.kind, "args": self.args}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(str(data["actor"]), str(data["kind"]), dict(data.get("args") or {}))

    def __hash__(self) -> int:  # args is a dict: hash its canonical text
        return hash((self.actor, self.kind, repr(sorted(self.args.items()))))
