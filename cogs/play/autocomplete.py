"""Autocomplete for the acting commands of every game: the caller's legal choices, read from
the referee (so the rules live in one place), filtered by what was typed. A game with choices
of more than one argument (a move's start and end, say) builds its own from ``legal`` and
``offer``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from cogs.play.context import channel_id_of, play_cog
from engine.core import Choice
from referee.errors import RefereeError
from store.errors import StoreError

AUTOCOMPLETE_LIMIT = 25
Value = str | int


async def legal(interaction: discord.Interaction, kind: str) -> list[Choice]:
    """The caller's legal choices of one action kind (none for spectators or off turn)."""
    try:
        choices = await play_cog(interaction).referee.legal_choices(
            channel_id_of(interaction), interaction.user.id
        )
    except (RefereeError, StoreError):
        return []
    return [c for c in choices if c.action.kind == kind]


def offer(options: Sequence[tuple[str, Value]], current: str) -> list[app_commands.Choice[Any]]:
    """Autocomplete choices whose name contains what was typed, at most 25, no duplicates."""
    typed = current.strip().lower()
    seen: set[Value] = set()
    out: list[app_commands.Choice[Any]] = []
    for name, value in options:
        if value in seen or (typed and typed not in name.lower()):
            continue
        seen.add(value)
        out.append(app_commands.Choice(name=name[:100], value=value))
        if len(out) == AUTOCOMPLETE_LIMIT:
            break
    return out


def choices_of(kind: str, arg: str) -> Callable[..., Awaitable[list[app_commands.Choice[Any]]]]:
    """An autocomplete offering ``arg`` of the caller's legal ``kind`` choices. A choice with
    more arguments than ``arg`` (a goalkeeper's flag...) is left out rather than offered
    half-filled: its command builds its own entries, which fill them all."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        found = await legal(interaction, kind)
        options: list[tuple[str, Value]] = []
        for choice in found:
            if set(choice.action.args) != {arg}:
                continue
            value = choice.action.args.get(arg)
            if isinstance(value, list):  # a preset layout: offered as its text
                value = choice.label
            if isinstance(value, str | int) and not isinstance(value, bool):
                options.append((choice.label, value))
        return offer(options, current)

    return complete
