"""The pitch's square symbols as small pictograms, drawn into a ``render.sketch.Sketch``: an
arrow in each of eight directions, two opposed arrows for losing the ball, a boot for a tackle, a
referee's whistle, a U-turn for a pass back to the goalkeeper; and a square's border (bold: one
thick line, double: two thin ones). Each draws into a square of side ``c`` whose top-left corner
is ``(x, y)`` in the sketch's coordinates, so the background and the key share them. The
pitch's steps (north: one row up) are the image's.
"""

from __future__ import annotations

import math

from engine.socceristic.pitch import STEP
from render import colours as C
from render.sketch import Sketch
from render.socceristic.geometry import INK, LOSE, PASS_BACK, TACKLE, WHISTLE


def _arrow(
    s: Sketch,
    tail: tuple[float, float],
    tip: tuple[float, float],
    width: float,
    head: float,
    colour: tuple[int, int, int],
) -> None:
    """A straight arrow from ``tail`` to ``tip``: a shaft ``width`` wide, a head ``head`` long."""
    (ax, ay), (bx, by) = tail, tip
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    base = (bx - ux * head, by - uy * head)
    s.line([tail, (base[0] + ux * width / 2, base[1] + uy * width / 2)], colour, width)
    half = head * 0.72
    left = (base[0] + nx * half, base[1] + ny * half)
    right = (base[0] - nx * half, base[1] - ny * half)
    s.polygon([tip, left, right], colour)


def paint_arrow(s: Sketch, x: float, y: float, c: float, direction: str) -> None:
    dx, dy = STEP[direction]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    cx, cy = x + c / 2, y + c / 2
    half = c * 0.33
    _arrow(
        s,
        (cx - ux * half, cy - uy * half),
        (cx + ux * half, cy + uy * half),
        max(1.5, c * 0.1),
        c * 0.3,
        INK,
    )


def paint_lose(s: Sketch, x: float, y: float, c: float) -> None:
    """Losing the ball: two red arrows the opposite way, one over the other."""
    w, head = max(1.5, c * 0.09), c * 0.22
    left, right = x + c * 0.16, x + c * 0.84
    top, bottom = y + c * 0.34, y + c * 0.66
    _arrow(s, (left, top), (right, top), w, head, LOSE)
    _arrow(s, (right, bottom), (left, bottom), w, head, LOSE)


def paint_tackle(s: Sketch, x: float, y: float, c: float) -> None:
    """A tackle: a boot with its studs, toe to the east."""

    def p(u: float, v: float) -> tuple[float, float]:
        return (x + u * c, y + v * c)

    s.polygon(
        [p(0.3, 0.16), p(0.54, 0.16), p(0.56, 0.52), p(0.8, 0.58), p(0.86, 0.66), p(0.84, 0.74),
         p(0.26, 0.74), p(0.24, 0.6)],
        TACKLE,
    )  # fmt: skip
    r = c * 0.05
    for u in (0.32, 0.48, 0.64, 0.78):
        s.ellipse((x + u * c - r, y + 0.78 * c - r, x + u * c + r, y + 0.78 * c + r), fill=TACKLE)
    s.line([p(0.3, 0.3), p(0.54, 0.3)], WHISTLE, max(1.0, c * 0.04))


def paint_whistle(s: Sketch, x: float, y: float, c: float) -> None:
    """The referee's whistle: a round body, a mouthpiece to the west, the pea's hole."""
    line = max(1.0, c * 0.06)
    cx, cy, r = x + c * 0.58, y + c * 0.56, c * 0.24
    s.rounded((x + c * 0.12, cy - r, cx, cy - r * 0.1), c * 0.04, fill=WHISTLE, outline=INK,
              width=line)  # fmt: skip
    s.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHISTLE, outline=INK, width=line)
    h = r * 0.36
    s.ellipse((cx - h, cy - h, cx + h, cy + h), fill=INK)
    s.line([(cx + r * 0.3, cy - r * 0.95), (cx + r * 0.9, cy - r * 1.5)], INK, line)


def paint_pass_back(s: Sketch, x: float, y: float, c: float) -> None:
    """A pass back: a U-turn arrow (out to the east, back to the west)."""
    w = max(1.5, c * 0.09)
    left, right = x + c * 0.2, x + c * 0.64
    top, bottom = y + c * 0.28, y + c * 0.72
    r = (bottom - top) / 2
    s.line([(left + c * 0.02, top), (right, top)], PASS_BACK, w)
    s.arc((right - r, top, right + r, bottom), 270, 90, PASS_BACK, w)
    _arrow(s, (right, bottom), (left - c * 0.04, bottom), w, c * 0.24, PASS_BACK)


def paint_symbol(s: Sketch, x: float, y: float, c: float, symbol: str) -> None:
    if symbol in STEP:
        paint_arrow(s, x, y, c, symbol)
    elif symbol == "lose":
        paint_lose(s, x, y, c)
    elif symbol == "tackle":
        paint_tackle(s, x, y, c)
    elif symbol == "whistle":
        paint_whistle(s, x, y, c)
    elif symbol == "pass_back":
        paint_pass_back(s, x, y, c)


def paint_border(s: Sketch, x: float, y: float, c: float, border: str) -> None:
    """A bold border (one thick line just inside the square) or a double one (two thin)."""
    if border == "bold":
        s.rounded((x, y, x + c, y + c), 0, fill=None, outline=C.OUTLINE, width=max(2.0, c * 0.1))
    elif border == "double":
        w = max(1.0, c * 0.05)
        for inset in (0, w * 2):
            s.rounded((x + inset, y + inset, x + c - inset, y + c - inset), 0, fill=None,
                      outline=C.OUTLINE, width=w)  # fmt: skip
