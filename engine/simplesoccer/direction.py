"""Where a kick may send the ball under the advanced rules (Ball direction, Facing), and the
ball rolling on by itself at the start of a turn (Inertia move).

A member's kicks in one turn form one run: every step of the ball in that run goes in one of
at most two directions, 45 degrees apart; a kick by a team-mate starts a new run. Facing makes
some steps dearer (heel kicks) or turns the kick into a slide kick (the kicker goes down).
The cheapest legal path to every square is found over (square, directions used, slide).
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from typing import Any, NamedTuple

from engine.core.actions import Action
from engine.core.decisions import Choice
from engine.core.errors import RulesError
from engine.core.events import Event
from engine.simplesoccer import facing, flow, movement, rules
from engine.simplesoccer.field import (
    DIRECTION_WORDS,
    DIRECTIONS,
    SIDES,
    Square,
    adjacent,
    direction_of,
    eighths_between,
    name,
    name_table,
    names,
    parse_path,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.state import SimpleSoccerState

INERTIA_SQUARES = 6  # Inertia move: the farthest the ball rolls on by itself

Dirs = tuple[str, ...]


class Kick(NamedTuple):
    """A kick's path, its points, whether it is a slide kick, and the directions the ball
    has gone in the kicker's run this turn once it is made."""

    path: list[Square]
    cost: int
    slide: bool
    dirs: Dirs

    def told(self) -> dict[str, Any]:
        """What the kick's event adds to a plain kick's: that the kicker slid."""
        return {"slide": True} if self.slide else {}


def shaped(s: SimpleSoccerState) -> bool:
    """Whether kicks follow more than the basic rules (their directions are kept)."""
    return rules.on(s, "direction") or rules.on(s, "facing") or rules.on(s, "inertia")


def run_dirs(s: SimpleSoccerState, label: str) -> Dirs:
    """The directions the ball has gone in ``label``'s run of kicks this turn (a kick by a
    team-mate started a new run)."""
    seq = (s.turn or {}).get("seq")
    if not seq or seq.get("member") != label:
        return ()
    return tuple(seq["dirs"])


def joined(dirs: Dirs, step: str) -> Dirs | None:
    """``dirs`` with ``step`` added, or None when the ball may not go that way (Ball
    direction: two directions at most, 45 degrees apart)."""
    if step in dirs:
        return dirs
    if not dirs or (len(dirs) == 1 and eighths_between(dirs[0], step) == 1):
        return (*dirs, step)
    return None


def _refusal(dirs: Dirs, step: str) -> str:
    gone = " and ".join(DIRECTION_WORDS[d] for d in dirs)
    towards = DIRECTION_WORDS[step]
    if len(dirs) >= 2:
        return (
            f"The ball has gone {gone} this turn: it cannot turn {towards} "
            "(two directions at most)."
        )
    if eighths_between(dirs[0], step) == 4:
        return f"The ball has gone {gone} this turn: it cannot go back {towards}."
    return f"The ball has gone {gone} this turn: it cannot turn {towards} (45 degrees at most)."


# -- kicks -----------------------------------------------------------------------------------


def kick_options(
    s: SimpleSoccerState, team: int, label: str, start: Square, left: int
) -> dict[Square, dict[bool, Kick]]:
    """Every square ``label`` can kick the ball to from ``start`` with ``left`` points -> the
    cheapest plain kick (key False) and the cheapest slide kick (key True) there."""
    f = s.field
    taken = s.occupied()
    mode, towards = facing.kick_mode(s, team, label, start)
    checking = rules.on(s, "direction")
    first = run_dirs(s, label) if checking else ()
    goals = {sq for sq in f.goal_squares(1 - team) if sq not in taken}
    steps = [(d, v, *facing.step_cost(mode, towards, d)) for d, v in DIRECTIONS.items()]
    State = tuple[Square, Dirs, bool]
    origin: State = (start, first, False)
    best: dict[State, int] = {origin: 0}
    parent: dict[State, State] = {}
    order = itertools.count()
    heap: list[tuple[int, int, State]] = [(0, next(order), origin)]
    found: dict[Square, dict[bool, Kick]] = {}
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        sq, dirs, slide = state
        if sq != start and (sq in goals or sq not in taken):
            kicks = found.setdefault(sq, {})
            if slide not in kicks:
                kicks[slide] = Kick(_path(parent, state), cost, slide, dirs)
        if sq in goals:
            continue  # a shot ends in the goal
        for d, (dx, dy), price, slid in steps:
            nxt = (sq[0] + dx, sq[1] + dy)
            total = cost + price
            if total > left or not (f.on_board(nxt) or nxt in goals):
                continue
            more = joined(dirs, d) if checking else dirs
            if more is None:
                continue
            after = (nxt, more, slide or slid)
            if total < best.get(after, left + 1):
                best[after] = total
                parent[after] = state
                heapq.heappush(heap, (total, next(order), after))
    return found


def _path(parent: dict[Any, Any], state: Any) -> list[Square]:
    path: list[Square] = []
    while state in parent:
        path.append(state[0])
        state = parent[state]
    return path[::-1]


def preferred(kicks: dict[bool, Kick]) -> Kick:
    """A plain kick when there is one, else the slide kick."""
    return kicks.get(False) or kicks[True]


def plan_kick(
    s: SimpleSoccerState, team: int, label: str, start: Square, path: list[Square], left: int
) -> Kick:
    """Check ``label``'s kick of the ball from ``start`` along ``path`` (a lone far square:
    the cheapest legal way there, a plain kick if there is one) and price it."""
    if not shaped(s):
        path = movement.shortest(s, path, start, lambda: movement.ball_reach(s, team, start, left))
        movement.check_kick(s, team, start, path, left)
        return Kick(path, len(path), False, ())
    f = s.field
    if len(path) == 1 and path[0] == start:
        raise RulesError(f"The ball is on {name(f, start)}: name a square to kick it to.")
    if len(path) == 1 and not adjacent(start, path[0]):
        kicks = kick_options(s, team, label, start, left).get(path[0])
        if kicks is None:
            raise RulesError(
                f"The ball cannot get to {name(f, path[0])} from {name(f, start)} with the "
                "points left (or the way it has gone this turn)."
            )
        path = preferred(kicks).path
    movement.check_kick(s, team, start, path, left)
    mode, towards = facing.kick_mode(s, team, label, start)
    checking = rules.on(s, "direction")
    dirs = run_dirs(s, label)
    cost, slide, here = 0, False, start
    for sq in path:
        step = direction_of(here, sq)
        more = joined(dirs, step)
        if more is None and checking:
            raise RulesError(_refusal(dirs, step))
        dirs = more if more is not None else (*dirs, step)
        price, slid = facing.step_cost(mode, towards, step)
        cost += price
        slide = slide or slid
        here = sq
    if cost > left:
        raise RulesError(
            f"That kick takes {cost} points (kicking the ball back past the kicker's side "
            f"costs more); you have {left} left."
        )
    return Kick(path, cost, slide, dirs)


def kicked(s: SimpleSoccerState, team: int, label: str, kick: Kick) -> None:
    """A checked kick is made: the other team no longer touched the ball last, the kicker's
    run and the ball's travel are remembered, a slide kicker goes down (Fielder down)."""
    touched_by(s, team)
    if not shaped(s):
        return
    assert s.turn is not None
    s.turn["seq"] = {"member": label, "dirs": list(kick.dirs)}
    if rules.on(s, "inertia"):
        s.motion = {
            "team": team,
            "dirs": list(kick.dirs),
            "inertia": False,
            "touched": False,
            "turn": s.turns_played,
        }
    if kick.slide:
        facing.put_down(s, team, label)


def kick_choices(
    s: SimpleSoccerState, team: int, label: str, start: Square, left: int
) -> list[Choice]:
    """``label``'s kicks to every square it can reach: the cheapest plain kick, and a slide
    kick where it is cheaper or the only way."""
    table = name_table(s.field)
    side = SIDES[team]
    out: list[Choice] = []
    for kicks in kick_options(s, team, label, start, left).values():
        plain, slide = kicks.get(False), kicks.get(True)
        if plain is not None:
            out.append(_kick_choice(table, side, label, plain))
        if slide is not None and (plain is None or slide.cost < plain.cost):
            out.append(_kick_choice(table, side, label, slide))
    return out


def _kick_choice(table: dict[Square, str], side: str, label: str, kick: Kick) -> Choice:
    path = [table[sq] for sq in kick.path]
    to = path[-1]
    text = f"{label} kicks to {to} ({kick.cost})"
    if kick.slide:
        text = f"{label} slides and kicks to {to} ({kick.cost}), {label} goes down"
    info: dict[str, Any] = {"member": label, "to": to, "cost": kick.cost}
    if kick.slide:
        info["slide"] = True
    return Choice(Action(side, "kick", {"member": label, "path": path}), text, info)


# -- touches and turns -------------------------------------------------------------------------


def touched_by(s: SimpleSoccerState, team: int) -> None:
    """``team`` moved or took the ball: the other team's kick no longer rolls on (Inertia
    move), and a run of kicks of the team whose turn it is ends (Ball direction)."""
    if s.motion is not None and s.motion.get("team") != team:
        s.motion = None
    if s.turn is not None and s.turn.get("team") != team:
        s.turn.pop("seq", None)


def turn_started(s: SimpleSoccerState, team: int) -> None:
    """A remembered kick is forgotten once the ball is held, set up again, out of play for a
    restart, or kicked by the other team."""
    m = s.motion
    if m is None:
        return
    if s.held >= 0 or s.ball is None or s.restart is not None or s.kicked_by != m.get("team"):
        s.motion = None


# -- inertia (Inertia move) -----------------------------------------------------------------


def inertia_refusal(s: SimpleSoccerState, team: int) -> str | None:
    """Why the ball cannot roll on for ``team`` now, or None when it can."""
    if not rules.on(s, "inertia"):
        return "The ball does not roll on by itself in this match."
    m = s.motion
    if s.juggle is not None:
        return "The ball is in the air: it cannot roll on now."
    if s.held >= 0 or s.ball is None or m is None or m.get("team") != team:
        return (
            "The ball rolls on only when your team kicked it last and the other team has not "
            "touched it since."
        )
    if int(m.get("turn", -1)) >= s.turns_played:
        if m.get("inertia"):
            return "The ball has already rolled on this turn."
        return "Your team has kicked the ball this turn: it rolls on only before a kick."
    if m.get("inertia"):
        return "The ball rolled on by itself last time: it needs a kick before it rolls again."
    return None


def inertia_paths(s: SimpleSoccerState, team: int, left: int) -> dict[Square, list[Square]]:
    """Every free board square the ball can roll on to -> a shortest way there."""
    assert s.motion is not None
    f = s.field
    taken = s.occupied()
    start = s.ball_at()
    assert start is not None
    allowed = [d for d in DIRECTIONS if d in s.motion["dirs"]]
    depth = min(INERTIA_SQUARES, left)
    State = tuple[Square, Dirs]
    paths: dict[State, list[Square]] = {(start, ()): []}
    queue: deque[State] = deque([(start, ())])
    out: dict[Square, list[Square]] = {}
    while queue:
        state = queue.popleft()
        path = paths[state]
        if len(path) >= depth:
            continue
        sq, dirs = state
        for d in allowed:
            nxt = (sq[0] + DIRECTIONS[d][0], sq[1] + DIRECTIONS[d][1])
            more = joined(dirs, d)
            if more is None or not f.on_board(nxt) or (nxt, more) in paths:
                continue
            paths[(nxt, more)] = path + [nxt]
            queue.append((nxt, more))
            if nxt != start and nxt not in taken and nxt not in out:
                out[nxt] = path + [nxt]
    return out


def _check_inertia(s: SimpleSoccerState, start: Square, path: list[Square], left: int) -> None:
    assert s.motion is not None
    f = s.field
    if len(path) > INERTIA_SQUARES:
        raise RulesError(f"The ball rolls on {INERTIA_SQUARES} squares at most.")
    if len(path) > left:
        raise RulesError(f"That roll takes {len(path)} points; you have {left} left this turn.")
    allowed: Dirs = tuple(s.motion["dirs"])
    went = " and ".join(DIRECTION_WORDS[d] for d in allowed)
    dirs: Dirs = ()
    here = start
    for sq in path:
        where = name(f, sq)
        if not adjacent(here, sq):
            raise RulesError(
                f"The ball moves one square per step: {where} is not next to {name(f, here)}."
            )
        if f.is_goal(sq):
            raise RulesError("The ball cannot roll into a goal by itself: only a kick shoots.")
        if not f.on_board(sq):
            raise RulesError(f"{where} is off the board: the ball rolls on over the field only.")
        step = direction_of(here, sq)
        if step not in allowed:
            raise RulesError(
                f"The ball was going {went}: it rolls on that way only, not "
                f"{DIRECTION_WORDS[step]}."
            )
        more = joined(dirs, step)
        if more is None:
            raise RulesError(_refusal(dirs, step))
        dirs, here = more, sq
    end = path[-1]
    occupant = s.occupant(end)
    if occupant is not None:
        raise RulesError(
            f"The ball cannot stop on {movement.who(*occupant)} at {name(f, end)}: it may "
            "only roll past a marker."
        )


def _h_inertia(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    why = inertia_refusal(s, team)
    if why is not None:
        raise RulesError(why)
    f = s.field
    start = s.ball_at()
    assert start is not None and s.motion is not None
    left = flow.left(s)
    path = parse_path(f, args.get("path"), 1 - team)
    if len(path) == 1 and path[0] == start:
        raise RulesError(f"The ball is on {name(f, start)}: name a square for it to roll to.")
    if len(path) == 1 and not adjacent(start, path[0]):
        found = inertia_paths(s, team, left).get(path[0])
        if found is None:
            raise RulesError(
                f"The ball cannot roll on to {name(f, path[0])}: it keeps its way, "
                f"{INERTIA_SQUARES} squares at most, with the points left."
            )
        path = found
    _check_inertia(s, start, path, left)
    s.ball = list(path[-1])
    flow.spend(s, len(path))
    steps = [list(sq) for sq in path]
    s.last = {"kind": "inertia", "team": team, "member": None, "path": [list(start), *steps]}
    s.motion = {**s.motion, "inertia": True, "turn": s.turns_played}
    ev.append(
        Event(
            "inertia",
            {
                "team": team,
                "from": list(start),
                "path": steps,
                "squares": names(f, [start, *path]),
                "cost": len(path),
                "left": flow.left(s),
            },
        )
    )
    flow.after_spend(s, team, args, ev)


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    """The ball rolling on to each square it can reach (Inertia move)."""
    if inertia_refusal(s, team) is not None:
        return []
    table = name_table(s.field)
    side = SIDES[team]
    out: list[Choice] = []
    for path in inertia_paths(s, team, flow.left(s)).values():
        squares = [table[sq] for sq in path]
        out.append(
            Choice(
                Action(side, "inertia", {"path": squares}),
                f"Ball rolls on to {squares[-1]} ({len(path)})",
                {"to": squares[-1], "cost": len(path)},
            )
        )
    return out


HANDLERS: dict[tuple[str, str], Any] = {("play", "inertia"): _h_inertia}
