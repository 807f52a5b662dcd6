"""The games this bot referees, by ruleset name: the referee, the terminal and the cogs look a
game's adapter (``referee.adapter.Game``) up here and never branch on the ruleset themselves.
A new game adds its adapter here.
"""

from __future__ import annotations

from functools import cache

from engine.core import RulesError
from referee.adapter import Game
from referee.dicesoccer.game import DICESOCCER_GAME
from referee.fuba.game import FUBA_GAME
from referee.simplesoccer.game import SIMPLESOCCER_GAME
from referee.socceristic.game import SOCCERISTIC_GAME

DEFAULT = "fuba"  # the game a match is of unless the caller names another


@cache
def games() -> dict[str, Game]:
    """Every registered game by ruleset name."""
    every = (FUBA_GAME, DICESOCCER_GAME, SIMPLESOCCER_GAME, SOCCERISTIC_GAME)
    return {game.name: game for game in every}


def title_of(name: str) -> str:
    """The title of the game registered as ``name``, or the name itself if there is none."""
    return games()[name].title if name in games() else name


def get(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(sorted(games()))
        raise RulesError(f"Unknown game {name!r}; this bot knows: {known}.") from None
