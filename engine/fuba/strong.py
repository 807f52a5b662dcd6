"""The strong FUBA coach: the normal coach's play, with a search at the decisions that
matter most.

At the target area of a turn, the action to take, second actions or a new turn, and a free
kick's shot or pass, it plays each candidate out to the start of the turn after next
(``TURNS``) a dozen times (the normal coach on both sides, fresh dice shared by every
candidate) and scores where each ends with the win-probability model's
``winprob.expected_points``. It leaves the normal coach's choice only for a candidate
clearly better over the same dice (``MARGIN``, ``T_MIN``): a dozen noisy rollouts often make
a worse candidate look better. Before a rollout the other side's hidden choices (a
formation, roles or skills not yet revealed, a penalty side) are replaced by sampled ones,
so the search never reads a secret. Its penalty sides are mixed in the proportions no
opponent can exploit. Everything else is the normal coach's play.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import VirtualDice
from engine.core.levels import BUDGET, Clock, fingerprint
from engine.fuba import decisions, plays
from engine.fuba.board import SIDES
from engine.fuba.coach import _CONTINUE, _KIND, _TARGET, RANK, Coach, _value_penalty, next_action
from engine.fuba.formations import CARDS, halftime_options
from engine.fuba.passing import legal_targets
from engine.fuba.ruleset import FUBA
from engine.fuba.state import FubaState
from engine.fuba.winprob import expected_points

ROUNDS = 12  # rollouts per candidate
# A candidate replaces the normal coach's choice only when it is clearly better: over the
# same dice (paired rollouts) its mean gain is at least MARGIN expected points and
# T_MIN standard errors. A close call gets more rollouts, up to MAX_ROUNDS, for the normal
# choice and the best challenger alone.
MARGIN = 0.01
T_MIN = 2.0
T_CLOSE = 0.8
MAX_ROUNDS = 36
# Rollouts play to the start of the turn after next: what a choice sets up for the next turn
# (where the ball and the players are, who moves first) shows in the position reached. One
# turn was measured weaker with both rule sets (docs/coach-levels.md).
TURNS = 2
TARGETS = 5  # target areas searched besides the normal coach's: the best by its own score
# Actions whose cost a rollout of two turns cannot see: an aggressive pressing's
# condition point (tiredness later, A1/A6). Played only when the normal coach would.
UNSEARCHED = frozenset({"aggressive"})
MAX_ROLLOUT = 400  # actions: a turn needs a few dozen
# Penalty sides no opponent can exploit (5.5.2 table, left/middle/right): the kicker's
# and the goalkeeper's equilibrium mixes; the kick then scores 9 times in 14.
KICK_MIX = (5 / 14, 4 / 14, 5 / 14)
DIVE_MIX = (2 / 7, 3 / 7, 2 / 7)

Step = dict[str, Any]


def turn_key(s: FubaState) -> tuple[int, int]:
    return s.half, s.turns[0] + s.turns[1]


def hide(s: FubaState, team: int, rng: random.Random) -> FubaState:
    """A copy of ``s`` as ``team`` may know it: the other side's unrevealed formation (with
    roles and skills) and its penalty side replaced by sampled ones."""
    world = s.clone()
    other = 1 - team
    for i, step in enumerate(world.agenda):
        if step["k"] != "formation" or step["picks"][other] is None:
            continue
        step = world.agenda[i] = dict(step)
        picks = list(step["picks"])
        if step["halftime"]:
            current = world.formations[other]
            picks[other] = rng.choice(halftime_options(current)) if current else [4, 4, 2]
        else:
            picks[other] = [int(x) for x in rng.choice(CARDS).split("-")]
        step["picks"] = picks
        for secret in ("roles", "skills"):
            if step.get(secret) and step[secret][other] is not None:
                hidden = list(step[secret])
                hidden[other] = "none" if secret == "roles" else []
                step[secret] = hidden
    if world.turn.get("kind") == "penalty":
        key = "kick_side" if other == world.control else "keeper_side"
        if key in world.turn:
            world.turn[key] = rng.choice(plays.PENALTY_SIDES)
    return world


class StrongCoach(Coach):
    """The normal coach with a search at the target area, the action, the choice of
    second actions and a free kick's shot (see the module's docstring)."""

    thinks = True

    def __init__(
        self,
        seed: int = 0,
        budget: float = BUDGET,
        clock: Clock = time.perf_counter,
        rounds: int = ROUNDS,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.clock = clock
        self.rounds = rounds
        self.max_rounds = max(rounds, MAX_ROUNDS)
        self.rollouts = 0  # rollouts played for the last decision
        self._probing = False  # ``searches`` is asking: note a search instead of playing it
        self._searched = False
        self.sim = Coach(seed)  # both sides' play in the rollouts
        self.evaluate = expected_points
        self.handlers["target"] = self._strong_target
        self.handlers["act"] = self._strong_act
        self.handlers["continue"] = self._strong_continue
        self.handlers["free_kick"] = self._strong_free_kick
        self.handlers["penalty"] = self._strong_penalty

    # -- the search ----------------------------------------------------------------------

    def choose(self, state: FubaState, decision: Decision) -> Action:
        self.rollouts = 0
        return super().choose(state, decision)

    def searches(self, state: FubaState, decision: Decision) -> bool:
        """Whether ``choose`` searches this decision; otherwise it answers at once with the
        normal coach's choice (the referee then need not send it to the thinking worker)."""
        if decision.dice:
            return False
        self._probing, self._searched = True, False
        try:
            self.choose(state, decision)
        finally:
            self._probing = False
        return self._searched

    def search(self, s: FubaState, team: int, options: list[Action]) -> Action:
        """The best of ``options`` (the first is the normal coach's) for ``team``: the
        normal coach's unless another is clearly better over the same dice."""
        self.rollouts = 0
        if len(options) < 2:
            return options[0]
        if self._probing:
            self._searched = True
            return options[0]
        public = (s.half, s.minute, s.stoppage, s.score, s.turns, s.ball, s.value, s.control)
        rng = random.Random(fingerprint("fuba-strong", self.seed, public, len(s.agenda)))
        deadline = self.clock() + self.budget
        values: list[list[float]] = [[] for _ in options]
        key = turn_key(s)
        playing = list(range(len(options)))
        rounds = 0
        while rounds < self.max_rounds:
            if rounds == self.rounds:
                best, _, t = _challenger(values)
                if not T_CLOSE <= t < T_MIN:
                    break
                playing = [0, best]  # a close call: more rollouts for the two alone
            world = hide(s, team, rng)
            dice_seed = rng.getrandbits(64)
            for i in playing:
                if self.clock() >= deadline:
                    return _verdict(options, values)
                values[i].append(self._play_out(world, options[i], team, dice_seed, key))
                self.rollouts += 1
            rounds += 1
        return _verdict(options, values)

    def _play_out(
        self, world: FubaState, option: Action, team: int, dice_seed: int, key: tuple[int, int]
    ) -> float:
        s = world.clone()
        dice = VirtualDice(dice_seed)
        apply = FUBA.apply_in_place
        apply(s, option)
        sim = self.sim
        for _ in range(MAX_ROLLOUT):
            if s.over:
                break
            half, turns = turn_key(s)
            if half != key[0] or turns >= key[1] + TURNS:
                break  # the turn after next has begun (or a window folded into its start)
            step = s.agenda[0]
            if step["k"] == "formation" and step["halftime"]:
                break
            apply(s, next_action(sim, s, dice))
        return self.evaluate(s, team)

    # -- the decisions searched ----------------------------------------------------------

    def _strong_target(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._target(s, step, team)
        options = legal_targets(s, team, s.turn["kind"])
        rank = RANK[team]
        options.sort(key=lambda av: (_value_penalty(av[1]) - rank[av[0]], av[0]))
        candidates = [normal]
        for area, _value in options[:TARGETS]:
            action = _TARGET[team][area]
            if action is not normal:
                candidates.append(action)
        return self.search(s, team, candidates)

    def _strong_act(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._act(s, step, team)
        if normal.kind != "action":
            return normal  # a free movement first
        candidates = [normal]
        for kind in decisions.allowed_kinds(s, step):
            action = _KIND[team][kind]
            if action is not normal and kind not in UNSEARCHED:
                candidates.append(action)
        return self.search(s, team, candidates)

    def _strong_continue(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._continue(s, step, team)
        other = next(a for a in _CONTINUE[team].values() if a is not normal)
        return self.search(s, team, [normal, other])

    def _strong_free_kick(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._free_kick(s, step, team)
        if not plays.can_shoot(s, team):
            return normal
        choice = "pass" if normal.args["choice"] == "shoot" else "shoot"
        return self.search(s, team, [normal, Action(SIDES[team], "free_kick", {"choice": choice})])

    def _strong_penalty(self, s: FubaState, step: Step, team: int) -> Action:
        mix = DIVE_MIX if step["role"] == "keeper" else KICK_MIX
        public = (s.half, s.minute, s.stoppage, s.score, step["role"])
        rng = random.Random(fingerprint("fuba-penalty", self.seed, public))
        side = rng.choices(plays.PENALTY_SIDES, weights=mix)[0]
        return Action(SIDES[team], "penalty", {"side": side})


def _gain(normal: list[float], other: list[float]) -> tuple[float, float]:
    """The mean gain of ``other`` over ``normal`` on the rounds both played, and its size in
    standard errors (infinite when every round gained the same)."""
    n = min(len(normal), len(other))
    if n == 0:
        return 0.0, 0.0
    diffs = [other[r] - normal[r] for r in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 1e-18:
        return mean, (math.inf if mean > 0 else 0.0)
    return mean, mean / math.sqrt(var / n)


def _challenger(values: list[list[float]]) -> tuple[int, float, float]:
    """The option with the best mean gain over the normal choice (index 0), its gain and t."""
    best, best_gain, best_t = 0, 0.0, 0.0
    for i in range(1, len(values)):
        gain, t = _gain(values[0], values[i])
        if gain > best_gain + 1e-12:
            best, best_gain, best_t = i, gain, t
    return best, best_gain, best_t


def _verdict(options: list[Action], values: list[list[float]]) -> Action:
    best, gain, t = _challenger(values)
    return options[best] if best and gain >= MARGIN and t >= T_MIN else options[0]
