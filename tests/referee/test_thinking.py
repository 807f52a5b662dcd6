"""The thinking worker's queue: a decision that hangs is given up and its worker ended, and
the decisions of other matches waiting behind it are still made, each given its full
patience from when the worker takes it up."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator

import pytest

from referee.thinking import Answer, Thinker
from tests.referee import thinking_work


class Patient(Thinker):
    """A thinker whose patience the test sets."""

    wait = 60.0

    @property
    def patience(self) -> float:
        return self.wait


@pytest.fixture
async def thinker() -> AsyncIterator[Patient]:
    thinking = Patient(0.01, thinking_work.sleep)
    assert await think(thinking, 0) is not None  # the worker started (it may take a while)
    yield thinking
    await asyncio.to_thread(thinking.close)


async def think(thinker: Thinker, seconds: float) -> Answer:
    return await thinker.decide("fuba", {"sleep": seconds}, {}, 0)


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_hung_decision_does_not_fail_those_queued_behind_it(thinker: Patient) -> None:
    hung_pid = thinker.pid
    assert hung_pid is not None
    thinker.wait = 1.0
    hung = asyncio.ensure_future(think(thinker, 30))
    await asyncio.sleep(0.2)  # the hung one is in the worker
    queued = [asyncio.ensure_future(think(thinker, 0)) for _ in range(2)]
    answers = await asyncio.gather(hung, *queued)  # nothing raised
    assert answers[0] is None  # given up: the normal coach decides for that match
    assert all(answer is not None for answer in answers[1:])
    assert thinker.made == 3 and thinker.failed == 1
    assert not running(hung_pid)  # ended, not left thinking
    assert thinker.pid != hung_pid  # a new worker made the others


async def test_each_decision_has_its_patience_from_when_the_worker_takes_it(
    thinker: Patient,
) -> None:
    thinker.wait = 6.0
    # together longer than one patience, each well within it (room for a loaded machine)
    answers = await asyncio.gather(think(thinker, 3.5), think(thinker, 3.5))
    assert all(answer is not None for answer in answers)
    assert thinker.failed == 0


async def test_a_caller_cancelled_while_queued_leaves_the_others_alone(
    thinker: Patient,
) -> None:
    first = asyncio.ensure_future(think(thinker, 0.5))
    await asyncio.sleep(0.1)
    cancelled = asyncio.ensure_future(think(thinker, 0))
    last = asyncio.ensure_future(think(thinker, 0))
    await asyncio.sleep(0.1)
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert await first is not None and await last is not None
