"""Applying an action to a game whose pending decision is one step (``state.step["k"]``) with
a handler per (step, action kind): the dispatch two rulesets share (Sports Dice Soccer, Simple
Soccer)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.core.actions import Action
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.core.options import side_index


class StepState(Protocol):
    step: dict[str, Any]
    over: bool

    def clone(self) -> Any: ...


S = TypeVar("S", bound=StepState)
Handler = Callable[[S, int, dict[str, Any], list[Event]], None]


def dispatch(
    s: S,
    action: Action,
    *,
    sides: Sequence[str],
    handlers: Mapping[tuple[str, str], Handler[S]],
    check_actor: Callable[[S, dict[str, Any], int], None],
    what: Callable[[S, dict[str, Any]], str],
    refusal: str = "{kind!r} is not possible now: waiting for {waiting}.",
    in_place: bool = False,
) -> tuple[S, list[Event]]:
    """Apply one action: the actor must be a side that may decide the pending step, and the
    step must take the action's kind (else ``refusal``, given the kind and ``what`` the step
    waits for). Raises a RulesError (``s`` untouched unless ``in_place``)."""
    if s.over:
        raise RulesError("The match is over.")
    team = side_index(sides, action.actor)
    step = s.step
    check_actor(s, step, team)
    handler = handlers.get((step["k"], action.kind))
    if handler is None:
        raise MalformedAction(refusal.format(kind=action.kind, waiting=what(s, step)))
    args = action.args if isinstance(action.args, dict) else {}
    if not in_place:
        s = s.clone()
    events: list[Event] = []
    handler(s, team, args, events)
    return s, events
