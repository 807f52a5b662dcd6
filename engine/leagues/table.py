"""The league table from results.

Points are 3 for a win, 1 for a draw, 0 for a loss (:class:`Points` changes them). A game without
draws (Sports Dice Soccer always has a winner) simply has no drawn results. Rows are ordered by
the rules of :data:`RULES`, in order:

1. points, 2. goal difference, 3. goals scored (over all matches);
4. head to head among the players still tied: a mini-table of only the matches between them,
   compared by points, then goal difference, then goals scored. If the mini-table separates some of
   them, it is drawn up again for each group still tied (fewer players, so other matches); if it
   separates none, the next rule decides;
5. fewer forfeits (matches the player lost by forfeit);
6. join order: who joined the league first ranks higher (always decides: ids are distinct).

A forfeit is recorded as a result with a stated score (:func:`forfeit`): 3-0 in FUBA, the
target score to 0 in Sports Dice Soccer. It counts in the table like any other result.

>>> results = [Result(1, 2, 2, 0), Result(2, 3, 1, 1), forfeit(3, 1, loser=3, score=3)]
>>> for row in standings([1, 2, 3], results):
...     print(row.position, row.player, row.points, row.goal_difference, row.decided_by)
1 1 6 5 points
2 2 1 -2 goal_difference
3 3 1 -3 None
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.leagues.errors import BadResult, DuplicatePlayer, UnknownPlayer

DEFAULT_FORFEIT_SCORE = 3  # an awarded match is 3-0, as in football; a game may set its own


class Rule(enum.StrEnum):
    """A rule that can place one row above the next, in the order they are applied."""

    POINTS = "points"
    GOAL_DIFFERENCE = "goal_difference"
    GOALS_FOR = "goals_for"
    HEAD_TO_HEAD_POINTS = "head_to_head_points"
    HEAD_TO_HEAD_GOAL_DIFFERENCE = "head_to_head_goal_difference"
    HEAD_TO_HEAD_GOALS_FOR = "head_to_head_goals_for"
    FORFEITS = "forfeits"
    JOIN_ORDER = "join_order"


RULES: tuple[Rule, ...] = tuple(Rule)


@dataclass(frozen=True, slots=True)
class Result:
    """A played (or forfeited) league match. ``forfeit`` marks a result awarded by forfeit: the
    side with no goals is the one that forfeited."""

    home: int
    away: int
    home_goals: int
    away_goals: int
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise BadResult(f"Player {self.home} cannot play against themselves.")
        for goals in (self.home_goals, self.away_goals):
            if not isinstance(goals, int) or isinstance(goals, bool) or goals < 0:
                raise BadResult(f"Goals must be a whole number, 0 or more, not {goals!r}.")
        if self.forfeit and (min(self.home_goals, self.away_goals) != 0 or self.winner is None):
            raise BadResult("A forfeit is a win to nil for the side that did not forfeit.")

    @property
    def winner(self) -> int | None:
        """The winning player, ``None`` for a draw."""
        if self.home_goals == self.away_goals:
            return None
        return self.home if self.home_goals > self.away_goals else self.away

    @property
    def forfeited_by(self) -> int | None:
        """The player who forfeited, ``None`` unless this is a forfeit."""
        if not self.forfeit:
            return None
        return self.away if self.winner == self.home else self.home


def forfeit(home: int, away: int, *, loser: int, score: int = DEFAULT_FORFEIT_SCORE) -> Result:
    """The result of fixture ``home`` v ``away`` awarded ``score``-0 against ``loser``.

    >>> forfeit(1, 2, loser=1, score=5)
    Result(home=1, away=2, home_goals=0, away_goals=5, forfeit=True)
    """
    if loser not in (home, away):
        raise BadResult(f"Player {loser} does not play in this fixture.")
    if score < 1:
        raise BadResult(f"A forfeit is awarded by at least 1 goal, not {score}.")
    if loser == home:
        return Result(home, away, 0, score, forfeit=True)
    return Result(home, away, score, 0, forfeit=True)


@dataclass(frozen=True, slots=True)
class Points:
    """Points for a win, a draw and a loss."""

    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line. ``decided_by`` names the rule that places this row above the next one
    (``None`` on the last row)."""

    position: int
    player: int
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    points: int
    forfeits: int  # matches this player lost by forfeit
    decided_by: Rule | None

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against


@dataclass(slots=True)
class _Line:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0
    forfeits: int = 0

    def add(self, scored: int, conceded: int, points: Points) -> None:
        self.played += 1
        self.goals_for += scored
        self.goals_against += conceded
        if scored > conceded:
            self.won += 1
            self.points += points.win
        elif scored == conceded:
            self.drawn += 1
            self.points += points.draw
        else:
            self.lost += 1
            self.points += points.loss


def _lines(players: Iterable[int], results: Iterable[Result], points: Points) -> dict[int, _Line]:
    lines = {p: _Line() for p in players}
    for r in results:
        lines[r.home].add(r.home_goals, r.away_goals, points)
        lines[r.away].add(r.away_goals, r.home_goals, points)
        if r.forfeited_by is not None:
            lines[r.forfeited_by].forfeits += 1
    return lines


# The rules of one step, each with its measure of a player (higher ranks first).
Criteria = list[tuple[Rule, Callable[[int], int]]]


def _split(group: list[int], criteria: Criteria) -> tuple[list[list[int]], list[Rule]]:
    """Order ``group`` by ``criteria`` (each higher is better); players equal on every criterion
    stay together. Returns the subgroups in order and the rule between each one and the next."""

    def key(p: int) -> tuple[int, ...]:
        return tuple(f(p) for _, f in criteria)

    ranked = sorted(group, key=key, reverse=True)  # stable: ties keep their order
    subgroups: list[list[int]] = [[ranked[0]]]
    rules: list[Rule] = []
    for before, player in zip(ranked, ranked[1:], strict=False):
        a, b = key(before), key(player)
        if a == b:
            subgroups[-1].append(player)
            continue
        rules.append(next(rule for (rule, _), x, y in zip(criteria, a, b, strict=True) if x != y))
        subgroups.append([player])
    return subgroups, rules


def standings(
    players: Sequence[int], results: Iterable[Result], points: Points = Points()
) -> list[Row]:
    """The table of ``players`` (in join order; every player has a row, played or not) after
    ``results``, ordered by :data:`RULES`.

    Raises :class:`UnknownPlayer` for a result of someone outside ``players`` and
    :class:`DuplicatePlayer` if an id repeats.
    """
    order: dict[int, int] = {}
    for i, p in enumerate(players):
        if p in order:
            raise DuplicatePlayer(p)
        order[p] = i
    played = list(results)
    for r in played:
        for p in (r.home, r.away):
            if p not in order:
                raise UnknownPlayer(p)
    lines = _lines(order, played, points)

    ranked: list[tuple[int, Rule | None]] = []  # (player, rule placing them above the next)

    def place(
        subgroups: list[list[int]], rules: list[Rule], within: Callable[[list[int]], None]
    ) -> None:
        for i, sub in enumerate(subgroups):
            if len(sub) > 1:
                within(sub)
            else:
                ranked.append((sub[0], None))
            if i < len(rules):
                ranked[-1] = (ranked[-1][0], rules[i])

    def final(group: list[int]) -> None:
        subgroups, rules = _split(
            group,
            [
                (Rule.FORFEITS, lambda p: -lines[p].forfeits),
                (Rule.JOIN_ORDER, lambda p: -order[p]),
            ],
        )
        place(subgroups, rules, final)  # never recurses: join order separates everyone

    def head_to_head(group: list[int]) -> None:
        members = set(group)
        mini = _lines(group, (r for r in played if {r.home, r.away} <= members), points)
        subgroups, rules = _split(
            group,
            [
                (Rule.HEAD_TO_HEAD_POINTS, lambda p: mini[p].points),
                (
                    Rule.HEAD_TO_HEAD_GOAL_DIFFERENCE,
                    lambda p: mini[p].goals_for - mini[p].goals_against,
                ),
                (Rule.HEAD_TO_HEAD_GOALS_FOR, lambda p: mini[p].goals_for),
            ],
        )
        # Draw the mini-table up again only if this one separated some of the group.
        place(subgroups, rules, head_to_head if len(subgroups) > 1 else final)

    subgroups, rules = _split(
        list(order),
        [
            (Rule.POINTS, lambda p: lines[p].points),
            (Rule.GOAL_DIFFERENCE, lambda p: lines[p].goals_for - lines[p].goals_against),
            (Rule.GOALS_FOR, lambda p: lines[p].goals_for),
        ],
    )
    place(subgroups, rules, head_to_head)

    return [
        Row(
            position=i + 1,
            player=p,
            played=lines[p].played,
            won=lines[p].won,
            drawn=lines[p].drawn,
            lost=lines[p].lost,
            goals_for=lines[p].goals_for,
            goals_against=lines[p].goals_against,
            points=lines[p].points,
            forfeits=lines[p].forfeits,
            decided_by=rule,
        )
        for i, (p, rule) in enumerate(ranked)
    ]
