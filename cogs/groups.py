"""The slash-command groups the cogs share.

Every FUBA command lives under ``/fuba``. Each bot gets its own group object (tests build several
bots in one process), created on first use; a cog adds its commands in its extension ``setup``:

    group = fuba_group(bot)
    group.add_command(app_commands.Command(name="board", description="...", callback=board))
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

FUBA = "fuba"
FUBA_DESCRIPTION = "Play and follow FUBA tabletop football matches refereed by the bot"


def fuba_group(bot: commands.Bot) -> app_commands.Group:
    """The bot's ``/fuba`` group, added to its command tree the first time it is asked for."""
    existing = bot.tree.get_command(FUBA)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(name=FUBA, description=FUBA_DESCRIPTION, guild_only=True)
    bot.tree.add_command(group)
    return group


def subcommands(group: app_commands.Group) -> list[app_commands.Command]:
    """The group's commands (nested groups flattened), sorted by their full name."""
    found = [cmd for cmd in group.walk_commands() if isinstance(cmd, app_commands.Command)]
    return sorted(found, key=lambda cmd: cmd.qualified_name)


def remove_commands(bot: commands.Bot, *names: str) -> None:
    """Take the named commands out of ``/fuba`` (an extension's ``teardown``)."""
    group = bot.tree.get_command(FUBA)
    if isinstance(group, app_commands.Group):
        for name in names:
            group.remove_command(name)
