"""The referee's own next action in a match: a virtual roll, or a decision of the automatic
coach. One function (``next_action``) serves both the store's follow-up callback, on the event
loop, and the worker process where a thinking coach (the strong level) makes its decisions
(``referee.thinking``), so both take exactly the same action for the same match.

The coach is given as a policy; in the follow-up callback a thinking coach is ``Deferred``:
asked for a decision, it stops the follow-ups (``ThinkingDue``) and the referee has that
decision made off the event loop.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from engine.core import Action, Decision
from engine.core.levels import NORMAL
from referee import match_dice
from referee.adapter import Game, JSONData, Policy, thinks


class ThinkingDue(Exception):
    """The referee's next action is a decision of a thinking coach: not to be made here."""


class Deferred:
    """A thinking coach as the follow-up callback sees it: a decision it would search stops
    the follow-ups; one it answers at once (its ``searches`` says so: the normal coach's
    choice, a secret, a forced move) is answered here, saving a trip to the worker. A coach
    without ``searches`` has every decision made off the loop. It has ``before_roll`` only
    when the coach has one (a call before its own roll), so its plain rolls are still rolled
    at once."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        if getattr(policy, "before_roll", None) is not None:
            self.before_roll = self._before_roll

    def _searches(self, state: Any, decision: Decision) -> bool:
        searches = getattr(self.policy, "searches", None)
        return searches is None or bool(searches(state, decision))

    def choose(self, state: Any, decision: Decision) -> Action:
        if self._searches(state, decision):
            raise ThinkingDue()
        return self.policy.choose(state, decision)

    def _before_roll(self, state: Any, decision: Decision) -> Action | None:
        if self._searches(state, decision):
            raise ThinkingDue()
        return self.policy.before_roll(state, decision)  # type: ignore[attr-defined]


def coach_seed(options: JSONData) -> int:
    """The coach's own seed (formations, penalty sides): derived from the dice seed."""
    digest = hashlib.sha256(f"coach:{options['seed']}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def coach_level(options: JSONData) -> str:
    """The level of the match's coach (normal for a match started before levels)."""
    return str(options.get("coach_level") or NORMAL)


def coach_of(game: Game, options: JSONData, budget: float) -> Policy:
    """The match's coach for a follow-up callback on the event loop: ``Deferred`` when it
    thinks."""
    policy = game.coach(coach_seed(options), coach_level(options), budget)
    return Deferred(policy) if thinks(policy) else policy


def next_action(
    game: Game,
    options: JSONData,
    state: Any,
    count: int,
    coach: Callable[[], Policy],
) -> Action | None:
    """The referee's own next action (not yet stamped), or None when a player decides: a
    virtual roll (``count`` actions logged before it), the coach's call before its own roll,
    or the coach's decision. ``coach()`` makes the player of ``options["coach_side"]`` (called
    only when it has something to decide). Raises ``ThinkingDue`` when a ``Deferred`` coach is
    asked."""
    manual = options.get("dice") == "physical" or options.get("player_rolls")
    coach_side = options.get("coach_side")
    pending = game.ruleset.pending(state)
    rolls = {decision.actor for decision in pending if decision.dice}
    # a call the coach may make before its own roll (a tackle): the coach says whether
    before = getattr(coach(), "before_roll", None) if coach_side in rolls else None
    for decision in pending:
        if before is not None and decision.actor == coach_side and not decision.dice:
            action = before(state, decision)
            if action is not None:
                return action
    for decision in pending:
        if decision.dice and (not manual or decision.actor == coach_side):
            dice = match_dice.roll(options["seed"], count, decision.dice)
            return Action(decision.actor, "roll", {"dice": dice})
        if not decision.dice and decision.actor == coach_side and before is None:
            return coach().choose(state, decision)
    return None
