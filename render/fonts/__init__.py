"""The bundled DejaVu Sans fonts (licence in LICENSE.txt), so images look the same everywhere, and
text fitted to a width."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import ImageFont

_DIR = Path(__file__).resolve().parent
BOLD = _DIR / "DejaVuSans-Bold.ttf"
REGULAR = _DIR / "DejaVuSans.ttf"


class Text(NamedTuple):
    """A text a board draws: what it is ("score", "pending"...), the words, the font and the box
    it is drawn in. Boards list theirs so tests can check they are legible."""

    what: str
    text: str
    font: ImageFont.FreeTypeFont
    box: tuple[int, int, int, int]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold by default) at ``size`` pixels."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), max(6, size))


def fit(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if f.getlength(text) <= width:
        return text
    # the longest prefix that fits with the ellipsis (widths grow with the prefix)
    lo, hi = 0, len(text) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid] + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def wrap(text: str, f: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of ``width`` pixels; the last one
    shortened with an ellipsis when the text does not fit."""
    words, out = text.split(" "), []
    while words and len(out) < lines - 1:
        if f.getlength(" ".join(words)) <= width:
            return [*out, " ".join(words)]
        # the most words that fit on the line, at least one (widths grow with the words)
        lo, hi = 1, len(words) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.getlength(" ".join(words[:mid])) <= width:
                lo = mid
            else:
                hi = mid - 1
        line = " ".join(words[:lo])
        if lo == 1 and f.getlength(line) > width:
            break  # one word too long for a line: the last line shortens it
        out.append(line)
        words = words[lo:]
    if words:
        out.append(fit(" ".join(words), f, width))
    return out
