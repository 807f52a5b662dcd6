"""Sports Dice Soccer match options: the field's sections, the die faces, the target score and
the advanced Power Chip rule. The rulebook lists neither the sections nor the faces, so both are
options with defaults (see docs/rules-dicesoccer.md for why these defaults).

>>> normalize({})["faces"]
['ball', 'ball', 'ball', 'kick', 'penalty', 'red_card']
>>> normalize({"faces": "BBKKPR", "sections": 4})["sections"]
4
>>> symbols_to_dice("B B K P", normalize({})["faces"])
[1, 1, 4, 5]
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.core.options import whole

SIDES = ("white", "black")
BALL, KICK, PENALTY, RED = "ball", "kick", "penalty", "red_card"
SYMBOLS = (BALL, KICK, PENALTY, RED)
NAMES = {BALL: "ball", KICK: "kick", PENALTY: "penalty", RED: "red card"}
PLURALS = {BALL: "balls", KICK: "kicks", PENALTY: "penalties", RED: "red cards"}
LETTERS = {BALL: "B", KICK: "K", PENALTY: "P", RED: "R"}

DEFAULT_FACES = (BALL, BALL, BALL, KICK, PENALTY, RED)  # die values 1-6
DEFAULT_SECTIONS = 3  # per half
DEFAULT_TARGET = 3
MAX_SECTIONS = 6
MAX_TARGET = 9
DICE = 6  # each team's set

_ALIASES = {
    "b": BALL,
    "ball": BALL,
    "balls": BALL,
    "ball_move": BALL,
    "ballmove": BALL,
    "k": KICK,
    "kick": KICK,
    "kicks": KICK,
    "shot": KICK,
    "p": PENALTY,
    "penalty": PENALTY,
    "penalties": PENALTY,
    "free_kick": PENALTY,
    "r": RED,
    "red": RED,
    "red_card": RED,
    "redcard": RED,
    "card": RED,
}

KNOWN = ("sections", "faces", "target_score", "advanced")


def symbol(text: object) -> str:
    """The canonical symbol for a name, a plural or a letter ("B", "kick", "red card")."""
    key = str(text).strip().lower().replace(" ", "_").replace("-", "_")
    try:
        return _ALIASES[key]
    except KeyError:
        raise MalformedAction(
            f"{text!r} is not a die symbol: use ball, kick, penalty or red card (B, K, P, R)."
        ) from None


def _split(text: str) -> list[str]:
    """Symbols separated by commas or spaces ("red card" stays one), or compact letters."""
    if "," in text:
        return [p.strip() for p in text.split(",") if p.strip()]
    parts = text.split()
    if len(parts) == 1 and len(parts[0]) > 1 and all(c.upper() in "BKPR" for c in parts[0]):
        return list(parts[0])  # compact letters: "BBBKPR"
    out: list[str] = []
    for p in parts:
        if p.lower() in ("card", "cards") and out and out[-1].lower() == "red":
            out[-1] = "red_card"
        else:
            out.append(p)
    return out


def parse_faces(value: object) -> list[str]:
    """Six faces for die values 1-6, as a list of names or a text such as "BBBKPR"."""
    items = _split(value) if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or len(items) != DICE:
        raise MalformedAction(
            "'faces' needs six symbols, one per die value 1-6, e.g. \"BBBKPR\" "
            "(B ball, K kick, P penalty, R red card)."
        )
    faces = [symbol(x) for x in items]
    missing = [NAMES[s] for s in SYMBOLS if s not in faces]
    if missing:
        raise MalformedAction(
            f"'faces' must show every symbol of the dice chart at least once; missing: "
            f"{', '.join(missing)}."
        )
    return faces


def normalize(options: dict[str, Any] | None) -> dict[str, Any]:
    """The match options the rules read, checked and completed with the defaults. Other keys
    (a dice seed kept by the referee, for instance) are ignored."""
    options = dict(options or {})
    advanced = options.get("advanced", False)
    if isinstance(advanced, str) and advanced.lower() in ("true", "false", "yes", "no"):
        advanced = advanced.lower() in ("true", "yes")
    if not isinstance(advanced, bool):
        raise MalformedAction("'advanced' must be true or false.")
    return {
        "sections": whole(options, "sections", DEFAULT_SECTIONS, 1, MAX_SECTIONS),
        "faces": parse_faces(options.get("faces", list(DEFAULT_FACES))),
        "target_score": whole(options, "target_score", DEFAULT_TARGET, 1, MAX_TARGET),
        "advanced": advanced,
    }


def symbols_to_dice(text: str | list[str], faces: list[str]) -> list[int]:
    """Dice typed as symbols ("B B K P R" or "BBKPR") -> die values for a roll action, for
    players whose physical dice show symbols. Each symbol becomes the first value whose face
    shows it; the engine then reads the same symbol back."""
    items = _split(text) if isinstance(text, str) else list(text)
    out = []
    for item in items:
        s = symbol(item)
        out.append(faces.index(s) + 1)
    return out
