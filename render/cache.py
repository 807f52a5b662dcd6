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
    """A thread-safe mapping that keeps recently used entries whose sizes (by ``size``) add up
    to at most ``budget`` bytes. An entry larger than the whole budget is not kept.

    It is a segmented LRU: a new entry is on probation, and only a second use moves it to the
    protected part (at most ``PROTECTED`` of the budget); room is made from the probation part
    first. A stream of single-use entries (a busy bot's captions) then pushes out only each
    other, never the pieces and plates every board uses again."""

    PROTECTED = 0.8

    def __init__(self, budget: int, size: Callable[[Any], int] = value_bytes) -> None:
        self.budget = budget
        self.size = size
        self.nbytes = 0
        self._probation: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._protected: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._protected_bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable, default: Any = None) -> V | Any:
        with self._lock:
            found = self._protected.get(key)
            if found is not None:
                self._protected.move_to_end(key)
                return found[0]
            found = self._probation.pop(key, None)
            if found is None:
                return default
            self._protect(key, found)
            return found[0]

    def _protect(self, key: Hashable, entry: tuple[V, int]) -> None:
        """A second use: into the protected part, whose least used go back on probation."""
        self._protected[key] = entry
        self._protected_bytes += entry[1]
        while self._protected_bytes > self.budget * self.PROTECTED and len(self._protected) > 1:
            old_key, old = self._protected.popitem(last=False)
            self._protected_bytes -= old[1]
            self._probation[old_key] = old

    def put(self, key: Hashable, value: V) -> None:
        n = self.size(value)
        with self._lock:
            protected = key in self._protected
            old = self._protected.pop(key, None) or self._probation.pop(key, None)
            if old is not None:
                self.nbytes -= old[1]
                if protected:
                    self._protected_bytes -= old[1]
            if n > self.budget:
                return
            self.nbytes += n
            if protected:
                self._protect(key, (value, n))
            else:
                self._probation[key] = (value, n)
            while self.nbytes > self.budget:
                if self._probation:
                    _, (_, gone) = self._probation.popitem(last=False)
                else:
                    _, (_, gone) = self._protected.popitem(last=False)
                    self._protected_bytes -= gone
                self.nbytes -= gone

    def keys_kept(self) -> list[Hashable]:
        """The keys kept (probation first, each part least recently used first)."""
        with self._lock:
            return [*self._probation, *self._protected]

    def clear(self) -> None:
        with self._lock:
            self._probation.clear()
            self._protected.clear()
            self.nbytes = self._protected_bytes = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._protected or key in self._probation

    def __len__(self) -> int:
        return len(self._protected) + len(self._probation)


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
