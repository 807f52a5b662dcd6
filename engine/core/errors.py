"""Typed rules errors. Every message is meant to be shown to a player as it is."""


class RulesError(ValueError):
    """An action that the rules do not allow now. The state is left unchanged."""


class NotYourDecision(RulesError):
    """The actor is not the one who must decide now (wrong player, wrong turn)."""


class MalformedAction(RulesError):
    """The action is not well formed (unknown kind, missing or bad arguments)."""


class SchemaMismatch(ValueError):
    """A stored state was written by a schema version this engine cannot read."""
