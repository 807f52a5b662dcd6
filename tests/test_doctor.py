"""``python3 bot.py doctor``: one line per check, exit code 0 only when all pass.

Discord is SimCord's simulated HTTP API (``simcord.backend.Backend``), reached by a real
``discord.Client`` through SimCord's HTTP client: the doctor logs in over HTTP (no gateway) and
reads the servers, roles and members as it would from Discord. The database is a real one.
"""

from __future__ import annotations

import asyncio
import doctest
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import HTTPClient
from simcord.backend import Backend
from simcord.http.client import FakeHTTPClient
from sqlalchemy.engine import URL, make_url

import bot
import botconfig
from cogs import doctor
from cogs import readiness as cogs_readiness
from store import scratch
from store.checkup import DatabaseFacts, code_revisions, examine
from store.db import make_engine
from store.migrate import migrate, upgrade_database

SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "FUBA_DATA_DIR",
    "FUBA_SYNC_GUILDS",
    "METRICS_PORT",
    "METRICS_HOST",
    "LOG_FORMAT",
    "SHARD_COUNT",
    "SHARD_IDS",
    "CLUSTER_COUNT",
    "CLUSTER_INDEX",
)
REFUSED = {"status": 401, "code": 0, "message": "401: Unauthorized", "times": None}


class SimulatedDiscord(FakeHTTPClient):
    """SimCord's Discord over HTTP, logged in to as discord.py does (``GET /users/@me``; a 401
    there refuses the token)."""

    async def static_login(self, token: str) -> Any:
        return await HTTPClient.static_login(self, token)

    async def close(self) -> None:
        await HTTPClient.close(self)


def simulated_client(backend: Backend) -> Callable[[], discord.Client]:
    def make() -> discord.Client:
        client = discord.Client(intents=discord.Intents(guilds=True))
        http = SimulatedDiscord(backend, asyncio.get_running_loop())
        client.http = client._connection.http = http
        return client

    return make


@pytest.fixture
def discord_api(monkeypatch: pytest.MonkeyPatch) -> Backend:
    """Discord as the doctor sees it; the bot is in no server yet."""
    backend = Backend()
    monkeypatch.setattr(doctor, "new_client", simulated_client(backend))
    return backend


@pytest.fixture
def club(discord_api: Backend) -> Any:
    """A server the bot was invited to with the permissions of a usual invite."""
    return discord_api.create_guild("Football club")


@pytest.fixture
def database(tmp_path: Path) -> URL:
    """A SQLite database at the code's migration level."""
    url = URL.create("sqlite+aiosqlite", database=str(tmp_path / "fuba.sqlite3"))
    upgrade_database(url)
    return url


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch, database: URL) -> pytest.MonkeyPatch:
    """The bot's settings: a token and the database; nothing else from the real environment."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "simulated.bot.token")
    monkeypatch.setenv("DATABASE_URL", database.render_as_string(hide_password=False))
    return monkeypatch


def doctor_says(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run ``bot.py doctor``: its exit code and its lines."""
    code = bot.main(["doctor", *args])
    return code, capsys.readouterr().out.splitlines()


def line(lines: list[str], start: str) -> str:
    found = [text for text in lines if text.startswith(start)]
    assert len(found) == 1, lines
    return found[0]


def bot_role(backend: Backend, guild: Any) -> Any:
    return next(role for role in guild.roles.values() if role.managed)


def take_away(backend: Backend, guild: Any, **flags: bool) -> None:
    """The bot loses these permissions in ``guild`` (from its own role and @everyone's)."""
    for role in (bot_role(backend, guild), guild.roles[guild.id]):
        permissions = discord.Permissions(role.permissions)
        permissions.update(**dict.fromkeys(flags, False))
        backend.edit_role(guild.id, role.id, {"permissions": permissions.value})


# -- Discord ---------------------------------------------------------------------------


def test_a_good_setup_passes(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    code, lines = doctor_says(capsys)

    assert code == 0
    bot_user = discord_api.bot_user
    assert line(lines, "OK   token:").endswith(f"logged in as {bot_user.name} ({bot_user.id})")
    assert line(lines, "OK   permissions in Football club").endswith("everything a match needs")
    assert "is up to date" in line(lines, "OK   database:")
    assert line(lines, "OK   disk:")
    assert not [text for text in lines if text.startswith("FAIL")]


def test_a_missing_permission_fails_naming_it(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    take_away(discord_api, club, embed_links=True, attach_files=True)

    code, lines = doctor_says(capsys)

    assert code == 1
    failed = line(lines, "FAIL permissions in Football club")
    assert "missing Embed Links and Attach Files." in failed
    assert "give the bot's role Embed Links and Attach Files" in failed
    # the invite link asks for everything a match needs
    asked = int(re.search(r"permissions=(\d+)", failed).group(1))  # type: ignore[union-attr]
    wanted = discord.Permissions(**dict.fromkeys(doctor.REQUIRED, True))
    assert wanted.is_subset(discord.Permissions(asked))
    assert f"client_id={discord_api.application_id}" in failed


def test_each_server_is_checked_on_its_own(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    other = discord_api.create_guild("Chess club")
    take_away(discord_api, other, create_public_threads=True)

    code, lines = doctor_says(capsys)

    assert code == 1
    assert line(lines, "OK   permissions in Football club")
    assert "missing Create Public Threads" in line(lines, "FAIL permissions in Chess club")


def test_an_administrator_needs_nothing_more(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    take_away(discord_api, club, embed_links=True)
    role = bot_role(discord_api, club)
    discord_api.edit_role(club.id, role.id, {"permissions": discord.Permissions(8).value})

    code, lines = doctor_says(capsys)

    assert code == 0
    assert line(lines, "OK   permissions in Football club")


def test_an_optional_permission_missing_says_what_is_lost(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    take_away(discord_api, club, manage_threads=True)

    code, lines = doctor_says(capsys)

    assert code == 0
    assert line(lines, "OK   permissions in Football club").endswith(
        "everything a match needs; without Manage Threads a thread opened for a match that "
        "could not start stays behind, empty"
    )


def test_a_refused_token_fails(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    discord_api.faults.append({"method": "GET", "path": "/users/@me", **REFUSED})

    code, lines = doctor_says(capsys)

    assert code == 1
    assert line(lines, "FAIL token: the token was refused. Fix: In the Discord Developer Portal")
    assert not [text for text in lines if "permissions" in text]  # nothing read without a login
    assert line(lines, "OK   database:")  # the rest is still checked


def test_no_token_fails_and_asks_discord_nothing(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    environment.delenv("DISCORD_TOKEN")

    code, lines = doctor_says(capsys)

    assert code == 1
    assert line(lines, "FAIL token: DISCORD_TOKEN is not set")
    assert discord_api.http_requests == []


def test_a_bot_in_no_server_fails(environment: Any, discord_api: Backend, capsys: Any) -> None:
    code, lines = doctor_says(capsys)

    assert code == 1
    assert "Invite it with https://discord.com/oauth2/authorize?" in line(
        lines, "FAIL servers: the bot is in no server"
    )


def test_only_the_configured_servers_are_checked_and_each_must_have_the_bot(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    other = discord_api.create_guild("Chess club")
    take_away(discord_api, other, embed_links=True)  # not configured: not checked
    environment.setenv("FUBA_SYNC_GUILDS", f"{club.id}, 4242")

    code, lines = doctor_says(capsys)

    assert code == 1
    assert line(lines, "OK   permissions in Football club")
    assert "or correct the id in FUBA_SYNC_GUILDS" in line(
        lines, "FAIL server 4242: the bot is not in this server"
    )
    assert not [text for text in lines if "Chess club" in text]

    code, lines = doctor_says(capsys, "--guild", str(other.id))
    assert code == 1
    assert [text for text in lines if "permissions" in text] == [
        line(lines, "FAIL permissions in Chess club")
    ]


def test_discord_failing_on_one_server_fails_that_check_alone(
    environment: Any, discord_api: Backend, club: Any, capsys: Any
) -> None:
    other = discord_api.create_guild("Chess club")
    discord_api.faults.append(
        {
            "method": "GET",
            "path": f"/guilds/{other.id}",
            "status": 500,
            "code": 0,
            "message": "Internal Server Error",
            "times": None,
        }
    )

    code, lines = doctor_says(capsys)

    assert code == 1
    assert line(lines, "OK   permissions in Football club")
    assert line(lines, f"FAIL server {other.id}: Discord answered 500 when asked about it.")


# -- the database ----------------------------------------------------------------------


def _migrated_to(url: URL, revision: str) -> None:
    async def run() -> None:
        engine = make_engine(url)
        try:
            await migrate(engine, revision)
        finally:
            await engine.dispose()

    asyncio.run(run())


def test_a_database_behind_its_migrations_fails_until_the_bot_upgrades_it(
    environment: Any, club: Any, tmp_path: Path, capsys: Any
) -> None:
    url = URL.create("sqlite+aiosqlite", database=str(tmp_path / "old.sqlite3"))
    older, head = code_revisions()[-2:]
    _migrated_to(url, older)
    environment.setenv("DATABASE_URL", url.render_as_string())

    code, lines = doctor_says(capsys)

    assert code == 1
    failed = line(lines, "FAIL database:")
    assert f"is at migration {older}, this code expects {head}." in failed
    assert "Fix: Start the bot (python3 bot.py upgrades the database as it starts)" in failed

    upgrade_database(url)  # what the bot does as it starts
    code, lines = doctor_says(capsys)
    assert code == 0
    assert f"the SQLite file {tmp_path / 'old.sqlite3'} answers" in line(lines, "OK   database:")


def test_a_database_newer_than_the_code_fails(database: URL) -> None:
    facts = DatabaseFacts(database, None, "9999", code_revisions())

    [check] = doctor.database_checks(facts)

    assert not check.ok
    assert "at migration 9999, which this code does not know" in check.found
    assert "restore a backup" in check.fix


def test_a_file_that_is_no_database_fails(environment: Any, club: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"these are not the pages of a database" * 200)

    checks = asyncio.run(doctor_database(URL.create("sqlite+aiosqlite", database=str(broken))))

    assert [check.line().split(":")[0] for check in checks] == ["FAIL database", "OK   disk"]
    assert "file is not a database" in checks[0].found


def test_a_missing_sqlite_file_is_created_at_the_first_start(tmp_path: Path) -> None:
    file = tmp_path / "new" / "fuba.sqlite3"

    checks = asyncio.run(doctor_database(URL.create("sqlite+aiosqlite", database=str(file))))

    assert checks[0].ok and "the bot creates it when it first starts" in checks[0].found
    assert not file.exists()  # the doctor made nothing


def test_little_free_disk_space_fails(database: URL) -> None:
    file = Path(database.database or "")
    facts = DatabaseFacts(database, None, code_revisions()[-1], code_revisions(), file)

    ample = doctor.database_checks(replace_free(facts, 5 * 1024**3))
    scarce = doctor.database_checks(replace_free(facts, 20 * 1024**2))

    assert ample[1].line() == f"OK   disk: 5.0 GB free in {file.parent}"
    assert scarce[1].line().startswith(f"FAIL disk: 20 MB free in {file.parent}. Fix: Free some")


def test_an_unreachable_postgresql_fails_with_its_reason() -> None:
    # a port where nothing listens on this machine: refused at once
    url = make_url("postgresql+asyncpg://fuba:secret@127.0.0.1:9/fuba")

    [check] = asyncio.run(doctor_database(url))

    assert check.line().startswith(
        "FAIL database: cannot open postgresql+asyncpg://fuba:***@127.0.0.1:9/fuba"
    )
    assert "secret" not in check.line()
    assert "check DATABASE_URL" in check.fix


@pytest.fixture
def pg_database() -> Iterator[URL]:
    """A throwaway PostgreSQL database (``TEST_DATABASE_URL``'s server), empty."""
    server = make_url(os.environ["TEST_DATABASE_URL"])
    url = asyncio.run(scratch.create_database(server, prefix="doctor_test"))
    try:
        yield url
    finally:
        asyncio.run(scratch.drop_database(url, via=server))


def test_postgresql_behind_then_up_to_date(pg_database: URL) -> None:
    assert "has no tables yet" in asyncio.run(doctor_database(pg_database))[0].found
    older, head = code_revisions()[-2:]
    _migrated_to(pg_database, older)
    [behind] = asyncio.run(doctor_database(pg_database))
    assert not behind.ok and f"is at migration {older}, this code expects {head}" in behind.found

    upgrade_database(pg_database)
    [current] = asyncio.run(doctor_database(pg_database))
    assert current.ok and current.found.endswith(f"its schema is up to date ({head})")


async def doctor_database(url: URL) -> list[doctor.Check]:
    return doctor.database_checks(await examine(url))


def replace_free(facts: DatabaseFacts, free: int) -> DatabaseFacts:
    return replace(facts, free_bytes=free)


@pytest.mark.parametrize("module", [doctor, cogs_readiness, botconfig])
def test_the_examples_in_the_docstrings_hold(module: Any) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
