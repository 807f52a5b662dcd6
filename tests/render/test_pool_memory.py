"""The drawing workers share one sprite cache budget instead of each taking a whole process's
(the bot's memory grew by a whole budget per worker); a budget set in ``RENDER_CACHE_MB`` is
each worker's, as for any process."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.core import Event
from render import cache
from render.pool import WORKERS_CACHE_MB, Drawer


def cache_budget(view: object, names: Sequence[str], events: Sequence[Event]) -> bytes:
    """The sprite cache budget of the process that draws, in bytes."""
    return str(cache.kept.budget).encode()


async def _budgets(drawer: Drawer) -> set[int]:
    drawer.start()
    try:
        return {int(await drawer.draw(cache_budget, {}, [], [])) for _ in range(8)}
    finally:
        drawer.close()


async def test_two_workers_share_the_default_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RENDER_CACHE_MB", raising=False)
    drawer = Drawer(2)
    assert await _budgets(drawer) == {(WORKERS_CACHE_MB << 20) // 2}
    assert drawer.fallbacks == 0  # drawn by the workers, not here


async def test_a_budget_set_for_the_bot_is_each_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RENDER_CACHE_MB", "40")
    drawer = Drawer(2)
    assert await _budgets(drawer) == {40 << 20}
    assert drawer.fallbacks == 0
