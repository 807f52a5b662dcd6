"""The board's own colours (team colours come from ``render.kits``)."""

from __future__ import annotations

from render.kits import RGB

# One green per area, neighbours in clearly different shades: boxes darkest, centre lightest.
AREA: dict[int, RGB] = {
    1: (72, 138, 74),
    2: (40, 104, 58),
    3: (80, 146, 70),
    4: (102, 160, 78),
    5: (56, 124, 76),
    6: (94, 154, 86),
    7: (116, 170, 90),
    8: (90, 152, 94),
    9: (54, 120, 84),
    10: (104, 162, 76),
    11: (76, 140, 84),
    12: (38, 100, 66),
    13: (70, 142, 64),
}
SURROUND: RGB = (30, 78, 46)  # grass outside the lines
PANEL: RGB = (22, 28, 36)  # header and footer
PANEL_LINE: RGB = (52, 62, 76)
TEXT: RGB = (240, 242, 245)
MUTED: RGB = (150, 160, 172)
CHALK: RGB = (245, 248, 245)
DIE: RGB = (252, 252, 246)
PIP: RGB = (24, 24, 24)
OUTLINE: RGB = (16, 20, 16)
ARROW: RGB = (255, 236, 150)
CARD_YELLOW: RGB = (250, 204, 21)
CARD_RED: RGB = (220, 38, 38)
TRACK: RGB = (58, 68, 82)
TRACK_DONE: RGB = (206, 214, 224)
STOPPAGE: RGB = (245, 166, 35)
