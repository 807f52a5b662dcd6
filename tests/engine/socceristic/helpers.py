"""Build Socceristic pitches and positions for tests, and drive them with scripted dice and a
scripted deck order.

The test pitch is built here from scratch (not from the project's sample, which is tuned
separately): 11 columns numbered 2..12 west to east, 17 rows, the centre row 8 with the centre
spot in column 7 (x 5), every other square an arrow east unless a test sets it. Both ends have
a Lighter Green Zone of four rows with a penalty box inside (columns 5-9, the three rows
nearest the goal line). Lines: north ODD row 0, EVEN row 1; south ODD row 16, EVEN row 15.
Home defends the north end in the first half (it attacks the south end)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core import Action, Decision, Event, RulesError
from engine.socceristic import SOCCERISTIC, SocceristicState, landing

HOME, AWAY = "home", "away"
H, A = 0, 1
XY = tuple[int, int]
WIDTH, HEIGHT, CENTRE_ROW, SPOT = 11, 17, 8, 5

_ZONES = [".ggpppppgg."] * 3 + ["..ggggggg.."] + ["..........."] * 9
_ZONES += ["..ggggggg.."] + [".ggpppppgg."] * 3


def goal(text: str = "Goal") -> dict[str, Any]:
    return {"kind": "goal", "text": text}


def result(kind: str, text: str = "", **play: Any) -> dict[str, Any]:
    """An Outcome card's section: ``result("play", to="attack", line="ODD", number=7)``."""
    return {"kind": kind, "text": text or kind, **play}


def outcome(
    card_id: str,
    chance: dict[str, Any] | None = None,
    penalty: dict[str, Any] | None = None,
    pass_back: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": card_id,
        "chance": chance or goal(),
        "penalty": penalty or goal(),
        "pass_back": pass_back or result("goal_kick"),
    }


def referee(card_id: str, to: str = "mover", back: int = 0, caution: str = "") -> dict[str, Any]:
    card: dict[str, Any] = {"id": card_id, "text": f"Foul {card_id}", "to": to, "back": back}
    if caution:
        card["caution"] = caution
    return card


def pitch_data(
    tokens: dict[XY, str] | None = None,
    zones: dict[XY, str] | None = None,
    cards: list[dict[str, Any]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """The test pitch's file data with ``tokens`` / ``zones`` set by square, and ``cards``
    (Outcome cards have a "chance" key, Referee's cards a "to" key) added to the decks or
    replacing the default cards of the same id (O1..O10 all goals, R1..R10 plain fouls);
    ``fields`` replace the file's other fields (``lines``, ``goal_kick``...)."""
    rows = [["E"] * WIDTH for _ in range(HEIGHT)]
    rows[CENTRE_ROW][SPOT] = "R"
    for (x, y), token in (tokens or {}).items():
        rows[y][x] = token
    zone_rows = [list(z) for z in _ZONES]
    for (x, y), z in (zones or {}).items():
        zone_rows[y][x] = z
    decks: dict[str, dict[str, dict[str, Any]]] = {
        "outcome": {f"O{i}": outcome(f"O{i}") for i in range(1, 11)},
        "referee": {f"R{i}": referee(f"R{i}") for i in range(1, 11)},
    }
    for card in cards or []:
        decks["outcome" if "chance" in card else "referee"][card["id"]] = card
    return {
        "format": "socceristic-pitch/1",
        "name": "Test pitch",
        "sample": False,
        "columns": list(range(2, 13)),
        "rows": ["  ".join(f"{t:<3}" for t in row).rstrip() for row in rows],
        "zones": ["".join(z) for z in zone_rows],
        "centre_row": CENTRE_ROW,
        "centre_spot": 7,
        "kickoff": {"1": 4, "2": 5, "3": 6, "4": 8, "5": 9, "6": 10},
        "lines": {"north": {"ODD": 0, "EVEN": 1}, "south": {"ODD": 16, "EVEN": 15}},
        "goal_kick": [9, 10],
        "decks": {name: list(deck.values()) for name, deck in decks.items()},
        **fields,
    }


def options(
    tokens: dict[XY, str] | None = None,
    zones: dict[XY, str] | None = None,
    cards: list[dict[str, Any]] | None = None,
    order: dict[str, list[str]] | None = None,
    pitch: dict[str, Any] | None = None,
    **more: Any,
) -> dict[str, Any]:
    out = {"pitch": pitch_data(tokens, zones, cards, **(pitch or {})), **more}
    if order:
        out["deck_order"] = order
    return out


def start(
    tokens: dict[XY, str] | None = None,
    zones: dict[XY, str] | None = None,
    cards: list[dict[str, Any]] | None = None,
    order: dict[str, list[str]] | None = None,
    *,
    half: int = 1,
    **more: Any,
) -> SocceristicState:
    """A match in its first half (home defends north), nothing pending yet."""
    s = SOCCERISTIC.initial(options(tokens, zones, cards, order, **more))
    s.kickoff_first = H
    s.ends = ["north", "south"] if half == 1 else ["south", "north"]
    s.half = half
    return s


def landed(
    q: XY, mover: int, tokens: dict[XY, str] | None = None, **kw: Any
) -> tuple[SocceristicState, list[Event]]:
    """The ball has just stopped at ``q`` after a move by ``mover`` (see ``start``)."""
    s = start(tokens, **kw)
    ev: list[Event] = []
    landing.land(s, q, mover, ev)
    return s, ev


def act(
    s: SocceristicState, actor: str, kind: str, /, **args: Any
) -> tuple[SocceristicState, list[Event]]:
    return SOCCERISTIC.apply(s, Action(actor, kind, args))


def roll(s: SocceristicState, side: str, *dice: int) -> tuple[SocceristicState, list[Event]]:
    return SOCCERISTIC.apply(s, Action(side, "roll", {"dice": list(dice)}))


def both(s: SocceristicState, home: int, away: int) -> tuple[SocceristicState, list[Event]]:
    """Home then Away roll one die each (a toss, a tackle, a bounce-up)."""
    s, ev1 = roll(s, HOME, home)
    s, ev2 = roll(s, AWAY, away)
    return s, ev1 + ev2


def draw(s: SocceristicState, side: str) -> tuple[SocceristicState, list[Event]]:
    return act(s, side, "draw")


def direction(s: SocceristicState, side: str, d: str) -> tuple[SocceristicState, list[Event]]:
    return act(s, side, "direction", direction=d)


def decision(s: SocceristicState) -> Decision:
    """The single pending decision."""
    pend = SOCCERISTIC.pending(s)
    assert len(pend) == 1, pend
    return pend[0]


def waiting(s: SocceristicState) -> list[tuple[str, str, int]]:
    """(actor, kind, dice) of every pending decision."""
    return [(d.actor, d.kind, d.dice) for d in SOCCERISTIC.pending(s)]


def step(s: SocceristicState) -> str:
    return str(s.step["k"])


def find(events: list[Event], kind: str) -> dict[str, Any]:
    """The data of the only event of ``kind``."""
    found = [e.data for e in events if e.kind == kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def ways(s: SocceristicState) -> dict[str, dict[str, Any]]:
    """The offered directions of a pending direction decision: direction -> choice info."""
    return {c.action.args["direction"]: c.info for c in decision(s).choices}


def refused(
    s: SocceristicState, actor: str, kind: str, error: type[Exception] = RulesError, /, **args: Any
) -> str:
    """Assert the action is refused with ``error`` and leaves the state unchanged."""
    before = copy.deepcopy(SOCCERISTIC.to_json(s))
    try:
        SOCCERISTIC.apply(s, Action(actor, kind, args))
    except RulesError as exc:
        assert isinstance(exc, error), f"expected {error.__name__}, got {type(exc).__name__}"
        message = str(exc)
    else:
        raise AssertionError(f"{actor} {kind} {args} was accepted")
    assert SOCCERISTIC.to_json(s) == before, "a refused action changed the state"
    assert len(message) > 10, message
    return message


def purposes(s: SocceristicState) -> list[str]:
    """The purpose of every pending dice decision."""
    return [d.info["purpose"] for d in SOCCERISTIC.pending(s)]


WHEN = ("half", "move", "minute")


def told(events: list[Event], kind: str) -> dict[str, Any]:
    """The data of the only event of ``kind`` without when it happened (half, move, minute)."""
    return {k: v for k, v in find(events, kind).items() if k not in WHEN}
