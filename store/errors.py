"""Typed store errors. Every message can be shown to a player as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from store.challenges import StoredChallenge


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


class ConflictError(StoreError):
    """The match changed since it was read (another click, another process won the race).

    Nothing was written. Reload the match and retry, or tell the player their board is stale.
    """

    def __init__(self, match_id: int, expected: int, actual: int | None = None) -> None:
        self.match_id = match_id
        self.expected = expected
        self.actual = actual
        now = f"it is now at version {actual}" if actual is not None else "it has moved on"
        super().__init__(
            f"Match #{match_id} changed while this move was made (it was read at version "
            f"{expected}; {now}). Nothing was applied: look at the latest board and try again."
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
