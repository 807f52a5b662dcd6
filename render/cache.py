"""One bounded memory for everything the renderers keep between boards: sprites (pieces, name
plates, captions, prompts), the shapes under texts, and words of text. It is a least-recently-used
cache with a budget in bytes (of the kept images), shared by every board of the process, so a
busy bot's thousands of single-use captions push out each other, never the pieces every board
pastes.

The budget is ``RENDER_CACHE_MB`` megabytes from the environment (``DEFAULT_MB`` when unset),
read once when this module is first imported.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from PIL import Image

DEFAULT_MB = 64
ENTRY_OVERHEAD = 200  # bytes an entry costs beside its images (key, tuple, Image objects)

V = TypeVar("V")

_BYTES_PER_PIXEL = {"1": 1, "L": 1, "P": 1, "LA": 2, "La": 2, "PA": 2, "I;16": 2}


def image_bytes(im: Image.Image) -> int:
    """The bytes Pillow holds for ``im``'s pixels (a "1" image keeps a byte per pixel; RGB and
    RGBA keep four)."""
    return im.width * im.height * _BYTES_PER_PIXEL.get(im.mode, 4)


def value_bytes(value: Any) -> int:
    """The bytes of the images in ``value`` (an image, or a tuple holding some), plus the entry's
    own cost."""
    if isinstance(value, Image.Image):
        return ENTRY_OVERHEAD + image_bytes(value)
    if isinstance(value, tuple):
        return ENTRY_OVERHEAD + sum(_images_bytes(v) for v in value)
    return ENTRY_OVERHEAD


def _images_bytes(value: Any) -> int:
    if isinstance(value, Image.Image):
        return image_bytes(value)
    if isinstance(value, tuple):  # a sprite inside a plate
        return sum(_images_bytes(v) for v in value)
    return 0


class ByteLRU(Generic[V]):
    """A thread-safe mapping that keeps the most recently used entries whose sizes (by
    ``size``) add up to at most ``budget`` bytes. An entry larger than the whole budget is not
    kept."""

    def __init__(self, budget: int, size: Callable[[Any], int] = value_bytes) -> None:
        self.budget = budget
        self.size = size
        self.nbytes = 0
        self._kept: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, default: Any = None) -> V | Any:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return default
            self._kept.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V) -> None:
        n = self.size(value)
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.nbytes -= old[1]
            if n > self.budget:
                return
            self._kept[key] = (value, n)
            self.nbytes += n
            while self.nbytes > self.budget:
                _, (_, gone) = self._kept.popitem(last=False)
                self.nbytes -= gone

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.nbytes = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def __len__(self) -> int:
        return len(self._kept)


def _budget_from_env() -> int:
    raw = os.environ.get("RENDER_CACHE_MB", "").strip()
    try:
        mb = float(raw) if raw else DEFAULT_MB
    except ValueError:
        mb = DEFAULT_MB
    return max(1, int(mb * 1024 * 1024))


# The renderers' one cache. Keys start with an owner's token (``owner()``) so boards never read
# each other's sprites.
kept: ByteLRU[Any] = ByteLRU(_budget_from_env())
_owners = itertools.count()


def owner() -> int:
    """A token no other owner of entries in ``kept`` has (a board's sprites, the fonts' words)."""
    return next(_owners)
