"""Simple Soccer behind the engine contract of ``engine.core``."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.simplesoccer import decisions, match, movement
from engine.simplesoccer.field import SIDES, name
from engine.simplesoccer.state import SCHEMA_VERSION, SimpleSoccerState


class SimpleSoccerRuleset:
    """Simple Soccer, basic rules (sides ``west`` and ``east``).

    >>> from engine.core import Action
    >>> s = SIMPLESOCCER.initial({"size": "small"})
    >>> s, _ = SIMPLESOCCER.apply(s, Action("west", "roll", {"dice": [5]}))
    >>> s, events = SIMPLESOCCER.apply(s, Action("east", "roll", {"dice": [2]}))
    >>> events[-1].data["winner"], [d.kind for d in SIMPLESOCCER.pending(s)]
    (0, ['setup', 'setup'])
    """

    name = "simplesoccer"
    schema_version = SCHEMA_VERSION
    sides = SIDES

    def initial(self, options: dict[str, Any] | None = None) -> SimpleSoccerState:
        return match.new_match(options)

    def pending(self, state: SimpleSoccerState) -> list[Decision]:
        return decisions.pending(state)

    def apply(
        self, state: SimpleSoccerState, action: Action
    ) -> tuple[SimpleSoccerState, list[Event]]:
        return match.apply(state, action)

    def apply_in_place(self, state: SimpleSoccerState, action: Action) -> list[Event]:
        """Faster apply for trusted simulations; the state may change even on error."""
        return match.apply(state, action, in_place=True)[1]

    def problem(self, state: SimpleSoccerState, action: Action) -> str | None:
        """Why ``action`` is illegal now (a player-readable sentence), or None."""
        try:
            match.apply(state, action)
        except RulesError as exc:
            return str(exc)
        return None

    def view(self, state: SimpleSoccerState, viewer: str | None) -> dict[str, Any]:
        """Everything is public but the shootout goalkeeper's spot, hidden from all but its
        side until the kick's die is rolled, and the kicker's secret die face (advanced
        shootout, a penalty in play) hidden from all but its side until the spot is picked.
        Besides the state: the field's geometry, the members' and the ball's square names, the
        points left, the pending decisions."""
        f = state.field
        data = state.to_json()
        data["field"] = f.to_json()
        data["sides"] = list(SIDES)
        data["squares"] = {
            SIDES[t]: {label: name(f, m["at"]) for label, m in state.members[t].items()}
            for t in (0, 1)
        }
        data["ball_name"] = None if state.ball is None else name(f, state.ball)
        data["at_feet"] = [
            {"side": SIDES[t], "member": label}
            for t in (0, 1)
            for label in state.members[t]
            if state.held < 0 and movement.can_kick(state, t, label)
        ]
        data["points_left"] = None if state.turn is None else state.turn["left"]
        data["last_path"] = None if state.last is None else state.last["path"]
        sh = data.get("shootout")
        step = state.step
        if sh is not None and sh["ball"] is None and step.get("k") == "penalty":
            keeper = SIDES[1 - step["team"]]
            if viewer != keeper:
                sh["spot"] = None
        # Advanced overtime shootout: the kicker's hidden face, until the goalkeeper's spot
        if sh is not None and sh.get("face") is not None and viewer != SIDES[sh["kicker"]]:
            sh["face"] = None
        # a penalty in play (Optional fouls): the hidden face and the goalkeeper's spot
        shown = data["step"]
        if step.get("k") == "pen_spot" and viewer != SIDES[step["kicker"]]:
            shown["face"] = None
        if step.get("k") == "pen_kick" and viewer != SIDES[1 - step["team"]]:
            shown["spot"] = None
        data["winner_side"] = SIDES[state.winner] if state.winner >= 0 else None
        data["pending"] = [
            {"actor": d.actor, "kind": d.kind, "prompt": d.prompt, "dice": d.dice}
            for d in decisions.pending(state, light=True)
        ]
        return data

    def to_json(self, state: SimpleSoccerState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> SimpleSoccerState:
        return SimpleSoccerState.from_json(data)

    def is_over(self, state: SimpleSoccerState) -> bool:
        return state.over


SIMPLESOCCER = SimpleSoccerRuleset()
