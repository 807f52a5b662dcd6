"""Dice are actions: sources answer roll decisions with virtual, scripted or typed values."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from engine.core.actions import Action
from engine.core.decisions import Decision


class DiceSource(Protocol):
    def roll(self, n: int) -> list[int]: ...


class VirtualDice:
    """Seeded virtual dice: the same seed gives the same rolls."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, n: int) -> list[int]:
        # what random.choices(range(1, 7), k=n) draws (face floor(r * 6) + 1), without its cost
        random = self._rng.random
        if n == 2:
            return [int(random() * 6.0) + 1, int(random() * 6.0) + 1]
        return [int(random() * 6.0) + 1 for _ in range(n)]


class ScriptedDice:
    """Dice that return the given values in order; running out is a test error."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._pos = 0

    def roll(self, n: int) -> list[int]:
        if self._pos + n > len(self._values):
            raise AssertionError(f"scripted dice ran out after {self._pos} values")
        out = self._values[self._pos : self._pos + n]
        self._pos += n
        return out

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos


def autoroll(decision: Decision, dice: DiceSource) -> Action:
    """The roll action answering ``decision`` with values from ``dice``."""
    return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})


def parse_typed(text: str, n: int) -> list[int]:
    """Dice typed by a player at the table, e.g. "5 2" or "5,2", checked like any roll."""
    from engine.core.errors import MalformedAction

    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise MalformedAction(
            f'{text!r} is not a dice roll: type the values you rolled, e.g. "5 2".'
        ) from None
    return check_roll(values, n)


def check_roll(values: object, n: int) -> list[int]:
    """Validate typed or scripted dice: exactly ``n`` integers 1-6."""
    if (
        type(values) is list
        and len(values) == n
        and all(type(v) is int and 0 < v < 7 for v in values)
    ):
        return values  # the common case: a well-formed roll
    from engine.core.errors import MalformedAction

    if not isinstance(values, list | tuple) or len(values) != n:
        raise MalformedAction(f"Roll exactly {n} {'die' if n == 1 else 'dice'}.")
    out: list[int] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise MalformedAction(f"A die shows 1 to 6, not {v!r}.")
        out.append(v)
    return out
