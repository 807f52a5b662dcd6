"""How `create_bot` builds the bot: settings, intents, mentions, where commands are synced."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest
import simcord
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings, parse_guild_ids
from cogs.app import extensions
from store.config import DEFAULT_SQLITE
from tests.discord.conftest import World
from tests.discord.test_play import private

GUILD_ID = 4_242_424_242_424_242


def test_settings_from_env() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_URL": "sqlite:///x.db",
            "FUBA_SYNC_GUILDS": "1, 2",
        }
    )
    assert settings.token == "abc"
    assert settings.database_url.drivername == "sqlite+aiosqlite"
    assert settings.guild_ids_for_sync == (1, 2)


def test_settings_default_to_the_project_database_and_no_token() -> None:
    settings = Settings.from_env({})
    assert settings.token is None
    assert settings.guild_ids_for_sync == ()
    assert Path(settings.database_url.database) == DEFAULT_SQLITE


def test_bad_guild_list_is_explained() -> None:
    with pytest.raises(ValueError, match="FUBA_SYNC_GUILDS must list numeric guild ids"):
        parse_guild_ids("my server")


def test_the_cogs_are_found_in_their_packages_once_each_in_name_order() -> None:
    assert extensions() == [
        "cogs.dicesoccer.commands",
        "cogs.fuba.commands",
        "cogs.leagues.commands",
        "cogs.play.cog",
        "cogs.play.lifecycle",
        "cogs.simplesoccer.commands",
        "cogs.socceristic.commands",
    ]


def test_no_privileged_intents_and_no_mass_pings(tmp_path: Path) -> None:
    bot = create_bot(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path}/db"))
    assert not bot.intents.message_content and not bot.intents.members
    mentions = bot.allowed_mentions
    assert mentions is not None and not mentions.everyone and not mentions.roles


async def test_commands_are_synced_to_the_given_guilds(tmp_path: Path) -> None:
    url = URL.create("sqlite+aiosqlite", database=str(tmp_path / "db"))
    # an hour between the deadline dispatcher's looks, as in conftest: SimCord must not wake it
    settings = Settings(database_url=url, guild_ids_for_sync=(GUILD_ID,), deadline_interval=3600)
    env = simcord.Env(create_bot(settings))
    guild = env.create_guild("Club", id=GUILD_ID)
    other = env.create_guild("Elsewhere")
    await env.start()
    try:
        with env.time_context():
            here = guild.add_member(env.create_user("dora"))
            there = other.add_member(env.create_user("eve"))
            channel = guild.create_text_channel("pitch")
            assert "fuba help" in here.available_commands(channel)
            assert there.available_commands(other.create_text_channel("x")) == ()
            reply = (await here.slash(channel, "fuba help")).response
            assert isinstance(reply.embeds[0], discord.Embed)
    finally:
        await env.shutdown()
    env.raise_errors()


@pytest.mark.parametrize(
    ("status", "code", "message"),
    [(403, 50001, "Missing Access"), (500, 0, "Internal Server Error")],
)
async def test_a_guild_the_sync_fails_for_is_logged_and_the_others_work(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, status: int, code: int, message: str
) -> None:
    """One wrong id in FUBA_SYNC_GUILDS (a guild the bot is not in: 403) or a failing sync
    must not stop the bot: a warning names the guild, the other guilds get their commands."""
    url = URL.create("sqlite+aiosqlite", database=str(tmp_path / "db"))
    missing = 1_111_111_111_111_111
    settings = Settings(
        database_url=url, guild_ids_for_sync=(missing, GUILD_ID), deadline_interval=3600
    )
    env = simcord.Env(create_bot(settings))
    guild = env.create_guild("Club", id=GUILD_ID)
    env.inject_error(
        "PUT",
        f"/applications/*/guilds/{missing}/commands",
        status=status,
        code=code,
        message=message,
    )
    with caplog.at_level(logging.WARNING, logger="cogs.app"):
        await env.start()
    try:
        with env.time_context():
            here = guild.add_member(env.create_user("dora"))
            channel = guild.create_text_channel("pitch")
            assert "fuba help" in here.available_commands(channel)
            reply = (await here.slash(channel, "fuba help")).response
            assert isinstance(reply.embeds[0], discord.Embed)
    finally:
        await env.shutdown()
    env.raise_errors()
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1, [r.getMessage() for r in caplog.records]
    text = warnings[0].getMessage()
    assert str(missing) in text and "FUBA_SYNC_GUILDS" in text
    assert warnings[0].exc_info is None  # one readable line, no traceback


def test_settings_never_print_the_token_or_the_database_password() -> None:
    token = "MTA1.secret-bot-token.xyz"
    for settings in (
        Settings.from_env(
            {"DISCORD_TOKEN": token, "DATABASE_URL": "postgres://bot:pw-s3cret@db/fuba"}
        ),
        Settings(database_url="postgresql+asyncpg://bot:pw-s3cret@db/fuba", token=token),
    ):
        for shown in (repr(settings), str(settings), f"{settings!r}"):
            assert token not in shown and "pw-s3cret" not in shown, shown
            assert "token=set" in shown and "db/fuba" in shown
    assert "token=None" in repr(Settings(database_url="sqlite+aiosqlite:///x.db"))


async def test_a_rating_that_failed_at_the_whistle_is_made_when_the_bot_starts_again(
    world: World, settings: Settings
) -> None:
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None
    store = cog.leagues.store

    async def database_away(**kwargs: object) -> None:
        raise OSError("the database went away")

    store.apply_rating = database_away  # this process cannot write ratings
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, ranked=True)
    challenge = [m for m in world.channel.history() if not m.flags.ephemeral][-1]
    await world.bob.click(challenge, label="Accept")
    assert private(await world.bob.slash(world.channel, "fuba resign")) == ""
    final = [m for m in world.channel.history() if not m.flags.ephemeral][-2]
    assert final.embeds[0].title == "Resigned"
    assert "The ratings could not be updated just now" in "\n".join(
        [final.content, *(e.description or "" for e in final.embeds)]
    )
    assert await cog.leagues.profile(world.channel.guild.id, "fuba", world.alice.id) is None
    world.env.errors.clear()  # the failed listener was logged on purpose

    await world.env.restart_bot(create_bot(settings))

    profile = await world.alice.slash(world.channel, "profile")
    messages = [m for m in (profile.response, *profile.followups) if m is not None]
    fields = {f.name: f.value for m in messages for e in m.embeds for f in e.fields}
    assert "Rating" in fields, f"no rating after the restart: {messages}"
    assert fields["Rating"].startswith("1520"), fields
    assert fields["Won / drawn / lost"] == "1 / 0 / 0"
