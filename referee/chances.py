"""Each side's chances to win over a whole match, for the full-time chart: the estimate
(``Game.chances``) after every action from what spectators saw, the goals and cards marked
(``Game.chart_marks``) and half time on the time axis (``Game.chart_tick``); a match ended
otherwise than by play (a resignation, a timeout) ends on its result, certain.

``chart_png`` runs where the boards are drawn (``referee.boards.image``): its inputs are the
match's initial state and actions, the steps are replayed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action
from referee import boards, games
from referee.adapter import Game, JSONData


@dataclass(frozen=True, slots=True)
class Course:
    """A match's chances step by step: ``points[i]`` ([first side wins, draw, second side
    wins]) after ``i`` actions (0: the kick-off's position), the marks as (point index, side
    index, "goal" | "yellow" | "red") and the ticks as (point index, label)."""

    points: list[list[float]] = field(default_factory=list)
    marks: list[tuple[int, int, str]] = field(default_factory=list)
    ticks: list[tuple[int, str]] = field(default_factory=list)


def course(
    game: Game, initial: Any, actions: Sequence[Action], result: JSONData | None = None
) -> Course:
    """The chances after every action of a match replayed from ``initial``, and its
    ``result`` as certain when the last action left it otherwise. A position the game gives
    no estimate for keeps the last one (the first known one, before it); a match with none
    at all has no points."""
    ruleset, sides = game.ruleset, list(game.ruleset.sides)
    found: list[list[float] | None] = []
    out = Course()

    def estimate(state: Any) -> None:
        chances = game.chances(ruleset.view(state, None))
        found.append(None if chances is None else chances.to_json())

    state = initial
    estimate(state)
    for action in actions:
        state, events = ruleset.apply(state, action)
        estimate(state)
        at = len(found) - 1
        for event in events:
            mark = game.chart_marks(event)
            if mark is not None and mark[0] in sides:
                out.marks.append((at, sides.index(mark[0]), mark[1]))
            tick = game.chart_tick(event)
            if tick is not None:
                out.ticks.append((at, tick))
    known = [point for point in found if point is not None]
    if not known:
        return Course()
    last = known[0]
    for point in found:
        last = point if point is not None else last
        out.points.append(last)
    final = boards.settled(game, result)
    if final is not None and final.to_json() != last:
        out.points.append(final.to_json())
    return out


def chart_png(
    ruleset: str,
    initial: Any,
    actions: list[Action],
    names: list[str],
    result: JSONData | None = None,
) -> bytes | None:
    """The full-time chart of a match's chances (``render.winchart``) ending on its
    ``result``, or None when the game has no estimate (run where the boards are drawn)."""
    game = games.get(ruleset)
    found = course(game, initial, actions, result)
    if not found.points:
        return None
    import render.winchart  # Pillow only where images are drawn

    marks = [render.winchart.Mark(at, side, kind) for at, side, kind in found.marks]
    return render.winchart.chart_png(found.points, marks, names, game.name, found.ticks)
