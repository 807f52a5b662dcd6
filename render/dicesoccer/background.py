"""The static Sports Dice Soccer board: the sections in two greens, both goals and the chalk
lines, painted once per width and number of sections.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import colours as C
from render.dicesoccer.geometry import GREEN_DARK, GREEN_LIGHT, NET, NET_LINE, Geometry
from render.fonts import font
from render.sketch import Sketch

# -- the static board -------------------------------------------------------------------------


def paint_background(g: Geometry) -> Image.Image:
    im = Image.new("RGB", (g.width, g.height), C.SURROUND)
    d = ImageDraw.Draw(im)
    d.rectangle(g.header, fill=C.PANEL)
    d.rectangle(g.panel, fill=C.PANEL)
    d.line((0, g.header[3], g.width, g.header[3]), fill=C.PANEL_LINE, width=g.px(2))
    d.line((0, g.panel[1], g.width, g.panel[1]), fill=C.PANEL_LINE, width=g.px(2))
    for t in (0, 1):
        y = g.row_top(t) + g.px(114)
        d.line((g.px(16), y, g.width - g.px(16), y), fill=C.PANEL_LINE, width=g.px(1))
    n = 2 * g.sections
    for i in range(1, n + 1):
        d.rectangle(g.section(i), fill=GREEN_LIGHT if i % 2 else GREEN_DARK)
    _goals(d, g)
    _chalk(im, g)
    small = font(g.px(18))
    x0, y0, x1, y1 = g.pitch
    for i in range(1, n + 1):
        sx0, _, sx1, _ = g.section(i)
        d.text(
            ((sx0 + sx1) // 2, y1 - g.px(18)), str(i), font=small, fill=(214, 232, 214), anchor="mm"
        )
    d.text(g.dash, "–", font=font(g.px(72)), fill=C.MUTED, anchor="mm")
    return im


def _goals(d: ImageDraw.ImageDraw, g: Geometry) -> None:
    x0, y0, x1, y1 = g.pitch
    depth = g.px(30)
    gh = round((y1 - y0) * 0.34)
    gy0 = (y0 + y1) // 2 - gh // 2
    gy1 = gy0 + gh
    for line_x, sign in ((x0, -1), (x1, 1)):
        left, right = sorted((line_x, line_x + sign * depth))
        d.rectangle((left, gy0, right, gy1), fill=NET)
        step = g.px(6)
        for y in range(gy0, gy1, step):
            d.line((left, y, right, y), fill=NET_LINE, width=1)
        for x in range(left, right, step):
            d.line((x, gy0, x, gy1), fill=NET_LINE, width=1)
        d.rectangle((left, gy0, right, gy1), outline=C.CHALK, width=g.px(3))


def _chalk(im: Image.Image, g: Geometry) -> None:
    """The markings, anti-aliased: section borders, touchlines, halfway line, centre circle."""
    x0, y0, x1, y1 = g.pitch
    m = g.px(6)
    box = (x0 - m, y0 - m, x1 + m, y1 + m)
    s = Sketch((box[2] - box[0], box[3] - box[1]))

    def loc(x: float, y: float) -> tuple[float, float]:
        return (x - box[0], y - box[1])

    thin, thick = g.px(2), g.px(3.5)
    for i in range(1, 2 * g.sections):
        xs = g.section(i)[2]
        if xs != g.halfway:
            s.line([loc(xs, y0), loc(xs, y1)], (*C.CHALK, 120), thin)
    s.line([loc(g.halfway, y0), loc(g.halfway, y1)], (*C.CHALK, 240), thick)
    s.line(
        [loc(x0, y0), loc(x1, y0), loc(x1, y1), loc(x0, y1), loc(x0, y0)], (*C.CHALK, 240), thick
    )
    cx, cy = loc(g.halfway, (y0 + y1) / 2)
    r = min((y1 - y0) * 0.2, (g.section(1)[2] - g.section(1)[0]) * 0.9)
    s.arc((cx - r, cy - r, cx + r, cy + r), 0, 360, (*C.CHALK, 200), thin)
    dot = g.px(4)
    s.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=(*C.CHALK, 240))
    rgb, mask = s.over(im.crop(box))
    im.paste(rgb, box[:2], mask)
