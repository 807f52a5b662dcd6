"""The Simple Soccer board with the advanced rules: a member lying down is a flat greyed disc
with a "down" tag, skill points are small white dots in a corner of the member's square, a card
a small yellow or red card in the other. Checked by sampling pixels at the renderer's own
geometry, on a view of a coach match."""

from __future__ import annotations

import copy
import io
from typing import Any

from PIL import Image

from render import colours as C
from render.palette import pixel
from render.simplesoccer.board import DEFAULT_KITS, greyed, render, render_png
from render.simplesoccer.geometry import geometry, shape_of
from tests.render.test_simplesoccer_board import NAMES, mid_match


def sample(im: Image.Image, view: dict[str, Any], sq: Any, fx: float, fy: float) -> Any:
    """The colour at (fx, fy) of square ``sq``, in fractions of a square from its top left."""
    g = geometry(shape_of(view), im.width)
    x0, y0, _, _ = g.square((int(sq[0]), int(sq[1])))
    return pixel(im, (round(x0 + fx * g.cell), round(y0 + fy * g.cell)))


def fielder(view: dict[str, Any], team: int = 0) -> str:
    return next(label for label in view["members"][team] if label != "G")


def test_a_member_lying_down_is_flat_and_greyed() -> None:
    view = mid_match()
    label = fielder(view)
    sq = view["members"][0][label]["at"]
    down = copy.deepcopy(view)
    down["members"][0][label]["down"] = 3
    standing, lying = render(view, NAMES), render(down, NAMES)
    # the disc's lower part, in the team colour when standing, is grass or the tag now
    assert sample(standing, view, sq, 0.5, 0.86) == DEFAULT_KITS[0].colour
    assert sample(lying, view, sq, 0.5, 0.86) != DEFAULT_KITS[0].colour
    # the flat disc, faded: beside its label
    assert sample(lying, view, sq, 0.2, 0.44) == greyed(DEFAULT_KITS[0].colour)
    # the "down" tag under it: white letters on a dark tag
    g = geometry(shape_of(view), lying.width)
    x0, y0, x1, _ = g.square((int(sq[0]), int(sq[1])))
    row = round(y0 + 0.85 * g.cell)
    tag = {pixel(lying, (x, row)) for x in range(x0, x1)}
    assert {C.OUTLINE, C.DIE} <= tag
    assert C.DIE not in {pixel(standing, (x, row)) for x in range(x0, x1)}


def test_a_goalkeeper_down_keeps_its_yellow_rim() -> None:
    view = mid_match()
    sq = view["members"][1]["G"]["at"]
    down = copy.deepcopy(view)
    down["members"][1]["G"]["down"] = 2
    im = render(down, NAMES)
    g = geometry(shape_of(view), im.width)
    x0, y0, x1, _ = g.square((int(sq[0]), int(sq[1])))
    row = round(y0 + 0.44 * g.cell)
    colours = {pixel(im, (x, row)) for x in range(x0, x1)}
    assert greyed(DEFAULT_KITS[1].colour) in colours


def test_skill_points_and_a_card_show_in_the_corners() -> None:
    view = mid_match()
    label = fielder(view, 1)
    sq = view["members"][1][label]["at"]
    marked = copy.deepcopy(view)
    marked["members"][1][label].update(skill=3, card="red")
    plain, im = render(view, NAMES), render(marked, NAMES)
    g = geometry(shape_of(view), im.width)
    r = 0.08
    dots = [sample(im, view, sq, r + 0.02 + i * 2.2 * r, r + 0.02) for i in range(3)]
    assert dots == [C.DIE] * 3
    assert sample(plain, view, sq, r + 0.02, r + 0.02) != C.DIE
    assert sample(im, view, sq, 0.88, 0.16) == C.CARD_RED
    yellow = copy.deepcopy(view)
    yellow["members"][1][label].update(card="yellow", skill=1)
    im = render(yellow, NAMES)
    assert sample(im, view, sq, 0.88, 0.16) == C.CARD_YELLOW
    assert sample(im, view, sq, 0.1 + 2.2 * r, 0.1) != C.DIE  # one dot only
    assert g.cell > 20


def test_the_png_of_an_advanced_board_decodes() -> None:
    view = mid_match()
    label = fielder(view)
    view["members"][0][label].update(down=1, skill=2, card="yellow")
    png = render_png(view, NAMES, "West's number 7 goes down")
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.size == render(view, NAMES).size
