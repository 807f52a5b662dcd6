"""The bot object: intents, mentions, the command tree and its error handler, cog loading;
connected as one shard, or with the shards the settings give this process (``referee_bot``)."""

from __future__ import annotations

import gc
import importlib
import logging
import pkgutil
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from botconfig import Settings
from cogs.errors import on_app_command_error
from cogs.running import finish_handlers
from referee import boards

log = logging.getLogger(__name__)


class RefereeTree(app_commands.CommandTree):
    """The command tree; every app-command error goes through `cogs.errors`."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await on_app_command_error(interaction, error)


def extensions() -> list[str]:
    """Every module under ``cogs/`` (its packages included: ``cogs.play``, one per game,
    ``cogs.leagues``) with an extension ``setup``, in name order, each once."""
    names = set()
    for info in pkgutil.walk_packages(cogs.__path__, prefix=f"{cogs.__name__}."):
        if info.ispkg or info.name.rsplit(".", 1)[-1].startswith("_"):
            continue
        if hasattr(importlib.import_module(info.name), "setup"):
            names.add(info.name)
    return sorted(names)


class RefereeBot(commands.Bot):
    """The referee bot. Slash commands only: no prefix commands, no message content intent."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            # a message pings nobody unless it names whom (``cogs.text.pings``)
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=RefereeTree,
            help_command=None,
            **options,
        )
        self.settings = settings

    async def close(self) -> None:
        """Stop: the interactions being handled finish first (``cogs.running``), then the cogs
        unload (the database closes) and the connection to Discord goes."""
        await finish_handlers()
        await super().close()
        await boards.close()  # the board-drawing workers

    async def setup_hook(self) -> None:
        log.info("starting: %s", self.settings.sharding.describe())
        for name in extensions():
            await self.load_extension(name)
        if self.settings.sharding.first:  # the commands are the bot's, not a cluster's
            await self._sync_commands()
        await boards.start()  # the board-drawing workers, warm before the first step
        # Everything loaded so far (modules, the command tree, the database engine) lives
        # as long as the process: keep it out of the garbage collector's full passes, which
        # would otherwise walk it all and pause a move now and then.
        gc.collect()
        gc.freeze()

    async def _sync_commands(self) -> None:
        guild_ids = self.settings.guild_ids_for_sync
        if not guild_ids:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))
            return
        for guild_id in guild_ids:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            # One wrong id (a guild the bot is not in) or a failing request must not stop the
            # bot: the other guilds still get their commands.
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.HTTPException as exc:
                hint = (
                    "the bot is not in that guild or may not add commands there: invite it "
                    "with the applications.commands scope, or remove the id from FUBA_SYNC_GUILDS"
                    if isinstance(exc, discord.Forbidden)
                    else "its commands stay as they were; check the id in FUBA_SYNC_GUILDS"
                )
                log.warning(
                    "cannot sync the slash commands to guild %d (%s): %s", guild_id, exc, hint
                )
                continue
            log.info("synced %d commands to guild %d", len(synced), guild_id)


class ShardedRefereeBot(RefereeBot, commands.AutoShardedBot):
    """The referee bot on the shards ``settings.sharding`` gives this process (one cluster
    of several on one database): Discord sends it those shards' guilds only, and its
    background work takes those guilds' rows only (docs/clusters.md)."""

    def __init__(self, settings: Settings) -> None:
        sharding = settings.sharding
        super().__init__(
            settings,
            shard_count=sharding.count,
            shard_ids=None if sharding.ids is None else list(sharding.ids),
        )


def referee_bot(settings: Settings) -> RefereeBot:
    """The bot for ``settings``: sharded when shards are configured (``SHARD_COUNT``, or
    ``CLUSTER_COUNT`` and ``CLUSTER_INDEX``), else one connection as discord.py makes it."""
    if settings.sharding.sharded:
        return ShardedRefereeBot(settings)
    return RefereeBot(settings)
