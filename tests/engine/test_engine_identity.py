"""The coach-vs-coach matches stay exactly the same through the engine's speed work.

The digests were recorded from the engine before it was optimised and compiled: any change
in what the coach or the rules do on these seeds (one different action) changes them.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.fuba import FUBA, advanced
from engine.fuba.coach import play_match

SEEDS = range(10)
DIGESTS = {
    "basic": "f1243ff69ca53f3fd1c6ce208738e0b4ac6049a51b01612e4ca043e9e9199b28",
    "advanced": "4c69eee28bb55054ba9d873aa6292ec56782ca793d07b06783dfb05ff499d1ad",
}


def actions_digest(rules: str) -> str:
    """sha256 of the JSON action logs of the coach matches on ``SEEDS``."""
    start = FUBA.initial({"advanced": list(advanced.ALL)}) if rules == "advanced" else None
    digest = hashlib.sha256()
    for seed in SEEDS:
        _, actions, _ = play_match(seed, start=start)
        digest.update(json.dumps([a.to_json() for a in actions], sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("rules", ["basic", "advanced"])
def test_coach_matches_play_the_same_actions_as_before(rules: str) -> None:
    assert actions_digest(rules) == DIGESTS[rules]
