"""Win probability from tables of the remaining goal difference, shared by every ruleset.

A ruleset describes a position by a short key of public features seen from one team (time
left first, then the situation on the pitch). Training plays many coach-vs-coach matches and
counts, per key, how the goal difference changed from that moment to the end (``Tally``);
every sample is counted from both teams' sides with the difference negated, so a mirrored
position gets exactly the mirrored estimate. ``Table`` answers a key with that distribution,
backing off to shorter keys (coarser cells) where a cell has few samples. The chance that a
team wins is the chance that its current lead plus the remaining difference ends above zero.

>>> tally = Tally(levels=(1, 2))
>>> for remaining in (1, 0, 0, -1, 2):
...     tally.add((3, "x"), (3, "y"), remaining)
>>> table = Table.from_json(tally.to_json(smoothing=0))
>>> c = table.chances((3, "x"), lead=0)
>>> round(c.win[0], 2), round(c.draw, 2), round(c.win[1], 2)
(0.4, 0.4, 0.2)
>>> table.chances((3, "x"), lead=3).percents()  # more than any difference ever seen
(100, 0, 0)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Key = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Chances:
    """Each side's chance to win (ruleset.sides order) and of a draw; they sum to 1."""

    win: tuple[float, float]
    draw: float

    @classmethod
    def certain(cls, winner: int | None) -> Chances:
        """A settled result: ``winner`` (0 or 1) wins, or None for a draw."""
        if winner is None:
            return cls((0.0, 0.0), 1.0)
        return cls((1.0, 0.0) if winner == 0 else (0.0, 1.0), 0.0)

    def mirrored(self) -> Chances:
        """The same chances with the sides swapped."""
        return Chances((self.win[1], self.win[0]), self.draw)

    def points(self, team: int) -> float:
        """Expected points on a 1 / half / 0 scale for ``team``: P(win) + P(draw) / 2."""
        return self.win[team] + self.draw / 2

    def decided(self) -> Chances:
        """The same chances in a game that cannot end drawn: any draw share split evenly."""
        if not self.draw:
            return self
        half = self.draw / 2
        return Chances((self.win[0] + half, self.win[1] + half), 0.0)

    def percents(self) -> tuple[int, int, int]:
        """(first side wins, draw, second side wins) as whole percents summing to 100
        (largest remainder); a certainty shows 100/0/0, and only a certainty shows 100.

        >>> Chances((0.334, 0.333), 0.333).percents()
        (34, 33, 33)
        >>> Chances((0.998, 0.0), 0.002).percents()
        (99, 1, 0)
        """
        probs = (self.win[0], self.draw, self.win[1])
        raw = [p * 100 for p in probs]
        out = [int(r) for r in raw]
        order = sorted(range(3), key=lambda i: (out[i] - raw[i], -raw[i]))
        for i in order[: 100 - sum(out)]:
            out[i] += 1
        top = out.index(max(out))
        if out[top] == 100 and probs[top] < 1.0:  # near-certain is not certain
            out[top] = 99
            rest = [i for i in range(3) if i != top]
            out[max(rest, key=lambda i: raw[i])] += 1
        return out[0], out[1], out[2]

    def to_json(self) -> list[float]:
        """[first side wins, draw, second side wins]."""
        return [self.win[0], self.draw, self.win[1]]

    @classmethod
    def from_json(cls, data: Sequence[float]) -> Chances:
        first, draw, second = (float(x) for x in data)
        return cls((first, second), draw)


def along(ahead: int, length: int) -> int:
    """Where cell ``ahead`` (0 = a side's own end) of a line ``length`` cells long lies, as
    0-6: 3 only at the exact middle, and the same cell seen from the other end gives 6 minus
    it, so keys of mirrored positions mirror each other exactly.

    >>> [along(a, 6) for a in range(6)], [along(a, 5) for a in range(5)]
    ([0, 1, 2, 4, 5, 6], [0, 1, 3, 5, 6])
    """
    twice = 2 * ahead - (length - 1)  # twice the distance from the middle, signed
    if twice == 0:
        return 3
    step = -(-abs(twice) * 3 // length)  # 1-3: which third of the half
    return 3 + step if twice > 0 else 3 - step


def key_text(key: Iterable[Hashable]) -> str:
    """A key as the text the JSON tables store it under."""
    return "|".join(str(part) for part in key)


class Tally:
    """Counts of the remaining goal difference per full key, from simulated matches.

    ``levels`` are the key lengths the table backs off through, coarsest first; the last
    one is the full key.
    """

    def __init__(self, levels: Sequence[int]) -> None:
        self.levels = tuple(levels)
        self.counts: Counter[tuple[Key, int]] = Counter()
        self.notes: Counter[str] = Counter()  # other figures training keeps (summed)

    def add(self, key: Key, mirrored_key: Key, remaining: int, weight: int = 1) -> None:
        """One position: ``key`` seen from the first team, which gains ``remaining`` goals
        on the other before the end; ``mirrored_key`` the same seen from the second team."""
        self.counts[(key, remaining)] += weight
        self.counts[(mirrored_key, -remaining)] += weight

    def merge(self, other: Tally) -> None:
        self.counts.update(other.counts)
        self.notes.update(other.notes)

    def to_json(
        self, smoothing: float = 30.0, min_count: int = 1, max_cells: int | None = None
    ) -> dict[str, Any]:
        """The table as JSON: per key at every level, [lowest difference, count, ...].

        Cells finer than the first level with fewer than ``min_count`` samples are left out
        (their parent answers for them), and beyond ``max_cells`` cells the thinnest go too
        (cells as thin as the first one cut go with it, so a cell and its mirror image stay
        or go together). A parent never has fewer samples than its child, so it stays when
        the child does."""
        cells: dict[Key, Counter[int]] = {}
        for (key, remaining), n in self.counts.items():
            for length in self.levels:
                cells.setdefault(key[:length], Counter())[remaining] += n
        coarsest = self.levels[0]
        sizes = {key: sum(hist.values()) for key, hist in cells.items()}
        floor = min_count
        finer = sorted((n for k, n in sizes.items() if len(k) > coarsest), reverse=True)
        room = None if max_cells is None else max_cells - (len(sizes) - len(finer))
        if room is not None and len(finer) > room:
            floor = max(floor, finer[max(room, 0)] + 1)
        kept = [k for k, n in sizes.items() if len(k) == coarsest or n >= floor]
        out: dict[str, list[int]] = {}
        for key in sorted(kept, key=lambda k: (len(k), key_text(k))):
            hist = cells[key]
            lo, hi = min(hist), max(hist)
            out[key_text(key)] = [lo, *(hist.get(r, 0) for r in range(lo, hi + 1))]
        data: dict[str, Any] = {"levels": list(self.levels), "smoothing": smoothing, "cells": out}
        if self.notes:
            data["notes"] = dict(sorted(self.notes.items()))
        return data


class Table:
    """Distributions of the remaining goal difference by key, with back-off.

    A cell's distribution is its own counts shrunk towards its parent's (the key one level
    coarser): (counts + smoothing * parent) / (n + smoothing), so a thin cell says little more
    than its parent. The coarsest cells are their raw counts: a difference never seen there is
    impossible, and a lead larger than any seen is a certain win.
    """

    def __init__(self, levels: Sequence[int], smoothing: float, cells: dict[str, list[int]]):
        self.levels = tuple(levels)
        self.smoothing = smoothing
        self._raw = cells
        self._dist: dict[str, tuple[int, list[float]]] = {}  # key -> (lowest, cumulative)
        self._answers: dict[tuple[Key, int], Chances] = {}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        return cls(data["levels"], float(data["smoothing"]), data["cells"])

    @classmethod
    def load(cls, path: Path) -> Table:
        return cls.from_json(json.loads(path.read_text(encoding="utf-8")))

    def _probs(self, text: str, level: int) -> tuple[int, list[float]]:
        """(lowest difference, probabilities) of the cell ``text`` at ``levels[level]``."""
        raw = self._raw[text]
        lo, counts = raw[0], raw[1:]
        n = sum(counts)
        if level == 0:
            return lo, [c / n for c in counts]
        parent_text = "|".join(text.split("|")[: self.levels[level - 1]])
        plo, parent = self._probs(parent_text, level - 1)
        lo2 = min(lo, plo)
        hi2 = max(lo + len(counts), plo + len(parent))
        k = self.smoothing
        out = [0.0] * (hi2 - lo2)
        for i, c in enumerate(counts):
            out[lo + i - lo2] += c / (n + k)
        for i, p in enumerate(parent):
            out[plo + i - lo2] += k * p / (n + k)
        return lo2, out

    def distribution(self, key: Key) -> tuple[int, list[float]]:
        """(lowest difference, cumulative probabilities) for the finest known cell of ``key``;
        raises KeyError when not even its coarsest cell was ever seen."""
        parts = [str(p) for p in key]
        for level in range(len(self.levels) - 1, -1, -1):
            text = "|".join(parts[: self.levels[level]])
            if text in self._raw:
                found = self._dist.get(text)
                if found is None:
                    lo, probs = self._probs(text, level)
                    cumulative: list[float] = []
                    total = 0.0
                    for p in probs:
                        total += p
                        cumulative.append(total)
                    found = self._dist[text] = (lo, cumulative)
                return found
        raise KeyError(key_text(key))

    def chances(self, key: Key, lead: int) -> Chances:
        """The chances of a position whose first team (the one ``key`` is seen from) leads
        by ``lead`` goals (negative when behind)."""
        memo = (key, lead)
        found = self._answers.get(memo)
        if found is not None:
            return found
        lo, cumulative = self.distribution(key)
        total = cumulative[-1]

        def at_most(x: int) -> float:  # P(remaining <= x)
            i = x - lo
            if i < 0:
                return 0.0
            return cumulative[min(i, len(cumulative) - 1)] / total

        lose = at_most(-lead - 1)  # lead + remaining < 0
        not_win = at_most(-lead)  # lead + remaining <= 0
        draw = not_win - lose
        win = 1.0 - not_win
        if win < 1e-12:
            win = 0.0
        if lose < 1e-12:
            lose = 0.0
        draw = max(0.0, 1.0 - win - lose)
        answer = Chances((win, lose), draw)
        if len(self._answers) < 200_000:
            self._answers[memo] = answer
        return answer
