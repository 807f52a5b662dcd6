"""Boards look the same however their sprites were drawn: a board whose caption and pending line
were never drawn before (the usual case in a match) matches the reference images pixel for pixel,
up to invisible differences at anti-aliased edges.

The references in ``golden/`` were drawn by the renderer before its sprite caches learnt to reuse
shapes under new texts (its palettes have changed a little since: a few anti-aliased pixels are a
few levels off). ``python -m tests.render.test_same_look`` redraws them, only for a board that is
meant to look different."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import iter_match
from engine.fuba import FUBA
from render.dicesoccer import board as dice_board
from render.fuba import board as fuba_board
from render.fuba.board import Caption
from render.kits import choose_kits
from tests.engine.scenario import EAST, position

GOLDEN = Path(__file__).resolve().parent / "golden"
LONG = "West 3 to 2: a long pass over the wing, the ball reaches the box and East must defend it"
MEAN_DIFF = 0.005  # mean absolute difference per pixel and channel, out of 255
MAX_DIFF = 8  # no pixel's channel further off than this (out of 255): invisible


def _fuba_view(**changes: Any) -> dict[str, Any]:
    view = FUBA.view(
        position({5: 3, 7: 2, 8: 1}, {7: 3, 9: 2}, control=EAST, formations=("4-5-1", "3-4-3")),
        None,
    )
    view["yellows"], view["reds"], view["score"] = [1, 0], [0, 1], [2, 1]
    view["value"], view["minute"], view["half"], view["stoppage"] = 6, 88, 2, 3
    view.update(changes)
    return view


def _prompted(view: dict[str, Any], prompt: str) -> dict[str, Any]:
    view = copy.deepcopy(view)
    for p in view["pending"]:
        p["prompt"] = prompt
    return view


def _dice_view() -> dict[str, Any]:
    views = [DICESOCCER.view(s, None) for s, _, _ in iter_match(3)]
    return next(v for v in views if v.get("last") and v.get("pending") and sum(v["score"]) > 0)


# name -> (draw the board with some texts, a prompt or caption never drawn before)
BOARDS: dict[str, Callable[[str], Image.Image]] = {
    "fuba_goal": lambda new: fuba_board.render(
        _prompted(_fuba_view(), f"choose a target area{new}"),
        names=("Alice's XI", "Bob"),
        caption=Caption(f"GOAL! Alice's XI 2-1{new}", team=0, shot=8),
    ),
    "fuba_long_caption": lambda new: fuba_board.render(
        _prompted(_fuba_view(control=0), f"choose where to pass the ball{new}"),
        kits=choose_kits("vermillion", "sky"),
        caption=Caption(LONG + new),
    ),
    "fuba_over": lambda new: fuba_board.render(
        _fuba_view(over=True, pending=[]),
        caption=Caption(f"Full time: West 2-1 East{new}"),
    ),
    "dice_mid": lambda new: dice_board.render(
        _dice_view(), caption=f"Black rolls for the play: ball, ball, kick, penalty{new}"
    ),
    "dice_goal": lambda new: dice_board.render(_dice_view(), caption=f"GOAL! White scores{new}"),
}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """(the mean absolute difference per pixel and channel, the largest) of two images."""
    assert a.size == b.size
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3, max(high for _, high in diff.getextrema())


def same_look(a: Image.Image, b: Image.Image) -> bool:
    mean, largest = difference(a, b)
    return mean <= MEAN_DIFF and largest <= MAX_DIFF


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_board_with_new_texts_looks_like_the_reference(name: str) -> None:
    draw = BOARDS[name]
    draw(" (earlier)")  # the same shapes under other texts: a match's later boards reuse them
    got = draw("")
    want = Image.open(GOLDEN / f"{name}.png")
    assert same_look(got, want), difference(got, want)


@pytest.mark.parametrize("name", ["fuba_goal", "dice_mid"])
def test_the_comparison_sees_one_more_letter(name: str) -> None:
    assert not same_look(BOARDS[name]("!"), Image.open(GOLDEN / f"{name}.png"))


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, draw in BOARDS.items():
        draw("").save(GOLDEN / f"{name}.png", optimize=True)
        print("wrote", GOLDEN / f"{name}.png")
