"""League table, leaderboard and profile card images: pure functions from plain data to PNG bytes,
in the boards' style (their dark panels, pitch green, DejaVu Sans, chalk and highlight colours).

>>> rows = [TableLine(1, "Ada", 2, 2, 0, 0, 5, 1, 4, 6)]
>>> table_png("Spring League", rows)[:4]
b'\\x89PNG'
>>> table_image("Spring League", rows).size
(720, 154)

Nothing here knows leagues, ratings, Discord or the database: the caller passes what to show
(``TableLine``, ``LeaderLine``, ``ProfileCard``; ``table_line`` reads a ``engine.leagues`` row
without importing it). Tests sample pixels at the geometry the renderer itself uses
(``table_layout``, ``leaderboard_layout``, ``profile_layout``).

How it draws: straight into a palette ("P") image, no RGB image and no quantising. Flat fills take
one palette entry each; text and anti-aliased shapes are coverage masks cut to ``LEVELS`` steps,
each step a palette entry on the ramp from the colour beneath to the ink. The palette is built per
image in drawing order, so it holds exactly the colours used (a few dozen to ~200), every flat
colour is exact (tests compare them with ``==``), and the same data always gives the same bytes.
Masks of texts and shapes are cached (numbers and names repeat), so a render is mostly pastes.
The PNG is written by ``render.png.encode`` (filter 0, zlib level 6) with the palette trimmed to
the entries used: as fast and as small as Pillow's default ``save``, 7% larger than Pillow's
``optimize=True`` for a fifth of its time (figures in docs/leagues.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render import colours as C
from render.fonts import font
from render.kits import RGB
from render.palette import pixel as pixel  # the tests read image pixels through it
from render.panels import fit
from render.png import encode
from render.sketch import SS

__all__ = [
    "EMPTY_TEXT",
    "LeaderLine",
    "Layout",
    "ProfileCard",
    "ProfileLayout",
    "TableLine",
    "leaderboard_image",
    "leaderboard_layout",
    "leaderboard_png",
    "pixel",
    "profile_image",
    "profile_layout",
    "profile_png",
    "table_image",
    "table_layout",
    "table_line",
    "table_png",
]

Box = tuple[int, int, int, int]

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


# -- the data shown ------------------------------------------------------------------------------


class TableLine(NamedTuple):
    """One row of a league table as shown. ``note`` is a few words in small print beside the name,
    e.g. the tie-break that puts this row above the next ("H2H")."""

    position: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    goal_difference: int
    points: int
    note: str = ""


def table_line(row: Any, name: str) -> TableLine:
    """A ``TableLine`` from a ``engine.leagues.Row`` (read by attribute, not imported) and the
    member's display name; the note is the tie-break in ``row.decided_by``, if any.

    >>> from engine.leagues import Result, standings
    >>> rows = standings([1, 2], [Result(1, 2, 1, 1)])
    >>> table_line(rows[0], "Ada")
    TableLine(position=1, name='Ada', played=1, won=0, drawn=1, lost=0, goals_for=1, \
goals_against=1, goal_difference=0, points=1, note='joined first')
    """
    rule = row.decided_by
    note = TIE_BREAK_NOTES.get(str(rule), str(rule)) if rule is not None else ""
    return TableLine(
        row.position,
        name,
        row.played,
        row.won,
        row.drawn,
        row.lost,
        row.goals_for,
        row.goals_against,
        row.goal_difference,
        row.points,
        note,
    )


class LeaderLine(NamedTuple):
    """One member on a leaderboard: rank (1 = best), rating, record; ``provisional`` while the
    rating rests on few matches (shown as "1520?")."""

    rank: int
    name: str
    rating: int
    won: int
    drawn: int
    lost: int
    provisional: bool = False

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


@dataclass(frozen=True, slots=True)
class ProfileCard:
    """A member's card for one game. ``last_five`` holds "W", "D" or "L", oldest first (the
    latest is drawn rightmost); ``streak`` is the current run, e.g. ``("W", 3)``; ``rank`` is
    ``None`` before a first rated match; ``members`` (optional) is how many are ranked."""

    name: str
    game: str
    rating: int
    rank: int | None
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    last_five: tuple[str, ...] = ()
    streak: tuple[str, int] | None = None
    provisional: bool = False
    members: int | None = None

    def __post_init__(self) -> None:
        letters = tuple(self.last_five)
        bad = [r for r in letters if r not in RESULT_COLOURS]
        if bad or len(letters) > 5:
            raise ValueError(f"last_five takes up to five of W, D, L; got {self.last_five!r}")
        if self.streak is not None and self.streak[0] not in RESULT_COLOURS:
            raise ValueError(f"a streak is W, D or L and a count; got {self.streak!r}")
        object.__setattr__(self, "last_five", letters)


# -- drawing into a palette image ----------------------------------------------------------------


def _mix(bg: RGB, ink: RGB, step: int) -> RGB:
    t = step / (LEVELS - 1)
    return (
        round(bg[0] + (ink[0] - bg[0]) * t),
        round(bg[1] + (ink[1] - bg[1]) * t),
        round(bg[2] + (ink[2] - bg[2]) * t),
    )


_TO_LEVEL = [round(v * (LEVELS - 1) / 255) for v in range(256)]
_COVERED = [0] + [255] * 255


class Mask(NamedTuple):
    levels: Image.Image  # "P": coverage steps 0..LEVELS-1 (indices into a ramp)
    mask: Image.Image  # "1": where the coverage is not zero
    offset: tuple[int, int]  # top-left corner relative to where it is drawn


def _mask(coverage: Image.Image, offset: tuple[int, int]) -> Mask:
    stepped = coverage.point(_TO_LEVEL)
    levels = Image.frombytes("P", stepped.size, stepped.tobytes())
    return Mask(levels, stepped.point(_COVERED, "1"), offset)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> Mask:
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    coverage = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(coverage).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return _mask(coverage, (left, top))


@lru_cache(maxsize=256)
def _rounded_mask(width: int, height: int, radius: int) -> Mask:
    big = Image.new("L", (width * SS, height * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * SS - 1, height * SS - 1), radius=radius * SS, fill=255
    )
    return _mask(big.resize((width, height), Image.Resampling.BOX), (0, 0))


@lru_cache(maxsize=8192)
def _inked(key: tuple[Any, ...], ramp: tuple[int, ...]) -> Mask:
    """The mask ``key`` with its coverage steps turned into the palette indices of ``ramp``.
    Palettes are built in drawing order, so the same ramps recur from image to image and most
    texts are found here ready to paste."""
    m = _text_mask(*key[1:]) if key[0] == "text" else _rounded_mask(*key[1:])
    return Mask(m.levels.point(list(ramp) + [0] * (256 - LEVELS)), m.mask, m.offset)


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, bold: bool, width: float) -> str:
    """``render.panels.fit`` for the font ``font(size, bold)``, remembered."""
    return fit(text, font(size, bold), width)


@lru_cache(maxsize=1024)
def _fitted_size(text: str, size: int, bold: bool, width: int) -> int:
    """The largest font size up to ``size`` (not below 10) at which ``text`` fits ``width``."""
    while size > 10 and _length(text, size, bold) > width:
        size -= 1
    return size


class Canvas:
    """A palette image whose palette grows, in drawing order, with the colours drawn."""

    def __init__(self, size: tuple[int, int], bg: RGB) -> None:
        self.colours: dict[RGB, int] = {}
        self._ramps: dict[tuple[RGB, RGB], list[int]] = {}
        self.im = Image.new("P", size, self.index(bg))

    def index(self, colour: RGB) -> int:
        found = self.colours.get(colour)
        if found is None:
            if len(self.colours) >= 256:
                raise ValueError("more than 256 colours in one image")
            found = self.colours[colour] = len(self.colours)
        return found

    def ramp(self, bg: RGB, ink: RGB) -> list[int]:
        found = self._ramps.get((bg, ink))
        if found is None:
            steps = [self.index(_mix(bg, ink, s)) for s in range(LEVELS)]
            found = self._ramps[(bg, ink)] = steps
        return found

    def rect(self, box: Box, colour: RGB) -> None:
        """Fill ``box`` (x0, y0, x1, y1; x1 and y1 excluded)."""
        self.im.paste(self.index(colour), box)

    def paint(self, key: tuple[Any, ...], at: tuple[int, int], bg: RGB, ink: RGB) -> None:
        """The mask ``key`` (see ``_inked``) in ``ink`` over ``bg``, its anchor at ``at``."""
        ramp = self.ramp(bg, ink)
        levels, mask, offset = _inked(key, tuple(ramp[:LEVELS]))
        self.im.paste(levels, (at[0] + offset[0], at[1] + offset[1]), mask)

    def text(
        self,
        at: tuple[float, float],
        text: str,
        size: int,
        ink: RGB,
        bg: RGB,
        *,
        bold: bool = True,
        anchor: str = "lm",
    ) -> None:
        if text:
            key = ("text", text, size, bold, anchor)
            self.paint(key, (round(at[0]), round(at[1])), bg, ink)

    def rounded(self, box: Box, radius: int, fill: RGB, bg: RGB) -> None:
        key = ("rounded", box[2] - box[0], box[3] - box[1], radius)
        self.paint(key, (box[0], box[1]), bg, fill)

    def image(self) -> Image.Image:
        """The image with its palette (only the entries used)."""
        self.im.putpalette([v for c in self.colours for v in c])
        return self.im


def to_png(im: Image.Image) -> bytes:
    """``im`` (from this module) as PNG bytes, its palette trimmed to the entries in use."""
    used = len(im.getpalette() or []) // 3
    plte = bytes((im.getpalette() or [])[: 3 * used])
    return encode(im, plte=plte, level=PNG_LEVEL)


# -- layouts: where everything sits (the tests sample pixels here) ------------------------------


@dataclass(frozen=True)
class Layout:
    """The geometry of a table or leaderboard image. Boxes are (x0, y0, x1, y1), x1 and y1
    excluded; ``columns`` maps a column name to its (x0, x1)."""

    width: int
    height: int
    title: Box
    header: Box | None
    rows: tuple[Box, ...]
    columns: dict[str, tuple[int, int]] = field(default_factory=dict)
    separator: Box | None = None  # the gap before the caller's own line
    caller: Box | None = None
    footer: Box | None = None
    empty: Box | None = None  # the "No results yet" panel

    def cell(self, row: Box, column: str) -> Box:
        x0, x1 = self.columns[column]
        return (x0, row[1], x1, row[3])


def _columns(widths: Sequence[tuple[str, int]], flexible: str) -> dict[str, tuple[int, int]]:
    fixed = sum(w for name, w in widths if name != flexible)
    spare = WIDTH - 2 * PAD - fixed
    out: dict[str, tuple[int, int]] = {}
    x = PAD
    for name, w in widths:
        w = spare if name == flexible else w
        out[name] = (x, x + w)
        x += w
    return out


TABLE_COLUMNS = _columns(
    [
        ("position", 44),
        ("name", 0),
        ("played", 44),
        ("won", 44),
        ("drawn", 44),
        ("lost", 44),
        ("goals_for", 48),
        ("goals_against", 48),
        ("goal_difference", 58),
        ("points", 62),
    ],
    "name",
)
TABLE_HEADINGS = {
    "position": "#",
    "name": "Player",
    "played": "P",
    "won": "W",
    "drawn": "D",
    "lost": "L",
    "goals_for": "GF",
    "goals_against": "GA",
    "goal_difference": "GD",
    "points": "Pts",
}
LEADER_COLUMNS = _columns(
    [("rank", 60), ("name", 0), ("rating", 112), ("record", 124), ("games", 100)], "name"
)
LEADER_HEADINGS = {
    "rank": "#",
    "name": "Player",
    "rating": "Rating",
    "record": "W-D-L",
    "games": "Games",
}


def _stack(
    count: int,
    columns: dict[str, tuple[int, int]],
    *,
    caller: bool = False,
    footer: bool = False,
) -> Layout:
    title = (0, 0, WIDTH, TITLE_H)
    if count == 0:
        empty = (0, TITLE_H, WIDTH, TITLE_H + EMPTY_H)
        return Layout(WIDTH, empty[3], title, None, (), columns, empty=empty)
    header = (0, TITLE_H, WIDTH, TITLE_H + HEAD_H)
    y = header[3]
    rows = []
    for _ in range(count):
        rows.append((0, y, WIDTH, y + ROW_H))
        y += ROW_H
    separator = own = foot = None
    if caller:
        separator = (0, y, WIDTH, y + SEP_H)
        own = (0, y + SEP_H, WIDTH, y + SEP_H + ROW_H)
        y = own[3]
    if footer:
        foot = (0, y, WIDTH, y + FOOT_H)
        y = foot[3]
    else:
        y += END_H
    return Layout(WIDTH, y, title, header, tuple(rows), columns, separator, own, foot)


def table_layout(count: int, *, notes: bool = False) -> Layout:
    """The geometry of a table of ``count`` rows (``notes``: some row has a note, which adds a
    footer explaining them)."""
    return _stack(count, TABLE_COLUMNS, footer=notes)


def leaderboard_layout(count: int, *, caller: bool = False, provisional: bool = False) -> Layout:
    """The geometry of a leaderboard of ``count`` lines (at most ``TOP``), plus the caller's own
    line below a separator, plus a footer explaining "?" when a provisional rating is shown."""
    return _stack(min(count, TOP), LEADER_COLUMNS, caller=caller, footer=provisional)


# -- shared painting -----------------------------------------------------------------------------


def _title(c: Canvas, g: Layout, title: str) -> None:
    c.rect(g.title, TITLE_BG)
    x0, y0, x1, y1 = g.title
    size = 30
    c.text(
        (PAD + 4, (y0 + y1) / 2),
        _fit(title, size, True, x1 - x0 - 2 * PAD - 8),
        size,
        C.TEXT,
        TITLE_BG,
    )


def _headings(c: Canvas, g: Layout, headings: dict[str, str], left: set[str]) -> None:
    assert g.header is not None
    c.rect(g.header, HEAD_BG)
    mid = (g.header[1] + g.header[3]) / 2
    for name, text in headings.items():
        x0, x1 = g.columns[name]
        if name in left:
            c.text((x0 + 8, mid), text, 20, C.CHALK, HEAD_BG)
        else:
            c.text((x1 - 8, mid), text, 20, C.CHALK, HEAD_BG, anchor="rm")


def _empty(c: Canvas, g: Layout, hint: str) -> None:
    assert g.empty is not None
    c.rect(g.empty, ROW_A)
    x0, y0, x1, y1 = g.empty
    mid = (x0 + x1) / 2
    c.text((mid, y0 + 62), EMPTY_TEXT, 34, C.TEXT, ROW_A, anchor="mm")
    c.text(
        (mid, y0 + 108),
        _fit(hint, 20, False, x1 - x0 - 2 * PAD),
        20,
        C.MUTED,
        ROW_A,
        bold=False,
        anchor="mm",
    )


def _row_bg(i: int, highlighted: bool) -> RGB:
    if highlighted:
        return HIGHLIGHT
    return ROW_A if i % 2 == 0 else ROW_B


def _number(
    c: Canvas,
    cell: Box,
    text: str,
    bg: RGB,
    *,
    size: int = 22,
    bold: bool = False,
    ink: RGB = C.TEXT,
) -> None:
    """``text`` right-aligned in ``cell``, its font shrunk if need be to stay inside."""
    x0, y0, x1, y1 = cell
    room = x1 - x0 - 16  # 8 px clear on both sides
    size = _fitted_size(text, size, bold, room)
    if _length(text, size, bold) > room:
        text = _fit(text, size, bold, room)
    c.text((x1 - 8, (y0 + y1) / 2), text, size, ink, bg, bold=bold, anchor="rm")


def _name(c: Canvas, cell: Box, name: str, note: str, bg: RGB, ink: RGB) -> None:
    """The name left-aligned in ``cell`` (shortened with an ellipsis), the note in small print at
    the cell's right end."""
    x0, y0, x1, y1 = cell
    mid = (y0 + y1) / 2
    right = x1 - 8
    if note:
        note = _fit(note, 16, False, (x1 - x0) // 2)
        c.text((right, mid + 1), note, 16, C.MUTED, bg, bold=False, anchor="rm")
        right -= round(_length(note, 16, False)) + 10
    c.text((x0 + 8, mid), _fit(name, 24, True, right - x0 - 8), 24, ink, bg)


def _position(c: Canvas, g: Layout, row: Box, column: str, position: int, bg: RGB) -> None:
    medal = MEDALS.get(position)
    if medal is not None:
        c.rect((row[0], row[1], row[0] + STRIPE, row[3]), medal)
    _number(c, g.cell(row, column), str(position), bg, bold=True, ink=medal or C.MUTED)


def _footer(c: Canvas, g: Layout, text: str) -> None:
    assert g.footer is not None
    c.rect(g.footer, TITLE_BG)
    x0, y0, x1, y1 = g.footer
    c.text(
        (PAD + 4, (y0 + y1) / 2),
        _fit(text, 17, False, x1 - x0 - 2 * PAD),
        17,
        C.MUTED,
        TITLE_BG,
        bold=False,
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


# -- the league table ----------------------------------------------------------------------------


def table_image(
    title: str, rows: Sequence[TableLine], *, highlight: int | None = None
) -> Image.Image:
    """The league table as a palette image; ``highlight`` is a position whose row is marked
    (the member who asked)."""
    notes = any(r.note for r in rows)
    g = table_layout(len(rows), notes=notes)
    c = Canvas((g.width, g.height), TITLE_BG)
    _title(c, g, title)
    if not rows:
        _empty(c, g, "The table fills in as league matches are played.")
        return c.image()
    _headings(c, g, TABLE_HEADINGS, {"name"})
    for i, (box, r) in enumerate(zip(g.rows, rows, strict=True)):
        mine = highlight is not None and r.position == highlight
        bg = _row_bg(i, mine)
        c.rect(box, bg)
        _position(c, g, box, "position", r.position, bg)
        _name(c, g.cell(box, "name"), r.name, r.note, bg, HIGHLIGHT_INK if mine else C.TEXT)
        for column, value in (
            ("played", str(r.played)),
            ("won", str(r.won)),
            ("drawn", str(r.drawn)),
            ("lost", str(r.lost)),
            ("goals_for", str(r.goals_for)),
            ("goals_against", str(r.goals_against)),
            ("goal_difference", _signed(r.goal_difference)),
        ):
            _number(c, g.cell(box, column), value, bg)
        _number(c, g.cell(box, "points"), str(r.points), bg, size=24, bold=True)
    if notes:
        _footer(c, g, "Small print: the tie-break that puts a player above the next one.")
    return c.image()


def table_png(title: str, rows: Sequence[TableLine], *, highlight: int | None = None) -> bytes:
    """``table_image`` as PNG bytes."""
    return to_png(table_image(title, rows, highlight=highlight))


# -- the leaderboard -----------------------------------------------------------------------------


def _shown(lines: Sequence[LeaderLine], caller: LeaderLine | None) -> tuple[list[LeaderLine], bool]:
    """The lines drawn (the top ``TOP``) and whether the caller gets their own line below: only
    when their rank is not among them."""
    top = list(lines[:TOP])
    outside = caller is not None and bool(top) and caller.rank not in {x.rank for x in top}
    return top, outside


def leaderboard_image(
    title: str, lines: Sequence[LeaderLine], *, caller: LeaderLine | None = None
) -> Image.Image:
    """The top ``TOP`` lines (in the order given) as a palette image. The caller's line is
    highlighted where it is in the top; otherwise it comes after a separator, below them."""
    top, outside = _shown(lines, caller)
    drawn = top + ([caller] if outside and caller is not None else [])
    provisional = any(x.provisional for x in drawn)
    g = leaderboard_layout(len(top), caller=outside, provisional=provisional)
    c = Canvas((g.width, g.height), TITLE_BG)
    _title(c, g, title)
    if not top:
        _empty(c, g, "Ratings appear after the first rated match.")
        return c.image()
    _headings(c, g, LEADER_HEADINGS, {"name"})
    boxes = list(g.rows)
    if outside:
        assert g.separator is not None and g.caller is not None
        c.rect(g.separator, TITLE_BG)
        x0, y0, x1, y1 = g.separator
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), "• • •", 14, C.MUTED, TITLE_BG, anchor="mm")
        boxes.append(g.caller)
    mine_rank = caller.rank if caller is not None else None
    for i, (box, x) in enumerate(zip(boxes, drawn, strict=True)):
        mine = x.rank == mine_rank
        bg = _row_bg(i, mine)
        c.rect(box, bg)
        _position(c, g, box, "rank", x.rank, bg)
        _name(c, g.cell(box, "name"), x.name, "", bg, HIGHLIGHT_INK if mine else C.TEXT)
        rating = g.cell(box, "rating")
        if x.provisional:
            mark = rating[2] - 8 - round(_length("?", 24, True))
            c.text((rating[2] - 8, (box[1] + box[3]) / 2), "?", 24, C.MUTED, bg, anchor="rm")
            rating = (rating[0], rating[1], mark + 6, rating[3])
        _number(c, rating, str(x.rating), bg, size=24, bold=True)
        _number(c, g.cell(box, "record"), f"{x.won}-{x.drawn}-{x.lost}", bg)
        _number(c, g.cell(box, "games"), str(x.games), bg, ink=C.MUTED)
    if provisional:
        _footer(c, g, "1520? = a provisional rating: too few rated matches to be sure yet.")
    return c.image()


def leaderboard_png(
    title: str, lines: Sequence[LeaderLine], *, caller: LeaderLine | None = None
) -> bytes:
    """``leaderboard_image`` as PNG bytes."""
    return to_png(leaderboard_image(title, lines, caller=caller))


# -- the profile card ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileLayout:
    width: int
    height: int
    band: Box  # name, game, rating, rank
    tiles: tuple[Box, Box, Box, Box]  # won, drawn, lost, goals
    chips: tuple[Box, ...]  # the last five results, oldest first
    streak: Box
    footer: Box


def profile_layout() -> ProfileLayout:
    band = (0, 0, WIDTH, 124)
    gap = 12
    tile_w = (WIDTH - 2 * PAD - 3 * gap) // 4
    y = band[3] + 16
    tiles = tuple(
        (PAD + i * (tile_w + gap), y, PAD + i * (tile_w + gap) + tile_w, y + 96) for i in range(4)
    )
    y = tiles[0][3] + 20
    chip, chip_gap = 48, 10
    x = PAD + 132
    chips = tuple(
        (x + i * (chip + chip_gap), y, x + i * (chip + chip_gap) + chip, y + chip) for i in range(5)
    )
    streak = (chips[-1][2] + 24, y, WIDTH - PAD, y + chip)
    footer = (0, y + chip + 18, WIDTH, y + chip + 18 + END_H)
    return ProfileLayout(WIDTH, footer[3], band, tiles, chips, streak, footer)  # type: ignore[arg-type]


def _streak_text(streak: tuple[str, int] | None) -> str:
    if not streak or streak[1] <= 0:
        return "no streak"
    kind, n = streak
    one, many = RESULT_WORDS[kind]
    return f"1 {one}" if n == 1 else f"{n} {many} in a row"


def profile_image(card: ProfileCard) -> Image.Image:
    g = profile_layout()
    c = Canvas((g.width, g.height), TITLE_BG)
    x0, y0, x1, y1 = g.band
    c.rect(g.band, TITLE_BG)
    c.rect((x0, y1 - 4, x1, y1), HEAD_BG)  # a strip of pitch green under the band
    rating = str(card.rating)
    right = x1 - PAD - 4
    c.text((right, y0 + 52), rating, 64, C.TEXT, TITLE_BG, anchor="rm")
    rating_w = round(_length(rating, 64, True))
    if card.provisional:
        c.text(
            (right - rating_w - 6, y0 + 30),
            "provisional",
            16,
            GOLD,
            TITLE_BG,
            bold=False,
            anchor="rm",
        )
    if card.rank is None:
        rank = "not ranked yet"
    else:
        rank = f"rank {card.rank}" + (f" of {card.members}" if card.members else "")
    c.text((right, y0 + 100), rank, 20, C.MUTED, TITLE_BG, bold=False, anchor="rm")
    left_w = right - rating_w - 24 - PAD
    c.text((PAD + 4, y0 + 46), _fit(card.name, 34, True, left_w), 34, C.TEXT, TITLE_BG)
    games = card.won + card.drawn + card.lost
    sub = f"{card.game} · {games} rated match{'es' if games != 1 else ''}"
    c.text((PAD + 4, y0 + 96), _fit(sub, 20, False, left_w), 20, C.MUTED, TITLE_BG, bold=False)
    tiles: list[tuple[str, str, RGB]] = [
        ("Won", str(card.won), WIN),
        ("Drawn", str(card.drawn), DRAW),
        ("Lost", str(card.lost), LOSS),
        ("Goals", f"{card.goals_for}:{card.goals_against}", C.TEXT),
    ]
    for box, (label, value, accent) in zip(g.tiles, tiles, strict=True):
        tx0, ty0, tx1, ty1 = box
        c.rect(box, ROW_B)
        c.rect((tx0, ty0, tx1, ty0 + 5), accent)
        c.text((tx0 + 12, ty0 + 26), label, 18, C.MUTED, ROW_B, bold=False)
        if label == "Goals":
            diff = _signed(card.goals_for - card.goals_against)
            c.text((tx1 - 12, ty0 + 26), diff, 18, C.MUTED, ROW_B, bold=False, anchor="rm")
        size = _fitted_size(value, 40, True, tx1 - tx0 - 24)
        c.text((tx0 + 12, ty0 + 66), value, size, C.TEXT, ROW_B)
    chips_mid = (g.chips[0][1] + g.chips[0][3]) / 2
    c.text((PAD + 4, chips_mid), "Last five", 20, C.MUTED, TITLE_BG, bold=False)
    results = card.last_five
    for i, box in enumerate(g.chips):
        if i < len(results):
            r = results[i]
            c.rounded(box, 10, RESULT_COLOURS[r], TITLE_BG)
            mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            c.text(mid, r, 24, RESULT_INK[r], RESULT_COLOURS[r], anchor="mm")
        else:
            c.rounded(box, 10, C.PANEL_LINE, TITLE_BG)
            inner = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
            c.rounded(inner, 8, TITLE_BG, C.PANEL_LINE)
    sx0, sy0, sx1, sy1 = g.streak
    streak = _streak_text(card.streak)
    ink = RESULT_COLOURS[card.streak[0]] if card.streak and card.streak[1] > 0 else C.MUTED
    c.text((sx0, (sy0 + sy1) / 2 - 12), "Streak", 16, C.MUTED, TITLE_BG, bold=False)
    c.text(
        (sx0, (sy0 + sy1) / 2 + 12), _fit(streak, 22, True, sx1 - sx0), 22, _brighter(ink), TITLE_BG
    )
    return c.image()


def _brighter(colour: RGB) -> RGB:
    """A result colour lifted for text on the dark panel."""
    return (
        min(255, colour[0] + 50),
        min(255, colour[1] + 50),
        min(255, colour[2] + 50),
    )


def profile_png(card: ProfileCard) -> bytes:
    """``profile_image`` as PNG bytes."""
    return to_png(profile_image(card))
