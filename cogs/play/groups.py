"""The slash-command groups: one per game (``/<game> ...``), named by its
``GameCommands``.

Each bot gets its own group objects (tests build several bots in one process), created on first
use; a game's cog module adds its commands in its extension ``setup``:

    add_commands(bot, spec, {"board": board_command, "roll": roll_command})
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from cogs.play.registry import GameCommands

Callback = Callable[..., Awaitable[None]]


def game_group(bot: commands.Bot, spec: GameCommands) -> app_commands.Group:
    """The bot's group of a game, added to its command tree the first time it is asked for."""
    existing = bot.tree.get_command(spec.group)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(name=spec.group, description=spec.description, guild_only=True)
    bot.tree.add_command(group)
    return group


def add_commands(
    bot: commands.Bot,
    spec: GameCommands,
    callbacks: Mapping[str, Callback],
    descriptions: Mapping[str, str] | None = None,
) -> None:
    """Add commands to a game's group; a command's description is its callback's docstring
    unless ``descriptions`` names another."""
    group = game_group(bot, spec)
    for name, callback in callbacks.items():
        description = (descriptions or {}).get(name) or (callback.__doc__ or name).strip()
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )


def subcommands(group: app_commands.Group) -> list[app_commands.Command[Any, ..., Any]]:
    """The group's commands (nested groups flattened), sorted by their full name."""
    found = [cmd for cmd in group.walk_commands() if isinstance(cmd, app_commands.Command)]
    return sorted(found, key=lambda cmd: cmd.qualified_name)


def remove_commands(bot: commands.Bot, spec: GameCommands, *names: str) -> None:
    """Take the named commands out of a game's group (an extension's ``teardown``), and the
    group once it is empty."""
    group = bot.tree.get_command(spec.group)
    if isinstance(group, app_commands.Group):
        for name in names:
            group.remove_command(name)
        if not group.commands:
            bot.tree.remove_command(spec.group)
