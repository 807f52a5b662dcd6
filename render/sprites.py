"""What every board shares: sprites drawn once over its background and kept in its palette, and
a bounded cache of boards (one per kits, width, layout...).

A board is a palette background plus sprites pasted through masks (``render.sketch``). Drawing
a sprite is the expensive part (anti-aliasing, quantising); pasting it is a plain copy. Sprites
are kept in the renderers' one cache, bounded in bytes (``render.cache``); boards in a cache
bounded in number. Both are guarded by locks: renders run in worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, TypeVar

from PIL import Image

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
    the plate's pixels and quantised where they changed. Sprites and plates are kept in
    ``cache`` (by default the renderers' shared ``render.cache.kept``, bounded in bytes), the
    least recently used going first."""

    def __init__(
        self,
        rgb: Image.Image,
        quantise: Callable[[Image.Image], Image.Image],
        cache: ByteLRU[Any] | None = None,
    ) -> None:
        self.rgb = rgb
        self.quantise = quantise
        self._cache = cache
        self._owner = render_cache.owner()

    @property
    def cache(self) -> ByteLRU[Any]:
        return self._cache if self._cache is not None else render_cache.kept

    def get(self, key: Hashable, make: Callable[[], Painted]) -> Sprite:
        found = self.cache.get((self._owner, "sprite", key))
        if found is not None:
            return found  # type: ignore[no-any-return]
        box, paint = make()
        sketch = Sketch((box[2] - box[0], box[3] - box[1]))
        paint(sketch)
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
        at = (box[0], box[1])
        ink = mask.getbbox()
        if ink is not None and ink != (0, 0, *mask.size):  # paste only what it covers
            quantised, mask = quantised.crop(ink), mask.crop(ink)
            at = (at[0] + ink[0], at[1] + ink[1])
        found = Sprite(quantised, mask, at)
        self.cache.put((self._owner, "sprite", key), found)
        return found

    def _plate(self, box: Box, sketch: Sketch) -> Plate:
        key = (self._owner, "plate", box, sketch.shapes)
        found = self.cache.get(key)
        if found is None:
            rgb, cover = sketch.plate(self.rgb.crop(box))
            found = Plate(rgb, cover, self.quantise(rgb), touched_mask(cover))
            self.cache.put(key, found)
        return found  # type: ignore[no-any-return]


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
