"""What the Socceristic engine is waiting for: the pending decisions with their legal choices.
Autocomplete, buttons, the automatic coach and the random player of the property test all read
the legal choices from here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.socceristic.common import Step, ball, pitch, square_at
from engine.socceristic.moves import Way, ways
from engine.socceristic.options import SIDES
from engine.socceristic.pitch import DIRECTION_WORDS, ENDS
from engine.socceristic.restarts import SIDES_OF_PITCH
from engine.socceristic.state import SocceristicState

SYMBOL_WORDS = {
    "lose": "the ball is lost",
    "tackle": "a tackle",
    "whistle": "the referee's whistle",
    "pass_back": "a pass back",
}
_FREE = {
    "lose": "You won the ball",
    "tackle": "You won the tackle",
    "bounce": "You won the bounce-up",
    "free_kick": "Free kick",
}
_SHIRT = {
    "scorer": "Goal! Roll two dice for the scorer's shirt number.",
    "injury": "Roll two dice for the injured player's shirt number.",
    "caution": "Roll two dice for the shirt number of the player shown the {colour} card.",
}
_DRAW = {
    "chance": "Draw an Outcome card: a chance at goal!",
    "penalty": "Draw an Outcome card: a penalty!",
    "pass_back": "Draw an Outcome card: a pass back to your keeper.",
    "": "Whistle! Draw a Referee's Decision card.",
}


def pending(s: SocceristicState) -> list[Decision]:
    if s.over:
        return []
    return _PENDING[s.step["k"]](s, s.step)


def _roll(step: Step, prompt: str, n: int, purpose: str, **info: Any) -> list[Decision]:
    info = {"purpose": purpose, **info}
    return [Decision(SIDES[step["team"]], "roll", prompt, dice=n, info=info)]


def _both(step: Step, prompt: str, purpose: str) -> list[Decision]:
    return [
        Decision(SIDES[t], "roll", prompt, dice=1, info={"purpose": purpose})
        for t in (0, 1)
        if step["dice"][t] is None
    ]


def _p_toss(s: SocceristicState, step: Step) -> list[Decision]:
    return _both(step, "Toss: roll one die (higher kicks off, a tie rolls again).", "toss")


def _p_end(s: SocceristicState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    choices = tuple(
        Choice(Action(side, "end", {"end": end}), f"defend the {end} end") for end in ENDS
    )
    prompt = "You kick off the second half: choose the end you defend in the first half."
    return [Decision(side, "end", prompt, choices)]


def _p_kickoff(s: SocceristicState, step: Step) -> list[Decision]:
    return _roll(step, "Roll for the kick-off.", 1, "kickoff")


def _p_advance(s: SocceristicState, step: Step) -> list[Decision]:
    direction = square_at(s, ball(s)).arrow
    assert direction is not None
    prompt = f"Roll to follow the arrow {DIRECTION_WORDS[direction]}."
    if step["chance"]:
        prompt += " A 1 or 2 is a chance at goal!"
    return _roll(step, prompt, 1, "arrow", direction=direction, chance=step["chance"])


def _p_free_roll(s: SocceristicState, step: Step) -> list[Decision]:
    prompt = f"{_FREE[step['why']]}: roll, then choose a direction."
    return _roll(step, prompt, 1, "free", why=step["why"])


def stops_at(s: SocceristicState, way: Way) -> str:
    """What the ball finds where it stops, in a player's words."""
    sq = pitch(s).square(*way.to)
    what = SYMBOL_WORDS.get(sq.symbol) or f"an arrow pointing {DIRECTION_WORDS[sq.symbol]}"
    if sq.border == "bold":
        what += " (bold: a chance)"
    return what


def _p_direction(s: SocceristicState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    p = pitch(s)
    choices = tuple(
        Choice(
            Action(side, "direction", {"direction": w.direction}),
            f"{DIRECTION_WORDS[w.direction]}, {w.steps} square{'s' if w.steps != 1 else ''}: "
            f"{stops_at(s, w)}",
            {"distance": w.steps, "to": list(w.to), "column": p.number_of(w.to[0])},
        )
        for w in ways(s, step)
    )
    n = step["n"]
    what = "the throw-in" if step["why"] == "throw_in" else "the ball"
    prompt = f"Choose a direction for {what} ({n} square{'s' if n != 1 else ''})."
    return [Decision(side, "direction", prompt, choices, info={"distance": n, "why": step["why"]})]


def _p_tackle(s: SocceristicState, step: Step) -> list[Decision]:
    if step["bounce"]:
        return _both(step, "Bounce-up: roll one die (higher wins the ball).", "bounce")
    return _both(step, "Tackle: roll one die (higher wins the ball).", "tackle")


def _p_injury(s: SocceristicState, step: Step) -> list[Decision]:
    what = "bounce-up" if step["why"] == "bounce" else "tackle"
    prompt = f"A tie in the {what}: roll two dice for an injury (8 or more: a substitution)."
    return _roll(step, prompt, 2, "injury")


def _p_shirt(s: SocceristicState, step: Step) -> list[Decision]:
    purpose = step["purpose"]
    prompt = _SHIRT[purpose].format(colour=step.get("colour", ""))
    return _roll(step, prompt, 2, purpose, shirt=True)


def _p_draw(s: SocceristicState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    info = {"deck": step["deck"], "section": step["section"]}
    choice = Choice(Action(side, "draw", {}), "draw a card", info)
    return [Decision(side, "draw", _DRAW[step["section"]], (choice,), info=info)]


def _p_throw_in(s: SocceristicState, step: Step) -> list[Decision]:
    return _roll(step, "Roll for the throw-in.", 1, "throw_in")


def _p_goal_kick(s: SocceristicState, step: Step) -> list[Decision]:
    if step["purpose"] == "place":
        return _roll(step, "Goal kick: roll two dice to place the ball on ODD.", 2, "place")
    return _roll(step, "Goal kick: roll two dice for how far it goes.", 2, "kick")


def _p_corner_side(s: SocceristicState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    choices = tuple(
        Choice(Action(side, "corner", {"side": where}), f"the {where} corner")
        for where in SIDES_OF_PITCH
    )
    return [Decision(side, "corner", "Corner! Choose the side to take it from.", choices)]


def _p_corner(s: SocceristicState, step: Step) -> list[Decision]:
    return _roll(step, "Corner kick: roll two dice.", 2, "corner", side=step["side"])


_PENDING: dict[str, Callable[[SocceristicState, Step], list[Decision]]] = {
    "toss": _p_toss,
    "end": _p_end,
    "kickoff": _p_kickoff,
    "advance": _p_advance,
    "free_roll": _p_free_roll,
    "direction": _p_direction,
    "tackle": _p_tackle,
    "injury": _p_injury,
    "shirt": _p_shirt,
    "draw": _p_draw,
    "throw_in": _p_throw_in,
    "goal_kick": _p_goal_kick,
    "corner_side": _p_corner_side,
    "corner": _p_corner,
}
