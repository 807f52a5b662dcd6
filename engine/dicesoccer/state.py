"""The Sports Dice Soccer match state: plain JSON-native data, cheap to copy."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.data import json_copy
from engine.core.errors import check_saved

SCHEMA_VERSION = 1


@dataclass(slots=True)
class DiceSoccerState:
    """One match. Teams are indexes 0 (white) and 1 (black).

    The field has ``2 * sections`` sections numbered 1 to ``2 * sections`` from White's goal
    line: White's half is 1..sections, Black's half the rest; White's goal is "section 0"
    and Black's goal "section 2 * sections + 1". White attacks towards higher numbers.
    ``ball`` is 0 until the kick-off.

    ``step`` is the decision now pending (its ``k`` names it); ``roll`` is the current
    exchange of dice: what it is for ("play", "shot", "free_kick"), how many dice each team
    rolls (``n``), the dice so far (``dice``, None until rolled) and who re-rolled
    (``rerolled_by``, -1 if nobody). ``penalty`` is how many dice each team rolls fewer
    because of red cards; ``last`` summarises the last resolved exchange.
    """

    options: dict[str, Any] = field(default_factory=dict)
    step: dict[str, Any] = field(default_factory=dict)
    roll: dict[str, Any] = field(default_factory=dict)
    ball: int = 0
    chip: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    penalty: list[int] = field(default_factory=lambda: [0, 0])
    exchanges: int = 0
    last: dict[str, Any] | None = None
    winner: int = -1
    over: bool = False
    schema: int = SCHEMA_VERSION

    @property
    def sections(self) -> int:
        return int(self.options["sections"])

    @property
    def faces(self) -> list[str]:
        return self.options["faces"]

    def clone(self) -> DiceSoccerState:
        return DiceSoccerState(
            options=self.options,  # never changed after the start
            step=json_copy(self.step),
            roll=json_copy(self.roll),
            ball=self.ball,
            chip=self.chip,
            score=self.score[:],
            penalty=self.penalty[:],
            exchanges=self.exchanges,
            last=json_copy(self.last),
            winner=self.winner,
            over=self.over,
            schema=self.schema,
        )

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["options"] = json_copy(self.options)
        return json_copy(data)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiceSoccerState:
        check_saved(data, SCHEMA_VERSION, (f.name for f in fields(cls)), "Sports Dice Soccer")
        return cls(**json_copy(dict(data)))
