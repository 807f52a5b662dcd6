"""The offline demo: a whole coach-vs-coach match with virtual dice, narrated.

``python3 bot.py demo [--game NAME] [--seed 7] [--json] [--out DIR]``. The same seed prints the
same match. Each registered game brings its own demo (``Game.demo``): what a turn is, what the
board pictures show and what the JSON summary holds differ from game to game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from engine.core import RulesError
from referee import games


def run_demo(
    seed: int,
    as_json: bool,
    out: TextIO,
    out_dir: Path | None = None,
    *,
    game: str = games.DEFAULT,
) -> int:
    """Play and narrate one match of ``game`` to ``out``; with ``as_json`` the last line is a
    JSON summary; with ``out_dir`` the board images (and a replay, where the game has one) are
    written there. Returns an exit code (0). Raises ``RulesError`` for an unknown game or one
    without a demo."""
    chosen = games.get(game)
    if chosen.demo is None:
        raise RulesError(f"{chosen.title} has no offline demo yet.")
    return chosen.demo(seed, as_json, out, out_dir)
