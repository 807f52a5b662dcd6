"""FUBA 3rd edition, basic rules (rulebook chapters 1-5)."""

from engine.fuba.ruleset import FUBA, FubaRuleset
from engine.fuba.state import FubaState

__all__ = ["FUBA", "FubaRuleset", "FubaState"]
