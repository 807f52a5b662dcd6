"""What every rules module reads: the pitch, team names, dice, who is attacking where, and the
possession of the ball."""

from __future__ import annotations

from typing import Any

from engine.core.dice import check_roll
from engine.core.errors import MalformedAction
from engine.core.events import Event
from engine.socceristic.options import SIDES
from engine.socceristic.pitch import STEP, Pitch, Square, pitch_of
from engine.socceristic.state import SocceristicState

Step = dict[str, Any]
XY = tuple[int, int]


def pitch(s: SocceristicState) -> Pitch:
    return pitch_of(s.options)


def team_name(team: int) -> str:
    return SIDES[team].capitalize()


def dice(args: Step, n: int) -> list[int]:
    return list(check_roll(args.get("dice"), n))


def rolled_both(
    s: SocceristicState, team: int, args: Step, kind: str, ev: list[Event]
) -> XY | None:
    """One team's die of a roll both teams make at once (a toss, a tackle), told as ``kind``;
    both dice once the second team has rolled."""
    (die,) = dice(args, 1)
    rolled = s.step["dice"]
    rolled[team] = die
    ev.append(Event(kind, {"team": team, "die": die}))
    return None if None in rolled else (rolled[0], rolled[1])


def higher(a: int, b: int) -> int:
    """The team whose die is higher, -1 for a tie."""
    return -1 if a == b else (0 if a > b else 1)


def choice(args: Step, name: str, allowed: tuple[str, ...], words: str) -> str:
    value = args.get(name)
    if value not in allowed:
        raise MalformedAction(f"'{name}' must be {words}.")
    return str(value)


def ball(s: SocceristicState) -> XY:
    assert s.ball is not None
    return s.ball[0], s.ball[1]


def square_at(s: SocceristicState, q: XY) -> Square:
    return pitch(s).square(q[0], q[1])


def attacks(s: SocceristicState, team: int) -> str:
    """The end ``team`` attacks this half (the end its opponent defends)."""
    return s.ends[1 - team]


def attacking(s: SocceristicState, team: int, q: XY) -> bool:
    """``team`` is the attacking team at ``q``: the square is in the half its opponent
    defends (on the centre row nobody is attacking)."""
    return pitch(s).half(q[1]) == s.ends[1 - team]


def forward(s: SocceristicState, team: int) -> int:
    """The row step towards the goal ``team`` attacks."""
    return pitch(s).away_from(s.ends[team])


def walk(q: XY, direction: str, n: int) -> XY:
    dx, dy = STEP[direction]
    return q[0] + dx * n, q[1] + dy * n


def take(s: SocceristicState, team: int) -> None:
    """``team`` has the ball now (a change of possession is counted)."""
    if s.possession >= 0 and s.possession != team:
        s.stats["possession_changes"] += 1
    s.possession = team
