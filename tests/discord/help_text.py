"""What a game's `/<game> help` must list: every command of its own group and of the bot-wide
ones, and each other game at least by its help command (the embed cannot hold them all)."""

from __future__ import annotations

from collections.abc import Iterable


def assert_lists_commands(text: str, available: Iterable[str], own: str) -> None:
    names = list(available)
    games = {name.split()[0] for name in names if name.endswith(" help")} - {own}
    assert games, "no other game's help registered"
    for name in names:
        group = name.split()[0]
        assert f"`/{f'{group} help' if group in games else name}`" in text, name
