"""The offline demo: a whole coach-vs-coach match with virtual dice, narrated.

``python3 bot.py demo [--game NAME] [--seed 7] [--json] [--out DIR]``. The same seed prints the
same match. Each registered game brings its own demo (``Game.demo``): what a turn is, what the
board pictures show and what the JSON summary holds differ from game to game.

``python3 bot.py`` without a token prints the short form (``run_demo_brief``): the same match
in a few lines.
"""

from __future__ import annotations

import io
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
    options: str = "",
) -> int:
    """Play and narrate one match of ``game`` to ``out``; with ``as_json`` the last line is a
    JSON summary; with ``out_dir`` the board images (and a replay, where the game has one) are
    written there; ``options`` is the game's rules text ("advanced -weather"; "" the basic
    rules). Returns an exit code (0). Raises ``RulesError`` for an unknown game, one without a
    demo, or rules the game does not have."""
    chosen = games.get(game)
    if chosen.demo is None:
        raise RulesError(f"{chosen.title} has no offline demo yet.")
    return chosen.demo(seed, as_json, out, out_dir, options)


def run_demo_brief(seed: int, out: TextIO, *, game: str = games.DEFAULT) -> int:
    """The match ``run_demo`` narrates, told in a few lines to ``out``: its title (the teams),
    each goal and when it fell, the final score, and the command that shows all of it.
    Returns an exit code (0)."""
    full = io.StringIO()
    code = run_demo(seed, as_json=False, out=full, game=game)
    lines = full.getvalue().splitlines()
    out.write(f"{lines[0]}\n")
    goals = _goals(lines[1:])
    for when, goal in goals:
        out.write(f"  {goal} ({when})\n" if when else f"  {goal}\n")
    if not goals:
        out.write("  No goals.\n")
    out.write(next(line for line in reversed(lines) if line.startswith("Final score: ")) + "\n")
    again = "" if game == games.DEFAULT else f" --game {game}"
    out.write(f"The whole match, move by move: python3 bot.py demo{again} --seed {seed}\n")
    out.flush()
    return code


def _goals(lines: list[str]) -> list[tuple[str, str]]:
    """(when, "GOAL! ...") for each goal the narration tells. A line that is not indented
    starts a passage of play ("Half 1, turn 4, minute 21'", "Roll 3: ..."): its words up to
    the first colon say when the goals told in it or under it fell."""
    goals = []
    when = ""
    for line in lines:
        if line and not line[0].isspace():
            when = line.split(": ", 1)[0]
        marker = line.find("GOAL!")
        if marker >= 0:
            goals.append((when, line[marker:].rstrip(".")))
    return goals
