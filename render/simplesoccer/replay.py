"""Simple Soccer replays: the boards of a match as one animated GIF, every frame in the
board's palette.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from render.kits import Kit
from render.simplesoccer.board import DEFAULT_KITS, DEFAULT_NAMES, render
from render.simplesoccer.geometry import DEFAULT_WIDTH


def replay_gif(
    frames: Iterable[tuple[dict[str, Any], str | None, int]],
    names: Sequence[str] = DEFAULT_NAMES,
    *,
    width: int = DEFAULT_WIDTH,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """An animated GIF of a match: ``frames`` are (view, caption, milliseconds on screen). The
    frames share the board's palette, so Pillow stores only what changed."""
    images, durations = [], []
    for view, caption, ms in frames:
        images.append(render(view, names, caption, width, kits=kits))
        durations.append(ms)
    if not images:
        raise ValueError("a replay needs at least one frame")
    buf = io.BytesIO()
    images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
    return buf.getvalue()
