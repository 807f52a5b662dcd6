"""The Sports Dice Soccer board image shows what the view says: the ball's section, the dice as
pictograms, the Power Chip, the score, the offense and the red-card penalty. Checked by sampling
pixels at the renderer's own geometry (no golden images)."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import iter_match
from render import colours as C
from render.dicesoccer.board import DEFAULT_KITS, render, render_png
from render.dicesoccer.geometry import CROSSED, GOLD, GREEN_DARK, GREEN_LIGHT, geometry
from render.dicesoccer.replay import HOLD_MS, MAX_GIF_BYTES, replay_gif
from render.dicesoccer.view import ball_section, dice_rows, last_text
from render.palette import pixel
from tests.render.fuba.test_board import read_number

G = geometry(960, 3)
SIDES = ("white", "black")


def match_views(seed: int, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [DICESOCCER.view(s, None) for s, _, _ in iter_match(seed, options=options)]


@pytest.fixture(scope="module")
def base() -> dict[str, Any]:
    """A view mid-match: both teams to roll for a play, nothing resolved yet."""
    for v in match_views(1):
        if v["step"]["k"] == "roll" and v["roll"].get("for") == "play" and v["last"] is None:
            return v
    raise AssertionError("no play roll in the match")


def with_(view: dict[str, Any], **changes: Any) -> dict[str, Any]:
    v = copy.deepcopy(view)
    v.update(changes)
    return v


def place(view: dict[str, Any], section: int, sections: int = 3) -> dict[str, Any]:
    """The view with the ball in ``section`` (1 = next to White's goal)."""
    half, depth = (
        ("white", sections + 1 - section) if section <= sections else ("black", section - sections)
    )
    offense = "black" if half == "white" else "white"
    options = dict(view["options"], sections=sections)
    zone = {"half": half, "depth": depth, "of": sections}
    return with_(view, ball=section, ball_zone=zone, options=options, offense=offense,
                 defense=SIDES[1 - SIDES.index(offense)])  # fmt: skip


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 30) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def count(im: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    """How many pixels of ``box`` are (nearly) ``colour``."""
    crop = im.crop(box).convert("RGB")
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, colour)).convert("L")
    return diff.point(lambda v: 255 if v < 12 else 0).histogram()[255]


def crop(im: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    return im.crop(box).convert("RGB").tobytes()


# -- image basics -----------------------------------------------------------------------------


def test_png_is_the_palette_image_and_stays_small(base: dict[str, Any]) -> None:
    im = render(base)
    assert im.mode == "P" and im.size == (960, G.height)
    png = render_png(base)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.size == im.size
    assert decoded.tobytes() == im.tobytes()
    assert len(png) <= 120_000
    small = render(base, width=640)
    assert small.size == (640, geometry(640, 3).height)


def test_initial_view_renders_the_toss() -> None:
    view = DICESOCCER.view(DICESOCCER.initial(), None)
    title, rows, _ = dice_rows(view)
    assert "TOSS" in title and rows[0][0][1] == "blank" and rows[0][1][1] == "none"
    im = render(view)
    assert close(pixel(im, G.ball_centre(0)), C.OUTLINE, 60)  # the ball on the centre spot


# -- the ball's section -----------------------------------------------------------------------


@pytest.mark.parametrize("sections", [1, 3, 4, 6])
def test_ball_index_and_zone_agree_with_the_engine(sections: int) -> None:
    state = DICESOCCER.initial({"sections": sections})
    for ball in range(1, 2 * sections + 1):
        state.ball = ball
        assert ball_section(DICESOCCER.view(state, None)) == ball


@pytest.mark.parametrize(
    ("sections", "section"),
    [(3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6), (2, 1), (2, 4), (5, 6), (6, 12)],
)
def test_ball_is_drawn_in_its_section(base: dict[str, Any], sections: int, section: int) -> None:
    view = place(base, section, sections)
    g = geometry(960, sections)
    im = render(view)
    for i in range(1, 2 * sections + 1):
        got = pixel(im, g.ball_centre(i))
        if i == section:
            assert close(got, C.OUTLINE, 60), (i, got)  # the pentagon at the ball's centre
        else:
            assert got == (GREEN_LIGHT if i % 2 else GREEN_DARK), (i, got)
    # the white of the ball, just off its centre between two seams
    x, y = g.ball_centre(section)
    assert close(pixel(im, (x, y + round(g.ball_radius * 0.45))), C.DIE, 60)


@pytest.mark.parametrize("section", [2, 5])
def test_attack_arrow_points_at_the_goal_the_offense_attacks(
    base: dict[str, Any], section: int
) -> None:
    view = place(base, section)
    offense = SIDES.index(view["offense"])
    im = render(view)
    x, _ = G.ball_centre(section)
    goal = G.goal_x(1 - offense)
    mid = ((x + goal) // 2, G.arrow_y)
    assert pixel(im, mid) == DEFAULT_KITS[offense].colour
    behind = (x - (goal - x) // 3, G.arrow_y)  # the other way: no arrow
    assert not close(pixel(im, behind), DEFAULT_KITS[offense].colour, 10)
    none = render(with_(view, offense=None, defense=None))
    assert pixel(none, mid) in (GREEN_LIGHT, GREEN_DARK)
    assert crop(im, G.attack(offense)) != crop(none, G.attack(offense))
    assert crop(im, G.attack(1 - offense)) == crop(none, G.attack(1 - offense))


# -- dice -------------------------------------------------------------------------------------


def test_each_symbol_has_its_own_pictogram(base: dict[str, Any]) -> None:
    symbols = ["ball", "kick", "penalty", "red_card", "ball", "kick"]
    view = with_(base, dice_symbols={"white": symbols, "black": None})
    view["roll"] = dict(view["roll"], dice=[[1, 4, 5, 6, 1, 4], None])
    im = render(view)
    faces = [crop(im, G.die(0, i)) for i in range(6)]
    assert len(set(faces[:4])) == 4  # four symbols, four pictures
    assert faces[0] == faces[4] and faces[1] == faces[5]  # same symbol, same picture
    centre = [((b[0] + b[2]) // 2, (b[1] + b[3]) // 2) for b in (G.die(0, i) for i in range(6))]
    assert pixel(im, centre[3]) == C.CARD_RED  # the red card
    assert count(im, G.die(0, 0), C.CARD_RED) == 0  # no red on a ball
    # black has not rolled: six outlines, nothing filled
    blank = G.die(1, 0)
    assert pixel(im, (blank[0] + 12, blank[1] + 12)) == C.PANEL


def test_symbol_dice_look_different_for_the_other_team(base: dict[str, Any]) -> None:
    symbols = ["ball", "kick", "penalty", "red_card", "ball", "ball"]
    view = with_(base, dice_symbols={"white": symbols, "black": symbols})
    im = render(view)
    for i in range(6):
        a, b = G.die(0, i), G.die(1, i)
        inside = (a[0] + 10, a[1] + 10)
        assert pixel(im, inside) == DEFAULT_KITS[0].colour
        assert pixel(im, (b[0] + 10, b[1] + 10)) == DEFAULT_KITS[1].colour


def test_dice_counting_for_the_play_are_ringed(base: dict[str, Any]) -> None:
    symbols = ["ball", "kick", "kick", "kick", "ball", "red_card"]
    view = with_(base, dice_symbols={"white": symbols, "black": None})
    im = render(view)
    ringed = [count(im, G.die(0, i), C.ARROW) > 0 for i in range(6)]
    ring = [(b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3) for b in (G.die(0, i) for i in range(6))]
    ringed = [count(im, r, C.ARROW) > 100 for r in ring]
    assert ringed == [False, True, True, True, False, False]
    assert dice_rows(view)[2][0] == "3 kicks"


def test_dice_not_rolled_for_a_red_card_are_crossed(base: dict[str, Any]) -> None:
    view = with_(base, dice_fewer={"white": 2, "black": 0})
    view["roll"] = dict(view["roll"], n=[4, 6], dice=None)
    im = render(view)
    for i in range(6):
        b = G.die(0, i)
        corner = (b[0] + 12, b[1] + 12)
        assert pixel(im, corner) == (CROSSED if i >= 4 else C.PANEL), i
        assert pixel(im, (G.die(1, i)[0] + 12, G.die(1, i)[1] + 12)) == C.PANEL
    # crossed dice show a red X through their centre
    b = G.die(0, 5)
    assert pixel(im, ((b[0] + b[2]) // 2, (b[1] + b[3]) // 2)) == C.CARD_RED


def test_penalty_marker_only_when_a_team_rolls_fewer_dice(base: dict[str, Any]) -> None:
    plain = render(base)
    assert count(plain, G.penalty(0), C.CARD_RED) == 0
    assert count(plain, G.penalty(1), C.CARD_RED) == 0
    for team, side in enumerate(SIDES):
        fewer = {"white": 0, "black": 0, side: 1}
        im = render(with_(base, dice_fewer=fewer))
        assert count(im, G.penalty(team), C.CARD_RED) > 100
        assert count(im, G.penalty(1 - team), C.CARD_RED) == 0
    # a free kick's defense rolls one die fewer too, but that is no red card
    view = place(base, 5)  # white on offense
    view["roll"] = dict(view["roll"], **{"for": "free_kick", "n": [6, 5]})
    im = render(view)
    assert crop(im, G.penalty(1)) != crop(plain, G.penalty(1))
    assert count(im, G.penalty(1), C.CARD_RED) == 0
    assert pixel(im, (G.die(1, 5)[0] + 12, G.die(1, 5)[1] + 12)) == CROSSED


# -- header: chip and score -------------------------------------------------------------------


def test_chip_marker_follows_the_holder(base: dict[str, Any]) -> None:
    for team, side in enumerate(SIDES):
        im = render(with_(base, chip_holder=side))
        assert count(im, G.chip_coin(team), GOLD) > 200
        assert count(im, G.chip(1 - team), GOLD) == 0
    im = render(with_(base, chip_holder=None))
    assert count(im, G.chip(0), GOLD) == 0 and count(im, G.chip(1), GOLD) == 0


def test_score_digits_change_in_place(base: dict[str, Any]) -> None:
    images = {score: render(with_(base, score=list(score))) for score in [(0, 0), (2, 0), (2, 1)]}
    for score, im in images.items():
        assert read_number(im, G.score_box(0), C.TEXT, candidates=10) == str(score[0])
        assert read_number(im, G.score_box(1), C.TEXT, candidates=10) == str(score[1])
    a, b, c = images.values()
    assert crop(a, G.score_box(0)) != crop(b, G.score_box(0))
    assert crop(a, G.score_box(1)) == crop(b, G.score_box(1))
    assert crop(b, G.score_box(1)) != crop(c, G.score_box(1))


# -- captions ---------------------------------------------------------------------------------


def test_last_play_and_caption_lines(base: dict[str, Any]) -> None:
    last = {
        "for": "play",
        "counts": [4, 3],
        "plays": [["ball"], ["kick"]],
        "winner": 0,
        "by": "count",
        "rerolled_by": -1,
        "symbol": "ball",
        "kind": "advance",
        "ball_from": 4,
        "ball_to": 5,
        "dice": [[1, 1, 1, 1, 4, 6], [4, 4, 4, 1, 5, 6]],
        "symbols": [
            ["ball", "ball", "ball", "ball", "kick", "red_card"],
            ["kick", "kick", "kick", "ball", "penalty", "red_card"],
        ],
    }
    text = last_text(with_(base, last=last), ("Ann", "Bob"))
    assert text == "Last roll: Ann 4 balls v Bob 3 kicks · Ann advances 4 → 5"
    shot = dict(last, **{"for": "shot", "counts": [1, 2], "winner": 1, "scored": True})
    assert last_text(with_(base, last=shot), ("Ann", "Bob")).endswith("GOAL for Bob!")
    plain = render(base)
    im = render(with_(base, last=last), caption="GOAL! Ann scores")
    assert crop(plain, G.last) != crop(im, G.last)
    assert count(im, G.caption, DEFAULT_KITS[0].colour) > 500  # a banner in Ann's colour


# -- whole matches ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"advanced": True}),
        (3, {"sections": 1}),
        (4, {"sections": 6, "target_score": 2}),
    ],
)
def test_every_step_of_a_coach_match_renders(seed: int, options: dict[str, Any]) -> None:
    views = match_views(seed, options)
    g = geometry(960, options.get("sections", 3))
    sizes = []
    for view in views:
        png = render_png(view, ("Home", "Away"), caption="caption")
        im = Image.open(io.BytesIO(png))
        assert im.size == (960, g.height)
        sizes.append(len(png))
    assert max(sizes) <= 120_000
    assert views[-1]["over"]


def test_replay_gif_of_a_match() -> None:
    views = match_views(5)
    gif = replay_gif([(v, None, HOLD_MS["turn"]) for v in views], ("Home", "Away"))
    assert len(gif) <= MAX_GIF_BYTES
    im = Image.open(io.BytesIO(gif))
    assert im.format == "GIF" and im.n_frames == len(views)
    with pytest.raises(ValueError):
        replay_gif([])
