"""Socceristic win probability from a spectator's view.

The table (``winprob.json``, trained by ``python -m bench winprob --train``) counts how the
goal difference went on from similar moments of many coach-vs-coach matches on the sample
pitch (``engine.core.winprob``). A moment is described from one team's side by:

- the part of the match left, in twentieths (moves played, or the clock in a match of
  minutes), and players sent off, ours less theirs;
- who has the ball and how far it is from the team's own goal line (``along``);
- what is pending (whose decision, and of what kind) and the restart under way.

The decks' order is secret and never read. On a pitch an owner wrote the same table answers:
the estimate assumes it plays like the sample pitch, and both sides like the bot's coach.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.core.winprob import Chances, Key, Table, along
from engine.socceristic.pitch import pitch_of

TABLE = Path(__file__).parent / "winprob.json"
LEVELS = (2, 4, 6)
PARTS = 20  # the match in twentieths


def time_bucket(view: dict[str, Any]) -> int:
    """Twentieths of the match left: 20 before the kick-off, 0 at the end."""
    half = int(view["half"])
    if half == 0:
        return PARTS
    length = view["options"]["length"]
    if "moves" in length:
        done = min(1.0, view["moves"] / length["moves"])
    else:
        done = min(1.0, view["clock"] / (60.0 * (length["minutes"] + length["added"])))
    left = (2 - half + 1 - done) / 2
    return min(PARTS, max(0, int(left * PARTS)))


def key_of(view: dict[str, Any], team: int, height: int) -> Key:
    """The table key of a spectator's view seen from ``team`` on a pitch ``height`` rows
    long."""
    other = 1 - team
    reds = [0, 0]
    for caution in view["sheet"]["cautions"]:
        if caution["colour"] == "red":
            reds[caution["team"]] += 1
    ball = view["ball"]
    ends = view["ends"]
    if ball is None or not ends[team]:
        depth = -1
    else:
        rows = ball[1] if ends[team] == "north" else height - 1 - ball[1]
        depth = along(min(height - 1, max(0, rows)), height)
    possession = view["possession"]
    step = view["step"]
    kind = step.get("k", "")
    if "team" in step:
        kind += "+" if step["team"] == team else "-"
    restart = view["restart"] or {}
    restart_kind = restart.get("kind", "")
    if restart_kind and "team" in restart:
        restart_kind += "+" if restart["team"] == team else "-"
    return (
        time_bucket(view),
        max(-2, min(2, reds[other] - reds[team])),
        0 if possession < 0 else 1 if possession == team else -1,
        depth,
        kind,
        restart_kind,
    )


@cache
def table() -> Table:
    return Table.load(TABLE)


def chances(view: dict[str, Any]) -> Chances | None:
    """Each side's chances from a spectator's view (``SOCCERISTIC.view(state, None)``)."""
    score = view["score"]
    if view["over"]:
        winner = view["winner"]
        return Chances.certain(winner if winner >= 0 else None)
    key = key_of(view, 0, pitch_of(view["options"]).height)
    return table().chances(key, score[0] - score[1])
