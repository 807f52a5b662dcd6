"""Elo ratings, one per member per game per server (the caller keys them; this is the arithmetic).

A rating starts at :data:`START` (1500). After a rated match between A and B:

    E_A = 1 / (1 + 10 ** ((R_B - R_A) / 400))      expected score of A (E_B = 1 - E_A)
    S_A = 1 for a win, 0.5 for a draw, 0 for a loss
    delta_A = round(K_A * (S_A - E_A))               rounded half away from zero
    R_A' = R_A + delta_A

K is :data:`K_PROVISIONAL` (40) while the player is provisional, that is has played fewer than
:data:`PROVISIONAL_GAMES` (10) rated matches before this one, and :data:`K_ESTABLISHED` (20)
after. Each player's K is their own.

Ratings are whole numbers: what a member sees is what is stored, and a rating is always the start
plus the sum of its history's deltas. Rounding half away from zero is symmetric, so when both
players have the same K the points are conserved exactly (delta_B == -delta_A); with different K
(a provisional player against an established one) they are not, by design.

Abandoned and aborted matches are not rated (nothing changes, the match count does not grow);
forfeits, resignations and timeouts are (:class:`Ending`).

>>> update = rate(Rating(), Rating(), 1.0)
>>> update.a.after, update.a.delta, update.b.after, update.b.delta
(Rating(value=1520, games=1), 20, Rating(value=1480, games=1), -20)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from engine.leagues.errors import LeagueError

START = 1500
PROVISIONAL_GAMES = 10  # provisional while fewer rated matches than this have been played
K_PROVISIONAL = 40
K_ESTABLISHED = 20
SCALE = 400  # a difference of 400 points means 10:1 expected odds

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


class Ending(enum.StrEnum):
    """How a match ended; :attr:`rated` says whether it changes ratings."""

    FULL_TIME = "full_time"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"  # the waiting player claimed the win
    FORFEIT = "forfeit"  # awarded by a league admin
    ABANDONED = "abandoned"
    ABORTED = "aborted"

    @property
    def rated(self) -> bool:
        return self not in (Ending.ABANDONED, Ending.ABORTED)


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's rating in one game and how many rated matches it is built on."""

    value: int = START
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def k(self) -> int:
        """The K of this player's next rated match."""
        return k_factor(self.games)


@dataclass(frozen=True, slots=True)
class Change:
    """One player's side of a rating update."""

    before: Rating
    after: Rating
    delta: int  # after.value - before.value
    expected: float  # E, before the match
    score: float  # S: 1, 0.5 or 0
    k: int  # the K used (0 if the match was not rated)


@dataclass(frozen=True, slots=True)
class Update:
    """Both players' changes after one match (``a`` and ``b`` as passed to :func:`rate`)."""

    a: Change
    b: Change
    ending: Ending

    @property
    def rated(self) -> bool:
        return self.ending.rated


def k_factor(games: int) -> int:
    """K for a player with ``games`` rated matches before this one.

    >>> k_factor(0), k_factor(PROVISIONAL_GAMES - 1), k_factor(PROVISIONAL_GAMES)
    (40, 40, 20)
    """
    return K_PROVISIONAL if games < PROVISIONAL_GAMES else K_ESTABLISHED


def expected_score(rating: int, opponent: int) -> float:
    """E: the score a player rated ``rating`` is expected to take from ``opponent``.

    >>> expected_score(1500, 1500)
    0.5
    >>> round(expected_score(1900, 1500), 4)
    0.9091
    """
    return 1 / (1 + 10 ** ((opponent - rating) / SCALE))


def score_of(goals_for: int, goals_against: int) -> float:
    """S from a result: 1 for a win, 0.5 for a draw, 0 for a loss."""
    if goals_for == goals_against:
        return DRAW
    return WIN if goals_for > goals_against else LOSS


def round_half_away(x: float) -> int:
    """Round to a whole number, halves away from zero, so that ``f(-x) == -f(x)``.

    >>> round_half_away(2.5), round_half_away(-2.5), round_half_away(2.4999)
    (3, -3, 2)
    """
    return int(Decimal(x).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def rate(a: Rating, b: Rating, score_a: float, ending: Ending = Ending.FULL_TIME) -> Update:
    """Rate one match of ``a`` against ``b`` where ``a`` scored ``score_a`` (1, 0.5 or 0).

    A forfeit, resignation or timeout is rated like any result (the loser scored 0); an
    abandoned or aborted match returns both ratings unchanged with ``delta == 0`` and ``k == 0``.
    """
    if score_a not in (WIN, DRAW, LOSS):
        raise LeagueError(f"A match score is 1, 0.5 or 0, not {score_a!r}.")
    score_a, ending = float(score_a), Ending(ending)
    # One surprise (S - E) for the match, computed from the higher-rated side (A on equal
    # ratings, where E is exactly 0.5): B's is exactly its negation, and rating B against A
    # gives the mirror image of rating A against B, to the last bit.
    if a.value >= b.value:
        e_a = expected_score(a.value, b.value)
        surprise = score_a - e_a
        e_b = 1 - e_a
    else:
        e_b = expected_score(b.value, a.value)
        surprise = -((1 - score_a) - e_b)
        e_a = 1 - e_b
    score_b = 1 - score_a
    if not ending.rated:
        return Update(Change(a, a, 0, e_a, score_a, 0), Change(b, b, 0, e_b, score_b, 0), ending)
    k_a, k_b = a.k, b.k
    delta_a = round_half_away(k_a * surprise)
    delta_b = round_half_away(-(k_b * surprise))
    return Update(
        Change(a, Rating(a.value + delta_a, a.games + 1), delta_a, e_a, score_a, k_a),
        Change(b, Rating(b.value + delta_b, b.games + 1), delta_b, e_b, score_b, k_b),
        ending,
    )
