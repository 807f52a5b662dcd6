"""One place that turns errors raised by app commands into ephemeral replies.

Typed errors (rules, store, referee) carry messages written for players and are shown as they
are. Anything else is a bug: the user gets a short apology with an error id, and the log gets the
traceback under the same id.
"""

from __future__ import annotations

import logging
import math
import secrets

import discord
from discord import app_commands

from cogs.text import shown
from engine.core.errors import RulesError
from store.errors import StoreError

log = logging.getLogger(__name__)


def _referee_error() -> type[Exception] | None:
    """The referee's error base, when the referee service is installed."""
    try:
        from referee.errors import RefereeError
    except ImportError:
        return None
    return RefereeError


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's invoke wrapper."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def player_message(error: BaseException) -> str | None:
    """The reply for an error a player caused, or None when it is a bug in the bot."""
    error = unwrap(error)
    referee_error = _referee_error()
    typed: tuple[type[BaseException], ...] = (RulesError, StoreError)
    if referee_error is not None:
        typed += (referee_error,)
    if isinstance(error, typed):
        return str(error) or "That is not possible right now."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "These commands work in a server channel, not in direct messages."
    if isinstance(error, app_commands.CommandOnCooldown):
        return cooldown_message(error.retry_after)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You cannot use this command here."
    if isinstance(error, app_commands.TransformerError):
        return f"{shown(str(error.value))} is not a valid value for this option."
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return "This command has changed since your Discord app loaded it; try again in a minute."
    return None


def cooldown_message(retry_after: float) -> str:
    """The refusal of a command used again too soon (``cogs.cooldowns``), in whole seconds.

    >>> cooldown_message(7.2), cooldown_message(0.3)
    ('You can ask again in 8 seconds.', 'You can ask again in 1 second.')
    """
    seconds = max(1, math.ceil(retry_after))
    return f"You can ask again in {seconds} second{'' if seconds == 1 else 's'}."


def new_error_id() -> str:
    """A short id that links an apology to its log entry."""
    return secrets.token_hex(4)


def apology(error_id: str) -> str:
    return (
        f"Sorry, something went wrong on the referee's side (error id `{error_id}`). "
        "Please try again; if it keeps happening, tell the bot's operator that id."
    )


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was answered or deferred already."""
    if interaction.type is discord.InteractionType.autocomplete:
        return  # autocomplete cannot show a message
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # The first follow-up after a defer replaces the "thinking..." message and keeps its
            # visibility, public after a public defer. Complete that message and remove it, so
            # the follow-up becomes a message of its own and can be private.
            await interaction.edit_original_response(content="\N{HORIZONTAL ELLIPSIS}")
            await interaction.delete_original_response()
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning(
            "could not send an error reply to interaction %s", interaction.id, exc_info=True
        )


async def on_app_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """The command tree's error handler: a specific reply, or an apology plus a log entry."""
    message = player_message(error)
    if message is None:
        error_id = new_error_id()
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error(
            "error %s in /%s (user %s, channel %s)",
            error_id,
            command,
            interaction.user.id,
            interaction.channel_id,
            exc_info=unwrap(error),
        )
        message = apology(error_id)
    await reply_ephemeral(interaction, message)
