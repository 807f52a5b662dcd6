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

The parts: ``style`` (sizes and colours), ``data`` (the data shown), ``canvas`` (drawing into a
palette image), ``layouts`` (where everything sits), this module (the table and the leaderboard)
and ``profile`` (the profile card).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render import colours as C
from render.kits import RGB
from render.leagues.canvas import Canvas, fitted, fitted_size, text_length, to_png
from render.leagues.data import LeaderLine, TableLine, signed
from render.leagues.layouts import (
    LEADER_HEADINGS,
    TABLE_HEADINGS,
    Layout,
    leaderboard_layout,
    table_layout,
)
from render.leagues.style import (
    EMPTY_TEXT,
    HEAD_BG,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MEDALS,
    PAD,
    ROW_A,
    ROW_B,
    STRIPE,
    TITLE_BG,
    TOP,
)
from render.sketch import Box


def _title(c: Canvas, g: Layout, title: str) -> None:
    c.rect(g.title, TITLE_BG)
    x0, y0, x1, y1 = g.title
    size = 30
    c.text(
        (PAD + 4, (y0 + y1) / 2),
        fitted(title, size, True, x1 - x0 - 2 * PAD - 8),
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
        fitted(hint, 20, False, x1 - x0 - 2 * PAD),
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
    size = fitted_size(text, size, bold, room)
    if text_length(text, size, bold) > room:
        text = fitted(text, size, bold, room)
    c.text((x1 - 8, (y0 + y1) / 2), text, size, ink, bg, bold=bold, anchor="rm")


def _name(c: Canvas, cell: Box, name: str, note: str, bg: RGB, ink: RGB) -> None:
    """The name left-aligned in ``cell`` (shortened with an ellipsis), the note in small print at
    the cell's right end."""
    x0, y0, x1, y1 = cell
    mid = (y0 + y1) / 2
    right = x1 - 8
    if note:
        note = fitted(note, 16, False, (x1 - x0) // 2)
        c.text((right, mid + 1), note, 16, C.MUTED, bg, bold=False, anchor="rm")
        right -= round(text_length(note, 16, False)) + 10
    c.text((x0 + 8, mid), fitted(name, 24, True, right - x0 - 8), 24, ink, bg)


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
        fitted(text, 17, False, x1 - x0 - 2 * PAD),
        17,
        C.MUTED,
        TITLE_BG,
        bold=False,
    )


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
            ("goal_difference", signed(r.goal_difference)),
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
            mark = rating[2] - 8 - round(text_length("?", 24, True))
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
