"""The board image shows what the view says: pieces, keepers, ball, score, clock, cards, the last
pass and whose turn it is. Checked by sampling pixels at the renderer's own slot geometry (no
golden images)."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.fuba import FUBA
from engine.fuba.board import ALL_AREAS, AREAS, CORNER_SPOTS
from render import colours as C
from render.fonts import font
from render.fuba.background import track_cells
from render.fuba.board import DEFAULT_KITS, Caption, pixel, render, render_png
from render.fuba.geometry import (
    ball_pixel,
    layout,
    piece_slot,
    ring_pixel,
    team_pixel,
)
from render.fuba.pieces import token_text
from render.kits import choose_kits
from tests.engine.scenario import EAST, WEST, position

G = layout(1280)
KITS = DEFAULT_KITS


def view_of(west: dict[int, int], east: dict[int, int], **kw: Any) -> dict[str, Any]:
    return FUBA.view(position(west, east, **kw), None)


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def read_number(
    im: Image.Image,
    box: tuple[int, int, int, int],
    ink: tuple[int, int, int],
    candidates: int = 16,
) -> str:
    """The number written in ``ink`` inside ``box``: the candidate 0 to ``candidates`` - 1 whose
    glyphs, scaled to the same size, match the ink best."""
    crop = im.crop(box).convert("RGB")
    ink_only = Image.new("RGB", crop.size, ink)
    mask = ImageChops.difference(crop, ink_only).convert("L").point(lambda v: 255 if v < 40 else 0)
    mask = mask.convert("1")
    bbox = mask.getbbox()
    assert bbox, f"no ink in {box}"
    drawn = mask.crop(bbox)
    best, best_score = "", -1.0
    for n in range(candidates):
        glyph = font(120).getmask(str(n), mode="L")
        img = Image.frombytes("L", glyph.size, bytes(glyph)).point(lambda v: 255 if v > 128 else 0)
        img = img.crop(img.getbbox()).resize(drawn.size, Image.Resampling.NEAREST).convert("1")
        same = ImageChops.logical_xor(img, drawn).histogram()[0] / (drawn.width * drawn.height)
        if same > best_score:
            best, best_score = str(n), same
    return best


# -- image basics ------------------------------------------------------------------------------


def test_image_is_a_palette_png_of_the_layout_size() -> None:
    view = view_of({7: 3}, {7: 2})
    im = render(view)
    assert im.mode == "P" and im.size == (1280, G.height)
    png = render_png(view)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == im.size
    assert decoded.tobytes() == im.tobytes()
    assert len(png) <= 300_000
    wide = render(view, width=1600)
    assert wide.size == (1600, layout(1600).height) and wide.height > im.height


def test_render_only_reads_the_view() -> None:
    view = view_of({5: 2, 7: 3}, {9: 2, 7: 3}, ball=9)
    view["last_pass"] = [7, 9]
    before = copy.deepcopy(view)
    first = render_png(view)
    assert view == before
    assert render_png(json.loads(json.dumps(view))) == first


def test_hidden_formations_and_a_fresh_match_render() -> None:
    state = FUBA.initial()
    view = FUBA.view(state, "west")
    assert view["formations"] == [None, None]
    assert render(view).size == (1280, G.height)


# -- pieces -----------------------------------------------------------------------------------


def _check_pieces(view: dict[str, Any]) -> None:
    im = render(view)
    for area in ALL_AREAS:
        for team in (0, 1):
            colour = KITS[team].colour
            players = view["outfield"][team][area] > 0
            got = pixel(im, team_pixel(area, team))
            assert (got == colour) == players, (area, team, got)
            keeper = view["keeper"][team] == area
            got = pixel(im, team_pixel(area, team, keeper=True))
            assert (got == colour) == keeper, ("keeper", area, team, got)


def test_every_area_shows_each_teams_players_in_the_team_colour() -> None:
    odd = {a: 1 for a in AREAS if a % 2}
    even = {a: 2 for a in AREAS if a % 2 == 0}
    _check_pieces(view_of(odd, even))
    _check_pieces(view_of(even, odd, control=EAST))
    _check_pieces(view_of(dict.fromkeys(AREAS, 1), dict.fromkeys(AREAS, 1)))


def test_goalkeepers_are_drawn_where_they_stand() -> None:
    _check_pieces(view_of({2: 2, 7: 3}, {12: 1, 9: 2}))
    _check_pieces(view_of({7: 3}, {9: 2}, west_keeper=5, east_keeper=8))
    _check_pieces(view_of({1: 1}, {13: 1}, west_keeper=4, east_keeper=4))


def test_the_goalkeeper_is_a_square_players_are_round() -> None:
    im = render(view_of({2: 1}, {9: 1}))
    for team, area in ((0, 2), (1, 12)):
        x, y = piece_slot(area, team, keeper=True)
        corner = (x - 18, y - 18)  # outside a disc as wide as the square
        assert pixel(im, corner) == KITS[team].colour
    x, y = piece_slot(2, 0)
    r = G.token // 2
    assert pixel(im, (x - r + 5, y - r + 5)) != KITS[0].colour


def test_more_than_six_in_an_area_is_a_wide_token() -> None:
    assert [token_text(3, False), token_text(6, False), token_text(5, True)] == ["3", "6", "5"]
    assert [token_text(7, False), token_text(8, False), token_text(6, True)] == [
        "6+1",
        "6+2",
        "5+1",
    ]
    im = render(view_of({7: 8, 2: 6, 9: 3}, {7: 2}))
    for area, wide in ((7, True), (2, True), (9, False)):
        x, y = piece_slot(area, 0)
        beyond_a_disc = (x + round(G.pill * 0.42), y)
        assert (pixel(im, beyond_a_disc) == KITS[0].colour) == wide, area


def test_other_kits_colour_the_pieces() -> None:
    kits = choose_kits("white", "black")
    im = render(view_of({7: 2}, {7: 3}), kits=kits)
    assert pixel(im, team_pixel(7, 0)) == kits[0].colour
    assert pixel(im, team_pixel(7, 1)) == kits[1].colour


# -- the ball ------------------------------------------------------------------------------------


@pytest.mark.parametrize("control", [WEST, EAST])
def test_the_ball_die_stands_in_its_area_framed_in_the_controlling_colour(control: str) -> None:
    team = ("west", "east").index(control)
    base = view_of({7: 2}, {7: 2}, control=control)
    for ball in ALL_AREAS:
        view = dict(base, ball=ball)
        im = render(view)
        for area in ALL_AREAS:
            assert (pixel(im, ball_pixel(area)) == C.DIE) == (area == ball), (ball, area)
        assert pixel(im, ring_pixel(ball)) == KITS[team].colour


def test_no_frame_before_anyone_has_the_ball() -> None:
    view = view_of({7: 2}, {7: 2})
    view["control"] = -1
    im = render(view)
    assert pixel(im, ball_pixel(7)) == C.DIE
    assert pixel(im, ring_pixel(7)) not in (KITS[0].colour, KITS[1].colour)


def test_corner_spots_show_their_piece_ball_and_number() -> None:
    view = view_of({11: 2}, {12: 3})
    empty = render(view)
    view["outfield"][0][16] = 1
    view["ball"] = 16
    im = render(view)
    assert pixel(im, team_pixel(16, 0)) == KITS[0].colour
    assert pixel(im, ball_pixel(16)) == C.DIE
    for spot in CORNER_SPOTS:
        x, y = G.slot(spot, "number")
        label = [(x + dx, y + dy) for dx in range(-12, 13) for dy in range(-6, 7)]
        shown = any(pixel(im, p) == C.CHALK for p in label)
        assert shown == (spot == 16), spot
        assert not any(pixel(empty, p) == C.CHALK for p in label)


def test_the_last_pass_is_an_arrow_from_its_start() -> None:
    view = view_of({9: 2}, {12: 2}, ball=12)
    start = G.slot(9, "ball")
    assert pixel(render(view), start) == C.AREA[9]
    view["last_pass"] = [9, 12]
    assert close(pixel(render(view), start), C.ARROW)
    view["last_pass"] = [12, 12]  # kept in the area: no arrow
    assert pixel(render(view), start) == C.AREA[9]


def test_a_goal_caption_flies_the_shot_into_the_goal() -> None:
    view = view_of({9: 2}, {12: 2})
    caption = Caption("GOAL! West 1-0 East", team=0, shot=9)
    im = render(view, caption=caption)
    assert close(pixel(im, G.slot(9, "ball")), C.ARROW)
    x, y = G.ui["caption"][0] + 4, (G.ui["caption"][1] + G.ui["caption"][3]) // 2
    assert pixel(im, (x + 10, y)) == KITS[0].colour  # the banner in the scorer's colour


# -- header and footer --------------------------------------------------------------------------


@pytest.mark.parametrize("score", [(0, 0), (2, 1), (1, 3), (10, 7)])
def test_the_score_reads_right(score: tuple[int, int]) -> None:
    view = view_of({7: 2}, {7: 2})
    view["score"] = list(score)
    im = render(view)
    assert read_number(im, G.ui["score_west"], C.TEXT) == str(score[0])
    assert read_number(im, G.ui["score_east"], C.TEXT) == str(score[1])


def test_team_names_are_in_their_kit_badges() -> None:
    im = render(view_of({7: 2}, {7: 2}), names=("Ajax", "Celtic"))
    for team, side in enumerate(("west", "east")):
        x0, y0, _, _ = G.ui[f"badge_{side}"]
        assert pixel(im, (x0 + 12, y0 + 12)) == KITS[team].colour


@pytest.mark.parametrize(
    ("half", "minute", "stoppage", "done", "extra"),
    [(1, 0, 0, 0, 0), (1, 30, 0, 30, 0), (1, 45, 2, 45, 2), (2, 63, 0, 18, 0), (2, 90, 5, 45, 5)],
)
def test_the_clock_track_fills_minutes_and_stoppage_squares(
    half: int, minute: int, stoppage: int, done: int, extra: int
) -> None:
    view = view_of({7: 2}, {7: 2}, half=half, minute=minute, stoppage=stoppage)
    im = render(view)
    cells = track_cells(G)
    for i, (x0, y0, x1, y1) in enumerate(cells):
        got = pixel(im, ((x0 + x1) // 2, (y0 + y1) // 2))
        if i < 45:
            assert got == (C.TRACK_DONE if i < done else C.TRACK), (i, got)
        else:
            assert got == (C.STOPPAGE if i - 45 < extra else C.TRACK), (i, got)


def test_cards_light_up_when_given() -> None:
    view = view_of({7: 2}, {7: 2})
    view["yellows"], view["reds"] = [2, 0], [0, 1]
    im = render(view)

    def lit(name: str) -> tuple[int, int, int]:
        x0, y0, _, _ = G.ui[name]
        return pixel(im, (x0 + 3, y0 + 4))

    assert lit("yellow_west") == C.CARD_YELLOW and lit("yellow_east") != C.CARD_YELLOW
    assert lit("red_east") == C.CARD_RED and lit("red_west") != C.CARD_RED


def test_whose_decision_is_pending_and_who_has_the_ball() -> None:
    chip = G.ui["pending_chip"]
    centre = ((chip[0] + chip[2]) // 2, (chip[1] + chip[3]) // 2)
    for control, team in ((WEST, 0), (EAST, 1)):
        im = render(view_of({7: 2}, {7: 2}, control=control))
        assert pixel(im, centre) == KITS[team].colour
        for side, t in (("west", 0), ("east", 1)):
            box = G.ui[f"possession_{side}"]
            mid = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
            assert (pixel(im, mid) == C.DIE) == (t == team)
    over = view_of({7: 2}, {7: 2})
    over["over"], over["pending"] = True, []
    assert pixel(render(over), centre) == C.PANEL
    both = FUBA.view(FUBA.initial(), None)  # both teams choose a formation
    assert len(both["pending"]) == 2
    assert pixel(render(both), centre) == C.PANEL


def test_renders_from_a_thread_pool_match_serial_renders() -> None:
    from concurrent.futures import ThreadPoolExecutor

    kits = choose_kits("black", "yellow")  # a board no other test warmed up
    views = [view_of({a: 2}, {b: 1}, ball=a) for a, b in ((4, 8), (5, 9), (7, 7), (2, 12))]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: render_png(v, kits=kits), views * 3))
    serial = [render_png(v, kits=kits) for v in views * 3]
    assert parallel == serial
    for png, view in zip(serial, views * 3, strict=True):
        im = Image.open(io.BytesIO(png))
        assert pixel(im, ball_pixel(view["ball"])) == C.DIE
