"""A11 choosing skills: the number agreed in the challenge, each team's secret choice after
its formation, and the reveal."""

from __future__ import annotations

from typing import Any, Final

from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event, event
from engine.fuba.skills import agreed
from engine.fuba.skills.catalog import MAX_CHOICES, SKILLS, available, choices_used
from engine.fuba.state import FubaState

# Suggested picks (the rulebook's tactical notes first), kept when they fit the match.
SUGGESTIONS: Final[tuple[tuple[str, ...], ...]] = (
    ("catenaccio", "creative_midfielder", "great_condition"),
    ("tackler", "runner"),
    ("clinical_finisher", "stopper", "midfield_general"),
    ("shot_stopper", "regista", "mezzala"),
    ("target_man", "goal_poacher", "seconda_punta", "crossing", "sweeper_keeper"),
    ("midfield_pressing", "skilled_wing_backs", "gegenpressing", "fast_defender", "dribbler"),
)


def check_option(s: FubaState) -> None:
    """The challenge's ``skills`` option: a whole number 0-5, with condition points (A1) in
    force (every skill is paid for with them)."""
    n = s.options.get("skills")
    if n is None:
        return
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_CHOICES:
        raise RulesError(f"The number of skills is a whole number from 0 to {MAX_CHOICES}.")
    if n and not s.rule("condition"):
        raise RulesError("Skills are paid for with condition points: play them with that rule.")


def menu(s: FubaState) -> list[str]:
    return available(frozenset(s.options.get("advanced") or ()))


def parse(s: FubaState, value: Any) -> list[str]:
    """A team's choice: a list of skill names, or a text of names separated by commas."""
    if isinstance(value, str):
        words = [w for w in value.replace(";", ",").split(",") if w.strip()]
    elif isinstance(value, list) and all(isinstance(w, str) for w in value):
        words = value
    else:
        raise MalformedAction("'skills' must be a list of skill names.")
    keys = [w.strip().lower().replace(" ", "_").replace("-", "_") for w in words]
    if any(k in ("none", "no_skills") for k in keys):
        keys = [k for k in keys if k not in ("none", "no_skills")]
    offered = menu(s)
    for k in keys:
        if k not in SKILLS:
            raise RulesError(f"There is no skill {k!r}: see the skills help for the list.")
        if k not in offered:
            raise RulesError(f"{SKILLS[k].name} can never matter with this match's rules.")
    if len(set(keys)) != len(keys):
        raise RulesError("Choose each skill once.")
    n = agreed(s)
    if choices_used(keys) > n:
        raise RulesError(
            f"That is {choices_used(keys)} skill choices; this match allows {n} "
            "(some skills count as two)."
        )
    return keys


def suggestions(s: FubaState) -> list[list[str]]:
    """A few ready picks that fit this match, filled up to the agreed number."""
    n = agreed(s)
    offered = menu(s)
    out: list[list[str]] = []
    for idea in SUGGESTIONS:
        pick: list[str] = []
        for k in (*idea, *offered):
            if k in offered and k not in pick and choices_used([*pick, k]) <= n:
                pick.append(k)
        if pick and pick not in out:
            out.append(pick)
    return out


def reveal(s: FubaState, picks: list[list[str] | None], ev: list[Event]) -> None:
    s.skills = [{k: 0 for k in (picks[t] or [])} for t in (0, 1)]
    ev.append(event("skills_revealed", {"skills": [list(s.skills[t]) for t in (0, 1)]}))
