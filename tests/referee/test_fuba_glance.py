"""`/fuba status` and the live board's embed in an advanced match: the rules in force, the
weather, condition points, tiredness, substitutions left, injuries, roles once revealed."""

from __future__ import annotations

import doctest
import importlib
from typing import Any

import pytest

from engine.core import Action
from engine.fuba import FUBA, advanced
from engine.fuba.skills.catalog import SKILLS
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
    "module",
    ["referee.fuba.glance", "render.fuba.strip", "render.fuba.skills", "cogs.fuba.advanced"],
)
def test_the_examples_in_docstrings_hold(module: str) -> None:
    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failed


# -- A11 skills -----------------------------------------------------------------------------


def test_skills_are_listed_with_the_boards_letters_and_what_became_of_them() -> None:
    view = view_of(
        ["condition"],
        options={"advanced": ["condition"], "skills": 4},
        agenda=[],
        skills=[
            {"clinical_finisher": 2, "trained_formation_change": 1, "runner": -1},
            {"shot_stopper": 0},
        ],
        coach_off=[True, False],
    )
    lines = status_lines(view)
    assert "Skills: 4 choices each; on the board ✓ played, ✗ lost (injured star)" in lines
    assert (
        "West skills: CF Clinical finisher (played 2×), TF Trained formation change (used), "
        "RU Runner (lost); coach sent off (no formation changes)" in lines
    )
    assert "East skills: SS Shot stopper" in lines


def test_a_team_without_skills_says_none_and_a_match_without_skills_says_nothing() -> None:
    view = view_of(["condition"], options={"advanced": ["condition"], "skills": 1}, agenda=[])
    assert "West skills: none" in advanced_lines(view)
    view = view_of(["condition"], agenda=[])
    assert not any("kills" in line for line in advanced_lines(view))


def test_before_the_reveal_only_your_own_choice_is_shown() -> None:
    s = FUBA.initial({"advanced": ["condition"], "skills": 2})
    for side in ("west", "east"):
        s, _ = FUBA.apply(s, Action(side, "formation", {"shape": "4-4-2"}))
    s, _ = FUBA.apply(s, Action("west", "skills", {"skills": ["stopper", "runner"]}))
    west = advanced_lines(FUBA.view(s, "west"))
    assert "West's skills (secret until revealed): Stopper, Runner" in west
    for viewer in ("east", None):
        lines = advanced_lines(FUBA.view(s, viewer))
        assert not any("Stopper" in line or "Runner" in line for line in lines), lines
        assert "Skills: 2 choices each; on the board ✓ played, ✗ lost (injured star)" in lines
    s, _ = FUBA.apply(s, Action("east", "skills", {"skills": []}))
    lines = advanced_lines(FUBA.view(s, "east"))
    assert "West skills: ST Stopper, RU Runner" in lines and "East skills: none" in lines


def test_the_live_boards_match_field_holds_every_line_with_the_longest_skills() -> None:
    longest = sorted(SKILLS, key=lambda k: -len(SKILLS[k].name))[:6]
    view = view_of(
        list(advanced.ALL),
        options={"advanced": [r for r in advanced.ALL if r != "var"], "skills": 5},
        weather="extreme_heat",
        injured=[[1, 2, 3], [1, 2, 3]],
        keeper_hurt=[True, True],
        tired=[True, True],
        roles=[{"am": 2, "dm": 2, "acb": 1, "ws": 1, "owb": 2}] * 2,
        formations=[[4, 4, 2], [4, 4, 2]],
        agenda=[],
        skills=[{k: -1 for k in longest}, {k: 12 for k in longest}],
        coach_off=[True, True],
    )
    notes = "\n".join(advanced_lines(view))
    assert len(notes) <= 1024, len(notes)  # an embed field (cogs/play/messages.py)
    assert "West skills: TF✗ TS✗ BB✗ AG✗ CG✗ CM✗ coach off" in notes  # the board's letters
    assert "East skills: TF✓ TS✓ BB✓ AG✓ CG✓ CM✓ coach off" in notes
    assert "roles 2 attacking midfielders" in notes


def test_a_usual_match_gets_the_skills_names_in_the_field() -> None:
    view = view_of(
        list(advanced.ALL),
        options={"advanced": list(advanced.ALL), "skills": 5},
        weather="rain",
        formations=[[4, 4, 2], [4, 4, 2]],
        roles=[{"am": 1}, {"dm": 1}],
        agenda=[],
        skills=[dict.fromkeys(list(SKILLS)[:5], 1), dict.fromkeys(list(SKILLS)[-5:], 0)],
    )
    notes = "\n".join(advanced_lines(view))
    assert len(notes) <= 1024 and "GC Great condition (played 1×)" in notes
