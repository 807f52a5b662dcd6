"""The layout: everything on the board has its own place, inside the image, at any width."""

from __future__ import annotations

import itertools

import pytest

from engine.fuba.board import AREAS, CORNER_SPOTS, STRIP
from render.fonts import font
from render.fuba.geometry import Layout, layout, piece_slot
from render.sketch import Box

WIDTHS = (640, 1280, 1600, 2048)
HEADER_PARTS = ("badge", "possession", "formation", "yellow", "red")


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and (inner[3] <= outer[3])
    )


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def square(centre: tuple[int, int], side: int) -> Box:
    x, y = centre
    return (x - side // 2, y - side // 2, x + side - side // 2, y + side - side // 2)


def area_parts(g: Layout, area: int) -> dict[str, Box]:
    number = font(g.px(56)).getbbox(str(area), anchor="mm")
    nx, ny = g.slot(area, "number")
    return {
        "number": (nx + number[0], ny + number[1], nx + number[2], ny + number[3]),
        "west": square(g.slot(area, "west"), g.token),
        "east": square(g.slot(area, "east"), g.token),
        "west_keeper": square(g.slot(area, "west_keeper"), g.keeper),
        "east_keeper": square(g.slot(area, "east_keeper"), g.keeper),
        "ball": square(g.slot(area, "ball"), g.die + 2 * g.ring),
    }


@pytest.mark.parametrize("width", WIDTHS)
def test_pieces_number_and_ball_of_an_area_never_overlap_and_stay_inside(width: int) -> None:
    g = layout(width)
    for area in AREAS:
        parts = area_parts(g, area)
        for name, box in parts.items():
            assert inside(box, g.areas[area]), (width, area, name)
        for (a, box_a), (b, box_b) in itertools.combinations(parts.items(), 2):
            assert not overlap(box_a, box_b), (width, area, a, b)
    for area in AREAS:
        x, y = piece_slot(area, 0, width=width)
        pill = (x - g.pill // 2, y - g.token // 2, x + g.pill // 2, y + g.token // 2)
        assert inside(pill, g.areas[area]), (width, area)  # "6+2" fits too


@pytest.mark.parametrize("width", WIDTHS)
def test_corner_spots_stack_in_the_margin_beside_their_corner(width: int) -> None:
    g = layout(width)
    for spot, corner in CORNER_SPOTS.items():
        for name in ("ball", "west", "east", "west_keeper", "east_keeper"):
            box = square(g.slot(spot, name), g.die + 2 * g.ring)
            assert inside(box, (0, g.pitch[1] - g.px(12), g.width, g.pitch[3] + g.px(12)))
            assert box[2] <= g.pitch[0] or box[0] >= g.pitch[2], (spot, name)  # off the pitch
            goal_top = g.to_pixel(0, 28.34)[1]
            goal_bottom = g.to_pixel(0, 35.66)[1]
            assert box[3] <= goal_top or box[1] >= goal_bottom, (spot, name)  # clear of the goal
        north = STRIP[corner] == "north"
        assert (g.slot(spot, "ball")[1] < g.slot(spot, "west")[1]) == north


@pytest.mark.parametrize("width", WIDTHS)
def test_header_and_footer_places_are_separate_and_inside(width: int) -> None:
    g = layout(width)
    header = [g.ui[f"{p}_{s}"] for p in HEADER_PARTS for s in ("west", "east")]
    header += [g.ui[n] for n in ("score_west", "score_dash", "score_east", "clock", "track")]
    footer = [g.ui[n] for n in ("caption", "pending", "legend")]
    for box in header:
        assert inside(box, g.header), box
    for box in footer:
        assert inside(box, g.footer), box
    for a, b in itertools.combinations(header + footer, 2):
        assert not overlap(a, b), (a, b)
    assert inside(g.ui["pending_chip"], g.ui["pending"])
    assert g.header[3] <= g.pitch[1] and g.pitch[3] <= g.footer[1] and g.footer[3] == g.height


def test_narrow_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="not legible"):
        layout(300)
