"""Socceristic pitches in Discord: `/socceristic pitch upload|list|remove`, the `pitch:` and
`length:` autocompletes of a challenge, and the pitch a challenge plays on.

A server's pitches are kept in the database (``store.pitches``), checked with the engine's
pitch-file loader before anything is kept (``engine.socceristic.pitchfile``): a refused file
says its line and what is wrong, privately. The bot's own sample pitch is always there under
the name ``sample`` and is no row of the table; a challenge on it carries no pitch data (the
engine's default), one on an uploaded pitch carries the file's data in its rules.

Uploading and removing need Manage Server (the group's commands are refused at run time;
Discord hides only top-level commands by permission).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import discord
from discord import app_commands

from cogs.play.autocomplete import Value, offer
from cogs.play.context import play_cog
from cogs.play.registry import JSONData, PlayRefusal
from cogs.text import shown
from engine.leagues.names import normal_name
from engine.socceristic.pitch import from_data
from engine.socceristic.pitchfile import MAX_BYTES, PitchError, data_of, validate
from store.pitches import NAME_MAX, PitchStore, StoredPitch, pitch_name

SAMPLE = "sample"  # the bot's own pitch, in every server
# What `length:` offers before anything is typed: halves in moves, then in minutes.
LENGTHS = (
    "50 moves",
    "30 moves",
    "20 moves",
    "60 moves",
    "10 moves",
    "5 moves",
    "20 minutes",
    "45 minutes",
    "30 minutes",
    "10 minutes",
)
MANAGERS_ONLY = "Only members with the Manage Server permission can {doing}; ask a server admin."


def pitches(interaction: discord.Interaction) -> PitchStore:
    """The uploaded pitches, in the match store's database."""
    return PitchStore(play_cog(interaction).referee.store.engine)


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise PlayRefusal("Pitches belong to a server: use these commands in a server channel.")
    return interaction.guild_id


def managers_only(interaction: discord.Interaction, doing: str) -> None:
    """Refused privately unless the member has Manage Server (or is an administrator)."""
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise PlayRefusal(MANAGERS_ONLY.format(doing=doing))


def is_sample(name: str | None) -> bool:
    return name is None or name.strip().casefold() in ("", SAMPLE)


def summary(data: JSONData) -> str:
    """A pitch in a few words: its squares and both packs of cards."""
    pitch = from_data(data)
    return (
        f"{pitch.width} x {pitch.height} squares, {len(pitch.outcome)} Outcome cards and "
        f"{len(pitch.referee)} Referee's Decision cards"
    )


def coded(name: str) -> str:
    """A name inside a code span (`...`), where Discord shows escapes as typed: no backticks.

    >>> coded("**Wem** `x`")
    '**Wem** x'
    """
    return name.replace("`", "")


async def stored_pitch(store: PitchStore, guild_id: int, name: str) -> StoredPitch | None:
    """The pitch this server stored under ``name``, as typed or in other capitals (when only
    one pitch has it); None when it has no such pitch."""
    found = await store.get(guild_id, name)
    if found is not None:
        return found
    # typed in other capitals: the one pitch of that name
    same = [n for n in await store.names(guild_id) if n.casefold() == normal_name(name).casefold()]
    return await store.get(guild_id, same[0]) if len(same) == 1 else None


async def pitch_rules(interaction: discord.Interaction, name: str | None) -> JSONData:
    """The rules options naming a challenge's pitch: none for the sample (the engine's
    default), the stored file's data for one of this server's; refused when it has none of
    that name."""
    if is_sample(name):
        return {}
    assert name is not None
    store, guild_id = pitches(interaction), guild_of(interaction)
    stored = await stored_pitch(store, guild_id, name)
    if stored is None:
        names = await store.names(guild_id)
        listed = ", ".join(f"`{coded(n)}`" for n in [SAMPLE, *names])
        raise PlayRefusal(
            f"This server has no pitch called '{shown(name)}'; choose one of {listed}."
        )
    return {"pitch": stored.data}


def pitch_title(rules: JSONData) -> str:
    """The pitch a match's rules name, as players read it.

    >>> pitch_title({}), pitch_title({"pitch": {"name": "*Wem*", "sample": False}})
    ('sample pitch', 'pitch \\\\*Wem\\\\*')
    """
    data = rules.get("pitch")
    if not isinstance(data, dict) or data.get("sample"):
        return "sample pitch"
    return f"pitch {shown(str(data.get('name', '?')))}"


# -- autocomplete ----------------------------------------------------------------------------


async def pitch_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The sample, then this server's pitches."""
    names: list[str] = []
    if interaction.guild_id is not None:
        try:
            names = await pitches(interaction).names(interaction.guild_id)
        except Exception:  # autocomplete never shows an error
            names = []
    options: list[tuple[str, Value]] = [("sample (the bot's own pitch)", SAMPLE)]
    options += [(name, name) for name in names]
    return offer(options, current)


async def uploaded_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """This server's pitches (the sample cannot be removed)."""
    if interaction.guild_id is None:
        return []
    try:
        names = await pitches(interaction).names(interaction.guild_id)
    except Exception:  # autocomplete never shows an error
        return []
    return offer([(name, name) for name in names], current)


async def length_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """A few usual lengths of a half; a number being typed first, in moves and in minutes."""
    typed = current.strip()
    if typed[:1].isdigit():
        own = [f"{typed} moves", f"{typed} minutes"] if typed.isdigit() else [typed]
        found = [length for length in LENGTHS if length.startswith(typed)]
        return offer([(length, length) for length in (*own, *found)], "")
    return offer([(length, length) for length in LENGTHS], typed)


# -- commands ------------------------------------------------------------------------------


def file_data(text: bytes, name: str | None) -> tuple[str, JSONData]:
    """The name and the checked data of an uploaded pitch file, as this server keeps it: a
    name given with ``name:`` stands for the file's own (so a file whose name is too long is
    taken under a shorter one), the data says that name and is never the sample. Raises
    ``PitchError`` or ``ValueError`` with the reason. CPU work (a schema check): run it off the
    event loop."""
    try:
        data = data_of(text)
    except PitchError as error:
        if error.field != "name":
            raise
        if name is None:
            raise PitchError(
                f"{error.message}; give it a shorter one with `name:`", error.line, error.field
            ) from None
        # the JSON parsed (the error is in its name): the same data under the given name
        renamed = {**json.loads(text.decode("utf-8-sig")), "name": pitch_name(name)}
        data = data_of(json.dumps(renamed, indent=2))
    wanted = pitch_name(name if name is not None else str(data.get("name", "")))
    if is_sample(wanted):
        raise ValueError(f"`{SAMPLE}` is the bot's own pitch; give yours another name.")
    # the board and the reports name the pitch as this server calls it
    data = {**data, "name": wanted, "sample": False}
    validate(data)
    return wanted, data


@app_commands.describe(
    file="The pitch file (JSON): the squares, zones, lines and both packs of cards",
    name="The name players choose it by (default: the name in the file)",
)
async def upload_command(
    interaction: discord.Interaction, file: discord.Attachment, name: str | None = None
) -> None:
    """Add a pitch file to this server (Manage Server); the same name replaces it."""
    managers_only(interaction, "upload a pitch")
    guild_id = guild_of(interaction)
    if file.size > MAX_BYTES:
        raise PlayRefusal(
            f"{shown(file.filename)} is {file.size // 1024} KB; a pitch file has at most "
            f"{MAX_BYTES // 1024} KB. Nothing was kept."
        )
    await interaction.response.defer(ephemeral=True, thinking=True)
    refused = f"{shown(file.filename)} was refused, nothing was kept"
    try:
        wanted, data = await asyncio.to_thread(file_data, await file.read(), name)
    except (PitchError, ValueError) as error:
        raise PlayRefusal(f"{refused}: {error}") from None
    saved, replaced = await pitches(interaction).save(
        guild_id=guild_id, name=wanted, data=data, uploaded_by=interaction.user.id
    )
    what = "replaced" if replaced else "saved"
    await interaction.followup.send(
        f"Pitch **{shown(saved.name)}** {what}: {summary(data)}. Challenge on it with "
        f"`/socceristic challenge pitch:{coded(saved.name)}`.",
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def list_command(interaction: discord.Interaction) -> None:
    """The pitches a challenge may use here: the sample and this server's."""
    names = await pitches(interaction).names(guild_of(interaction))
    lines = [f"- `{SAMPLE}`: the bot's own pitch and cards (not the printed game's)"]
    lines += [f"- `{coded(name)}`" for name in names]
    if not names:
        lines.append(
            "No pitch of this server yet: an admin adds one with `/socceristic pitch upload`."
        )
    await interaction.response.send_message(
        "**Pitches here**\n" + "\n".join(lines)[:1900],
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


@app_commands.describe(name="The pitch to delete (matches already on it play on)")
@app_commands.autocomplete(name=uploaded_autocomplete)
async def remove_command(interaction: discord.Interaction, name: str) -> None:
    """Delete one of this server's pitches (Manage Server)."""
    managers_only(interaction, "remove a pitch")
    guild_id = guild_of(interaction)
    if is_sample(name):
        raise PlayRefusal(f"`{SAMPLE}` is the bot's own pitch; it cannot be removed.")
    store = pitches(interaction)
    found = await stored_pitch(store, guild_id, name)
    if found is None or not await store.remove(guild_id, found.name):
        raise PlayRefusal(f"This server has no pitch called '{shown(name[:NAME_MAX])}'.")
    await interaction.response.send_message(
        f"Pitch **{shown(pitch_name(found.name))}** removed; matches already on it play on.",
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


COMMANDS = {"upload": upload_command, "list": list_command, "remove": remove_command}


def pitch_group() -> app_commands.Group:
    """A new `pitch` subgroup (each bot gets its own: a command belongs to one tree)."""
    group = app_commands.Group(name="pitch", description="The pitches of this server")
    for name, callback in COMMANDS.items():
        group.add_command(
            app_commands.Command(
                name=name, description=(callback.__doc__ or name).strip(), callback=callback
            )
        )
    return group
