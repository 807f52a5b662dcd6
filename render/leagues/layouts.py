"""Where everything sits on the table and the leaderboard (the tests sample pixels here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from render.leagues.style import (
    EMPTY_H,
    END_H,
    FOOT_H,
    HEAD_H,
    PAD,
    ROW_H,
    SEP_H,
    TITLE_H,
    TOP,
    WIDTH,
)
from render.sketch import Box


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
