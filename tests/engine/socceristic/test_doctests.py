"""The examples in the Socceristic engine modules' docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from engine.socceristic import clock, coach, options, ruleset


@pytest.mark.parametrize("module", [options, clock, ruleset, coach], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
