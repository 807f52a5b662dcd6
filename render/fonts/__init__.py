"""The bundled DejaVu Sans fonts (licence in LICENSE.txt), so images look the same everywhere,
text fitted to a width, and lines of text drawn from kept words (``glyphs``)."""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import cache as render_cache

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
        ends = _ends(words, f)
        if _fits(words, ends, len(words), f, width):
            return [*out, " ".join(words)]
        # the most words that fit on the line, at least one (widths grow with the words)
        lo, hi = 1, len(words) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _fits(words, ends, mid, f, width):
                lo = mid
            else:
                hi = mid - 1
        if lo == 1 and not _fits(words, ends, 1, f, width):
            break  # one word too long for a line: the last line shortens it
        out.append(" ".join(words[:lo]))
        words = words[lo:]
    if words:
        out.append(fit(" ".join(words), f, width))
    return out


def _ends(words: list[str], f: ImageFont.FreeTypeFont) -> list[float]:
    """Where each word of a line ends, from kept word widths: a close estimate."""
    space = _width(f, " ")
    return list(accumulate((_width(f, w) for w in words), lambda a, b: a + space + b))


def _fits(
    words: list[str], ends: list[float], n: int, f: ImageFont.FreeTypeFont, width: float
) -> bool:
    """Whether the first ``n`` words fit in ``width``; laid out only when the estimate is
    close."""
    if abs(ends[n - 1] - width) > 2:
        return ends[n - 1] < width
    return f.getlength(" ".join(words[:n])) <= width


# Words and their widths are kept in the renderers' one cache, bounded in bytes.
_OWNER = render_cache.owner()
_NO_INK = ()  # kept for a word that draws nothing (a cache miss is None)


def glyphs(
    text: str, f: ImageFont.FreeTypeFont, xy: tuple[float, float], anchor: str = "la"
) -> tuple[Image.Image, tuple[int, int, int, int]] | None:
    """The coverage (an "L" image) of ``text`` drawn at ``xy``, and where it goes: the same pixels
    as Pillow draws, made of words kept from earlier texts. A board's captions reuse most of
    their words, and drawing letters is most of the cost of a new caption. Left-anchored lines
    only (``anchor`` "l?"); None when nothing is drawn."""
    if not anchor.startswith("l") or "\n" in text:
        raise ValueError("glyphs() draws one left-anchored line")
    x, y = xy
    space = _width(f, " ")
    placed = []
    for word in text.split(" "):
        if word:
            found = _word(f, word, x % 1, y % 1, anchor)
            if found is not None:
                mask, dx, dy = found
                at = (int(x) + dx, int(y) + dy)
                placed.append((mask, (*at, at[0] + mask.width, at[1] + mask.height)))
        x += _width(f, word) + space
    if not placed:
        return None
    box = (
        min(b[0] for _, b in placed),
        min(b[1] for _, b in placed),
        max(b[2] for _, b in placed),
        max(b[3] for _, b in placed),
    )
    out = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    right = box[0]  # where the words placed so far end
    for mask, b in placed:
        at = (b[0] - box[0], b[1] - box[1], b[2] - box[0], b[3] - box[1])
        if b[0] >= right:
            out.paste(mask, at)
        else:  # overlapping letters: the most ink of either, as Pillow draws them
            out.paste(ImageChops.lighter(out.crop(at), mask), at)
        right = max(right, b[2])
    return out, box


def _width(f: ImageFont.FreeTypeFont, text: str) -> float:
    key = (_OWNER, "width", f, text)
    found = render_cache.kept.get(key)
    if found is None:
        found = f.getlength(text)
        render_cache.kept.put(key, found)
    return found  # type: ignore[no-any-return]


def _word(
    f: ImageFont.FreeTypeFont, word: str, fx: float, fy: float, anchor: str
) -> tuple[Image.Image, int, int] | None:
    """``word`` drawn at (``fx``, ``fy``) (fractions of a pixel): its coverage, cropped, and
    its offset from (0, 0)."""
    key = (_OWNER, "word", f, word, fx, fy, anchor)
    kept = render_cache.kept.get(key)
    if kept is not None:
        return kept or None  # type: ignore[no-any-return]
    size = int(f.size)  # room for any overhang of a letter: a whole em each side
    canvas = Image.new("L", (int(_width(f, word)) + 3 * size, 4 * size), 0)
    ox, oy = size, 2 * size
    ImageDraw.Draw(canvas).text((ox + fx, oy + fy), word, font=f, fill=255, anchor=anchor)
    ink = canvas.getbbox()
    found = None if ink is None else (canvas.crop(ink), ink[0] - ox, ink[1] - oy)
    render_cache.kept.put(key, found or _NO_INK)
    return found
