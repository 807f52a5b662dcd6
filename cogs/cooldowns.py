"""Per-member cooldowns for the commands that cost the bot real work: `/<game> log` replays a
whole match, and a public board, the league table, the leaderboard and a profile each draw an
image. Without them one member could keep the bot busy by repeating such a command.

``per_member(rate, per)`` is an app-command check: each member may use the command ``rate``
times in any ``per`` seconds (each command counted apart); one more is refused with
``CommandOnCooldown``, which ``cogs.errors`` turns into a private "You can ask again in 8
seconds.". The counts live with the running bot (a restart forgets them) and use
``time.monotonic``, the clock SimCord moves in tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import discord
from discord import app_commands

T = TypeVar("T")
Limit = tuple[int, float]  # (uses, seconds)

REPLAY: Limit = (1, 10.0)  # /<game> log: a replay of the whole match
IMAGES: Limit = (2, 10.0)  # a public board, /league table, /leaderboard, /profile
PRUNE_AT = 5_000  # members counted before the ones whose uses have all lapsed are dropped
LAPSED = 60.0  # seconds after which a use no longer counts for any command here

Key = tuple[str, int]  # (command, member)
# Per bot: the times of each member's recent uses of each command.
_USES: WeakKeyDictionary[Any, dict[Key, list[float]]] = WeakKeyDictionary()


def per_member(
    rate: int, per: float, *, when: Callable[[discord.Interaction], bool] | None = None
) -> Callable[[T], T]:
    """A check allowing each member ``rate`` uses of the command in any ``per`` seconds;
    ``when`` limits it to some calls (a board shown in public, say)."""

    def predicate(interaction: discord.Interaction) -> bool:
        if when is not None and not when(interaction):
            return True
        command = interaction.command.qualified_name if interaction.command else "?"
        wait = _use(interaction.client, (command, interaction.user.id), rate, per)
        if wait > 0:
            raise app_commands.CommandOnCooldown(app_commands.Cooldown(rate, per), wait)
        return True

    return app_commands.check(predicate)


def public_only(interaction: discord.Interaction) -> bool:
    """For ``when``: the command was asked with ``public:true``."""
    return bool(getattr(interaction.namespace, "public", False))


def _use(client: Any, key: Key, rate: int, per: float) -> float:
    """Count one use now; returns 0, or the seconds to wait when the member used up ``rate``
    (and then nothing is counted)."""
    now = time.monotonic()
    uses = _USES.setdefault(client, {})
    if key not in uses and len(uses) >= PRUNE_AT:
        _prune(uses, now)
    recent = [t for t in uses.get(key, ()) if now - t < per]
    if len(recent) >= rate:
        uses[key] = recent
        return recent[0] + per - now
    recent.append(now)
    uses[key] = recent
    return 0.0


def _prune(uses: dict[Key, list[float]], now: float) -> None:
    for key in [key for key, times in uses.items() if not times or now - times[-1] >= LAPSED]:
        del uses[key]


def reset(client: Any) -> None:
    """Forget every member's recent uses (tests; an operator's reload)."""
    _USES.pop(client, None)
