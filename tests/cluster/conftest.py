"""Cluster fixtures: a throwaway PostgreSQL database per test (``pg_database``: without
``TEST_DATABASE_URL`` these tests are left out, and the summary says so), migrated and empty."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import URL

from store import scratch
from store.migrate import migrate_url
from tests.store.conftest import pg_server, run_async


@pytest.fixture
def pg_database() -> Iterator[URL]:
    server = pg_server()
    if server is None:
        pytest.skip("PostgreSQL: set TEST_DATABASE_URL to run the cluster tests")
    url = run_async(scratch.create_database(server, prefix="referee_cluster"))
    try:
        run_async(migrate_url(url))
        yield url
    finally:
        run_async(scratch.drop_database(url, via=server))
