"""Painters for what stands on the pitch: players tokens, goalkeepers, the ball die, the pass arrow.

Each painter returns ``(box, paint)``: where the piece goes on the board and a function that
draws it into a ``Sketch`` of that box's size.
"""

from __future__ import annotations

from PIL import ImageFont

from render import colours as C
from render.fonts import font
from render.fuba.geometry import TEXT_SIZES, Layout
from render.kits import RGB, Kit
from render.sketch import Box, Painted, Point, Sketch

COUNTED = 6  # 1.4.1: at most six players of a team count in one area


def token_text(outfield: int, keeper_here: bool) -> str:
    """The count on a team's players token: "3", or "5+2" when more than six pieces share the
    area (the number before "+", plus the goalkeeper if he is there, are the six that count)."""
    pieces = outfield + keeper_here
    if pieces <= COUNTED:
        return str(outfield)
    return f"{COUNTED - keeper_here}+{pieces - COUNTED}"


def centred(centre: Point, w: int, h: int) -> Box:
    x, y = centre
    return (x - w // 2, y - h // 2, x - w // 2 + w, y - h // 2 + h)


def token(g: Layout, centre: Point, kit: Kit, text: str) -> Painted:
    """A disc (a pill for "6+2") in the kit colour with the count on it."""
    wide = "+" in text
    pad = g.px(2)
    w = (g.pill if wide else g.token) + 2 * pad
    h = g.token + 2 * pad
    size = g.px(30) if wide else g.px(40 if len(text) == 1 else 33)

    def paint(s: Sketch) -> None:
        s.rounded((pad / 2, pad / 2, w - pad / 2, h - pad / 2), (h - pad) / 2, fill=C.OUTLINE)
        inner = (pad, pad, w - pad, h - pad)
        s.rounded(inner, (h - 2 * pad) / 2, fill=kit.colour, outline=kit.ink, width=g.px(3))
        s.text((w / 2, h / 2), text, font(size), kit.ink)

    return centred(centre, w, h), paint


def keeper(g: Layout, centre: Point, kit: Kit) -> Painted:
    """A rounded square marked GK: the goalkeeper, distinct from the round players tokens."""
    pad = g.px(2)
    side = g.keeper + 2 * pad

    def paint(s: Sketch) -> None:
        s.rounded((pad / 2, pad / 2, side - pad / 2, side - pad / 2), g.px(9), fill=C.OUTLINE)
        inner = (pad, pad, side - pad, side - pad)
        s.rounded(inner, g.px(8), fill=kit.colour, outline=kit.ink, width=g.px(3))
        s.text((side / 2, side / 2), "GK", font(g.px(18)), kit.ink)

    return centred(centre, side, side), paint


def value_font(g: Layout) -> ImageFont.FreeTypeFont:
    """The ball value's numeral on the die."""
    return font(g.px(TEXT_SIZES["ball value"]))


def die(g: Layout, centre: Point, value: int, ring: RGB | None) -> Painted:
    """The ball: a die showing the ball value as a numeral (pips would be specks on a phone),
    framed in the colour of the team that has it."""
    border = g.ring
    side = g.die + 2 * border

    def paint(s: Sketch) -> None:
        if ring is not None:
            edge = g.px(1.5)
            s.rounded((0, 0, side, side), g.px(14), fill=C.OUTLINE)
            s.rounded((edge, edge, side - edge, side - edge), g.px(13), fill=ring)
        lo, hi = border, side - border
        s.rounded((lo, lo, hi, hi), g.px(9), fill=C.DIE, outline=C.OUTLINE, width=g.px(1.5))
        s.text((side / 2, side / 2), str(value), value_font(g), C.PIP, anchor="mm")

    return centred(centre, side, side), paint


def arrow(g: Layout, a: Point, b: Point, stop: float | None = None) -> Painted:
    """A pass (or a shot): from ``a`` to ``stop`` pixels short of ``b`` (by default, short of
    the die standing there)."""
    (ax, ay), (bx, by) = a, b
    length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    stop = g.die * 0.5 + g.px(12) if stop is None else stop
    tip = (bx - ux * stop, by - uy * stop)
    head_len, head_w, shaft, dot = g.px(30), g.px(20), g.px(9), g.px(9)
    base = (tip[0] - ux * head_len, tip[1] - uy * head_len)
    pad = head_w + g.px(12)
    x0, y0 = int(min(ax, tip[0]) - pad), int(min(ay, tip[1]) - pad)
    x1, y1 = int(max(ax, tip[0]) + pad), int(max(ay, tip[1]) + pad)

    def head(inset: float) -> list[tuple[float, float]]:
        w = head_w - inset
        pts = [
            (tip[0] - ux * inset, tip[1] - uy * inset),
            (base[0] + nx * w, base[1] + ny * w),
            (base[0] - nx * w, base[1] - ny * w),
        ]
        return [(x - x0, y - y0) for x, y in pts]

    shaft_line = [(ax - x0, ay - y0), (base[0] - x0, base[1] - y0)]
    sx, sy = ax - x0, ay - y0

    def paint(s: Sketch) -> None:
        edge, fill = (*C.OUTLINE, 150), (*C.ARROW, 235)
        s.line(shaft_line, edge, shaft + g.px(4))
        s.polygon(head(0), edge)
        s.ellipse((sx - dot - 2, sy - dot - 2, sx + dot + 2, sy + dot + 2), fill=edge)
        s.line(shaft_line, fill, shaft)
        s.polygon(head(g.px(3)), fill)
        s.ellipse((sx - dot, sy - dot, sx + dot, sy + dot), fill=fill)

    return (x0, y0, x1, y1), paint
