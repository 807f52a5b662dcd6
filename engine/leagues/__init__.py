"""League rules, pure Python: round-robin fixtures, the league table and Elo ratings.

No Discord, no database: the referee's ``LeagueService`` and the store call these functions
with plain ints (member ids) and results, and keep what they return. See ``docs/leagues.md``.
"""

from engine.leagues.errors import (
    BadLegs,
    BadResult,
    DuplicatePlayer,
    EmptyName,
    LeagueError,
    TooFewPlayers,
    UnknownPlayer,
)
from engine.leagues.fixtures import Fixture, Round, round_count, round_robin
from engine.leagues.names import league_name, normal_name
from engine.leagues.ratings import (
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
from engine.leagues.table import (
    DEFAULT_FORFEIT_SCORE,
    RULES,
    Points,
    Result,
    Row,
    Rule,
    forfeit,
    standings,
)

__all__ = [
    "DEFAULT_FORFEIT_SCORE",
    "K_ESTABLISHED",
    "K_PROVISIONAL",
    "PROVISIONAL_GAMES",
    "RULES",
    "START",
    "BadLegs",
    "BadResult",
    "Change",
    "DuplicatePlayer",
    "EmptyName",
    "Ending",
    "Fixture",
    "LeagueError",
    "Points",
    "Rating",
    "Result",
    "Round",
    "Row",
    "Rule",
    "TooFewPlayers",
    "UnknownPlayer",
    "Update",
    "expected_score",
    "forfeit",
    "k_factor",
    "league_name",
    "normal_name",
    "rate",
    "round_count",
    "round_robin",
    "score_of",
    "standings",
]
