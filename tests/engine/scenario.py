"""Build FUBA positions directly and drive them with scripted actions and dice."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.fuba import FUBA, FubaState
from engine.fuba import match as fuba_match
from engine.fuba.board import BOX, N_SLOTS, SIDES
from engine.fuba.formations import parse

WEST, EAST = "west", "east"


def position(
    west: dict[int, int],
    east: dict[int, int],
    *,
    ball: int = 7,
    value: int = 3,
    control: str = WEST,
    west_keeper: int = BOX[0],
    east_keeper: int = BOX[1],
    formations: tuple[str, str] = ("4-4-2", "4-4-2"),
    half: int = 1,
    minute: int = 10,
    stoppage: int = 0,
    kind: str = "normal",
) -> FubaState:
    """A state at stage 1 of a turn: ``control`` must choose a target area.

    ``west`` / ``east`` map area -> outfield players (the keepers are placed separately).
    """
    s = FubaState()
    for team, layout in enumerate((west, east)):
        row = [0] * N_SLOTS
        for area, n in layout.items():
            row[area] += n
        s.outfield[team] = row
    s.keeper = [west_keeper, east_keeper]
    s.formations = [parse(formations[0]), parse(formations[1])]
    s.ball, s.value = ball, value
    s.control = SIDES.index(control)
    s.first_half_ct = 0
    s.half, s.minute, s.stoppage = half, minute, stoppage
    fuba_match._new_turn(s, kind)
    return s


def act(state: FubaState, actor: str, kind: str, **args: Any) -> tuple[FubaState, list[Event]]:
    """Apply one action (``from_`` may be used for the reserved word ``from``)."""
    if "from_" in args:
        args["from"] = args.pop("from_")
    return FUBA.apply(state, Action(actor, kind, args))


def roll(state: FubaState, actor: str, *dice: int) -> tuple[FubaState, list[Event]]:
    return FUBA.apply(state, Action(actor, "roll", {"dice": list(dice)}))


def step(state: FubaState) -> dict[str, Any]:
    """The current agenda step (what the engine waits for)."""
    return state.agenda[0]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> Event:
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind!r} event in {kinds(events)}")


# -- helpers for the basic-rules tests (chapters 1-4) -------------------------------------


def refused(
    state: FubaState, actor: str, kind: str, error: type[Exception] | None = None, **args: Any
) -> str:
    """Assert the action is refused (a RulesError, or ``error``) with a readable message and
    leaves ``state`` unchanged; returns the message."""
    from engine.core import RulesError

    before = FUBA.to_json(state)
    try:
        act(state, actor, kind, **args)
    except RulesError as exc:
        if error is not None and not isinstance(exc, error):
            raise AssertionError(f"expected {error.__name__}, got {type(exc).__name__}: {exc}")
        message = str(exc)
    else:
        raise AssertionError(f"{actor} {kind} {args} was accepted")
    assert FUBA.to_json(state) == before, "a refused action changed the state"
    assert len(message) > 10 and message[0].isupper(), message
    return message


def to_stage2(state: FubaState, target: int, *dice: int) -> tuple[FubaState, list[Event]]:
    """Stage 1 target ``target`` and the stage 2 roll ``dice`` by the controlling team."""
    actor = SIDES[state.control]
    state, ev1 = act(state, actor, "target", area=target)
    state, ev2 = roll(state, actor, *dice)
    return state, ev1 + ev2


def decision(state: FubaState) -> Any:
    """The single pending decision."""
    pend = FUBA.pending(state)
    assert len(pend) == 1, pend
    return pend[0]


def target_values(state: FubaState) -> dict[int, int]:
    """Stage 1: legal target area -> ball value, as offered to the controlling team."""
    d = decision(state)
    assert d.kind == "target", d
    return {c.action.args["area"]: c.info["ball_value"] for c in d.choices}
