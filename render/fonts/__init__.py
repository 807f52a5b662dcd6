"""The bundled DejaVu Sans fonts (licence in LICENSE.txt), so images look the same everywhere, and
text fitted to a width."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_DIR = Path(__file__).resolve().parent
BOLD = _DIR / "DejaVuSans-Bold.ttf"
REGULAR = _DIR / "DejaVuSans.ttf"


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
