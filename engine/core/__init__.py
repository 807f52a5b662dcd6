"""What every ruleset shares: actions, events, decisions, dice, errors, the Ruleset protocol."""

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.dice import DiceSource, ScriptedDice, VirtualDice, autoroll, parse_typed
from engine.core.errors import (
    MalformedAction,
    NotYourDecision,
    RulesError,
    SchemaMismatch,
)
from engine.core.events import Event
from engine.core.ruleset import Ruleset, replay

__all__ = [
    "Action",
    "Choice",
    "Decision",
    "DiceSource",
    "Event",
    "MalformedAction",
    "NotYourDecision",
    "Ruleset",
    "RulesError",
    "SchemaMismatch",
    "ScriptedDice",
    "VirtualDice",
    "autoroll",
    "parse_typed",
    "replay",
]
