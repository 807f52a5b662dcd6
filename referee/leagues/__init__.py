"""Leagues over the referee and the store: ``LeagueService`` and its errors. The league rules
themselves (fixtures, table, Elo) are pure and live in ``engine.leagues``."""

from referee.leagues.service import (
    BadRules,
    LeagueService,
    NoFixture,
    NoLeague,
    WhichLeague,
    WrongLeague,
)

__all__ = ["BadRules", "LeagueService", "NoFixture", "NoLeague", "WhichLeague", "WrongLeague"]
