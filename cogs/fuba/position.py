"""`/fuba position`: the channel's match as one line of the FUBA position notation
(docs/fuba-position.md), privately, to start it again at a terminal or attach to a bug report.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.play import registry
from cogs.play.context import channel_id_of, match_of, play_cog
from engine.fuba import FUBA, FubaState

USAGE = 'Play on from it at a terminal: `python3 bot.py play --position "..."` (paste it inside).'
WAIT_FOR_REVEAL = (
    "The position shows every choice, so it is available once the secret choices "
    "(formations, roles, skills, penalty sides) are revealed."
)


def hides_secrets(state: FubaState, sides: Sequence[str]) -> bool:
    """Whether someone holding ``sides`` may not see all of ``state`` now (a secret choice of
    the other side is still hidden)."""
    if set(FUBA.sides) <= set(sides):
        return False
    viewer = sides[0] if sides else None
    seen = {k: v for k, v in FUBA.view(state, viewer).items() if k != "pending"}
    return seen != FUBA.to_json(state)


async def position_command(interaction: discord.Interaction) -> None:
    """The match's position as one line of text (only you see it), to play on from it."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    match = await match_of(interaction, registry.of_interaction(interaction), "position")
    referee = play_cog(interaction).referee
    sides = (await referee.status(channel_id_of(interaction), interaction.user.id)).your_sides
    if hides_secrets(match.state, sides):
        text = WAIT_FOR_REVEAL
    else:
        text = f"Match #{match.id}:\n```\n{FUBA.position(match.state)}\n```\n{USAGE}"
    await interaction.followup.send(
        text[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )
