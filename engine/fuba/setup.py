"""3.3 The team setup process and the restart-specific setup rules (3.3.1, 5.2.1, 5.3.1, 5.5.1)."""

from __future__ import annotations

import re
from typing import Any, Final

from engine.core.errors import MalformedAction, RulesError
from engine.fuba.board import BOX, CENTRE, HALF_PARTLY, N_SLOTS, NAMES
from engine.fuba.presets import presets
from engine.fuba.state import FubaState

KICKOFF, FREE_KICK, CORNER, PENALTY = "kickoff", "free_kick", "corner", "penalty"
_PAIR: Final = re.compile(r"^\s*(\d{1,2})\s*[:x*]\s*(\d{1,2})\s*$")


def _whole(x: object) -> bool:
    """A whole number (not a bool)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _sorted_pairs(raw: list[Any]) -> list[list[int]] | None:
    """``parse_layout``'s answer for a layout already in its own form ([area, count] pairs,
    areas 1-13 ascending, counts above 0, as the presets give them), else None."""
    out: list[list[int]] = []
    last = 0
    for item in raw:
        if type(item) is not list or len(item) != 2:
            return None
        area, n = item[0], item[1]
        if type(area) is not int or type(n) is not int or not last < area <= 13 or n <= 0:
            return None
        out.append([area, n])
        last = area
    return out


def parse_layout(raw: Any) -> list[list[int]]:
    """Accept [[area, count], ...] or text like '7:2 4:2 6:2'; return sorted pairs."""
    if type(raw) is list:
        quick = _sorted_pairs(raw)
        if quick is not None:
            return quick
    pairs: list[tuple[int, int]] = []
    if isinstance(raw, str):
        for token in re.split(r"[,\s]+", raw.strip()):
            if not token:
                continue
            m = _PAIR.match(token)
            if not m:
                raise MalformedAction(
                    f"{token!r} is not area:count. Write pairs like 7:2 4:2 6:2 5:2 2:2."
                )
            pairs.append((int(m.group(1)), int(m.group(2))))
    elif isinstance(raw, list):
        for item in raw:
            if not isinstance(item, (list, tuple)) or len(item) != 2:  # noqa: UP038 (faster)
                raise MalformedAction("A layout is a list of [area, count] pairs.")
            area, n = item[0], item[1]
            if not (_whole(area) and _whole(n)):
                raise MalformedAction("A layout is a list of [area, count] pairs.")
            pairs.append((area, n))
    else:
        raise MalformedAction("A layout is a list of [area, count] pairs.")
    merged: dict[int, int] = {}
    for area, n in pairs:
        if not 1 <= area <= 13:  # AREAS
            raise RulesError(f"There is no area {area}: the areas are numbered 1 to 13.")
        if n < 0:
            raise MalformedAction(f"A count cannot be negative ({area}:{n}).")
        merged[area] = merged.get(area, 0) + n
    return [[a, n] for a, n in sorted(merged.items()) if n]


def fixed_piece_area(kind: str, team: int, ct: int, area: int) -> int | None:
    """Where the set-piece taker stands: the corner spot or the penalty spot (in the box)."""
    if team != ct:
        return None
    if kind == CORNER:
        return area
    if kind == PENALTY:
        return BOX[1 - ct]
    return None


def layout_problem(
    row: list[int], team: int, ct: int, kind: str, area: int, keeper_area: int
) -> str | None:
    """Why a full outfield layout breaks the setup rules of this restart, or None."""
    other_box = BOX[1 - team]
    if kind == KICKOFF:
        allowed = HALF_PARTLY[team]
        for a in range(1, N_SLOTS):
            if row[a] and a not in allowed:
                return (
                    f"At a kick-off every player starts in an area at least partly in your own "
                    f"half; area {a} ({NAMES[a]}) is not."
                )
        if team == ct and row[CENTRE] < 2:
            return "The kicking-off team needs at least two players in the centre area (7)."
        return None
    for a in range(14, N_SLOTS):
        if row[a] and not (kind == CORNER and team == ct and a == area):
            return "Only the corner taker may stand on a corner spot."
    if kind == FREE_KICK and team == ct and row[area] + (keeper_area == area) < 1:
        return f"The free-kick team needs at least one player in area {area}."
    if kind == CORNER and team == ct and row[area] != 1:
        return "Exactly one player takes the corner from the corner spot."
    if kind == PENALTY:
        if team == ct and row[other_box] != 1:
            return "Only the penalty taker may stand in the opponent's penalty area."
        if team != ct and row[BOX[team]]:
            return "At a penalty kick no outfield player may stand in your penalty area."
    return None


def outfield_count(s: FubaState, team: int) -> int:
    """Outfield players a team sets up: those on the pitch (red cards, 5.6.2, and injured
    players, A4, are off it); ten for the match's first kick-off."""
    if s.turns[0] == 0:
        return 10 - s.reds[team]
    return sum(s.outfield[team])


def apply_layout(s: FubaState, team: int, pairs: list[list[int]], kind: str, area: int) -> None:
    """3.3 place a team for a restart; raises RulesError and changes nothing when illegal."""
    ct = s.control
    fixed = fixed_piece_area(kind, team, ct, area)
    outfield = outfield_count(s, team)
    expected = outfield - (1 if fixed else 0)
    given = sum(n for _, n in pairs)
    if given != expected:
        extra = " (the taker is placed for you)" if fixed else ""
        raise RulesError(f"Place exactly {expected} outfield players{extra}; you placed {given}.")
    row = [0] * N_SLOTS
    for a, n in pairs:
        row[a] += n
    if fixed:
        row[fixed] += 1
    problem = layout_problem(row, team, ct, kind, area, BOX[team])
    if problem:
        raise RulesError(problem)
    s.outfield[team] = row
    s.moved[team] = [0] * N_SLOTS
    s.locked[team] = [0] * N_SLOTS
    s.keeper_moved[team] = s.keeper_locked[team] = False
    s.keeper[team] = BOX[team]  # the goalkeeper always starts in the own box


def preset_layouts(s: FubaState, team: int, kind: str, area: int) -> list[list[list[int]]]:
    """A few legal layouts offered as presets (autocomplete and the automatic coach)."""
    out = []
    for pairs in presets(s, team, kind, area, outfield_count(s, team)):
        row = [0] * N_SLOTS
        for a, n in pairs:
            row[a] += n
        fixed = fixed_piece_area(kind, team, s.control, area)
        if fixed:
            row[fixed] += 1
        if layout_problem(row, team, s.control, kind, area, BOX[team]) is None:
            out.append(pairs)
    return out
