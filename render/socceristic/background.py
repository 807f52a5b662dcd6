"""The static Socceristic board for one pitch: the header and caption panels, every square with
its symbol and border, the Lighter Green Zone tinted lighter, the chalk (touchlines and goal
lines, the centre line through the centre row, the centre circle and spot, the penalty boxes'
outlines), both goals, the printed column numbers, the ODD/EVEN line labels, the kick-off digits
on the centre row, the ends' names, the panel's titles and the key to the symbols. Painted once
per pitch (its ``pitch_key``) and width.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from engine.socceristic.pitch import Pitch
from render import colours as C
from render.fonts import font
from render.scoreboard import blank
from render.sketch import Sketch
from render.socceristic.geometry import (
    EDGE_TEXT,
    GRASS,
    GRID,
    NET,
    NET_LINE,
    TEXT_SIZES,
    ZONE,
    Geometry,
)
from render.socceristic.symbols import paint_border, paint_symbol

# The key beside the pitch: (symbol, border, zone) of a sample square, and what it means.
KEY: tuple[tuple[str, str, str, str], ...] = (
    ("NE", "", "", "roll, follow the arrow"),
    ("lose", "", "", "the ball is lost"),
    ("tackle", "", "", "tackle: both roll"),
    ("whistle", "", "", "referee's decision"),
    ("pass_back", "", "green", "pass back to keeper"),
    ("", "bold", "", "bold: a chance at goal"),
    ("whistle", "double", "", "double: free-kick shot"),
    ("", "", "green", "Lighter Green Zone"),
)


def square_fill(y: int, zone: str) -> tuple[int, int, int]:
    """A square's grass: rows mown in two shades, the Lighter Green Zone lighter."""
    return (ZONE if zone else GRASS)[y % 2]


def paint_background(g: Geometry, pitch: Pitch) -> Image.Image:
    im, d = blank(g, g.height)
    d.rectangle((g.panel[0] - g.px(10), g.header[3], g.width, g.caption[1] - g.px(3)), fill=C.PANEL)
    for y, row in enumerate(pitch.squares):
        for x, sq in enumerate(row):
            d.rectangle(g.square((x, y)), fill=square_fill(y, sq.zone))
    _grid(d, g)
    for end in ("north", "south"):
        _goal(d, g.goal(end, pitch.centre_spot), g)
    _markings(im, g, pitch)
    _labels(d, g, pitch)
    _panel(im, d, g)
    return im


def _grid(d: ImageDraw.ImageDraw, g: Geometry) -> None:
    x0, y0, x1, y1 = g.grid
    c, w = g.cell, max(1, g.px(1))
    for i in range(1, g.cols):
        d.line((x0 + i * c, y0, x0 + i * c, y1), fill=GRID, width=w)
    for j in range(1, g.rows):
        d.line((x0, y0 + j * c, x1, y0 + j * c), fill=GRID, width=w)


def _goal(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], g: Geometry) -> None:
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=NET)
    step = max(2, g.px(5))
    for x in range(x0 + step, x1, step):
        d.line((x, y0, x, y1), fill=NET_LINE, width=1)
    for y in range(y0 + step, y1, step):
        d.line((x0, y, x1, y), fill=NET_LINE, width=1)
    d.rectangle(box, outline=C.CHALK, width=g.px(2))


def _markings(im: Image.Image, g: Geometry, pitch: Pitch) -> None:
    """The chalk under the symbols, then every square's symbol and border, anti-aliased."""
    m = g.px(6)
    gx0, gy0, gx1, gy1 = g.grid
    box = (gx0 - m, gy0 - m, gx1 + m, gy1 + m)
    s = Sketch((box[2] - box[0], box[3] - box[1]))
    c = g.cell

    def loc(x: float, y: float) -> tuple[float, float]:
        return (x - box[0], y - box[1])

    chalk, faint, thick = (*C.CHALK, 235), (*C.CHALK, 150), g.px(3)
    s.line([loc(gx0, gy0), loc(gx1, gy0), loc(gx1, gy1), loc(gx0, gy1), loc(gx0, gy0)], chalk,
           thick)  # fmt: skip
    cx, cy = g.centre_of((pitch.centre_spot, pitch.centre_row))
    s.line([loc(gx0, cy), loc(gx1, cy)], faint, thick)
    lx, ly = loc(cx, cy)
    r = 1.6 * c
    s.arc((lx - r, ly - r, lx + r, ly + r), 0, 360, faint, thick)
    r = 0.5 * c - g.px(2)
    s.ellipse((lx - r, ly - r, lx + r, ly + r), fill=(*C.CHALK, 90))
    for y, row in enumerate(pitch.squares):
        for x, sq in enumerate(row):
            if sq.zone == "box":
                _box_edges(s, g, pitch, x, y, loc, chalk, thick)
    for y, row in enumerate(pitch.squares):
        for x, sq in enumerate(row):
            sx, sy = loc(*g.square((x, y))[:2])
            paint_symbol(s, sx, sy, c, sq.symbol)
            paint_border(s, sx, sy, c, sq.border)
    rgb, mask = s.over(im.crop(box))
    im.paste(rgb, box[:2], mask)


def _box_edges(
    s: Sketch,
    g: Geometry,
    pitch: Pitch,
    x: int,
    y: int,
    loc: Callable[[float, float], tuple[float, float]],
    colour: tuple[int, int, int, int],
    width: int,
) -> None:
    """The penalty box's outline along the sides of square (x, y) that face no box square."""
    x0, y0, x1, y1 = g.square((x, y))
    for dx, dy, a, b in (
        (0, -1, (x0, y0), (x1, y0)),
        (0, 1, (x0, y1), (x1, y1)),
        (-1, 0, (x0, y0), (x0, y1)),
        (1, 0, (x1, y0), (x1, y1)),
    ):
        nx, ny = x + dx, y + dy
        if not pitch.on_pitch(nx, ny) or pitch.square(nx, ny).zone != "box":
            s.line([loc(*a), loc(*b)], colour, width)


def _labels(d: ImageDraw.ImageDraw, g: Geometry, pitch: Pitch) -> None:
    """The printed column numbers at both ends, the ODD/EVEN lines at both sides, the kick-off
    digits in their centre-row squares and the ends' names."""
    edge = font(g.px(TEXT_SIZES["edge"]))
    numbers = font(_fitting(g.px(TEXT_SIZES["edge"]), [str(n) for n in pitch.columns], g.cell - 2))
    for x, number in enumerate(pitch.columns):
        for end in ("north", "south"):
            d.text(g.column_label(x, end), str(number), font=numbers, fill=EDGE_TEXT, anchor="mm")
    for end in ("north", "south"):
        for line, y in (("ODD", pitch.odd[end]), ("EVEN", pitch.even[end])):
            d.text(g.line_label(y, 0), line, font=edge, fill=EDGE_TEXT, anchor="rm")
            d.text(g.line_label(y, 1), line, font=edge, fill=EDGE_TEXT, anchor="lm")
    small = font(max(8, min(g.px(TEXT_SIZES["kickoff"]), g.cell // 3)))
    for die, x in pitch.kickoff.items():
        x0, y0, _, _ = g.square((x, pitch.centre_row))
        d.text((x0 + g.px(3), y0 + g.px(2)), str(die), font=small, fill=C.CHALK, anchor="la")
    big = font(g.px(TEXT_SIZES["end"]))
    for end, arrow in (("north", "▲"), ("south", "▼")):
        x0, y0, _, y1 = g.end_strip(end)
        d.text((x0, (y0 + y1) // 2), f"{arrow} {end.upper()}", font=big, fill=EDGE_TEXT,
               anchor="lm")  # fmt: skip


def _fitting(size: int, texts: list[str], width: int) -> int:
    """The largest font size up to ``size`` at which every one of ``texts`` fits ``width``."""
    while size > 8 and max(font(size).getlength(t) for t in texts) > width:
        size -= 1
    return size


def _panel(im: Image.Image, d: ImageDraw.ImageDraw, g: Geometry) -> None:
    """The panel's titles and the key: a sample square of each symbol and what it means."""
    title = font(g.px(TEXT_SIZES["title"]))
    x0, y0, _, y1 = g.card_title
    d.text((x0, (y0 + y1) // 2), "LAST CARD", font=title, fill=C.MUTED, anchor="lm")
    d.text((x0, g.key_top + g.px(12)), "KEY", font=title, fill=C.MUTED, anchor="lm")
    words = font(g.px(TEXT_SIZES["key"]), bold=False)
    first, _ = g.key(0)
    last, _ = g.key(len(KEY) - 1)
    box = (first[0], first[1], g.panel[2], last[3])
    s = Sketch((box[2] - box[0], box[3] - box[1]))
    for i, (symbol, border, zone, _) in enumerate(KEY):
        sq, _ = g.key(i)
        side = sq[2] - sq[0]
        lx, ly = sq[0] - box[0], sq[1] - box[1]
        s.rounded((lx, ly, lx + side, ly + side), 0, fill=square_fill(0, zone))
        paint_symbol(s, lx, ly, side, symbol)
        paint_border(s, lx, ly, side, border)
    rgb, mask = s.over(im.crop(box))
    im.paste(rgb, box[:2], mask)
    for i, (*_, text) in enumerate(KEY):
        _, at = g.key(i)
        d.text(at, text, font=words, fill=C.TEXT, anchor="lm")
