"""Socceristic views for the board's tests, in the spec's shape: a hand-made mid-match view on the
project's sample pitch (or any pitch data), and the views of coach-vs-coach matches."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.socceristic.options import normalize
from engine.socceristic.pitchfile import SAMPLE_DATA

NAMES = ("Home", "Away")


def options_of(pitch: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    """Normalized options as a view shows them (no deck seed, no deck order)."""
    o = normalize({"pitch": pitch or SAMPLE_DATA, **more})
    o.pop("deck_seed", None)
    o.pop("deck_order", None)
    return o


def hand_view(pitch: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """Home to roll on an arrow in the middle of the first half, Away defending the south."""
    view: dict[str, Any] = {
        "options": options_of(pitch),
        "step": {"k": "advance"},
        "ball": [5, 4],
        "possession": 0,
        "mover": 0,
        "half": 1,
        "ends": ["north", "south"],
        "kickoff_first": 0,
        "score": [1, 0],
        "moves": 12,
        "clock": 0.0,
        "last_at": None,
        "decks": {"outcome": {"left": 9, "size": 12}, "referee": {"left": 11, "size": 12}},
        "last_card": None,
        "restart": None,
        "sheet": {"goals": [], "subs": [], "injuries": [], "cautions": []},
        "lineup": [[f"No. {i}" for i in range(1, 17)] for _ in range(2)],
        "bench": [0, 0],
        "stats": {},
        "over": False,
        "winner": -1,
        "sides": ["home", "away"],
        "attacks": {"home": "south", "away": "north"},
        "pending": [
            {"actor": "home", "kind": "roll", "prompt": "Roll to follow the arrow.", "dice": 1}
        ],
        "last_card_full": None,
        "ball_square": {"symbol": "S", "border": "", "zone": "", "column": 7},
    }
    view.update(copy.deepcopy(changes))
    return view


def referee_card(team: int = 0, to: int = 0, caution: str = "", back: int = 0) -> dict[str, Any]:
    return {
        "deck": "referee",
        "id": "R2",
        "section": "",
        "team": team,
        "text": "Tripped from behind",
        "result": {"to": to, "caution": caution, "back": back},
    }


def outcome_card(team: int, section: str, result: dict[str, Any]) -> dict[str, Any]:
    return {
        "deck": "outcome",
        "id": "O4",
        "section": section,
        "team": team,
        "text": result.get("text", "Tipped over the bar"),
        "result": {"text": "Tipped over the bar", **result},
    }


@cache
def _coach_views(seed: int, length: str) -> list[dict[str, Any]]:
    from engine.core import autoroll
    from engine.core.dice import VirtualDice
    from engine.socceristic import SOCCERISTIC
    from engine.socceristic.coach import Coach

    dice, coach = VirtualDice(seed), Coach(seed)
    state = SOCCERISTIC.initial({"length": length, "deck_seed": seed})
    views = [SOCCERISTIC.view(state, None)]
    while not state.over:
        decision = SOCCERISTIC.pending(state)[0]
        action = autoroll(decision, dice) if decision.dice else coach.choose(state, decision)
        state, _ = SOCCERISTIC.apply(state, action)
        views.append(SOCCERISTIC.view(state, None))
    return views


def coach_views(seed: int, length: str = "30 moves") -> list[dict[str, Any]]:
    """The spectators' view after every action of a coach-vs-coach match, from its opening."""
    return copy.deepcopy(_coach_views(seed, length))
