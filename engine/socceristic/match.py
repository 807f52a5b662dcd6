"""The Socceristic match as a state machine: applying one action.

``state.step`` is the decision now pending (``decisions.pending`` lists its legal choices);
each (step, action kind) has its handler in the module of the rule it plays. Every action runs
the clock first (see ``clock``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.data import json_copy
from engine.core.errors import NotYourDecision
from engine.core.events import Event
from engine.core.steps import dispatch
from engine.socceristic import cards, clock, halves, landing, moves, restarts, sheet, tackles
from engine.socceristic.common import Step, choice, dice, higher, rolled_both, team_name
from engine.socceristic.options import SIDES, normalize
from engine.socceristic.pitch import ENDS
from engine.socceristic.state import SocceristicState

Handler = Callable[[SocceristicState, int, Step, list[Event]], None]
SIMULTANEOUS = ("toss", "tackle")


def new_match(options: dict[str, object] | None = None) -> SocceristicState:
    o = normalize(options)
    s = SocceristicState(options=o)
    s.step = {"k": "toss", "dice": [None, None]}
    s.decks = cards.new_decks(o)
    s.lineup = [json_copy(o["squads"][side]) for side in SIDES]
    return s


def apply(
    s: SocceristicState, action: Action, *, in_place: bool = False
) -> tuple[SocceristicState, list[Event]]:
    """Apply one action. Raises a RulesError (state untouched unless ``in_place``)."""
    return dispatch(
        s,
        action,
        sides=SIDES,
        handlers=HANDLERS,
        check_actor=_check_actor,
        what=what,
        in_place=in_place,
    )


_WAITING = {
    "end": "{team} to choose an end",
    "kickoff": "{team} to roll for the kick-off",
    "advance": "{team} to roll to follow the arrow",
    "free_roll": "{team} to roll for a free move",
    "direction": "{team} to choose a direction",
    "injury": "{team} to roll for the injury",
    "shirt": "{team} to roll for a shirt number",
    "draw": "{team} to draw a card",
    "throw_in": "{team} to roll for the throw-in",
    "goal_kick": "{team} to roll for the goal kick",
    "corner_side": "{team} to choose the corner's side",
    "corner": "{team} to roll for the corner",
}


def what(s: SocceristicState, step: Step) -> str:
    """What the pending step waits for, in words."""
    k = step["k"]
    if k in SIMULTANEOUS:
        who = " and ".join(team_name(t) for t in (0, 1) if step["dice"][t] is None)
        return f"{who} to roll for the {'toss' if k == 'toss' else 'tackle'}"
    return _WAITING[k].format(team=team_name(step["team"]))


def _check_actor(s: SocceristicState, step: Step, team: int) -> None:
    if step["k"] in SIMULTANEOUS:
        if step["dice"][team] is not None:
            raise NotYourDecision(
                f"You have already rolled; waiting for {team_name(1 - team)} to roll."
            )
        return
    if step["team"] != team:
        raise NotYourDecision(f"It is not your decision: waiting for {what(s, step)}.")


def _h_toss(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """STARTING THE GAME: the higher die kicks off the first half; a tie rolls again."""
    pair = rolled_both(s, team, args, "toss_roll", ev)
    if pair is None:
        return
    a, b = pair
    winner = higher(a, b)
    ev.append(Event("toss", {"dice": [a, b], "winner": winner}))
    if winner < 0:
        s.step = {"k": "toss", "dice": [None, None]}
        return
    s.kickoff_first = winner
    s.step = {"k": "end", "team": 1 - winner}  # the other team chooses the end it defends


def _h_end(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    end = choice(args, "end", ENDS, "north or south")
    s.ends[team] = end
    s.ends[1 - team] = halves.other(end)
    ev.append(Event("ends", {"team": team, "end": end, "ends": s.ends[:]}))
    halves.start_half(s, 1, ev)


def _h_shirt(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """A shirt number by two dice, for a scorer, an injured player or a caution."""
    rolled = dice(args, 2)
    step = s.step
    slot = sheet.named(s, team, rolled)
    if slot is None:
        ev.append(Event("shirt_again", {"team": team, "purpose": step["purpose"], "dice": rolled}))
        return
    if step["purpose"] == "scorer":
        sheet.scorer(s, team, slot, ev)
        halves.kick_off(s, 1 - step["goal_for"], ev)  # the team that conceded kicks off
    elif step["purpose"] == "injury":
        sheet.injured(s, team, slot, ev)
        landing.open_play(s, team, step["why"], ev)
    else:
        sheet.caution(s, team, slot, step["colour"], ev)
        cards.take_free_kick(s, step["kick"], ev, step.get("in_box"))


def _timed(handler: Handler) -> Handler:
    def run(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
        clock.tick(s, args)
        handler(s, team, args, ev)

    run.__doc__ = handler.__doc__
    return run


HANDLERS: dict[tuple[str, str], Handler] = {
    key: _timed(h)
    for key, h in {
        ("toss", "roll"): _h_toss,
        ("end", "end"): _h_end,
        ("kickoff", "roll"): landing.h_kickoff,
        ("advance", "roll"): moves.h_advance,
        ("free_roll", "roll"): moves.h_free_roll,
        ("direction", "direction"): moves.h_direction,
        ("tackle", "roll"): tackles.h_tackle,
        ("injury", "roll"): tackles.h_injury,
        ("shirt", "roll"): _h_shirt,
        ("draw", "draw"): cards.h_draw,
        ("throw_in", "roll"): restarts.h_throw_in,
        ("goal_kick", "roll"): restarts.h_goal_kick,
        ("corner_side", "corner"): restarts.h_corner_side,
        ("corner", "roll"): restarts.h_corner,
    }.items()
}
