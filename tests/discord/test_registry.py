"""The games' command specs are found once: an interaction never walks the cog folders."""

from __future__ import annotations

import pytest

import cogs.app
from cogs.play import registry


def test_the_cog_modules_are_looked_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.registered()  # whatever came before, the modules are imported now
    walks: list[str] = []

    def counting() -> list[str]:
        walks.append("walk")
        return []

    monkeypatch.setattr(cogs.app, "extensions", counting)
    for _ in range(3):
        assert registry.by_group("fuba") is registry.get("fuba")
        assert {spec.ruleset for spec in registry.registered()} >= {"fuba", "dicesoccer"}
    assert walks == []
