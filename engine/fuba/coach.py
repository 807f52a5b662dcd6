"""An automatic FUBA coach and a driver for whole coach-vs-coach matches.

The coach answers every non-dice decision with a simple, deterministic policy: the same
state (and the same coach seed) always gives the same action. Dice decisions are answered
by the caller's dice source. Pure: no I/O.

For speed the coach reads the current agenda step directly and checks the moves it builds
with ``moves.move_problem`` instead of listing every legal choice through ``pending()``.

>>> final, actions, events = play_match(7)
>>> final.over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Final

from mypy_extensions import mypyc_attr

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.dice import DiceSource, VirtualDice
from engine.core.events import MUTED, Event
from engine.fuba import decisions, match, moves, plays, setup, substitutions, tactics
from engine.fuba.board import (
    ADJ,
    ADJACENT,
    ALL_AREAS,
    AREAS,
    BOX,
    DIST,
    SIDES,
    STRAIGHT_AWAY,
    area_modifier,
    mirror,
)
from engine.fuba.formations import CARDS, fmt
from engine.fuba.passing import legal_targets, target_problem, target_value
from engine.fuba.ruleset import FUBA
from engine.fuba.skills import agreed as skills_agreed
from engine.fuba.skills import choosing, windows
from engine.fuba.skills import coach as skill_coach
from engine.fuba.state import ZONES, FubaState

# Attacking rank of each area for west (higher is nearer the east goal and a better shot).
_WEST_RANK = {2: 0, 1: 1, 3: 1, 5: 2, 4: 3, 6: 3, 7: 4, 8: 5, 10: 5, 11: 6, 13: 6, 9: 7, 12: 8}
RANK: Final[tuple[list[int], list[int]]] = (
    [_WEST_RANK.get(a, 0) for a in range(18)],
    [_WEST_RANK.get(mirror(a), 0) if 1 <= a <= 13 else 0 for a in range(18)],
)
# Pitch neighbours of every area (corner spots left out).
NEAR: Final[dict[int, tuple[int, ...]]] = {
    a: tuple(sorted(b for b in ADJ[a] if b <= 13)) for a in ALL_AREAS
}
# TOWARD[a][w]: the pitch neighbours of ``a`` one step nearer area ``w``.
TOWARD: Final[dict[int, dict[int, tuple[int, ...]]]] = {
    a: {w: tuple(b for b in NEAR[a] if DIST[b][w] < DIST[a][w]) for w in AREAS} for a in AREAS
}
# The same tables flat, indexed ``a * 18 + w``: DIST, TOWARD, and TOWARD kept to the
# straight move away from the goal line (``STRAIGHT_AWAY``) for the areas that have one.
_DIST: Final[list[int]] = [
    DIST[a].get(w, 0) if a in DIST else 0 for a in range(18) for w in range(18)
]
_TOWARD: Final[list[tuple[int, ...]]] = [
    TOWARD[a][w] if a in TOWARD and w in TOWARD[a] else () for a in range(18) for w in range(18)
]
_STRAIGHT: Final[list[tuple[int, ...]]] = [
    tuple(to for to in _TOWARD[a * 18 + w] if to == STRAIGHT_AWAY.get(a))
    for a in range(18)
    for w in range(18)
]
_RANK_F: Final[tuple[list[float], list[float]]] = (
    [float(r) for r in RANK[0]],
    [float(r) for r in RANK[1]],
)
# _CLOSE[a]: a bit set (bit b for area b) of ``a`` and its neighbours.
_CLOSE: Final[list[int]] = [
    sum(1 << b for b in {a, *ADJ[a]}) if a in ADJ else 1 << a for a in range(18)
]

DECENT: Final = 1 / 3  # a goal attempt worth trying
HAD_BONUS: Final = 2.5  # target next to the ball where the team has a player: the lower die (4.2.3)
FREE_MOVES: Final = 2  # at most this many free movements at the start of an action
RESTART_MOVES: Final = 2  # moves by the team taking a goal kick or a quick free kick
MAX_ACTIONS: Final = 20_000  # a coach-vs-coach match needs about 500

_DONE_MODES: Final = (moves.ADJUST,)
_CAPPED_MODES: Final = {moves.GK_CT: RESTART_MOVES, moves.QUICK_CT: RESTART_MOVES}

Move = tuple[int, int, bool, bool, int]  # (from, to, goalkeeper, with_ball, count)

# Actions are immutable: the common ones are built once and shared.
_DONE: Final = tuple(Action(side, "done", {}) for side in SIDES)
_KIND: Final = tuple(
    {k: Action(side, "action", {"kind": k}) for k in decisions.ACTION_KINDS} for side in SIDES
)
_CONTINUE: Final = tuple(
    {c: Action(side, "continue", {"choice": c}) for c in ("second", "new_turn")} for side in SIDES
)
_TARGET: Final = tuple({a: Action(side, "target", {"area": a}) for a in AREAS} for side in SIDES)
_MOVES: dict[int, Action] = {}
_SETUPS: dict[tuple[Any, ...], Action] = {}


def shot_chance(s: FubaState, team: int, free_kick: bool = False) -> float:
    """Chance that a goal attempt by ``team`` from the ball's area scores (4.4, 4.4.2)."""
    return tactics.shot_chance_at(s, team, s.value, free_kick)


def _value_penalty(v: int) -> float:
    """How much a target's ball value counts against it (above 3 it gets costly)."""
    return 0.6 * v + (2.0 * (v - 3) if v > 3 else 0.0)


def press_chance(value: int) -> float:
    """Chance that pressing wins the ball (4.7): at least one die below the ball value."""
    miss = (7 - value) / 6
    return 1 - miss * miss


def late(s: FubaState) -> bool:
    """The last few minutes of a half (or stoppage time)."""
    return s.stoppage > 0 or s.minute >= 45 * s.half - 4


# subclassed by the easy and strong coaches (engine/fuba/easy.py, strong.py)
@mypyc_attr(allow_interpreted_subclasses=True)
class Coach:
    """A simple, sensible FUBA coach for either side.

    ``seed`` only varies the formation cards, the penalty-kick sides and (``skills``
    "varied") the skill picks; everything else is a function of the state.
    ``advanced=False`` leaves every optional choice of the advanced rules at its default (no
    condition points used, no charge, no aggressive pressing, no substitution, no slowing
    down, no player roles, no skills chosen or played): the basic-rules coach in an advanced
    match. The basic rules never ask those questions, so both play them alike.

    ``skills`` is how the coach picks its A11 skills (``engine.fuba.skills.coach``): "varied"
    a draw seeded by ``seed`` weighted towards its favourites, "best" its strongest set,
    "none" no skills; any skill it has (a new talent's too) it plays when it is worth it.
    """

    def __init__(
        self, seed: int = 0, advanced: bool = True, skills: str = skill_coach.VARIED
    ) -> None:
        if skills not in skill_coach.PICKS:
            raise ValueError(f"skills must be one of {', '.join(skill_coach.PICKS)}")
        self.seed = seed
        self.advanced = advanced
        self.skills = skills if advanced else skill_coach.NONE
        self.rank = RANK
        # The policy per agenda step kind: (state, step, team) -> action.
        self.handlers: dict[str, Callable[[FubaState, dict[str, Any], int], Action]] = {
            "formation": self._formation,
            "kickoff_choice": self._kickoff_choice,
            "setup": self._setup,
            "moves": self._moves,
            "target": self._target,
            "bring": self._bring,
            "act": self._act,
            "continue": self._continue,
            "free_kick": self._free_kick,
            "corner": self._corner,
            "penalty": self._penalty,
            # the advanced rules: the choice a team gets when it lets its turn pass
            "boost": lambda s, step, team: Action(SIDES[team], "boost", {"choice": "skip"}),
            "charge": lambda s, step, team: Action(SIDES[team], "charge", {"choice": "stay"}),
            "pay": self._pay,
            "substitute": self._substitute,
            "replace": lambda s, step, team: Action(SIDES[team], "replace", {"choice": "play_on"}),
            "slow": lambda s, step, team: Action(SIDES[team], "slow", {"choice": "play"}),
            "skill": self._skill,
        }
        if advanced:  # the advanced rules' tactics (engine/fuba/tactics.py)
            self.handlers.update(
                {
                    "boost": lambda s, step, team: tactics.boost(
                        self, s, step, team, skill_coach.keep(s, team)
                    ),
                    "charge": tactics.charge,
                    "pay": tactics.pay,
                    "replace": tactics.replace,
                    "slow": tactics.slow,
                }
            )

    # -- entry points ------------------------------------------------------------------

    def choose(self, state: FubaState, decision: Decision) -> Action:
        """The coach's action for a pending non-dice ``decision``."""
        if decision.dice:
            raise ValueError("Dice decisions are answered by a dice source, not the coach.")
        team = SIDES.index(decision.actor)
        step = state.agenda[0]
        handler = self.handlers.get(step["k"])
        if handler is None:  # a decision the policy does not know: the first legal choice
            return self._fallback(state, decision)
        return handler(state, step, team)

    def decide(self, state: FubaState, team: int) -> Action:
        """Like ``choose`` for the current step, without building the decision."""
        step = state.agenda[0]
        handler = self.handlers.get(step["k"])
        if handler is not None:
            return handler(state, step, team)
        for decision in decisions.pending(state):
            if decision.actor == SIDES[team] and not decision.dice:
                return self._fallback(state, decision)
        raise ValueError(f"No decision of {SIDES[team]} is pending.")

    def _fallback(self, state: FubaState, decision: Decision) -> Action:
        if decision.kind == "remove":
            return self._remove(state, decision)
        return decision.choices[0].action

    def _substitute(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        """A3 the tactics' next plan (the basic coach: done); at a window folded into the
        team's next decision, open it only to substitute, else just play that decision."""
        if self.advanced:
            plan = tactics.substitute(s, step, team)
        else:
            plan = Action(SIDES[team], "substitute", {"plan": "done"})
        if not substitutions.folded(s):
            return plan
        if plan.args["plan"] != "done":
            return Action(SIDES[team], substitutions.OPEN, {})
        nxt = s.agenda[1]
        handler = self.handlers.get(nxt["k"])
        if handler is not None:
            return handler(s, nxt, team)
        mine = next(d for d in decisions.pending(s) if d.actor == SIDES[team] and not d.dice)
        return self._fallback(s, mine)

    # -- preamble and restarts ---------------------------------------------------------

    def _formation(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        if team in step.get("roles_due", ()):  # A2 the roles right after the formation
            chosen = tactics.roles_for(step["picks"][team]) if self.advanced else "none"
            return Action(SIDES[team], "roles", {"roles": chosen})
        if team in step.get("skills_due", ()):  # A11 then the skills
            menu = choosing.menu(s)
            picks = skill_coach.pick(self.skills, self.seed, team, skills_agreed(s), menu)
            return Action(SIDES[team], "skills", {"skills": picks})
        if not step["halftime"]:
            menu, n = choosing.menu(s), skills_agreed(s)
            shape = skill_coach.back_five(self.skills, self.seed, team, n, menu)
            shape = shape or CARDS[(self.seed * 5 + team * 3) % len(CARDS)]
            return Action(SIDES[team], "formation", {"shape": shape})
        current = s.formations[team]
        diff = s.score[team] - s.score[1 - team]
        new = list(current)
        if s.coach_off[team]:
            pass  # A11 a fiery coach sent off: no formation change
        elif diff < 0 and current[0] > 3:
            new = [current[0] - 1, current[1], current[2] + 1]  # behind: one more forward
        elif diff > 0 and current[2] > 1:
            new = [current[0] + 1, current[1], current[2] - 1]  # ahead: one more defender
        return Action(SIDES[team], "formation", {"shape": fmt(new)})

    def _skill(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        """A11 a skill worth playing now; else let the window pass: at a window folded into
        the team's next decision, that decision's answer."""
        if self.advanced:
            play = skill_coach.window(self, s, step, team)
            if play is not None:
                return play
        i = next(i for i, st in enumerate(s.agenda) if st is step)
        if not windows.folded_at(s, i):
            return Action(SIDES[team], windows.KIND, {"name": windows.NONE})
        nxt = s.agenda[i + 1]
        return self.handlers[nxt["k"]](s, nxt, team)

    def _pay(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        """A1 two points from the adjacent zone that has the most."""
        where = max(step["ways"], key=lambda w: (s.condition[team][w[0]], -w[0]))[0]
        return Action(SIDES[team], "pay", {"zone": ZONES[where]})

    def _kickoff_choice(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        return Action(SIDES[team], "kickoff", {"side": SIDES[team]})

    def _setup(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        """The first preset layout (cached: presets depend only on the key below)."""
        kind, area = step["kind"], step["area"]
        shape = s.formations[team]
        key: tuple[Any, ...] = (team, kind, area, tuple(shape) if shape else (), s.control)
        key += (s.reds[team],)
        key += (setup.outfield_count(s, team),)  # A4 injured players are off the pitch
        action = _SETUPS.get(key)
        if action is None:
            layouts = setup.preset_layouts(s, team, kind, area)
            if not layouts:
                raise ValueError(f"No preset setup for {SIDES[team]} ({kind}).")
            action = _SETUPS[key] = Action(SIDES[team], "setup", {"layout": layouts[0]})
        return action

    def _bring(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        options = step["options"]
        frm, gk = next((o for o in options if not o[1]), options[0])  # keep the keeper home
        return Action(SIDES[team], "bring", {"from": frm, "goalkeeper": gk})

    def _corner(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        return Action(SIDES[team], "corner", {"side": "north"})

    def _penalty(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        mix = (self.seed * 1_000_003 + s.half * 7919 + s.minute * 101 + s.stoppage * 13) * 2 + team
        rng = random.Random(mix + 17 * (s.score[0] + 3 * s.score[1]))
        return Action(SIDES[team], "penalty", {"side": rng.choice(plays.PENALTY_SIDES)})

    def _free_kick(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        # close: the arc in front of the goal (the box itself would be a penalty kick)
        shoot = plays.can_shoot(s, team) and area_modifier(team, s.ball) >= -2
        return Action(SIDES[team], "free_kick", {"choice": "shoot" if shoot else "pass"})

    def _remove(self, s: FubaState, decision: Decision) -> Action:
        """Red card or injury: the player farthest from the ball."""
        best = max(decision.choices, key=lambda c: DIST[c.action.args["area"]][s.ball])
        return best.action

    # -- stage 1 -----------------------------------------------------------------------

    def _target(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        """Forward, but safely: low ball values, shooting areas, and areas next to the ball
        where the team already has a player (the new value is then the lower die, 4.2.3)."""
        kind = s.turn["kind"]
        start = s.ball
        rank: list[float] = _RANK_F[team]
        if self.skills == skill_coach.VARIED and (s.skills[0] or s.skills[1]):
            rank = skill_coach.target_rank(s, team, RANK[team], kind)  # A11 box strikers
        mine: list[int] = s.outfield[team]
        keeper: int = s.keeper[team]
        reach = _CLOSE[keeper]  # the areas holding a player of the team or next to one
        for a in range(1, 18):  # ALL_AREAS
            if mine[a]:
                reach |= _CLOSE[a]
        # The best score each reachable area could get (ball value 1), best first: sorted
        # as the pairs (bound, -area) would be, largest first (an insertion sort).
        bounds: list[float] = []
        negs: list[int] = []
        for a in range(1, 14):  # AREAS
            if reach >> a & 1:
                bonus = (a == start or ADJACENT[start * 18 + a]) and (mine[a] > 0 or keeper == a)
                bound = rank[a] + (HAD_BONUS if bonus else 0.0) - 0.6
                j = len(bounds)
                bounds.append(bound)
                negs.append(-a)
                while j > 0 and bounds[j - 1] < bound:  # equal bounds: the smaller area first
                    bounds[j] = bounds[j - 1]
                    negs[j] = negs[j - 1]
                    j -= 1
                bounds[j] = bound
                negs[j] = -a
        area = _lazy_best(s, team, kind, bounds, negs)
        if area:
            return _TARGET[team][area]
        # Every reachable area is over 6 (or illegal): take the engine's list.
        options = legal_targets(s, team, kind)
        if not options:
            raise ValueError(f"{SIDES[team]} has no legal target area.")
        _, area = max((rank[a] - _value_penalty(v), -a) for a, v in options)
        return _TARGET[team][-area]

    # -- stage 3 -----------------------------------------------------------------------

    def _act(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        if step["first"] and not step.get("only"):
            move = None
            if step.get("made", 0) < FREE_MOVES:
                move = self._free_move(s, step, team)
            if move is None and step.get("x"):
                move = self.extra_move(s, step, team)  # A11 fast defender, runner, box to box
            if move is not None:
                return _move_action(team, move)
        return _KIND[team][self._action_kind(s, step, team)]

    def action_kind(self, s: FubaState, step: dict[str, Any], team: int) -> str:
        """The action the coach would choose at the action decision ``step``."""
        return self._action_kind(s, step, team)

    def _action_kind(self, s: FubaState, step: dict[str, Any], team: int) -> str:
        allowed = decisions.allowed_kinds(s, step)
        if len(allowed) == 1:
            return allowed[0]
        if step.get("mediano") and "position" in allowed:
            return "position"  # A11 il mediano was played for it
        other = 1 - team
        v = s.value
        if team == s.control:
            if "goal" in allowed:
                chance = shot_chance(s, team)
                behind = s.score[team] < s.score[other]
                if chance >= DECENT or (chance > 0 and behind and late(s)):
                    return "goal"
                if "position" in allowed and v >= 3:
                    return "position"  # lower the value, shoot with the second action
            if "position" in allowed and v >= 4:
                return "position"
        else:
            if self.advanced and "press" in allowed and skill_coach.press_plainly(s, team):
                return "press"  # A11 midfield pressing wins as an aggressive pressing would
            if self.skills == skill_coach.VARIED and skill_coach.press_hard(s, team, allowed):
                return "aggressive"  # A11 a tackler or a penalty saver behind the pressing
            if (
                self.advanced
                and not skill_coach.keep(s, team)
                and tactics.press_aggressively(s, team, allowed)
            ):
                return "aggressive"  # A6
            if "press" in allowed and press_chance(v) >= 0.5:
                return "press"
            if "position" in allowed and v <= 3 and plays.can_shoot(s, other):
                return "position"  # danger: raise the value before they shoot
        if "move" in allowed:
            return "move"
        return allowed[0]

    def _continue(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        other = 1 - team
        acts = s.turn["acts"]
        threat = "press" not in acts[other] and plays.can_press(s, other)
        second = False
        if not threat:
            if s.value >= 4:
                second = True  # position the value down rather than risk the control check
            elif "goal" not in acts[team] and plays.can_shoot(s, team):
                second = shot_chance(s, team) >= DECENT
        return _CONTINUE[team]["second" if second else "new_turn"]

    # -- moves -------------------------------------------------------------------------

    def _moves(self, s: FubaState, step: dict[str, Any], team: int) -> Action:
        mode = step["mode"]
        if mode in _DONE_MODES or step.get("made", 0) >= _CAPPED_MODES.get(mode, 99):
            return _DONE[team]
        move: Move | None = None
        if mode == moves.ACTION and team == s.control and step.get("dribble"):
            move = self._dribble(s, step, team)
        if move is None:
            move = self._sweeper(s, step, team)
        if move is None:
            move = self._keeper_home(s, step, team)
        if move is None:
            move = self._support(s, step, team)
        if move is None:
            return _DONE[team]
        return _move_action(team, move)

    def _free_move(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        if step.get("kr") and s.keeper[team] not in (BOX[team], self._sweeper_spot(s, team)):
            move = self._keeper_home(s, step, team)
            if move is not None:
                return move
        return self._support(s, step, team)

    def _sweeper_spot(self, s: FubaState, team: int) -> int | None:
        if self.skills != skill_coach.VARIED:
            return None
        return skill_coach.sweeper_spot(s, team)

    def _sweeper(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        """A11 advancing goalkeeper (varied coach): the keeper steps out of its box into the
        arc in front of it, as a sweeper, while the ball is far."""
        spot, k = self._sweeper_spot(s, team), s.keeper[team]
        if spot is None or k != BOX[team] or s.keeper_locked[team]:
            return None
        if moves.move_problem(s, step, k, spot, True, False) is not None:
            return None
        return (k, spot, True, False, 1)

    def _keeper_home(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        k, box = s.keeper[team], BOX[team]
        if k == box or k > 13 or s.keeper_locked[team] or k == self._sweeper_spot(s, team):
            return None
        for to in NEAR[k]:
            if (
                DIST[to][box] < DIST[k][box]
                and moves.move_problem(s, step, k, to, True, False) is None
            ):
                return (k, to, True, False, 1)
        return None

    def dribble_move(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        """The dribble the coach would make in the moves ``step`` (None: none)."""
        return self._dribble(s, step, team)

    def _dribble(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        """Dribble forward into an area the opponent does not outnumber (4.5.2); with a
        dribbler (A11) past the opponents at the ball into an area without any."""
        ball, rank = s.ball, RANK[team]
        if s.pieces(1 - team, ball) and not step.get("dribbler"):
            return None
        best: tuple[int, int] | None = None
        for to in NEAR[ball]:
            if rank[to] <= rank[ball] or s.count(1 - team, to) > s.count(team, to) + 1:
                continue
            if (best is None or rank[to] > best[0]) and moves.move_problem(
                s, step, ball, to, False, True
            ) is None:
                best = (rank[to], to)
        return None if best is None else (ball, best[1], False, True, 1)

    def extra_move(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        """A11 an extra free movement of the act ``step`` (``step["x"]``: fast defender,
        runner, box to box) towards an area the team wants more players in."""
        wants, keep = self._wants(s, team)
        row, locked = s.outfield[team], s.locked[team]
        sources = [a for a in AREAS if row[a] > keep[a] and row[a] > locked[a]]
        for kind in step.get("x", ()):
            for w, _need in wants:
                for frm in sorted(sources, key=DIST[w].__getitem__):
                    for to in TOWARD[frm][w] if frm != w else ():
                        if moves.extra_allowed(team, kind, frm, to) and (
                            moves.move_problem(s, step, frm, to, False, False) is None
                        ):
                            return (frm, to, False, False, 1)
        return None

    def target_score(self, s: FubaState, team: int, kind: str) -> float:
        """How good the best legal target area is (its rank less its ball value's cost)."""
        options = legal_targets(s, team, kind)
        return max((RANK[team][a] - _value_penalty(v) for a, v in options), default=0.0)

    def _wants(self, s: FubaState, team: int) -> tuple[list[tuple[int, int]], list[int]]:
        """Areas the team wants more players in with how many more (most urgent first), and
        how many players it keeps in each area (a source never goes below that)."""
        other = 1 - team
        ball: int = s.ball
        mrow: list[int] = s.outfield[team]
        orow: list[int] = s.outfield[other]
        mk: int = s.keeper[team]
        ok: int = s.keeper[other]
        keep = [0] * 18
        wants: list[tuple[int, int]] = []
        mine = mrow[ball] + (1 if mk == ball else 0)
        mine = mine if mine < 6 else 6
        theirs = orow[ball] + (1 if ok == ball else 0)
        theirs = theirs if theirs < 6 else 6
        keep[ball] = theirs + 1
        if mine <= theirs:  # outnumber at the ball: modifiers, pressing, second actions
            wants.append((ball, theirs + 1 - mine))
        if team == s.control:
            obox: int = BOX[other]
            if _DIST[ball * 18 + obox] <= 1:
                need = orow[obox] + (1 if ok == obox else 0)
                need = (need if need < 6 else 6) + 1
                keep[obox] = need
                have = mrow[obox] + (1 if mk == obox else 0)
                if have < need:
                    wants.append((obox, need - have))  # 4.4 penalty-area modifier
            rank = RANK[team]
            fwd, best = 0, rank[ball]
            for a in NEAR[ball]:
                if rank[a] > best and not mrow[a] and mk != a:
                    fwd, best = a, rank[a]
            if fwd:
                keep[fwd] = 1
                wants.append((fwd, 1))  # a forward passing option next to the ball
            if mine == theirs + 1:
                wants.append((ball, 1))
        else:
            mybox: int = BOX[team]
            if _DIST[ball * 18 + mybox] <= 2:
                need = orow[mybox]
                need = need if need < 6 else 6
                need = need if need > 1 else 1
                keep[mybox] = need
                have = mrow[mybox]
                if have < need:
                    wants.append((mybox, need - have))
            if self.skills == skill_coach.VARIED and (s.skills[0] or s.skills[1]):
                # A11 a striker left up against a defence that plays offside; a skilled
                # full back's team keeps wide men beside its line
                up = skill_coach.striker_up(s, team, RANK[team])
                if up is not None:
                    keep[up] = max(keep[up], 1)
                for a in skill_coach.wide_men(s, team):
                    keep[a] = max(keep[a], 1)
                    if not mrow[a]:
                        wants.append((a, 1))
        return wants, keep

    def _support(self, s: FubaState, step: dict[str, Any], team: int) -> Move | None:
        """Outfield players one area nearer the most urgent area the team wants; several
        from one area at once when the step allows it (returned as ``count``)."""
        wants, keep = self._wants(s, team)
        if not wants:
            return None
        row: list[int] = s.outfield[team]
        locked: list[int] = s.locked[team]
        free = step["mode"] == moves.FREE
        sources: list[int] = []
        outnumber: list[int] = []
        if free:
            outnumber = step["o"]
            goal_line: list[int] = step["g"]
            for a in outnumber:
                if row[a] > keep[a] and row[a] > locked[a]:
                    sources.append(a)
            for a in goal_line:
                if a not in outnumber and row[a] > keep[a] and row[a] > locked[a]:
                    sources.append(a)
        else:
            for a in range(1, 14):  # AREAS
                if row[a] > keep[a] and row[a] > locked[a]:
                    sources.append(a)
        if not sources:
            return None
        left: int = step.get("left", -1)
        rank = RANK[team]
        attacking = team == s.control
        ball = s.ball
        for w, need in wants:
            if len(sources) > 1:
                _sort_by_distance(sources, w)
            for frm in sources:
                if frm == w or (attacking and w != ball and rank[frm] > rank[w]):
                    continue  # with the ball, only the ball itself pulls players back
                if free and frm not in outnumber:  # a goal-line move goes straight away
                    targets = _STRAIGHT[frm * 18 + w]
                else:
                    targets = _TOWARD[frm * 18 + w]
                for to in targets:
                    if moves.move_problem(s, step, frm, to, False, False) is None:
                        n = 1
                        if not free:
                            n = min(need, row[frm] - max(keep[frm], locked[frm]))
                            if left > 0:
                                n = min(n, left)
                        return (frm, to, False, False, max(n, 1))
        return None


def _sort_by_distance(areas: list[int], w: int) -> None:
    """Sort ``areas`` in place by their distance to ``w``, stably (an insertion sort: a few
    areas, no key function)."""
    base = w * 18
    for i in range(1, len(areas)):
        a = areas[i]
        d = _DIST[base + a]
        j = i - 1
        while j >= 0 and _DIST[base + areas[j]] > d:
            areas[j + 1] = areas[j]
            j -= 1
        areas[j + 1] = a


def _lazy_best(s: FubaState, team: int, kind: str, bounds: list[float], areas: list[int]) -> int:
    """The legal target with the best score (``(score, -area)`` the largest) of the areas
    with their best possible scores ``bounds`` (with ``areas`` their -area, best first), or
    0 when every one is over 6 or illegal. Scores lazily from the best bound down, and
    checks legality only for the winner. (Parallel lists: no tuples built per area.)"""
    scores: list[float] = []
    negs: list[int] = []  # -area of each score
    i, n = 0, len(bounds)
    while True:
        top, top_neg = -99.0, 0
        if scores:  # the largest (score, -area)
            top, top_neg = scores[0], negs[0]
            for j in range(1, len(scores)):
                if scores[j] > top or (scores[j] == top and negs[j] > top_neg):
                    top, top_neg = scores[j], negs[j]
        while i < n and bounds[i] > top:
            bound, neg = bounds[i], areas[i]
            i += 1
            v = target_value(s, team, -neg, kind)
            if v > 6:
                continue
            score = bound + 0.6 - _value_penalty(v)
            scores.append(score)
            negs.append(neg)
            if score > top:
                top, top_neg = score, neg
        if not scores:
            return 0
        if target_problem(s, team, -top_neg, kind) is None:
            return -top_neg
        j = 0
        while scores[j] != top or negs[j] != top_neg:
            j += 1
        del scores[j]
        del negs[j]


class CoachPair:
    """Two coaches, one per side: answers like a ``Coach`` for whichever team decides.

    >>> pair = CoachPair(Coach(3), Coach(3, advanced=False))  # west plays the advanced tactics
    >>> play_match(3, coach=pair)[0].over
    True
    """

    def __init__(self, west: Coach, east: Coach) -> None:
        self.coaches = (west, east)
        kinds = set(west.handlers) | set(east.handlers)
        self.handlers: dict[str, Callable[[FubaState, dict[str, Any], int], Action]] = {
            k: self._dispatch(k) for k in kinds
        }

    def _dispatch(self, k: str) -> Callable[[FubaState, dict[str, Any], int], Action]:
        coaches = self.coaches

        def handler(s: FubaState, step: dict[str, Any], team: int) -> Action:
            return coaches[team].handlers[k](s, step, team)

        return handler

    def choose(self, state: FubaState, decision: Decision) -> Action:
        return self.coaches[SIDES.index(decision.actor)].choose(state, decision)

    def decide(self, state: FubaState, team: int) -> Action:
        return self.coaches[team].decide(state, team)


def _move_action(team: int, move: Move) -> Action:
    frm, to, gk, wb, n = move
    key = ((((team * 18 + frm) * 18 + to) * 2 + gk) * 2 + wb) * 16 + n  # n is at most 10
    action = _MOVES.get(key)
    if action is None:
        args = {"from": frm, "to": to, "goalkeeper": gk, "with_ball": wb}
        if n > 1:
            args["count"] = n
        action = _MOVES[key] = Action(SIDES[team], "move", args)
    return action


# ----------------------------------------------------------------------------------------
# driving whole matches


def next_action(coach: Coach | CoachPair, state: FubaState, dice: DiceSource) -> Action:
    """The next action of a coach-vs-coach match: dice from ``dice``, the rest from ``coach``."""
    step = state.agenda[0]
    k = step["k"]
    if k == "roll":
        return Action(SIDES[step["team"]], "roll", {"dice": dice.roll(step["n"])})
    if k == "duel":
        team = 0 if step["rolls"][0] is None else 1
        return Action(SIDES[team], "roll", {"dice": dice.roll(1)})
    handler = coach.handlers.get(k)
    if handler is not None:
        if k == "formation":  # a team still to pick its formation, its roles (A2), skills (A11)
            waiting = (
                step["picks"][0] is None
                or 0 in step.get("roles_due", ())
                or 0 in step.get("skills_due", ())
            )
            return handler(state, step, 0 if waiting else 1)
        return handler(state, step, step["team"])
    if "team" in step:
        return coach.decide(state, step["team"])
    decision = decisions.pending(state)[0]  # a step kind this driver does not know
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    return coach.choose(state, decision)


def iter_match(
    seed: int, dice: DiceSource | None = None, coach: Coach | None = None
) -> Iterator[tuple[FubaState, Action, list[Event]]]:
    """Play a coach-vs-coach match, yielding (state after, action, events) for each action.

    The yielded state is the live match state (changed in place): copy it to keep it.
    """
    dice = VirtualDice(seed) if dice is None else dice
    coach = Coach(seed) if coach is None else coach
    state = FUBA.initial()
    apply = FUBA.apply_in_place
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        action = next_action(coach, state, dice)
        yield state, action, apply(state, action)
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def _plain(coach: Coach | CoachPair) -> bool:
    """Whether every move ``coach`` makes comes from ``Coach``'s own, checked move policy."""
    if isinstance(coach, CoachPair):
        return all(type(c) is Coach for c in coach.coaches)
    return type(coach) is Coach


def play_match(
    seed: int,
    dice: DiceSource | None = None,
    *,
    coach: Coach | CoachPair | None = None,
    in_place: bool = True,
    record: bool = True,
    check: bool = False,
    start: FubaState | None = None,
) -> tuple[FubaState, list[Action], list[Event]]:
    """Play a whole match between two coaches; returns (final state, actions, events).

    ``dice`` defaults to ``VirtualDice(seed)``. ``in_place=False`` uses the cloning
    ``FUBA.apply``; ``record=False`` keeps the logs empty (benchmarks); ``check=True``
    verifies every action with ``FUBA.problem`` first and raises on an illegal one.
    ``start`` plays on from a copy of that state instead of a new match.
    """
    dice = VirtualDice(seed) if dice is None else dice
    coach = Coach(seed) if coach is None else coach
    # a copy of ``start`` (what FUBA.from_json(FUBA.to_json(start)) makes, at less cost)
    state = FUBA.initial() if start is None else start.clone()
    actions: list[Action] = []
    events: list[Event] = []
    fast = in_place and not check  # rolls skip the Action and its routing
    # the plain coach checks every move it makes with moves.move_problem and every target
    # with passing.target_problem, and takes its action kinds from decisions.allowed_kinds:
    # those are applied without checking them again
    trusted = fast and _plain(coach)
    into = events if record else MUTED  # where the in-place actions put their events
    virtual = dice if isinstance(dice, VirtualDice) else None  # rolled by a direct call
    for _ in range(MAX_ACTIONS):
        if state.over:
            MUTED.clear()
            return state, actions, events
        step = state.agenda[0]
        k: str = step["k"]
        if fast and k == "roll":
            n: int = step["n"]
            rolled = virtual.roll(n) if virtual is not None else dice.roll(n)
            match.roll_in_place(state, rolled, into)
            if record:
                actions.append(Action(SIDES[step["team"]], "roll", {"dice": rolled}))
            else:
                MUTED.clear()
            continue
        action = next_action(coach, state, dice)
        if fast:
            if trusted and action.kind == "move" and (k == "act" or k == "moves"):
                match.move_in_place(state, action.args, into)
            elif trusted and action.kind == "action" and k == "act":
                match.action_in_place(state, action.args["kind"], into)
            elif trusted and action.kind == "target" and k == "target":
                match.target_in_place(state, action.args["area"], into)
            else:
                match.apply_own(state, action, into)
            if record:
                actions.append(action)
            else:
                MUTED.clear()
            continue
        if check:
            problem = FUBA.problem(state, action)
            if problem is not None:
                raise AssertionError(f"seed {seed}: illegal coach action {action}: {problem}")
        if in_place:
            ev = match.apply(state, action, in_place=True)[1]
        else:
            state, ev = match.apply(state, action)  # FUBA.apply without its wrapper
        if record:
            actions.append(action)
            events.extend(ev)
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")
