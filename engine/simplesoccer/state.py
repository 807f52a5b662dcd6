"""The Simple Soccer match state: plain JSON-native data, cheap to copy (see the fields in
docs/rules-simplesoccer.md and the engine contract in ``engine.simplesoccer.ruleset``)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.errors import check_saved
from engine.simplesoccer.field import Field, Square
from engine.simplesoccer.field import field as field_of

SCHEMA_VERSION = 1


@dataclass(slots=True)
class SimpleSoccerState:
    """One match. Teams are indexes 0 (west) and 1 (east).

    ``members[team][label]`` is ``{"at": [x, y], "facing": "e"}``; ``ball`` is ``[x, y]``
    (None before the first set-up) and ``held`` the team whose goalkeeper holds it (-1: loose);
    ``kicked_by`` the team that kicked it last (-1: nobody since the set-up); ``opening`` the
    team that won the roll-off (it kicked off the first half).
    ``turn`` is the turn under way: its team, dice, points and points left, whether the
    goalkeeper stepped diagonally (no grab after that) and when it started (timed matches).
    ``step`` is the decision now pending (its ``k`` names it); ``last`` the last move, kick or
    grab (kind, team, member, path) for the board to draw.

    With the advanced rules a member may also carry ``down`` (the turn it went down), ``rose``
    (the turn it got up), ``skill`` (skill points), ``fouls`` and ``card``.
    """

    options: dict[str, Any] = field(default_factory=dict)
    step: dict[str, Any] = field(default_factory=dict)
    members: list[dict[str, dict[str, Any]]] = field(default_factory=lambda: [{}, {}])
    ball: list[int] | None = None
    held: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    half: int = 1
    turns_played: int = 0
    elapsed: float = 0.0
    opening: int = -1
    kicked_by: int = -1
    turn: dict[str, Any] | None = None
    shootout: dict[str, Any] | None = None
    last: dict[str, Any] | None = None
    ended_at: float | None = None
    # the advanced rules (docs/rules-simplesoccer-advanced.md): the ball's travel for inertia,
    # a kick in flight (interceptions), a pending restart, a juggled ball awaiting its
    # follow-up, whether each team has spread its skill points
    motion: dict[str, Any] | None = None
    flight: dict[str, Any] | None = None
    restart: dict[str, Any] | None = None
    juggle: dict[str, Any] | None = None
    skills_set: list[bool] = field(default_factory=lambda: [False, False])
    # the members of each team sent off (Optional fouls: a red card), kept out of set-ups
    sent_off: list[list[str]] = field(default_factory=lambda: [[], []])
    winner: int = -1
    over: bool = False
    reason: str = ""
    schema: int = SCHEMA_VERSION

    @property
    def field(self) -> Field:
        return field_of(self.options["size"])

    def ball_at(self) -> Square | None:
        return None if self.ball is None else (self.ball[0], self.ball[1])

    def at(self, team: int, label: str) -> Square:
        x, y = self.members[team][label]["at"]
        return (x, y)

    def occupant(self, sq: Square) -> tuple[int, str] | None:
        """The member standing on ``sq`` (team, label), if any."""
        for team in (0, 1):
            for label, m in self.members[team].items():
                if m["at"][0] == sq[0] and m["at"][1] == sq[1]:
                    return team, label
        return None

    def occupied(self) -> dict[Square, tuple[int, str]]:
        return {
            (m["at"][0], m["at"][1]): (team, label)
            for team in (0, 1)
            for label, m in self.members[team].items()
        }

    def clone(self) -> SimpleSoccerState:
        return SimpleSoccerState(
            options=self.options,  # never changed after the start
            step=copy.deepcopy(self.step),
            members=[{k: {**v, "at": v["at"][:]} for k, v in t.items()} for t in self.members],
            ball=None if self.ball is None else self.ball[:],
            held=self.held,
            score=self.score[:],
            half=self.half,
            turns_played=self.turns_played,
            elapsed=self.elapsed,
            opening=self.opening,
            kicked_by=self.kicked_by,
            turn=copy.deepcopy(self.turn),
            shootout=copy.deepcopy(self.shootout),
            last=self.last,  # replaced, never changed in place
            ended_at=self.ended_at,
            motion=copy.deepcopy(self.motion),
            flight=copy.deepcopy(self.flight),
            restart=copy.deepcopy(self.restart),
            juggle=copy.deepcopy(self.juggle),
            skills_set=self.skills_set[:],
            sent_off=[t[:] for t in self.sent_off],
            winner=self.winner,
            over=self.over,
            reason=self.reason,
            schema=self.schema,
        )

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        return copy.deepcopy(data)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SimpleSoccerState:
        check_saved(data, SCHEMA_VERSION, (f.name for f in fields(cls)), "Simple Soccer")
        return cls(**copy.deepcopy(dict(data)))
