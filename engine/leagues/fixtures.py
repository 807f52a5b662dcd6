"""Round-robin fixtures by the circle method.

Players are ints (member ids) in **join order**; the same order always gives the same fixtures.
One slot stays fixed and the others rotate one place per round. With an odd count the fixed slot
is the bye: whoever is paired with it sits out that round (named in :attr:`Round.bye`), so every
player has exactly one bye per leg and nobody plays twice in a round.

Home and away: the pair with the fixed slot alternates sides by round parity (home in odd-numbered
rounds of the leg, away in even ones); every other pair has its side fixed by its position in the
circle (pairs at odd positions are flipped). A player moves one position per round, so their side
alternates as they travel round the circle. In a single leg each player's home and away counts
differ by at most 1 (exactly 0 with an odd number of players). The second leg repeats the first
round by round with home and away swapped, so over two legs everyone has as many home matches as
away ones.

>>> for r in round_robin([7, 8, 9]):
...     print(r.number, [tuple(m) for m in r.matches], "bye", r.bye)
1 [(8, 7)] bye 9
2 [(9, 8)] bye 7
3 [(7, 9)] bye 8
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.leagues.errors import BadLegs, DuplicatePlayer, TooFewPlayers

MIN_PLAYERS = 2
LEGS = (1, 2)


class Fixture(NamedTuple):
    """One match of a round: ``home`` plays ``away`` (a pair, so ``home, away = fixture``)."""

    home: int
    away: int


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its matches and the player who sits it out (``None`` with an even count)."""

    number: int  # 1-based, counted across legs (leg 2 of 5 players starts at round 6)
    leg: int  # 1 or 2
    matches: tuple[Fixture, ...]
    bye: int | None = None

    def players(self) -> set[int]:
        """The players who play in this round (not the bye)."""
        return {p for match in self.matches for p in match}


def round_count(players: int, legs: int = 1) -> int:
    """How many rounds ``players`` need: ``players - 1`` per leg if even, ``players`` if odd.

    >>> round_count(4), round_count(5), round_count(5, legs=2)
    (3, 5, 10)
    """
    return (players - 1 + players % 2) * legs


def round_robin(players: Sequence[int], legs: int = 1) -> list[Round]:
    """Every round of a league of ``players`` (in join order) over ``legs`` legs (1 or 2).

    Raises :class:`TooFewPlayers` under 2 players, :class:`DuplicatePlayer` if an id repeats and
    :class:`BadLegs` unless ``legs`` is 1 or 2.
    """
    if legs not in LEGS:
        raise BadLegs(legs)
    order = list(players)
    if len(order) < MIN_PLAYERS:
        raise TooFewPlayers(len(order))
    seen: set[int] = set()
    for player in order:
        if player in seen:
            raise DuplicatePlayer(player)
        seen.add(player)

    first = _first_leg(order)
    rounds = [Round(i + 1, 1, matches, bye) for i, (matches, bye) in enumerate(first)]
    if legs == 2:
        rounds += [
            Round(len(first) + i + 1, 2, tuple(Fixture(m.away, m.home) for m in matches), bye)
            for i, (matches, bye) in enumerate(first)
        ]
    return rounds


def _first_leg(order: list[int]) -> list[tuple[tuple[Fixture, ...], int | None]]:
    """The circle method: slot 0 is fixed (the bye slot when the count is odd), the rest rotate."""
    slots: list[int | None] = [None, *order] if len(order) % 2 else list(order)
    n = len(slots)
    fixed, moving = slots[0], slots[1:]
    leg = []
    for r in range(n - 1):
        circle = [fixed, *moving[r:], *moving[:r]]
        matches: list[Fixture] = []
        bye = None
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
                continue
            flip = r % 2 == 1 if i == 0 else i % 2 == 1
            matches.append(Fixture(b, a) if flip else Fixture(a, b))
        leg.append((tuple(matches), bye))
    return leg
