"""Socceristic replays: the boards of a match as one animated GIF, every frame in the board's
palette.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from render.animation import gif
from render.kits import Kit
from render.socceristic.board import DEFAULT_KITS, DEFAULT_NAMES, render
from render.socceristic.geometry import DEFAULT_WIDTH


def replay_gif(
    frames: Iterable[tuple[dict[str, Any], str | None, int]],
    names: Sequence[str] = DEFAULT_NAMES,
    *,
    width: int = DEFAULT_WIDTH,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """An animated GIF of a match: ``frames`` are (view, caption, milliseconds on screen). The
    frames share the board's palette, so Pillow stores only what changed."""
    return gif((render(view, names, caption, width, kits=kits), ms) for view, caption, ms in frames)
