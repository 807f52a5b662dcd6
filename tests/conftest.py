"""The whole suite: without ``TEST_DATABASE_URL`` the PostgreSQL variants of the store tests
(``backend`` postgresql, or the ``pg_database`` fixture) are left out, and the summary says so in
one line instead of a silent ``s`` for each."""

from __future__ import annotations

import os

import pytest

PG_ENV = "TEST_DATABASE_URL"
# Boards are drawn in a thread in tests (a bot per test would start and warm worker processes);
# the tests of the drawing pool start theirs (tests/render/test_pool.py, tests/discord/).
os.environ.setdefault("RENDER_WORKERS", "0")
_PG_SKIPPED = pytest.StashKey[int]()


def _on_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("backend") == "postgresql":
        return True
    return "pg_database" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Deselected rather than skipped: no letter each, and the progress percentages stay right.
    if os.environ.get(PG_ENV, "").strip():
        return
    skipped = [item for item in items if _on_postgres(item)]
    if skipped:
        items[:] = [item for item in items if not _on_postgres(item)]
        config.hook.pytest_deselected(items=skipped)
    config.stash[_PG_SKIPPED] = len(skipped)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    count = terminalreporter.config.stash.get(_PG_SKIPPED, 0)
    if count:
        terminalreporter.write_line(
            f"{count} PostgreSQL variants skipped: set {PG_ENV} (e.g. "
            "postgresql+asyncpg://postgres@127.0.0.1:5432/test) to run them too"
        )
