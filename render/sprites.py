"""What every board shares: sprites drawn once over its background and kept in its palette, and
a bounded cache of boards (one per kits, width, layout...).

A board is a palette background plus sprites pasted through masks (``render.sketch``). Drawing
a sprite is the expensive part (anti-aliasing, quantising); pasting it is a plain copy. Both
caches are bounded and guarded by locks: renders run in worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from PIL import Image

from render.sketch import Painted, Sketch, Sprite

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


class Sprites:
    """The sprites of one board, each drawn by ``make()`` the first time its key is asked for
    and quantised to the board's palette."""

    def __init__(
        self, rgb: Image.Image, quantise: Callable[[Image.Image], Image.Image], limit: int
    ) -> None:
        self.rgb = rgb
        self.quantise = quantise
        self.limit = limit
        self._kept: dict[Any, Sprite] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Painted]) -> Sprite:
        found = self._kept.get(key)
        if found is not None:
            return found
        pixels, mask, at = draw_over(self.rgb, make())
        ink = mask.getbbox()
        if ink is not None and ink != (0, 0, *mask.size):  # paste only what it covers
            pixels, mask = pixels.crop(ink), mask.crop(ink)
            at = (at[0] + ink[0], at[1] + ink[1])
        found = Sprite(self.quantise(pixels), mask, at)
        with self._lock:
            if len(self._kept) >= self.limit:
                self._kept.pop(next(iter(self._kept)))  # the oldest goes
            self._kept[key] = found
        return found

    def __len__(self) -> int:
        return len(self._kept)


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
