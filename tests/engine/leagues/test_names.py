"""League names as typed: one normal form, so that two names that read alike are one league."""

from __future__ import annotations

import pytest

from engine.leagues.errors import EmptyName, LeagueError
from engine.leagues.names import league_name, normal_name


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Spring", "Spring"),
        ("Spr\u200bing", "Spring"),  # zero-width space
        ("\ufeffSpring\u2060", "Spring"),  # byte order mark, word joiner
        ("Spr\u200ding\u200c", "Spring"),  # zero-width joiner and non-joiner
        ("\u202eSpring\u202c", "Spring"),  # bidirectional overrides
        ("Spr\u00adin\u034fg\ufe0f", "Spring"),  # soft hyphen, grapheme joiner, variation sel.
        ("  Spring \u00a0\u3000 League\n\t", "Spring League"),  # any whitespace, collapsed
        ("\uff33\uff50\uff52\uff49\uff4e\uff47", "Spring"),  # full-width letters (NFKC)
        ("Spring\x00\x07", "Spring"),  # control characters
        ("Caf\u0065\u0301", "Caf\u00e9"),  # a combining accent is composed, not dropped
        ("\u3164Spring\u115f", "Spring"),  # Hangul fillers, drawn as blanks
    ],
)
def test_names_that_read_alike_are_one_name(typed: str, name: str) -> None:
    assert normal_name(typed) == name
    assert league_name(typed) == name
    assert normal_name(name) == name  # already normal


@pytest.mark.parametrize("typed", ["", "   ", "\u200b", "\u200b \u2060\ufeff", "\u3164", "\n\t"])
def test_a_name_with_nothing_visible_is_refused(typed: str) -> None:
    assert normal_name(typed) == ""
    with pytest.raises(EmptyName) as refused:
        league_name(typed)
    assert isinstance(refused.value, LeagueError)
    assert str(refused.value) == (
        "A league name needs at least one letter, digit or sign you can see; this one has none."
    )
