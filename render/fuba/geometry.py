"""Where everything sits on the board image, for a given image width.

Tests sample pixels at these points, so the renderer and the tests share one source of truth:
``piece_slot`` is the centre of a team's token in an area, ``team_pixel`` a point inside that
token that always shows the team's colour, ``ball_pixel`` a point on the ball die that is never a
pip.

>>> g = layout(1280)
>>> g.width, g.height
(1280, 982)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.fuba.board import ALL_AREAS, AREAS, CORNER_SPOTS, STRIP, X_RANGE
from render.sketch import Box, Point

BASE_WIDTH = 1280
# Font sizes at 1280 px. Discord shows the board about 400 px wide on a phone: at 36 px the
# capitals of what a player must read there are 26 px tall here, 8 px on the phone.
TEXT_SIZES = {
    "score": 60,
    "clock": 36,
    "ball value": 36,
    "caption": 36,
    "pending": 36,
    "formation": 36,
    "cards": 36,
    "name": 32,
    "legend": 15,
}
LINE_HEIGHT = 44  # of a caption or pending line at 1280 px
_STRIP_Y = {"north": (0.0, 14.0), "middle": (14.0, 50.0), "south": (50.0, 64.0)}

# Middle-strip areas (tall): slot positions as fractions of the area's box.
_MIDDLE_SLOTS = {
    "number": (0.5, 0.12),
    "ball": (0.5, 0.33),
    "west": (0.27, 0.57),
    "east": (0.73, 0.57),
    "west_keeper": (0.27, 0.81),
    "east_keeper": (0.73, 0.81),
}
# Corner spots sit in the margin beside their corner, stacked away from the corner.
_SPOT_STACK = ("ball", "west", "east", "west_keeper", "east_keeper")


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the board at one width (all sizes scale with it)."""

    width: int
    scale: float
    header: Box
    pitch: Box
    footer: Box
    height: int
    token: int  # diameter of a players token
    pill: int  # width of a token that shows "6+2"
    keeper: int  # side of a goalkeeper token
    die: int  # side of the ball die
    ring: int  # width of the frame around the die in the colour of the team with the ball
    areas: dict[int, Box] = field(default_factory=dict)
    slots: dict[tuple[int, str], Point] = field(default_factory=dict)
    ui: dict[str, Box] = field(default_factory=dict)  # header and footer places

    def px(self, v: float) -> int:
        """A length given for the 1280 px board, at this width."""
        return max(1, round(v * self.scale))

    def to_pixel(self, x: float, y: float) -> Point:
        """Board coordinates (x 0-100, y 0-64) to pixels."""
        x0, y0, x1, y1 = self.pitch
        return (round(x0 + x * (x1 - x0) / 100), round(y0 + y * (y1 - y0) / 64))

    def slot(self, area: int, name: str) -> Point:
        return self.slots[area, name]

    def goal_mouth(self, team: int) -> Point:
        """The middle of the goal ``team`` defends (west: x = 0, east: x = 100)."""
        return self.to_pixel(100 * team, 32)


def _middle_slots(box: Box) -> dict[str, Point]:
    x0, y0, x1, y1 = box
    return {
        name: (round(x0 + fx * (x1 - x0)), round(y0 + fy * (y1 - y0)))
        for name, (fx, fy) in _MIDDLE_SLOTS.items()
    }


def _strip_slots(box: Box, k: float, strip: str) -> dict[str, Point]:
    """Corners and wings (wide, low): the number by the touchline with room for the goalkeepers
    beside it, then the two teams' players with the ball between them."""
    x0, y0, x1, y1 = box
    cx, h = (x0 + x1) / 2, y1 - y0
    outer, inner = (y0 + 0.27 * h, y0 + 0.72 * h)
    if strip == "south":
        outer, inner = y1 - 0.27 * h, y1 - 0.72 * h
    slots = {
        "number": (max(x0 + 0.15 * (x1 - x0), x0 + 50 * k), outer),
        "west_keeper": (cx + 18 * k, outer),
        "east_keeper": (cx + 70 * k, outer),
        "west": (cx - 70 * k, inner),
        "ball": (cx, inner),
        "east": (cx + 70 * k, inner),
    }
    return {name: (round(x), round(y)) for name, (x, y) in slots.items()}


def _build(width: int) -> Layout:
    k = width / BASE_WIDTH
    margin_x, margin_y = round(68 * k), round(12 * k)
    header_h, footer_h = round(132 * k), round(218 * k)
    pitch_w = width - 2 * margin_x
    pitch_h = round(608 * k)
    pitch = (margin_x, header_h + margin_y, margin_x + pitch_w, header_h + margin_y + pitch_h)
    footer_top = pitch[3] + margin_y
    g = Layout(
        width=width,
        scale=k,
        header=(0, 0, width, header_h),
        pitch=pitch,
        footer=(0, footer_top, width, footer_top + footer_h),
        height=footer_top + footer_h,
        token=round(64 * k),
        pill=round(88 * k),
        keeper=round(46 * k),
        die=round(50 * k),
        ring=round(6 * k),
    )
    for a in AREAS:
        (lo, hi), (top, bottom) = X_RANGE[a], _STRIP_Y[STRIP[a]]
        box = (*g.to_pixel(lo, top), *g.to_pixel(hi, bottom))
        g.areas[a] = box
        slots = _middle_slots(box) if STRIP[a] == "middle" else _strip_slots(box, k, STRIP[a])
        for name, point in slots.items():
            g.slots[a, name] = point
    step = round(52 * k)
    for spot, corner in CORNER_SPOTS.items():
        x = margin_x // 2 if X_RANGE[spot][0] == 0 else width - margin_x // 2
        north = STRIP[corner] == "north"
        edge = pitch[1] if north else pitch[3]
        first = round(30 * k)
        for i, name in enumerate(_SPOT_STACK):
            dy = first + i * step
            g.slots[spot, name] = (x, edge + dy if north else edge - dy)
        g.slots[spot, "number"] = (x, edge - margin_y // 2 if north else edge + margin_y // 2)
    _place_panels(g)
    return g


def _place_panels(g: Layout) -> None:
    """Header: team badges at the sides, the score and the clock in the middle. Footer: what
    happened and who decides now (two lines each), and a small legend."""
    k, w = g.scale, g.width
    top = g.footer[1]
    boxes = {
        "badge_west": (16, 10, 292, 58),
        "possession_west": (300, 20, 328, 48),
        "formation_west": (16, 68, 150, 112),
        "yellow_west": (160, 68, 194, 112),
        "red_west": (202, 68, 236, 112),
        "score_west": (500, 0, 618, 60),
        "score_dash": (618, 0, 662, 60),
        "clock": (330, 62, 950, 106),
        "track": (420, 114, 860, 122),
        "caption": (16, 8, 1264, 96),
        "pending": (16, 100, 1264, 188),
        "legend": (16, 192, 1264, 212),
    }
    for name, (x0, y0, x1, y1) in boxes.items():
        y_off = top if name in ("caption", "pending", "legend") else 0
        box = (round(x0 * k), round(y0 * k) + y_off, round(x1 * k), round(y1 * k) + y_off)
        g.ui[name] = box
        if name == "pending":  # the chip beside the first line
            h = round(LINE_HEIGHT * k)
            chip = h - round(10 * k)
            chip_top = box[1] + (h - chip) // 2
            g.ui["pending_chip"] = (box[0], chip_top, box[0] + chip, chip_top + chip)
        if name.endswith("_west"):
            g.ui[name.replace("_west", "_east")] = (w - box[2], box[1], w - box[0], box[3])


@lru_cache(maxsize=8)
def layout(width: int = BASE_WIDTH) -> Layout:
    if width < 320:
        raise ValueError(f"A board narrower than 320 px is not legible (asked for {width}).")
    return _build(width)


def piece_slot(area: int, team: int, keeper: bool = False, width: int = BASE_WIDTH) -> Point:
    """Pixel centre of the token for ``team``'s players (or goalkeeper) in ``area``."""
    if area not in ALL_AREAS:
        raise ValueError(f"There is no area {area}.")
    name = ("west", "east")[team] + ("_keeper" if keeper else "")
    return layout(width).slot(area, name)


def team_pixel(area: int, team: int, keeper: bool = False, width: int = BASE_WIDTH) -> Point:
    """A point inside the token of ``piece_slot`` that is always the team's colour (below the
    text on it)."""
    g = layout(width)
    x, y = piece_slot(area, team, keeper, width)
    half = (g.keeper if keeper else g.token) / 2
    return (x, y + round(half * 0.72))


def ball_pixel(area: int, width: int = BASE_WIDTH) -> Point:
    """A point on the ball die in ``area`` that no pip covers."""
    g = layout(width)
    x, y = g.slot(area, "ball")
    return (x, y - round(g.die * 0.36))


def ring_pixel(area: int, width: int = BASE_WIDTH) -> Point:
    """A point on the frame around the ball die in ``area``: the colour of the team with the
    ball."""
    g = layout(width)
    x, y = g.slot(area, "ball")
    return (x + g.die // 2 + g.ring // 2, y)
