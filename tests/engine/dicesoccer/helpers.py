"""Build Sports Dice Soccer positions directly and drive them with scripted dice.

Dice are written as symbol letters (B ball, K kick, P penalty, R red card) and turned into die
values with the match's faces, so the tests read like the rulebook."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, RulesError
from engine.dicesoccer import DICESOCCER, DiceSoccerState
from engine.dicesoccer import match as ds_match
from engine.dicesoccer.options import symbols_to_dice
from tests.engine.scenario import find as find  # re-exported for the tests here
from tests.engine.scenario import kinds as kinds

WHITE, BLACK = "white", "black"


def position(
    *,
    ball: int = 4,
    chip: str = BLACK,
    score: tuple[int, int] = (0, 0),
    penalty: tuple[int, int] = (0, 0),
    **options: Any,
) -> DiceSoccerState:
    """A match waiting for both teams to roll for the play. With the default 3 sections per
    half, White's half is sections 1-3 and Black's 4-6: ball 4 is White's kick-off spot
    (White on offense), ball 3 Black's."""
    s = DICESOCCER.initial(options)
    s.ball = ball
    s.chip = 0 if chip == WHITE else 1
    s.score = list(score)
    s.penalty = list(penalty)
    ds_match._new_exchange(s, ds_match.PLAY)
    return s


def dice(state: DiceSoccerState, letters: str) -> list[int]:
    return symbols_to_dice(letters, state.faces)


def roll(state: DiceSoccerState, side: str, letters: str) -> tuple[DiceSoccerState, list[Event]]:
    return DICESOCCER.apply(state, Action(side, "roll", {"dice": dice(state, letters)}))


def both(state: DiceSoccerState, white: str, black: str) -> tuple[DiceSoccerState, list[Event]]:
    """White rolls ``white``, then Black rolls ``black``."""
    state, ev1 = roll(state, WHITE, white)
    state, ev2 = roll(state, BLACK, black)
    return state, ev1 + ev2


def act(
    state: DiceSoccerState, side: str, kind: str, **args: Any
) -> tuple[DiceSoccerState, list[Event]]:
    return DICESOCCER.apply(state, Action(side, kind, args))


def decision(state: DiceSoccerState) -> Any:
    """The single pending decision."""
    pend = DICESOCCER.pending(state)
    assert len(pend) == 1, pend
    return pend[0]


def waiting(state: DiceSoccerState) -> list[tuple[str, str, int]]:
    """(actor, kind, dice) of every pending decision."""
    return [(d.actor, d.kind, d.dice) for d in DICESOCCER.pending(state)]


def refused(
    state: DiceSoccerState,
    actor: str,
    kind: str,
    error: type[Exception] = RulesError,
    /,
    **args: Any,
) -> str:
    """Assert the action is refused with ``error`` and a readable message, and leaves the
    state unchanged; returns the message."""
    before = DICESOCCER.to_json(state)
    try:
        DICESOCCER.apply(state, Action(actor, kind, args))
    except RulesError as exc:
        if not isinstance(exc, error):
            raise AssertionError(
                f"expected {error.__name__}, got {type(exc).__name__}: {exc}"
            ) from exc
        message = str(exc)
    else:
        raise AssertionError(f"{actor} {kind} {args} was accepted")
    assert DICESOCCER.to_json(state) == before, "a refused action changed the state"
    assert len(message) > 10, message
    return message
