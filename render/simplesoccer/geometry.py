"""Where everything sits on the Simple Soccer board, for one image width and one field (the
view's ``field``: columns, rows, goal rows, penalty areas, centre circle). Tests sample pixels
at these places, so the renderer and the tests share one source of truth.

The board from top to bottom: a header (both teams' names and the score; whose turn and the
clock), the column letters, the grid with the goal's seven squares in a strip outside each goal
line and the row numbers at both sides (row 1 at the bottom), the column letters again, and the
caption.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from render.kits import RGB
from render.scoreboard import Layout
from render.sketch import Box, Point

DEFAULT_WIDTH = 960
BASE_WIDTH = 960
# Font sizes at 960 px. Discord shows the board about 400 px wide on a phone: at 28 px the
# capitals are 20 px tall here, 8 px on the phone.
TEXT_SIZES = {"name": 30, "score": 64, "status": 28, "caption": 28, "edge": 19}
LINE_HEIGHT = 34  # of a caption line at 960 px

# The field's colours (besides render.colours): mowing stripes, grid lines, the goal net.
GRASS_LIGHT: RGB = (86, 150, 78)
GRASS_DARK: RGB = (74, 138, 70)
GRID: RGB = (62, 120, 60)
NET: RGB = (214, 224, 218)
NET_LINE: RGB = (176, 190, 182)
KEEPER_RING: RGB = (250, 204, 21)  # the goalkeeper's gloves: a yellow rim
SCORED: RGB = (74, 222, 128)
MISSED: RGB = (248, 113, 113)


@dataclass(frozen=True, slots=True)
class Shape:
    """The field's geometry as read from a view (``Field.to_json()``), hashable."""

    cols: int
    rows: int
    goal_rows: tuple[int, ...]
    box_rows: tuple[int, ...]
    box_depth: int
    centre: tuple[int, int]
    circle: int  # the centre circle's radius in squares


def shape_of(view: dict[str, Any]) -> Shape:
    f = view["field"]
    cx, cy = f["centre"]
    radius = max((abs(x - cx) for x, _ in f.get("circle") or []), default=0)
    return Shape(
        f["width"],
        f["height"],
        tuple(f["goal_rows"]),
        tuple(f["box_rows"]),
        f["box_depth"],
        (cx, cy),
        radius,
    )


@dataclass(frozen=True)
class Geometry(Layout):
    width: int
    shape: Shape
    scale: float

    # the grid

    @property
    def cell(self) -> int:
        """A square's side: the board's columns, both goal strips and the row numbers fit."""
        return (self.width - 2 * self.px(30)) // (self.shape.cols + 2)

    @property
    def band(self) -> int:
        """The height of the column letters' strip above and below the grid."""
        return self.px(28)

    @property
    def grid(self) -> Box:
        """The board's squares (without the goal strips)."""
        c = self.cell
        x0 = (self.width - (self.shape.cols + 2) * c) // 2 + c
        y0 = self.header[3] + self.band
        return (x0, y0, x0 + self.shape.cols * c, y0 + self.shape.rows * c)

    def square(self, sq: tuple[int, int] | list[int]) -> Box:
        """Square ``(x, y)``'s box; x -1 and ``cols`` are the goal strips."""
        x, y = sq
        c = self.cell
        gx, gy = self.grid[0], self.grid[1]
        top = gy + (self.shape.rows - 1 - y) * c
        return (gx + x * c, top, gx + (x + 1) * c, top + c)

    def centre_of(self, sq: tuple[int, int] | list[int]) -> Point:
        x0, y0, x1, y1 = self.square(sq)
        return ((x0 + x1) // 2, (y0 + y1) // 2)

    def goal_strip(self, team: int) -> Box:
        """The seven squares outside ``team``'s goal line (West's on the left)."""
        x = -1 if team == 0 else self.shape.cols
        rows = self.shape.goal_rows
        top, bottom = self.square((x, rows[-1])), self.square((x, rows[0]))
        return (top[0], top[1], bottom[2], bottom[3])

    def row_label(self, y: int, side: int) -> Point:
        """Where row ``y``'s number is centred, left (0) or right (1) of the board."""
        c = self.cell
        _, cy = self.centre_of((0, y))
        x0, _, x1, _ = self.grid
        return (x0 - c - self.px(16), cy) if side == 0 else (x1 + c + self.px(16), cy)

    def column_label(self, x: int, side: int) -> Point:
        """Where column ``x``'s letter is centred, above (0) or below (1) the board."""
        cx, _ = self.centre_of((x, 0))
        _, y0, _, y1 = self.grid
        return (cx, y0 - self.band // 2) if side == 0 else (cx, y1 + self.band // 2)

    # the caption and the whole image

    @property
    def caption(self) -> Box:
        """Two lines under the column letters."""
        y = self.grid[3] + self.band + self.px(4)
        return (self.px(16), y, self.width - self.px(16), y + self.px(2 * LINE_HEIGHT + 2))

    @property
    def height(self) -> int:
        return self.caption[3] + self.px(8)

    # the shootout panel, over the middle of the field

    @property
    def shootout(self) -> Box:
        x0, y0, x1, y1 = self.grid
        w, h = min(x1 - x0, self.px(760)), self.px(300)
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        return (mx - w // 2, my - h // 2, mx + w // 2, my + h // 2)

    def kicks_row(self, team: int) -> Box:
        """A team's name and its kicks (✓ or ✗) in the shootout panel."""
        x0, y0, x1, _ = self.shootout
        top = y0 + self.px(52) + team * self.px(52)
        return (x0 + self.px(20), top, x1 - self.px(20), top + self.px(46))

    def kick(self, team: int, i: int) -> Box:
        """Kick ``i`` of a team (0 first); sudden death's kicks go on along the row."""
        x0, y0, _, y1 = self.kicks_row(team)
        side = y1 - y0
        left = x0 + self.px(250) + i * (side + self.px(6))
        return (left, y0, left + side, y1)

    def spot(self, i: int) -> Box:
        """Spot ``i`` (1-7, from the kicker's left) of the goal the kicks are at."""
        x0, _, x1, y1 = self.shootout
        side = self.px(62)
        gap = self.px(8)
        total = 7 * side + 6 * gap
        left = (x0 + x1 - total) // 2 + (i - 1) * (side + gap)
        top = y1 - self.px(22) - side
        return (left, top, left + side, top + side)

    @property
    def spot_title(self) -> Box:
        x0, _, x1, _ = self.shootout
        top = self.spot(1)[1] - self.px(40)
        return (x0 + self.px(20), top, x1 - self.px(20), top + self.px(34))


@lru_cache(maxsize=32)
def geometry(shape: Shape, width: int = DEFAULT_WIDTH) -> Geometry:
    if width < 320:
        raise ValueError(f"the board needs at least 320 px; got {width}")
    return Geometry(width, shape, width / BASE_WIDTH)
