"""Virtual dice follow the match's seed, roll by roll: the referee seeds each virtual roll with
"<seed>:<n>" (n = actions logged before it, docs/dice.md), so another seed gives other dice and
each roll of a match its own."""

from __future__ import annotations

import random

from referee.service import Referee
from store.repository import MatchStore
from tests.referee.conftest import ADA, BRIAN, SEATS

SEEDS = range(1, 9)


def documented(seed: int, n: int, count: int) -> list[int]:
    """docs/dice.md's recipe, written out here so it does not lean on the referee's code."""
    return random.Random(f"{seed}:{n}").choices(range(1, 7), k=count)


async def kickoff_rolls(
    referee: Referee, store: MatchStore, seed: int
) -> list[tuple[int, list[int]]]:
    """Start a match with ``seed`` in a channel of its own, choose both formations, and return
    the virtual rolls the referee made: (actions logged before the roll, dice)."""
    channel = 100 + seed
    out = await referee.start_match(1, channel, SEATS, seed=seed)
    await referee.act(channel, ADA, "formation", {"shape": "4-4-2"})
    await referee.act(channel, BRIAN, "formation", {"shape": "4-4-2"})
    history = await store.history(out.match_id)
    return [
        (n, list(entry.action.args["dice"]))
        for n, entry in enumerate(history.log)
        if entry.action.kind == "roll"
    ]


async def test_each_virtual_roll_comes_from_the_seed_and_its_place(
    referee: Referee, store: MatchStore
) -> None:
    by_seed = {seed: await kickoff_rolls(referee, store, seed) for seed in SEEDS}
    for seed, rolls in by_seed.items():
        assert len(rolls) >= 2, rolls  # both kick-off dice, rolled by the referee
        for n, dice in rolls:
            assert dice == documented(seed, n, len(dice)), (seed, n)
    # another seed, other dice: the seeds give at least three different kick-off rolls
    assert len({tuple(tuple(d) for _, d in rolls) for rolls in by_seed.values()}) >= 3
