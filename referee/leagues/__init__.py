"""League domain logic, pure Python: round-robin fixtures, the league table and Elo ratings.

No Discord, no database: the cogs and the store call these functions with plain ints (member
ids) and results, and keep what they return. See ``docs/leagues.md``.

``LeagueService`` (``referee.leagues.service``: leagues over the referee and the store) and its
errors are importable from here too; they load on first use, since the store imports this
package.
"""

from typing import Any

from referee.leagues.errors import (
    BadLegs,
    BadResult,
    DuplicatePlayer,
    LeagueError,
    TooFewPlayers,
    UnknownPlayer,
)
from referee.leagues.fixtures import Fixture, Round, round_count, round_robin
from referee.leagues.ratings import (
    K_ESTABLISHED,
    K_PROVISIONAL,
    PROVISIONAL_GAMES,
    START,
    Change,
    Ending,
    Rating,
    Update,
    expected_score,
    k_factor,
    rate,
    score_of,
)
from referee.leagues.table import (
    FUBA_FORFEIT_SCORE,
    RULES,
    Points,
    Result,
    Row,
    Rule,
    forfeit,
    standings,
)

_SERVICE = ("BadRules", "LeagueService", "NoFixture", "NoLeague", "WhichLeague", "WrongLeague")


def __getattr__(name: str) -> Any:
    if name in _SERVICE:
        from referee.leagues import service

        return getattr(service, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FUBA_FORFEIT_SCORE",
    "K_ESTABLISHED",
    "K_PROVISIONAL",
    "PROVISIONAL_GAMES",
    "RULES",
    "START",
    "BadLegs",
    "BadResult",
    "Change",
    "DuplicatePlayer",
    "Ending",
    "BadRules",
    "Fixture",
    "LeagueError",
    "LeagueService",
    "NoFixture",
    "NoLeague",
    "Points",
    "Rating",
    "Result",
    "Round",
    "Row",
    "Rule",
    "TooFewPlayers",
    "UnknownPlayer",
    "Update",
    "WhichLeague",
    "WrongLeague",
    "expected_score",
    "forfeit",
    "k_factor",
    "rate",
    "round_count",
    "round_robin",
    "score_of",
    "standings",
]
