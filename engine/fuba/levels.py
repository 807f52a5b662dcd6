"""The FUBA coach at each level: easy (``easy.EasyCoach``), normal (today's ``Coach``) and
strong (``strong.StrongCoach``)."""

from __future__ import annotations

from engine.core.levels import BUDGET, EASY, NORMAL, STRONG, Policy, check_level
from engine.fuba.coach import Coach
from engine.fuba.easy import EasyCoach
from engine.fuba.strong import StrongCoach


def coach(seed: int, level: str = NORMAL, budget: float = BUDGET) -> Policy:
    """The FUBA coach of ``level`` (``engine.core.levels.LEVELS``); ``budget``: seconds the
    strong coach may think per decision.

    >>> type(coach(1, "strong")).__name__, type(coach(1, "normal")).__name__
    ('StrongCoach', 'Coach')
    """
    check_level(level)
    if level == EASY:
        return EasyCoach(seed)
    if level == STRONG:
        return StrongCoach(seed, budget)
    return Coach(seed)
