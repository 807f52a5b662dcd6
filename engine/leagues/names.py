"""League names as members type them, in one normal form.

A name is compared, stored and looked up in its normal form: Unicode NFKC (full-width letters
and other compatibility forms become the plain ones, an accent typed as a combining mark joins
its letter), without the characters that draw nothing (format characters, Unicode category Cf:
zero-width spaces and joiners, the byte order mark, bidirectional controls, the soft hyphen;
control characters; variation selectors, the combining grapheme joiner and the blank Hangul
fillers), and with every run of whitespace one space, none at either end. Two names that read
alike are then one name, and a name with nothing visible in it is refused.

>>> normal_name("  Spr\\u200bing\\u00a0 Cup ")
'Spring Cup'
>>> league_name("\\u200b")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.leagues.errors.EmptyName: A league name needs at least one letter, digit or sign ...
"""

from __future__ import annotations

import unicodedata

from engine.leagues.errors import EmptyName

# Drawn as nothing (or as a blank) although their category is not Cf: the combining grapheme
# joiner, the Hangul fillers, the variation selectors (and their supplement) and the blank
# braille pattern.
_INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800]
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)


def _drawn(char: str) -> bool:
    """Whether a character shows (whitespace counts: it separates words)."""
    if char.isspace():
        return True
    return unicodedata.category(char) not in ("Cf", "Cc") and ord(char) not in _INVISIBLE


def normal_name(text: str) -> str:
    """``text`` in the normal form of league names ("" when nothing in it shows)."""
    text = "".join(char for char in unicodedata.normalize("NFKC", text) if _drawn(char))
    # again: an accent typed apart from its letter (an invisible character between) joins it
    return " ".join(unicodedata.normalize("NFKC", text).split())


def league_name(text: str) -> str:
    """A league name as typed, in normal form; ``EmptyName`` when nothing in it shows."""
    name = normal_name(text)
    if not name:
        raise EmptyName()
    return name
