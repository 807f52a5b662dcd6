"""Typed store errors. Every message can be shown to a player as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import registry

if TYPE_CHECKING:
    from store.challenges import StoredChallenge
    from store.leagues import StoredFixture, StoredLeague, StoredResult


class StoreError(Exception):
    """Something the store refused; nothing was written."""


class MatchNotFound(StoreError, LookupError):
    """No match has that id."""


class NoActiveMatch(MatchNotFound):
    """The channel has no match in progress."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        super().__init__("There is no match in this channel.")


class ChannelBusy(StoreError):
    """The channel already has an active match."""

    def __init__(self, channel_id: int, match_id: int | None) -> None:
        self.channel_id = channel_id
        self.match_id = match_id
        which = f" (match #{match_id})" if match_id is not None else ""
        super().__init__(
            f"This channel already has a match in progress{which}; finish or abort it first."
        )


class MatchNotActive(StoreError):
    """The match is finished or aborted: it takes no more actions."""

    def __init__(self, match_id: int, status: str) -> None:
        self.match_id = match_id
        self.status = status
        super().__init__(f"Match #{match_id} is {status}; it takes no more moves.")


class UnreadableMatch(StoreError):
    """The channel's match is saved in a form this bot cannot read: a state schema version it
    has no upgrade for, text that is not JSON, an unknown game. Nothing was written; the only
    thing such a match still takes is being called off (``MatchStore.abort`` reads none of it).
    ``players`` are the two players' user ids."""

    def __init__(
        self,
        match_id: int,
        channel_id: int,
        ruleset: str,
        players: tuple[int, int],
        version: int,
        why: str,
    ) -> None:
        self.match_id = match_id
        self.channel_id = channel_id
        self.ruleset = ruleset
        self.players = players
        self.version = version
        self.why = why
        # Each game's commands are named after it; any game's abort frees the channel.
        group = ruleset if ruleset in registry.RULESETS else registry.FUBA.name
        super().__init__(
            f"{why} Nothing can be played in it: one of its players, or a member with Manage "
            f"Server, can call it off with `/{group} abort` to free this channel."
        )


class ConflictError(StoreError):
    """The match changed since it was read (another click, another process won the race).

    Nothing was written. Reload the match and retry, or tell the player their board is stale.
    """

    def __init__(self, match_id: int, expected: int, actual: int | None = None) -> None:
        self.match_id = match_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"Match #{match_id} changed while this move was made, so this is out of date: "
            "nothing was applied. Look at the live board and try again."
        )


class ChallengePending(StoreError):
    """The channel already has an open challenge that has not expired; nothing was written.
    ``challenge`` is that challenge (a ``store.challenges.StoredChallenge``)."""

    def __init__(self, challenge: StoredChallenge) -> None:
        self.challenge = challenge
        super().__init__(
            f"This channel already has an open challenge ({challenge.challenger_name} "
            f"challenged {challenge.opponent_name}); it must be answered or withdrawn first, "
            f"or it lapses at {challenge.expires_at:%Y-%m-%d %H:%M} UTC."
        )


# -- leagues ---------------------------------------------------------------------------------


class LeagueStoreError(StoreError):
    """A league request the store refused; nothing was written."""


class LeagueNotFound(LeagueStoreError, LookupError):
    def __init__(self, what: int | str) -> None:
        self.what = what
        name = f"#{what}" if isinstance(what, int) else f"called {what!r}"
        super().__init__(f"There is no league {name} on this server.")


class LeagueExists(LeagueStoreError):
    """A league of that name is open or running: end it before creating its next season."""

    def __init__(self, league: StoredLeague) -> None:
        self.league = league
        super().__init__(
            f"This server already has a league called {league.name!r} (season {league.season}, "
            f"{league.status}); end it before creating the next season."
        )


class BadLeague(LeagueStoreError, ValueError):
    """A league request with a value that cannot be (a name too long, 3 legs, no reason)."""


class LeagueNotOpen(LeagueStoreError):
    """Joining, leaving and starting are only for a league that has not started."""

    def __init__(self, league: StoredLeague, doing: str) -> None:
        self.league = league
        self.doing = doing
        super().__init__(
            f"League {league.name!r} has {_past(league.status)}: members can only {doing} "
            "before it starts."
        )


class LeagueNotRunning(LeagueStoreError):
    """Results are only recorded while a league runs."""

    def __init__(self, league: StoredLeague) -> None:
        self.league = league
        state = "has not started yet" if league.status == "open" else "has ended"
        super().__init__(f"League {league.name!r} {state}: it takes no results now.")


class LeagueEnded(LeagueStoreError):
    def __init__(self, league: StoredLeague) -> None:
        self.league = league
        super().__init__(f"League {league.name!r} (season {league.season}) has already ended.")


class AlreadyMember(LeagueStoreError):
    def __init__(self, league: StoredLeague, user_id: int) -> None:
        self.league = league
        self.user_id = user_id
        super().__init__(f"<@{user_id}> is already in league {league.name!r}.")


class NotMember(LeagueStoreError):
    def __init__(self, league: StoredLeague, user_id: int) -> None:
        self.league = league
        self.user_id = user_id
        super().__init__(f"<@{user_id}> is not in league {league.name!r}.")


class NotEnoughMembers(LeagueStoreError):
    def __init__(self, league: StoredLeague, count: int) -> None:
        self.league = league
        self.count = count
        super().__init__(
            f"League {league.name!r} needs at least 2 members to start; it has {count}."
        )


class FixtureNotFound(LeagueStoreError, LookupError):
    def __init__(self, fixture_id: int) -> None:
        self.fixture_id = fixture_id
        super().__init__(f"There is no league fixture #{fixture_id}.")


class FixtureDecided(LeagueStoreError):
    """The fixture already has its result (a forfeit or a second match cannot replace it;
    an admin's set-result can)."""

    def __init__(self, fixture: StoredFixture, result: StoredResult) -> None:
        self.fixture = fixture
        self.result = result
        super().__init__(
            f"That fixture is already decided: <@{fixture.home_id}> {result.home_goals}-"
            f"{result.away_goals} <@{fixture.away_id}> ({result.reason.replace('_', ' ')})."
        )


class FixtureInPlay(LeagueStoreError):
    def __init__(self, fixture: StoredFixture) -> None:
        self.fixture = fixture
        super().__init__(f"That fixture is already being played (match #{fixture.match_id}).")


class NotInFixture(LeagueStoreError):
    def __init__(self, fixture: StoredFixture, user_id: int) -> None:
        self.fixture = fixture
        self.user_id = user_id
        super().__init__(
            f"<@{user_id}> does not play in that fixture (<@{fixture.home_id}> v "
            f"<@{fixture.away_id}>)."
        )


def _past(status: str) -> str:
    return "started" if status == "running" else "ended"


class StoreBusy(StoreError):
    """The database stayed locked by another program through every retry; nothing was
    written."""

    def __init__(self) -> None:
        super().__init__("The match database is busy right now; nothing was changed. Try again.")
