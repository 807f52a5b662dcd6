"""Socceristic's match options as the terminal and the demo take them (``bot.py demo
--options``, ``bot.py play --option``), the length of a half in words, and the decks' seed a
match draws its cards with."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from engine.core import RulesError
from engine.socceristic.options import SIDES
from referee.adapter import JSONData

OPTION_KEYS = ("length", "home", "away", "pitch")


def match_options(pairs: Iterable[tuple[str, str]]) -> JSONData:
    """Match options from KEY=VALUE pairs: ``length`` ("30" or "30 moves", "20 minutes",
    "20 min + 3"), each side's squad as names by shirt (``home``, ``away``: "Ann, Bob, ..."),
    and ``pitch`` (a pitch file to read); the engine checks the values.

    >>> match_options([("length", "12"), ("home", "Ann, Bob")])
    {'length': '12 moves', 'squads': {'home': 'Ann, Bob'}}
    """
    options: JSONData = {}
    for key, value in pairs:
        key, value = key.strip().lower(), value.strip()
        if key == "length":
            options["length"] = f"{value} moves" if value.isdigit() else value
        elif key in SIDES:
            options.setdefault("squads", {})[key] = value
        elif key == "pitch":
            options["pitch"] = _pitch_file(value)
        else:
            raise RulesError(f"Socceristic has no option {key!r}; it has {', '.join(OPTION_KEYS)}.")
    return options


def parse_options(text: str) -> JSONData:
    """Match options typed as "length=20 minutes home=Ann, Bob away=Cy" (a value runs to the
    next KEY=; "basic" or nothing: the defaults).

    >>> parse_options("length=20 min + 3 home=Ann, Bob")
    {'length': '20 min + 3', 'squads': {'home': 'Ann, Bob'}}
    """
    text = text.strip()
    if text.lower() in ("", "basic"):
        return {}
    pairs = []
    for part in re.split(r"\s+(?=[A-Za-z_]+=)", text):
        key, sep, value = part.partition("=")
        if not sep:
            raise RulesError(
                f"Write Socceristic's options as KEY=VALUE, e.g. length=20, not {part!r}."
            )
        pairs.append((key, value))
    return match_options(pairs)


def _pitch_file(path: str) -> JSONData:
    from engine.socceristic.pitchfile import data_of

    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"Cannot read the pitch file {path}: {exc.strerror or exc}.") from None
    return data_of(text)


def deck_seed(seed: int) -> int:
    """The decks' shuffling seed of a match, derived from its secret dice seed."""
    return int.from_bytes(hashlib.sha256(f"decks:{seed}".encode()).digest()[:4], "big")


def seeded_rules(rules: JSONData, seed: int) -> JSONData:
    """A new match's rules with its decks' seed (the order of the cards stays secret)."""
    return {**rules, "deck_seed": deck_seed(seed)}


def length_words(length: JSONData) -> str:
    """A half's agreed length in words.

    >>> length_words({"moves": 30}), length_words({"minutes": 1, "added": 5})
    ('30 moves a half', '1 minute a half + 5 added')
    """
    if "minutes" in length:
        minutes, added = int(length["minutes"]), int(length.get("added", 0))
        return f"{minutes} minute{'' if minutes == 1 else 's'} a half + {added} added"
    return f"{int(length.get('moves', 0))} moves a half"
