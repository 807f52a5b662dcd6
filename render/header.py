"""The pieces of a board's header that every game draws alike: a team's name badge in its
colours and its goals beside the centre, each painted into its own box (``render.sketch``)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageFont

from render import colours as C
from render.fonts import fit
from render.kits import Kit
from render.sketch import Box, Painted, Sketch

Font = ImageFont.FreeTypeFont


def badge(box: Box, k: Kit, name: str, f: Font, px: Callable[[float], int]) -> Painted:
    """``name`` on a rounded badge of the team's colour; ``px`` scales a design length."""
    w, h = box[2] - box[0], box[3] - box[1]
    label = fit(name, f, w - 2 * px(12))

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), px(10), fill=k.colour, outline=C.MUTED, width=px(1.5))
        s.text((w / 2, h / 2), label, f, k.ink)

    return box, paint


def goals(box: Box, team: int, count: int, f: Font) -> Painted:
    """A team's goals, against the centre of the header: the first team's to its left."""
    w, h = box[2] - box[0], box[3] - box[1]

    def paint(s: Sketch) -> None:
        if team == 0:
            s.text((w, h / 2), str(count), f, C.TEXT, anchor="rm")
        else:
            s.text((0, h / 2), str(count), f, C.TEXT, anchor="lm")

    return box, paint
