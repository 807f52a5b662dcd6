"""Crash safety: a failure, or a killed process, between the engine's apply and the commit
leaves the match exactly as it was; the same move can then be made again. With a match of each
ruleset."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import TextClause, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

import store.repository as repository
from engine.core import Action
from store.config import ROOT
from store.repository import MatchStore
from tests.store.conftest import NewMatch

Start = Callable[[MatchStore, list[Action]], Awaitable[int]]


class Boom(RuntimeError):
    pass


@pytest.fixture
def started(new_match: NewMatch) -> Start:
    """``await started(store, coach_log)``: the id of a match of the test's ruleset, four
    moves in."""

    async def start(store: MatchStore, coach_log: list[Action]) -> int:
        match = await new_match(store, channel=2, guild_id=1)
        for action in coach_log[:4]:
            await store.apply(match.id, action)
        return match.id

    return start


async def _assert_unchanged(store: MatchStore, match_id: int, coach_log: list[Action]) -> None:
    match = await store.get_match(match_id)
    assert (match.version, match.action_count) == (4, 4)
    history = await store.history(match_id)
    assert history.actions == coach_log[:4]
    # Nothing half-written blocks the next move: it is applied as number 5.
    applied = await store.apply(match_id, coach_log[4], expected_version=4)
    assert applied.match.version == 5
    assert (await store.history(match_id)).actions == coach_log[:5]


@pytest.mark.parametrize("where", ["after the engine", "after the writes"])
async def test_a_failure_before_commit_leaves_the_previous_state(
    store: MatchStore,
    coach_log: list[Action],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    started: Start,
) -> None:
    match_id = await started(store, coach_log)
    before = await store.get_match(match_id)
    failure: type[Exception] = Boom
    if store.db.statement_steps:  # PostgreSQL: the step's writes are one statement
        if where == "after the engine":

            def not_sent(*args: Any) -> bool:
                raise Boom(where)

            monkeypatch.setattr(repository._Advance, "write_at_once", not_sent)
        else:
            original_statement = repository._step_statement

            def failing_at_the_end(*args: Any) -> TextClause:
                # every sub-statement (the UPDATE, the action INSERTs) has run when this fails
                statement = original_statement(*args)
                sql = statement.text.replace("SELECT count(*) FROM m", "SELECT 1 / 0 FROM m")
                return text(sql).bindparams(*statement._bindparams.values())

            monkeypatch.setattr(repository, "_step_statement", failing_at_the_end)
            failure = DBAPIError
    elif where == "after the engine":

        def failing(*args: Any) -> None:
            raise Boom(where)

        monkeypatch.setattr(repository, "_write_match", failing)
    else:
        original = repository._append_actions

        def failing(*args: Any) -> None:
            original(*args)  # the state UPDATE and the action INSERT both ran
            raise Boom(where)

        monkeypatch.setattr(repository, "_append_actions", failing)
    with pytest.raises(failure):
        await store.apply(match_id, coach_log[4], expected_version=4)
    monkeypatch.undo()
    assert await store.get_match(match_id) == before
    await _assert_unchanged(store, match_id, coach_log)


KILLED_MID_TRANSACTION = textwrap.dedent(
    """
    import asyncio, json, os, sys
    import store.repository as repository
    from engine.core import Action
    from store.repository import MatchStore

    original = repository._append_actions

    def die(*args):
        original(*args)
        os._exit(9)  # the process dies with the transaction open: no rollback, no cleanup

    def die_before_sending(*args):
        os._exit(9)  # PostgreSQL writes a step in one statement: there is no "between"

    repository._append_actions = die
    repository._Advance.write_at_once = die_before_sending

    async def main():
        store = MatchStore.open(sys.argv[1])
        action = Action.from_json(json.loads(sys.argv[3]))
        await store.apply(int(sys.argv[2]), action, expected_version=4)

    asyncio.run(main())
    """
)


async def test_a_process_killed_before_commit_loses_nothing_committed(
    store: MatchStore, db_url: URL, coach_log: list[Action], started: Start
) -> None:
    match_id = await started(store, coach_log)
    await store.engine.dispose()  # like a second bot process: nothing shared
    url = db_url.render_as_string(hide_password=False)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLED_MID_TRANSACTION,
            url,
            str(match_id),
            json.dumps(coach_log[4].to_json()),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 9, result.stderr
    await _assert_unchanged(store, match_id, coach_log)


async def test_a_move_whose_caller_is_cancelled_is_done_whole_or_not_at_all(
    store: MatchStore, coach_log: list[Action], monkeypatch: pytest.MonkeyPatch, started: Start
) -> None:
    """A caller cancelled mid-transaction (a shutdown, a timeout) does not cut the step in
    half: it is committed whole (SQLite: the transaction's thread goes on) or not at all
    (PostgreSQL: rolled back), and no lock is held afterwards."""
    match_id = await started(store, coach_log)
    loop = asyncio.get_running_loop()
    original = repository._append_actions
    task: asyncio.Task[Any] | None = None

    def cancel_the_caller(*args: Any) -> None:
        original(*args)
        assert task is not None
        loop.call_soon_threadsafe(task.cancel)  # the writes are done, the commit is not

    if store.db.statement_steps:  # PostgreSQL: cancelled while its one statement runs
        write_at_once = repository._Advance.write_at_once

        def cancelled_while_writing(advance: Any, conn: Any) -> bool:
            assert task is not None
            loop.call_soon_threadsafe(task.cancel)
            return write_at_once(advance, conn)

        monkeypatch.setattr(repository._Advance, "write_at_once", cancelled_while_writing)
    monkeypatch.setattr(repository, "_append_actions", cancel_the_caller)
    task = asyncio.create_task(store.apply(match_id, coach_log[4], expected_version=4))
    # (On SQLite a transaction that starts at once runs to its end before the cancel lands.)
    with contextlib.suppress(asyncio.CancelledError):
        await task
    monkeypatch.undo()
    await store.db.close()  # waits for a transaction still running
    store.db = type(store.db).of(store.engine)
    match = await store.get_match(match_id)
    assert match.version in (4, 5)
    assert match.action_count == match.version
    assert (await store.history(match_id)).actions == coach_log[: match.version]
    # Well within the SQLite busy timeout: the write lock was released, not waited out.
    applied = await asyncio.wait_for(
        store.apply(match_id, coach_log[match.version], expected_version=match.version),
        timeout=2,
    )
    assert applied.match.version == match.version + 1
