"""`/fuba status` and the live board's embed in an advanced match: the rules in force, the
weather, condition points, tiredness, substitutions left, injuries, roles once revealed."""

from __future__ import annotations

import doctest
import importlib
from typing import Any

import pytest

from engine.fuba import FUBA, advanced
from referee.fuba.game import status_lines
from referee.fuba.glance import advanced_lines


def view_of(rules: list[str], **changes: Any) -> dict[str, Any]:
    view = FUBA.view(FUBA.initial({"advanced": rules}), None)
    view.update(changes)
    return view


def test_a_basic_match_has_no_advanced_lines() -> None:
    view = FUBA.view(FUBA.initial(), None)
    assert advanced_lines(view) == []
    assert not any("dvanced" in line for line in status_lines(view))


def test_every_figure_of_an_advanced_match() -> None:
    view = view_of(
        list(advanced.ALL),
        weather="storm",
        condition=[[4, 2, 4], [4, 4, 2]],
        tired=[True, False],
        subs=[3, 1],
        injured=[[], [2, 4]],
        keeper_hurt=[True, False],
        formations=[[4, 5, 1], [4, 4, 2]],
        roles=[{"am": 3}, {}],
        agenda=[],
    )
    lines = status_lines(view)
    assert "Advanced rules: all" in lines
    assert "Weather: storm" in lines
    assert (
        "West: condition defence 4, midfield 2, attack 4; tired; 0 substitutions left; "
        "goalkeeper injured; roles 3 attacking midfielders" in lines
    )
    assert (
        "East: condition defence 4, midfield 4, attack 2; 2 substitutions left; "
        "2 injured (back in 2' and 4')" in lines
    )


def test_roles_stay_hidden_while_formations_are_chosen() -> None:
    view = view_of(
        ["condition", "roles"],
        roles=[{"am": 2}, {"dm": 1}],
        formations=[[4, 4, 2], None],
        agenda=[{"k": "formation", "picks": [[4, 4, 2], None], "halftime": False}],
    )
    assert not any("midfielder" in line for line in advanced_lines(view))


@pytest.mark.parametrize(
    "module", ["referee.fuba.glance", "render.fuba.strip", "cogs.fuba.advanced"]
)
def test_the_examples_in_docstrings_hold(module: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failed
