"""Ready-made setup layouts by formation, offered as presets (never required)."""

from __future__ import annotations

from typing import Final

from engine.fuba.board import BOX, WEST, mirror
from engine.fuba.state import FubaState

# West's point of view; east uses the mirror image. Each role lists areas in fill order.
_ROLES: Final = {
    ("kickoff", True): ([5, 1, 3, 5], [4, 6, 7, 5], [7, 7, 4, 6]),
    ("kickoff", False): ([2, 5, 1, 3], [5, 4, 6, 7], [7, 4, 6, 7]),
    ("attack", True): ([5, 4, 6, 7], [7, 8, 10, 9], [9, 12, 11, 13]),
    ("attack", False): ([2, 5, 1, 3], [5, 4, 6, 7], [7, 4, 6, 8]),
    ("defend", True): ([5, 4, 6, 7], [7, 4, 6, 8], [8, 10, 9, 7]),
    ("defend", False): ([2, 5, 1, 3], [5, 2, 4, 6], [7, 5, 4, 6]),
}
_ALT: Final = {4: 6, 6: 4, 1: 3, 3: 1, 8: 10, 10: 8, 11: 13, 13: 11}


def _sequence(formation: list[int], roles: tuple[list[int], ...]) -> list[int]:
    out: list[int] = []
    for n, areas in zip(formation, roles, strict=True):
        out.extend(areas[i % len(areas)] for i in range(n))
    return out


def _pairs(areas: list[int]) -> list[list[int]]:
    counts: dict[int, int] = {}
    for a in areas:
        counts[a] = counts.get(a, 0) + 1
    return [[a, n] for a, n in sorted(counts.items())]


def presets(s: FubaState, team: int, kind: str, area: int, total: int) -> list[list[list[int]]]:
    """Layouts of ``total`` outfield players for ``team``'s set-up (``setup.preset_layouts``)."""
    formation = s.formations[team] or [4, 4, 2]
    ct = team == s.control
    west_area = area if team == WEST or area == 0 else mirror(area)
    key = ("kickoff", ct) if kind == "kickoff" else ("attack" if west_area >= 7 else "defend", ct)
    fixed = ct and kind in ("corner", "penalty")
    need = total - (1 if fixed else 0)
    out = []
    for flip in (False, True):
        seq = _sequence(formation, _ROLES[key])
        if flip:
            seq = [_ALT.get(a, a) for a in seq]
        seq = seq[:need]
        while len(seq) < need:
            seq.append(seq[-1] if seq else 7)
        if kind == "kickoff" and ct:
            while seq.count(7) < 2:
                idx = max(i for i, a in enumerate(seq) if a != 7)
                seq[idx] = 7
        if kind == "free_kick" and ct and west_area and west_area not in seq:
            seq[-1] = west_area
        if kind == "penalty":
            banned = BOX[1] if ct else BOX[0]
            seq = [(9 if banned == 12 else 5) if a == banned else a for a in seq]
        if team != WEST:
            seq = [mirror(a) for a in seq]
        pairs = _pairs(seq)
        if pairs not in out:
            out.append(pairs)
    return out
