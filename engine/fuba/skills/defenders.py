"""A11 defender skills with a window: stopper, skilled full back, offside trap, skilled wing
backs, fast defender, catenaccio (tackler and doubling up are played by the pressing and
positioning rules)."""

from __future__ import annotations

from engine.core.events import Event
from engine.fuba import moves, restarts
from engine.fuba.board import ADJ, DIST, SIDE_AREAS, zone
from engine.fuba.offside import second_closest_area
from engine.fuba.skills import record
from engine.fuba.skills.common import (
    PLAIN,
    Args,
    Effect,
    Step,
    kept,
    neighbours,
    next_step,
    successes,
    update_step,
)
from engine.fuba.state import FubaState


def offer_stopper(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if team != 1 - t["ct"] or not kept(s) or "new_value" in t:
        return []
    if zone(team, t["target"]) != "defence":
        return []
    lo, hi = min(t["dice"]), max(t["dice"])
    adjacent = t["target"] == t["start"] or DIST[t["start"]][t["target"]] == 1
    return PLAIN if adjacent and t["had"] and lo != hi else []


def play_stopper(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    t = s.turn
    t["new_value"] = max(t["dice"])  # the higher die instead of the lower
    record(s, team, "stopper", ev, value=t["new_value"])


def full_back_extra(s: FubaState, team: int) -> int:
    """How much more offside risk the defending ``team``'s side areas next to its defence
    line add, within its formation's defenders."""
    risk = s.turn.get("risk", 0)
    line = second_closest_area(s, team)
    if not risk or line is None:
        return 0
    sides = sum(1 for a in ADJ[line] if a in SIDE_AREAS and a <= 13 and s.pieces(team, a))
    cap = s.formations[team][0] - (1 if s.tired[team] else 0)
    return max(0, min(cap, s.count(team, line) + sides) - risk)


def offer_full_back(s: FubaState, team: int, window: Step) -> list[Args]:
    if team == s.turn.get("ct") or s.value >= 6:
        return []
    return PLAIN if full_back_extra(s, team) else []


def play_full_back(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    extra = full_back_extra(s, team)
    s.value = min(6, s.value + extra)
    s.turn["risk"] = s.turn["risk"] + extra
    record(s, team, "skilled_full_back", ev, added=extra, value=s.value)


def offer_trap(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if team == t["ct"] or not t.get("risk") or "checked" in t:
        return []
    return PLAIN if successes(s) == 1 else []


def play_trap(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    record(s, team, "offside_trap", ev)
    restarts.award_free_kick(s, team, s.turn["target"], ev)  # no yellow card test


def offer_wing_backs(s: FubaState, team: int, window: Step) -> list[Args]:
    if window.get("presser") != team or s.control != team or zone(team, s.ball) != "defence":
        return []
    return [{"area": a} for a in neighbours(s.ball) if s.pieces(team, a)]


def play_wing_backs(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    frm = s.ball
    s.ball = args["area"]
    record(s, team, "skilled_wing_backs", ev, **{"from": frm, "to": s.ball})


def free_move_offer(s: FubaState, team: int, window: Step, kind: str) -> list[Args]:
    """An extra free movement of the kind ``kind`` (``moves.extra_allowed``) is possible."""
    act = next_step(s, window, "act")
    if act is None or not act.get("first") or kind in act.get("x", ()):
        return []
    if team in s.turn.get("no_free", ()):
        return []  # A13 lost momentum / failed man-marking: no free movements at all
    for frm in s.areas_of(team):
        if s.outfield[team][frm] - s.locked[team][frm] <= 0:
            continue
        if any(moves.extra_allowed(team, kind, frm, to) for to in neighbours(frm)):
            return PLAIN
    return []


def free_move_play(kind: str, key: str) -> Effect:
    """One more free movement of the kind ``kind`` in the team's first action."""

    def effect(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
        act = next_step(s, window, "act")
        assert act is not None
        update_step(s, act, x=[*act.get("x", ()), kind])
        record(s, team, key, ev)

    return effect


def catenaccio_piece(s: FubaState, team: int) -> tuple[int, bool] | None:
    """The area of the team's second-lowest player, and whether that player is the keeper."""
    area = second_closest_area(s, team)
    if area is None or area > 13:
        return None
    return area, s.outfield[team][area] == 0


def offer_catenaccio(s: FubaState, team: int, window: Step) -> list[Args]:
    if team == s.control:
        return []
    piece = catenaccio_piece(s, team)
    if piece is None:
        return []
    return [{"to": a} for a in neighbours(piece[0])]


def play_catenaccio(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    piece = catenaccio_piece(s, team)
    assert piece is not None
    frm, keeper = piece
    to = args["to"]
    if keeper:
        s.keeper[team] = to
    else:
        s.outfield[team][frm] -= 1
        s.outfield[team][to] += 1
    moves.note_moved(s, team, to, keeper)
    record(s, team, "catenaccio", ev, **{"from": frm, "to": to, "goalkeeper": keeper})
