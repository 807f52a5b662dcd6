"""The bundled DejaVu Sans fonts (licence in LICENSE.txt), so images look the same everywhere."""

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
