"""The data the league images show: a table's lines, the leaderboard's and a profile card. Plain
values; nothing here knows leagues, ratings, Discord or the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from render.leagues.style import RESULT_COLOURS, TIE_BREAK_NOTES


class TableLine(NamedTuple):
    """One row of a league table as shown. ``note`` is a few words in small print beside the name,
    e.g. the tie-break that puts this row above the next ("H2H")."""

    position: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    goal_difference: int
    points: int
    note: str = ""


def table_line(row: Any, name: str) -> TableLine:
    """A ``TableLine`` from a ``engine.leagues.Row`` (read by attribute, not imported) and the
    member's display name; the note is the tie-break in ``row.decided_by``, if any.

    >>> from engine.leagues import Result, standings
    >>> rows = standings([1, 2], [Result(1, 2, 1, 1)])
    >>> table_line(rows[0], "Ada")
    TableLine(position=1, name='Ada', played=1, won=0, drawn=1, lost=0, goals_for=1, \
goals_against=1, goal_difference=0, points=1, note='joined first')
    """
    rule = row.decided_by
    note = TIE_BREAK_NOTES.get(str(rule), str(rule)) if rule is not None else ""
    return TableLine(
        row.position,
        name,
        row.played,
        row.won,
        row.drawn,
        row.lost,
        row.goals_for,
        row.goals_against,
        row.goal_difference,
        row.points,
        note,
    )


class LeaderLine(NamedTuple):
    """One member on a leaderboard: rank (1 = best), rating, record; ``provisional`` while the
    rating rests on few matches (shown as "1520?")."""

    rank: int
    name: str
    rating: int
    won: int
    drawn: int
    lost: int
    provisional: bool = False

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


@dataclass(frozen=True, slots=True)
class ProfileCard:
    """A member's card for one game. ``last_five`` holds "W", "D" or "L", oldest first (the
    latest is drawn rightmost); ``streak`` is the current run, e.g. ``("W", 3)``; ``rank`` is
    ``None`` before a first rated match; ``members`` (optional) is how many are ranked."""

    name: str
    game: str
    rating: int
    rank: int | None
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    last_five: tuple[str, ...] = ()
    streak: tuple[str, int] | None = None
    provisional: bool = False
    members: int | None = None

    def __post_init__(self) -> None:
        letters = tuple(self.last_five)
        bad = [r for r in letters if r not in RESULT_COLOURS]
        if bad or len(letters) > 5:
            raise ValueError(f"last_five takes up to five of W, D, L; got {self.last_five!r}")
        if self.streak is not None and self.streak[0] not in RESULT_COLOURS:
            raise ValueError(f"a streak is W, D or L and a count; got {self.streak!r}")
        object.__setattr__(self, "last_five", letters)


def signed(n: int) -> str:
    """A goal difference as shown: "+3", "−2" (a minus sign) or "0"."""
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")
