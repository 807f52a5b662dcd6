"""The Socceristic match state: plain JSON-native data, cheap to copy."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.data import json_copy
from engine.core.errors import check_saved

SCHEMA_VERSION = 1
STATS = ("chances", "cards_drawn", "free_kicks", "corners", "throw_ins", "injuries")
STATS += ("goal_kicks", "penalties")


def new_stats() -> dict[str, Any]:
    out: dict[str, Any] = {name: [0, 0] for name in STATS}
    out["possession_changes"] = 0
    return out


def new_sheet() -> dict[str, list[dict[str, Any]]]:
    return {"goals": [], "subs": [], "injuries": [], "cautions": []}


@dataclass(slots=True)
class SocceristicState:
    """One match. Teams are indexes 0 (home) and 1 (away); squares are ``[x, y]``.

    ``step`` is the decision now pending (its ``k`` names it). ``ends[t]`` is the end team
    ``t`` defends this half; ``mover`` the team that made the last move. ``decks`` holds each
    deck's cards left (top first, secret) and how many times it has been shuffled;
    ``lineup[t]`` the names by shirt position 1..16 as now on the pitch and bench.
    """

    options: dict[str, Any] = field(default_factory=dict)
    step: dict[str, Any] = field(default_factory=dict)
    ball: list[int] | None = None
    possession: int = -1
    mover: int = -1
    half: int = 0
    ends: list[str] = field(default_factory=lambda: ["", ""])
    kickoff_first: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    moves: int = 0
    clock: float = 0.0
    last_at: float | None = None
    decks: dict[str, Any] = field(default_factory=dict)
    last_card: dict[str, Any] | None = None
    restart: dict[str, Any] | None = None
    sheet: dict[str, list[dict[str, Any]]] = field(default_factory=new_sheet)
    lineup: list[list[str]] = field(default_factory=lambda: [[], []])
    bench: list[int] = field(default_factory=lambda: [0, 0])
    stats: dict[str, Any] = field(default_factory=new_stats)
    over: bool = False
    winner: int = -1
    schema: int = SCHEMA_VERSION

    def clone(self) -> SocceristicState:
        return SocceristicState(
            options=self.options,  # never changed after the start
            step=json_copy(self.step),
            ball=None if self.ball is None else self.ball[:],
            possession=self.possession,
            mover=self.mover,
            half=self.half,
            ends=self.ends[:],
            kickoff_first=self.kickoff_first,
            score=self.score[:],
            moves=self.moves,
            clock=self.clock,
            last_at=self.last_at,
            decks={
                k: {"order": d["order"][:], "shuffles": d["shuffles"]}
                for k, d in self.decks.items()
            },
            last_card=self.last_card,  # replaced, never changed in place
            restart=self.restart,  # replaced, never changed in place
            sheet={k: v[:] for k, v in self.sheet.items()},  # entries never change once written
            lineup=[self.lineup[0][:], self.lineup[1][:]],
            bench=self.bench[:],
            stats={k: v[:] if isinstance(v, list) else v for k, v in self.stats.items()},
            over=self.over,
            winner=self.winner,
            schema=self.schema,
        )

    def to_json(self) -> dict[str, Any]:
        """The state as JSON data sharing nothing with it but the pitch file's data, which is
        read-only (large, and never changed after the start)."""
        data = json_copy(
            {f.name: getattr(self, f.name) for f in fields(self) if f.name != "options"}
        )
        data["options"] = {k: v if k == "pitch" else json_copy(v) for k, v in self.options.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SocceristicState:
        check_saved(data, SCHEMA_VERSION, (f.name for f in fields(cls)), "Socceristic")
        return cls(**json_copy(dict(data)))
