"""Build FUBA positions directly and drive them with scripted actions and dice."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event
from engine.fuba import FUBA, FubaState, restarts
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
    state: FubaState,
    actor: str,
    kind: str,
    error: type[Exception] | None = None,
    /,
    **args: Any,
) -> str:
    """Assert the action is refused (a RulesError, or ``error``) with a readable message and
    leaves ``state`` unchanged; returns the message."""
    from engine.core import RulesError

    before = FUBA.to_json(state)
    if "from_" in args:
        args["from"] = args.pop("from_")
    try:
        FUBA.apply(state, Action(actor, kind, args))
    except RulesError as exc:
        if error is not None and not isinstance(exc, error):
            raise AssertionError(
                f"expected {error.__name__}, got {type(exc).__name__}: {exc}"
            ) from exc
        message = str(exc)
    else:
        raise AssertionError(f"{actor} {kind} {args} was accepted")
    assert FUBA.to_json(state) == before, "a refused action changed the state"
    assert len(message) > 10, message
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


def mirrored(layout: dict[int, int]) -> dict[int, int]:
    """The point-mirror image of a west-side layout (area n <-> 14 - n), for the east team."""
    return {14 - area: n for area, n in layout.items()}


# -- helpers for goal attempts, offside, restarts and cards --------------------------------


def to_actions(state: FubaState, value: int) -> FubaState:
    """From stage 1, keep the ball in its area and roll (6, ``value``): the controlling team
    keeps the ball, the ball value becomes ``value`` and the action stage begins."""
    side = SIDES[state.control]
    state, _ = act(state, side, "target", area=state.ball)
    state, _ = roll(state, side, 6, value)
    return state


def _restart(state: FubaState, fn: Any, *args: Any) -> tuple[FubaState, list[Event]]:
    s = state.clone()
    ev: list[Event] = []
    fn(s, *args, ev)
    return s, ev


def with_free_kick(state: FubaState, side: str, area: int) -> tuple[FubaState, list[Event]]:
    """``restarts.award_free_kick`` on a copy of ``state`` (fouls are advanced rules)."""
    return _restart(state, restarts.award_free_kick, SIDES.index(side), area)


def with_penalty(state: FubaState, side: str) -> tuple[FubaState, list[Event]]:
    """``restarts.award_penalty`` on a copy of ``state``."""
    return _restart(state, restarts.award_penalty, SIDES.index(side))


def with_yellow_test(state: FubaState, side: str) -> FubaState:
    from engine.fuba.cards import start_yellow_test

    s = state.clone()
    start_yellow_test(s, SIDES.index(side))
    return s


def with_red_test(state: FubaState, side: str, modifier: int = 0) -> FubaState:
    from engine.fuba.cards import start_red_test

    s = state.clone()
    start_red_test(s, SIDES.index(side), modifier)
    return s


def assert_illegal(state: FubaState, actor: str, action_kind: str, match: str, **args: Any) -> str:
    """Like ``refused``, and the message contains ``match`` (case-insensitive) and is what
    ``FUBA.problem`` says about the same action; returns the message."""
    message = refused(state, actor, action_kind, **args)
    assert match.lower() in message.lower(), message
    if "from_" in args:
        args["from"] = args.pop("from_")
    assert FUBA.problem(state, Action(actor, action_kind, args)) == message
    return message


def choose(state: FubaState, actor: str, action_kind: str) -> tuple[FubaState, list[Event]]:
    """Choose an action of the action stage ("goal", "move", "position" or "press"); ``act``
    cannot pass ``kind=`` because that names the action itself."""
    return FUBA.apply(state, Action(actor, "action", {"kind": action_kind}))
