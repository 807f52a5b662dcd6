"""Sports Dice Soccer win probability from a spectator's view.

There is no clock: a match ends when a team reaches the target score, so the goals each side
still needs play the part of time left. The table (``winprob.json``, trained by ``python -m
bench winprob --train``) counts how the goal difference went on from similar moments of many
coach-vs-coach matches (``engine.core.winprob``). A moment is described from one team's side
by:

- whether the advanced re-roll rule is in force, and the goals each side still needs (1-5;
  more counts as 5);
- where the ball is along the field from the team's own goal line (``along``);
- who holds the Power Chip, and the dice each side rolls fewer for red cards (0-2);
- what the dice are rolled for (the play, a shot, a free kick) and what is pending;
- what each side's dice are worth once rolled (its count of the symbol that counts, 0-6).

Everything in Sports Dice Soccer is public. The table was trained on the default dice faces
with every field size from 1 to 6 sections per half, and assumes both sides play like the bot's
coach. A match cannot end drawn.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.core.winprob import Chances, Key, Table, along
from engine.dicesoccer.chart import balls, best

TABLE = Path(__file__).parent / "winprob.json"
LEVELS = (3, 5, 7, 9, 11)
MAX_NEED = 5


def position_bucket(ball: int, sections: int, team: int) -> int:
    """Where the ball is for ``team`` (``engine.core.winprob.along``): 0 next to its own goal
    line, 6 next to the other's; -1 before the kick-off.

    >>> [position_bucket(b, 3, 0) for b in range(1, 7)], position_bucket(1, 3, 1)
    ([0, 1, 2, 4, 5, 6], 6)
    """
    if ball <= 0:
        return -1
    n = 2 * sections
    return along(ball - 1 if team == 0 else n - ball, n)


def _worth(faces: list[str], dice: list[int] | None, purpose: str) -> int:
    """What a side's dice are worth for ``purpose``; -1 while not rolled."""
    if dice is None:
        return -1
    return best(faces, dice)[0] if purpose == "play" else balls(faces, dice)


def key_of(view: dict[str, Any], team: int) -> Key:
    """The table key of a spectator's view seen from ``team``."""
    other = 1 - team
    options = view["options"]
    target = int(options["target_score"])
    score = view["score"]
    step = view["step"]
    kind = step.get("k", "")
    if "team" in step:
        kind += "+" if step["team"] == team else "-"
    roll = view["roll"] or {}
    purpose = roll.get("for", "-")
    dice = roll.get("dice") or [None, None]
    faces = options["faces"]
    chip = view["chip"]
    penalty = view["penalty"]
    return (
        int(bool(options["advanced"])),
        min(MAX_NEED, target - score[team]),
        min(MAX_NEED, target - score[other]),
        position_bucket(view["ball"], int(options["sections"]), team),
        0 if chip < 0 else 1 if chip == team else -1,
        min(2, penalty[team]),
        min(2, penalty[other]),
        purpose,
        kind,
        _worth(faces, dice[team], purpose),
        _worth(faces, dice[other], purpose),
    )


@cache
def table() -> Table:
    return Table.load(TABLE)


def chances(view: dict[str, Any]) -> Chances | None:
    """Each side's chances from a spectator's view (``DICESOCCER.view(state, None)``)."""
    score = view["score"]
    if view["over"]:
        return Chances.certain(0 if score[0] > score[1] else 1)
    key = key_of(view, 0)
    return table().chances(key, implied_lead(key)).decided()


def implied_lead(key: Key) -> int:
    """The first team's lead as the key sees it (the needs clipped at ``MAX_NEED``): the
    table holds the final difference less this lead, so a win is a final difference above 0."""
    return int(key[2]) - int(key[1])
