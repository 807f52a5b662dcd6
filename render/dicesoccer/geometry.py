"""Sports Dice Soccer's board: its sizes, colours, die symbols and states, and where everything
sits for one width and number of sections (``geometry``). Tests sample pixels at these places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from render import colours as C
from render.kits import RGB
from render.sketch import Box, Point

SIDES = ("white", "black")
DEFAULT_WIDTH = 960
BASE_WIDTH = 960
DICE = 6
# Font sizes at 960 px. Discord shows the board about 400 px wide on a phone: at 28 px the
# capitals of what a player must read there are 20 px tall here, 8 px on the phone.
TEXT_SIZES = {
    "score": 84,
    "target": 28,
    "caption": 28,
    "pending": 28,
    "last": 24,
    "rules": 15,
}
LINE_HEIGHT = 34  # of a caption or pending line at 960 px

BALL, KICK, PENALTY, RED = "ball", "kick", "penalty", "red_card"
SYMBOLS = (BALL, KICK, PENALTY, RED)
PLURAL = {BALL: "balls", KICK: "kicks", PENALTY: "penalties", RED: "red cards"}
SINGULAR = {BALL: "ball", KICK: "kick", PENALTY: "penalty", RED: "red card"}

# The board's own colours (besides render.colours): two section greens, the Power Chip's gold.
GREEN_LIGHT: RGB = (96, 156, 82)
GREEN_DARK: RGB = (70, 136, 72)
NET: RGB = (210, 222, 214)
NET_LINE: RGB = (170, 186, 176)
GOLD: RGB = (240, 190, 40)
GOLD_DARK: RGB = (150, 104, 12)
CROSSED: RGB = (44, 52, 64)
HIGHLIGHT: RGB = C.ARROW
PENALTY_TEXT: RGB = (248, 113, 113)

# Die states in a row: rolled (a symbol or, at the toss, pips), not rolled yet, not rolled at all
# (crossed), no die in this place.
ROLLED, BLANK, OUT, NONE = "rolled", "blank", "out", "none"


@dataclass(frozen=True)
class Geometry:
    """Where everything sits, for one width and number of sections per half. Tests sample pixels
    at these places, so the renderer and the tests share one source of truth."""

    width: int
    sections: int
    scale: float

    def px(self, v: float) -> int:
        """A length given for the 960 px board, at this width."""
        return max(1, round(v * self.scale))

    @property
    def height(self) -> int:
        return self.px(918)

    @property
    def header(self) -> Box:
        return (0, 0, self.width, self.px(128))

    @property
    def panel(self) -> Box:
        """The dice panel and the footer below the field."""
        return (0, self.px(448), self.width, self.height)

    @property
    def pitch(self) -> Box:
        return (self.px(64), self.px(148), self.width - self.px(64), self.px(428))

    def section(self, i: int) -> Box:
        """Section ``i`` (1 = next to White's goal, on the left; ``2 * sections`` next to
        Black's goal)."""
        x0, y0, x1, y1 = self.pitch
        n = 2 * self.sections
        return (x0 + round((i - 1) * (x1 - x0) / n), y0, x0 + round(i * (x1 - x0) / n), y1)

    @property
    def halfway(self) -> int:
        return self.section(self.sections)[2]

    @property
    def ball_radius(self) -> int:
        w = self.section(1)[2] - self.section(1)[0]
        return min(self.px(34), round(w * 0.4))

    def ball_centre(self, i: int) -> Point:
        """The ball's centre in section ``i``; 0 is the centre spot (before the kick-off)."""
        y = (self.pitch[1] + self.pitch[3]) // 2 - self.px(22)
        if i == 0:
            return (self.halfway, y)
        x0, _, x1, _ = self.section(i)
        return ((x0 + x1) // 2, y)

    @property
    def arrow_y(self) -> int:
        return self.ball_centre(0)[1] + self.px(78)

    def goal_x(self, team: int) -> int:
        """The goal line ``team`` defends (White's on the left)."""
        return self.pitch[0] if team == 0 else self.pitch[2]

    # header

    def badge(self, team: int) -> Box:
        w, px = self.width, self.px
        return (
            (px(16), px(14), px(326), px(70))
            if team == 0
            else (w - px(326), px(14), w - px(16), px(70))
        )

    def score_box(self, team: int) -> Box:
        """Where ``team``'s goals are written (White's right-aligned left of the dash)."""
        mid, px = self.width // 2, self.px
        return (
            (px(336), px(2), mid - px(26), px(88))
            if team == 0
            else (mid + px(26), px(2), self.width - px(336), px(88))
        )

    @property
    def dash(self) -> Point:
        """The centre of the dash between the scores."""
        return (self.width // 2, self.px(45))

    @property
    def rule(self) -> Box:
        """The line under the score: the target score."""
        return (self.px(336), self.px(88), self.width - self.px(336), self.px(126))

    @property
    def rules(self) -> Box:
        """The strip above the field: the sections a half and the advanced rule when in force."""
        return (self.px(64), self.px(129), self.width - self.px(64), self.px(147))

    def chip(self, team: int) -> Box:
        """The Power Chip marker beside its holder's badge (coin and label)."""
        w, px = self.width, self.px
        return (
            (px(16), px(78), px(200), px(116))
            if team == 0
            else (w - px(200), px(78), w - px(16), px(116))
        )

    def chip_coin(self, team: int) -> Box:
        x0, y0, x1, y1 = self.chip(team)
        side = y1 - y0
        return (x0, y0, x0 + side, y1) if team == 0 else (x1 - side, y0, x1, y1)

    def attack(self, team: int) -> Box:
        """The ATTACK tag under the badge of the team on offense."""
        w, px = self.width, self.px
        return (
            (px(210), px(80), px(326), px(114))
            if team == 0
            else (w - px(326), px(80), w - px(210), px(114))
        )

    # dice panel

    @property
    def title(self) -> Box:
        return (self.px(16), self.px(454), self.width - self.px(16), self.px(486))

    def row_top(self, team: int) -> int:
        return self.px(492) + team * self.px(118)

    def row_badge(self, team: int) -> Box:
        y = self.row_top(team)
        return (self.px(16), y + self.px(8), self.px(246), y + self.px(50))

    def row_count(self, team: int) -> Box:
        y = self.row_top(team)
        return (self.px(16), y + self.px(56), self.px(246), y + self.px(82))

    def penalty(self, team: int) -> Box:
        """The "rolls 1 die fewer" line of ``team``'s dice row."""
        y = self.row_top(team)
        return (self.px(16), y + self.px(84), self.px(250), y + self.px(110))

    def die(self, team: int, i: int) -> Box:
        """Die ``i`` (0-5) of ``team``'s row, without its highlight ring."""
        x = self.px(268) + i * self.px(112)
        y = self.row_top(team) + self.px(8)
        side = self.px(100)
        return (x, y, x + side, y + side)

    # footer

    @property
    def last(self) -> Box:
        return (self.px(16), self.px(734), self.width - self.px(16), self.px(770))

    @property
    def caption(self) -> Box:
        """Two lines."""
        return (self.px(16), self.px(772), self.width - self.px(16), self.px(842))

    @property
    def pending(self) -> Box:
        """Two lines."""
        return (self.px(16), self.px(846), self.width - self.px(16), self.px(914))


@lru_cache(maxsize=32)
def geometry(width: int = DEFAULT_WIDTH, sections: int = 3) -> Geometry:
    if width < 320:
        raise ValueError(f"the board needs at least 320 px; got {width}")
    return Geometry(width, sections, width / BASE_WIDTH)
