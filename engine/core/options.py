"""Helpers every ruleset's options and actions share: a side by name, a whole-number option.

>>> side_index(("west", "east"), "east")
1
>>> whole({"turns": "12"}, "turns", 40, 2, 400)
12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import MalformedAction, NotYourDecision


def side_index(sides: Sequence[str], actor: str) -> int:
    """The team index of the side ``actor``; refused when the match has no such side."""
    for i, side in enumerate(sides):  # no copy of ``sides``: every action asks
        if side == actor:
            return i
    names = " or ".join(sides)
    raise NotYourDecision(f"{actor!r} is not a side of this match ({names}).")


def whole(options: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    """The whole-number option ``name`` (a number or its digits), ``default`` when absent."""
    value = options.get(name, default)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MalformedAction(f"'{name}' must be a whole number from {low} to {high}.")
    return value
