"""Typed referee errors. Every message is meant to be shown to a player as it is."""

from __future__ import annotations


class RefereeError(Exception):
    """Something the referee refused; nothing was changed."""


class NoMatch(RefereeError):
    def __init__(self) -> None:
        super().__init__("There is no match in this channel.")


class NotAPlayer(RefereeError):
    def __init__(self) -> None:
        super().__init__("You are not playing in this match.")


class NotYourTurn(RefereeError):
    """The caller plays in the match but no decision of theirs is pending: ``who`` ("Ada
    (West)") must first do ``task`` (the game's words for the decision, ``Game.task``)."""

    def __init__(self, who: str, task: str) -> None:
        self.who = who
        self.task = task
        super().__init__(f"Not your turn: {who} must first {task}.")


class NotNow(RefereeError):
    """The caller's own decision is pending, and the action is not one that answers it:
    ``side`` ("West") must first do ``task``."""

    def __init__(self, side: str, task: str) -> None:
        self.side = side
        self.task = task
        super().__init__(f"Not now: {side} must first {task}.")


class CannotAbort(RefereeError):
    def __init__(self) -> None:
        super().__init__(
            "The match has kicked off, so it can no longer be aborted; resign if you want to stop."
        )


class BadOption(RefereeError):
    """A match option the referee does not know (dice mode, coach side...)."""


class OtherMatch(RefereeError):
    """A choice drawn for an earlier match of the channel (an old button)."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            f"That choice belongs to match #{match_id}, which is over; nothing was changed."
        )


class StillYourDecision(RefereeError):
    """Claiming a win (or handing the opponent to the coach) while one's own decision is
    pending too: both ran out of time on a decision made at once."""

    def __init__(self) -> None:
        super().__init__(
            "Your own decision is still pending too: make it first; if your opponent's time "
            "then runs out, you may claim the win."
        )


class OtherGame(RefereeError):
    """A command of one game in a channel whose match is of another game."""

    def __init__(self, ruleset: str, wanted: str) -> None:
        self.ruleset, self.wanted = ruleset, wanted
        super().__init__(f"The match in this channel is {ruleset}, not {wanted}.")


class NotExpired(RefereeError):
    """Claiming a win or handing the opponent's side to the coach before their time ran out."""

    def __init__(self, why: str | None = None) -> None:
        super().__init__(
            why
            or "Your opponent's time to decide has not run out, so you cannot claim the win or "
            "hand their side to the automatic coach yet."
        )


class NothingToUndo(RefereeError):
    """``undo`` with no action of the caller's to take back."""

    def __init__(self) -> None:
        super().__init__(
            "Nothing to take back: only your own moves in the current step, before any dice "
            "are rolled, can be undone."
        )
