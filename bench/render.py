"""Board image speed and size: the board after every turn of coach matches, rendered and encoded.

    python -m bench render [--runs 400] [--width 1280] [--profile]
    python -m bench render --game dicesoccer [...]   (bench/render_dicesoccer.py)
    python -m bench render --game simplesoccer [...]   (bench/render_simplesoccer.py)
    python -m bench render --game socceristic [...]   (bench/render_socceristic.py)

Prints ``key: value unit`` lines. CPU time of this process (one core), medians over the boards
of several matches with their captions, caches warm (a running bot renders many boards per
board setup), and ``render_new_text_median_ms``: boards whose caption and pending line were
never drawn before (every step's board in a match), and ``cache_mb``: what the renderers' one
cache (``render.cache``, bounded by ``RENDER_CACHE_MB``) holds at the end. Figures only, never
pass/fail. Boards drawn in worker processes as the bot draws them: ``python -m bench
render_pool``.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from typing import Any

from bench._timing import median_ms, print_board_figures, print_profile, print_replay_figures
from engine.fuba.coach import iter_match
from referee.fuba.frames import Frame, FrameRecorder
from render import cache
from render.fuba.board import DEFAULT_KITS, Board, Caption, board, render, render_png
from render.fuba.replay import HOLD_MS, replay_gif

SEEDS = (1, 2, 3)
Shot = tuple[dict[str, Any], Caption | None]


def _frames(seed: int) -> list[Frame]:
    recorder = FrameRecorder()
    frames: list[Frame] = []
    state = None
    for state, _, events in iter_match(seed):
        frames.extend(recorder.feed(state, events))
    assert state is not None
    frames.append(recorder.finish(state))
    return frames


def _new_texts(shots: list[Shot], n: int) -> list[Shot]:
    """``n`` boards from ``shots`` whose caption and pending texts were never drawn: in a match
    every step's board says something new."""
    out = []
    for i in range(n):
        view, caption = copy.deepcopy(shots[i % len(shots)])
        for p in view.get("pending") or []:
            p["prompt"] = f"{p['prompt']} (step {i})"
        text = f"{caption.text} (step {i})" if caption is not None else f"Step {i}"
        out.append((view, Caption(text, *(caption or Caption(""))[1:])))
    return out


def main() -> int:
    if "dicesoccer" in sys.argv[1:] or "--game=dicesoccer" in sys.argv[1:]:
        from bench import render_dicesoccer  # its own figures; it ignores --game

        return render_dicesoccer.main()
    if "simplesoccer" in sys.argv[1:] or "--game=simplesoccer" in sys.argv[1:]:
        from bench import render_simplesoccer  # its own figures; it ignores --game

        return render_simplesoccer.main()
    if "socceristic" in sys.argv[1:] or "--game=socceristic" in sys.argv[1:]:
        from bench import render_socceristic  # its own figures; it ignores --game

        return render_socceristic.main()
    parser = argparse.ArgumentParser(prog="python -m bench render", description=__doc__)
    games = ("fuba", "dicesoccer", "simplesoccer", "socceristic")
    parser.add_argument("--game", choices=games, default="fuba")
    parser.add_argument("--runs", type=int, default=400, help="timed renders per figure")
    parser.add_argument("--width", type=int, default=1280, help="image width in pixels")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile table")
    args = parser.parse_args()
    width = args.width

    start = time.process_time()
    Board(DEFAULT_KITS, width)
    setup_ms = 1000 * (time.process_time() - start)

    frames = [f for seed in SEEDS for f in _frames(seed)]
    shots = [(f.view, f.caption) for f in frames]
    pngs = [render_png(v, caption=c, width=width) for v, c in shots]  # warm every cache
    images = [render(v, caption=c, width=width) for v, c in shots]
    encoder = board(DEFAULT_KITS, width).encoder

    print_board_figures(
        args.runs,
        shots,
        lambda s: render_png(s[0], caption=s[1], width=width),
        lambda s: render(s[0], caption=s[1], width=width),
        pngs,
        images,
        encoder.encode,
        images,
        setup_ms,
    )

    fresh = _new_texts(shots, args.runs)
    new_text = median_ms(args.runs, fresh, lambda s: render_png(s[0], caption=s[1], width=width))
    print(f"render_new_text_median_ms: {new_text:.2f} ms")
    print(f"cache_mb: {cache.kept.nbytes / 2**20:.1f} MB")

    match = _frames(7)
    print_replay_figures(
        lambda: replay_gif(((f.view, f.caption, HOLD_MS[f.kind]) for f in match), width=width),
        match,
    )

    if args.profile:
        print_profile(lambda s: render_png(s[0], caption=s[1], width=width), shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
