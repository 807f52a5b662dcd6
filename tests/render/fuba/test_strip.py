"""The advanced rules' strip under the FUBA board: condition points per zone, tiredness,
substitutions left, injuries and the weather, legible on a phone; a basic board has none."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.fuba import FUBA, advanced
from render.fuba import board as fuba_board
from render.fuba.geometry import layout
from tests.render.test_legible import MIN_CAP, cap_at_phone_width


def advanced_view(**changes: Any) -> dict[str, Any]:
    view = FUBA.view(FUBA.initial({"advanced": list(advanced.ALL)}), None)
    view.update(
        condition=[[4, 4, 2], [3, 5, 2]],
        subs=[1, 0],
        injured=[[3], []],
        keeper_hurt=[False, True],
        tired=[False, True],
        weather="extreme_heat",
    )
    view.update(changes)
    return view


def strip_texts(view: dict[str, Any], width: int = 1280) -> list[str]:
    return [t.text for t in fuba_board.texts(view, width=width) if t.what == "advanced"]


def test_a_basic_board_has_no_strip_and_keeps_its_size() -> None:
    view = FUBA.view(FUBA.initial(), None)
    assert strip_texts(view) == []
    assert fuba_board.render(view).size == (1280, layout(1280).height)


def test_the_strip_shows_each_teams_figures_and_the_weather() -> None:
    texts = strip_texts(advanced_view())
    assert "Def 4 · Mid 4 · Att 2" in texts and "Def 3 · Mid 5 · Att 2" in texts
    assert "2 subs left · 1 injured" in texts
    assert "tired · 3 subs left" in texts and "keeper injured" in texts
    assert "Extreme heat" in texts


def test_only_the_rules_in_force_are_shown() -> None:
    view = advanced_view(options={"advanced": ["weather", "var"]})
    assert strip_texts(view) == ["weather", "Extreme heat"]
    view = advanced_view(options={"advanced": ["substitutions"]})
    assert strip_texts(view) == ["2 subs left", "3 subs left"]


def test_the_strip_is_legible_at_phone_width() -> None:
    for width in (1280, 800):
        for t in fuba_board.texts(advanced_view(), width=width):
            if t.what == "advanced":
                cap = cap_at_phone_width(t.font, width)
                assert cap >= MIN_CAP, f"{t.text!r} is {cap:.1f} px tall on a phone"
                assert t.font.getlength(t.text) <= t.box[2] - t.box[0], t.text


def test_the_figures_change_the_image_and_the_png_has_the_strip() -> None:
    g = layout(1280)
    before = fuba_board.render(advanced_view())
    after = fuba_board.render(advanced_view(condition=[[1, 4, 2], [3, 5, 2]]))
    assert before.size == after.size and before.height > g.height
    strip = (0, g.height, 1280, before.height)
    assert before.crop(strip).tobytes() != after.crop(strip).tobytes()
    board_part = (0, 0, 1280, g.height)
    assert before.crop(board_part).tobytes() == after.crop(board_part).tobytes()
    png = fuba_board.render_png(advanced_view())
    assert Image.open(io.BytesIO(png)).size == before.size
