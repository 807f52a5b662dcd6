"""Sports Dice Soccer board image speed and size: the board after every action of coach matches,
rendered and encoded.

    python -m bench render_dicesoccer [--runs 400] [--width 960] [--profile]
    python -m bench render --game dicesoccer [...]   (the same)

Prints ``key: value unit`` lines. CPU time of this process (one core), medians over the boards
of several matches, caches warm (a running bot renders many boards per board setup), and
``render_new_text_median_ms``: boards whose caption and pending line were never drawn before
(every roll's board in a match). Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

from bench._timing import median_ms, print_board_figures, print_profile, print_replay_figures
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import iter_match
from render.dicesoccer.board import DEFAULT_KITS, Board, board, render, render_png
from render.dicesoccer.geometry import DEFAULT_WIDTH
from render.dicesoccer.replay import HOLD_MS, replay_gif

SEEDS = (1, 2, 3)
OPTIONS: tuple[dict[str, Any], ...] = ({}, {"advanced": True}, {"sections": 4})


def _views(seed: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    return [DICESOCCER.view(state, None) for state, _, _ in iter_match(seed, options=options)]


def _new_texts(views: list[dict[str, Any]], n: int) -> list[tuple[dict[str, Any], str]]:
    """``n`` boards from ``views`` with a caption and a pending line never drawn before: in a
    match every roll's board says something new."""
    out = []
    for i in range(n):
        view = copy.deepcopy(views[i % len(views)])
        for p in view.get("pending") or []:
            p["prompt"] = f"{p.get('prompt', '')} (roll {i})"
        out.append((view, f"White rolls ball, kick, ball: a pass forward (roll {i})"))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench render_dicesoccer", description=__doc__)
    parser.add_argument("--runs", type=int, default=400, help="timed renders per figure")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="image width in pixels")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile table")
    args, _ = parser.parse_known_args()
    width = args.width

    start = time.process_time()
    Board(DEFAULT_KITS, width, 3)
    setup_ms = 1000 * (time.process_time() - start)

    views = [v for seed in SEEDS for options in OPTIONS for v in _views(seed, options)]
    pngs = [render_png(v, width=width) for v in views]  # warm every cache
    images = [render(v, width=width) for v in views]
    encoder = board(DEFAULT_KITS, width, 3).encoder
    default = [im for im, v in zip(images, views, strict=True) if v["options"]["sections"] == 3]

    print_board_figures(
        args.runs,
        views,
        lambda v: render_png(v, width=width),
        lambda v: render(v, width=width),
        pngs,
        images,
        encoder.encode,
        default,
        setup_ms,
    )
    print(f"boards_rendered: {len(views)}")
    fresh = _new_texts(views, args.runs)
    new_text = median_ms(args.runs, fresh, lambda s: render_png(s[0], caption=s[1], width=width))
    print(f"render_new_text_median_ms: {new_text:.2f} ms")

    match = _views(7, {})
    print_replay_figures(
        lambda: replay_gif(((v, None, HOLD_MS["turn"]) for v in match), width=width), match
    )

    if args.profile:
        print_profile(lambda v: render_png(v, width=width), views)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
