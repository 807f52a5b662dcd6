"""Match replays: the boards of a match as one animated GIF.

GIF because Discord plays it everywhere. All frames share the board's palette, so Pillow writes
only the rectangle that changed since the previous frame; a whole match stays far below Discord's
attachment limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from render.animation import gif
from render.fuba.board import (
    DEFAULT_KITS,
    DEFAULT_NAMES,
    DEFAULT_WIDTH,
    Caption,
    render,
)
from render.kits import Kit

MAX_BYTES = 8 * 1024 * 1024
HOLD_MS = {"turn": 1200, "goal": 2500, "final": 5000}


def replay_gif(
    frames: Iterable[tuple[dict[str, Any], Caption | None, int]],
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
    names: Sequence[str] = DEFAULT_NAMES,
    width: int = DEFAULT_WIDTH,
) -> bytes:
    """An animated GIF of ``frames``, each a (view, caption, milliseconds on screen)."""
    return gif(
        (render(view, kits=kits, names=names, width=width, caption=caption), ms)
        for view, caption, ms in frames
    )
