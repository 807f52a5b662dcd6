"""Socceristic behind the engine contract of ``engine.core``."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.socceristic import decisions, match
from engine.socceristic.cards import card_data
from engine.socceristic.common import pitch
from engine.socceristic.options import SIDES
from engine.socceristic.state import SCHEMA_VERSION, SocceristicState

SECRET_OPTIONS = ("deck_seed", "deck_order")


class SocceristicRuleset:
    """Socceristic (sides ``home`` and ``away``).

    >>> from engine.core import Action
    >>> s = SOCCERISTIC.initial()
    >>> [d.actor for d in SOCCERISTIC.pending(s)]
    ['home', 'away']
    >>> s, _ = SOCCERISTIC.apply(s, Action("home", "roll", {"dice": [5]}))
    >>> s, events = SOCCERISTIC.apply(s, Action("away", "roll", {"dice": [2]}))
    >>> events[-1].data["winner"], SOCCERISTIC.pending(s)[0].kind
    (0, 'end')
    """

    name = "socceristic"
    schema_version = SCHEMA_VERSION
    sides = SIDES

    def initial(self, options: dict[str, Any] | None = None) -> SocceristicState:
        return match.new_match(options)

    def pending(self, state: SocceristicState) -> list[Decision]:
        return decisions.pending(state)

    def apply(
        self, state: SocceristicState, action: Action
    ) -> tuple[SocceristicState, list[Event]]:
        return match.apply(state, action)

    def apply_in_place(self, state: SocceristicState, action: Action) -> list[Event]:
        """Faster apply for trusted simulations; the state may change even on error."""
        return match.apply(state, action, in_place=True)[1]

    def problem(self, state: SocceristicState, action: Action) -> str | None:
        """Why ``action`` is illegal now (a player-readable sentence), or None."""
        try:
            match.apply(state, action)
        except RulesError as exc:
            return str(exc)
        return None

    def view(self, state: SocceristicState, viewer: str | None) -> dict[str, Any]:
        """The state without its secrets (the decks' order, their seed and scripted order),
        the same for every viewer, plus who attacks which end, the pending decisions, the
        last card in full and the square the ball is on."""
        data = state.to_json()
        data["options"] = {k: v for k, v in data["options"].items() if k not in SECRET_OPTIONS}
        p = pitch(state)
        data["decks"] = {
            deck: {"left": len(pack["order"]), "size": len(p.ids(deck))}
            for deck, pack in state.decks.items()
        }
        data["sides"] = list(SIDES)
        data["attacks"] = {SIDES[t]: state.ends[1 - t] for t in (0, 1)} if all(state.ends) else {}
        data["pending"] = [
            {"actor": d.actor, "kind": d.kind, "prompt": d.prompt, "dice": d.dice}
            for d in self.pending(state)
        ]
        last = state.last_card
        if last is None:
            data["last_card_full"] = None
        else:
            card = p.card(last["deck"], last["id"])
            data["last_card_full"] = {**last, **card_data(card, last["section"], last["team"])}
        if state.ball is None:
            data["ball_square"] = None
        else:
            x, y = state.ball
            sq = p.square(x, y)
            data["ball_square"] = {
                "symbol": sq.symbol,
                "border": sq.border,
                "zone": sq.zone,
                "column": p.number_of(x),
            }
        return data

    def to_json(self, state: SocceristicState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> SocceristicState:
        return SocceristicState.from_json(data)

    def is_over(self, state: SocceristicState) -> bool:
        return state.over


SOCCERISTIC = SocceristicRuleset()
