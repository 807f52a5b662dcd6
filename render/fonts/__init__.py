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
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, f: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of ``width`` pixels; the last one
    shortened with an ellipsis when the text does not fit."""
    words, out = text.split(" "), []
    while words and len(out) < lines - 1:
        n = 1
        while n < len(words) and f.getlength(" ".join(words[: n + 1])) <= width:
            n += 1
        line = " ".join(words[:n])
        if f.getlength(line) > width:
            break  # one word too long for a line: the last line shortens it
        out.append(line)
        words = words[n:]
    if words:
        out.append(fit(" ".join(words), f, width))
    return out
