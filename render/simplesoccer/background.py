"""The static Simple Soccer board: header and footer panels, the grid in mowing stripes, both
goals' seven squares, the chalk lines (touchlines, goal lines, halfway line, centre circle and
spot, penalty areas) and the column letters and row numbers, painted once per width and field.
"""

from __future__ import annotations

import string

from PIL import Image, ImageDraw

from render import colours as C
from render.fonts import font
from render.scoreboard import blank
from render.simplesoccer.geometry import (
    GRASS_DARK,
    GRASS_LIGHT,
    GRID,
    NET,
    NET_LINE,
    TEXT_SIZES,
    Geometry,
)
from render.sketch import Sketch


def paint_background(g: Geometry) -> Image.Image:
    im, d = blank(g, g.height)
    sh = g.shape
    for x in range(sh.cols):
        for y in range(sh.rows):
            d.rectangle(g.square((x, y)), fill=GRASS_LIGHT if x % 2 == 0 else GRASS_DARK)
    _grid(d, g)
    for team in (0, 1):
        _goal(d, g, team)
    _chalk(im, g)
    _labels(d, g)
    return im


def _grid(d: ImageDraw.ImageDraw, g: Geometry) -> None:
    x0, y0, x1, y1 = g.grid
    c, w = g.cell, max(1, g.px(1))
    for i in range(1, g.shape.cols):
        d.line((x0 + i * c, y0, x0 + i * c, y1), fill=GRID, width=w)
    for j in range(1, g.shape.rows):
        d.line((x0, y0 + j * c, x1, y0 + j * c), fill=GRID, width=w)


def _goal(d: ImageDraw.ImageDraw, g: Geometry, team: int) -> None:
    """The goal's seven squares: net, each square's edge, outlined in chalk."""
    x0, y0, x1, y1 = g.goal_strip(team)
    d.rectangle((x0, y0, x1, y1), fill=NET)
    step = max(2, g.cell // 6)
    for x in range(x0 + step, x1, step):
        d.line((x, y0, x, y1), fill=NET_LINE, width=1)
    for y in range(y0 + step, y1, step):
        d.line((x0, y, x1, y), fill=NET_LINE, width=1)
    for row in g.shape.goal_rows[1:]:
        top = g.square((0, row))[3]
        d.line((x0, top, x1, top), fill=C.MUTED, width=g.px(2))


def _chalk(im: Image.Image, g: Geometry) -> None:
    """The markings, anti-aliased: touchlines and goal lines, the goals' frames, the halfway
    line through the middle of the halfway column, the centre circle and spot, the penalty
    areas."""
    m = g.px(8)
    gx0, gy0, gx1, gy1 = g.grid
    box = (gx0 - g.cell - m, gy0 - m, gx1 + g.cell + m, gy1 + m)
    s = Sketch((box[2] - box[0], box[3] - box[1]))

    def loc(x: float, y: float) -> tuple[float, float]:
        return (x - box[0], y - box[1])

    line, thick = (*C.CHALK, 235), g.px(3)
    s.line([loc(gx0, gy0), loc(gx1, gy0), loc(gx1, gy1), loc(gx0, gy1), loc(gx0, gy0)], line, thick)
    for team in (0, 1):
        x0, y0, x1, y1 = g.goal_strip(team)
        s.line([loc(x0, y0), loc(x1, y0), loc(x1, y1), loc(x0, y1), loc(x0, y0)], line, thick)
    sh = g.shape
    cx, cy = g.centre_of(sh.centre)
    s.line([loc(cx, gy0), loc(cx, gy1)], line, thick)
    r = (sh.circle + 0.5) * g.cell
    lx, ly = loc(cx, cy)
    s.arc((lx - r, ly - r, lx + r, ly + r), 0, 360, line, thick)
    dot = g.px(6)
    s.ellipse((lx - dot, ly - dot, lx + dot, ly + dot), fill=line)
    top = g.square((0, sh.box_rows[-1]))[1]
    bottom = g.square((0, sh.box_rows[0]))[3]
    depth = sh.box_depth * g.cell
    for edge, inner in ((gx0, gx0 + depth), (gx1, gx1 - depth)):
        s.line(
            [loc(edge, top), loc(inner, top), loc(inner, bottom), loc(edge, bottom)], line, thick
        )
    rgb, mask = s.over(im.crop(box))
    im.paste(rgb, box[:2], mask)


def _labels(d: ImageDraw.ImageDraw, g: Geometry) -> None:
    f = font(g.px(TEXT_SIZES["edge"]))
    colour = (214, 232, 214)
    for x in range(g.shape.cols):
        for side in (0, 1):
            d.text(
                g.column_label(x, side), string.ascii_lowercase[x], font=f, fill=colour, anchor="mm"
            )
    for y in range(g.shape.rows):
        for side in (0, 1):
            d.text(g.row_label(y, side), str(y + 1), font=f, fill=colour, anchor="mm")
