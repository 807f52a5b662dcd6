"""Throwaway PostgreSQL databases for the test suite and the benchmarks, so that runs never
share tables. Each has a random name and is dropped afterwards."""

from __future__ import annotations

import secrets

import asyncpg
from sqlalchemy.engine import URL, make_url

CONNECT_TIMEOUT_S = 10


def _dsn(url: URL) -> str:
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def create_database(server: URL | str, prefix: str = "referee_test") -> URL:
    """Create an empty database on the server of ``server`` (any database there that the
    user may connect to); returns its URL."""
    server = make_url(server)
    name = f"{prefix}_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(_dsn(server), timeout=CONNECT_TIMEOUT_S)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return server.set(database=name)


async def drop_database(url: URL | str, via: URL | str) -> None:
    """Drop the database of ``url``, connected through the database of ``via``."""
    name = make_url(url).database
    conn = await asyncpg.connect(_dsn(make_url(via)), timeout=CONNECT_TIMEOUT_S)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
