"""FUBA win probability: the chances of each side from public facts of the position.

The estimate looks up how the goal difference went on from similar moments of many
coach-vs-coach matches (``engine.core.winprob``), one table for the basic rules and one for
matches with advanced rules (``winprob_basic.json``, ``winprob_advanced.json``, trained by
``python -m bench winprob --train``). A position is described from one team's side by:

- time left, in 3-minute steps (each stoppage square of the second half on its own);
- whether the team leads, trails or is level (a side ahead defends more, one behind attacks);
- players on the pitch, ours minus theirs (red cards, injuries), -2 to 2;
- who controls the ball (us, them, nobody) and how far up the pitch it is for that team;
- the kind of play (normal turn, kick-off, goal kick, free kick, corner, penalty) and the
  ball value;
- the stage of the turn, finest of all.

The size of a lead is not part of the description, only its sign: the table holds the goals
still to come and the current lead is added to them, so among leads of one sign a bigger lead
never lowers a side's chances (and a lead beats level, level beats trailing, in the data).

None of these is secret: formation cards before the reveal and penalty sides are never read.
It assumes both sides play like the bot's coach.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.core.winprob import Chances, Key, Table
from engine.fuba.board import CORNER_SPOTS
from engine.fuba.coach import RANK
from engine.fuba.state import FubaState

HERE = Path(__file__).parent
TABLES = {False: HERE / "winprob_basic.json", True: HERE / "winprob_advanced.json"}
LEVELS = (1, 2, 3, 5, 7, 8)  # key lengths backed off through, coarsest first
STEP = 3  # minutes per time bucket

_KINDS = {
    None: "n",
    "normal": "n",
    "kickoff": "k",
    "goal_kick": "g",
    "free_kick": "f",
    "corner": "c",
    "penalty": "p",
}
_STAGES = {"pre": "p", "target": "t", "situation": "s", "actions": "a", "restart": "r"}


def time_bucket(half: int, minute: int, stoppage: int) -> int:
    """Minutes left in the match by ``STEP``; -1 to -5 are the second half's stoppage squares.

    >>> time_bucket(1, 0, 0), time_bucket(2, 45, 0), time_bucket(2, 88, 0), time_bucket(2, 90, 2)
    (30, 15, 0, -2)
    """
    if stoppage and half == 2:
        return -stoppage
    return max(0, 90 - minute) // STEP


def _clip(x: int, bound: int) -> int:
    return -bound if x < -bound else bound if x > bound else x


def key_of(
    team: int,
    *,
    half: int,
    minute: int,
    stoppage: int,
    control: int,
    ball: int,
    value: int,
    players: tuple[int, int],
    turn: dict[str, Any],
    lead: int,
) -> Key:
    """The table key of a position seen from ``team`` (see the module's docstring); ``lead``
    is the first team's (west's) lead."""
    other = 1 - team
    area = CORNER_SPOTS.get(ball, ball)
    if control == -1:
        held, rank = 0, RANK[team][area]
    else:
        held, rank = (1 if control == team else -1), RANK[control][area]
    kind = _KINDS.get(turn.get("kind"), "n")
    stage = _STAGES.get(turn.get("stage", ""), "o")
    return (
        time_bucket(half, minute, stoppage),
        _clip(lead if team == 0 else -lead, 1),
        _clip(players[team] - players[other], 2),
        held,
        rank,
        kind,
        value,
        stage,
    )


@cache
def table(advanced: bool) -> Table:
    """The trained table for the basic rules or for matches with advanced rules."""
    return Table.load(TABLES[advanced])


def _result(score: list[int]) -> Chances:
    return Chances.certain(None if score[0] == score[1] else 0 if score[0] > score[1] else 1)


def chances(view: dict[str, Any]) -> Chances | None:
    """Each side's chances from a spectator's view (``FUBA.view(state, None)``)."""
    score = view["score"]
    if view["over"]:
        return _result(score)
    outfield = view["outfield"]
    players = (sum(outfield[0]) + 1, sum(outfield[1]) + 1)
    key = key_of(
        0,
        half=view["half"],
        minute=view["minute"],
        stoppage=view["stoppage"],
        control=view["control"],
        ball=view["ball"],
        value=view["value"],
        players=players,
        turn=view["turn"],
        lead=score[0] - score[1],
    )
    return table(bool(view["options"].get("advanced"))).chances(key, score[0] - score[1])


def state_chances(state: FubaState) -> Chances:
    """The same estimate as ``chances`` straight from the engine state (no view made)."""
    score = state.score
    if state.over:
        return _result(score)
    key = key_of(
        0,
        half=state.half,
        minute=state.minute,
        stoppage=state.stoppage,
        control=state.control,
        ball=state.ball,
        value=state.value,
        players=(state.on_pitch(0), state.on_pitch(1)),
        turn=state.turn,
        lead=score[0] - score[1],
    )
    return table(bool(state.options.get("advanced"))).chances(key, score[0] - score[1])


def expected_points(state: FubaState, team: int) -> float:
    """P(win) + P(draw) / 2 for ``team`` (0 west, 1 east), from public facts only."""
    return state_chances(state).points(team)
