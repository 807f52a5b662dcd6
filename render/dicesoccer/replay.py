"""Sports Dice Soccer replays: the boards of a match as one animated GIF, every frame in the board's
palette (``replay_gif(frames, names, *, width, kits)``, frames being (view, caption, milliseconds
on screen)).
"""

from __future__ import annotations

from render.animation import board_replay
from render.dicesoccer.board import DEFAULT_KITS, DEFAULT_NAMES, render
from render.dicesoccer.geometry import DEFAULT_WIDTH

MAX_GIF_BYTES = 8 * 1024 * 1024
HOLD_MS = {"turn": 1400, "goal": 2600, "final": 5000}


replay_gif = board_replay(render, DEFAULT_NAMES, DEFAULT_WIDTH, DEFAULT_KITS)
