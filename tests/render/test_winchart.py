"""The full-time chart of the win probability: drawn from a real FUBA replay with the
spectators' estimate after every step, its bands in the team colours and the draw's grey, goals
on the scorer's side at the step they were scored, cards, ticks and names legible on a phone,
a small PNG, the same bytes for the same match."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

from engine.fuba import FUBA
from engine.fuba.coach import iter_match
from engine.fuba.winprob import chances
from render import colours as C
from render.fuba.board import DEFAULT_KITS as FUBA_KITS
from render.kits import RGB
from render.winchart import (
    DRAW,
    GOAL_R,
    HEIGHT,
    WIDTH,
    ChartLayout,
    Mark,
    chart_png,
    texts,
)
from tests.render.test_legible import MIN_CAP, cap_at_phone_width

NAMES = ("West", "East")


@cache
def replay(seed: int) -> tuple[list[list[float]], list[Mark], list[tuple[int, str]], list[int]]:
    """A coach match: the estimate after every step, its goals (by the score), half time and
    the final score."""
    points: list[list[float]] = []
    marks: list[Mark] = []
    ticks: list[tuple[int, str]] = []
    before: dict[str, Any] | None = None
    for i, (state, _, _) in enumerate(iter_match(seed)):
        view = FUBA.view(state, None)
        estimate = chances(view)
        assert estimate is not None
        points.append(estimate.to_json())
        if before is not None:
            marks += [Mark(i, t, "goal") for t in (0, 1) if view["score"][t] > before["score"][t]]
            if view["half"] == 2 and before["half"] == 1:
                ticks.append((i, "HT"))
        before = view
    assert before is not None
    return points, marks, ticks, before["score"]


def image(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    assert im.format == "PNG"
    return im.convert("RGB")


def column(im: Image.Image, g: ChartLayout, x: int) -> list[RGB]:
    """The plot's colours down column ``x``."""
    return [im.getpixel((x, y)) for y in range(g.plot[1], g.plot[3])]  # type: ignore[misc]


def test_the_chart_of_a_replay_marks_each_goal_at_its_step_on_the_scorers_side() -> None:
    points, marks, ticks, score = replay(3)
    assert len(marks) == sum(score) >= 2 and len(points) > 300 and ticks
    png = chart_png(points, marks, NAMES, "fuba", ticks)
    assert len(png) < 1_000_000
    im = image(png)
    assert im.size == (WIDTH, HEIGHT)
    g = ChartLayout(len(points))
    for m in marks:
        x, y = g.goal_pixel(m)
        assert im.getpixel((x, y)) == FUBA_KITS[m.side].colour, m
        # nothing in the other side's row at that step
        assert im.getpixel((x, g.lane(1 - m.side))) == C.PANEL, m
        # the ball on the disc
        ball = im.getpixel((x, g.lane(m.side) - 4))
        assert ball != FUBA_KITS[m.side].colour, m
    # away from every goal, no mark in either row
    quiet = [i for i in range(len(points)) if all(abs(g.x_of(i) - g.x_of(m.at)) > 2 * GOAL_R
                                                  for m in marks)]  # fmt: skip
    for i in quiet[:: max(1, len(quiet) // 20)]:
        for side in (0, 1):
            assert im.getpixel((round(g.x_of(i)), g.lane(side))) == C.PANEL


def test_the_bands_follow_the_chances_and_the_end_is_the_result() -> None:
    points, marks, ticks, score = replay(3)
    im = image(chart_png(points, marks, NAMES, "fuba", ticks))
    g = ChartLayout(len(points))
    kits = [k.colour for k in FUBA_KITS]
    # the final step is certain: the last column is all the winner's colour, or the draw's
    last = column(im, g, g.plot[2] - 1)
    winner = kits[0] if score[0] > score[1] else kits[1] if score[1] > score[0] else DRAW
    assert last.count(winner) > 0.9 * len(last)  # the 50% line's dashes cross it
    # at the kick-off the bands are, from the top, the first side's, the draw's, the second's,
    # each as thick as its chance
    first = column(im, g, g.plot[0] + 1)
    height = len(first)
    for colour, share in zip((kits[0], DRAW, kits[1]), points[0], strict=True):
        assert abs(first.count(colour) - share * height) <= 5, (colour, share)  # edges, dashes
    assert first[0] == kits[0] and first[-1] == kits[1]


def test_the_same_match_gives_the_same_bytes() -> None:
    points, marks, ticks, _ = replay(3)
    assert chart_png(points, marks, NAMES, "fuba", ticks) == chart_png(
        [list(p) for p in points], list(marks), list(NAMES), "fuba", tuple(ticks)
    )


def test_a_chart_without_marks_has_empty_rows() -> None:
    points, _, _, _ = replay(3)
    im = image(chart_png(points, [], NAMES, "fuba"))
    g = ChartLayout(len(points))
    for side in (0, 1):
        row = [im.getpixel((x, g.lane(side))) for x in range(g.plot[0], g.plot[2])]
        assert set(row) == {C.PANEL}


def test_a_chart_of_one_point_fills_the_plot_with_it() -> None:
    point = [0.2, 0.5, 0.3]
    im = image(chart_png([point], [Mark(0, 1, "goal")], NAMES, "simplesoccer"))
    g = ChartLayout(1)
    blue, orange = (k.colour for k in FUBA_KITS)  # Simple Soccer plays in the same colours
    for x in (g.plot[0] + 5, (g.plot[0] + g.plot[2]) // 2 + 30, g.plot[2] - 2):  # off the goal
        assert im.getpixel((x, round(g.y_of(0.1)))) == blue
        assert im.getpixel((x, round(g.y_of(0.45)))) == DRAW
        assert im.getpixel((x, round(g.y_of(0.9)))) == orange
    assert im.getpixel(g.goal_pixel(Mark(0, 1, "goal"))) == orange


def test_cards_are_marked_in_their_colour_on_their_side() -> None:
    points = [[0.4, 0.3, 0.3]] * 200
    marks = [Mark(40, 0, "yellow"), Mark(120, 1, "red"), Mark(160, 1, "yellow")]
    im = image(chart_png(points, marks, ("White", "Black"), "dicesoccer"))
    g = ChartLayout(len(points))
    for m, colour in zip(marks, (C.CARD_YELLOW, C.CARD_RED, C.CARD_YELLOW), strict=True):
        assert im.getpixel((round(g.x_of(m.at)), g.lane(m.side))) == colour, m
        assert im.getpixel((round(g.x_of(m.at)), g.lane(1 - m.side))) == C.PANEL, m


def test_a_long_match_is_a_small_png() -> None:
    n = 1500
    points = [[0.5 + 0.4 * ((i // 40) % 2) * (1 - i / n), 0.1, 0.0] for i in range(n)]
    points = [[p[0], 1 - p[0] - p[2], p[2]] for p in points]
    marks = [Mark(i, i % 2, "goal") for i in range(100, n, 200)]
    png = chart_png(points, marks, NAMES, "socceristic", ((750, "HT"), (n - 1, "FT")))
    assert len(png) < 200_000
    assert image(png).size == (WIDTH, HEIGHT)


def test_texts_are_legible_on_a_phone_and_long_names_are_cut_short() -> None:
    long = "The Extraordinarily Long Named Football Club of Somewhere"
    for t in texts((long, "East"), ((240, "HT"),)):
        assert cap_at_phone_width(t.font, WIDTH) >= MIN_CAP, t
    png = chart_png([[0.5, 0.2, 0.3]] * 10, [], (long, "East"), "fuba")
    assert image(png).size == (WIDTH, HEIGHT)


def test_a_chart_needs_a_point_and_a_known_game() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        chart_png([], [], NAMES, "fuba")
    with pytest.raises(ValueError, match="no board"):
        chart_png([[1.0, 0.0, 0.0]], [], NAMES, "chess")
