"""The Sports Dice Soccer board image: a pure function of a match view
(``DICESOCCER.view(state, None)``, a plain dict; nothing here imports the engine).

>>> from engine.dicesoccer import DICESOCCER
>>> render_png(DICESOCCER.view(DICESOCCER.initial(), None))[:4]
b'\\x89PNG'

From top to bottom: the two teams (name badges, the big score, the Power Chip beside its holder,
an ATTACK tag on the team on offense), the field (its ``2 * sections`` sections numbered from
White's goal on the left, both goals, the ball in its section and an arrow in the offense's
colour towards the goal it attacks), both teams' dice as rolled, drawn as pictograms (ball,
boot, goal with penalty spot, red card), dice not rolled yet as outlines, dice a team does not
roll (red-card penalty, a free kick's defense) greyed and crossed, the "rolls 1 die fewer"
penalty, then the last play, the caption and whose decision it is.

Made to be read on a phone: at the default 960 px width, Discord's ~400 px preview still shows
35 px score digits and 40 px dice.

Speed, as ``render.fuba_board``: the static board is painted once per (kits, width, sections)
and quantised to one 256-colour palette; every die, badge, arrow and line of text is drawn once
(anti-aliased over what lies beneath it) and kept as a palette sprite; a render is a copy of the
background plus masked pastes, and ``render.png.BandEncoder`` compresses only the bands of rows
that differ from the background. Caches are bounded and guarded by locks (thread-pool safe).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import colours as C
from render.fonts import font
from render.kits import RGB, Kit, kit
from render.palette import Quantiser, fitted, pixel
from render.panels import fit
from render.pieces import PIPS
from render.png import BandEncoder
from render.sketch import Sketch, Sprite
from render.sprites import Boards, Sprites, draw_over, stacked

__all__ = [
    "DEFAULT_KITS",
    "DEFAULT_NAMES",
    "DEFAULT_WIDTH",
    "Geometry",
    "board",
    "dice_rows",
    "geometry",
    "last_text",
    "pixel",
    "render",
    "render_png",
    "replay_gif",
]

Box = tuple[int, int, int, int]
Point = tuple[int, int]
Painted = tuple[Box, Callable[[Sketch], None]]

SIDES = ("white", "black")
DEFAULT_NAMES = ("White", "Black")
DEFAULT_KITS: tuple[Kit, Kit] = (kit("white"), kit("black"))
DEFAULT_WIDTH = 960
BASE_WIDTH = 960
DICE = 6
SPRITE_LIMIT = 4000
BOARD_LIMIT = 12
MAX_GIF_BYTES = 8 * 1024 * 1024
HOLD_MS = {"turn": 1400, "goal": 2600, "final": 5000}

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


# -- geometry ---------------------------------------------------------------------------------


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
        return self.px(852)

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
            (px(336), px(4), mid - px(26), px(102))
            if team == 0
            else (mid + px(26), px(4), self.width - px(336), px(102))
        )

    @property
    def rule(self) -> Box:
        """The line under the score: the target score and the sections."""
        return (self.px(336), self.px(100), self.width - self.px(336), self.px(122))

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
        return (self.px(16), self.px(774), self.width - self.px(16), self.px(810))

    @property
    def pending(self) -> Box:
        return (self.px(16), self.px(814), self.width - self.px(16), self.px(846))


@lru_cache(maxsize=32)
def geometry(width: int = DEFAULT_WIDTH, sections: int = 3) -> Geometry:
    if width < 320:
        raise ValueError(f"the board needs at least 320 px; got {width}")
    return Geometry(width, sections, width / BASE_WIDTH)


# -- reading the view -------------------------------------------------------------------------


def _team(view: dict[str, Any], side: str | None) -> int | None:
    sides = view.get("sides") or list(SIDES)
    return sides.index(side) if side in sides else None


def sections_of(view: dict[str, Any]) -> int:
    zone = view.get("ball_zone")
    if zone:
        return int(zone["of"])
    return int((view.get("options") or {}).get("sections", 3))


def ball_section(view: dict[str, Any]) -> int:
    """The ball's section (1 = next to White's goal), 0 before the kick-off. Read from
    ``ball_zone`` (``depth`` 1 = just past the halfway line), else from ``ball``."""
    zone = view.get("ball_zone")
    if zone:
        n, depth = int(zone["of"]), int(zone["depth"])
        return n + 1 - depth if _team(view, zone["half"]) == 0 else n + depth
    return int(view.get("ball") or 0)


def _plural(symbol: str, count: int) -> str:
    return f"{count} {SINGULAR[symbol] if count == 1 else PLURAL[symbol]}"


def _top(symbols: Sequence[str], only_balls: bool) -> tuple[int, list[str]]:
    """(the highest count, the symbols reaching it); at a goal attempt only balls count."""
    if only_balls:
        return sum(1 for s in symbols if s == BALL), [BALL]
    counts = {s: 0 for s in SYMBOLS}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    top = max(counts.values())
    return top, [s for s in SYMBOLS if counts[s] == top and top > 0]


Row = tuple[tuple[Any, str, bool], ...]  # per die: (symbol or pips or None, state, counts)


def dice_rows(view: dict[str, Any]) -> tuple[str, tuple[Row, Row], tuple[str, str]]:
    """(the dice panel's title, each team's six dice, each team's count line)."""
    step = view.get("step") or {}
    k = step.get("k")
    roll = view.get("roll") or {}
    fewer = [int((view.get("dice_fewer") or {}).get(s, 0)) for s in SIDES]
    if k == "toss":
        values = step.get("dice") or [None, None]
        rows = tuple(
            ((v, ROLLED if v else BLANK, False),) + ((None, NONE, False),) * (DICE - 1)
            for v in values
        )
        return "POWER CHIP TOSS · the higher die wins the chip", rows, ("", "")  # type: ignore[return-value]
    purpose = roll.get("for", "play")
    shown = [(view.get("dice_symbols") or {}).get(s) for s in SIDES]
    plays: list[list[str] | None] = [None, None]
    only_balls = purpose in ("shot", "free_kick")
    last = view.get("last")
    if k in ("start", None) or view.get("over") or (shown == [None, None] and last):
        n = [DICE - f for f in fewer]
        if last and k != "start":
            shown = list(last.get("symbols") or [None, None])
            purpose = last.get("for", "play")
            only_balls = purpose in ("shot", "free_kick")
            chosen = last.get("symbol")
            plays = [list(p) for p in last.get("plays") or [[], []]]
            if chosen and plays[last["winner"]] and chosen in plays[last["winner"]]:
                plays[last["winner"]] = [chosen]
            if only_balls:
                plays = [[BALL], [BALL]]
            title = f"LAST ROLL · {_purpose(purpose)}"
        else:
            shown = [None, None]
            title = "KICK-OFF · the toss winner chooses offense or defense"
        if view.get("over"):
            title = f"FULL TIME · last roll: {_purpose(purpose)}" if last else "FULL TIME"
    else:
        n = list(roll.get("n") or [DICE - f for f in fewer])
        title = f"NOW ROLLING · {_purpose(purpose)}"
        if k in ("reroll", "reroll_dice"):
            title += " · Power Chip re-roll"
        elif k == "chip":
            title += " · a tie: the Power Chip decides"
        elif k == "pick":
            title += " · a tie inside the winner's roll"
    rows: list[Row] = []
    counts: list[str] = []
    for t in (0, 1):
        symbols = shown[t]
        if symbols is None:
            row = [(None, BLANK, False)] * n[t]
            counts.append("")
        else:
            top, best = _top(symbols, only_balls)
            if plays[t] is not None:
                best = [s for s in plays[t] or [] if s in SYMBOLS]
            if only_balls:
                counts.append(_plural(BALL, top))
            elif best:
                counts.append(" = ".join(_plural(s, top) for s in best))
            else:
                counts.append("")
            row = [(s, ROLLED, s in best) for s in symbols]
        row += [(None, OUT, False)] * (DICE - len(row))
        rows.append(tuple(row[:DICE]))
    return title, (rows[0], rows[1]), (counts[0], counts[1])


def _purpose(purpose: str) -> str:
    return {
        "play": "play",
        "shot": "shot at goal (only balls count)",
        "free_kick": "free kick at goal (only balls count)",
    }.get(purpose, purpose.replace("_", " "))


def last_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """The last resolved roll in one line, e.g. "Last roll: White 4 balls v Black 3 kicks ·
    White advances 4 → 5" (sections numbered from White's goal, as on the board)."""
    last = view.get("last")
    if not last:
        return ""
    w = int(last["winner"])
    counts, plays = last.get("counts") or [0, 0], last.get("plays") or [[BALL], [BALL]]
    purpose = last.get("for", "play")
    only_balls = purpose in ("shot", "free_kick")
    symbol = last.get("symbol")

    def said(t: int) -> str:
        sym = BALL if only_balls else (symbol if t == w and symbol else (plays[t] or [BALL])[0])
        return f"{names[t]} {_plural(sym, int(counts[t]))}"

    head = {"shot": "Shot", "free_kick": "Free kick"}.get(purpose, "Last roll")
    text = f"{head}: {said(0)} v {said(1)}"
    who, kind = names[w], last.get("kind")
    a, b = last.get("ball_from"), last.get("ball_to")
    if only_balls:
        scored = last.get("scored")
        text += f" · GOAL for {who}!" if scored else f" · {who} blocks"
    elif kind == "goal":
        scorer = names[int(last.get("goal_for", w))]
        text += f" · GOAL for {scorer}!"
    elif kind == "advance" and a and b:
        text += f" · {who} advances {a} → {b}"
    elif kind == "push_back" and a and b:
        text += f" · {who} pushes back {a} → {b}"
    elif kind == "clear" and b:
        text += f" · {who} clears to {b}"
    elif kind == "shot":
        text += f" · {who} gets a shot at goal"
    elif kind == "free_kick":
        text += f" · {who} gets a free kick"
    else:
        text += f" · {who} wins the roll"
    if symbol == RED and not only_balls:
        text += ", red card"
    by = last.get("by")
    text += {
        "chip": " (Power Chip)",
        "keep": " (chip kept)",
        "reroll_tie": " (re-roll tie lost)",
    }.get(by, "")
    return text


def pending_text(view: dict[str, Any], names: Sequence[str]) -> str:
    if view.get("over"):
        w = _team(view, view.get("winner_side"))
        score = view.get("score") or [0, 0]
        if w is None:
            return "The match is over."
        return f"Full time: {names[w]} wins {score[w]}–{score[1 - w]}."
    pending = view.get("pending") or []
    if not pending:
        return ""
    teams = sorted({t for p in pending if (t := _team(view, p.get("actor"))) is not None})
    who = " and ".join(names[t] for t in teams)
    return f"{who} to play: {pending[0].get('prompt', '')}"


# -- painters (each returns (box, paint) like render.pieces) -----------------------------------


def _local(box: Box) -> tuple[float, float]:
    return (box[2] - box[0], box[3] - box[1])


def _symbol(
    s: Sketch, c: tuple[float, float], d: float, symbol: Any, ink: RGB, behind: RGB
) -> None:
    """A pictogram of ``symbol`` (or pips for a number) centred on ``c`` in a die of side ``d``,
    drawn in ``ink`` on a die of colour ``behind``."""
    cx, cy = c

    def at(x: float, y: float) -> tuple[float, float]:
        return (cx + x * d, cy + y * d)

    if isinstance(symbol, int):  # the toss: pips
        step, r = d * 0.24, d * 0.08
        for dx, dy in PIPS.get(symbol, []):
            x, y = cx + dx * step, cy + dy * step
            s.ellipse((x - r, y - r, x + r, y + r), fill=ink)
        return
    if symbol == BALL:
        r, ring = d * 0.33, d * 0.055
        s.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
        inner = r - ring
        s.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=behind)
        pent = [
            (cx + 0.14 * d * math.cos(math.radians(-90 + 72 * k)),
             cy + 0.14 * d * math.sin(math.radians(-90 + 72 * k)))
            for k in range(5)
        ]  # fmt: skip
        for (px_, py_), k in zip(pent, range(5), strict=True):
            a = math.radians(-90 + 72 * k)
            s.line([(px_, py_), (cx + r * math.cos(a), cy + r * math.sin(a))], ink, d * 0.04)
        s.polygon(pent, ink)
        return
    if symbol == KICK:  # a boot with studs, kicking to the right
        boot = [
            at(-0.3, -0.3), at(-0.1, -0.3), at(-0.07, -0.13), at(0.12, -0.05), at(0.28, 0.0),
            at(0.36, 0.06), at(0.37, 0.12), at(0.33, 0.16), at(-0.3, 0.16), at(-0.34, 0.04),
        ]  # fmt: skip
        s.polygon(boot, ink)
        for x in (-0.26, -0.1, 0.06, 0.22):
            s.rounded((*at(x, 0.17), *at(x + 0.07, 0.25)), d * 0.02, fill=ink)
        for x, y in ((-0.02, -0.1), (0.08, -0.06), (0.18, -0.02)):  # the laces
            s.line([at(x, y), at(x - 0.04, y + 0.1)], behind, d * 0.03)
        for y in (-0.2, -0.08, 0.04):  # speed lines behind the heel
            s.line([at(-0.47, y), at(-0.39, y)], ink, d * 0.035)
        return
    if symbol == PENALTY:  # a goal with its net and the penalty spot
        w = d * 0.055
        posts = [at(-0.32, 0.08), at(-0.32, -0.26), at(0.32, -0.26), at(0.32, 0.08)]
        for i in range(1, 4):
            x = -0.32 + i * 0.16
            s.line([at(x, -0.26), at(x, 0.08)], (*ink, 120), d * 0.018)
        for y in (-0.14, -0.02):
            s.line([at(-0.32, y), at(0.32, y)], (*ink, 120), d * 0.018)
        s.line(posts, ink, w)
        s.line([at(-0.4, 0.08), at(0.4, 0.08)], ink, d * 0.03)
        r = d * 0.075
        s.ellipse((cx - r, cy + 0.28 * d - r, cx + r, cy + 0.28 * d + r), fill=ink)
        return
    if symbol == RED:  # a red card, slightly tilted
        a = math.radians(12)
        hw, hh = 0.19, 0.27

        def card(grow: float) -> list[tuple[float, float]]:
            pts = []
            for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)):
                x, y = x + math.copysign(grow, x), y + math.copysign(grow, y)
                pts.append(at(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)))
            return pts

        s.polygon(card(0.04), ink)
        s.polygon(card(0.0), C.CARD_RED)
        return


def paint_die(g: Geometry, box: Box, k: Kit, symbol: Any, state: str, counted: bool) -> Painted:
    """One die: a pictogram on the team's colour; an outline if not rolled yet; greyed and
    crossed if the team does not roll it; a gold ring if it counts for the team's play."""
    ring = g.px(6)
    outer = (box[0] - ring, box[1] - ring, box[2] + ring, box[3] + ring)
    side = box[2] - box[0]
    lo, hi = ring, ring + side
    radius = g.px(16)

    def paint(s: Sketch) -> None:
        if state == ROLLED:
            if counted:
                s.rounded((0, 0, hi + ring, hi + ring), radius + ring, fill=HIGHLIGHT)
            s.rounded((lo, lo, hi, hi), radius, fill=k.colour, outline=C.MUTED, width=g.px(2.5))
            _symbol(s, (lo + side / 2, lo + side / 2), side, symbol, k.ink, k.colour)
        elif state == BLANK:
            s.rounded((lo, lo, hi, hi), radius, fill=None, outline=C.MUTED, width=g.px(3))
            dot = g.px(5)
            c = lo + side / 2
            for dx in (-1, 0, 1):  # "not rolled yet": three faint dots
                x = c + dx * side * 0.2
                s.ellipse((x - dot, c - dot, x + dot, c + dot), fill=(*C.MUTED, 140))
        elif state == OUT:
            s.rounded((lo, lo, hi, hi), radius, fill=CROSSED, outline=C.PANEL_LINE, width=g.px(2))
            inset = side * 0.26
            a, b = lo + inset, hi - inset
            s.line([(a, a), (b, b)], C.CARD_RED, g.px(7))
            s.line([(a, b), (b, a)], C.CARD_RED, g.px(7))

    return outer, paint


def paint_ball(g: Geometry, centre: Point) -> Painted:
    """The ball token: a white football with an outline."""
    r = g.ball_radius
    pad = g.px(3)
    box = (centre[0] - r - pad, centre[1] - r - pad, centre[0] + r + pad, centre[1] + r + pad)

    def paint(s: Sketch) -> None:
        c = r + pad
        s.ellipse(
            (c - r - pad / 2, c - r - pad / 2, c + r + pad / 2, c + r + pad / 2), fill=C.OUTLINE
        )
        s.ellipse((c - r, c - r, c + r, c + r), fill=C.DIE)
        _symbol(s, (c, c), r * 2 / 0.72, BALL, C.OUTLINE, C.DIE)

    return box, paint


def paint_attack_arrow(g: Geometry, section: int, team: int, k: Kit) -> Painted:
    """An arrow in the offense's colour from under the ball towards the goal it attacks."""
    x = g.ball_centre(section)[0]
    target = g.goal_x(1 - team)
    direction = 1 if target > x else -1
    y = g.arrow_y
    tip = target - direction * g.px(8)
    head, half, shaft = g.px(30), g.px(18), g.px(7)
    if (tip - x) * direction < head + g.px(16):  # the ball is next to the goal: a short arrow
        x = tip - direction * (head + g.px(16))
    pad = half + g.px(6)
    x0, x1 = min(x, tip) - pad, max(x, tip) + pad
    box = (x0, y - pad, x1, y + pad)
    base = tip - direction * head

    def paint(s: Sketch) -> None:
        lx, ltip, lbase, ly = x - x0, tip - x0, base - x0, pad
        edge = g.px(3)
        s.rounded(
            (min(lx, lbase), ly - shaft - edge, max(lx, lbase), ly + shaft + edge),
            shaft,
            fill=k.ink,
        )
        back = lbase - direction * edge
        s.polygon(
            [
                (ltip + direction * edge * 1.6, ly),
                (back, ly - half - edge),
                (back, ly + half + edge),
            ],
            k.ink,
        )
        s.rounded(
            (min(lx, lbase) + edge, ly - shaft, max(lx, lbase) - edge, ly + shaft),
            shaft,
            fill=k.colour,
        )
        s.polygon([(ltip, ly), (lbase, ly - half), (lbase, ly + half)], k.colour)

    return box, paint


def paint_badge(g: Geometry, box: Box, k: Kit, name: str, size: int) -> Painted:
    f = font(g.px(size))
    w, h = _local(box)
    label = fit(name.upper(), f, w - 2 * g.px(12))

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), g.px(10), fill=k.colour, outline=C.MUTED, width=g.px(1.5))
        s.text((w / 2, h / 2), label, f, k.ink)

    return box, paint


def paint_score(g: Geometry, team: int, goals: int) -> Painted:
    box = g.score_box(team)
    w, h = _local(box)
    big = font(g.px(96))

    def paint(s: Sketch) -> None:
        if team == 0:
            s.text((w, h / 2), str(goals), big, C.TEXT, anchor="rm")
        else:
            s.text((0, h / 2), str(goals), big, C.TEXT, anchor="lm")

    return box, paint


def _coin(s: Sketch, box: tuple[float, float, float, float], g: Geometry) -> None:
    x0, y0, x1, y1 = box
    s.ellipse(box, fill=GOLD_DARK)
    e = g.px(3)
    s.ellipse((x0 + e, y0 + e, x1 - e, y1 - e), fill=GOLD)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.3
    star = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    s.polygon(star, GOLD_DARK)


def paint_chip(g: Geometry, team: int) -> Painted:
    """The Power Chip beside its holder: a gold coin with a star and "POWER CHIP"."""
    box = g.chip(team)
    coin = g.chip_coin(team)
    w, h = _local(box)
    f = font(g.px(18))
    label = fit("POWER CHIP", f, w - (coin[2] - coin[0]) - g.px(8))

    def paint(s: Sketch) -> None:
        c = (coin[0] - box[0], 0, coin[2] - box[0], h)
        _coin(s, c, g)
        if team == 0:
            s.text((c[2] + g.px(8), h / 2), label, f, GOLD, anchor="lm")
        else:
            s.text((c[0] - g.px(8), h / 2), label, f, GOLD, anchor="rm")

    return box, paint


def paint_attack_tag(g: Geometry, team: int, k: Kit) -> Painted:
    """ATTACK and an arrow pointing the way the team attacks (White right, Black left)."""
    box = g.attack(team)
    w, h = _local(box)
    f = font(g.px(16))

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), h / 2, fill=k.colour, outline=C.MUTED, width=g.px(1.5))
        tri = g.px(8)
        if team == 0:
            s.text((g.px(12), h / 2), "ATTACK", f, k.ink, anchor="lm")
            x = w - g.px(12)
            s.polygon(
                [(x, h / 2), (x - tri * 1.4, h / 2 - tri), (x - tri * 1.4, h / 2 + tri)], k.ink
            )
        else:
            s.text((w - g.px(12), h / 2), "ATTACK", f, k.ink, anchor="rm")
            x = g.px(12)
            s.polygon(
                [(x, h / 2), (x + tri * 1.4, h / 2 - tri), (x + tri * 1.4, h / 2 + tri)], k.ink
            )

    return box, paint


def paint_penalty(g: Geometry, team: int, fewer: int, free_kick: bool) -> Painted:
    """A red card and "rolls 1 die fewer" (red cards); a muted note for a free kick's defense."""
    box = g.penalty(team)
    w, h = _local(box)
    f = font(g.px(20))

    def paint(s: Sketch) -> None:
        x = 0.0
        if fewer > 0:
            cw, ch = g.px(15), g.px(21)
            s.rounded((0, (h - ch) / 2, cw, (h + ch) / 2), g.px(2), fill=C.CARD_RED)
            x = cw + g.px(8)
            dice = "die" if fewer == 1 else "dice"
            text = f"rolls {fewer} {dice} fewer"
            if free_kick:
                text += " +1"
            s.text((x, h / 2), fit(text, f, w - x), f, PENALTY_TEXT, anchor="lm")
        elif free_kick:
            s.text(
                (x, h / 2),
                "free kick: 1 die fewer",
                font(g.px(18), bold=False),
                C.MUTED,
                anchor="lm",
            )

    return box, paint


def paint_line(box: Box, text: str, size: int, colour: RGB = C.TEXT, bold: bool = True) -> Painted:
    f = font(size, bold)
    w, h = _local(box)
    text = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((0, h / 2), text, f, colour, anchor="lm")

    return box, paint


def paint_centred(box: Box, text: str, size: int, colour: RGB) -> Painted:
    f = font(size, bold=False)
    w, h = _local(box)
    text = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((w / 2, h / 2), text, f, colour, anchor="mm")

    return box, paint


def paint_banner(g: Geometry, box: Box, text: str, k: Kit | None) -> Painted:
    """The caption: on a pill in a team's colour when it names one team's goal, else a line."""
    f = font(g.px(22))
    w, h = _local(box)
    text = fit(text, f, w - 2 * g.px(14))

    def paint(s: Sketch) -> None:
        if k is not None:
            s.rounded((0, 0, w, h), h / 2, fill=k.colour, outline=C.MUTED, width=g.px(1.5))
            s.text((g.px(14), h / 2), text, f, k.ink, anchor="lm")
        else:
            s.text((0, h / 2), text, f, C.TEXT, anchor="lm")

    return box, paint


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
    mid = g.width // 2
    d.text((mid, g.px(54)), "–", font=font(g.px(80)), fill=C.MUTED, anchor="mm")
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


# -- the board: background, palette, sprites, encoder -----------------------------------------


class Board:
    """The background, palette, sprites and PNG encoder for one pair of kits, one width and one
    number of sections per half."""

    def __init__(self, kits: tuple[Kit, Kit], width: int, sections: int) -> None:
        self.kits = kits
        self.g = g = geometry(width, sections)
        self.rgb = _background(width, sections)
        exact = [c for k in kits for c in (k.colour, k.ink)] + _fixed_colours()
        palette = fitted(exact, self._sample_sheet())
        self.quantise = Quantiser(palette, exact)
        self.palette = palette
        self.sprites = Sprites(self.rgb, self.quantise, SPRITE_LIMIT)
        self.p = self.quantise(self.rgb)
        self.encoder = BandEncoder(self.p, band_rows=16)
        self.sample = g

    def sprite(self, key: Any, make: Callable[[], Painted]) -> Sprite:
        """The sprite for ``key``, drawn by ``make()`` the first time it is asked for."""
        return self.sprites.get(key, make)

    def paste(self, im: Image.Image, key: Any, make: Callable[[], Painted]) -> None:
        s = self.sprite(key, make)
        im.paste(s.image, s.at, s.mask)

    def _sample_sheet(self) -> Image.Image:
        """What will be drawn, for fitting the palette: every die of both kits, the ball, the
        arrows, badges, the chip and some text."""
        g = self.g
        parts: list[Image.Image] = [self.rgb]
        for t, k in enumerate(self.kits):
            for i, sym in enumerate((*SYMBOLS, 5)):
                box = g.die(t, i % DICE)
                parts.append(draw_over(self.rgb, paint_die(g, box, k, sym, ROLLED, i % 2 == 0))[0])
            parts.append(draw_over(self.rgb, paint_die(g, g.die(t, 5), k, None, OUT, False))[0])
            parts.append(draw_over(self.rgb, paint_die(g, g.die(t, 4), k, None, BLANK, False))[0])
            parts.append(draw_over(self.rgb, paint_badge(g, g.badge(t), k, "Name", 30))[0])
            parts.append(draw_over(self.rgb, paint_attack_tag(g, t, k))[0])
            parts.append(draw_over(self.rgb, paint_attack_arrow(g, 1 + g.sections * t, t, k))[0])
            parts.append(draw_over(self.rgb, paint_banner(g, g.caption, "GOAL! 1-0", k))[0])
            parts.append(draw_over(self.rgb, paint_chip(g, t))[0])
            parts.append(draw_over(self.rgb, paint_penalty(g, t, 1, False))[0])
            parts.append(draw_over(self.rgb, paint_score(g, t, 2))[0])
        parts.append(draw_over(self.rgb, paint_ball(g, g.ball_centre(1)))[0])
        parts.append(
            draw_over(self.rgb, paint_line(g.last, "Last roll: 4 balls v 3 kicks", g.px(24)))[0]
        )
        return stacked(parts)


def _fixed_colours() -> list[RGB]:
    named = [getattr(C, n) for n in dir(C) if n.isupper() and n != "AREA"]
    own = [GREEN_LIGHT, GREEN_DARK, NET, NET_LINE, GOLD, GOLD_DARK, CROSSED, PENALTY_TEXT]
    return [c for c in named if isinstance(c, tuple)] + own


@lru_cache(maxsize=8)
def _background(width: int, sections: int) -> Image.Image:
    return paint_background(geometry(width, sections))


_boards: Boards[Board] = Boards(Board, BOARD_LIMIT)


def board(
    kits: tuple[Kit, Kit] = DEFAULT_KITS, width: int = DEFAULT_WIDTH, sections: int = 3
) -> Board:
    """The cached ``Board`` (made on first use: a few hundred milliseconds)."""
    return _boards.get(kits, width, sections)


# -- the render -------------------------------------------------------------------------------


def render(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = None,
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> Image.Image:
    """The board for ``view`` as a palette ("P") image ``width`` pixels wide."""
    b = board(kits, width, sections_of(view))
    g = b.g
    im = b.p.copy()
    paste = b.paste
    offense = _team(view, view.get("offense"))
    chip = _team(view, view.get("chip_holder"))
    score = view.get("score") or [0, 0]
    fewer = [int((view.get("dice_fewer") or {}).get(s, 0)) for s in SIDES]
    roll = view.get("roll") or {}
    free_kick_defense = (
        1 - offense
        if offense is not None and roll.get("for") == "free_kick" and not view.get("over")
        else None
    )

    # header
    for t in (0, 1):
        name, k = names[t], kits[t]
        paste(
            im,
            ("badge", t, name),
            lambda t=t, name=name, k=k: paint_badge(g, g.badge(t), k, name, 30),
        )
        goals = int(score[t])
        paste(im, ("score", t, goals), lambda t=t, goals=goals: paint_score(g, t, goals))
        if chip == t:
            paste(im, ("chip", t), lambda t=t: paint_chip(g, t))
        if offense == t and not view.get("over"):
            paste(im, ("attack", t), lambda t=t, k=k: paint_attack_tag(g, t, k))

    target = (view.get("options") or {}).get("target_score")
    if target:
        rule = f"first to {target} goal{'s' if target != 1 else ''} · {g.sections} sections a half"
        paste(im, ("rule", rule), lambda: paint_centred(g.rule, rule, g.px(15), C.MUTED))

    # field
    section = ball_section(view)
    if offense is not None and section and not view.get("over"):
        k = kits[offense]
        paste(im, ("arrow", section, offense), lambda: paint_attack_arrow(g, section, offense, k))
    paste(im, ("ball", section), lambda: paint_ball(g, g.ball_centre(section)))

    # dice
    title, rows, counts = dice_rows(view)
    paste(im, ("title", title), lambda: paint_line(g.title, title, g.px(21), C.MUTED))
    for t in (0, 1):
        k, name = kits[t], names[t]
        paste(
            im,
            ("rowbadge", t, name),
            lambda t=t, k=k, name=name: paint_badge(g, g.row_badge(t), k, name, 24),
        )
        if counts[t]:
            text = counts[t]
            paste(
                im,
                ("count", t, text),
                lambda t=t, text=text: paint_line(g.row_count(t), text, g.px(22)),
            )
        fk = free_kick_defense == t
        if fewer[t] or fk:
            f = fewer[t]
            paste(im, ("penalty", t, f, fk), lambda t=t, f=f, fk=fk: paint_penalty(g, t, f, fk))
        for i, (sym, state, counted) in enumerate(rows[t]):
            if state == NONE:
                continue
            paste(
                im,
                ("die", t, i, sym, state, counted),
                lambda t=t, i=i, sym=sym, state=state, counted=counted, k=k: paint_die(
                    g, g.die(t, i), k, sym, state, counted
                ),
            )

    # footer
    line = last_text(view, names)
    if line:
        paste(im, ("last", line), lambda: paint_line(g.last, line, g.px(22)))
    if caption:
        team = _caption_team(caption, names)
        ck = kits[team] if team is not None else None
        paste(im, ("caption", caption, team), lambda: paint_banner(g, g.caption, caption, ck))
    waiting = pending_text(view, names)
    if waiting:
        paste(
            im,
            ("pending", waiting),
            lambda: paint_line(g.pending, waiting, g.px(21), C.MUTED, bold=False),
        )
    return im


def _caption_team(caption: str, names: Sequence[str]) -> int | None:
    """The team a goal caption is about ("GOAL! White ..."): shown on that team's colour."""
    if "goal" not in caption.lower():
        return None
    found = [(caption.find(n), t) for t, n in enumerate(names[:2]) if n and n in caption]
    return min(found)[1] if found else None


def render_png(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = None,
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """``render`` encoded as PNG bytes: what the bot posts after a roll."""
    im = render(view, names, caption, width, kits=kits)
    return board(kits, width, sections_of(view)).encoder.encode(im)


def replay_gif(
    frames: Iterable[tuple[dict[str, Any], str | None, int]],
    names: Sequence[str] = DEFAULT_NAMES,
    *,
    width: int = DEFAULT_WIDTH,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """An animated GIF of a match: ``frames`` are (view, caption, milliseconds on screen).
    Every frame shares the board's palette, so Pillow stores only what changed."""
    images, durations = [], []
    for view, caption, ms in frames:
        images.append(render(view, names, caption, width, kits=kits))
        durations.append(ms)
    if not images:
        raise ValueError("a replay needs at least one frame")
    buf = io.BytesIO()
    images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
    return buf.getvalue()
