"""Decisions: who must decide now, what kind of decision it is, and the legal choices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action with a short label and ruleset-specific details.

    For a FUBA target area, ``info`` holds the ``ball_value`` the ball would get.
    """

    action: Action
    label: str
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision pending for ``actor``.

    ``dice`` > 0 means the actor must roll that many six-sided dice (an action of kind
    ``"roll"`` with ``{"dice": [...]}``); ``choices`` is then empty.
    ``open_ended`` means the listed choices are examples (presets) and other actions of the
    listed kinds may be legal too (a setup layout, for instance); the engine checks them.
    ``secret`` decisions are revealed only when the ruleset says so.
    """

    actor: str
    kind: str
    prompt: str
    choices: tuple[Choice, ...] = ()
    dice: int = 0
    secret: bool = False
    open_ended: bool = False
    info: dict[str, Any] = field(default_factory=dict)

    def actions(self) -> list[Action]:
        return [c.action for c in self.choices]
