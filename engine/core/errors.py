"""Typed rules errors. Every message is meant to be shown to a player as it is."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class RulesError(ValueError):
    """An action that the rules do not allow now. The state is left unchanged."""


class NotYourDecision(RulesError):
    """The actor is not the one who must decide now (wrong player, wrong turn)."""


class MalformedAction(RulesError):
    """The action is not well formed (unknown kind, missing or bad arguments)."""


class SchemaMismatch(ValueError):
    """A stored state was written by a schema version this engine cannot read."""


def check_saved(data: Mapping[str, Any], version: int, names: Iterable[str], title: str) -> None:
    """Raise ``SchemaMismatch`` unless ``data`` is a ``title`` state ("FUBA") saved with schema
    ``version`` and holding only the fields ``names``."""
    saved = data.get("schema")
    if saved != version:
        raise SchemaMismatch(
            f"This {title} state was saved with schema version {saved}; "
            f"this engine reads version {version}."
        )
    unknown = set(data) - set(names)
    if unknown:
        raise SchemaMismatch(f"Unknown {title} state fields: {', '.join(sorted(unknown))}.")
