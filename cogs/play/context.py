"""Where a play command or button acts: the play cog (which owns the referee and the open
challenges), the match channel of an interaction, the channel's match of the command's game
(``match_of``), and the refusal of a command of one game about another game's match.

The play cog is found by its name (``PLAY_COG``), so the modules below the cog's own
(``cogs.play.cog``) need not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.play import registry
from cogs.play.registry import GameCommands, PlayRefusal
from referee import games
from referee.errors import NoMatch
from store.repository import StoredMatch

if TYPE_CHECKING:
    from cogs.play.cog import MatchPlay

PLAY_COG = "MatchPlay"  # the name of the play cog (``cogs.play.cog.MatchPlay``)


def play_cog(interaction: discord.Interaction) -> MatchPlay:
    """The loaded play cog, which owns the referee and the open challenges."""
    cog = interaction.client.get_cog(PLAY_COG)  # type: ignore[attr-defined]
    if cog is None:
        raise RuntimeError("the play cog is not loaded")
    return cast("MatchPlay", cog)


def channel_cog(channel: Any) -> MatchPlay:
    """The play cog of the bot a channel object belongs to (for a step posted outside of an
    interaction: a league kick-off, the deadline dispatcher)."""
    client = channel._state._get_client()  # discord.py's own way from a channel to its client
    cog = client.get_cog(PLAY_COG)
    if cog is None:
        raise RuntimeError("the play cog is not loaded")
    return cast("MatchPlay", cog)


def channel_id_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise PlayRefusal("Matches are played in a server channel.")
    return interaction.channel_id


def match_channel(interaction: discord.Interaction) -> Any:
    channel = interaction.channel
    if channel is None or not hasattr(channel, "send"):
        raise PlayRefusal("Matches are played in a server channel.")
    return channel


def other_game(spec: GameCommands, ruleset: str, what: str, command: str) -> PlayRefusal:
    """The refusal of a command of one game about the channel's match or challenge of another:
    it names the game and the command to use instead."""
    other = registry.find(ruleset)
    title = games.title_of(ruleset)
    hint = f" Use `{other.command(command)}`." if other is not None else ""
    return PlayRefusal(
        f"The {what} in this channel is {title}, not {games.get(spec.ruleset).title}.{hint}"
    )


async def match_of(
    interaction: discord.Interaction, spec: GameCommands, command: str
) -> StoredMatch:
    """The channel's active match, refused when it is of another game than the command's (so
    ``/<game> roll`` never answers another game's dice)."""
    match = await play_cog(interaction).referee.store.active_match(channel_id_of(interaction))
    if match is None:
        raise NoMatch()
    if match.ruleset != spec.ruleset:
        raise other_game(spec, match.ruleset, "match", command)
    return match
