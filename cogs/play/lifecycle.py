"""Matches whose place is gone: a deleted channel or thread, a guild that removed the bot.

Nobody can play such a match any more, so it is called off as soon as Discord says so
(``Referee.call_off``: nothing counts, no rating, a league fixture is to be played again) and
the channel is told where one is left: a deleted thread's parent channel. A deleted channel
takes its threads with it, and a removed bot has nowhere to speak.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord
from discord.ext import commands

from cogs.text import pings
from referee.service import Referee
from store.repository import ClosedMatch

log = logging.getLogger(__name__)


class MatchLifecycle(commands.Cog):
    """Listens for the removal of a match's channel, thread or guild."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def _referee(self) -> Referee | None:
        play: Any = self.bot.get_cog("MatchPlay")
        try:
            return None if play is None else play.referee
        except RuntimeError:  # the play cog is unloading
            return None

    async def _call_off(
        self, reason: str, *, channel_ids: Iterable[int] = (), guild_id: int | None = None
    ) -> list[ClosedMatch]:
        referee = self._referee()
        if referee is None:
            return []
        closed = await referee.call_off(reason, channel_ids=channel_ids, guild_id=guild_id)
        for match in closed:
            log.info("match #%s called off: %s", match.id, reason)
        return closed

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        threads = [thread.id for thread in getattr(channel, "threads", [])]
        await self._call_off("channel deleted", channel_ids=[channel.id, *threads])

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        closed = await self._call_off("thread deleted", channel_ids=[payload.thread_id])
        parent: Any = self.bot.get_channel(payload.parent_id)
        if parent is None or not closed:
            return
        for match in closed:
            me = self.bot.user.id if self.bot.user is not None else None
            players = [user for user in dict.fromkeys(match.players.values()) if user != me]
            who = " ".join(f"<@{user_id}>" for user_id in players)
            try:
                await parent.send(
                    f"{who}: match #{match.id} was called off because its thread was "
                    "deleted. Nothing counts; it can be started again.",
                    allowed_mentions=pings(players),
                )
            except discord.HTTPException:
                log.warning("could not tell channel %s of match #%s", parent.id, match.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self._call_off("bot removed", guild_id=guild.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchLifecycle(bot))
