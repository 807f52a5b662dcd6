"""The full-time chart of the win probability over a match, in the boards' style.

Both teams' name badges at the top; under them the chances after every step as three stacked
bands filling the plot: the first side's chance to win from the top in its colour, the draw's
in grey, the second side's from the bottom in its colour (so a band's thickness is that chance,
and the line between a side's band and the draw's moves towards the other side as it gets on
top). Goals are a ball on a disc of the scorer's colour with a faint line down the plot, cards a
small yellow or red card: the first side's over the plot, the second side's under it, at the
step they happened. Labelled steps (``ticks``: half time...) under the plot, a key at the
bottom.

>>> png = chart_png([[0.4, 0.3, 0.3], [0.7, 0.2, 0.1]], [Mark(1, 0, "goal")], ("West", "East"),
...                 "fuba", ticks=((1, "FT"),))
>>> png[:4]
b'\\x89PNG'

``ChartLayout`` says where everything sits (tests sample pixels there). Made to be read on a
phone: at Discord's ~400 px its texts keep capitals 8 px tall (28 px at ``WIDTH``). Long matches
are drawn from one point per column of pixels at most. The same input always gives the same
bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module

from PIL import Image, ImageDraw

from render import colours as C
from render import header
from render.fonts import Text, fit, font
from render.kits import RGB, Kit
from render.sketch import SS, Box, Painted, Point, Sketch
from render.sprites import draw_over

WIDTH = 960
HEIGHT = 548
SIZE = 28  # of every text: capitals 8 px tall at 400 px wide
PAD = 16
DRAW: RGB = C.MUTED  # the draw's band: the board's bar has the same grey
GUIDE: tuple[int, int, int, int] = (*C.TEXT, 150)  # a goal's line down the plot
HALF: tuple[int, int, int, int] = (*C.TEXT, 70)  # the 50% line and the ticks' lines
KINDS = ("goal", "yellow", "red")
# the boards' default names and kits, by game (``render.<game>.board``)
GAMES = ("fuba", "dicesoccer", "simplesoccer", "socceristic")


@dataclass(frozen=True, slots=True)
class Mark:
    """Something the chart marks: a ``kind`` ("goal", "yellow" or "red") of ``side`` (0 first,
    1 second, in the ruleset's sides order) at step ``at`` (the index of the point after it)."""

    at: int
    side: int
    kind: str


@dataclass(frozen=True)
class ChartLayout:
    """Where the chart's parts sit, for ``count`` points."""

    count: int
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def title(self) -> Box:
        return (PAD, 12, self.width - PAD, 60)

    def badge(self, side: int) -> Box:
        w = self.width
        return (PAD, 12, 330, 60) if side == 0 else (w - 330, 12, w - PAD, 60)

    @property
    def plot(self) -> Box:
        return (24, 112, self.width - 24, 412)

    def lane(self, side: int) -> int:
        """The middle of the row of a side's marks: over the plot for the first side, under it
        for the second."""
        return 90 if side == 0 else 434

    @property
    def ticks(self) -> Box:
        return (0, 458, self.width, 494)

    @property
    def key(self) -> Box:
        return (PAD, 500, self.width - PAD, 540)

    def x_of(self, step: float) -> float:
        """The x of step ``step`` (0 at the plot's left, the last point at its right)."""
        x0, _, x1, _ = self.plot
        last = max(1, self.count - 1)
        return x0 + (x1 - x0) * min(max(step, 0), last) / last

    def y_of(self, share: float) -> float:
        """The y of ``share`` (0-1) of the plot's height from its top."""
        _, y0, _, y1 = self.plot
        return y0 + (y1 - y0) * share

    def goal_pixel(self, mark: Mark) -> Point:
        """A point of a goal's disc that always shows the scorer's colour (under the ball)."""
        return (round(self.x_of(mark.at)), self.lane(mark.side) + round(GOAL_R * 0.78))


GOAL_R = 16  # radius of a goal's disc
BALL_R = 7.5
CARD = (16, 22)


def defaults(game: str) -> tuple[tuple[str, str], tuple[Kit, Kit]]:
    """The default names and kits of ``game``'s board."""
    if game not in GAMES:
        raise ValueError(f"no board for a game called {game!r}; games: {', '.join(GAMES)}")
    board = import_module(f"render.{game}.board")
    return tuple(board.DEFAULT_NAMES), board.DEFAULT_KITS


def _shares(point: Sequence[float]) -> tuple[float, float]:
    """Where the draw's band starts and ends, as shares of the plot from its top."""
    first, draw, second = (max(0.0, float(p)) for p in point)
    total = first + draw + second
    if total <= 0:
        return 0.0, 1.0  # no estimate: all draw
    return first / total, (first + draw) / total


def _columns(points: Sequence[Sequence[float]], g: ChartLayout) -> list[tuple[float, int]]:
    """(x, index of the point drawn there): every point, or one point per column of pixels
    (the latest one there) when there are more points than columns."""
    n = len(points)
    if n == 1:
        return [(g.plot[0], 0), (g.plot[2], 0)]
    cols = g.plot[2] - g.plot[0]
    if n <= cols:
        return [(g.x_of(i), i) for i in range(n)]
    return [(g.plot[0] + c, round(c * (n - 1) / cols)) for c in range(cols + 1)]


def _bands(points: Sequence[Sequence[float]], g: ChartLayout, kits: tuple[Kit, Kit]) -> Image.Image:
    """The plot's three bands, drawn supersampled and scaled down (smooth edges)."""
    x0, y0, x1, y1 = g.plot
    w, h = x1 - x0, y1 - y0
    layer = Image.new("RGB", (w * SS, h * SS), kits[1].colour)
    d = ImageDraw.Draw(layer)
    cols = _columns(points, g)
    top = [((x - x0) * SS, 0.0) for x, _ in (cols[-1], cols[0])]
    draw_end, first_end = [], []
    for x, i in cols:
        start, end = _shares(points[i])
        draw_end.append(((x - x0) * SS, end * h * SS))
        first_end.append(((x - x0) * SS, start * h * SS))
    d.polygon(top + draw_end, fill=DRAW)
    d.polygon(top + first_end, fill=kits[0].colour)
    return layer.resize((w, h), Image.Resampling.BOX)


def _overlay(
    g: ChartLayout, marks: Sequence[Mark], ticks: Sequence[tuple[int, str]]
) -> Image.Image:
    """The lines over the plot's bands: the 50% line, the ticks' and the goals'."""
    x0, y0, x1, y1 = g.plot
    w, h = (x1 - x0) * SS, (y1 - y0) * SS
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    mid, dash = h / 2, 10 * SS
    for left in range(0, w, 2 * dash):
        d.line((left, mid, min(left + dash, w), mid), fill=HALF, width=2 * SS)
    lines = [(at, HALF) for at, _ in ticks] + [(m.at, GUIDE) for m in marks if m.kind == "goal"]
    for at, fill in lines:
        x = (g.x_of(at) - x0) * SS
        d.line((x, 0, x, h), fill=fill, width=2 * SS)
    return layer.resize((x1 - x0, y1 - y0), Image.Resampling.BOX)


def paint_goal(g: ChartLayout, mark: Mark, k: Kit) -> Painted:
    """A goal: a ball on a disc of the scorer's colour."""
    cx, cy = g.x_of(mark.at), g.lane(mark.side)
    r = GOAL_R
    box = (round(cx) - r - 2, cy - r - 2, round(cx) + r + 3, cy + r + 3)

    def paint(s: Sketch) -> None:
        x, y = cx - box[0], cy - box[1]
        s.ellipse((x - r, y - r, x + r, y + r), fill=k.colour, outline=C.MUTED, width=1.5)
        b = BALL_R
        by = y - r * 0.22
        s.ellipse((x - b, by - b, x + b, by + b), fill=C.DIE, outline=C.OUTLINE, width=1.2)
        p = b * 0.4
        s.ellipse((x - p, by - p, x + p, by + p), fill=C.OUTLINE)

    return box, paint


def paint_card(g: ChartLayout, mark: Mark) -> Painted:
    """A yellow or red card."""
    cx, cy = g.x_of(mark.at), g.lane(mark.side)
    w, h = CARD
    box = (round(cx - w / 2) - 2, cy - h // 2 - 2, round(cx + w / 2) + 2, cy + h // 2 + 2)
    fill = C.CARD_YELLOW if mark.kind == "yellow" else C.CARD_RED

    def paint(s: Sketch) -> None:
        x, y = cx - box[0], cy - box[1]
        s.rounded((x - w / 2, y - h / 2, x + w / 2, y + h / 2), 2.5, fill=fill,
                  outline=C.OUTLINE, width=1.5)  # fmt: skip

    return box, paint


def paint_title(g: ChartLayout) -> Painted:
    box = g.title
    f = font(SIZE)
    w, h = box[2] - box[0], box[3] - box[1]
    text = fit("Win chances", f, g.badge(1)[0] - g.badge(0)[2] - 24)

    def paint(s: Sketch) -> None:
        s.text((w / 2, h / 2), text, f, C.MUTED, anchor="mm")

    return box, paint


def paint_tick(g: ChartLayout, at: int, label: str) -> Painted:
    """A labelled step under the plot, kept inside the image."""
    f = font(SIZE)
    text = fit(label, f, 200)
    half = f.getlength(text) / 2 + 2
    x = min(max(g.x_of(at), half + 2), g.width - half - 2)
    y0, y1 = g.ticks[1], g.ticks[3]
    box = (round(x - half), y0, round(x + half) + 1, y1)

    def paint(s: Sketch) -> None:
        s.text((x - box[0], (y1 - y0) / 2), text, f, C.MUTED, anchor="mm")

    return box, paint


def key_items(names: Sequence[str]) -> list[str]:
    """The key's words: each side's band, and the draw's."""
    return [f"{names[0]}{WINS}", "draw", f"{names[1]}{WINS}"]


WINS = " wins"


def paint_key(g: ChartLayout, names: Sequence[str], kits: tuple[Kit, Kit]) -> Painted:
    """A chip of each band's colour before its words, centred; long names are cut short."""
    box = g.key
    w, h = box[2] - box[0], box[3] - box[1]
    f = font(SIZE)
    chip, gap, space = 24, 10, 36
    words = key_items(names)
    most = (w - 3 * (chip + gap) - 2 * space - f.getlength(words[1])) / 2 - f.getlength(WINS)
    words = key_items([fit(n, f, most) for n in names[:2]])
    widths = [chip + gap + f.getlength(t) for t in words]
    fills = (kits[0].colour, DRAW, kits[1].colour)

    def paint(s: Sketch) -> None:
        x = (w - sum(widths) - 2 * space) / 2
        for text, width, fill in zip(words, widths, fills, strict=True):
            s.rounded((x, h / 2 - chip / 2, x + chip, h / 2 + chip / 2), 4, fill=fill,
                      outline=C.MUTED, width=1.5)  # fmt: skip
            s.text((x + chip + gap, h / 2), text, f, C.TEXT, anchor="lm")
            x += width + space

    return box, paint


def texts(names: Sequence[str], ticks: Sequence[tuple[int, str]] = ()) -> list[Text]:
    """The chart's texts with their fonts and boxes (for legibility checks)."""
    g = ChartLayout(1)
    f = font(SIZE)
    out = [Text("title", "Win chances", f, g.title)]
    out += [Text("name", n, f, g.badge(i)) for i, n in enumerate(names[:2])]
    out += [Text("tick", label, f, g.ticks) for _, label in ticks]
    out += [Text("key", t, f, g.key) for t in key_items(names)]
    return out


def _paste(canvas: Image.Image, painted: Painted) -> None:
    pixels, mask, at = draw_over(canvas, painted)
    canvas.paste(pixels, at, mask)


def chart_png(
    points: Sequence[Sequence[float]],
    marks: Sequence[Mark],
    names: Sequence[str],
    game: str,
    ticks: Sequence[tuple[int, str]] = (),
    *,
    kits: tuple[Kit, Kit] | None = None,
) -> bytes:
    """The chart of a match as PNG bytes: ``points[i]`` are [first side wins, draw, second side
    wins] after step ``i``; ``marks`` its goals and cards; ``names`` the sides' names (the
    game's defaults when empty); ``ticks`` (step, label) under the plot; ``kits`` the sides'
    colours (``game``'s board's by default)."""
    if not points:
        raise ValueError("a chart needs at least one point")
    own_names, own_kits = defaults(game)
    kits = kits or own_kits
    names = [names[i] if i < len(names) and names[i] else own_names[i] for i in (0, 1)]
    g = ChartLayout(len(points))
    canvas = Image.new("RGB", (g.width, g.height), C.PANEL)
    x0, y0, x1, y1 = g.plot
    f = 2
    ImageDraw.Draw(canvas).rectangle((x0 - f, y0 - f, x1 + f - 1, y1 + f - 1), fill=C.MUTED)
    canvas.paste(_bands(points, g, kits), (x0, y0))
    over = _overlay(g, marks, ticks)
    canvas.paste(over, (x0, y0), over)
    for side in (0, 1):
        _paste(canvas, header.badge(g.badge(side), kits[side], names[side], font(SIZE),
                                    lambda v: max(1, round(v))))  # fmt: skip
    _paste(canvas, paint_title(g))
    shown = [m for m in marks if m.kind in KINDS and m.side in (0, 1)]
    for m in sorted(shown, key=lambda m: (m.kind == "goal", m.at)):  # goals over cards
        _paste(canvas, paint_goal(g, m, kits[m.side]) if m.kind == "goal" else paint_card(g, m))
    for at, label in ticks:
        _paste(canvas, paint_tick(g, at, label))
    _paste(canvas, paint_key(g, names, kits))
    out = io.BytesIO()
    canvas.save(out, "PNG", compress_level=9)
    return out.getvalue()
