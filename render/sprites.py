"""What every board shares: sprites drawn once over its background and kept in its palette, and
a bounded cache of boards (one per kits, width, layout...).

A board is a palette background plus sprites pasted through masks (``render.sketch``). Drawing
a sprite is the expensive part (anti-aliasing, quantising); pasting it is a plain copy. Sprites
are kept in the renderers' one cache, bounded in bytes (``render.cache``); boards in a cache
bounded in number. Both are guarded by locks: renders run in worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from PIL import Image, ImageChops

from render import cache as render_cache
from render.cache import ByteLRU
from render.sketch import Box, Painted, Sketch, Sprite, touched_mask

B = TypeVar("B")


def draw_over(
    rgb: Image.Image, painted: Painted
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """``painted`` drawn over the background ``rgb``: (its pixels as RGB, its "1" mask, where)."""
    box, paint = painted
    s = Sketch((box[2] - box[0], box[3] - box[1]))
    paint(s)
    pixels, mask = s.over(rgb.crop(box))
    return pixels, mask, (box[0], box[1])


def stacked(parts: list[Image.Image]) -> Image.Image:
    """``parts`` one under another on a black RGB sheet (a board's palette samples)."""
    sheet = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)))
    y = 0
    for p in parts:
        sheet.paste(p, (0, y))
        y += p.height
    return sheet


class Plate(NamedTuple):
    """A sprite's shapes drawn over the board, kept for the texts still to come over them."""

    rgb: Image.Image  # the box with the shapes, RGB
    cover: Image.Image  # "L": how much the shapes cover each pixel
    p: Image.Image  # ``rgb`` in the board's palette
    mask: Image.Image  # "1": the pixels the shapes touch
    sprite: Sprite  # the shapes alone, to paste


@dataclass(slots=True)
class Layout:
    """What a text sprite kept by line is made of: its box and sketch (shapes and texts), and
    whether it is drawn whole (outlined texts, lines inking the same pixel)."""

    box: Box
    sketch: Sketch
    whole: bool | None = None  # None: not known before its lines are drawn


class Sprites:
    """The sprites of one board, each drawn by ``make()`` the first time its key is asked for
    and quantised to the board's palette.

    A sprite with text keeps its shapes (a banner's pill, a chip...) as a ``Plate``, so a new
    text over the same shapes (a step's new caption) costs only its letters: drawn straight over
    the plate's pixels and quantised where they changed. Sprites whose key starts with one of
    ``by_line`` (captions, prompts, name plates: texts that change from step to step) are not
    kept whole: their plate and each line of text over it are, and the sprite is put together
    from them when asked for (a few pastes). Everything is kept in ``cache`` (by default the
    renderers' shared ``render.cache.kept``, bounded in bytes), the least recently used going
    first."""

    def __init__(
        self,
        rgb: Image.Image,
        quantise: Callable[[Image.Image], Image.Image],
        cache: ByteLRU[Any] | None = None,
        by_line: Iterable[str] = (),
    ) -> None:
        self.rgb = rgb
        self.quantise = quantise
        self.by_line = frozenset(by_line)
        self._cache = cache
        self._owner = render_cache.owner()

    @property
    def cache(self) -> ByteLRU[Any]:
        return self._cache if self._cache is not None else render_cache.kept

    def get(self, key: Hashable, make: Callable[[], Painted]) -> Sprite:
        if self._by_line(key):
            return _joined(self.pieces(key, make))
        found = self.cache.get((self._owner, "sprite", key))
        if found is not None:
            return found  # type: ignore[no-any-return]
        box, paint = make()
        found = self._drawn(box, _sketched(box, paint))
        self.cache.put((self._owner, "sprite", key), found)
        return found

    def paste(self, im: Image.Image, key: Hashable, make: Callable[[], Painted]) -> None:
        """The sprite for ``key`` pasted on the board ``im``."""
        for s in self.pieces(key, make):
            im.paste(s.image, s.at, s.mask)

    def pieces(self, key: Hashable, make: Callable[[], Painted]) -> list[Sprite]:
        """What to paste, in order, for ``key``: its sprite, or for a text kept by line its
        shapes, then its lines (the pixels of the sprite drawn whole)."""
        if not self._by_line(key):
            return [self.get(key, make)]
        layout = self.cache.get((self._owner, "layout", key))
        if layout is None:
            box, paint = make()
            sketch = _sketched(box, paint)
            whole = True if not sketch.has_text or sketch.has_stroke else None
            layout = Layout(box, sketch, whole)
            self.cache.put((self._owner, "layout", key), layout)
        box, sketch = layout.box, layout.sketch
        if not layout.whole:
            plate = self._plate(box, sketch)
            lines = [self._line(box, sketch, plate, text) for text in sketch.texts]
            inked = [line for line in lines if line]
            if layout.whole is None:
                layout.whole = _overlapping([(touched, at) for _, touched, at in inked])
            if not layout.whole:
                x, y = box[:2]
                return [plate.sprite] + [Sprite(p, m, (x + at[0], y + at[1])) for p, m, at in inked]
        found = self.cache.get((self._owner, "sprite", key))
        if found is None:
            found = self._drawn(box, sketch)
            self.cache.put((self._owner, "sprite", key), found)
        return [found]

    def _by_line(self, key: Hashable) -> bool:
        return isinstance(key, tuple) and bool(key) and key[0] in self.by_line

    def _drawn(self, box: Box, sketch: Sketch) -> Sprite:
        """The sprite of ``sketch`` at ``box``, drawn whole."""
        if sketch.has_text:
            plate = self._plate(box, sketch)
            quantised, mask = plate.p.copy(), plate.mask.copy()
            inked = sketch.ink(plate.rgb, plate.cover)
            if inked is not None:
                pixels, cover, region = inked
                quantised.paste(self.quantise(pixels), region[:2])
                mask.paste(touched_mask(cover), region[:2])
        else:
            pixels, cover = sketch.plate(self.rgb.crop(box))
            quantised, mask = self.quantise(pixels), touched_mask(cover)
        return _cropped(quantised, mask, box)

    def _line(
        self, box: Box, sketch: Sketch, plate: Plate, text: tuple[Any, ...]
    ) -> tuple[Image.Image, Image.Image, Box] | tuple[()]:
        """One text of ``sketch`` drawn over its plate: (its pixels in the palette, the "1"
        mask of the pixels its letters touch, where in the box), or () if it draws nothing."""
        key = (self._owner, "line", box, sketch.shapes, text)
        found = self.cache.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        xy, words, font, fill, anchor, *_ = text
        drawn = sketch.glyphs(xy, words, font, anchor)
        if drawn is None:
            found = ()
        else:
            glyphs, region = drawn
            pixels = plate.rgb.crop(region)
            # the blend ``Sketch.ink`` makes
            pixels.paste(Image.new("RGB", glyphs.size, fill), (0, 0), glyphs)
            found = (self.quantise(pixels), touched_mask(glyphs), region)
        self.cache.put(key, found)
        return found

    def _plate(self, box: Box, sketch: Sketch) -> Plate:
        key = (self._owner, "plate", box, sketch.shapes)
        found = self.cache.get(key)
        if found is None:
            rgb, cover = sketch.plate(self.rgb.crop(box))
            p, mask = self.quantise(rgb), touched_mask(cover)
            found = Plate(rgb, cover, p, mask, _cropped(p, mask, box))
            self.cache.put(key, found)
        return found  # type: ignore[no-any-return]


def _sketched(box: Box, paint: Callable[[Sketch], None]) -> Sketch:
    sketch = Sketch((box[2] - box[0], box[3] - box[1]))
    paint(sketch)
    return sketch


def _cropped(quantised: Image.Image, mask: Image.Image, box: Box) -> Sprite:
    """The sprite of ``quantised`` through ``mask`` at ``box``, cut to what it covers."""
    at = (box[0], box[1])
    ink = mask.getbbox()
    if ink is not None and ink != (0, 0, *mask.size):  # paste only what it covers
        quantised, mask = quantised.crop(ink), mask.crop(ink)
        at = (at[0] + ink[0], at[1] + ink[1])
    return Sprite(quantised, mask, at)


def _joined(pieces: list[Sprite]) -> Sprite:
    """``pieces`` pasted in order as one sprite."""
    if len(pieces) == 1:
        return pieces[0]
    x0 = min(s.at[0] for s in pieces)
    y0 = min(s.at[1] for s in pieces)
    x1 = max(s.at[0] + s.image.width for s in pieces)
    y1 = max(s.at[1] + s.image.height for s in pieces)
    quantised, mask = Image.new("P", (x1 - x0, y1 - y0)), Image.new("1", (x1 - x0, y1 - y0))
    for s in pieces:
        at = (s.at[0] - x0, s.at[1] - y0)
        quantised.paste(s.image, at, s.mask)
        mask.paste(255, at, s.mask)
    return _cropped(quantised, mask, (x0, y0, x1, y1))


def _overlapping(inked: list[tuple[Image.Image, Box]]) -> bool:
    """Whether any two of the (mask, box) touch the same pixel."""
    for i, (a, ra) in enumerate(inked):
        for b, rb in inked[i + 1 :]:
            both = (max(ra[0], rb[0]), max(ra[1], rb[1]), min(ra[2], rb[2]), min(ra[3], rb[3]))
            if both[0] >= both[2] or both[1] >= both[3]:
                continue
            ca = a.crop((both[0] - ra[0], both[1] - ra[1], both[2] - ra[0], both[3] - ra[1]))
            cb = b.crop((both[0] - rb[0], both[1] - rb[1], both[2] - rb[0], both[3] - rb[1]))
            if ImageChops.logical_and(ca, cb).getbbox() is not None:
                return True
    return False


class Boards(Generic[B]):
    """A bounded cache of boards by key, each made by ``make(*key)`` on first use."""

    def __init__(self, make: Callable[..., B], limit: int) -> None:
        self.make = make
        self.limit = limit
        self._kept: dict[tuple[Any, ...], B] = {}
        self._lock = threading.Lock()

    def get(self, *key: Any) -> B:
        found = self._kept.get(key)
        if found is None:
            with self._lock:
                found = self._kept.get(key)
                if found is None:
                    if len(self._kept) >= self.limit:
                        self._kept.pop(next(iter(self._kept)))
                    found = self._kept[key] = self.make(*key)
        return found
