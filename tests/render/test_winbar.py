"""The win-probability bar on every game's board: drawn only when the view carries the
spectators' estimate, under the header, in the team colours with the draw in grey and in the
proportions of the whole percents written above it, legible on a phone; without an estimate the
board is exactly what it was."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from engine.dicesoccer import DICESOCCER
from engine.fuba import FUBA
from engine.simplesoccer import SIMPLESOCCER
from render import colours as C
from render.dicesoccer import board as dice_board
from render.dicesoccer.view import sections_of
from render.fuba import board as fuba_board
from render.fuba.board import Caption
from render.kits import RGB, Kit
from render.palette import pixel
from render.simplesoccer import board as simple_board
from render.simplesoccer.geometry import shape_of
from render.socceristic import board as socceristic_board
from render.winbar import DRAW, WinBar, chances_of, labels, spans
from tests.render.fuba.test_strip import advanced_view
from tests.render.socceristic.views import hand_view
from tests.render.test_legible import MIN_CAP, cap_at_phone_width


@dataclass(frozen=True)
class Game:
    view: Callable[[], dict[str, Any]]
    render: Callable[[dict[str, Any]], Image.Image]
    png: Callable[[dict[str, Any]], bytes]
    texts: Callable[[dict[str, Any]], list[Any]]
    bar: Callable[[dict[str, Any]], WinBar]
    kits: tuple[Kit, Kit]


def _fuba_mid() -> dict[str, Any]:
    view = FUBA.view(FUBA.initial(), None)
    view["score"], view["minute"] = [1, 0], 30
    return view


GAMES: dict[str, Game] = {
    "fuba": Game(
        _fuba_mid,
        lambda v: fuba_board.render(v, caption=Caption("GOAL! West 1-0", team=0)),
        lambda v: fuba_board.render_png(v, caption=Caption("GOAL! West 1-0", team=0)),
        lambda v: fuba_board.texts(v, caption=Caption("GOAL! West 1-0", team=0)),
        lambda v: fuba_board.board().winbar,
        fuba_board.DEFAULT_KITS,
    ),
    "fuba advanced": Game(
        advanced_view,
        lambda v: fuba_board.render(v),
        lambda v: fuba_board.render_png(v),
        lambda v: fuba_board.texts(v),
        lambda v: fuba_board.board().winbar,
        fuba_board.DEFAULT_KITS,
    ),
    "dicesoccer": Game(
        lambda: DICESOCCER.view(DICESOCCER.initial(), None),
        lambda v: dice_board.render(v, caption="White rolls"),
        lambda v: dice_board.render_png(v, caption="White rolls"),
        lambda v: dice_board.texts(v, caption="White rolls"),
        lambda v: dice_board.board(sections=sections_of(v)).winbar,
        dice_board.DEFAULT_KITS,
    ),
    "simplesoccer": Game(
        lambda: SIMPLESOCCER.view(SIMPLESOCCER.initial(), None),
        lambda v: simple_board.render(v, caption="West kicks off"),
        lambda v: simple_board.render_png(v, caption="West kicks off"),
        lambda v: simple_board.texts(v, caption="West kicks off"),
        lambda v: simple_board.board(shape=shape_of(v)).winbar,
        simple_board.DEFAULT_KITS,
    ),
    "socceristic": Game(
        lambda: hand_view(),
        lambda v: socceristic_board.render(v, caption="Home rolls 4"),
        lambda v: socceristic_board.render_png(v, caption="Home rolls 4"),
        lambda v: socceristic_board.texts(v, caption="Home rolls 4"),
        lambda v: socceristic_board.board(options=v["options"]).winbar,
        socceristic_board.DEFAULT_KITS,
    ),
}


def with_chances(view: dict[str, Any], chances: Any) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["chances"] = chances
    return out


def bar_colours(im: Image.Image, bar: WinBar) -> list[RGB]:
    """The colours along the middle row of the bar, left to right."""
    x0, y0, x1, y1 = bar.band.bar
    y = bar.top + (y0 + y1) // 2
    return [pixel(im, (x, y)) for x in range(x0, x1)]


@pytest.mark.parametrize("game", list(GAMES))
def test_without_chances_the_board_is_exactly_what_it_was(game: str) -> None:
    g = GAMES[game]
    view = g.view()
    plain = g.png(view)
    assert "chances" not in view
    for nothing in (None, [], [0.5, 0.5], "0.5", [0.5, 0.5, float("nan")], [True, False, False]):
        assert g.png(with_chances(view, nothing)) == plain, nothing
    assert g.texts(with_chances(view, None)) == g.texts(view)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bar_is_let_in_under_the_header_and_nothing_else_changes(game: str) -> None:
    g = GAMES[game]
    view = g.view()
    plain = g.render(view)
    shown = g.render(with_chances(view, [0.5, 0.3, 0.2]))
    bar = g.bar(view)
    w, h = plain.size
    assert shown.size == (w, h + bar.height)
    above = (0, 0, w, bar.top)
    assert shown.crop(above).tobytes() == plain.crop(above).tobytes()
    below = shown.crop((0, bar.top + bar.height, w, h + bar.height))
    assert below.tobytes() == plain.crop((0, bar.top, w, h)).tobytes()
    # the header's last rows and the band are both the panel: the bar sits in the header
    assert pixel(plain, (w // 2, bar.top - 1)) == C.PANEL
    assert pixel(shown, (2, bar.top + 1)) == C.PANEL
    # the PNG the bot posts is that image
    png = Image.open(io.BytesIO(g.png(with_chances(view, [0.5, 0.3, 0.2]))))
    assert png.size == shown.size
    assert png.convert("RGB").tobytes() == shown.convert("RGB").tobytes()


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(
    ("chances", "percents"),
    [
        ([0.6, 0.15, 0.25], (60, 15, 25)),
        ([0.334, 0.333, 0.333], (34, 33, 33)),
        ([0.02, 0.9, 0.08], (2, 90, 8)),
        ([0.0, 0.0, 1.0], (0, 0, 100)),
    ],
)
def test_the_bar_shows_each_share_in_its_colour_and_proportion(
    game: str, chances: list[float], percents: tuple[int, int, int]
) -> None:
    g = GAMES[game]
    view = with_chances(g.view(), chances)
    bar = g.bar(view)
    colours = bar_colours(g.render(view), bar)
    expected = [g.kits[0].colour, DRAW, g.kits[1].colour]
    # left to right: the first side's colour, the draw's grey, the second side's colour
    runs: list[RGB] = []
    for c in colours:
        if not runs or runs[-1] != c:
            runs.append(c)
    assert runs == [c for c, p in zip(expected, percents, strict=True) if p]
    for colour, p in zip(expected, percents, strict=True):
        share = 100 * colours.count(colour) / len(colours)
        assert abs(share - p) < 0.5, (colour, share, p)
    words = [t.text for t in g.texts(view) if t.what == "chances"]
    assert words == list(labels(percents))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_percents_are_legible_on_a_phone_and_the_texts_under_them_moved_down(
    game: str,
) -> None:
    g = GAMES[game]
    view = g.view()
    shown = with_chances(view, [0.5, 0.3, 0.2])
    width = g.render(view).width
    texts = g.texts(shown)
    percents = [t for t in texts if t.what == "chances"]
    assert [t.text for t in percents] == ["50%", "draw 30%", "20%"]
    for t in percents:
        assert cap_at_phone_width(t.font, width) >= MIN_CAP, t
        assert t.font.getlength(t.text) <= t.box[2] - t.box[0]
    bar = g.bar(view)
    others = [t for t in texts if t.what != "chances"]
    for t, was in zip(others, g.texts(view), strict=True):
        old = was.box
        moved = bar.height if old[1] >= bar.top else 0
        assert (t.what, t.text) == (was.what, was.text)
        assert t.box == (old[0], old[1] + moved, old[2], old[3] + moved), t


def test_the_percents_are_written_in_the_band_where_the_texts_say() -> None:
    """The percents' letters are drawn in their boxes: text pixels there, bare panel between."""
    view = with_chances(_fuba_mid(), [0.71, 0.2, 0.09])
    im = fuba_board.render(view).convert("RGB")
    for t in (t for t in fuba_board.texts(view) if t.what == "chances"):
        inked = [
            im.getpixel((x, y))
            for x in range(t.box[0], t.box[2])
            for y in range(t.box[1], t.box[3])
        ]
        assert C.TEXT in inked, t.text


def test_chances_are_read_as_whole_percents_summing_to_100() -> None:
    assert chances_of({"chances": [0.334, 0.333, 0.333]}) == (34, 33, 33)
    assert chances_of({"chances": (1.0, 0.0, 0.0)}) == (100, 0, 0)
    assert chances_of({"chances": [0.998, 0.002, 0.0]}) == (99, 1, 0)  # not yet certain
    assert chances_of({}) is None
    assert chances_of({"chances": [0.7, 0.7, 0.7]}) is None
    assert chances_of({"chances": [-0.1, 0.6, 0.5]}) is None
    assert labels((100, 0, 0)) == ("100%", "draw 0%", "0%")
    assert spans((100, 0, 0), (10, 110)) == ((10, 110), (110, 110), (110, 110))
