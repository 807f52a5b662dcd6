"""The examples in the league modules' docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from engine.leagues import fixtures, names, ratings, table


@pytest.mark.parametrize("module", [fixtures, table, ratings, names], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
