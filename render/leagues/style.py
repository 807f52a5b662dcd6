"""The league images' sizes and colours (the boards' own plus a few for rows and results)."""

from __future__ import annotations

from render import colours as C
from render.kits import RGB

WIDTH = 720  # Discord shows it about 400 px wide on a phone: 24 px names stay ~13 px there
PAD = 12
TITLE_H = 64
HEAD_H = 38
ROW_H = 44
SEP_H = 26
FOOT_H = 34
END_H = 8  # below the last row when there is no footer
EMPTY_H = 150
LEVELS = 8  # anti-aliasing steps per (background, ink) ramp
PNG_LEVEL = 6  # zlib level: 9 saves ~7% for 8x the time, 1 costs ~40% more bytes
TOP = 10  # leaderboard lines shown
STRIPE = 6  # width of the top-three marker at a row's left edge

# -- colours: the boards' own plus a few for rows and results

TITLE_BG: RGB = C.PANEL
HEAD_BG: RGB = C.SURROUND  # column headings on the pitch's green
ROW_A: RGB = (30, 37, 47)  # zebra rows, first, third...
ROW_B: RGB = (40, 48, 61)
HIGHLIGHT: RGB = (16, 72, 112)  # the member's own row: the blue kit, dimmed
HIGHLIGHT_INK: RGB = C.ARROW  # and their name in the board's highlight yellow
GOLD: RGB = (240, 190, 40)  # the Power Chip's gold
SILVER: RGB = (196, 204, 214)
BRONZE: RGB = (214, 138, 72)
MEDALS: dict[int, RGB] = {1: GOLD, 2: SILVER, 3: BRONZE}
WIN: RGB = (34, 150, 84)
DRAW: RGB = (112, 122, 136)
LOSS: RGB = C.CARD_RED
RESULT_COLOURS: dict[str, RGB] = {"W": WIN, "D": DRAW, "L": LOSS}
RESULT_INK: dict[str, RGB] = {"W": (255, 255, 255), "D": (255, 255, 255), "L": (255, 255, 255)}
RESULT_WORDS: dict[str, tuple[str, str]] = {
    "W": ("win", "wins"),
    "D": ("draw", "draws"),
    "L": ("loss", "losses"),
}
EMPTY_TEXT = "No results yet"

# Short notes for ``engine.leagues.Rule`` values (a StrEnum, so its members are these strings):
# the tie-break that places a row above the next. "points" needs no note: the points show it.
TIE_BREAK_NOTES: dict[str, str] = {
    "points": "",
    "goal_difference": "GD",
    "goals_for": "goals",
    "head_to_head_points": "H2H",
    "head_to_head_goal_difference": "H2H GD",
    "head_to_head_goals_for": "H2H goals",
    "forfeits": "forfeits",
    "join_order": "joined first",
}
