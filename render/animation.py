"""A match's boards as one animated GIF (what the games' replays send: Discord plays GIFs
everywhere). The frames share their board's palette, so Pillow writes only the rectangle that
changed since the previous frame."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from PIL import Image

from render.kits import Kit


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


class BoardRender(Protocol):
    """A game's ``render(view, names, caption, width, *, kits)``: its board as an image."""

    def __call__(
        self,
        view: dict[str, Any],
        names: Sequence[str],
        caption: str | None,
        width: int,
        *,
        kits: tuple[Kit, Kit],
    ) -> Image.Image: ...


class Replay(Protocol):
    """``replay_gif(frames, names, *, width, kits)``: frames are (view, caption, milliseconds
    on screen)."""

    def __call__(
        self,
        frames: Iterable[tuple[dict[str, Any], str | None, int]],
        names: Sequence[str] = ...,
        *,
        width: int = ...,
        kits: tuple[Kit, Kit] = ...,
    ) -> bytes: ...


def board_replay(
    render: BoardRender, names: Sequence[str], width: int, kits: tuple[Kit, Kit]
) -> Replay:
    """A game's ``replay_gif``: its boards (``render``, with these defaults) as one GIF."""

    def replay_gif(
        frames: Iterable[tuple[dict[str, Any], str | None, int]],
        names: Sequence[str] = names,
        *,
        width: int = width,
        kits: tuple[Kit, Kit] = kits,
    ) -> bytes:
        """An animated GIF of a match: ``frames`` are (view, caption, milliseconds on screen).
        The frames share the board's palette, so Pillow stores only what changed."""
        return gif(
            (render(view, names, caption, width, kits=kits), ms) for view, caption, ms in frames
        )

    return replay_gif
