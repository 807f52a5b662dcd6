"""2 Formations: the eight cards, custom D-M-F shapes, and the half-time change (2.2)."""

from __future__ import annotations

import re
from typing import Final

from engine.core.errors import MalformedAction, RulesError

CARDS: Final = ("4-4-2", "4-2-4", "4-3-3", "4-5-1", "5-3-2", "3-5-2", "3-4-3", "5-4-1")
POSITIONS: Final = ("defenders", "midfielders", "forwards")
_SHAPE: Final = re.compile(r"^\s*(\d)\s*[-\s]\s*(\d)\s*[-\s]\s*(\d)\s*$")


# the cards parsed once (a coach picks one for every match): a copy is handed out
_CARD_SHAPES: Final[dict[str, list[int]]] = {c: [int(x) for x in c.split("-")] for c in CARDS}


def parse(text: object) -> list[int]:
    """'4-4-2' -> [4, 4, 2]; any D-M-F summing to 10 outfield players is accepted (2.1)."""
    if isinstance(text, str) and text in _CARD_SHAPES:
        return list(_CARD_SHAPES[text])
    if isinstance(text, list) and len(text) == 3 and all(isinstance(x, int) for x in text):
        shape = list(text)
    else:
        m = _SHAPE.match(str(text))
        if not m:
            raise MalformedAction(
                f"{text!r} is not a formation: write defenders-midfielders-forwards, e.g. 4-4-2."
            )
        shape = [int(g) for g in m.groups()]
    if sum(shape) != 10 or min(shape) < 0:
        raise RulesError(
            f"A formation needs exactly 10 outfield players; {fmt(shape)} has {sum(shape)}."
        )
    return shape


def fmt(shape: list[int]) -> str:
    return "-".join(str(x) for x in shape)


def one_player_changed(old: list[int], new: list[int]) -> bool:
    """2.2: the new shape moves at most one player from one position to another."""
    return sum(abs(a - b) for a, b in zip(old, new, strict=True)) in (0, 2)


def halftime_options(shape: list[int]) -> list[list[int]]:
    """The shape itself and every shape that moves one player to another position."""
    out = [list(shape)]
    for i in range(3):
        for j in range(3):
            if i != j and shape[i] > 0:
                new = list(shape)
                new[i] -= 1
                new[j] += 1
                out.append(new)
    return out
