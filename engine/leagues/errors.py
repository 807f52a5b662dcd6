"""Typed league errors. Every message is meant to be shown to a player or admin as it is."""

from __future__ import annotations

from engine.core.errors import RulesError


class LeagueError(RulesError):
    """A league request the rules refuse (too few players, a result that cannot be)."""


class TooFewPlayers(LeagueError):
    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(f"A league needs at least 2 players; it has {count}.")


class DuplicatePlayer(LeagueError):
    def __init__(self, player: int) -> None:
        self.player = player
        super().__init__(f"Player {player} is in the league twice.")


class BadLegs(LeagueError):
    def __init__(self, legs: int) -> None:
        self.legs = legs
        super().__init__(f"A league has 1 or 2 legs, not {legs}.")


class UnknownPlayer(LeagueError):
    def __init__(self, player: int) -> None:
        self.player = player
        super().__init__(f"Player {player} is not in this league.")


class BadResult(LeagueError):
    """A result that cannot be recorded (negative goals, a player against themselves...)."""


class EmptyName(LeagueError):
    """A league name with nothing visible in it (``engine.leagues.names``)."""

    def __init__(self) -> None:
        super().__init__(
            "A league name needs at least one letter, digit or sign you can see; this one has none."
        )
