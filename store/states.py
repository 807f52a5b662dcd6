"""Stored states and their schema versions: upgrade an old state, or refuse it clearly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Ruleset, SchemaMismatch
from engine.fuba.state import FubaState

JSONData = dict[str, Any]
Upgrade = Callable[[JSONData], JSONData]

# (ruleset name, schema version N) -> function turning a version-N state into version N + 1.
UPGRADES: dict[tuple[str, int], Upgrade] = {
    ("fuba", 1): FubaState.upgrade_from_1,  # the advanced rules' fields
    ("fuba", 2): FubaState.upgrade_from_2,  # skills (A11)
}


def upgrade(ruleset: Ruleset[Any], data: JSONData, version: int, label: str) -> JSONData:
    """``data`` (written by ``version``) in the ruleset's current schema; ``label`` names the
    state in messages ("Match #4")."""
    current = ruleset.schema_version
    if version > current:
        raise SchemaMismatch(
            f"{label} was saved by a newer version of the bot ({ruleset.name} state schema "
            f"version {version}); this bot reads version {current}. Update the bot."
        )
    while version < current:
        step = UPGRADES.get((ruleset.name, version))
        if step is None:
            raise SchemaMismatch(
                f"{label} was saved with {ruleset.name} state schema version {version}; this "
                f"bot reads version {current} and has no upgrade from version {version}."
            )
        data = step(data)
        version += 1
    return data


def load(ruleset: Ruleset[Any], data: JSONData, version: int, label: str) -> Any:
    """The ruleset's state from stored JSON, upgraded first when it is older."""
    return ruleset.from_json(upgrade(ruleset, data, version, label))
