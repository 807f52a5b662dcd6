"""Simple Soccer win probability from a spectator's view.

The table (``winprob.json``, trained by ``python -m bench winprob --train``) counts how the
goal difference went on from similar moments of many coach-vs-coach matches
(``engine.core.winprob``). A moment is described from one team's side by:

- basic or advanced rules, and the time left: turns left in a match of turns (a timed match
  counts its time left in turn clocks), or in a match to a set score the goals each side still
  needs (1-5; more counts as 5);
- where the ball is along the field from the team's own goal line (``along``);
- whose goalkeeper holds the ball, whose turn it is and what is pending;
- whose fielders are nearer the ball (Chebyshev distance, -3 to 3), the points left in the
  turn (0-6) and players sent off, ours less theirs.

A drawn match goes to a shootout: before it starts each side gets half the chance of a draw;
during it the chances come from the kicks so far, each later kick scoring at the rate seen in
training. Everything the estimate reads is public: the goalkeeper's hidden spot and the
kicker's hidden face in a shootout are never read. It assumes both sides play like the bot's
coach.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.winprob import Chances, Key, Table, along
from engine.simplesoccer.shootout import KICKS, decided

TABLE = Path(__file__).parent / "winprob.json"
LEVELS = (2, 3, 5, 7, 9)
MAX_NEED = 5
SCORE_RATE = 0.6  # the shootout's scoring rate when the table does not give one

_TURNS_LEFT = (0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17, 22, 30, 40, 60, 90, 140)


def turns_bucket(left: float) -> int:
    """Turns left, coarser the more there are: the index of the last bound not above it.

    >>> [turns_bucket(x) for x in (0, 3, 7, 40, 39.5, 500)]
    [0, 3, 6, 13, 12, 16]
    """
    out = 0
    for i, bound in enumerate(_TURNS_LEFT):
        if left >= bound:
            out = i
    return out


def _clip(x: int, bound: int) -> int:
    return -bound if x < -bound else bound if x > bound else x


def _nearest(members: dict[str, dict[str, Any]], ball: list[int]) -> int:
    return min(
        (max(abs(m["at"][0] - ball[0]), abs(m["at"][1] - ball[1])) for m in members.values()),
        default=99,
    )


def clock_of(view: dict[str, Any], team: int) -> str:
    """The time-left part of the key: "t<bucket>" for turns or time, "s<need>-<need>" for a
    set score (``team``'s need first)."""
    options = view["options"]
    length = options["length"]
    if length == "score":
        target, score = int(options["target"]), view["score"]
        mine = min(MAX_NEED, target - score[team])
        theirs = min(MAX_NEED, target - score[1 - team])
        return f"s{mine}-{theirs}"
    if length == "timed":
        left = (60.0 * options["minutes"] - view["elapsed"]) / options["turn_seconds"]
    else:
        left = options["turns"] - view["turns_played"]
    return f"t{turns_bucket(max(0.0, left))}"


def key_of(view: dict[str, Any], team: int) -> Key:
    """The table key of a spectator's view seen from ``team``."""
    other = 1 - team
    width = int(view["field"]["width"]) if "field" in view else int(view["width"])
    ball = view["ball"]
    members = view["members"]
    step = view["step"]
    kind = step.get("k", "")
    if "team" in step:
        kind += "+" if step["team"] == team else "-"
    if ball is None:
        where, nearer = -1, 0
    else:
        x = min(width - 1, max(0, ball[0]))
        where = along(x if team == 0 else width - 1 - x, width)
        nearer = _clip(_nearest(members[other], ball) - _nearest(members[team], ball), 3)
    held = view["held"]
    turn = view["turn"] or {}
    sent_off = view["sent_off"]
    return (
        "a" if any(view["options"]["advanced"].values()) else "b",
        clock_of(view, team),
        where,
        0 if held < 0 else 1 if held == team else -1,
        0 if "team" not in turn else 1 if turn["team"] == team else -1,
        kind,
        nearer,
        min(6, int(turn.get("left", 0))),
        _clip(len(sent_off[other]) - len(sent_off[team]), 2),
    )


def implied_lead(key: Key, lead: int) -> int:
    """The first team's lead as the table counts it: in a match to a set score the one the
    needs in the key say (they are clipped), else the real lead."""
    clock = str(key[1])
    if clock.startswith("s"):
        mine, theirs = (int(n) for n in clock[1:].split("-"))
        return theirs - mine
    return lead


@cache
def _data() -> dict[str, Any]:
    return dict(json.loads(TABLE.read_text(encoding="utf-8")))


@cache
def table() -> Table:
    return Table.from_json(_data())


def score_rate() -> float:
    """How often a shootout kick scored in the training matches."""
    notes = _data().get("notes", {})
    kicks = notes.get("shootout_kicks", 0)
    return notes["shootout_goals"] / kicks if kicks else SCORE_RATE


def shootout_win(kicks: list[list[bool]], first: int, kicker: int, rate: float) -> float:
    """The chance that ``first`` wins a shootout with ``kicks`` taken so far, ``kicker`` next,
    every later kick scoring at ``rate``.

    >>> round(shootout_win([[], []], 0, 0, 0.6), 6)
    0.5
    >>> shootout_win([[True, True, True], [False, False, False]], 0, 0, 0.6)
    1.0
    >>> round(shootout_win([[True] * 4, [True] * 5], 1, 0, 0.6), 6)  # west to level, then even
    0.3
    """
    second = 1 - first

    def go(a: tuple[bool, ...], b: tuple[bool, ...], nxt: int) -> float:
        won = decided([list(a), list(b)], 0)  # the shootout's own rule: 0 is ``first`` here
        if won >= 0:
            return 1.0 if won == 0 else 0.0
        if len(a) >= KICKS and len(b) >= KICKS and len(a) == len(b):
            return 0.5  # sudden death from a level pair: even
        if nxt == first:
            return rate * go((*a, True), b, second) + (1 - rate) * go((*a, False), b, second)
        return rate * go(a, (*b, True), first) + (1 - rate) * go(a, (*b, False), first)

    p = go(tuple(kicks[first]), tuple(kicks[second]), kicker)
    return p if first == 0 else 1 - p


def chances(view: dict[str, Any]) -> Chances | None:
    """Each side's chances from a spectator's view (``SIMPLESOCCER.view(state, None)``)."""
    if view["over"]:
        winner = view["winner"]
        return Chances.certain(winner if winner >= 0 else None)
    shootout = view.get("shootout")
    if shootout is not None:
        west = shootout_win(shootout["kicks"], shootout["first"], shootout["kicker"], score_rate())
        return Chances((west, 1 - west), 0.0)
    key = key_of(view, 0)
    score = view["score"]
    return table().chances(key, implied_lead(key, score[0] - score[1])).decided()
