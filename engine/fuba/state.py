"""The FUBA match state: plain JSON-native data, cheap to copy."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

from engine.core.errors import check_saved
from engine.fuba.board import BOX, N_SLOTS

SCHEMA_VERSION: Final = 3
ZONES: Final = ("defence", "midfield", "attack")  # index of a zone in a team's condition points


def _zeros() -> list[list[int]]:
    return [[0] * N_SLOTS, [0] * N_SLOTS]


def _per_zone() -> list[list[int]]:
    return [[0, 0, 0], [0, 0, 0]]


@dataclass(slots=True)
class FubaState:
    """One FUBA match. Teams are indexes 0 (west) and 1 (east).

    ``agenda`` holds the steps still to be taken, the current one first; each step is a
    small dict whose ``k`` names it. ``turn`` is the scratch record of the current turn.

    The advanced rules' fields stay at their defaults when those rules are not in force:
    ``condition`` the condition points per zone (defence, midfield, attack: ``ZONES``, A1),
    ``spent`` the points a team has used for actions so far (A13 slow play gives one back),
    ``tired`` whether the team suffers tiredness (A1), ``roles`` the player roles chosen
    with the formation (A2), ``subs`` substitutions made (A3), ``injured`` the minutes still
    to pass before each temporarily injured player returns, ``keeper_hurt`` whether the
    goalkeeper is injured (A4), ``weather`` the weather in force ("" for none, A9),
    ``skills`` each team's skills (A11) as name -> times played (-1: lost to an injured star
    player, A13), ``coach_off`` whether a fiery coach was sent off (A11).
    """

    options: dict[str, Any] = field(default_factory=dict)
    formations: list[Any] = field(default_factory=lambda: [None, None])
    outfield: list[list[int]] = field(default_factory=_zeros)
    keeper: list[int] = field(default_factory=lambda: list(BOX))
    ball: int = 7
    value: int = 2
    control: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    half: int = 1
    minute: int = 0
    stoppage: int = 0
    yellows: list[int] = field(default_factory=lambda: [0, 0])
    reds: list[int] = field(default_factory=lambda: [0, 0])
    first_half_ct: int = -1
    turns: list[int] = field(default_factory=lambda: [0, 0])
    goal_attempts: list[int] = field(default_factory=lambda: [0, 0])
    agenda: list[dict[str, Any]] = field(default_factory=list)
    turn: dict[str, Any] = field(default_factory=dict)
    moved: list[list[int]] = field(default_factory=_zeros)
    locked: list[list[int]] = field(default_factory=_zeros)
    keeper_moved: list[bool] = field(default_factory=lambda: [False, False])
    keeper_locked: list[bool] = field(default_factory=lambda: [False, False])
    last_pass: list[int] | None = None
    over: bool = False
    condition: list[list[int]] = field(default_factory=_per_zone)
    spent: list[int] = field(default_factory=lambda: [0, 0])
    tired: list[bool] = field(default_factory=lambda: [False, False])
    roles: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    subs: list[int] = field(default_factory=lambda: [0, 0])
    injured: list[list[int]] = field(default_factory=lambda: [[], []])
    keeper_hurt: list[bool] = field(default_factory=lambda: [False, False])
    weather: str = ""
    skills: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    coach_off: list[bool] = field(default_factory=lambda: [False, False])
    schema: int = SCHEMA_VERSION

    def clone(self) -> FubaState:
        return FubaState(
            options=self.options,
            formations=[None if f is None else list(f) for f in self.formations],
            outfield=[self.outfield[0][:], self.outfield[1][:]],
            keeper=self.keeper[:],
            ball=self.ball,
            value=self.value,
            control=self.control,
            score=self.score[:],
            half=self.half,
            minute=self.minute,
            stoppage=self.stoppage,
            yellows=self.yellows[:],
            reds=self.reds[:],
            first_half_ct=self.first_half_ct,
            turns=self.turns[:],
            goal_attempts=self.goal_attempts[:],
            agenda=[dict(step) for step in self.agenda],
            turn=dict(self.turn),
            moved=[self.moved[0][:], self.moved[1][:]],
            locked=[self.locked[0][:], self.locked[1][:]],
            keeper_moved=self.keeper_moved[:],
            keeper_locked=self.keeper_locked[:],
            last_pass=None if self.last_pass is None else self.last_pass[:],
            over=self.over,
            condition=[self.condition[0][:], self.condition[1][:]],
            spent=self.spent[:],
            tired=self.tired[:],
            roles=[dict(self.roles[0]), dict(self.roles[1])],
            subs=self.subs[:],
            injured=[self.injured[0][:], self.injured[1][:]],
            keeper_hurt=self.keeper_hurt[:],
            weather=self.weather,
            skills=[dict(self.skills[0]), dict(self.skills[1])],
            coach_off=self.coach_off[:],
            schema=self.schema,
        )

    def rule(self, name: str) -> bool:
        """Whether the advanced rule ``name`` (``engine.fuba.advanced.RULES``) is in force."""
        return name in (self.options.get("advanced") or ())

    # -- counting -----------------------------------------------------------------------

    def pieces(self, team: int, area: int) -> int:
        """Player pieces of ``team`` in ``area``, goalkeeper included."""
        return self.outfield[team][area] + (self.keeper[team] == area)

    def count(self, team: int, area: int) -> int:
        """1.4.1: at most six players of a team count in one area."""
        n = self.outfield[team][area] + (self.keeper[team] == area)
        return n if n < 6 else 6

    def on_pitch(self, team: int) -> int:
        return sum(self.outfield[team]) + 1

    def areas_of(self, team: int) -> list[int]:
        """Areas holding at least one piece of ``team``."""
        row = self.outfield[team]
        out = [a for a in range(1, N_SLOTS) if row[a]]
        k = self.keeper[team]
        if k not in out:
            out.append(k)
            out.sort()
        return out

    def game_time(self) -> tuple[int, int, int]:
        """(half, minute, stoppage square): never decreases during a match."""
        return (self.half, self.minute, self.stoppage)

    # -- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def upgrade_from_1(data: dict[str, Any]) -> dict[str, Any]:
        """A schema-1 state (before the advanced rules) in schema 2: basic rules, defaults."""
        fresh = FubaState()
        added = ("condition", "spent", "tired", "roles", "subs", "injured", "keeper_hurt")
        out = {**data, **{name: getattr(fresh, name) for name in added}}
        out["weather"] = ""
        out["schema"] = 2
        return out

    @staticmethod
    def upgrade_from_2(data: dict[str, Any]) -> dict[str, Any]:
        """A schema-2 state (before skills) in schema 3: no skills."""
        return {**data, "skills": [{}, {}], "coach_off": [False, False], "schema": 3}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FubaState:
        check_saved(data, SCHEMA_VERSION, (f.name for f in fields(cls)), "FUBA")
        state = cls(**{k: v for k, v in data.items()})
        return state.clone()  # never share lists with the caller's data
