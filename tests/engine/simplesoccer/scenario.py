"""Build Simple Soccer positions and drive them with scripted dice.

Two ways in: ``started`` plays the roll-off and both set-ups through the engine (a real
kick-off), ``position`` writes a compact description (members on named squares, the ball,
whose turn, the points left) into a fresh state's fields.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer import flow as ss_flow
from engine.simplesoccer.field import facing_of, name, parse
from engine.simplesoccer.state import SimpleSoccerState

WEST, EAST = "west", "east"
SIDES = (WEST, EAST)


def team_of(side: str) -> int:
    return SIDES.index(side)


def new(**options: Any) -> SimpleSoccerState:
    return SIMPLESOCCER.initial(options)


def act(
    state: SimpleSoccerState, actor: str, kind: str, **args: Any
) -> tuple[SimpleSoccerState, list[Event]]:
    return SIMPLESOCCER.apply(state, Action(actor, kind, args))


def roll(
    state: SimpleSoccerState, actor: str, *dice: int, **extra: Any
) -> tuple[SimpleSoccerState, list[Event]]:
    return SIMPLESOCCER.apply(state, Action(actor, "roll", {"dice": list(dice), **extra}))


def move(
    state: SimpleSoccerState, actor: str, member: str, path: str
) -> tuple[SimpleSoccerState, list[Event]]:
    return act(state, actor, "move", member=member, path=path)


def kick(
    state: SimpleSoccerState, actor: str, member: str, path: str
) -> tuple[SimpleSoccerState, list[Event]]:
    return act(state, actor, "kick", member=member, path=path)


def grab(state: SimpleSoccerState, actor: str, path: str) -> tuple[SimpleSoccerState, list[Event]]:
    return act(state, actor, "grab", path=path)


def problem(state: SimpleSoccerState, actor: str, kind: str, **args: Any) -> str | None:
    return SIMPLESOCCER.problem(state, Action(actor, kind, args))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> Event:
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind!r} event in {kinds(events)}")


def where(state: SimpleSoccerState, side: str, label: str) -> str:
    """A member's square name ("e5")."""
    return name(state.field, state.members[team_of(side)][label]["at"])


def ball_name(state: SimpleSoccerState) -> str | None:
    return None if state.ball is None else name(state.field, state.ball)


def started(
    kickoff: str = WEST,
    presets: tuple[str, str] = ("balanced", "balanced"),
    **options: Any,
) -> SimpleSoccerState:
    """A kick-off reached through the engine: the roll-off won by ``kickoff``, both teams
    set up with presets; the kick-off team must now roll."""
    s = new(**options)
    high, low = (5, 2) if kickoff == WEST else (2, 5)
    s, _ = roll(s, WEST, high)
    s, _ = roll(s, EAST, low)
    for side, preset in zip(SIDES, presets, strict=True):
        s, _ = act(s, side, "setup", preset=preset)
    return s


def position(
    west: dict[str, str],
    east: dict[str, str],
    *,
    ball: str | None = None,
    held: str | None = None,
    team: str = WEST,
    dice: tuple[int, ...] | None = None,
    points: int | None = None,
    left: int | None = None,
    kickoff: str = WEST,
    **options: Any,
) -> SimpleSoccerState:
    """A state in the middle of a match, written straight into a fresh state's fields.

    ``west`` / ``east`` map member labels ("G", "1") to square names ("e5", "goal7" for the
    own goal), optionally with the way the member faces after a slash ("e5/n"). ``held`` names
    the side whose goalkeeper holds the ball (on its square). With ``dice`` the turn of
    ``team`` is rolled; with ``points`` it is rolled (3s) and given that many points whatever
    its dice; ``left`` sets the points left. Else ``team`` must roll now
    (the engine counts its dice).
    """
    s = new(**options)
    f = s.field
    for t, layout in enumerate((west, east)):
        s.members[t] = {}
        for label, text in layout.items():
            sq, _, facing = text.partition("/")
            s.members[t][label] = {"at": list(parse(f, sq, t)), "facing": facing or facing_of(t)}
    if held is not None:
        h = team_of(held)
        s.held = h
        s.ball = s.members[h]["G"]["at"][:]
    elif ball is not None:
        s.ball = list(parse(f, ball, team_of(team)))
    s.opening = team_of(kickoff)
    t = team_of(team)
    ss_flow.start_turn(s, t)
    if points is not None:
        dice = (3,) * s.step["n"]  # no 1s: with the advanced rules a 1 on two dice mis-kicks
    if dice is not None:
        s, _ = roll(s, team, *dice)
        assert s.turn is not None
        if points is not None:
            s.turn["points"] = s.turn["left"] = points
        if left is not None:
            assert s.turn is not None
            s.turn["left"] = left
    return s


def play_turn_out(state: SimpleSoccerState, side: str) -> SimpleSoccerState:
    """Roll 1s for ``side`` if it must roll, then end its turn."""
    if state.step["k"] == "roll":
        state, _ = roll(state, side, *([1] * state.step["n"]))
    if state.step["k"] == "play":
        state, _ = act(state, side, "end")
    return state
