"""The easy FUBA coach: the normal coach's play with the slips a beginner makes, on purpose.

Now and then (each slip at its own rate, drawn from the coach's seed and the position, so
the same position gives the same answer) it plays the ball to a worse area, shoots from too
far, forgets to press or presses when it should not, forgets to bring players up in support,
plays second actions at the wrong moment and passes up a free kick's shot. Every answer is
still a legal one.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.actions import Action
from engine.core.levels import fingerprint
from engine.fuba import decisions
from engine.fuba.board import SIDES
from engine.fuba.coach import _CONTINUE, _DONE, _KIND, _TARGET, Coach
from engine.fuba.passing import legal_targets
from engine.fuba.state import FubaState

Step = dict[str, Any]

WORSE_TARGET = 0.2  # a random legal target instead of the coach's
LONG_SHOT = 0.3  # a shot whenever one is allowed, however far
WRONG_PRESS = 0.2  # the defending action chosen at random
NO_SUPPORT = 0.25  # stop moving players early
WRONG_CONTINUE = 0.2  # second actions or a new turn at random
NO_FREE_KICK_SHOT = 0.5  # pass instead of shooting a free kick


class EasyCoach(Coach):
    """The normal coach with deliberate, seeded slips (see the module's docstring)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.handlers["target"] = self._easy_target
        self.handlers["act"] = self._easy_act
        self.handlers["moves"] = self._easy_moves
        self.handlers["continue"] = self._easy_continue
        self.handlers["free_kick"] = self._easy_free_kick

    def _rng(self, s: FubaState, what: str, step: Step) -> random.Random:
        public = (s.half, s.minute, s.stoppage, s.score, s.turns, s.ball, s.value, s.control)
        return random.Random(
            fingerprint("fuba-easy", self.seed, what, public, step.get("made", 0), len(s.agenda))
        )

    def _easy_target(self, s: FubaState, step: Step, team: int) -> Action:
        rng = self._rng(s, "target", step)
        options = legal_targets(s, team, s.turn["kind"])
        if len(options) > 1 and rng.random() < WORSE_TARGET:
            area, _value = rng.choice(options)
            return _TARGET[team][area]
        return self._target(s, step, team)

    def _easy_act(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._act(s, step, team)
        if normal.kind != "action":
            if self._rng(s, "support", step).random() < NO_SUPPORT:
                return _KIND[team][self._action_kind(s, step, team)]  # no free movements
            return normal
        allowed = decisions.allowed_kinds(s, step)
        rng = self._rng(s, "act", step)
        if team == s.control:
            if "goal" in allowed and rng.random() < LONG_SHOT:
                return _KIND[team]["goal"]
        elif len(allowed) > 1 and rng.random() < WRONG_PRESS:
            return _KIND[team][rng.choice(allowed)]
        return normal

    def _easy_moves(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._moves(s, step, team)
        dribbling = step.get("dribble") and team == s.control
        slip = self._rng(s, "moves", step).random() < NO_SUPPORT
        if normal.kind == "move" and not dribbling and slip:
            return _DONE[team]
        return normal

    def _easy_continue(self, s: FubaState, step: Step, team: int) -> Action:
        rng = self._rng(s, "continue", step)
        if rng.random() < WRONG_CONTINUE:
            return _CONTINUE[team][rng.choice(("second", "new_turn"))]
        return self._continue(s, step, team)

    def _easy_free_kick(self, s: FubaState, step: Step, team: int) -> Action:
        normal = self._free_kick(s, step, team)
        slip = self._rng(s, "free_kick", step).random() < NO_FREE_KICK_SHOT
        if normal.args["choice"] == "shoot" and slip:
            return Action(SIDES[team], "free_kick", {"choice": "pass"})
        return normal
