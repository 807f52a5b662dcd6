"""The rulesets the bot knows, by name. Shared layers look rulesets up here and never import
a ruleset package directly."""

from __future__ import annotations

from typing import Any

from engine.core.errors import RulesError
from engine.core.ruleset import Ruleset
from engine.dicesoccer import DICESOCCER
from engine.fuba import FUBA
from engine.simplesoccer import SIMPLESOCCER
from engine.socceristic import SOCCERISTIC

RULESETS: dict[str, Ruleset[Any]] = {
    FUBA.name: FUBA,
    DICESOCCER.name: DICESOCCER,
    SIMPLESOCCER.name: SIMPLESOCCER,
    SOCCERISTIC.name: SOCCERISTIC,
}


def get(name: str) -> Ruleset[Any]:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise RulesError(f"Unknown game {name!r}; this bot knows: {known}.") from None
