"""The advanced rules' strip under a FUBA board: each team's condition points per zone, tiredness,
substitutions left and injuries on its own side (West left, East right, under their badges),
the weather in the middle. Only the rules in force are shown, and a basic match's board has no
strip at all: its image stays exactly as it was.

The strip makes the image taller (``HEIGHT`` at 1280 px). Its texts are as large as the caption
(36 px at 1280 px: capitals 8 px tall when Discord shows the board 400 px wide); a team's
figures are packed into at most ``ROWS`` lines.

>>> view = {"options": {"advanced": ["condition", "substitutions", "injuries", "weather"]},
...         "condition": [[4, 4, 2], [3, 0, 2]], "tired": [False, True], "subs": [0, 2],
...         "injured": [[3], []], "keeper_hurt": [False, True], "weather": "rain"}
>>> from render.fuba.geometry import layout
>>> for column in columns(view, layout(1280)):
...     print(column)
['Def 4 · Mid 4 · Att 2', '3 subs left · 1 injured']
['condition', 'weather', 'Rain']
['Def 3 · Mid 0 · Att 2', 'tired · 1 sub left', 'keeper injured']
"""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image

from engine.fuba import advanced, substitutions, weather
from render import colours as C
from render.fonts import Text, font
from render.fuba import panels
from render.fuba.geometry import LINE_HEIGHT, TEXT_SIZES, Layout
from render.png import BandEncoder
from render.sketch import Box
from render.sprites import Sprites

HEIGHT = 152  # of the strip at 1280 px: three lines and a margin
ROWS = 3
SIZE = TEXT_SIZES["caption"]  # as legible as the caption
SEPARATOR = " · "
# columns at 1280 px: West, the middle, East
COLUMNS = ((16, 486), (496, 784), (794, 1264))


def in_force(view: dict[str, Any]) -> frozenset[str]:
    """The advanced rules the board of ``view`` shows (none: no strip)."""
    return advanced.in_force(view.get("options") or {})


def _team_items(view: dict[str, Any], rules: frozenset[str], team: int) -> list[str]:
    items = []
    if "condition" in rules and (view.get("tired") or [False, False])[team]:
        items.append("tired")
    if "substitutions" in rules:
        left = substitutions.MAX_SUBS - int((view.get("subs") or [0, 0])[team])
        items.append(f"{left} sub{'' if left == 1 else 's'} left")
    if "injuries" in rules:
        injured = (view.get("injured") or [[], []])[team]
        if injured:
            items.append(f"{len(injured)} injured")
        if (view.get("keeper_hurt") or [False, False])[team]:
            items.append("keeper injured")
    return items


def _pack(items: list[str], width: float, size: int, rows: int) -> list[str]:
    """``items`` joined into at most ``rows`` lines no wider than ``width``."""
    f = font(size)
    lines: list[str] = []
    for item in items:
        if lines and f.getlength(lines[-1] + SEPARATOR + item) <= width:
            lines[-1] += SEPARATOR + item
        else:
            lines.append(item)
    return lines[:rows]


def columns(view: dict[str, Any], g: Layout) -> tuple[list[str], list[str], list[str]]:
    """The strip's lines: West's, the middle's, East's."""
    rules = in_force(view)
    size = g.px(SIZE)
    teams: list[list[str]] = []
    for team in (0, 1):
        lines = []
        if "condition" in rules:
            points = (view.get("condition") or [[0, 0, 0], [0, 0, 0]])[team]
            zones = zip(("Def", "Mid", "Att"), points, strict=True)
            lines.append(SEPARATOR.join(f"{z} {n}" for z, n in zones))
        x0, x1 = COLUMNS[2 * team]
        width = g.px(x1 - x0)
        lines += _pack(_team_items(view, rules, team), width, size, ROWS - len(lines))
        teams.append(lines)
    middle = ["condition" if "condition" in rules else ""]
    if "weather" in rules:
        kind = view.get("weather") or ""
        named = weather.NAMES.get(kind, kind) if kind else "normal"  # no weather effect (A9)
        middle += ["weather", named.capitalize()]
    return teams[0], middle, teams[1]


def _box(g: Layout, column: int, row: int) -> Box:
    """A line's box in the strip's own coordinates."""
    x0, x1 = COLUMNS[column]
    step = g.px(LINE_HEIGHT)
    top = g.px((HEIGHT - ROWS * LINE_HEIGHT) / 2) + row * step
    return (g.px(x0), top, g.px(x1), top + step)


def _lines(view: dict[str, Any], g: Layout) -> list[tuple[Box, str, bool, str]]:
    """(box in the strip, text, muted, alignment) of every line the strip draws."""
    out = []
    for column, lines in enumerate(columns(view, g)):
        align = ("l", "m", "r")[column]
        for row, text in enumerate(lines):
            if text:
                muted = column == 1 and text in ("condition", "weather")
                out.append((_box(g, column, row), text, muted, align))
    return out


def texts(view: dict[str, Any], g: Layout) -> list[Text]:
    """The strip's texts with their fonts and boxes on the whole image (``render.fuba.board.
    texts``); none for a basic match."""
    if not in_force(view):
        return []
    top = g.height
    f = font(g.px(SIZE))
    return [
        Text("advanced", text, f, (b[0], b[1] + top, b[2], b[3] + top))
        for b, text, _, _ in _lines(view, g)
    ]


class Strip:
    """One board's strip: its background, sprites, and the taller image's reference and PNG
    encoder (the board's own rows, then the strip's)."""

    def __init__(self, g: Layout, rgb: Image.Image, quantise: Any) -> None:
        self.g = g
        self.top = g.height
        self.height = g.px(HEIGHT)
        self.rgb = Image.new("RGB", (g.width, self.height), C.PANEL)
        self.rgb.paste(C.PANEL_LINE, (0, 0, g.width, g.px(2)))  # parts it from the legend
        self.sprites = Sprites(self.rgb, quantise)
        whole = Image.new("RGB", (g.width, self.top + self.height))
        whole.paste(rgb, (0, 0))
        whole.paste(self.rgb, (0, self.top))
        self.base = quantise(whole)
        self.encoder = BandEncoder(self.base, band_rows=16)

    def draw(self, im: Image.Image, view: dict[str, Any]) -> Image.Image:
        """``im`` (the board) with the strip of ``view`` under it."""
        out = self.base.copy()
        out.paste(im, (0, 0))
        size = self.g.px(SIZE)
        for box, text, muted, align in _lines(view, self.g):
            colour = C.MUTED if muted else C.TEXT

            def make(b: Box = box, t: str = text, m: bool = muted, a: str = align) -> Any:
                return panels.line(b, t, size, bold=not m, colour=C.MUTED if m else C.TEXT, align=a)

            for s in self.sprites.pieces(("strip", box, text, colour), make):
                out.paste(s.image, (s.at[0], s.at[1] + self.top), s.mask)
        return out


_lock = threading.Lock()


def strip_of(board: Any) -> Strip:
    """The strip of a ``render.fuba.board.Board``, made the first time it is asked for."""
    found: Strip | None = getattr(board, "strip", None)
    if found is None:
        with _lock:
            found = getattr(board, "strip", None)
            if found is None:
                found = Strip(board.g, board.rgb, board.sprites.quantise)
                board.strip = found
    return found
