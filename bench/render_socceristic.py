"""Socceristic board image speed and size: the board at every picture of coach matches (each
kick-off, move, card, goal and the end, with its caption), rendered and encoded.

    python -m bench render_socceristic [--runs 400] [--width 960] [--profile]
    python -m bench render --game socceristic [...]   (the same)

Prints ``key: value unit`` lines. CPU time of this process (one core), medians over the boards
of several matches on the sample pitch, caches warm (a running bot renders many boards per
pitch), ``render_new_text_median_ms``: boards whose caption was never drawn before (every
move's board in a match), and ``render_minutes_median_ms``: matches played by the clock.
Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

from bench._timing import median_ms, print_board_figures, print_profile, print_replay_figures
from referee.frames import Frame
from referee.socceristic.demo import iter_match
from referee.socceristic.frames import HOLD_MS, frames
from render.socceristic.board import DEFAULT_KITS, board, render, render_png
from render.socceristic.geometry import DEFAULT_WIDTH
from render.socceristic.replay import replay_gif

SEEDS = (1, 2, 3)
NAMES = ("Home", "Away")
OPTIONS: tuple[dict[str, Any], ...] = ({}, {"length": "10 moves"})
Shot = tuple[dict[str, Any], str]


def _frames(seed: int, options: dict[str, Any]) -> list[Frame]:
    return frames((state, events) for state, _, events in iter_match(seed, options))


def _shots(options: tuple[dict[str, Any], ...]) -> list[Shot]:
    return [(f.view, f.caption or "") for seed in SEEDS for o in options for f in _frames(seed, o)]


def _new_texts(shots: list[Shot], n: int) -> list[Shot]:
    """``n`` boards from ``shots`` whose caption was never drawn: in a match every move's
    board says something new."""
    return [
        (copy.deepcopy(shots[i % len(shots)][0]), f"Home rolls 4: the ball runs north-east ({i})")
        for i in range(n)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench render_socceristic", description=__doc__)
    parser.add_argument("--runs", type=int, default=400, help="timed renders per figure")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="image width in pixels")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile table")
    args, _ = parser.parse_known_args()
    width = args.width

    shots = _shots(OPTIONS)
    options = shots[0][0]["options"]
    start = time.process_time()
    board(DEFAULT_KITS, width, options)  # the background, palette and encoder, made once
    setup_ms = 1000 * (time.process_time() - start)

    def png(s: Shot) -> bytes:
        return render_png(s[0], NAMES, s[1], width)

    def image(s: Shot) -> Any:
        return render(s[0], NAMES, s[1], width)

    pngs = [png(s) for s in shots]  # warm every cache
    images = [image(s) for s in shots]
    encoder = board(DEFAULT_KITS, width, options).encoder
    print_board_figures(
        args.runs, shots, png, image, pngs, images, encoder.encode, images, setup_ms
    )
    print(f"boards_rendered: {len(shots)}")
    print(f"card_boards: {sum(1 for v, _ in shots if v.get('last_card_full'))}")
    fresh = _new_texts(shots, args.runs)
    print(f"render_new_text_median_ms: {median_ms(args.runs, fresh, png):.2f} ms")
    minutes = _shots(({"length": "20 minutes"},))
    for s in minutes:
        png(s)
    print(f"render_minutes_median_ms: {median_ms(args.runs, minutes, png):.2f} ms")

    match = _frames(7, {})
    clips = [(f.view, f.caption or "", HOLD_MS[f.kind]) for f in match]
    print_replay_figures(lambda: replay_gif(clips, NAMES, width=width), match)

    if args.profile:
        print_profile(png, shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
