"""Sports Dice Soccer behind the engine contract of ``engine.core``."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.dicesoccer import chart, decisions, match
from engine.dicesoccer.options import SIDES
from engine.dicesoccer.state import SCHEMA_VERSION, DiceSoccerState


class DiceSoccerRuleset:
    """Sports Dice Soccer (sides ``white`` and ``black``).

    >>> from engine.core import Action
    >>> s = DICESOCCER.initial()
    >>> [d.actor for d in DICESOCCER.pending(s)]
    ['white', 'black']
    >>> s, _ = DICESOCCER.apply(s, Action("white", "roll", {"dice": [5]}))
    >>> s, events = DICESOCCER.apply(s, Action("black", "roll", {"dice": [2]}))
    >>> events[-1].data["winner"], DICESOCCER.pending(s)[0].kind
    (0, 'start')
    """

    name = "dicesoccer"
    schema_version = SCHEMA_VERSION
    sides = SIDES

    def initial(self, options: dict[str, Any] | None = None) -> DiceSoccerState:
        return match.new_match(options)

    def pending(self, state: DiceSoccerState) -> list[Decision]:
        return decisions.pending(state)

    def apply(self, state: DiceSoccerState, action: Action) -> tuple[DiceSoccerState, list[Event]]:
        return match.apply(state, action)

    def apply_in_place(self, state: DiceSoccerState, action: Action) -> list[Event]:
        """Faster apply for trusted simulations; the state may change even on error."""
        return match.apply(state, action, in_place=True)[1]

    def problem(self, state: DiceSoccerState, action: Action) -> str | None:
        """Why ``action`` is illegal now (a player-readable sentence), or None."""
        try:
            match.apply(state, action)
        except RulesError as exc:
            return str(exc)
        return None

    def view(self, state: DiceSoccerState, viewer: str | None) -> dict[str, Any]:
        """Everything is public in Sports Dice Soccer: ``viewer`` changes nothing. Besides the
        state, the view spells out who is on offense, the dice as symbols, where the ball is
        and the penalties in force."""
        data = state.to_json()
        faces = state.faces
        started = state.ball > 0
        roll = state.roll
        dice = roll.get("dice") or [None, None]
        data["sides"] = list(SIDES)
        data["offense"] = SIDES[chart.offense(state)] if started else None
        data["defense"] = SIDES[1 - chart.offense(state)] if started else None
        data["chip_holder"] = SIDES[state.chip] if state.chip >= 0 else None
        if started:
            half, deep = chart.depth(state.sections, state.ball)
            data["ball_zone"] = {"half": SIDES[half], "depth": deep, "of": state.sections}
        else:
            data["ball_zone"] = None
        data["dice_symbols"] = {
            SIDES[t]: None if dice[t] is None else chart.symbols(faces, dice[t]) for t in (0, 1)
        }
        data["dice_fewer"] = {SIDES[t]: state.penalty[t] for t in (0, 1)}
        if state.last is not None:
            data["last"]["symbols"] = [chart.symbols(faces, d) for d in state.last["dice"]]
        data["winner_side"] = SIDES[state.winner] if state.winner >= 0 else None
        data["pending"] = [
            {"actor": d.actor, "kind": d.kind, "prompt": d.prompt, "dice": d.dice}
            for d in self.pending(state)
        ]
        return data

    def to_json(self, state: DiceSoccerState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> DiceSoccerState:
        return DiceSoccerState.from_json(data)

    def is_over(self, state: DiceSoccerState) -> bool:
        return state.over


DICESOCCER = DiceSoccerRuleset()
