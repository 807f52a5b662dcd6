"""``python3 bot.py doctor``: is this bot set up to run? One ``Check`` per question, each passed
or failed with a plain fix.

- the token: set, and accepted by Discord (discord.py's HTTP login only: no gateway);
- the bot's permissions in each server it is in (or those of ``FUBA_SYNC_GUILDS`` / ``--guild``):
  what a match needs (``REQUIRED``), and what is lost without the optional ones (``OPTIONAL``);
- the database: it answers, and its migration level is the code's; for SQLite, its file and
  the free disk space beside it.

Permissions are read at the server level (the bot's roles); a channel's own settings may still
take some away there, which the bot says when a match is challenged in that channel.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord

from botconfig import Settings
from cogs.play.permissions import NAMES, listed
from store.checkup import DatabaseFacts, examine
from store.config import DATA_DIR_ENV, describe

# What a match needs, with the names Discord's server settings show: seeing the channel, and
# what a challenge checks there (``cogs.play.permissions``).
REQUIRED = {"view_channel": "View Channel", **NAMES}
# Granted or not, the bot runs; without one, this is what is lost.
OPTIONAL = {
    "manage_threads": (
        "Manage Threads",
        "a thread opened for a match that could not start stays behind, empty",
    ),
}
MAX_GUILDS = 50  # servers checked when none are named: a bot in thousands would take minutes
LOW_DISK = 100 * 1024 * 1024  # bytes: below this the database may soon fail to grow
DISCORD_TIMEOUT = 60.0  # seconds for the whole Discord part (discord.py waits out rate limits)

TOKEN_FIX = (
    "In the Discord Developer Portal open your app -> Bot -> Reset Token, then "
    "`export DISCORD_TOKEN=...` with the new one"
)
UPGRADE_FIX = "start the bot (python3 bot.py upgrades the database as it starts)"


@dataclass(frozen=True)
class Check:
    """One question answered: ``ok`` or not, what was found, and how to mend it."""

    name: str
    ok: bool
    found: str
    fix: str = ""

    def line(self) -> str:
        """``OK   name: found`` or ``FAIL name: found. Fix: ...`` on one line."""
        text = f"{'OK' if self.ok else 'FAIL':<5}{self.name}: {self.found}"
        if self.ok or not self.fix:
            return text
        return f"{text}. Fix: {self.fix[0].upper()}{self.fix[1:]}"


def invite_url(application_id: int | None) -> str:
    """The bot's invite link asking for everything it needs and the optional permissions."""
    if application_id is None:
        return "the invite link in the README"
    wanted = discord.Permissions(**dict.fromkeys([*REQUIRED, *OPTIONAL], True))
    return discord.utils.oauth_url(
        application_id, permissions=wanted, scopes=("bot", "applications.commands")
    )


def permissions_check(
    guild: discord.Guild, granted: discord.Permissions, application_id: int | None
) -> Check:
    """The bot's permissions in ``guild`` judged: every ``REQUIRED`` one, and the optional ones
    said when missing."""
    name = f"permissions in {guild.name} ({guild.id})"
    missing = [label for flag, label in REQUIRED.items() if not getattr(granted, flag)]
    if missing:
        return Check(
            name,
            False,
            f"missing {listed(missing)}",
            f"in Server Settings -> Roles give the bot's role {listed(missing)}, or invite it "
            f"again with {invite_url(application_id)}",
        )
    lost = [
        f"without {label} {what}"
        for flag, (label, what) in OPTIONAL.items()
        if not getattr(granted, flag)
    ]
    return Check(name, True, "everything a match needs" + "".join(f"; {x}" for x in lost))


def new_client() -> discord.Client:
    """A client for the doctor's questions over HTTP (it never opens the gateway)."""
    return discord.Client(intents=discord.Intents(guilds=True))


async def discord_checks(token: str, guild_ids: Sequence[int], named_in: str) -> list[Check]:
    """Log in with ``token`` over HTTP only and read the bot's permissions in ``guild_ids``
    (none given: every server it is in, ``MAX_GUILDS`` at most), which were ``named_in`` that
    setting or option."""
    bot = new_client()
    try:
        return await asyncio.wait_for(_discord(bot, token, guild_ids, named_in), DISCORD_TIMEOUT)
    except TimeoutError:
        return [
            Check(
                "discord",
                False,
                f"Discord did not answer within {DISCORD_TIMEOUT:.0f} s",
                "check the network, then run the doctor again",
            )
        ]
    finally:
        await bot.close()


async def _discord(
    bot: discord.Client, token: str, guild_ids: Sequence[int], named_in: str
) -> list[Check]:
    try:
        await bot.login(token)
    except discord.LoginFailure:
        return [Check("token", False, "the token was refused", TOKEN_FIX)]
    except (aiohttp.ClientError, OSError) as error:
        fix = "check the network (the bot needs to reach discord.com), then run the doctor again"
        return [Check("token", False, f"cannot reach Discord ({error})", fix)]
    except discord.HTTPException as error:
        return [Check("token", False, f"Discord answered {error.status}", "try again later")]
    user = bot.user
    assert user is not None
    checks = [Check("token", True, f"accepted: logged in as {user} ({user.id})")]
    return checks + await _guild_checks(bot, user.id, guild_ids, named_in)


async def _guild_checks(
    bot: discord.Client, user_id: int, guild_ids: Sequence[int], named_in: str
) -> list[Check]:
    application_id = bot.application_id
    if not guild_ids:
        guild_ids = [guild.id async for guild in bot.fetch_guilds(limit=MAX_GUILDS + 1)]
        if not guild_ids:
            return [
                Check(
                    "servers",
                    False,
                    "the bot is in no server",
                    f"invite it with {invite_url(application_id)}",
                )
            ]
    checks = []
    for guild_id in guild_ids[:MAX_GUILDS]:
        try:
            guild = await bot.fetch_guild(guild_id)
            member = await guild.fetch_member(user_id)
        except (discord.Forbidden, discord.NotFound):
            checks.append(
                Check(
                    f"server {guild_id}",
                    False,
                    "the bot is not in this server",
                    f"invite it with {invite_url(application_id)}, or correct the id in {named_in}",
                )
            )
            continue
        except discord.HTTPException as error:  # Discord's trouble, not this server's
            checks.append(
                Check(
                    f"server {guild_id}",
                    False,
                    f"Discord answered {error.status} when asked about it",
                    "run the doctor again in a while",
                )
            )
            continue
        checks.append(permissions_check(guild, member.guild_permissions, application_id))
    if len(guild_ids) > MAX_GUILDS:
        checks.append(
            Check(
                "servers",
                True,
                f"only the first {MAX_GUILDS} servers were checked: name others with --guild ID",
            )
        )
    return checks


def size(count: int) -> str:
    """A number of bytes as a person reads it.

    >>> size(3 * 1024**3), size(12 * 1024**2)
    ('3.0 GB', '12 MB')
    """
    if count >= 1024**3:
        return f"{count / 1024**3:.1f} GB"
    return f"{count // 1024**2} MB"


def database_checks(facts: DatabaseFacts) -> list[Check]:
    """The database's facts judged: it answers, its migrations, its file and disk."""
    file = facts.sqlite_file
    where = f"the SQLite file {file}" if file is not None else describe(facts.url)
    checks = []
    if file is not None and not facts.exists:
        folder_ok = _writable_folder(file)
        checks.append(
            Check(
                "database",
                folder_ok,
                f"no file at {file} yet: the bot creates it when it first starts"
                if folder_ok
                else f"no file at {file}, and the bot may not create one there",
                f"make {file.parent} a folder the bot may write to, or set {DATA_DIR_ENV} "
                "(or DATABASE_URL) to another place",
            )
        )
    elif facts.error is not None:
        fix = (
            f"check that {file} is a SQLite database the bot may read and write, or restore "
            "a backup"
            if file is not None
            else "check DATABASE_URL (host, port, name, user and password) and that the server runs"
        )
        checks.append(Check("database", False, f"cannot open {where}: {facts.error}", fix))
    else:
        checks.append(_migration_check(facts, where))
    if file is not None and facts.free_bytes is not None:
        free = f"{size(facts.free_bytes)} free in {file.parent}"
        checks.append(
            Check(
                "disk",
                facts.free_bytes >= LOW_DISK,
                free,
                "free some space there, or move the database (FUBA_DATA_DIR) to a bigger disk: "
                "it grows with every match",
            )
        )
    return checks


def _migration_check(facts: DatabaseFacts, where: str) -> Check:
    revision, head = facts.revision, facts.head
    if revision == head:
        return Check("database", True, f"{where} answers, its schema is up to date ({head})")
    if revision is None:
        return Check("database", False, f"{where} has no tables yet", UPGRADE_FIX)
    if revision in facts.known:
        return Check(
            "database",
            False,
            f"{where} is at migration {revision}, this code expects {head}",
            UPGRADE_FIX,
        )
    return Check(
        "database",
        False,
        f"{where} is at migration {revision}, which this code does not know (its newest is "
        f"{head}): a newer version of the bot upgraded it",
        "run that newer version, or restore a backup taken before the upgrade",
    )


def _writable_folder(file: Path) -> bool:
    """Whether the bot may create ``file``: its nearest existing folder is writable."""
    for folder in (file.parent, *file.parent.parents):
        if folder.exists():
            return os.access(folder, os.W_OK)
    return False


async def diagnose(settings: Settings, guild_ids: Sequence[int] = ()) -> list[Check]:
    """Every check of the doctor, Discord first, then the database. ``guild_ids``: the servers
    to check (default: ``FUBA_SYNC_GUILDS``, else every server the bot is in)."""
    named_in = "--guild" if guild_ids else "FUBA_SYNC_GUILDS"
    guild_ids = guild_ids or settings.guild_ids_for_sync
    if settings.token:
        checks = await discord_checks(settings.token, guild_ids, named_in)
    else:
        checks = [Check("token", False, "DISCORD_TOKEN is not set", TOKEN_FIX)]
    return checks + database_checks(await examine(settings.database_url))
