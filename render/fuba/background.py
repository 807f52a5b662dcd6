"""The static board: everything that does not change during a match, drawn once per width.

The 13 areas in their greens with their numbers, the lines of a football pitch on top, the
goals, the empty clock track and the legend. (The advanced rules are not played, so there is no
strip for them: the board shows only the rules in force.)
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.fuba.board import AREAS
from render import colours as C
from render.fonts import font
from render.fuba.geometry import TEXT_SIZES, Layout
from render.sketch import Sketch

BORDER_ALPHA = 110  # area borders: lighter than the pitch markings
LINE_ALPHA = 235
LEGEND = "3 = players in the area   GK = goalkeeper   6+2 = only 6 count   die = ball value"
STOPPAGE_SQUARES = 5


def paint(g: Layout) -> Image.Image:
    """The static board at ``g``'s size, as RGB."""
    im = Image.new("RGB", (g.width, g.height), C.SURROUND)
    d = ImageDraw.Draw(im)
    d.rectangle(g.header, fill=C.PANEL)
    d.rectangle(g.footer, fill=C.PANEL)
    for a in AREAS:
        d.rectangle(g.areas[a], fill=C.AREA[a])
    _lines(im, g)
    _goals(im, g)
    _numbers(im, g)
    _track(d, g)
    _legend(d, g)
    return im


def _overlay_line(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], alpha: int) -> None:
    d.rectangle(box, fill=(*C.CHALK, alpha))


def _lines(im: Image.Image, g: Layout) -> None:
    overlay = Image.new("RGBA", im.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(overlay)
    thin, thick = g.px(2), g.px(3)
    # area borders (the board's own lines): every edge of every area box
    for a in AREAS:
        x0, y0, x1, y1 = g.areas[a]
        for box in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
            bx0, by0, bx1, by1 = box
            h = thin // 2
            _overlay_line(d, (bx0 - h, by0 - h, bx1 + h, by1 + h), BORDER_ALPHA)
    # football markings on top: touchlines, goal lines, halfway line, the boxes
    x0, y0, x1, y1 = g.pitch
    t = thick
    marks = [
        (x0 - t // 2, y0 - t // 2, x1 + t // 2, y0 + t // 2),
        (x0 - t // 2, y1 - t // 2, x1 + t // 2, y1 + t // 2),
        (x0 - t // 2, y0, x0 + t // 2, y1),
        (x1 - t // 2, y0, x1 + t // 2, y1),
    ]
    hx, _ = g.to_pixel(50, 0)
    marks.append((hx - t // 2, y0, hx + t // 2, y1))
    for box_lo, box_hi, goal_lo, goal_hi in ((0, 17, 0, 5.5), (83, 100, 94.5, 100)):
        bx0, by0 = g.to_pixel(box_lo, 14)
        bx1, by1 = g.to_pixel(box_hi, 50)
        gx0, gy0 = g.to_pixel(goal_lo, 22.84)
        gx1, gy1 = g.to_pixel(goal_hi, 41.16)
        for bx_a, by_a, bx_b, by_b in ((bx0, by0, bx1, by1), (gx0, gy0, gx1, gy1)):
            marks += [
                (bx_a, by_a - t // 2, bx_b, by_a + t // 2),
                (bx_a, by_b - t // 2, bx_b, by_b + t // 2),
                (bx_a - t // 2, by_a, bx_a + t // 2, by_b),
                (bx_b - t // 2, by_a, bx_b + t // 2, by_b),
            ]
    for box in marks:
        _overlay_line(d, box, LINE_ALPHA)
    im.paste(Image.alpha_composite(im.convert("RGBA"), overlay).convert("RGB"))
    _circles(im, g)


def _sx(g: Layout) -> float:
    return (g.pitch[2] - g.pitch[0]) / 100


def _circle_sketch(
    im: Image.Image,
    g: Layout,
    centre: tuple[float, float],
    r: float,
    spots: bool = False,
    clip_x: tuple[float, float] | None = None,
    start: float = 0,
    end: float = 360,
) -> None:
    """A chalk circle (or arc) of radius ``r`` px, drawn anti-aliased over the board."""
    cx, cy = centre
    pad = g.px(4)
    box = (int(cx - r - pad), int(cy - r - pad), int(cx + r + pad) + 1, int(cy + r + pad) + 1)
    s = Sketch((box[2] - box[0], box[3] - box[1]))
    local = (cx - r - box[0], cy - r - box[1], cx + r - box[0], cy + r - box[1])
    colour = (*C.CHALK, LINE_ALPHA)
    if spots:
        s.ellipse(local, fill=colour)
    else:
        s.arc(local, start, end, fill=colour, width=g.px(3))
    rgb, mask = s.over(im.crop(box))
    if clip_x is not None:
        lo, hi = (int(v - box[0]) for v in clip_x)
        keep = Image.new("1", mask.size, 0)
        keep.paste(1, (max(lo, 0), 0, min(hi, mask.size[0]), mask.size[1]))
        mask = Image.composite(mask, keep, keep)
    im.paste(rgb, box[:2], mask)


def _circles(im: Image.Image, g: Layout) -> None:
    r_centre = 9.15 * _sx(g)
    _circle_sketch(im, g, g.to_pixel(50, 32), r_centre)
    _circle_sketch(im, g, g.to_pixel(50, 32), g.px(5), spots=True)
    for spot_x, box_x in ((11, 17), (89, 83)):
        centre = g.to_pixel(spot_x, 32)
        _circle_sketch(im, g, centre, g.px(5), spots=True)
        edge = g.to_pixel(box_x, 32)[0]
        clip = (edge, edge + 10_000) if box_x == 17 else (edge - 10_000, edge)
        _circle_sketch(im, g, centre, r_centre, clip_x=clip)
    r_corner = 1.6 * _sx(g)
    x0, y0, x1, y1 = g.pitch
    for (cx, cy), (start, end) in (
        ((x0, y0), (0, 90)),
        ((x1, y0), (90, 180)),
        ((x0, y1), (270, 360)),
        ((x1, y1), (180, 270)),
    ):
        _circle_sketch(im, g, (cx, cy), r_corner, start=start, end=end)


def _goals(im: Image.Image, g: Layout) -> None:
    d = ImageDraw.Draw(im)
    depth = g.px(24)
    x0, _, x1, _ = g.pitch
    for line_x, sign in ((x0, -1), (x1, 1)):
        _, gy0 = g.to_pixel(0, 28.34)
        _, gy1 = g.to_pixel(0, 35.66)
        back = line_x + sign * depth
        left, right = sorted((line_x, back))
        d.rectangle((left, gy0, right, gy1), fill=(210, 222, 214))
        step = g.px(6)
        for y in range(gy0, gy1, step):
            d.line((left, y, right, y), fill=(170, 186, 176), width=1)
        for x in range(left, right, step):
            d.line((x, gy0, x, gy1), fill=(170, 186, 176), width=1)
        d.rectangle((left, gy0, right, gy1), outline=C.CHALK, width=g.px(3))


def _numbers(im: Image.Image, g: Layout) -> None:
    d = ImageDraw.Draw(im)
    big = font(g.px(56))
    for a in AREAS:
        d.text(
            g.slot(a, "number"),
            str(a),
            font=big,
            fill=C.CHALK,
            anchor="mm",
            stroke_width=g.px(3),
            stroke_fill=(20, 56, 30),
        )


def _track(d: ImageDraw.ImageDraw, g: Layout) -> None:
    """45 minute cells, a gap, then the stoppage squares; the clock fills them."""
    for box in track_cells(g):
        d.rectangle(box, fill=C.TRACK)


def track_cells(g: Layout) -> list[tuple[int, int, int, int]]:
    """The 45 minute cells then the 5 stoppage squares of the clock track, left to right."""
    x0, y0, x1, y1 = g.ui["track"]
    gap = g.px(10)
    square = y1 - y0 + g.px(4)
    minutes_w = x1 - x0 - gap - STOPPAGE_SQUARES * (square + g.px(3))
    cells = []
    for i in range(45):
        a = x0 + round(i * minutes_w / 45)
        b = x0 + round((i + 1) * minutes_w / 45) - 1
        cells.append((a, y0, b, y1))
    sx = x0 + minutes_w + gap
    for i in range(STOPPAGE_SQUARES):
        a = sx + i * (square + g.px(3))
        cells.append((a, y0 - g.px(2), a + square - 1, y1 + g.px(2)))
    return cells


def _legend(d: ImageDraw.ImageDraw, g: Layout) -> None:
    x0, y0, x1, y1 = g.ui["legend"]
    small = font(g.px(TEXT_SIZES["legend"]), bold=False)
    d.text((x0, (y0 + y1) // 2), LEGEND, font=small, fill=C.MUTED, anchor="lm")
