"""An automatic Sports Dice Soccer coach and a driver for whole coach-vs-coach matches.

The coach answers every non-dice decision with a simple, deterministic policy read from the
dice chart (``chart.effect``): it picks the play worth most, uses the Power Chip when the roll
it would win matters, and (advanced rule) re-rolls when the expected gain is worth the chip.
Dice decisions are answered by the caller's dice source. Pure: no I/O.

>>> final, actions, events = play_match(7)
>>> final.over and max(final.score) == 3
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from math import factorial
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import DiceSource, VirtualDice
from engine.core.events import Event
from engine.dicesoccer import chart
from engine.dicesoccer.match import PLAY, tallies
from engine.dicesoccer.options import BALL, SIDES, SYMBOLS
from engine.dicesoccer.ruleset import DICESOCCER
from engine.dicesoccer.state import DiceSoccerState

GOAL = 10.0  # a goal, for or against
SHOT = 5.0  # a shot at goal (about a coin flip at six dice each)
FREE_KICK = 6.5  # a free kick (the defense rolls one die fewer)
RED_CARD = 1.0  # the opponent rolls one die fewer for a while
FIELD = 4.0  # the whole length of the field, goal line to goal line
CHIP = 1.5  # what holding the Power Chip is worth
MARGIN = 0.25  # re-roll only for a clear expected gain
MAX_ACTIONS = 5_000  # a coach-vs-coach match needs about 100


def value(s: DiceSoccerState, team: int, e: chart.Effect) -> float:
    """What the play ``e`` (by either team) is worth to ``team``; higher is better."""
    sign = 1.0 if e.team == team else -1.0
    if e.goal_for >= 0:
        v = GOAL if e.goal_for == team else -GOAL
    elif e.kind == "shot":
        v = sign * SHOT
    elif e.kind == "free_kick":
        v = sign * FREE_KICK
    else:
        assert e.ball_to is not None
        n = 2 * s.sections + 1
        ahead = e.ball_to if team == 0 else n - e.ball_to  # distance from our own goal
        v = FIELD * ahead / n
    if e.penalize >= 0:
        v += RED_CARD if e.penalize != team else -RED_CARD
    return v


def _best_play(s: DiceSoccerState, team: int, winner: int, dice: list[int]) -> float:
    """The value to ``team`` when ``winner`` wins with ``dice`` and picks its best play."""
    options = chart.options_for(s, winner, dice)
    values = [value(s, team, e) for e in options]
    return max(values) if winner == team else min(values)


def _outcome(s: DiceSoccerState, team: int, winner: int) -> float:
    """The value to ``team`` of ``winner`` winning the current roll."""
    dice = s.roll["dice"]
    if s.roll["for"] == PLAY:
        return _best_play(s, team, winner, dice[winner])
    off = chart.offense(s)
    if winner != off:
        return 0.0  # blocked
    return GOAL if off == team else -GOAL


def _compositions(k: int) -> list[tuple[int, ...]]:
    return [c for c in product(range(k + 1), repeat=len(SYMBOLS)) if sum(c) == k]


_COMPOSITIONS = {k: _compositions(k) for k in range(7)}


class Coach:
    """A simple, sensible coach for either side. ``seed`` is kept for symmetry with the FUBA
    coach; the policy itself is a function of the state."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: DiceSoccerState, decision: Decision) -> Action:
        """The coach's action for a pending non-dice ``decision``."""
        if decision.dice:
            raise ValueError("Dice decisions are answered by a dice source, not the coach.")
        team = SIDES.index(decision.actor)
        actor = decision.actor
        if decision.kind == "start":
            return Action(actor, "start", {"role": "offense"})
        if decision.kind == "chip":
            return Action(actor, "chip", {"use": self.use_chip(state, team)})
        if decision.kind == "pick":
            return Action(actor, "pick", {"symbol": self.pick(state, team)})
        if decision.kind == "reroll":
            return Action(actor, "reroll", {"positions": self.reroll(state, team)})
        return decision.choices[0].action

    # -- policies ----------------------------------------------------------------------

    def pick(self, s: DiceSoccerState, team: int) -> str:
        """The most valuable of the tied symbols."""
        options = chart.options_for(s, team, s.roll["dice"][team])
        return max(options, key=lambda e: value(s, team, e)).symbol

    def use_chip(self, s: DiceSoccerState, team: int) -> bool:
        """Use the chip when winning this roll instead of losing it is worth more than the
        chip itself (always at a shot or a free kick)."""
        return _outcome(s, team, team) - _outcome(s, team, 1 - team) >= CHIP

    def reroll(self, s: DiceSoccerState, team: int) -> list[int]:
        """The dice to re-roll (positions 1..n), or [] to keep them and the chip."""
        keep = self._keep_value(s, team)
        dice = s.roll["dice"][team]
        targets = SYMBOLS if s.roll["for"] == PLAY else (BALL,)
        best: tuple[float, list[int]] = (keep + CHIP + MARGIN, [])
        for target in targets:
            positions = [i + 1 for i, d in enumerate(dice) if s.faces[d - 1] != target]
            if not positions:
                continue
            ev = self._reroll_value(s, team, positions)
            if ev > best[0]:
                best = (ev, positions)
        return best[1]

    def _keep_value(self, s: DiceSoccerState, team: int) -> float:
        mine, theirs = (tallies(s)[t] for t in (team, 1 - team))
        win, lose = _outcome(s, team, team), _outcome(s, team, 1 - team)
        if mine > theirs:
            return win
        if mine < theirs:
            return lose
        return max(win - CHIP, lose)

    def _reroll_value(self, s: DiceSoccerState, team: int, positions: list[int]) -> float:
        """The expected value of re-rolling ``positions`` (exact: every composition of the
        new symbols, with its multinomial probability). Ties are lost after a re-roll."""
        faces = s.faces
        dice = s.roll["dice"][team]
        kept = sorted(faces[dice[i] - 1] for i in range(len(dice)) if i + 1 not in positions)
        # only the symbols count, so equal facts give the same value: memoised on them
        return _reroll_ev(
            tuple(faces),
            s.sections,
            s.ball,
            team,
            s.roll["for"] == PLAY,
            tuple(kept),
            len(positions),
            tallies(s)[1 - team],
            _outcome(s, team, 1 - team),
        )


@lru_cache(maxsize=1 << 16)
def _reroll_ev(
    faces: tuple[str, ...],
    sections: int,
    ball: int,
    team: int,
    play: bool,
    kept: tuple[str, ...],
    k: int,
    theirs: int,
    lose: float,
) -> float:
    """``Coach._reroll_value`` from the facts it depends on: the faces, the ball, the kept
    symbols, how many dice are re-rolled, the opponent's tally and the value of losing."""
    s = DiceSoccerState(options={"sections": sections, "faces": list(faces)}, ball=ball)
    p = [faces.count(sym) / 6 for sym in SYMBOLS]
    # a representative die value per symbol, to build the final dice
    rep = {sym: faces.index(sym) + 1 for sym in SYMBOLS}
    face_list = list(faces)
    base = [rep[sym] for sym in kept]
    total = 0.0
    for comp in _COMPOSITIONS[k]:
        prob = float(factorial(k))
        for c, q in zip(comp, p, strict=True):
            prob *= q**c / factorial(c)
        if prob == 0.0:
            continue
        final = base + [rep[sym] for sym, c in zip(SYMBOLS, comp, strict=True) for _ in range(c)]
        if play:
            mine = chart.best(face_list, final)[0]
            v = _best_play(s, team, team, final) if mine > theirs else lose
        else:
            mine = chart.balls(face_list, final)
            v = _shot_win(s, team) if mine > theirs else lose
        total += prob * v
    return total


def _shot_win(s: DiceSoccerState, team: int) -> float:
    return GOAL if chart.offense(s) == team else 0.0


# -- whole matches ----------------------------------------------------------------------


def next_action(coach: Coach, state: DiceSoccerState, dice: DiceSource) -> Action:
    """The next action of a coach-vs-coach match: the first pending decision, answered by
    ``dice`` for a roll and by ``coach`` otherwise."""
    decision = DICESOCCER.pending(state)[0]
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    return coach.choose(state, decision)


def iter_match(
    seed: int,
    dice: DiceSource | None = None,
    coach: Coach | None = None,
    options: dict[str, Any] | None = None,
) -> Iterator[tuple[DiceSoccerState, Action, list[Event]]]:
    """Play a coach-vs-coach match, yielding (state after, action, events) per action."""
    dice = VirtualDice(seed) if dice is None else dice
    coach = Coach(seed) if coach is None else coach
    state = DICESOCCER.initial(options)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        action = next_action(coach, state, dice)
        state, events = DICESOCCER.apply(state, action)
        yield state, action, events
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def play_match(
    seed: int,
    dice: DiceSource | None = None,
    *,
    coach: Coach | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[DiceSoccerState, list[Action], list[Event]]:
    """Play a whole match between two coaches; returns (final state, actions, events).
    ``dice`` defaults to ``VirtualDice(seed)``."""
    state = DICESOCCER.initial(options)
    actions: list[Action] = []
    events: list[Event] = []
    for after, action, ev in iter_match(seed, dice, coach, options):
        state = after
        actions.append(action)
        events.extend(ev)
    return state, actions, events
