"""The field's geometry and the dice chart as data: what a winning play does.

The engine applies these effects and the automatic coach compares them, so the chart lives in
one place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from engine.dicesoccer.options import BALL, KICK, PENALTY, RED, SYMBOLS
from engine.dicesoccer.state import DiceSoccerState


def offense(s: DiceSoccerState) -> int:
    """The team on offense: the ball is in its opponent's half (Offense/Defense)."""
    return 0 if s.ball > s.sections else 1


def kickoff_section(sections: int, team: int) -> int:
    """The section just past the halfway line on ``team``'s opponent's side."""
    return sections + 1 if team == 0 else sections


def forward(team: int) -> int:
    return 1 if team == 0 else -1


def depth(sections: int, ball: int) -> tuple[int, int]:
    """(team whose half holds the ball, how deep: 1 = just past the halfway line)."""
    if ball > sections:
        return 1, ball - sections
    return 0, sections + 1 - ball


def symbols(faces: list[str], dice: list[int]) -> list[str]:
    return [faces[d - 1] for d in dice]


def counts(faces: list[str], dice: list[int]) -> dict[str, int]:
    """How many dice show each symbol (every symbol present, zeros included)."""
    c = Counter(faces[d - 1] for d in dice)
    return {sym: c[sym] for sym in SYMBOLS}


def best(faces: list[str], dice: list[int]) -> tuple[int, list[str]]:
    """(the highest count of one symbol, the symbols that reach it, in chart order)."""
    c = counts(faces, dice)
    top = max(c.values())
    return top, [sym for sym in SYMBOLS if c[sym] == top]


def balls(faces: list[str], dice: list[int]) -> int:
    return sum(1 for d in dice if faces[d - 1] == BALL)


class Effect(NamedTuple):
    """What a winning play does. ``kind``: advance, push_back, shot, free_kick, clear or
    goal. ``goal_for`` is the scoring team or -1; ``ball_to`` the new section (None for a
    goal or an attempt at goal); ``sections`` how far the ball moved; ``penalize`` the team
    that will roll one die fewer (red card) or -1; ``how`` says how a goal came about."""

    team: int
    role: str
    symbol: str
    count: int
    kind: str
    ball_to: int | None = None
    sections: int = 0
    goal_for: int = -1
    how: str = ""
    penalize: int = -1

    def result(self) -> tuple[Any, ...]:
        """What the play changes on the table; two plays with the same result are the same
        choice for the team (a kick and a penalty both clear the ball for the defense)."""
        attempt = self.kind if self.kind in ("shot", "free_kick") else ""
        return (attempt, self.ball_to, self.goal_for, self.penalize)


def _ball_move(count: int) -> int:
    """Sections a ball move covers: 5 balls go two sections, fewer go one (six is a goal)."""
    return 2 if count == 5 else 1


def effect(s: DiceSoccerState, team: int, sym: str, count: int) -> Effect:
    """The Dice Chart: what ``team`` does when its play ``sym`` (``count`` dice) wins."""
    n = s.sections
    other = 1 - team
    if team == offense(s):
        if sym == BALL and count >= 6:  # Dice Chart, Ball Move: six balls is a goal
            return Effect(team, "offense", sym, count, "goal", goal_for=team, how="instant")
        if sym in (BALL, RED):
            step = _ball_move(count) if sym == BALL else 1
            to = s.ball + forward(team) * step
            penalize = other if sym == RED else -1
            if not 1 <= to <= 2 * n:  # Scoring goals: advanced into the goal
                return Effect(
                    team,
                    "offense",
                    sym,
                    count,
                    "goal",
                    sections=step,
                    goal_for=team,
                    how="advance",
                    penalize=penalize,
                )
            return Effect(team, "offense", sym, count, "advance", to, step, penalize=penalize)
        kind = "shot" if sym == KICK else "free_kick"  # Shot at Goal, Free Kick at Goal
        return Effect(team, "offense", sym, count, kind)
    if sym == BALL:
        if count >= 6:
            return Effect(team, "defense", sym, count, "goal", goal_for=team, how="instant")
        # Dice Chart, Push Ball Back: never into a goal (only six balls score for the defense)
        to = min(max(s.ball + forward(team) * _ball_move(count), 1), 2 * n)
        return Effect(team, "defense", sym, count, "push_back", to, abs(to - s.ball))
    assert sym in (KICK, PENALTY, RED), sym
    to = kickoff_section(n, team)  # Dice Chart, Clear Ball: just past the halfway line
    return Effect(
        team,
        "defense",
        sym,
        count,
        "clear",
        to,
        abs(to - s.ball),
        penalize=other if sym == RED else -1,
    )


def options_for(s: DiceSoccerState, team: int, dice: list[int]) -> list[Effect]:
    """The plays ``team`` may choose with ``dice`` if it wins, one per distinct result."""
    count, tied = best(s.faces, dice)
    out: list[Effect] = []
    seen: set[tuple[Any, ...]] = set()
    for sym in tied:
        e = effect(s, team, sym, count)
        if e.result() not in seen:
            seen.add(e.result())
            out.append(e)
    return out
