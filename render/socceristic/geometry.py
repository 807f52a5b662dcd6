"""Where everything sits on the Socceristic board, for one image width and one pitch size
(columns by rows), and the board's own colours. Tests sample pixels at these places, so the
renderer and the tests share one source of truth.

The board: a header (both teams' names and the score; whose decision it is, the half and the
moves or the clock); on the left the pitch, north at the top: the end strip (the end's name and
the team defending it), the printed column numbers, the goal, the grid of squares with the
ODD/EVEN line labels at both sides, the other goal, numbers and end strip; on the right the last
card drawn, the cards left in each deck and a key to the symbols; the caption under it all.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from render.kits import RGB
from render.scoreboard import LINE_HEIGHT, SIZES, Layout
from render.sketch import Box, Point

DEFAULT_WIDTH = 960
BASE_WIDTH = 960
# Font sizes at 960 px. Discord shows the board about 400 px wide on a phone: at 28 px the
# capitals are 20 px tall here, 8 px on the phone (what a spectator must read: the score, whose
# decision it is, the half and the moves, the caption and the card).
TEXT_SIZES = {
    **SIZES,  # the header's and the caption's (render.scoreboard)
    "card": 28,
    "title": 22,
    "decks": 27,
    "edge": 17,
    "key": 27,
    "end": 22,
    "defends": 28,
    "kickoff": 13,
}
CARD_WORD_LINES = 3  # the most lines of a card's words
CARD_RESULT_LINES = 2

# The pitch's colours (besides render.colours): rows mown in two greens, the Lighter Green Zone
# in two lighter ones, the grid, the symbols' inks, the goal's net.
GRASS: tuple[RGB, RGB] = ((72, 136, 68), (78, 143, 73))
ZONE: tuple[RGB, RGB] = ((132, 190, 108), (139, 197, 114))
GRID: RGB = (56, 110, 56)
INK: RGB = (20, 32, 22)  # arrows and borders
LOSE: RGB = (196, 34, 34)
TACKLE: RGB = (28, 62, 150)
WHISTLE: RGB = (236, 238, 232)
PASS_BACK: RGB = (112, 44, 140)
NET: RGB = (214, 224, 218)
NET_LINE: RGB = (176, 190, 182)
EDGE_TEXT: RGB = (214, 232, 214)
CARD_FACE: RGB = (252, 250, 240)
CARD_INK: RGB = (28, 30, 36)
CARD_MUTED: RGB = (96, 100, 110)
OUTCOME_BAND: RGB = (24, 110, 70)
REFEREE_BAND: RGB = (34, 36, 44)


@dataclass(frozen=True)
class Geometry(Layout):
    width: int
    cols: int
    rows: int
    scale: float

    # the pitch

    @property
    def panel(self) -> Box:
        """The right-hand column: the last card, the decks, the key."""
        x1 = self.width - self.px(16)
        return (x1 - self.px(360), self.header[3] + self.px(14), x1, self.caption[1] - self.px(12))

    @property
    def margin(self) -> int:
        """Room for the ODD/EVEN labels either side of the grid."""
        return self.px(58)

    @property
    def strip(self) -> int:
        """The height of an end strip (the end's name, the team defending it)."""
        return self.px(46)

    @property
    def band(self) -> int:
        """The height of the column numbers' band."""
        return self.px(24)

    @property
    def depth(self) -> int:
        """How far a goal's net reaches out of the pitch."""
        return self.px(14)

    @property
    def cell(self) -> int:
        """A square's side: the columns fit left of the panel, the rows in the height allowed."""
        room = self.px(560) - 2 * self.margin
        return max(8, min(room // self.cols, self.px(46), self.px(840) // self.rows))

    @property
    def outside(self) -> int:
        """From the grid's edge to the far side of an end strip."""
        return self.depth + self.band + self.strip

    @property
    def body_top(self) -> int:
        return self.header[3] + self.px(8)

    @property
    def body_height(self) -> int:
        """The pitch and its ends, or the panel's least height when the pitch is shorter."""
        return max(self.rows * self.cell + 2 * self.outside, self.px(790))

    @property
    def grid(self) -> Box:
        c = self.cell
        w, h = self.cols * c, self.rows * c
        x0 = self.px(16) + (self.px(560) - w) // 2
        y0 = self.body_top + (self.body_height - h) // 2
        return (x0, y0, x0 + w, y0 + h)

    def square(self, sq: tuple[int, int] | list[int]) -> Box:
        """Square ``(x, y)``'s box: x from the west, y from the north."""
        x, y = sq
        c = self.cell
        gx, gy = self.grid[0], self.grid[1]
        return (gx + x * c, gy + y * c, gx + (x + 1) * c, gy + (y + 1) * c)

    def centre_of(self, sq: tuple[int, int] | list[int]) -> Point:
        x0, y0, x1, y1 = self.square(sq)
        return ((x0 + x1) // 2, (y0 + y1) // 2)

    def goal(self, end: str, centre_x: int) -> Box:
        """The net beyond ``end``'s goal line, three squares wide around column ``centre_x``."""
        x0, y0, x1, y1 = self.grid
        left = self.square((centre_x, 0))[0] - self.cell
        right = left + 3 * self.cell
        if end == "north":
            return (max(x0, left), y0 - self.depth, min(x1, right), y0)
        return (max(x0, left), y1, min(x1, right), y1 + self.depth)

    def column_label(self, x: int, end: str) -> Point:
        """Where column ``x``'s printed number is centred, beyond ``end``'s goal."""
        cx, _ = self.centre_of((x, 0))
        _, y0, _, y1 = self.grid
        off = self.depth + self.band // 2
        return (cx, y0 - off) if end == "north" else (cx, y1 + off)

    def line_label(self, y: int, side: int) -> Point:
        """Where row ``y``'s ODD/EVEN label is anchored: right-aligned left of the grid (side
        0), left-aligned right of it (1)."""
        _, cy = self.centre_of((0, y))
        x0, _, x1, _ = self.grid
        return (x0 - self.px(6), cy) if side == 0 else (x1 + self.px(6), cy)

    def end_strip(self, end: str) -> Box:
        """The strip beyond ``end``'s column numbers: the end's name and its defenders."""
        x0, y0, x1, y1 = self.grid
        left, right = x0 - self.margin, x1 + self.margin
        if end == "north":
            top = y0 - self.outside
            return (left, top, right, top + self.strip)
        bottom = y1 + self.outside
        return (left, bottom - self.strip, right, bottom)

    def defender(self, end: str) -> Box:
        """The team defending ``end``: a name plate in the middle of its end strip."""
        x0, y0, x1, y1 = self.end_strip(end)
        mid, half = (x0 + x1) // 2, min(self.px(150), (x1 - x0) // 2 - self.px(70))
        pad = self.px(3)
        return (mid - half, y0 + pad, mid + half, y1 - pad)

    # the panel

    @property
    def card_title(self) -> Box:
        x0, y0, x1, _ = self.panel
        return (x0, y0, x1, y0 + self.px(30))

    @property
    def card(self) -> Box:
        """The last card drawn, as a card: its deck, section, words and what it gave."""
        x0, _, x1, _ = self.panel
        top = self.card_title[3] + self.px(4)
        return (x0, top, x1, top + self.px(340))

    @property
    def card_inset(self) -> int:
        return self.px(14)

    @property
    def card_band(self) -> int:
        """The height of the card's top band (its deck's name)."""
        return self.px(46)

    def deck_line(self, i: int) -> Box:
        """The cards left in deck ``i`` (0 Outcome, 1 Referee's decision)."""
        x0, _, x1, _ = self.panel
        top = self.card[3] + self.px(12) + i * self.px(30)
        return (x0, top, x1, top + self.px(28))

    @property
    def key_top(self) -> int:
        return self.deck_line(1)[3] + self.px(16)

    def key(self, i: int) -> tuple[Box, Point]:
        """Entry ``i`` of the key: its pictogram's square and where its words start."""
        x0 = self.panel[0]
        side = self.px(30)
        top = self.key_top + self.px(30) + i * self.px(36)
        return (x0, top, x0 + side, top + side), (x0 + side + self.px(12), top + side // 2)

    # the caption and the whole image

    @property
    def caption(self) -> Box:
        """Two lines under the pitch."""
        y = self.body_top + self.body_height + self.px(8)
        return (self.px(16), y, self.width - self.px(16), y + self.px(2 * LINE_HEIGHT + 2))

    @property
    def height(self) -> int:
        return self.caption[3] + self.px(8)


@lru_cache(maxsize=32)
def geometry(width: int = DEFAULT_WIDTH, cols: int = 11, rows: int = 17) -> Geometry:
    if width < 320:
        raise ValueError(f"the board needs at least 320 px; got {width}")
    return Geometry(width, cols, rows, width / BASE_WIDTH)
