"""The strong FUBA coach: the normal coach's play, with a search at the decisions that
matter most.

At the target area of a turn, the action to take, second actions or a new turn, and a free
kick's shot or pass, it plays each candidate out to the start of the next turn a dozen times
(the normal coach on both sides, fresh dice shared by every candidate) and scores where each
ends with the win-probability model's ``winprob.expected_points``; the best average wins,
the normal coach's choice on a tie. Before a rollout the other side's hidden choices (a
formation, roles or skills not yet revealed, a penalty side) are replaced by sampled ones,
so the search never reads a secret. Its penalty sides are mixed in the proportions no
opponent can exploit. Everything else is the normal coach's play.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.core.actions import Action
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
TARGETS = 5  # target areas searched besides the normal coach's: the best by its own score
# Actions whose cost a rollout to the next turn cannot see: an aggressive pressing's
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
        self.rollouts = 0  # rollouts played for the last searched decision
        self.sim = Coach(seed)  # both sides' play in the rollouts
        self.evaluate = expected_points
        self.handlers["target"] = self._strong_target
        self.handlers["act"] = self._strong_act
        self.handlers["continue"] = self._strong_continue
        self.handlers["free_kick"] = self._strong_free_kick
        self.handlers["penalty"] = self._strong_penalty

    # -- the search ----------------------------------------------------------------------

    def search(self, s: FubaState, team: int, options: list[Action]) -> Action:
        """The best of ``options`` (the first is the normal coach's) for ``team``."""
        self.rollouts = 0
        if len(options) < 2:
            return options[0]
        public = (s.half, s.minute, s.stoppage, s.score, s.turns, s.ball, s.value, s.control)
        rng = random.Random(fingerprint("fuba-strong", self.seed, public, len(s.agenda)))
        deadline = self.clock() + self.budget
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        key = turn_key(s)
        for _ in range(self.rounds):
            world = hide(s, team, rng)
            dice_seed = rng.getrandbits(64)
            for i, option in enumerate(options):
                if self.clock() >= deadline:
                    return _best(options, totals, counts)
                totals[i] += self._play_out(world, option, team, dice_seed, key)
                counts[i] += 1
                self.rollouts += 1
        return _best(options, totals, counts)

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
            step = s.agenda[0]
            k = step["k"]
            if k == "target" and turn_key(s) != key:
                break
            if k == "formation" and step["halftime"]:
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


def _best(options: list[Action], totals: list[float], counts: list[int]) -> Action:
    best, best_mean = 0, -1.0
    for i, (total, n) in enumerate(zip(totals, counts, strict=True)):
        if n and total / n > best_mean + 1e-9:
            best, best_mean = i, total / n
    return options[best]
