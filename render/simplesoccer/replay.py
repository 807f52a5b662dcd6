"""Simple Soccer replays: the boards of a match as one animated GIF, every frame in the
board's palette (``replay_gif(frames, names, *, width, kits)``, frames being (view, caption,
milliseconds on screen)).
"""

from __future__ import annotations

from render.animation import board_replay
from render.simplesoccer.board import DEFAULT_KITS, DEFAULT_NAMES, render
from render.simplesoccer.geometry import DEFAULT_WIDTH

replay_gif = board_replay(render, DEFAULT_NAMES, DEFAULT_WIDTH, DEFAULT_KITS)
