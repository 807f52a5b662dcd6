"""An automatic Socceristic coach and a driver for whole coach-vs-coach matches.

The coach answers every non-dice decision: the end its seed picks, the direction whose
stopping square is best for it (a chance, then the zone it attacks, then an arrow towards the
goal it attacks... down to losing the ball or handing the other team a chance; forwards
preferred), the corner's side its seed picks, and the only card it may draw. Dice decisions are
answered by the caller's dice source. Pure: no I/O.

>>> final, actions, events = play_match(3)
>>> final.over and len(final.lineup[0]) == 16
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import DiceSource, VirtualDice
from engine.core.events import Event
from engine.socceristic.common import XY, attacking, forward, pitch, square_at
from engine.socceristic.options import SIDES
from engine.socceristic.pitch import ENDS, STEP
from engine.socceristic.ruleset import SOCCERISTIC
from engine.socceristic.state import SocceristicState

CHANCE = 10.0  # a goal-scoring opportunity (for: +, against: -)
ZONE_ARROW = 6.0  # an arrow in the zone it attacks: a 1 or 2 is a chance
ARROW_FORWARD = 3.0
ARROW_ACROSS = 2.0
ARROW_BACK = 1.0
WHISTLE = 1.0  # a Referee's Decision card: about even
TACKLE = 0.0  # a coin flip for the ball
PASS_BACK = -1.0  # a pass back in its own zone: usually the keeper's
LOSE = -4.0  # the other team's free move
PROGRESS = 0.25  # per row nearer the goal it attacks
MAX_ACTIONS = 20_000  # a coach-vs-coach match of 50 moves a half needs about 250


def worth(s: SocceristicState, team: int, q: XY) -> float:
    """What the ball stopping at ``q`` after a move by ``team`` is worth to it."""
    sq = square_at(s, q)
    ours = attacking(s, team, q)
    theirs = attacking(s, 1 - team, q)
    if sq.arrow is not None:
        if sq.border == "bold":
            v = CHANCE
        elif ours and sq.green:
            v = ZONE_ARROW
        else:
            dy = STEP[sq.arrow][1] * forward(s, team)
            v = ARROW_FORWARD if dy > 0 else (ARROW_ACROSS if dy == 0 else ARROW_BACK)
    elif sq.symbol == "lose":
        v = -CHANCE if sq.border == "bold" or (theirs and sq.green) else LOSE
    elif sq.symbol == "tackle":  # whoever wins it in its attacking zone has a chance
        v = (
            TACKLE
            + (CHANCE / 2 if sq.green and ours else 0)
            - (CHANCE / 2 if sq.green and theirs else 0)
        )
    elif sq.symbol == "whistle":
        v = CHANCE / 2 if sq.border in ("bold", "double") or (ours and sq.green) else WHISTLE
    elif sq.border == "bold" or ours:
        v = CHANCE  # a pass-back square in the zone it attacks
    else:
        v = PASS_BACK
    return v + PROGRESS * progress(s, team, q)


def progress(s: SocceristicState, team: int, q: XY) -> int:
    """Rows from the goal line ``team`` defends."""
    p = pitch(s)
    return q[1] if s.ends[team] == "north" else p.height - 1 - q[1]


class Coach:
    """A simple, sensible coach for either side; ``seed`` picks its end and corners."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: SocceristicState, decision: Decision) -> Action:
        """The coach's action for a pending non-dice ``decision``."""
        if decision.dice:
            raise ValueError("Dice decisions are answered by a dice source, not the coach.")
        actor = decision.actor
        if decision.kind == "end":
            return Action(actor, "end", {"end": ENDS[self.seed % 2]})
        if decision.kind == "corner":
            return Action(actor, "corner", {"side": ("west", "east")[(self.seed // 2) % 2]})
        if decision.kind == "direction":
            team = SIDES.index(actor)
            best = max(
                decision.choices,
                key=lambda c: worth(state, team, (c.info["to"][0], c.info["to"][1])),
            )
            return best.action
        return decision.choices[0].action


# -- whole matches ----------------------------------------------------------------------


def next_action(coaches: tuple[Coach, Coach], state: SocceristicState, dice: DiceSource) -> Action:
    """The next action of a coach-vs-coach match: the first pending decision, answered by
    ``dice`` for a roll and by that side's coach otherwise."""
    decision = SOCCERISTIC.pending(state)[0]
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    return coaches[SIDES.index(decision.actor)].choose(state, decision)


def iter_match(
    seed: int, dice: DiceSource | None = None, options: dict[str, Any] | None = None
) -> Iterator[tuple[SocceristicState, Action, list[Event]]]:
    """Play a coach-vs-coach match, yielding (state after, action, events) per action. The
    decks are shuffled from ``seed`` unless the options give a deck seed."""
    dice = VirtualDice(seed) if dice is None else dice
    coaches = (Coach(seed), Coach(seed + 1))
    state = SOCCERISTIC.initial({"deck_seed": seed, **(options or {})})
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        action = next_action(coaches, state, dice)
        state, events = SOCCERISTIC.apply(state, action)
        yield state, action, events
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def play_match(
    seed: int, dice: DiceSource | None = None, *, options: dict[str, Any] | None = None
) -> tuple[SocceristicState, list[Action], list[Event]]:
    """Play a whole match between two coaches; returns (final state, actions, events)."""
    state = SOCCERISTIC.initial({"deck_seed": seed, **(options or {})})
    actions: list[Action] = []
    events: list[Event] = []
    for after, action, ev in iter_match(seed, dice, options):
        state = after
        actions.append(action)
        events.extend(ev)
    return state, actions, events
