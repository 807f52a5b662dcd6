"""A stop waits for the interactions being handled: it finds them by the names discord.py gives
their tasks (``cogs.running.HANDLER_TASKS``), checked here on a real command and a real click."""

from __future__ import annotations

import asyncio

import pytest

from cogs.running import HANDLER_TASKS
from store.repository import MatchStore
from tests.discord.conftest import World
from tests.discord.test_play import challenge_accepted, choice_buttons, decider, formations


def record_task_names(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the tasks that apply a step (inside the interaction's handler)."""
    names: list[str] = []
    apply_active = MatchStore.apply_active

    async def recording(self: MatchStore, *args: object, **kwargs: object) -> object:
        task = asyncio.current_task()
        names.append(task.get_name() if task is not None else "")
        return await apply_active(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(MatchStore, "apply_active", recording)
    return names


async def test_commands_and_clicks_run_in_tasks_a_stop_waits_for(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await challenge_accepted(world)
    names = record_task_names(monkeypatch)
    choosing = await formations(world)  # two slash commands
    winner, _ = decider(world, choosing)
    [button, *_] = choice_buttons(choosing)
    await winner.click(choosing, custom_id=button.custom_id)  # a dynamic item (match button)

    assert len(names) == 3
    assert all(name.startswith(HANDLER_TASKS) for name in names), names
