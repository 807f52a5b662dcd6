"""The advanced rules' strip under a FUBA board: each team's condition points per zone, its
skills (A11, ``render.fuba.skills``: two letters each, a tick once played, a cross once lost),
tiredness, substitutions left and injuries on its own side (West left, East right, under their
badges), the weather in the middle. Only the rules in force are shown, and a basic match's
board has no strip at all: its image stays exactly as it was.

The strip makes the image taller (``height`` at 1280 px: ``ROWS`` lines, ``SKILL_ROWS`` in a
match with skills). Its texts are as large as the caption (36 px at 1280 px: capitals 8 px
tall when Discord shows the board 400 px wide); a team's figures are packed into its rows.

>>> view = {"options": {"advanced": ["condition", "substitutions", "injuries", "weather"]},
...         "condition": [[4, 4, 2], [3, 0, 2]], "tired": [False, True], "subs": [0, 2],
...         "injured": [[3], []], "keeper_hurt": [False, True], "weather": "rain"}
>>> from render.fuba.geometry import layout
>>> for column in columns(view, layout(1280)):
...     print(column)
['Def 4 · Mid 4 · Att 2', '3 subs left · 1 injured']
['condition', 'weather', 'Rain']
['Def 3 · Mid 0 · Att 2', 'tired · 1 sub left', 'keeper injured']
>>> view.update(options={"advanced": ["condition"], "skills": 3}, agenda=[],
...             skills=[{"clinical_finisher": 1, "stopper": 0}, {"runner": -1}])
>>> for column in columns(view, layout(1280)):
...     print(column)
['Def 4 · Mid 4 · Att 2', 'CF✓ · ST']
['condition', 'skills']
['Def 3 · Mid 0 · Att 2', 'RU✗', 'tired']
"""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image

from engine.fuba import advanced, substitutions, weather
from render import colours as C
from render.fonts import Text, font
from render.fuba import panels
from render.fuba import skills as skill_marks
from render.fuba.geometry import LINE_HEIGHT, TEXT_SIZES, Layout
from render.png import BandEncoder
from render.sketch import Box
from render.sprites import Sprites

ROWS = 3  # lines of a team's figures
SKILL_ROWS = 5  # with skills (A11): two more lines for them
MARGIN = 20  # above and below the lines, at 1280 px
HEIGHT = ROWS * 44 + MARGIN  # of the strip at 1280 px (``height``)
SIZE = TEXT_SIZES["caption"]  # as legible as the caption
SEPARATOR = " · "
# columns at 1280 px: West, the middle, East
COLUMNS = ((16, 486), (496, 784), (794, 1264))


def in_force(view: dict[str, Any]) -> frozenset[str]:
    """The advanced rules the board of ``view`` shows (none: no strip)."""
    return advanced.in_force(view.get("options") or {})


def rows(view: dict[str, Any]) -> int:
    """The strip's lines: more when the match has skills."""
    return SKILL_ROWS if skill_marks.in_play(view) else ROWS


def height(lines: int) -> int:
    """The strip's height at 1280 px for ``lines`` lines."""
    return lines * LINE_HEIGHT + MARGIN


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
    total = rows(view)
    teams: list[list[str]] = []
    for team in (0, 1):
        lines = []
        if "condition" in rules:
            points = (view.get("condition") or [[0, 0, 0], [0, 0, 0]])[team]
            zones = zip(("Def", "Mid", "Att"), points, strict=True)
            lines.append(SEPARATOR.join(f"{z} {n}" for z, n in zones))
        x0, x1 = COLUMNS[2 * team]
        width = g.px(x1 - x0)
        if total > ROWS:  # a blank line while the skills are secret keeps the rows aligned
            lines += _pack(skill_marks.items(view, team), width, size, total - ROWS) or [""]
        lines += _pack(_team_items(view, rules, team), width, size, total - len(lines))
        teams.append(lines)
    middle = ["condition" if "condition" in rules else ""]
    if total > ROWS:
        middle.append("skills" if skill_marks.revealed(view) else "skills secret")
    if "weather" in rules:
        kind = view.get("weather") or ""
        named = weather.NAMES.get(kind, kind) if kind else "normal"  # no weather effect (A9)
        middle += [""] * (total - ROWS - 1) + ["weather", named.capitalize()]
    return teams[0], middle, teams[1]


def _box(g: Layout, column: int, row: int) -> Box:
    """A line's box in the strip's own coordinates."""
    x0, x1 = COLUMNS[column]
    step = g.px(LINE_HEIGHT)
    top = g.px(MARGIN / 2) + row * step
    return (g.px(x0), top, g.px(x1), top + step)


LABELS = frozenset({"condition", "weather", "skills", "skills secret"})  # muted, in the middle


def _lines(view: dict[str, Any], g: Layout) -> list[tuple[Box, str, bool, str]]:
    """(box in the strip, text, muted, alignment) of every line the strip draws."""
    out = []
    for column, lines in enumerate(columns(view, g)):
        align = ("l", "m", "r")[column]
        for row, text in enumerate(lines):
            if text:
                muted = column == 1 and text in LABELS
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

    def __init__(self, g: Layout, rgb: Image.Image, quantise: Any, lines: int = ROWS) -> None:
        self.g = g
        self.top = g.height
        self.height = g.px(height(lines))
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


def strip_of(board: Any, view: dict[str, Any]) -> Strip:
    """The strip of a ``render.fuba.board.Board`` for ``view`` (one per number of lines), made
    the first time it is asked for."""
    lines = rows(view)
    strips: dict[int, Strip] = board.strips
    found = strips.get(lines)
    if found is None:
        with _lock:
            found = strips.get(lines)
            if found is None:
                found = Strip(board.g, board.rgb, board.sprites.quantise, lines)
                strips[lines] = found
    return found
