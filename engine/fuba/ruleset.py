"""FUBA 3rd edition (basic rules) behind the engine contract of ``engine.core``."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.fuba import decisions, match, position
from engine.fuba.board import SIDES
from engine.fuba.state import SCHEMA_VERSION, FubaState

HIDDEN = "hidden"


class FubaRuleset:
    name = "fuba"
    schema_version = SCHEMA_VERSION
    sides = SIDES

    def initial(self, options: dict[str, Any] | None = None) -> FubaState:
        """A new match; ``{"position": text}`` starts from that position instead (its rules
        are the position's own: ``from_position``)."""
        if options and "position" in options:
            if len(options) > 1:
                raise position.PositionError(
                    "A position carries its own rules: give no other option with it."
                )
            return position.from_position(options["position"])
        return match.new_match(options)

    def pending(self, state: FubaState) -> list[Decision]:
        return decisions.pending(state)

    def apply(self, state: FubaState, action: Action) -> tuple[FubaState, list[Event]]:
        return match.apply(state, action)

    def apply_in_place(self, state: FubaState, action: Action) -> list[Event]:
        """Faster apply for trusted simulations; the state is changed even on error."""
        return match.apply(state, action, in_place=True)[1]

    def problem(self, state: FubaState, action: Action) -> str | None:
        """Why ``action`` is illegal now (a player-readable sentence), or None."""
        try:
            match.apply(state, action)
        except RulesError as exc:
            return str(exc)
        return None

    def view(self, state: FubaState, viewer: str | None) -> dict[str, Any]:
        """The state as ``viewer`` may see it: unrevealed formation cards (with their roles
        and skills) and penalty choices of the other side are hidden."""
        data = copy.deepcopy(state.to_json())
        me = SIDES.index(viewer) if viewer in SIDES else -1
        for step in data["agenda"]:
            if step["k"] == "formation":
                step["picks"] = [
                    p if (p is None or t == me) else HIDDEN for t, p in enumerate(step["picks"])
                ]
                for secret in ("roles", "skills"):  # A2 roles, A11 skills: until the reveal
                    if step.get(secret):
                        step[secret] = [
                            r if (r is None or t == me) else HIDDEN
                            for t, r in enumerate(step[secret])
                        ]
        turn = data["turn"]
        if turn.get("kind") == "penalty":
            owners = {"keeper_side": 1 - state.control, "kick_side": state.control}
            for key, owner in owners.items():
                if key in turn and owner != me:
                    turn[key] = HIDDEN
        data["pending"] = [
            {"actor": d.actor, "kind": d.kind, "prompt": d.prompt} for d in self.pending(state)
        ]
        return data

    def to_json(self, state: FubaState) -> dict[str, Any]:
        # A clone copies every list and dict the engine changes in place; nested values
        # inside steps are replaced, never mutated, so sharing them is safe.
        return state.clone().to_json()

    def from_json(self, data: dict[str, Any]) -> FubaState:
        return FubaState.from_json(data)

    def is_over(self, state: FubaState) -> bool:
        return state.over

    def position(self, state: FubaState) -> str:
        """The state as one line of the FUBA position notation (docs/fuba-position.md)."""
        return position.position(state)

    def from_position(self, text: str) -> FubaState:
        """The state a position text describes; ``position.PositionError`` names the faulty
        field of a text that cannot be read or could not be played on."""
        return position.from_position(text)


FUBA = FubaRuleset()
