"""A kicked ball in flight (advanced rules: Intercept, Chest intercept, Header, Bicycle kick,
Stunned goalie).

With any of the rules ``intercepts``, ``headers``, ``bicycle`` or ``stunned`` on, a player's
kick travels square by square (``launch``). At the first square where a standing opponent
may play it, the other team is asked: intercept (feet, chest, header or bicycle kick, as the
square allows) or let it pass. An attempt is a 1-die contact roll; what follows (trap, a
distance die and a new square, a random poor aim, a miss that lets the ball go on) is a
chain of steps kept in ``s.flight``. A kick that comes to rest behind a team-mate's head, or
in its feet area from its feet row or behind, may be headed on or bicycle-kicked
(coordinated pass). When the kick is done the ball lands through ``shots`` / ``restarts``
and the kicking team plays on.

Member geometry, for a member on M facing f: its feet area is the three squares of the row
in front of it (depth 1), its chest its own square (depth 0), its head's back the square
straight behind it (depth -1); "depth" counts rows along f.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import (
    ballpath,
    direction,
    facing,
    flow,
    fouls,
    landing,
    randomdir,
    restarts,
    rules,
    shots,
)
from engine.simplesoccer.field import (
    COMPASS,
    DIRECTION_WORDS,
    FACINGS,
    SIDES,
    Square,
    direction_of,
    name,
    parse,
    turn,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.movement import who
from engine.simplesoccer.state import SimpleSoccerState

TOGGLES = ("intercepts", "headers", "bicycle", "stunned")
HOW_WORDS = {
    "feet": "feet",
    "chest": "chest",
    "header": "head",
    "bicycle": "bicycle kick",
}


def active(s: SimpleSoccerState) -> bool:
    """Whether kicks travel square by square (some rule may stop them on the way)."""
    return any(rules.on(s, r) for r in TOGGLES)


# -- member geometry --------------------------------------------------------------------


def _sq(v: Any) -> Square:
    return (int(v[0]), int(v[1]))


def depth(at: Square, facing_: str, sq: Square) -> int:
    """Rows from a member on ``at`` to ``sq`` along its facing: 1 is its feet row, 0 its
    own row, -1 the row behind its head.

    >>> depth((4, 4), "e", (5, 3)), depth((4, 4), "e", (3, 7)), depth((4, 4), "n", (9, 6))
    (1, -1, 2)
    """
    dx, dy = FACINGS[facing_]
    return (sq[0] - at[0]) * dx + (sq[1] - at[1]) * dy


def _lateral(at: Square, facing_: str, sq: Square) -> int:
    dx, dy = FACINGS[facing_]
    return abs((sq[0] - at[0]) * -dy + (sq[1] - at[1]) * dx)


def in_feet(at: Square, facing_: str, sq: Square) -> bool:
    """Whether ``sq`` is one of the three squares in front of the member's feet."""
    return depth(at, facing_, sq) == 1 and _lateral(at, facing_, sq) <= 1


def behind_head(at: Square, facing_: str) -> Square:
    """The square straight behind the member's head.

    >>> behind_head((4, 4), "e"), behind_head((4, 4), "s")
    ((3, 4), (4, 5))
    """
    dx, dy = FACINGS[facing_]
    return (at[0] - dx, at[1] - dy)


def king(a: Square, b: Square) -> int:
    """Squares between ``a`` and ``b`` counting diagonal steps (the ball zigzags freely)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _member(s: SimpleSoccerState, team: int, label: str) -> tuple[Square, str]:
    m = s.members[team][label]
    return _sq(m["at"]), str(m["facing"])


# -- launching a kick and its way square by square --------------------------------------


def launch(
    s: SimpleSoccerState,
    team: int,
    label: str,
    start: Square,
    path: list[Square],
    args: Step,
    ev: Events,
    **told: Any,
) -> None:
    """``team``'s ``label`` kicks the ball from ``start`` along ``path`` (checked already):
    its points are spent and the kick told (``told`` goes to ``flow.played``: ``cost``,
    ``throw``, ...), then the ball travels square by square, stopping where the other team
    may intercept."""
    costs = _step_costs(s, team, label, start, path, told.get("cost"))
    s.held = -1
    s.kicked_by = team
    own_before = _own_points(s, label)
    flow.played(s, "kick", team, label, start, path, ev, **told)
    s.flight = {
        "team": team,
        "member": label,
        "start": list(start),
        "path": [list(sq) for sq in path],
        "costs": list(costs),
        "i": -1,
        "let": {},
        "att": None,
        "juggled": False,
        "long": bool(args.get("long")),  # a carry-on kick rolls on where it stops
        "own_spent": own_before - _own_points(s, label),  # the kicker's own points it used
    }
    _go_on(s, args, ev)


def _own_points(s: SimpleSoccerState, label: str) -> int:
    """The points only ``label`` may spend this turn (a fake-out's, its skill points)."""
    return int(((s.turn or {}).get("own") or {}).get(label, 0))


def _step_costs(
    s: SimpleSoccerState,
    team: int,
    label: str,
    start: Square,
    path: list[Square],
    total: int | None,
) -> list[int]:
    """What each square of the kick costs (Facing: heel kicks cost more a square), so that an
    interception gives back exactly the squares the ball did not travel."""
    mode, towards = facing.kick_mode(s, team, label, start)
    costs, here = [], start
    for sq in path:
        costs.append(facing.step_cost(mode, towards, direction_of(here, sq))[0])
        here = sq
    if total is not None and total != sum(costs) and costs:
        costs = [1] * len(path)
        costs[0] += total - len(path)  # a cost priced otherwise is paid as the kick starts
    return costs


def _go_on(s: SimpleSoccerState, args: Step, ev: Events, *, here: bool = False) -> None:
    """The ball goes on from the square after the current one (``here``: from the current
    one, whose other markers have not been asked yet) until someone may play it or the
    kick's last square."""
    fl = s.flight
    assert fl is not None
    path = [_sq(p) for p in fl["path"]]
    fl["att"] = None
    for i in range(fl["i"] if here else fl["i"] + 1, len(path)):
        fl["i"] = i
        s.ball = list(path[i])
        offers = _offers(s, fl, i)
        if offers:
            fl["offers"] = offers
            s.step = {"k": "intercept", "team": 1 - fl["team"]}
            return
    fl.pop("offers", None)
    _arrived(s, args, ev)


def _turn_list(s: SimpleSoccerState, key: str) -> list[str]:
    return list(s.turn.get(key, [])) if s.turn else []


def _offers(s: SimpleSoccerState, fl: dict[str, Any], i: int) -> list[list[str]]:
    """[member, how] pairs of the other team that may play the ball on the kick's ``i``-th
    square (Intercept, Chest intercept, Header, Bicycle kick)."""
    path = [_sq(p) for p in fl["path"]]
    ball = path[i]
    if not s.field.on_board(ball) or (s.turn and s.turn.get("intercepted")):
        return []
    origin = _sq(fl["start"])
    came = origin if i == 0 else path[i - 1]
    opp = 1 - fl["team"]
    tried = _turn_list(s, "intercept_tried")
    feet_on, head_on, bike_on = (rules.on(s, r) for r in ("intercepts", "headers", "bicycle"))
    out: list[list[str]] = []
    for label in s.members[opp]:
        if label in tried or not facing.standing(s, opp, label):
            continue
        at, face = _member(s, opp, label)
        kinds: list[str] = []
        if in_feet(at, face, ball):
            # Intercept: only a kick from a row in front of the feet
            if feet_on and depth(at, face, origin) >= 2:
                kinds.append("feet")
            # Bicycle kick: a ball coming along the feet row or from behind it
            if bike_on and depth(at, face, came) <= 1:
                kinds.append("bicycle")
        elif ball == at and feet_on:
            # Chest intercept: from the sides; from the feet area only after the feet
            # interception there was turned down; never from behind
            side = depth(at, face, came) == 0 and label not in fl["let"]
            declined = in_feet(at, face, came) and "feet" in fl["let"].get(label, [])
            if (side or declined) and _chest_square(s, at, face, came) is not None:
                kinds.append("chest")
        elif ball == behind_head(at, face) and head_on and depth(at, face, origin) >= -1:
            kinds.append("header")  # Header: not a kick from behind the head's row
        if not kinds:
            continue
        if label in fl["let"] and kinds != ["chest"]:
            continue  # a marker that let the ball pass is not asked again this kick
        out.extend([label, how] for how in kinds)
    return out


def _chest_square(s: SimpleSoccerState, at: Square, face: str, came: Square) -> Square | None:
    """Where a chest trap drops the ball: the feet-area square on the side the ball came
    from (the square it came from, when that was in the feet area); None when off the
    board."""
    dx, dy = FACINGS[face]
    drop = (came[0] + dx, came[1] + dy) if depth(at, face, came) == 0 else came
    return drop if s.field.on_board(drop) else None


def _arrived(s: SimpleSoccerState, args: Step, ev: Events) -> None:
    """The kick reached its last square: a team-mate may head or bicycle-kick it on, else
    the ball stops there."""
    fl = s.flight
    assert fl is not None
    end = _sq(fl["path"][-1])
    s.ball = list(end)
    coord = _coordinated_offers(s, fl)
    if coord:
        fl["coord"] = coord
        s.step = {"k": "coordinate", "team": fl["team"]}
        return
    s.flight = None
    s.step = {"k": "play", "team": fl["team"]}
    landing.ball_stops(s, fl["team"], fl["member"], end, _kick_args(fl, args), ev)


def _kick_args(fl: dict[str, Any], args: Step) -> Step:
    """The answering action's arguments with the kick's own "long" (carry-on) flag."""
    return {**args, "long": True} if fl.get("long") else args


def _coordinated_offers(s: SimpleSoccerState, fl: dict[str, Any]) -> list[list[str]]:
    """[member, how] pairs of the kicking team that may play a pass on (Header, Bicycle
    kick: coordinated passes)."""
    path = [_sq(p) for p in fl["path"]]
    end = path[-1]
    if not s.field.on_board(end):
        return []
    came = path[-2] if len(path) > 1 else _sq(fl["start"])
    team = fl["team"]
    out: list[list[str]] = []
    for label in s.members[team]:
        if label == fl["member"] or not facing.standing(s, team, label):
            continue
        at, face = _member(s, team, label)
        if rules.on(s, "headers") and end == behind_head(at, face):
            out.append([label, "header"])
        if rules.on(s, "bicycle") and in_feet(at, face, end) and depth(at, face, came) <= 1:
            out.append([label, "bicycle"])
    return out


# -- the other team's answer: intercept or let it pass ----------------------------------


def _pick(offers: list[list[str]], args: Step) -> list[str]:
    how = args.get("how")
    if how is not None and how not in HOW_WORDS:
        raise MalformedAction("Say how: feet, chest, header or bicycle.")
    wanted = args.get("member")
    found = [
        o
        for o in offers
        if (how is None or o[1] == how) and (wanted is None or o[0] == str(wanted).upper())
    ]
    if not found:
        what = f"{HOW_WORDS[how]} play" if how else "play"
        raise RulesError(f"No such {what} is possible there now.")
    if len(found) > 1:
        raise MalformedAction("Say who plays the ball and how: more than one way is open.")
    return found[0]


def _h_intercept(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    label, how = _pick(fl["offers"], args)
    if s.turn is not None:
        s.turn["intercept_tried"] = [*_turn_list(s, "intercept_tried"), label]
    path = [_sq(p) for p in fl["path"]]
    i = fl["i"]
    came = _sq(fl["start"]) if i == 0 else path[i - 1]
    fl.pop("offers", None)
    _attempt_roll(s, fl, team, label, how, came, coordinated=False)


def _attempt_roll(
    s: SimpleSoccerState,
    fl: dict[str, Any],
    team: int,
    label: str,
    how: str,
    came: Square,
    *,
    coordinated: bool,
) -> None:
    """``team``'s ``label`` tries to play the ball ``how`` (the ball came from ``came``): the
    contact roll comes next."""
    fl["att"] = {
        "team": team,
        "member": label,
        "how": how,
        "coordinated": coordinated,
        "came": list(came),
        "contact": None,
    }
    s.step = {"k": "flight_roll", "team": team, "n": 1, "purpose": "contact"}


def _h_let(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    offered: dict[str, list[str]] = {}
    for label, how in fl.pop("offers"):
        offered.setdefault(label, []).append(how)
    for label, kinds in offered.items():
        fl["let"][label] = sorted({*fl["let"].get(label, []), *kinds})
    ev.append(
        Event(
            "let_pass",
            {"team": team, "members": sorted(offered), "at": s.ball[:] if s.ball else None},
        )
    )
    _go_on(s, args, ev)


def _h_coordinate(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    label, how = _pick(fl["coord"], args)
    fl.pop("coord")
    path = [_sq(p) for p in fl["path"]]
    came = path[-2] if len(path) > 1 else _sq(fl["start"])
    _attempt_roll(s, fl, team, label, how, came, coordinated=True)


def _h_leave(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    fl.pop("coord", None)
    s.flight = None
    s.step = {"k": "play", "team": team}
    landing.ball_stops(s, team, fl["member"], _sq(fl["path"][-1]), _kick_args(fl, args), ev)


def _attempt(
    s: SimpleSoccerState, team: int, label: str, how: str, ev: Events, juggled: bool
) -> None:
    if not facing.standing(s, team, label):
        raise RulesError(f"{who(team, label)} is down: it cannot play the ball now.")
    at, face = _member(s, team, label)
    ball = behind_head(at, face) if how == "header" else _front(at, face)
    if not s.field.on_board(ball) or s.occupant(ball) is not None:
        where = "behind its head" if how == "header" else "in front of its feet"
        raise RulesError(f"There is no free square {where} for the ball.")
    then = dict(s.step) if juggled else None  # the turn's roll, after the follow-up
    s.held = -1
    s.ball = list(ball)
    s.flight = {
        "then": then,
        "team": team,
        "member": label,
        "start": list(ball),
        "path": [list(ball)],
        "costs": [0],
        "i": 0,
        "let": {},
        "juggled": juggled,
        "att": {
            "team": team,
            "member": label,
            "how": how,
            "coordinated": True,
            "came": None,
            "contact": None,
        },
    }
    s.step = {"k": "flight_roll", "team": team, "n": 1, "purpose": "contact"}


def _front(at: Square, face: str) -> Square:
    dx, dy = FACINGS[face]
    return (at[0] + dx, at[1] + dy)


def header_attempt(
    s: SimpleSoccerState,
    team: int,
    label: str,
    ev: Events,
    *,
    coordinated: bool,
    juggled: bool = False,
) -> None:
    """``team``'s ``label`` tries to head the ball placed behind its head (a juggle's
    follow-up: Juggling moves): its contact roll is pending next. A miss leaves the ball
    there (it came from no direction)."""
    _attempt(s, team, label, "header", ev, juggled)


def bicycle_attempt(
    s: SimpleSoccerState,
    team: int,
    label: str,
    ev: Events,
    *,
    coordinated: bool,
    juggled: bool = False,
) -> None:
    """``team``'s ``label`` tries a bicycle kick of the ball placed straight in front of its
    feet (a juggle's follow-up): its contact roll is pending next; it goes down."""
    _attempt(s, team, label, "bicycle", ev, juggled)


# -- the rolls: contact, distance, random aim, rolling on -------------------------------


def _h_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    dice = flow.dice(args, step["n"])
    purpose = step["purpose"]
    if purpose == "contact":
        _contact(s, team, dice[0], args, ev)
    elif purpose == "distance":
        _distance(s, team, dice[0], args, ev)
    elif purpose == "wild":
        _wild(s, team, dice, args, ev)
    else:
        _roll_on(s, team, dice[0], args, ev)


def _att(s: SimpleSoccerState) -> dict[str, Any]:
    assert s.flight is not None and s.flight["att"] is not None
    return s.flight["att"]


def _own(att: dict[str, Any]) -> bool:
    """Whether the attempt plays the kicking team's own pass (or juggle)."""
    return bool(att["coordinated"])


def _contact(s: SimpleSoccerState, team: int, die: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    att = _att(s)
    att["contact"] = die
    how, label = att["how"], att["member"]
    result = "miss" if die % 2 == 0 else "poor_aim" if die == 1 else "won"
    if how == "chest" and die % 2:
        result = "won"
    told = {"team": team, "member": label}
    if how == "bicycle" and die in (3, 5):
        # Bicycle kick: contact made, but a distance roll of 1 is still a nick (a miss): the
        # interception is told with the distance roll, once its result is known
        result = "contact"
    elif not _own(att):
        ev.append(Event("intercept", {**told, "how": how, "die": die, "result": result}))
    if how in ("header", "bicycle"):
        kind = "header" if how == "header" else "bicycle"
        ev.append(Event(kind, {**told, "coordinated": _own(att), "die": die, "result": result}))
    if how == "bicycle":
        facing.put_down(s, team, label)  # Bicycle kick: the kicker is down after it
        if s.turn is None:  # a juggle's follow-up comes before its turn's roll: down in it
            s.members[team][label]["down"] = s.turns_played + 1
    if die % 2 == 0:
        _miss(s, team, args, ev)
        if how == "header":
            _failed_header(s, team, label, ev)
        return
    if how == "chest":
        _take(s, team, ev)
        at, face = _member(s, team, label)
        drop = _chest_square(s, at, face, _sq(att["came"]))
        assert drop is not None
        _place(s, team, _free_near(s, drop), "chest", args, ev)
        return
    if (how != "bicycle" or die == 1) and not _own(att):
        _take(s, team, ev)
    if die == 1:
        s.step = {
            "k": "flight_roll",
            "team": team,
            "n": 4 if how == "header" else 2,
            "purpose": "wild",
        }
        return
    if how == "feet" and die == 5:
        s.step = {"k": "trap_or_kick", "team": team}
        return
    s.step = {"k": "flight_roll", "team": team, "n": 1, "purpose": "distance"}


def _miss(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    """A missed (or nicked) ball: an interception lets the kick go on along its way; a
    team-mate's miss sends it on straight a die of squares the way it came."""
    att = _att(s)
    if not _own(att):
        # Intercept: one attempt per marker; the others offered this square are still asked
        _go_on(s, args, ev, here=True)
        return
    if att["came"] is None:  # a juggled ball came from nowhere: it drops where it was
        _resume(s, args, ev)
        return
    s.step = {"k": "flight_roll", "team": team, "n": 1, "purpose": "on"}


def _take(s: SimpleSoccerState, team: int, ev: Events) -> None:
    """The other team has intercepted the kick: the squares the ball did not travel are
    given back to the kicking team (Intercept), and no other interception this turn."""
    fl = s.flight
    assert fl is not None
    i = fl["i"]
    back = sum(fl["costs"][i + 1 :])
    kicking = fl["team"]
    if s.turn is not None:
        # the kick spent the kicker's own points first (flow.spend): they come back first
        refill = min(back, int(fl.get("own_spent", 0)))
        if refill:
            own = s.turn["own"]
            own[fl["member"]] = int(own.get(fl["member"], 0)) + refill
        s.turn["left"] += back - refill
        s.turn["intercepted"] = True
    else:
        refill = 0
    path = [list(p) for p in fl["path"][: i + 1]]
    s.last = {"kind": "kick", "team": kicking, "member": fl["member"], "path": [fl["start"], *path]}
    s.kicked_by = team
    direction.touched_by(s, team)
    ev.append(
        Event(
            "points_back",
            {
                "team": kicking,
                "points": back,
                "left": int(s.turn["left"]) if s.turn else 0,
                # of them, the kicker's own points back (only it may spend them)
                **({"member": fl["member"], "own": refill} if refill else {}),
            },
        )
    )


def _h_trap(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    assert s.ball is not None
    _place(s, team, _free_near(s, _sq(s.ball)), "feet", args, ev)


def _h_kick_on(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    s.step = {"k": "flight_roll", "team": team, "n": 1, "purpose": "distance"}


def _distance(s: SimpleSoccerState, team: int, d: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    att = _att(s)
    how, label = att["how"], att["member"]
    at, face = _member(s, team, label)
    if how == "bicycle" and not _own(att):
        told = {"team": team, "member": label, "how": how, "die": att["contact"]}
        ev.append(Event("intercept", {**told, "result": "nick" if d == 1 else "won"}))
    ev.append(Event("flight_distance", {"team": team, "member": label, "how": how, "die": d}))
    if how == "bicycle":
        if d == 1:  # Bicycle kick: a nick is a clean miss
            ev.append(Event("nick", {"team": team, "member": label}))
            _miss(s, team, args, ev)
            return
        if not _own(att):
            _take(s, team, ev)
        if d in (3, 5):  # Bicycle kick: poor aim in a straight line backwards
            dirs = _bicycle_dirs(at, face, _sq(s.ball))  # type: ignore[arg-type]
            if len(dirs) == 1:
                _send(s, team, dirs[0], d, "aimed", args, ev)
                return
            fl["dirs"], fl["squares"] = dirs, d
            s.step = {"k": "aim_ball", "team": team}
            return
        _offer_squares(s, team, at, d, args, ev, back_of=face)
        return
    if how == "header" and att["contact"] == 5:
        fl["dirs"], fl["squares"] = list(COMPASS), d
        s.step = {"k": "aim_ball", "team": team}
        return
    _offer_squares(s, team, at, d, args, ev)


def _bicycle_dirs(at: Square, face: str, ball: Square) -> list[str]:
    """A poorly aimed bicycle kick's straight lines: from a front corner the one diagonal
    back through the ball; from straight in front straight back or either back diagonal."""
    centre = randomdir.bicycle_centre(at, face, ball)
    if ball == _front(at, face):
        return [centre, turn(centre, -1), turn(centre, 1)]
    return [centre]


def _targets(
    s: SimpleSoccerState, team: int, at: Square, d: int, own: bool, back_of: str | None
) -> list[Square]:
    """Free squares exactly ``d`` from the member on ``at``; a team-mate's pass may also
    go into the attacked goal; a bicycle kick only to its feet row or behind."""
    f = s.field
    taken = s.occupied()
    out: list[Square] = []
    for x in range(at[0] - d, at[0] + d + 1):
        for y in range(at[1] - d, at[1] + d + 1):
            sq = (x, y)
            if king(at, sq) != d or sq in taken:
                continue
            if not (f.on_board(sq) or (own and f.is_goal(sq, 1 - team))):
                continue
            if back_of is not None and depth(at, back_of, sq) > 1:
                continue
            out.append(sq)
    return out


def _offer_squares(
    s: SimpleSoccerState,
    team: int,
    at: Square,
    d: int,
    args: Step,
    ev: Events,
    back_of: str | None = None,
) -> None:
    fl = s.flight
    assert fl is not None and s.ball is not None
    att = _att(s)
    targets = _targets(s, team, at, d, _own(att), back_of)
    if not targets:  # nowhere that far: the ball stays where it was played
        _place(s, team, _free_near(s, _sq(s.ball)), att["how"], args, ev)
        return
    fl["targets"] = [list(t) for t in targets]
    s.step = {"k": "redirect", "team": team, "squares": d}


def _h_redirect(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    if "to" not in args:
        raise MalformedAction('Name the square to send the ball to, e.g. "to": "g6".')
    to = parse(s.field, str(args["to"]), 1 - team)
    if [to[0], to[1]] not in fl["targets"]:
        d = s.step["squares"]
        raise RulesError(
            f"The ball must go to a free square exactly {d} from your player: "
            f"{name(s.field, to)} is not one."
        )
    fl.pop("targets")
    _place(s, team, to, _att(s)["how"], args, ev)


def _h_aim(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    fl = s.flight
    assert fl is not None
    way = str(args.get("dir", "")).strip().lower()
    if way not in fl["dirs"]:
        allowed = ", ".join(DIRECTION_WORDS[d] for d in fl["dirs"])
        raise RulesError(f"Send the ball {allowed}.")
    fl.pop("dirs")
    _send(s, team, way, fl.pop("squares"), "aimed", args, ev)


def _wild(s: SimpleSoccerState, team: int, dice: list[int], args: Step, ev: Events) -> None:
    """Random poor aim: one square the rolled way, then the last die's squares on."""
    att = _att(s)
    assert s.ball is not None
    ball = _sq(s.ball)
    at, face = _member(s, team, att["member"])
    how = att["how"]
    if how == "header":
        way = randomdir.header(dice[0], dice[1], dice[2])
    elif how == "bicycle":
        way = randomdir.bicycle_poor_aim(at, face, ball, dice[0])
    else:
        way = randomdir.feet_poor_aim(at, ball, dice[0])
    ev.append(
        Event(
            "wild",
            {"team": team, "member": att["member"], "how": how, "dice": dice, "dir": way},
        )
    )
    _send(s, team, way, 1 + dice[-1], "wild", args, ev)


def _roll_on(s: SimpleSoccerState, team: int, die: int, args: Step, ev: Events) -> None:
    """A team-mate's miss: the ball goes on straight the way it came, a die of squares."""
    fl = s.flight
    assert fl is not None
    way = direction_of(_sq(_att(s)["came"]), _sq(fl["path"][-1]))
    _send(s, team, way, die, "on", args, ev)


# -- where the ball ends up --------------------------------------------------------------


def _send(
    s: SimpleSoccerState, team: int, way: str, squares: int, why: str, args: Step, ev: Events
) -> None:
    """The ball travels straight ``squares`` from where it is, the way ``way`` (passing
    markers, bouncing off one it stops on, maybe out or into a goal)."""
    assert s.ball is not None
    label = _att(s)["member"]
    start = _sq(s.ball)
    _no_roll_on(s)
    landing = ballpath.travel(s, start, way, squares)
    restarts.told_travel(s, team, label, why, start, way, landing, ev)
    at = landing.at
    if landing.kind == "goal" and s.field.is_goal(at, 1 - team):
        _shoot(s, team, at, args, ev)
        return
    s.flight, fl = None, s.flight
    if restarts.after_travel(s, team, landing, args, ev, member=label):
        return  # out of bounds (a restart) or into a goal
    s.flight = fl
    s.ball = list(at)
    _resume(s, args, ev)


def _no_roll_on(s: SimpleSoccerState) -> None:
    """The ball was last moved by a header, a bicycle kick, a random flight or a missed
    pass rolling on, not by a player's kick: it does not roll on next turn (Inertia move)."""
    s.motion = None


def _stuns(s: SimpleSoccerState, team: int, at: Square) -> bool:
    """Stunned goalie: a team-mate's header or bicycle kick (after a pass or a juggle) that
    made good contact and ends in the attacked goal."""
    att = _att(s)
    return (
        rules.on(s, "stunned")
        and _own(att)
        and att["how"] in ("header", "bicycle")
        and att["contact"] in (3, 5)
        and s.field.is_goal(at, 1 - team)
    )


def _shoot(s: SimpleSoccerState, team: int, at: Square, args: Step, ev: Events) -> None:
    """The played ball enters the goal ``team`` attacks: a shot (a stunned goalkeeper saves
    only with the exact distance)."""
    label = _att(s)["member"]
    stunned = _stuns(s, team, at)
    s.flight = None
    s.held = -1
    s.ball = list(at)
    shots.shot(s, team, label, at, args, ev, stunned=stunned)


def _free_near(s: SimpleSoccerState, sq: Square) -> Square:
    """``sq`` when it is a free board square, else the nearest free board square (ties: the
    first clockwise from north)."""
    taken = s.occupied()
    f = s.field
    if sq not in taken and f.on_board(sq):
        return sq
    free = [c for c in f.squares() if c not in taken]
    if not free:
        return sq
    return min(free, key=lambda c: (king(sq, c), _clockwise(sq, c)))


def _clockwise(centre: Square, sq: Square) -> float:
    """The angle from north, clockwise, of ``sq`` seen from ``centre``."""
    return math.atan2(sq[0] - centre[0], sq[1] - centre[1]) % (2 * math.pi)


def _place(s: SimpleSoccerState, team: int, at: Square, how: str, args: Step, ev: Events) -> None:
    """The played ball comes to rest on ``at`` (a goal square: a shot); the kicking team
    plays on."""
    att = _att(s)
    if s.field.is_goal(at):
        _shoot(s, team, at, args, ev)
        return
    _no_roll_on(s)
    s.ball = list(at)
    ev.append(
        Event(
            "ball_played",
            {
                "team": team,
                "member": att["member"],
                "how": how,
                "at": list(at),
                "where": name(s.field, at),  # a goal square's name needs the field
            },
        )
    )
    _resume(s, args, ev)


def _resume(s: SimpleSoccerState, args: Step, ev: Events) -> None:
    """The flight is over with the ball on the field: the kicking team's turn goes on (a
    juggle's follow-up rolls its 2 dice for the turn now)."""
    fl = s.flight
    assert fl is not None
    s.flight = None
    team = fl["team"]
    if fl.get("juggled") and s.turn is None:
        # Juggling moves: after the follow-up, two dice for the turn's points
        then = fl.get("then") or {}
        base = then if then.get("k") == "roll" else {"k": "roll", "team": team}
        s.step = {**base, "n": 2, "why": "ball"}
        return
    s.step = {"k": "play", "team": team}
    flow.after_spend(s, team, args, ev)


def _failed_header(s: SimpleSoccerState, team: int, label: str, ev: Events) -> None:
    """Optional fouls: a missed header next to an opponent may be a foul; its roll comes
    before the step now pending."""
    if rules.on(s, "fouls"):
        fouls.failed_header(s, team, label, ev)


# -- pending decisions and their words ---------------------------------------------------


def _words(s: SimpleSoccerState, sq: Any) -> str:
    return name(s.field, _sq(sq))


def _how_label(label: str, how: str) -> str:
    return {
        "feet": f"{label} intercepts with the feet",
        "chest": f"{label} traps it with the chest",
        "header": f"{label} heads it",
        "bicycle": f"{label} tries a bicycle kick (goes down)",
    }[how]


def _p_intercept(s: SimpleSoccerState, step: Step) -> list[Decision]:
    fl = s.flight
    assert fl is not None
    side = SIDES[step["team"]]
    choices = [
        Choice(Action(side, "intercept", {"member": label, "how": how}), _how_label(label, how))
        for label, how in fl["offers"]
    ]
    choices.append(Choice(Action(side, "let", {}), "Let it pass"))
    where = _words(s, s.ball)
    return [
        Decision(
            side,
            "intercept",
            f"The kick passes {where}: play it (roll a die, odd wins) or let it pass?",
            tuple(choices),
            info={"at": where},
        )
    ]


def _p_coordinate(s: SimpleSoccerState, step: Step) -> list[Decision]:
    fl = s.flight
    assert fl is not None
    side = SIDES[step["team"]]
    choices = [
        Choice(
            Action(side, how, {"member": label}),
            f"{label} heads it on" if how == "header" else f"{label} bicycle-kicks it (goes down)",
        )
        for label, how in fl["coord"]
    ]
    choices.append(Choice(Action(side, "leave", {}), "Leave the ball there"))
    return [
        Decision(
            side,
            "coordinate",
            "The pass reaches a team-mate: play it on (roll a die, odd makes contact) or leave it?",
            tuple(choices),
        )
    ]


_ROLL_PROMPTS = {
    "contact": "Roll a die: odd makes contact.",
    "distance": "Roll a die for the distance.",
    "wild": "Poor aim: roll for the ball's random way and distance.",
    "on": "Missed: roll a die, the ball rolls on that many squares.",
}


def _p_roll(s: SimpleSoccerState, step: Step) -> list[Decision]:
    purpose = step["purpose"]
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            _ROLL_PROMPTS[purpose],
            dice=step["n"],
            info={"purpose": f"flight_{purpose}"},
        )
    ]


def _p_trap_or_kick(s: SimpleSoccerState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    return [
        Decision(
            side,
            "trap_or_kick",
            "A 5: trap the ball where it is, or kick it on (roll for the distance)?",
            (
                Choice(Action(side, "trap", {}), "Trap the ball"),
                Choice(Action(side, "kick", {}), "Kick it on"),
            ),
        )
    ]


def _p_redirect(s: SimpleSoccerState, step: Step) -> list[Decision]:
    fl = s.flight
    assert fl is not None
    side = SIDES[step["team"]]
    choices = tuple(
        Choice(Action(side, "redirect", {"to": _words(s, t)}), f"Send it to {_words(s, t)}")
        for t in fl["targets"]
    )
    d = step["squares"]
    return [Decision(side, "redirect", f"Send the ball to a free square {d} away.", choices)]


def _p_aim(s: SimpleSoccerState, step: Step) -> list[Decision]:
    fl = s.flight
    assert fl is not None
    side = SIDES[step["team"]]
    n = fl["squares"]
    choices = tuple(
        Choice(Action(side, "aim", {"dir": d}), f"{DIRECTION_WORDS[d].capitalize()} ({n})")
        for d in fl["dirs"]
    )
    return [Decision(side, "aim", f"Send the ball {n} squares straight: which way?", choices)]


def _what(text: str) -> Any:
    return lambda s, step: f"{flow.team_name(step['team'])} {text}"


HANDLERS = {
    ("intercept", "intercept"): _h_intercept,
    ("intercept", "let"): _h_let,
    ("coordinate", "header"): lambda s, t, a, e: _h_coordinate(s, t, {**a, "how": "header"}, e),
    ("coordinate", "bicycle"): lambda s, t, a, e: _h_coordinate(s, t, {**a, "how": "bicycle"}, e),
    ("coordinate", "leave"): _h_leave,
    ("flight_roll", "roll"): _h_roll,
    ("trap_or_kick", "trap"): _h_trap,
    ("trap_or_kick", "kick"): _h_kick_on,
    ("redirect", "redirect"): _h_redirect,
    ("aim_ball", "aim"): _h_aim,
}
PENDING = {
    "intercept": _p_intercept,
    "coordinate": _p_coordinate,
    "flight_roll": _p_roll,
    "trap_or_kick": _p_trap_or_kick,
    "redirect": _p_redirect,
    "aim_ball": _p_aim,
}
WHAT = {
    "intercept": _what("to intercept the kick or let it pass"),
    "coordinate": _what("to play the pass on or leave it"),
    "flight_roll": _what("to roll for the ball in the air"),
    "trap_or_kick": _what("to trap the ball or kick it on"),
    "redirect": _what("to send the ball on"),
    "aim_ball": _what("to aim the ball"),
}
