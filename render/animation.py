"""A match's boards as one animated GIF (what the games' replays send: Discord plays GIFs
everywhere). The frames share their board's palette, so Pillow writes only the rectangle that
changed since the previous frame."""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image


def gif(frames: Iterable[tuple[Image.Image, int]]) -> bytes:
    """An endless animated GIF of ``frames``: (image, milliseconds on screen)."""
    shown = list(frames)
    if not shown:
        raise ValueError("a replay needs at least one frame")
    images = [image for image, _ in shown]
    buf = io.BytesIO()
    images[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=images[1:],
        duration=[ms for _, ms in shown],
        loop=0,
    )
    return buf.getvalue()
