"""How a FUBA match stands for one team, in expected points (a win 1, a draw 1/2): the
strong coach's score for the positions its rollouts reach.

The rest of the match is two Poisson goal counts (the coach-vs-coach scoring rate times the
time left), and the position at the start of a turn shifts them: ``outlook.json`` holds, per
(ball area seen from the team with the ball, ball value, players at the ball: theirs less
the defenders', between -2 and 2), the net goals the team with the ball scored in the next
eight turns of 4,000 coach-vs-coach matches (half basic, half advanced rules), with coarser
cells where a fine one had fewer than 30 samples. Reads only public information.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from engine.fuba.board import mirror
from engine.fuba.state import FubaState

RATE = 2.09 / 2 / 92  # goals per team per minute of coach-vs-coach play
FADE = 10.0  # minutes left below which a position counts for less
_MAX_GOALS = 10

_TABLE: dict[tuple[int, ...], float] = {
    tuple(int(x) for x in key.split(",")): cell[1]
    for key, cell in json.loads((Path(__file__).with_name("outlook.json")).read_text()).items()
}


def shift(s: FubaState) -> float:
    """Net goals the team with the ball can expect from the position in the coming turns."""
    c = s.control
    area = s.ball if c == 0 else mirror(s.ball)
    balance = s.count(c, s.ball) - s.count(1 - c, s.ball)
    balance = -2 if balance < -2 else 2 if balance > 2 else balance
    for key in ((area, s.value, balance), (area, s.value), (area,)):
        g = _TABLE.get(key)
        if g is not None:
            return g
    return 0.0


@lru_cache(maxsize=4096)
def _poisson(mu: float) -> tuple[float, ...]:
    return tuple(math.exp(-mu) * mu**k / math.factorial(k) for k in range(_MAX_GOALS))


@lru_cache(maxsize=65536)
def _points(lead: int, mu_mine: float, mu_theirs: float) -> float:
    mine, theirs = _poisson(mu_mine), _poisson(mu_theirs)
    total = 0.0
    for x, px in enumerate(mine):
        for y, py in enumerate(theirs):
            margin = lead + x - y
            if margin > 0:
                total += px * py
            elif margin == 0:
                total += px * py / 2
    return total


def minutes_left(s: FubaState) -> float:
    played = s.minute + s.stoppage
    if s.half == 2:
        return max(0.5, 92 - played)
    return 46 + max(0.5, 46 - played)


def expected_points(s: FubaState, team: int) -> float:
    """``team``'s chance to win plus half its chance of a draw, as the match stands."""
    lead = s.score[team] - s.score[1 - team]
    if s.over:
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    left = minutes_left(s)
    mu_mine = mu_theirs = RATE * left
    if s.agenda and s.agenda[0]["k"] == "target" and s.control >= 0:
        g = shift(s) * min(1.0, left / FADE)
        if s.control != team:
            g = -g
        if g > 0:
            mu_mine += g
        else:
            mu_theirs -= g
    return _points(lead, round(mu_mine, 3), round(mu_theirs, 3))
