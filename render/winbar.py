"""The live win-probability bar every game's board shows under its header when the view carries
the spectators' estimate (``view["chances"]``: [first side wins, draw, second side wins]).

A band the colour of the header is let into the board right under it: on its first line the
first side's chance after a dot of its colour at the left, the draw's chance in the middle and
the second side's at the right, as whole percents summing to 100 (``engine.core.winprob``); under
them a slim bar in the same proportions, the first side's colour from the left, the draw in
grey, the second side's colour to the right. Without an estimate nothing is let in: the board
is exactly what it was, and everything under the header moves down by ``WinBar.height`` when
there is one.

>>> labels((54, 25, 21))
('54%', 'draw 25%', '21%')
>>> spans((54, 25, 21), (0, 100))
((0, 54), (54, 79), (79, 100))

The percents are as large as the boards' captions (28 px at 960 px wide: capitals 8 px tall
when Discord shows the board 400 px wide on a phone). Speed: the band's look without its texts
and bar, and each percent's sprite, are made once per board; a render pastes three sprites and
three rectangles into the band and joins it with the board's rows, and the PNG encoder of the
taller image reuses the compressed rows that equal its reference, as the boards' own do.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PIL import Image

from engine.core.winprob import Chances
from render import colours as C
from render.fonts import Text, fit, font
from render.kits import RGB, Kit
from render.png import BandEncoder, scanlines
from render.sketch import Box, Painted, Sketch
from render.sprites import Sprites

BASE_WIDTH = 960  # the band's lengths below are given for a board this wide
HEIGHT = 58
SIZE = 28  # of the percents: as the boards' captions
MARGIN = 16  # left and right
TEXT_ROW = (2, 36)
BAR_ROW = (38, 50)
FRAME = 2  # around the bar: a black kit shows on the dark panel
DOT = 11  # radius of a side's dot
DRAW: RGB = C.MUTED  # the draw's share of the bar: a grey no kit is
FRAME_COLOUR: RGB = C.MUTED


def chances_of(view: dict[str, Any]) -> tuple[int, int, int] | None:
    """The whole percents (first side wins, draw, second side wins) of ``view["chances"]``, or
    None when the view carries no estimate (or not three chances that sum to 1)."""
    data = view.get("chances")
    if not isinstance(data, list | tuple) or len(data) != 3:
        return None
    if not all(isinstance(p, int | float) and not isinstance(p, bool) for p in data):
        return None
    if not all(math.isfinite(p) and p >= 0 for p in data) or abs(sum(data) - 1) > 0.01:
        return None
    return Chances.from_json(data).percents()


def labels(percents: Sequence[int]) -> tuple[str, str, str]:
    """The three percents as the band writes them."""
    first, draw, second = percents
    return f"{first}%", f"draw {draw}%", f"{second}%"


def spans(percents: Sequence[int], across: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Where each share of the bar runs between ``across`` (left, right): the first side's from
    the left, the draw's, the second side's to the right; a share of 0 is empty."""
    left, right = across
    edges = [left]
    total = 0
    for p in percents:
        total += p
        edges.append(left + round((right - left) * total / 100))
    return tuple((edges[i], edges[i + 1]) for i in range(3))


class Band:
    """The band's places for a board ``width`` pixels wide (in the band's own coordinates)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.scale = width / BASE_WIDTH
        self.height = self.px(HEIGHT)

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    @property
    def font_size(self) -> int:
        return self.px(SIZE)

    def label(self, i: int) -> Box:
        """The box of percent ``i`` (0 first side, 1 draw, 2 second side)."""
        third = self.width // 3
        x0 = (self.px(MARGIN), third, 2 * third)[i]
        x1 = (third, 2 * third, self.width - self.px(MARGIN))[i]
        return (x0, self.px(TEXT_ROW[0]), x1, self.px(TEXT_ROW[1]))

    @property
    def frame(self) -> Box:
        """The bar with its frame."""
        return (
            self.px(MARGIN),
            self.px(BAR_ROW[0]),
            self.width - self.px(MARGIN),
            self.px(BAR_ROW[1]),
        )

    @property
    def bar(self) -> Box:
        """Inside the frame: where the shares are drawn."""
        x0, y0, x1, y1 = self.frame
        f = self.px(FRAME)
        return (x0 + f, y0 + f, x1 - f, y1 - f)


def paint_label(band: Band, i: int, text: str, k: Kit | None) -> Painted:
    """Percent ``i`` in its box: a side's after (first) or before (second) a dot of its colour,
    the draw's centred."""
    box = band.label(i)
    w, h = box[2] - box[0], box[3] - box[1]
    f = font(band.font_size)
    dot = band.px(DOT)
    gap = 2 * dot + band.px(10)
    line = fit(text, f, w - gap)

    def paint(s: Sketch) -> None:
        if i == 1:
            s.text((w / 2, h / 2), line, f, C.TEXT, anchor="mm")
            return
        if k is not None:
            cx = dot if i == 0 else w - dot
            s.ellipse((cx - dot, h / 2 - dot, cx + dot, h / 2 + dot), fill=k.colour,
                      outline=C.MUTED, width=band.px(1.5))  # fmt: skip
        if i == 0:
            s.text((gap, h / 2), line, f, C.TEXT, anchor="lm")
        else:
            s.text((w - gap, h / 2), line, f, C.TEXT, anchor="rm")

    return box, paint


class WinBar:
    """One board's band (its kits, width and palette) let in at row ``top`` of its images.

    ``quantise`` maps RGB to the board's palette and ``index`` gives the palette entry of each
    exact colour (the kits and ``render.colours``): the bar's rectangles are those entries."""

    def __init__(
        self,
        width: int,
        kits: tuple[Kit, Kit],
        quantise: Callable[[Image.Image], Image.Image],
        index: dict[RGB, int],
        top: int,
    ) -> None:
        self.band = Band(width)
        self.kits = kits
        self.quantise = quantise
        self.index = index
        self.top = top
        self.height = self.band.height
        self._lock = threading.Lock()
        self._made: tuple[Image.Image, Sprites] | None = None
        self._encoders: dict[tuple[int, int], BandEncoder] = {}

    def _base(self) -> tuple[Image.Image, Sprites]:
        """The empty band in the board's palette (the panel and the bar's frame), and the
        sprites drawn over it."""
        if self._made is None:
            with self._lock:
                if self._made is None:
                    rgb = Image.new("RGB", (self.band.width, self.height), C.PANEL)
                    rgb.paste(FRAME_COLOUR, self.band.frame)
                    rgb.paste(DRAW, self.band.bar)
                    self._made = (self.quantise(rgb), Sprites(rgb, self.quantise))
        return self._made

    def draw(self, percents: Sequence[int]) -> Image.Image:
        """The band for ``percents`` in the board's palette."""
        base, sprites = self._base()
        out = base.copy()
        for i, text in enumerate(labels(percents)):
            s = sprites.get(("winbar", i, text), partial(self._label, i, text))
            out.paste(s.image, s.at, s.mask)
        x0, y0, x1, y1 = self.band.bar
        colours = (self.kits[0].colour, DRAW, self.kits[1].colour)
        for (a, b), colour in zip(spans(percents, (x0, x1)), colours, strict=True):
            if b > a:
                out.paste(self.index[colour], (a, y0, b, y1))
        return out

    def _label(self, i: int, text: str) -> Painted:
        return paint_label(self.band, i, text, self.kits[i // 2] if i != 1 else None)

    def let_in(self, board: Image.Image, band: Image.Image) -> Image.Image:
        """``board`` with ``band`` let in at row ``top``: the rows above stay, the rest move
        down."""
        w, h = board.size
        out = Image.new("P", (w, h + self.height))
        out.putpalette(board.getpalette() or [])
        out.paste(board, (0, self.height))  # its rows under ``top`` in their place
        out.paste(board.crop((0, 0, w, self.top)), (0, 0))
        out.paste(band, (0, self.top))
        return out

    def on(self, board: Image.Image, view: dict[str, Any]) -> Image.Image:
        """``board`` with the band of ``view``'s chances, or ``board`` itself without them."""
        percents = chances_of(view)
        if percents is None:
            return board
        return self.let_in(board, self.draw(percents))

    def encoder(self, reference: Image.Image) -> BandEncoder:
        """The PNG encoder of boards with the band whose board alone has ``reference`` (the
        board's background in its palette) as its reference."""
        found = self._encoders.get(reference.size)
        if found is None:
            with self._lock:
                found = self._encoders.get(reference.size)
                if found is None:
                    whole = self.let_in(reference, self._base()[0])
                    found = self._encoders[reference.size] = BandEncoder(whole, band_rows=16)
        return found

    def png(
        self,
        board: Image.Image,
        view: dict[str, Any],
        reference: Image.Image,
        encoder: BandEncoder,
    ) -> bytes:
        """``board`` (drawn without the band; ``encoder`` writes it, ``reference`` is its
        background) as PNG bytes, with the band of ``view``'s chances let in when it has some:
        the image ``on`` gives, without putting it together."""
        percents = chances_of(view)
        if percents is None:
            return encoder.encode(board)
        if board.size != reference.size:
            raise ValueError(f"a board of {board.size} on a reference of {reference.size}")
        rows = scanlines(board)
        cut = self.top * (board.width + 1)
        band = scanlines(self.draw(percents))
        return self.encoder(reference).encode_scanlines(rows[:cut] + band + rows[cut:])


def band_texts(texts: list[Text], view: dict[str, Any], width: int, top: int) -> list[Text]:
    """``texts`` of a board ``width`` wide whose band is let in at row ``top``: those under it
    moved down and the percents added, when ``view`` carries chances."""
    percents = chances_of(view)
    if percents is None:
        return texts
    band = Band(width)
    moved = [t if t.box[1] < top else t._replace(box=_down(t.box, band.height)) for t in texts]
    f = font(band.font_size)
    own = [Text("chances", text, f, _down(band.label(i), top)) for i, text in
           enumerate(labels(percents))]  # fmt: skip
    return moved + own


def _down(box: Box, dy: int) -> Box:
    return (box[0], box[1] + dy, box[2], box[3] + dy)
