"""Simple Soccer board image speed and size: the board at every picture of coach matches (each
kick-off, turn, shot, shootout kick and the end, with its caption), rendered and encoded.

    python -m bench render_simplesoccer [--runs 400] [--width 960] [--profile]
    python -m bench render --game simplesoccer [...]   (the same)

Prints ``key: value unit`` lines. CPU time of this process (one core), medians over the boards
of several matches on the standard board, caches warm (a running bot renders many boards per
board setup), ``render_new_text_median_ms``: boards whose caption was never drawn before
(every turn's board in a match), and ``render_other_sizes_median_ms``: the small and large
boards. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

from bench._timing import median_ms, print_board_figures, print_profile, print_replay_figures
from engine.simplesoccer.coach import iter_match
from referee.simplesoccer.frames import HOLD_MS, Frame, frames
from render.simplesoccer.board import DEFAULT_KITS, Board, board, render, render_png
from render.simplesoccer.geometry import DEFAULT_WIDTH, shape_of
from render.simplesoccer.replay import replay_gif

SEEDS = (1, 2, 3)
NAMES = ("West", "East")
# the standard board with each length of match, a shootout among them
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"length": "score", "target": 2},
    {"length": "timed", "half_time": True},
    {"turns": 4},
)
OTHER_SIZES: tuple[dict[str, Any], ...] = ({"size": "small"}, {"size": "large"})
Shot = tuple[dict[str, Any], str]


def _frames(seed: int, options: dict[str, Any]) -> list[Frame]:
    return frames((state, events) for state, _, events in iter_match(seed, options=options))


def _shots(options: tuple[dict[str, Any], ...]) -> list[Shot]:
    return [(f.view, f.caption or "") for seed in SEEDS for o in options for f in _frames(seed, o)]


def _new_texts(shots: list[Shot], n: int) -> list[Shot]:
    """``n`` boards from ``shots`` whose caption was never drawn: in a match every turn's
    board says something new."""
    return [
        (copy.deepcopy(shots[i % len(shots)][0]), f"West's 7 runs to f6 and kicks to h8 ({i})")
        for i in range(n)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench render_simplesoccer", description=__doc__
    )
    parser.add_argument("--runs", type=int, default=400, help="timed renders per figure")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="image width in pixels")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile table")
    args, _ = parser.parse_known_args()
    width = args.width

    shots = _shots(OPTIONS)
    shape = shape_of(shots[0][0])
    start = time.process_time()
    Board(DEFAULT_KITS, width, shape)
    setup_ms = 1000 * (time.process_time() - start)

    def png(s: Shot) -> bytes:
        return render_png(s[0], NAMES, s[1], width)

    def image(s: Shot) -> Any:
        return render(s[0], NAMES, s[1], width)

    pngs = [png(s) for s in shots]  # warm every cache
    images = [image(s) for s in shots]
    encoder = board(DEFAULT_KITS, width, shape).encoder
    print_board_figures(
        args.runs, shots, png, image, pngs, images, encoder.encode, images, setup_ms
    )
    print(f"boards_rendered: {len(shots)}")
    print(f"shootout_boards: {sum(1 for v, _ in shots if v.get('shootout') is not None)}")
    fresh = _new_texts(shots, args.runs)
    print(f"render_new_text_median_ms: {median_ms(args.runs, fresh, png):.2f} ms")
    others = _shots(OTHER_SIZES)
    for s in others:
        png(s)
    print(f"render_other_sizes_median_ms: {median_ms(args.runs, others, png):.2f} ms")

    match = _frames(7, {})
    print_replay_figures(
        lambda: replay_gif(
            [(f.view, f.caption or "", HOLD_MS[f.kind]) for f in match], NAMES, width=width
        ),
        match,
    )

    if args.profile:
        print_profile(png, shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
