"""League table, leaderboard and profile images: checked by sampling pixels at the renderer's own
geometry (``table_layout``, ``leaderboard_layout``, ``profile_layout``), no golden images."""

from __future__ import annotations

import doctest
import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.leagues import Result, standings
from render import colours as C
from render.fonts import font
from render.kits import RGB
from render.leagues import canvas, data, layouts, style, tables
from render.leagues.data import LeaderLine, ProfileCard, TableLine, table_line
from render.leagues.layouts import leaderboard_layout, table_layout
from render.leagues.profile import profile_image, profile_layout, profile_png
from render.leagues.style import (
    BRONZE,
    DRAW,
    EMPTY_TEXT,
    GOLD,
    HEAD_BG,
    HIGHLIGHT,
    LOSS,
    ROW_A,
    ROW_B,
    SILVER,
    WIN,
)
from render.leagues.tables import leaderboard_image, leaderboard_png, table_image, table_png
from render.palette import pixel

Box = tuple[int, int, int, int]
NUMBER_COLUMNS = (
    "played",
    "won",
    "drawn",
    "lost",
    "goals_for",
    "goals_against",
    "goal_difference",
    "points",
)


def lines(n: int, **changes: object) -> list[TableLine]:
    out = [
        TableLine(
            i + 1, f"Player {i + 1}", 10, 10 - i % 7, i % 3, i % 5, 30 - i, 10 + i, 20 - i, 40 - i
        )
        for i in range(n)
    ]
    return [x._replace(**changes) for x in out]  # type: ignore[arg-type]


def leaders(n: int) -> list[LeaderLine]:
    return [LeaderLine(i + 1, f"Member {i + 1}", 1800 - 10 * i, 8, 1, i % 4) for i in range(n)]


def colours(im: Image.Image, box: Box) -> set[RGB]:
    """The distinct colours in ``box`` of ``im``."""
    region = im.crop(box).convert("RGB")
    return {c for _, c in region.getcolors(region.width * region.height) or []}


def blank(row: Box, g: layouts.Layout) -> tuple[int, int]:
    """A point of a row where nothing is drawn: the top edge at the name column's right end."""
    return (g.columns["name"][1] - 3, row[1] + 3)


def decoded(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


# -- the table -----------------------------------------------------------------------------------


def test_height_grows_with_rows_width_stays() -> None:
    heights = []
    for n in range(2, 21):
        im = decoded(table_png("League", lines(n)))
        g = table_layout(n)
        assert im.size == (g.width, g.height) == (style.WIDTH, g.height)
        assert len(g.rows) == n
        heights.append(im.height)
    assert all(b - a == style.ROW_H for a, b in zip(heights, heights[1:], strict=False))


def test_png_is_a_palette_image_of_the_same_pixels() -> None:
    im = table_image("League", lines(8), highlight=2)
    png = decoded(table_png("League", lines(8), highlight=2))
    assert png.mode == "P"
    assert len(png.getpalette() or []) // 3 == len(im.getpalette() or []) // 3 <= 256
    assert png.convert("RGB").tobytes() == im.convert("RGB").tobytes()


def test_header_zebra_and_highlight() -> None:
    g = table_layout(8)
    im = table_image("League", lines(8), highlight=3)
    assert g.header is not None
    assert pixel(im, (g.columns["name"][1] - 3, g.header[1] + 3)) == HEAD_BG
    at = [pixel(im, blank(row, g)) for row in g.rows]
    assert at[0] == ROW_A and at[1] == ROW_B and at[3] == ROW_B and at[4] == ROW_A
    assert at[2] == HIGHLIGHT  # position 3, between two ordinary rows
    assert HIGHLIGHT not in (ROW_A, ROW_B)
    plain = table_image("League", lines(8))
    assert pixel(plain, blank(g.rows[2], g)) == ROW_A


def test_highlight_follows_the_position_not_the_index() -> None:
    g = table_layout(5)
    im = table_image("League", lines(5), highlight=5)
    assert [pixel(im, blank(row, g)) for row in g.rows].count(HIGHLIGHT) == 1
    assert pixel(im, blank(g.rows[4], g)) == HIGHLIGHT
    assert HIGHLIGHT not in {pixel(table_image("League", lines(5), highlight=9), blank(r, g))
                             for r in g.rows}  # fmt: skip


def test_top_three_marked() -> None:
    g = table_layout(6)
    im = table_image("League", lines(6))
    stripes = [pixel(im, (2, (row[1] + row[3]) // 2)) for row in g.rows]
    assert stripes[:3] == [GOLD, SILVER, BRONZE]
    assert stripes[3:] == [ROW_B, ROW_A, ROW_B]


def test_long_names_stay_in_their_column() -> None:
    long = "Bartholomew Alexander Featherstonehaugh-W"  # 41 characters
    wide = "W" * 40
    g = table_layout(3, notes=True)
    rows = lines(3)
    rows[0] = rows[0]._replace(name=long)
    rows[1] = rows[1]._replace(name=wide, note="H2H goals")
    rows[2] = rows[2]._replace(name=wide)
    im = table_image("League", rows)
    for i, row in enumerate(g.rows):
        bg = ROW_A if i % 2 == 0 else ROW_B
        name = g.cell(row, "name")
        # the last 7 px of the name column and the first 8 of the next stay background
        assert colours(im, (name[2] - 7, row[1], name[2] + 8, row[3])) == {bg}
        assert C.TEXT in colours(im, (name[0], row[1], name[0] + 60, row[3]))  # a name is there
    # the note sits at the right end, the name stops before it
    note_row, name = g.rows[1], g.cell(g.rows[1], "name")
    note_w = round(font(16, False).getlength("H2H goals"))
    assert C.MUTED in colours(im, (name[2] - 8 - note_w, note_row[1], name[2] - 8, note_row[3]))
    gap = (name[2] - 8 - note_w - 9, note_row[1], name[2] - 8 - note_w - 1, note_row[3])
    assert colours(im, gap) == {ROW_B}


def test_big_numbers_stay_in_their_columns() -> None:
    big = TableLine(1, "Ada", 1999, 1234, 567, 198, 99999, 88888, -88888 + 99999, 123456)
    g = table_layout(2)
    im = table_image("League", [big, big._replace(position=2, goal_difference=-77777)])
    for i, row in enumerate(g.rows):
        bg = ROW_A if i % 2 == 0 else ROW_B
        for column in NUMBER_COLUMNS:
            x0, _, x1, _ = g.cell(row, column)
            assert colours(im, (x0, row[1], x0 + 3, row[3])) == {bg}, column
            assert colours(im, (x1 - 5, row[1], x1, row[3])) == {bg}, column
            assert len(colours(im, (x0, row[1], x1, row[3]))) > 1, column  # the number is drawn


def test_notes_add_a_footer() -> None:
    plain, noted = table_layout(4), table_layout(4, notes=True)
    assert plain.footer is None and noted.footer is not None
    assert noted.height == plain.height - style.END_H + style.FOOT_H
    rows = lines(4)
    rows[1] = rows[1]._replace(note="GD")
    assert decoded(table_png("League", rows)).height == noted.height


def test_table_line_from_referee_row() -> None:
    rows = standings([1, 2, 3], [Result(1, 2, 2, 0), Result(2, 3, 1, 1), Result(3, 1, 0, 0)])
    got = [table_line(r, f"P{r.player}") for r in rows]
    assert [(x.position, x.name, x.points, x.goal_difference) for x in got] == [
        (1, "P1", 4, 2),
        (2, "P3", 2, 0),
        (3, "P2", 1, -2),
    ]
    assert [x.note for x in got] == ["", "", ""]  # points decide: no note
    level = standings([1, 2], [Result(1, 2, 1, 1)])
    assert table_line(level[0], "A").note == "joined first"
    assert table_line(level[1], "B").note == ""


def test_goals_for_and_against_are_drawn_in_their_own_columns() -> None:
    """GF shows the goals scored and GA the goals conceded: each cell is drawn exactly like a
    cell of another column holding the same number (same row, same font, right-aligned)."""
    # Player 1: P 2, W 1, D 1, L 0, GF 2, GA 1 (GF = P, GA = W; GF != GA).
    rows = standings([1, 2], [Result(1, 2, 2, 1), Result(2, 1, 0, 0)])
    line = table_line(rows[0], "Ada")
    assert (line.played, line.won, line.goals_for, line.goals_against) == (2, 1, 2, 1)
    g = table_layout(2)
    im = table_image("League", [table_line(r, f"P{r.player}") for r in rows]).convert("RGB")
    row = g.rows[0]

    def ink(column: str) -> bytes:
        """The right end of a cell, where its right-aligned number is drawn."""
        x1 = g.cell(row, column)[2]
        return im.crop((x1 - 36, row[1], x1, row[3])).tobytes()

    assert ink("goals_for") == ink("played") != ink("won")
    assert ink("goals_against") == ink("won") != ink("played")
    # and the headings above them say GF and GA, drawn as the renderer draws a heading
    assert g.header is not None
    for column, heading in (("goals_for", "GF"), ("goals_against", "GA")):
        x0, _, x1, _ = g.cell(g.header, column)
        ref = canvas.Canvas((g.width, g.height), HEAD_BG)
        ref.text(
            (x1 - 8, (g.header[1] + g.header[3]) / 2), heading, 20, C.CHALK, HEAD_BG, anchor="rm"
        )
        box = (x0, g.header[1], x1, g.header[3])
        drawn = im.crop(box).tobytes()
        assert drawn == ref.image().convert("RGB").crop(box).tobytes(), heading


@pytest.mark.parametrize("render", [table_image, leaderboard_image])
def test_no_rows_says_no_results_yet(render: object) -> None:
    im = render("Spring League", [])  # type: ignore[operator]
    g = table_layout(0)
    assert im.size == (g.width, g.height) and g.empty is not None and g.header is None
    assert HEAD_BG not in colours(im, (0, 0, im.width, im.height))  # no column headings
    x0, y0, x1, y1 = g.empty
    # the big text's ink: exactly as wide as "No results yet" at 34 px, centred, in white
    big = im.crop((x0, y0 + 30, x1, y0 + 90)).convert("RGB")
    box = ImageChops.difference(big, Image.new("RGB", big.size, ROW_A)).getbbox()
    assert box is not None
    ref = Image.new("L", (400, 60), 0)
    ImageDraw.Draw(ref).text((10, 10), EMPTY_TEXT, font=font(34), fill=255)
    inked = ref.getbbox()
    assert inked is not None and abs((box[2] - box[0]) - (inked[2] - inked[0])) <= 2
    assert abs((box[0] + box[2]) / 2 - (x1 - x0) / 2) <= 2
    assert C.TEXT in colours(im, (x0, y0 + 30, x1, y0 + 90))
    assert C.MUTED in colours(im, (x0, y0 + 90, x1, y1))  # and a line saying what comes
    assert decoded(table_png("Spring League", [])).size == im.size


def test_deterministic_bytes() -> None:
    rows = lines(12)
    rows[3] = rows[3]._replace(note="H2H", name="Zoë Ñandú-Østergaard with a long tail")
    first = table_png("League", rows, highlight=4)
    board = leaderboard_png("Board", leaders(12), caller=LeaderLine(40, "Me", 1400, 1, 2, 3, True))
    card = ProfileCard("Ada", "FUBA", 1612, 3, 14, 4, 6, 41, 27, ("W", "L", "D"), ("D", 1))
    profile = profile_png(card)
    table_png("Other", lines(3), highlight=1)  # other images in between fill the caches
    assert table_png("League", rows, highlight=4) == first
    canvas._inked.cache_clear()
    canvas._text_mask.cache_clear()
    canvas._rounded_mask.cache_clear()
    assert table_png("League", rows, highlight=4) == first
    assert (
        leaderboard_png("Board", leaders(12), caller=LeaderLine(40, "Me", 1400, 1, 2, 3, True))
        == board
    )
    assert profile_png(card) == profile


# -- the leaderboard -----------------------------------------------------------------------------


def test_top_ten_only() -> None:
    im = leaderboard_image("Board", leaders(25))
    g = leaderboard_layout(25)
    assert len(g.rows) == 10 and g.caller is None and g.separator is None
    assert im.size == (g.width, g.height)


def test_caller_outside_top_ten_gets_their_own_line() -> None:
    me = LeaderLine(37, "Me", 1402, 3, 1, 5)
    im = leaderboard_image("Board", leaders(40), caller=me)
    g = leaderboard_layout(40, caller=True)
    assert g.caller is not None and g.separator is not None
    assert im.size == (g.width, g.height)
    assert g.height == leaderboard_layout(40).height + style.SEP_H + style.ROW_H
    assert pixel(im, blank(g.caller, g)) == HIGHLIGHT
    assert HIGHLIGHT not in {pixel(im, blank(row, g)) for row in g.rows}
    rank = g.cell(g.caller, "rank")
    assert C.MUTED in colours(im, rank)  # "37"


def test_caller_inside_top_ten_is_highlighted_in_place() -> None:
    me = leaders(40)[3]
    im = leaderboard_image("Board", leaders(40), caller=me)
    g = leaderboard_layout(40)
    assert im.size == (g.width, g.height)  # no separator, no extra line
    assert [pixel(im, blank(row, g)) for row in g.rows].count(HIGHLIGHT) == 1
    assert pixel(im, blank(g.rows[3], g)) == HIGHLIGHT


def test_caller_below_a_short_board() -> None:
    me = LeaderLine(7, "Me", 1402, 0, 0, 1)
    im = leaderboard_image("Board", leaders(5), caller=me)
    g = leaderboard_layout(5, caller=True)
    assert im.size == (g.width, g.height) and g.caller is not None
    assert pixel(im, blank(g.caller, g)) == HIGHLIGHT


def test_leaderboard_numbers_and_names_stay_in_columns() -> None:
    rows = [
        LeaderLine(1, "W" * 40, 123456, 999, 999, 999, True),
        LeaderLine(2, "A name that is far too long for any column", 1500, 12345, 0, 1),
    ]
    g = leaderboard_layout(2, provisional=True)
    im = leaderboard_image("Board", rows)
    assert im.size == (g.width, g.height) and g.footer is not None
    for i, row in enumerate(g.rows):
        bg = ROW_A if i % 2 == 0 else ROW_B
        name = g.cell(row, "name")
        assert colours(im, (name[2] - 7, row[1], name[2] + 8, row[3])) == {bg}
        for column in ("rating", "record", "games"):
            x0, _, x1, _ = g.cell(row, column)
            assert colours(im, (x0, row[1], x0 + 3, row[3])) == {bg}, column


# -- the profile card ----------------------------------------------------------------------------


def card(**changes: object) -> ProfileCard:
    base = {
        "name": "Ada Lovelace",
        "game": "FUBA",
        "rating": 1612,
        "rank": 3,
        "won": 14,
        "drawn": 4,
        "lost": 6,
        "goals_for": 41,
        "goals_against": 27,
        "last_five": ("W", "D", "L", "W"),
        "streak": ("W", 1),
        "members": 42,
    }
    base.update(changes)
    return ProfileCard(**base)  # type: ignore[arg-type]


def chip_colour(im: Image.Image, box: Box) -> RGB:
    """A chip's fill: left of its centred letter, clear of its rounded corners."""
    return pixel(im, (box[0] + 6, (box[1] + box[3]) // 2))


def test_last_five_chips_in_result_colours() -> None:
    g = profile_layout()
    im = profile_image(card())
    assert im.size == (g.width, g.height)
    got = [chip_colour(im, box) for box in g.chips]
    assert got[:4] == [WIN, DRAW, LOSS, WIN]
    assert got[4] == style.TITLE_BG  # an empty slot: an outline only
    assert pixel(im, (g.chips[4][0] + 1, (g.chips[4][1] + g.chips[4][3]) // 2)) == C.PANEL_LINE
    assert len({WIN, DRAW, LOSS}) == 3
    # the letter is drawn in the chip
    assert (255, 255, 255) in colours(im, g.chips[0])


def test_profile_other_cards() -> None:
    g = profile_layout()
    fresh = profile_image(card(rank=None, won=0, drawn=0, lost=0, last_five=(), streak=None))
    assert [chip_colour(fresh, box) for box in g.chips] == [style.TITLE_BG] * 5
    full = profile_image(card(last_five=("L",) * 5, streak=("L", 7), provisional=True))
    assert [chip_colour(full, box) for box in g.chips] == [LOSS] * 5
    long = profile_image(card(name="X" * 40, rating=123456))
    assert long.size == (g.width, g.height)


def test_profile_tiles_accents() -> None:
    g = profile_layout()
    im = profile_image(card())
    accents = [pixel(im, ((b[0] + b[2]) // 2, b[1] + 2)) for b in g.tiles]
    assert accents == [WIN, DRAW, LOSS, C.TEXT]
    assert pixel(im, ((g.tiles[0][0] + g.tiles[0][2]) // 2, g.tiles[0][3] - 3)) == ROW_B


@pytest.mark.parametrize(
    "changes",
    [{"last_five": ("W", "X")}, {"last_five": ("W",) * 6}, {"streak": ("Z", 2)}],
)
def test_profile_refuses_bad_results(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        card(**changes)


@pytest.mark.parametrize(("module", "examples"), [(data, 3), (tables, 3)])
def test_docstring_examples(module: object, examples: int) -> None:
    failures, tried = doctest.testmod(module)
    assert tried >= examples and failures == 0
