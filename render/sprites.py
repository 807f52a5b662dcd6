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
        if isinstance(key, tuple) and key and key[0] in self.by_line:
            return self._from_lines(*make())
        found = self.cache.get((self._owner, "sprite", key))
        if found is not None:
            return found  # type: ignore[no-any-return]
        box, paint = make()
        found = self._drawn(box, _sketched(box, paint))
        self.cache.put((self._owner, "sprite", key), found)
        return found

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

    def _from_lines(self, box: Box, paint: Callable[[Sketch], None]) -> Sprite:
        """The sprite put together from its kept plate and lines: the pixels ``_drawn`` gives,
        whenever no two lines ink the same pixel (else it is drawn whole)."""
        sketch = _sketched(box, paint)
        if not sketch.has_text or sketch.has_stroke:
            return self._drawn(box, sketch)
        plate = self._plate(box, sketch)
        lines = [self._line(box, sketch, plate, text) for text in sketch.texts]
        inked = [line for line in lines if line]
        if _overlapping([(touched, region) for _, touched, region in inked]):
            return self._drawn(box, sketch)
        quantised, mask = plate.p.copy(), plate.mask.copy()
        for pixels, touched, region in inked:
            quantised.paste(pixels, region[:2], touched)
            mask.paste(255, region[:2], touched)
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
            found = Plate(rgb, cover, self.quantise(rgb), touched_mask(cover))
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
