"""Simple Soccer match options: the board size, fielders a side, the game length (set score,
turn count or timed, "Game time and ending") and the optional half time.

>>> o = normalize({})
>>> o["size"], o["fielders"], o["length"], o["turns"], o["half_time"]
('standard', 10, 'turns', 40, False)
>>> normalize({"size": "small"})["fielders"]
7
>>> normalize({"length": "timed", "turn_timeout": 2})["turn_seconds"]
120

Without a ``length``, the option given says which: ``target`` a set score, ``minutes`` timed,
``turns`` a turn count; an option of another length is refused rather than ignored.

>>> normalize({"target": 3})["length"], normalize({"minutes": 10})["length"]
('score', 'timed')
>>> try:
...     normalize({"length": "turns", "target": 3})
... except MalformedAction as refused:
...     print(refused)
`target` counts only with `length:score`; this match is `length:turns`.
>>> normalize(normalize({"length": "timed", "minutes": 5})) == normalize({"minutes": 5})
True
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.core.options import whole
from engine.simplesoccer.field import DEFAULT_SIZE, SIZES
from engine.simplesoccer.rules import advanced

LENGTHS = ("turns", "score", "timed")
DEFAULT_LENGTH = "turns"
DEFAULT_TARGET = 2  # "the quickest game": first to 2
DEFAULT_TURNS = 40  # both teams' turns counted
DEFAULT_MINUTES = 20
DEFAULT_TURN_SECONDS = 30  # the rules' recommended turn clock
MAX_FIELDERS = 10
MAX_TARGET = 9
MAX_TURNS = 400
MAX_MINUTES = 180

KNOWN = (
    "size",
    "fielders",
    "length",
    "target",
    "turns",
    "minutes",
    "half_time",
    "rules",
    "options",
)
OF_LENGTH = {"target": "score", "turns": "turns", "minutes": "timed"}  # option -> its length
_DEFAULTS = {"target": DEFAULT_TARGET, "turns": DEFAULT_TURNS, "minutes": DEFAULT_MINUTES}


def _flag(options: dict[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off"):
        value = value.lower() in ("true", "yes", "on")
    if not isinstance(value, bool):
        raise MalformedAction(f"'{name}' must be true or false.")
    return value


def _length(options: dict[str, Any]) -> str:
    """The match's length: named, else the one of the first length option given."""
    given = [option for option in OF_LENGTH if options.get(option) is not None]
    named = options.get("length")
    if named is None:
        named = OF_LENGTH[given[0]] if given else DEFAULT_LENGTH
    length = str(named).strip().lower()
    if length not in LENGTHS:
        raise MalformedAction(
            f"'length' must be turns (a turn count), score (first to a score) or timed, "
            f"not {length!r}."
        )
    for option in given:
        # another length's option at its default is what this function answers: accepted
        if OF_LENGTH[option] != length and str(options[option]) != str(_DEFAULTS[option]):
            raise MalformedAction(
                f"`{option}` counts only with `length:{OF_LENGTH[option]}`; this match is "
                f"`length:{length}`."
            )
    return length


def normalize(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options the rules read, checked and completed with the defaults (its answer
    normalizes to itself). Other keys (the referee's dice seed...) are ignored;
    ``turn_timeout`` (minutes) becomes the timed version's turn clock."""
    options = dict(options or {})
    settings = advanced(options)
    size = str(options.get("size", DEFAULT_SIZE)).strip().lower()
    if size not in SIZES:
        raise MalformedAction(f"'size' must be one of {', '.join(SIZES)}, not {size!r}.")
    length = _length(options)
    half_time = _flag(options, "half_time")
    if half_time and length == "score":
        raise MalformedAction(
            "Half time needs a turn count or a timed match: a set-score match has no halves."
        )
    turns = whole(options, "turns", DEFAULT_TURNS, 2, MAX_TURNS)
    if half_time and turns % 2:
        raise MalformedAction("With half time the turn count must be even (two equal halves).")
    timeout = options.get("turn_timeout")
    turn_seconds = DEFAULT_TURN_SECONDS
    if isinstance(timeout, int) and not isinstance(timeout, bool) and timeout > 0:
        turn_seconds = 60 * timeout
    return {
        "size": size,
        "fielders": whole(options, "fielders", SIZES[size].fielders, 1, MAX_FIELDERS),
        "length": length,
        "target": whole(options, "target", DEFAULT_TARGET, 1, MAX_TARGET),
        "turns": turns,
        "minutes": whole(options, "minutes", DEFAULT_MINUTES, 1, MAX_MINUTES),
        "turn_seconds": turn_seconds,
        "half_time": half_time,
        # the advanced rules: ``rules`` as chosen, ``advanced`` every rule's setting
        "rules": str(options.get("rules") or "basic").strip().lower(),
        "advanced": settings,
    }
