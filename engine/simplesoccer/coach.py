"""An automatic Simple Soccer coach, a random sparring player, and drivers for whole matches.

The coach answers every non-dice decision: a preset at the set-up, the turn one action at a
time (it is asked again after each), and the goalkeeper's spot in a shootout. A turn is
planned afresh at every call from the position alone: the goalkeeper grabs a loose ball in
its own penalty area when it can; else the coach weighs every shot (the goal square with the
best odds against the goalkeeper's save roll) against every kick of the ball to a free square,
after a fielder's run to get the ball at its feet, and judges where the ball ends: a shot
after one more pass this turn, else the next turns (the team's shot odds with 2 dice when a
team-mate has the ball at its feet, how far up the field it is, the other team's chance to
steal it and shoot). Points left over bring the goalkeeper back to the middle of its goal, a
fielder to the ball, team-mates onto the squares the other team would kick from (only while
our team can still get to the ball: when neither team can, a blocker steps aside) and up the
field ahead of the ball. Pure: no I/O; a function of the seed and the position.

>>> state, events = play_match(3, {"size": "small"})
>>> state.over, state.winner in (0, 1), any(e.kind == "shot" for e in events)
(True, True, True)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.dice import DiceSource, VirtualDice
from engine.core.events import Event
from engine.simplesoccer import decisions, movement, rules
from engine.simplesoccer.field import (
    FACINGS,
    SIDES,
    STEPS,
    Field,
    Square,
    facing_of,
    front,
    manhattan,
    name_table,
    parse,
)
from engine.simplesoccer.field import field as field_of
from engine.simplesoccer.ruleset import SIMPLESOCCER
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.shots import MAX_SAVE, can_save
from engine.simplesoccer.state import SimpleSoccerState

MAX_ACTIONS = 20_000  # a coach match takes a few hundred
STALL_TURNS = 50  # turns running that end on the same position: play has stalled
MAX_POINTS = 18  # three dice
MIDDLE_SPOT = 4  # of the 7 penalty spots: the ball lands nearest to it on average
RANDOM_SPOT = 0.2  # how often the goalkeeper's spot is a surprise instead


@dataclass(frozen=True, slots=True)
class Style:
    """How the coach weighs the position at the end of a turn; a goal is worth 1."""

    progress: float = 0.45  # the ball at the other goal line, at a team-mate's feet
    loose: float = 0.6  # share of progress when nobody of ours has it at its feet yet
    later: float = 0.85  # a chance next turn against the same chance now
    steal: float = 0.6  # how likely the other team takes a chance to kick or grab the ball
    saved: float = -0.1  # a saved shot: their goalkeeper throws with 3 dice
    chain: float = 0.9  # a shot after one more pass against the same shot now


SUPPORT = ((4, -3), (4, 3), (8, 0))  # where team-mates wait: columns ahead of the ball, rows


def _odds(n: int) -> tuple[tuple[int, float], ...]:
    """(total, probability) of ``n`` dice."""
    out = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in out.items():
            for die in range(1, 7):
                nxt[total + die] = nxt.get(total + die, 0.0) + p / 6
        out = nxt
    return tuple(sorted(out.items()))


DICE = {n: _odds(n) for n in (1, 2, 3)}


def save_odds(distance: int) -> float:
    """The goalkeeper's chance to save a shot ``distance`` straight steps away (Shot on
    goal): a die of at least the distance, of the same parity; none beyond a die's reach.

    >>> [round(save_odds(d) * 6) for d in range(1, 8)]
    [3, 3, 2, 2, 1, 1, 0]
    """
    if distance > MAX_SAVE:
        return 0.0
    return sum(can_save(distance, die) for die in range(1, 7)) / 6


def cheb(a: Square, b: Square) -> int:
    """Steps between two squares when diagonal steps count one (how the ball travels)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def line(a: Square, b: Square, width: int) -> list[Square]:
    """A shortest ball path from ``a`` to ``b``: the rows first, the columns last, so a shot
    enters the goal only at its last step and stays on the board before; a goalkeeper's
    throw from its goal steps onto the board first.

    >>> line((19, 0), (21, 3), 21), line((-1, 6), (2, 2), 21)
    ([(19, 1), (20, 2), (21, 3)], [(0, 5), (0, 4), (1, 3), (2, 2)])
    """
    x, y = a
    tx, ty = b
    path: list[Square] = []
    while (x, y) != (tx, ty):
        dx, dy = tx - x, ty - y
        first = not 0 <= x < width
        sx = (dx > 0) - (dx < 0) if first or abs(dx) >= abs(dy) else 0
        sy = (dy > 0) - (dy < 0) if abs(dy) >= abs(dx) or (first and dy) else 0
        x, y = x + sx, y + sy
        path.append((x, y))
    return path


def kick_spots(ball: Square, facing: str) -> tuple[Square, Square, Square]:
    """The three squares a member facing ``facing`` must stand on to have ``ball`` in front of
    its feet (Ball control)."""
    dx, dy = FACINGS[facing]
    x, y = ball
    if dx:
        return ((x - dx, y), (x - dx, y - 1), (x - dx, y + 1))
    return ((x, y - dy), (x - 1, y - dy), (x + 1, y - dy))


class ShotOdds:
    """How well ``team`` can shoot from each square at the goal kept from ``keeper``: the
    best goal chance for every number of points (a shot costs the ball's steps)."""

    def __init__(self, f: Field, team: int, keeper: Square | None) -> None:
        self.goals = [
            (g, 1.0 - (0.0 if keeper is None else save_odds(manhattan(keeper, g))))
            for g in f.goal_squares(1 - team)
            if g != keeper
        ]
        self._best: dict[Square, list[float]] = {}
        self._expect: dict[tuple[Square, int, int], float] = {}

    def best(self, sq: Square) -> list[float]:
        """Index p: the best goal chance of a shot from ``sq`` with p points."""
        found = self._best.get(sq)
        if found is None:
            found = [0.0] * (MAX_POINTS + 1)
            for g, chance in self.goals:
                for p in range(cheb(sq, g), MAX_POINTS + 1):
                    if found[p] < chance:
                        found[p] = chance
            self._best[sq] = found
        return found

    def expect(self, sq: Square, dice: int, spent: int = 0) -> float:
        """The expected goal chance of a shot from ``sq`` next turn with ``dice`` dice, after
        ``spent`` points on getting a member to the ball."""
        key = (sq, dice, spent)
        found = self._expect.get(key)
        if found is None:
            best = self.best(sq)
            found = sum(p * best[total - spent] for total, p in DICE[dice] if total > spent)
            self._expect[key] = found
        return found


@lru_cache(maxsize=64)
def shot_odds(size: str, team: int, keeper: Square | None) -> ShotOdds:
    return ShotOdds(field_of(size), team, keeper)


class _Turn:
    """One team's view of the position during its turn: who stands where, the tables the
    plan reads, walking distances."""

    def __init__(self, s: SimpleSoccerState, team: int, style: Style) -> None:
        self.s = s
        self.style = style
        self.team = team
        self.f = s.field
        assert s.turn is not None
        self.left = int(s.turn["left"])
        self.occ = s.occupied()
        self.ball = s.ball_at()
        self.facing = facing_of(team)
        self.their_facing = facing_of(1 - team)
        self.mine = {label: s.at(team, label) for label in s.members[team]}
        self.theirs = [s.at(1 - team, label) for label in s.members[1 - team]]
        keeper = s.members[1 - team].get(GOALKEEPER)
        their_keeper = None if keeper is None else (keeper["at"][0], keeper["at"][1])
        self.their_keeper = their_keeper
        self.home = (self.f.goal_x(team), self.f.centre[1])
        size = s.options["size"]
        self.ours = shot_odds(size, team, their_keeper)
        self.danger = shot_odds(size, 1 - team, self.home if GOALKEEPER in self.mine else None)
        self._mine_near: dict[Square, int] = {}
        self._their_near: dict[Square, int] = {}
        self._playable: dict[bool, bool] = {}

    # -- distances ----------------------------------------------------------------------

    def free(self, sq: Square) -> bool:
        return self.f.on_board(sq) and sq not in self.occ and sq != self.ball

    def walk(
        self, targets: list[Square], budget: int, keeper: bool = False
    ) -> tuple[dict[Square, int], dict[Square, Square]]:
        """Walking steps from every square to the nearest free target (at most ``budget``),
        and the next square on the way; the goalkeeper may also walk in its own goal."""
        f, team = self.f, self.team

        def ok(sq: Square) -> bool:
            if sq in self.occ or sq == self.ball:
                return False
            return f.on_board(sq) or (keeper and f.is_goal(sq, team))

        dist = {t: 0 for t in targets if ok(t)}
        nxt: dict[Square, Square] = {}
        queue = deque(dist)
        while queue:
            here = queue.popleft()
            d = dist[here]
            if d >= budget:
                continue
            for dx, dy in STEPS:
                sq = (here[0] + dx, here[1] + dy)
                if sq in dist or not ok(sq):
                    continue
                dist[sq] = d + 1
                nxt[sq] = here
                queue.append(sq)
        return dist, nxt

    @staticmethod
    def route(
        start: Square, dist: dict[Square, int], nxt: dict[Square, Square]
    ) -> list[Square] | None:
        """The path from a member on ``start`` along ``walk``'s table, or None."""
        best: Square | None = None
        for dx, dy in STEPS:
            sq = (start[0] + dx, start[1] + dy)
            if sq in dist and (best is None or dist[sq] < dist[best]):
                best = sq
        if best is None:
            return None
        path = [best]
        while path[-1] in nxt:
            path.append(nxt[path[-1]])
        return path

    def near(self, sq: Square, mine: bool) -> int:
        """The fewest steps (ignoring markers) from a fielder of ours, or from any member of
        theirs, to the free square ``sq``."""
        memo = self._mine_near if mine else self._their_near
        found = memo.get(sq)
        if found is None:
            if mine:
                spots = [at for label, at in self.mine.items() if label != GOALKEEPER]
            else:
                spots = self.theirs
            found = min((cheb(at, sq) for at in spots), default=99)
            memo[sq] = found
        return found

    def reach(self, ball: Square, mine: bool, kicker: Square | None = None) -> int:
        """Steps for the nearest member of a team to get ``ball`` in front of its feet: 0 when
        one already has it there; 99 when the squares behind it are blocked."""
        spots = kick_spots(ball, self.facing if mine else self.their_facing)
        best = 99
        for sq in spots:
            if sq == kicker:
                return 0 if mine else best
            who = self.occ.get(sq)
            if who is not None:
                if (who[0] == self.team) == mine:
                    return 0
                continue
            if not self.f.on_board(sq):
                continue
            d = self.near(sq, mine)
            if mine and kicker is not None:
                d = min(d, cheb(kicker, sq))
            best = min(best, d)
        return best

    def can_play(self, mine: bool) -> bool:
        """Whether a team can get the loose ball in front of a member's feet at all, however
        many turns it takes: one has it there already, or a member can walk round the markers
        onto a free square behind it (a goalkeeper only in its own penalty area)."""
        found = self._playable.get(mine)
        if found is not None:
            return found
        found = False
        ball = self.ball
        if ball is not None:
            side = self.team if mine else 1 - self.team
            spots = kick_spots(ball, self.facing if mine else self.their_facing)
            if any(self.occ.get(sq, (-1, ""))[0] == side for sq in spots):
                found = True
            else:
                dist, _ = self.walk([sq for sq in spots if self.f.on_board(sq)], 99)
                keeper = self.f.in_box(side, ball)
                members = self.s.members[side]
                found = any(
                    (keeper or label != GOALKEEPER)
                    and any((m["at"][0] + dx, m["at"][1] + dy) in dist for dx, dy in STEPS)
                    for label, m in members.items()
                )
        self._playable[mine] = found
        return found

    # -- judging where the ball ends ------------------------------------------------------

    def forward(self, sq: Square) -> float:
        """How far up the field ``sq`` is for this team: 0 at its own goal line, 1 at the
        other."""
        share = sq[0] / (self.f.width - 1)
        return share if self.team == 0 else 1.0 - share

    def value(self, ball: Square, spare: int, kicker: Square | None = None) -> float:
        """What the ball left on ``ball`` is worth when the turn ends, with ``spare`` points
        still to spend on getting a team-mate to it."""
        st = self.style
        ours = self.reach(ball, True, kicker)
        theirs = self.reach(ball, False)
        if theirs == 0:
            steal, threat = 1.0, self.danger.expect(ball, 2)
        else:
            steal = max(0.0, (6 - theirs) / 6)
            threat = self.danger.expect(ball, 1, theirs)
        if self.their_keeper is not None and self.f.in_box(1 - self.team, ball):
            # their goalkeeper may grab it (Goalie movement)
            grab = manhattan(self.their_keeper, ball)
            steal = max(steal, max(0.0, (7 - grab) / 6) if theirs else 1.0)
        ahead = self.forward(ball)
        if ours <= spare:
            chance = self.ours.expect(ball, 2)
            later = st.progress * ahead
        else:
            chance = self.ours.expect(ball, 1, ours - spare)
            later = st.progress * st.loose * ahead
        steal *= st.steal
        theirs_later = st.progress * st.loose * (1.0 - ahead)
        keep = (1.0 - steal) * st.later * max(chance, later)
        value = keep - st.steal * threat - steal * theirs_later
        if spare > ours:  # a team-mate gets to it and shoots this turn
            now = self.ours.best(ball)[min(spare - ours, MAX_POINTS)]
            if now > 0.0:
                value = max(value, st.chain * (now + (1.0 - now) * st.saved))
        return value

    def shot(self, goal: Square) -> float:
        keeper = self.their_keeper
        chance = 1.0 if keeper is None else 1.0 - save_odds(manhattan(keeper, goal))
        return chance + (1.0 - chance) * self.style.saved


class Coach:
    """A sensible coach for either side; ``seed`` varies the shootout goalkeeper's guesses."""

    needs_choices = False  # answers a turn from the position, not from the listed choices

    def __init__(self, seed: int = 0, preset: str = "balanced", style: Style | None = None) -> None:
        self.seed = seed
        self.preset = preset
        self.style = Style() if style is None else style

    def choose(self, state: SimpleSoccerState, decision: Decision) -> Action:
        """The coach's action for a pending non-dice ``decision``."""
        if decision.dice:
            raise ValueError("Dice decisions are answered by a dice source, not the coach.")
        actor = decision.actor
        team = SIDES.index(actor)
        if decision.kind == "setup":
            return Action(actor, "setup", {"preset": self.preset})
        if decision.kind == "spot":
            return Action(actor, "spot", {"spot": self.spot(state, team)})
        if decision.kind == "play":
            if rules.any_on(state):
                return self.advanced_play(state, team, decision)
            return self.play(state, team)
        if decision.choices and rules.any_on(state):
            return self.pick(state, team, decision)
        return decision.choices[0].action

    # -- the advanced rules -------------------------------------------------------------

    def before_roll(self, state: SimpleSoccerState, decision: Decision) -> Action | None:
        """A call before the turn's roll: the coach tackles whenever it can (else the ball
        stays at the opponent's feet), a block tackle rather than a slide; it never calls a
        curved corner's total (a long shot at one total in 16)."""
        if decision.kind == "tackle" and decision.choices:
            return min(decision.choices, key=lambda c: _tackle_cost(state, c)).action
        return None

    def advanced_play(self, s: SimpleSoccerState, team: int, decision: Decision) -> Action:
        """A turn's next action with advanced rules: a member lying down gets up first; the
        basic plan when it is legal; else the best listed kick, a run to the ball, or the
        end."""
        by_kind: dict[str, list[Choice]] = {}
        for choice in decision.choices:
            by_kind.setdefault(choice.action.kind, []).append(choice)
        if "rise" in by_kind:
            return self._facing_forward(team, by_kind["rise"]).action
        planned = self.play(s, team)
        if SIMPLESOCCER.problem(s, planned) is None:
            return planned
        judge = _Judge(s, team)
        kicks = by_kind.get("kick", [])
        if kicks:
            best = max(kicks, key=lambda c: judge.ball(c.action.args.get("path")))
            if judge.ball(best.action.args.get("path")) > judge.here():
                return best.action
        moves = by_kind.get("move", [])
        if moves and s.ball is not None:
            ball = (s.ball[0], s.ball[1])
            best = min(moves, key=lambda c: judge.gap(c.action.args.get("path"), ball))
            if judge.gap(best.action.args.get("path"), ball) < judge.gap_now(best, ball):
                return best.action
        facing_ball = self._facing_ball(s, team, by_kind) if not kicks else None
        if facing_ball is not None:
            return facing_ball.action
        ends = by_kind.get("end")
        return ends[0].action if ends else decision.choices[0].action

    def _facing_ball(
        self, s: SimpleSoccerState, team: int, by_kind: dict[str, list[Choice]]
    ) -> Choice | None:
        """A turn that brings a loose ball in front of a member's feet: a member beside a
        ball behind or beside it (no run gets nearer) faces it rather than wait for ever."""
        if s.ball is None or s.held >= 0:
            return None
        ball = (s.ball[0], s.ball[1])
        for choice in by_kind.get("turn", []):
            m = s.members[team][str(choice.action.args.get("member"))]
            if ball in front((m["at"][0], m["at"][1]), str(choice.action.args.get("facing"))):
                return choice
        return None

    def _facing_forward(self, team: int, choices: list[Choice]) -> Choice:
        ahead = facing_of(team)
        return next((c for c in choices if c.action.args.get("facing") == ahead), choices[0])

    def pick(self, s: SimpleSoccerState, team: int, decision: Decision) -> Action:
        """Any other decision of the advanced rules, by the kind of each choice: intercept
        and head whenever offered, trap a ball, send a redirected ball to the square worth
        most, keep the dice, the safest level of a fake-out."""
        judge = _Judge(s, team)
        rng = random.Random(f"{self.seed}:{s.turns_played}:{decision.kind}")

        def score(choice: Choice) -> tuple[float, float]:
            action = choice.action
            preference = PREFERENCE.get(action.kind, 0.0)
            args = action.args
            for key in ("how", "level", "follow", "call", "trap"):
                if key in args:
                    preference += PREFERENCE.get(f"{key}:{args[key]}", 0.0)
            where = args.get("to") or args.get("square") or args.get("path")
            value = judge.ball(where) if where else 0.0
            return preference, value + rng.random() * 1e-6

        return max(decision.choices, key=score).action

    def spot(self, s: SimpleSoccerState, team: int) -> int:
        """The middle spot mostly (the ball then lands nearest on average), now and then a
        surprise, the same for the same seed and kick."""
        kicks = 0 if s.shootout is None else sum(len(k) for k in s.shootout["kicks"])
        rng = random.Random(f"{self.seed}:{team}:{kicks}")
        return rng.randint(1, 7) if rng.random() < RANDOM_SPOT else MIDDLE_SPOT

    # -- the turn -----------------------------------------------------------------------

    def play(self, s: SimpleSoccerState, team: int) -> Action:
        """The next action of ``team``'s turn."""
        t = _Turn(s, team, self.style)
        side = SIDES[team]
        if s.held == team:
            return self._throw(t, side)
        if t.ball is not None and GOALKEEPER in t.mine:
            grab = movement.grab_path(s, team, t.left)
            if grab is not None:
                return _act(t, side, "grab", None, grab)
        plan = self._plan(t)
        if plan is not None:
            return _act(t, side, *plan)
        return self._spare(t, side)

    def _throw(self, t: _Turn, side: str) -> Action:
        """The goalkeeper holding the ball throws it: the best square within reach."""
        start = t.mine[GOALKEEPER]
        best = self._best_kick(t, start, t.left, start)
        if best is None:  # hemmed in: nowhere to throw to
            return Action(side, "end", {})
        _, target = best
        return _act(t, side, "kick", GOALKEEPER, line(start, target, t.f.width))

    def _best_kick(
        self, t: _Turn, kicker: Square, budget: int, start: Square
    ) -> tuple[float, Square] | None:
        """The best square to kick the ball on ``start`` to, with its value."""
        f = t.f
        best: tuple[float, int, Square] | None = None
        for g in f.goal_squares(1 - t.team):
            cost = cheb(start, g)
            if cost <= budget and g not in t.occ:
                cand = (t.shot(g), -cost, g)
                if best is None or cand[:2] > best[:2]:
                    best = cand
        x0, y0 = start
        for x in range(max(0, x0 - budget), min(f.width, x0 + budget + 1)):
            for y in range(max(0, y0 - budget), min(f.height, y0 + budget + 1)):
                sq = (x, y)
                if sq in (start, kicker) or sq in t.occ:
                    continue
                cost = cheb(start, sq)
                cand = (t.value(sq, budget - cost, kicker), -cost, sq)
                if best is None or cand[:2] > best[:2]:
                    best = cand
        return None if best is None else (best[0], best[2])

    def _plan(self, t: _Turn) -> tuple[str, str, list[Square]] | None:
        """The first action of the best plan for the loose ball: a kick (after a fielder's
        run to it, if needed), or a run to get it at a fielder's feet; None when the best is
        to leave the ball where it is."""
        s, team, ball = t.s, t.team, t.ball
        if ball is None:
            return None
        stay = t.value(ball, t.left)
        best: tuple[float, int] = (stay, 0)
        chosen: tuple[str, str, list[Square]] | None = None
        # who can kick it now
        kickers = [label for label in t.mine if movement.can_kick(s, team, label)]
        if kickers:
            label = next((k for k in kickers if k != GOALKEEPER), kickers[0])
            found = self._best_kick(t, t.mine[label], t.left, ball)
            if found is not None and (found[0], -1) > best:
                best = (found[0], -1)
                chosen = ("kick", label, line(ball, found[1], t.f.width))
            return chosen
        # a run to the ball first: the nearest fielder to each square behind it
        dist, nxt = t.walk(list(kick_spots(ball, t.facing)), t.left - 1)
        runs: dict[Square, tuple[int, str, list[Square]]] = {}
        for label, at in t.mine.items():
            if label == GOALKEEPER and not t.f.in_box(team, ball):
                continue
            path = t.route(at, dist, nxt)
            if path is None or len(path) >= t.left:
                continue
            end = path[-1]
            if end not in runs or len(path) < runs[end][0]:
                runs[end] = (len(path), label, path)
        for end, (cost, label, path) in sorted(runs.items()):
            found = self._best_kick(t, end, t.left - cost, ball)
            if found is not None and (found[0], -cost - 1) > best:
                best = (found[0], -cost - 1)
                chosen = ("move", label, path)
        return chosen

    def _spare(self, t: _Turn, side: str) -> Action:
        """Points left once the ball is where it should be: a blocker steps aside when nobody
        could play the ball, the goalkeeper home, a fielder to the ball, team-mates onto the
        squares the other team would kick from, else the end of the turn."""
        ball = t.ball
        if ball is not None and not t.can_play(True) and not t.can_play(False):
            # neither team can ever play the ball: a team-mate blocking the other team's
            # squares behind it steps aside, else play would stall for good
            move = _step_aside(t)
            if move is not None:
                return _act(t, side, "move", *move)
        if GOALKEEPER in t.mine and t.mine[GOALKEEPER] != t.home:
            dist, nxt = t.walk([t.home], 99, keeper=True)
            path = t.route(t.mine[GOALKEEPER], dist, nxt)
            if path is not None:
                return _act(t, side, "move", GOALKEEPER, path[: t.left])
        if ball is not None and t.reach(ball, True) > 0:
            move = self._run(t, list(kick_spots(ball, t.facing)), partial=True)
            if move is not None:
                return _act(t, side, "move", *move)
        # blocking the other team only while we can still get to the ball ourselves: else
        # nobody could ever play it
        if ball is not None and t.reach(ball, False) > 0 and t.can_play(True):
            blocks = [sq for sq in kick_spots(ball, t.their_facing) if t.free(sq)]
            move = self._run(t, blocks, partial=False)
            if move is not None:
                return _act(t, side, "move", *move)
        if ball is not None:
            busy: set[str] = set()
            for target in _support(t, ball):
                near = [k for k, at in t.mine.items() if k not in busy and cheb(at, target) <= 1]
                if near:
                    busy.add(near[0])
                    continue
                move = self._run(t, [target], partial=True, busy=busy)
                if move is not None:
                    return _act(t, side, "move", *move)
        return Action(side, "end", {})

    def _run(
        self, t: _Turn, targets: list[Square], partial: bool, busy: set[str] | None = None
    ) -> tuple[str, list[Square]] | None:
        """The nearest fielder not at the ball walks to one of ``targets`` (as far as the
        points go, with ``partial``)."""
        if not targets:
            return None
        budget = 99 if partial else t.left
        dist, nxt = t.walk(targets, budget)
        best: tuple[int, str, list[Square]] | None = None
        for label, at in t.mine.items():
            if label == GOALKEEPER or _at_ball(t, at) or (busy and label in busy):
                continue
            path = t.route(at, dist, nxt)
            if path is None or (not partial and len(path) > t.left):
                continue
            if best is None or len(path) < best[0]:
                best = (len(path), label, path)
        if best is None:
            return None
        return best[1], best[2][: t.left]


def _support(t: _Turn, ball: Square) -> list[Square]:
    """Squares ahead of the ball where team-mates wait for a pass (taken by one already, or
    free)."""
    f = t.f
    ahead = 1 if t.team == 0 else -1
    cy = f.centre[1]
    out = []
    for dx, y in SUPPORT:
        x = min(max(ball[0] + ahead * dx, 1), f.width - 2)
        sq = (x, min(max(cy + y, 0), f.height - 1))
        who = t.occ.get(sq)
        if sq != ball and (who is None or who[0] == t.team):
            out.append(sq)
    return out


def _at_ball(t: _Turn, at: Square) -> bool:
    """Whether a fielder on ``at`` has the ball at its feet, or stands where the other team
    would kick it from while its own team can still get to the ball (a block that only
    freezes play is no job)."""
    if t.ball is None:
        return False
    if at in kick_spots(t.ball, t.facing):
        return True
    return at in kick_spots(t.ball, t.their_facing) and t.can_play(True)


def _step_aside(t: _Turn) -> tuple[str, list[Square]] | None:
    """A team-mate on a square the other team would kick the ball from steps off it, back
    towards its own goal, so that the other team can play the ball."""
    assert t.ball is not None
    blocked = kick_spots(t.ball, t.their_facing)
    best: tuple[float, int, str, Square] | None = None
    for label, at in t.mine.items():
        if at not in blocked:
            continue
        for dx, dy in STEPS:
            sq = (at[0] + dx, at[1] + dy)
            if sq in blocked or sq in t.occ or sq == t.ball:
                continue
            if not movement.member_may_stand(t.f, t.team, label, sq):
                continue
            cand = (t.forward(sq), -cheb(sq, t.ball), label, sq)
            if best is None or cand[:2] < best[:2]:
                best = cand
    return None if best is None else (best[2], [best[3]])


def _act(t: _Turn, side: str, kind: str, member: str | None, path: list[Square]) -> Action:
    table = name_table(t.f)
    args: dict[str, Any] = {"path": [table[sq] for sq in path]}
    if member is not None:
        args["member"] = member
    return Action(side, kind, args)


# how much the coach likes a kind of choice (higher first); the rest ties at 0
PREFERENCE: dict[str, float] = {
    "intercept": 2.0,  # better a roll for the ball than let a kick pass
    "how:feet": 0.4,
    "how:chest": 0.3,
    "how:header": 0.2,  # a bicycle kick puts the kicker down
    "header": 1.0,  # a team-mate's head: one more die for the ball
    "bicycle": 0.5,
    "trap": 1.0,
    "trap:True": 1.0,
    "keep": 1.0,
    "ready": 1.0,
    "level:mild": 1.0,
    "level:moderate": 0.5,
    "follow:kick": 1.0,
}


def _tackle_cost(s: SimpleSoccerState, choice: Choice) -> tuple[int, int]:
    """A block tackle (the ball straight in front of the tackler, who stays up) before a
    slide, the fewest steps first."""
    args = choice.action.args
    team = SIDES.index(choice.action.actor)
    m = s.members[team][str(args.get("member"))]
    path = args.get("path") or []
    # the goalkeeper may step into its own goal to tackle: its path names that goal square
    at = parse(s.field, path[-1], team) if path else (m["at"][0], m["at"][1])
    ball = s.ball_at()
    block = ball is not None and front(at, m["facing"])[0] == ball
    return (0 if block else 1, len(path))


class _Judge:
    """Where a ball would be worth most to ``team`` (the coach's end-of-turn judgement),
    asked outside its own turn too."""

    def __init__(self, s: SimpleSoccerState, team: int) -> None:
        if s.turn is None or s.turn.get("team") != team:
            s = s.clone()
            s.turn = {"team": team, "left": 0, "points": 0, "dice": []}
        self.s = s
        self.team = team
        self.t = _Turn(s, team, Style())
        self.table = {v: k for k, v in name_table(s.field).items()}

    def square(self, where: Any) -> Square | None:
        if isinstance(where, list | tuple) and where:
            where = where[-1]
        if isinstance(where, str):
            return self.table.get(where.strip().lower())
        return None

    def ball(self, where: Any) -> float:
        sq = self.square(where)
        if sq is None:
            return -1e9
        if self.s.field.is_goal(sq):
            return self.t.shot(sq) if self.s.field.is_goal(sq, 1 - self.team) else -1e9
        return self.t.value(sq, 0)

    def here(self) -> float:
        ball = self.s.ball_at()
        return -1e9 if ball is None else self.t.value(ball, 0)

    def gap(self, path: Any, ball: Square) -> int:
        sq = self.square(path)
        return 99 if sq is None else cheb(sq, ball)

    def gap_now(self, choice: Choice, ball: Square) -> int:
        label = choice.action.args.get("member")
        return 99 if label not in self.t.mine else cheb(self.t.mine[label], ball)


class RandomPlayer:
    """A sparring partner: a random legal choice at every decision (seeded)."""

    needs_choices = True

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: SimpleSoccerState, decision: Decision) -> Action:
        return self._rng.choice(decision.choices).action

    def before_roll(self, state: SimpleSoccerState, decision: Decision) -> Action | None:
        """Now and then a call before the roll (a tackle), else the roll."""
        if decision.choices and self._rng.random() < 0.5:
            return self._rng.choice(decision.choices).action
        return None


class Player(Protocol):
    def choose(self, state: SimpleSoccerState, decision: Decision) -> Action: ...


# -- whole matches ----------------------------------------------------------------------


def iter_match(
    seed: int,
    dice: DiceSource | None = None,
    coaches: Player | tuple[Player, Player] | None = None,
    options: dict[str, Any] | None = None,
    start: SimpleSoccerState | None = None,
) -> Iterator[tuple[SimpleSoccerState, Action, list[Event]]]:
    """Play a match, yielding (state after, action, events) per action. ``coaches``: one
    player for both sides or a (west, east) pair, ``Coach(seed)`` by default; ``dice``
    defaults to ``VirtualDice(seed)``."""
    dice = VirtualDice(seed) if dice is None else dice
    if coaches is None:
        coaches = Coach(seed)
    pair = coaches if isinstance(coaches, tuple) else (coaches, coaches)
    state = SIMPLESOCCER.initial(options) if start is None else start
    last: tuple[Any, ...] | None = None
    same = 0
    for _ in range(MAX_ACTIONS):
        if state.over:
            return
        step = state.step
        player = pair[step["team"]] if "team" in step else None
        light = player is not None and not getattr(player, "needs_choices", True)
        if player is not None and rules.any_on(state):
            light = False  # the advanced rules' plays are read from the listed choices
        pending = decisions.pending(state, light=light)
        decision = pending[0]
        action = None
        if decision.dice:
            # a call a player may make before its roll (a tackle), offered beside the roll
            for other in pending[1:]:
                if other.actor == decision.actor and not other.dice:
                    chooser = pair[SIDES.index(other.actor)]
                    before = getattr(chooser, "before_roll", None)
                    action = None if before is None else before(state, other)
                    if action is not None:
                        break
            if action is None:
                action = Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
        else:
            action = pair[SIDES.index(decision.actor)].choose(state, decision)
        state, events = SIMPLESOCCER.apply(state, action)
        yield state, action, events
        if any(e.kind == "turn_end" for e in events):
            here = _position(state)
            same = same + 1 if here == last else 0
            last = here
            if same >= STALL_TURNS:
                ball = "held" if state.held >= 0 else name_table(state.field).get(here[1])
                raise RuntimeError(
                    f"seed {seed}: play stalled: {STALL_TURNS} turns running ended with every "
                    f"member and the ball ({ball}) where they were"
                )
    raise RuntimeError(f"seed {seed}: the match did not end after {MAX_ACTIONS} actions")


def _position(s: SimpleSoccerState) -> tuple[Any, ...]:
    """Where everything stands: the members (and their facing), the ball, who holds it."""
    members = tuple(
        tuple(sorted((label, m["at"][0], m["at"][1], m["facing"]) for label, m in team.items()))
        for team in s.members
    )
    return members, None if s.ball is None else tuple(s.ball), s.held


def play_match(
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    dice: DiceSource | None = None,
    coaches: Player | tuple[Player, Player] | None = None,
) -> tuple[SimpleSoccerState, list[Event]]:
    """Play a whole match (coach against coach by default); returns (final state, events)."""
    state = SIMPLESOCCER.initial(options)
    events: list[Event] = []
    for after, _action, ev in iter_match(seed, dice, coaches, options, start=state):
        state = after
        events.extend(ev)
    return state, events
