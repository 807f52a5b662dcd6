"""Positions and small steps for the skills tests (A11): a position with skills, the skill
choices a side sees now, and playing one."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Action
from engine.core.events import Event
from engine.fuba import FUBA, FubaState
from engine.fuba.board import SIDES


def with_skills(
    s: FubaState,
    west: Iterable[str] = (),
    east: Iterable[str] = (),
    *,
    agreed: int = 5,
) -> FubaState:
    """``s`` with these skills (none played yet) and the skills option agreed."""
    s.options = {**s.options, "skills": agreed}
    s.skills = [{k: 0 for k in west}, {k: 0 for k in east}]
    return s


def skill_choices(s: FubaState, side: str) -> dict[str, list[dict[str, object]]]:
    """The skills ``side`` may play now (standalone window or folded): key -> the args of
    each way to play it."""
    out: dict[str, list[dict[str, object]]] = {}
    for d in FUBA.pending(s):
        if d.actor != side:
            continue
        for c in d.choices:
            if c.action.kind == "skill" and c.action.args.get("name") != "none":
                args = {k: v for k, v in c.action.args.items() if k != "name"}
                out.setdefault(str(c.action.args["name"]), []).append(args)
    return out


def play_skill(s: FubaState, side: str, name: str, **args: object) -> tuple[FubaState, list[Event]]:
    return FUBA.apply(s, Action(side, "skill", {"name": name, **args}))


def no_skill(s: FubaState, side: str) -> tuple[FubaState, list[Event]]:
    return FUBA.apply(s, Action(side, "skill", {"name": "none"}))


def skill_events(events: list[Event], key: str) -> list[Event]:
    return [e for e in events if e.kind == "skill" and e.data.get("skill") == key]


WEST, EAST = SIDES
