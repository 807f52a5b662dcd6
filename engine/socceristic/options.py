"""Socceristic match options: the pitch (with both decks), the length of a half, the squads and
the decks' seed and scripted order.

>>> o = normalize({"length": "20 min + 3", "squads": {"home": "Ann, Bea"}})
>>> o["length"], o["squads"]["home"][:3], len(o["squads"]["away"])
({'minutes': 20, 'added': 3}, ['Ann', 'Bea', 'No. 3'], 16)
>>> normalize({"length": "moves:40"})["length"]
{'moves': 40}
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.errors import MalformedAction
from engine.socceristic import pitchfile
from engine.socceristic.pitch import DECKS, Pitch, pitch_of

SIDES = ("home", "away")
SQUAD = 16  # shirts 1-11 start, 12-16 on the bench
NAME_LENGTH = 24
DEFAULT_MOVES = 50  # the sample pitch plays like football at this length (docs)
MOVES = (5, 200)
MINUTES = (1, 90)
ADDED = (0, 15)
DEFAULT_ADDED = 5  # the rules suggest five minutes a half for hold-ups
KNOWN = ("pitch", "pitch_key", "length", "squads", "deck_seed", "deck_order")

_VALIDATED: set[str] = set()  # pitch keys whose data passed the pitch file's checks


def _pitch(options: dict[str, Any]) -> tuple[dict[str, Any], str]:
    data = options.get("pitch")
    if data is None:
        data = pitchfile.SAMPLE_DATA
    if not isinstance(data, dict):
        raise MalformedAction("'pitch' must be a pitch file's data (a JSON object).")
    key = pitchfile.pitch_key(data)
    if key not in _VALIDATED:
        pitchfile.validate(data)  # raises PitchError (a RulesError) naming the bad field
        _VALIDATED.add(key)
    return data, key


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MalformedAction(f"{what} must be a whole number from {low} to {high}.")
    return value


_MOVES_TEXT = re.compile(r"^(?:(\d+)\s*moves?|moves?\s*[:=]?\s*(\d+))$")
_MINUTES_TEXT = re.compile(
    r"^(?:(\d+)\s*(?:min|mins|minutes?)|(?:min|mins|minutes?)\s*[:=]?\s*(\d+))"
    r"(?:\s*\+\s*(\d+)(?:\s*(?:min|mins|minutes?|added))?)?$"
)
_LENGTH_HELP = (
    "'length' is a number of moves per half (\"50 moves\") or minutes per half with added "
    'time ("20 minutes", "20 min + 3").'
)


def parse_length(value: object) -> dict[str, int]:
    """The length of each half: ``{"moves": N}`` or ``{"minutes": M, "added": A}``."""
    if value is None:
        return {"moves": DEFAULT_MOVES}
    if isinstance(value, str):
        text = value.strip().lower()
        m = _MOVES_TEXT.match(text)
        if m:
            return {"moves": _whole(int(m.group(1) or m.group(2)), "Moves per half", *MOVES)}
        m = _MINUTES_TEXT.match(text)
        if m:
            value = {"minutes": int(m.group(1) or m.group(2)), "added": m.group(3)}
            if value["added"] is None:
                del value["added"]
        else:
            raise MalformedAction(_LENGTH_HELP)
    if not isinstance(value, dict):
        raise MalformedAction(_LENGTH_HELP)
    keys = set(value)
    if keys == {"moves"}:
        return {"moves": _whole(value["moves"], "Moves per half", *MOVES)}
    if "minutes" in keys and keys <= {"minutes", "added"}:
        return {
            "minutes": _whole(value["minutes"], "Minutes per half", *MINUTES),
            "added": _whole(value.get("added", DEFAULT_ADDED), "Added minutes", *ADDED),
        }
    raise MalformedAction(_LENGTH_HELP)


# letters of any alphabet, digits, spaces and . ' - : nothing that reads as markdown or a mention
_NAME = re.compile(r"(?:[^\W_]|[ .'\-])+")


def _names(value: object, side: str) -> list[str]:
    if value is None:
        items: list[object] = []
    elif isinstance(value, str):
        items = list(value.split(",")) if value.strip() else []
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise MalformedAction(f"The {side} squad is a list of names, or names between commas.")
    if len(items) > SQUAD:
        raise MalformedAction(
            f"The {side} squad has {len(items)} names; a squad has at most {SQUAD} "
            "(1-11 start, 12-16 on the bench)."
        )
    out = []
    for shirt, item in enumerate(items, start=1):
        if item is not None and not isinstance(item, str):
            raise MalformedAction(f"Shirt {shirt} of the {side} squad must be a name.")
        name = " ".join((item or "").split())
        if len(name) > NAME_LENGTH:
            raise MalformedAction(
                f"{name[:NAME_LENGTH]}... is too long: a name has at most {NAME_LENGTH} letters."
            )
        if name and not _NAME.fullmatch(name):
            raise MalformedAction(
                f"\"{name}\" cannot be a player's name: use letters, digits, spaces and . ' - only."
            )
        out.append(name or f"No. {shirt}")
    return out + [f"No. {shirt}" for shirt in range(len(out) + 1, SQUAD + 1)]


def parse_squads(value: object) -> dict[str, list[str]]:
    """Sixteen names per side (index 0 is shirt 1); a missing name is the shirt number."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise MalformedAction(
            '\'squads\' names each side\'s players: {"home": [...], "away": [...]}.'
        )
    unknown = sorted(set(map(str, value)) - set(SIDES))
    if unknown:
        raise MalformedAction(f"'squads' has no side {', '.join(unknown)}: use home and away.")
    return {side: _names(value.get(side), side) for side in SIDES}


def parse_deck_order(value: object, pitch: Pitch) -> dict[str, list[str]]:
    """The top cards of each named deck's first pass, in this order (tests script draws with
    it); the rest of the pack follows in the seed's order."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MalformedAction("'deck_order' maps a deck (outcome, referee) to its card ids.")
    out: dict[str, list[str]] = {}
    for deck, ids in value.items():
        if deck not in DECKS:
            raise MalformedAction(f"There is no deck {deck!r}: the decks are outcome and referee.")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise MalformedAction(f"The {deck} deck's order is a list of card ids.")
        known = set(pitch.ids(deck))
        missing = [i for i in ids if i not in known]
        if missing:
            raise MalformedAction(f"The {deck} deck has no card {', '.join(missing)}.")
        if len(set(ids)) != len(ids):
            raise MalformedAction(f"The {deck} deck's order names a card twice.")
        out[deck] = list(ids)
    return out


def normalize(options: dict[str, Any] | None) -> dict[str, Any]:
    """The match options the rules read, checked and completed with the defaults (its own
    output is accepted again)."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise MalformedAction(
            f"Unknown Socceristic option{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}."
        )
    data, key = _pitch(options)
    seed = options.get("deck_seed", 0)
    if isinstance(seed, str) and seed.strip().lstrip("-").isdigit():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedAction("'deck_seed' must be a whole number.")
    return {
        "pitch": data,
        "pitch_key": key,
        "length": parse_length(options.get("length")),
        "squads": parse_squads(options.get("squads")),
        "deck_seed": seed,
        "deck_order": parse_deck_order(
            options.get("deck_order"), pitch_of({"pitch": data, "pitch_key": key})
        ),
    }
