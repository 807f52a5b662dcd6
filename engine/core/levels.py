"""Coach levels shared by every game: the names, the check of a chosen level, and two
generic policy wrappers around a game's normal coach.

- ``Easy`` makes mistakes on purpose: at a seeded rate it takes a random legal choice
  instead of the coach's.
- ``Strong`` searches: at a decision with few legal choices it plays each one out many
  times (determinised Monte Carlo: the other side's secrets are replaced by sampled ones,
  the dice are fresh) with the normal coach on both sides, scores the positions reached and
  takes the best, within a time budget per decision.

A game with its own easy or strong coach (FUBA) uses its own classes; the others wire these
wrappers up in ``engine/<game>/levels.py`` with ``build``.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import DiceSource, VirtualDice

EASY, NORMAL, STRONG = "easy", "normal", "strong"
LEVELS = (EASY, NORMAL, STRONG)
BUDGET = 1.0  # seconds a strong coach may think per decision
MISTAKE_RATE = 0.3  # how often the generic easy coach takes a random choice instead
MAX_CHOICES = 6  # the generic strong coach searches decisions with at most this many choices
ROUNDS = 12  # ... playing each choice out at most this many times
HORIZON = 60  # ... for at most this many actions before scoring the position

Clock = Callable[[], float]


class Policy(Protocol):
    """An automatic player: the action for a pending non-dice decision."""

    def choose(self, state: Any, decision: Decision) -> Action: ...


def level_problem(text: str) -> str | None:
    """Why ``text`` is not a coach level (a sentence for the player), or None.

    >>> level_problem("strong") is None
    True
    >>> level_problem("hard")
    "There is no coach level 'hard': choose easy, normal or strong."
    """
    if text in LEVELS:
        return None
    return f"There is no coach level {text!r}: choose easy, normal or strong."


def check_level(level: str) -> None:
    """Raise ``ValueError`` with ``level_problem``'s sentence for an unknown level."""
    problem = level_problem(level)
    if problem is not None:
        raise ValueError(problem)


def fingerprint(*parts: Any) -> int:
    """A stable 64-bit number from JSON-native ``parts`` (seeds a decision's randomness from
    what the deciding side may see, never from a secret)."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _view_key(ruleset: Any, state: Any, actor: str) -> Any:
    return ruleset.view(state, actor)


class Easy:
    """A coach that makes human-like slips: at ``rate`` a random legal choice instead of
    ``coach``'s. The draw is seeded by ``seed`` and by what the deciding side sees, so the
    same position gives the same answer (the referee makes a new policy per decision)."""

    thinks = False

    def __init__(
        self,
        ruleset: Any,
        coach: Policy,
        seed: int,
        rate: float = MISTAKE_RATE,
        key: Callable[[Any, str], Any] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.coach = coach
        self.seed = seed
        self.rate = rate
        self.key = key or (lambda state, actor: _view_key(ruleset, state, actor))
        self.needs_choices = True
        if getattr(coach, "before_roll", None) is not None:
            self.before_roll = self._before_roll

    def _rng(self, state: Any, decision: Decision) -> random.Random:
        return random.Random(
            fingerprint("easy", self.seed, decision.kind, self.key(state, decision.actor))
        )

    def choose(self, state: Any, decision: Decision) -> Action:
        choices = decision.choices
        if len(choices) > 1 and not decision.dice:
            rng = self._rng(state, decision)
            if rng.random() < self.rate:
                return rng.choice(choices).action
        return self.coach.choose(state, decision)

    def _before_roll(self, state: Any, decision: Decision) -> Action | None:
        """A call before the roll (Simple Soccer's tackle): now and then the other way."""
        planned = self.coach.before_roll(state, decision)  # type: ignore[attr-defined]
        rng = self._rng(state, decision)
        if rng.random() >= self.rate:
            return planned
        if planned is not None or not decision.choices:
            return None
        return rng.choice(decision.choices).action


def copy_state(ruleset: Any, state: Any) -> Any:
    """A copy of ``state`` the rollout may change: the state's own ``clone`` when it has one."""
    clone = getattr(state, "clone", None)
    return clone() if clone is not None else ruleset.from_json(ruleset.to_json(state))


def default_next(ruleset: Any, coach: Policy, state: Any, dice: DiceSource) -> Action:
    """The next action of a rollout: a roll from ``dice``, else ``coach``'s choice."""
    decision = ruleset.pending(state)[0]
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    return coach.choose(state, decision)


class Strong:
    """Determinised Monte Carlo search over a decision's legal choices.

    At a decision with 2 to ``max_choices`` choices (and not secret: the other side would
    see it in a rollout), each round samples a world the deciding side cannot tell from the
    real one (``hide``: the other side's hidden choices and anything neither side knows
    drawn afresh), then plays each choice out for up to ``horizon`` actions with ``coach``'s
    normal play on both sides and the same fresh dice for every choice, and scores the
    position reached with ``evaluate(state, team)`` (expected points: a win 1, a draw 1/2).
    It stops when ``budget`` seconds have passed on ``clock`` (checked before every
    rollout) or after ``rounds`` rounds, and takes the best average; the normal coach's
    choice wins ties and is taken when nothing could be played out. Other decisions get
    the normal coach's answer.
    """

    thinks = True

    def __init__(
        self,
        ruleset: Any,
        coach: Policy,
        seed: int,
        budget: float = BUDGET,
        *,
        evaluate: Callable[[Any, int], float],
        hide: Callable[[Any, int, random.Random], Any] | None = None,
        next_action: Callable[[Any, DiceSource], Action] | None = None,
        key: Callable[[Any, str], Any] | None = None,
        max_choices: int = MAX_CHOICES,
        rounds: int = ROUNDS,
        horizon: int = HORIZON,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.ruleset = ruleset
        self.coach = coach
        self.seed = seed
        self.budget = budget
        self.evaluate = evaluate
        self.hide = hide or (lambda state, team, rng: copy_state(ruleset, state))
        self.next_action = next_action or (
            lambda state, dice: default_next(ruleset, coach, state, dice)
        )
        self.key = key or (lambda state, actor: _view_key(ruleset, state, actor))
        self.max_choices = max_choices
        self.rounds = rounds
        self.horizon = horizon
        self.clock = clock
        self.rollouts = 0  # rollouts played for the last decision
        in_place = getattr(ruleset, "apply_in_place", None)
        self._apply: Callable[[Any, Action], Any] = in_place or self._apply_copy
        self._in_place = in_place is not None
        self.needs_choices = True
        if getattr(coach, "before_roll", None) is not None:
            self.before_roll = coach.before_roll  # type: ignore[attr-defined]

    def _apply_copy(self, state: Any, action: Action) -> Any:
        return self.ruleset.apply(state, action)[0]

    def choose(self, state: Any, decision: Decision) -> Action:
        self.rollouts = 0
        options = self._candidates(state, decision)
        if len(options) < 2:
            return options[0]
        return self.search(state, decision.actor, options)

    def searches(self, state: Any, decision: Decision) -> bool:
        """Whether ``choose`` searches this decision; otherwise it answers at once with the
        normal coach's choice (the referee then need not send it to the thinking worker)."""
        return len(self._candidates(state, decision)) >= 2

    def _candidates(self, state: Any, decision: Decision) -> list[Action]:
        """The choices to search, the normal coach's first; only that one when the decision
        is not searched (dice, a secret, too many choices)."""
        normal = self.coach.choose(state, decision)
        if decision.dice or decision.secret or len(decision.choices) > self.max_choices + 1:
            return [normal]
        options: list[Action] = [normal]
        for choice in decision.choices:
            if choice.action not in options:
                options.append(choice.action)
        return options if len(options) <= self.max_choices else [normal]

    def search(self, state: Any, actor: str, options: list[Action]) -> Action:
        """The best of ``options`` (the first is the normal coach's) for ``actor``."""
        team = list(self.ruleset.sides).index(actor)
        rng = random.Random(fingerprint("strong", self.seed, self.key(state, actor)))
        deadline = self.clock() + self.budget
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        for _ in range(self.rounds):
            world = self.hide(state, team, rng)
            dice_seed = rng.getrandbits(64)
            for i, option in enumerate(options):
                if self.clock() >= deadline:
                    return _best(options, totals, counts)
                totals[i] += self._play_out(world, option, team, dice_seed)
                counts[i] += 1
                self.rollouts += 1
        return _best(options, totals, counts)

    def _play_out(self, world: Any, option: Action, team: int, dice_seed: int) -> float:
        ruleset = self.ruleset
        state = copy_state(ruleset, world)
        dice = VirtualDice(dice_seed)
        state = self._step(state, option)
        for _ in range(self.horizon):
            if ruleset.is_over(state):
                break
            state = self._step(state, self.next_action(state, dice))
        return self.evaluate(state, team)

    def _step(self, state: Any, action: Action) -> Any:
        if self._in_place:
            self._apply(state, action)
            return state
        return self._apply(state, action)


def _best(options: list[Action], totals: list[float], counts: list[int]) -> Action:
    best, best_mean = 0, None
    for i, (total, n) in enumerate(zip(totals, counts, strict=True)):
        if n and (best_mean is None or total / n > best_mean + 1e-9):
            best, best_mean = i, total / n
    return options[best]


def build(
    level: str,
    normal: Policy,
    seed: int,
    budget: float = BUDGET,
    *,
    ruleset: Any,
    evaluate: Callable[[Any, int], float],
    hide: Callable[[Any, int, random.Random], Any] | None = None,
    next_action: Callable[[Any, DiceSource], Action] | None = None,
    key: Callable[[Any, str], Any] | None = None,
    max_choices: int = MAX_CHOICES,
    horizon: int = HORIZON,
    strong: type[Strong] = Strong,
) -> Policy:
    """A game's coach of ``level`` (``LEVELS``) around its ``normal`` coach: ``Easy``, the
    ``strong`` search (``Strong`` or a game's own subclass) with the game's settings, or
    ``normal`` itself. ``ValueError`` for an unknown level."""
    check_level(level)
    if level == EASY:
        return Easy(ruleset, normal, seed, key=key)
    if level == STRONG:
        return strong(
            ruleset,
            normal,
            seed,
            budget,
            evaluate=evaluate,
            hide=hide,
            next_action=next_action,
            key=key,
            max_choices=max_choices,
            horizon=horizon,
        )
    return normal
