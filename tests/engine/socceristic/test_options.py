"""Match options: the pitch (validated once per pitch), the length of a half, the squads, the
decks' seed and scripted order; anything else is refused with a sentence a player can read."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import MalformedAction, RulesError
from engine.socceristic import SOCCERISTIC, pitchfile
from engine.socceristic.options import normalize

from .helpers import pitch_data


def test_the_defaults_are_the_sample_pitch_fifty_moves_and_numbered_shirts() -> None:
    o = normalize({})
    assert o["pitch"] == pitchfile.SAMPLE_DATA and o["pitch"]["sample"] is True
    assert o["pitch_key"] == pitchfile.pitch_key(pitchfile.SAMPLE_DATA)
    assert o["length"] == {"moves": 50}
    assert o["squads"]["home"][0] == "No. 1" and o["squads"]["away"][15] == "No. 16"
    assert o["deck_seed"] == 0 and o["deck_order"] == {}
    assert normalize(o) == o  # its own output is accepted again


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("30 moves", {"moves": 30}),
        ("moves:12", {"moves": 12}),
        ("5 move", {"moves": 5}),
        ("20 minutes", {"minutes": 20, "added": 5}),
        ("20 min + 3", {"minutes": 20, "added": 3}),
        ("45 mins+0", {"minutes": 45, "added": 0}),
        ({"moves": "40"}, {"moves": 40}),
        ({"minutes": 10}, {"minutes": 10, "added": 5}),
    ],
)
def test_lengths_typed_or_given_as_data(text: Any, length: dict[str, int]) -> None:
    assert normalize({"length": text})["length"] == length


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("4 moves", "from 5 to 200"),
        ("201 moves", "from 5 to 200"),
        ("0 minutes", "from 1 to 90"),
        ("20 min + 16", "from 0 to 15"),
        ("forever", "moves per half"),
        ({"moves": 30, "minutes": 20}, "moves per half"),
        (30, "moves per half"),
    ],
)
def test_bad_lengths_are_refused(text: Any, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        normalize({"length": text})


def test_squads_by_list_or_text_with_numbers_for_the_missing_names() -> None:
    o = normalize({"squads": {"home": " Ann  Lee , ,Bea", "away": ["Zed"]}})
    assert o["squads"]["home"][:4] == ["Ann Lee", "No. 2", "Bea", "No. 4"]
    assert len(o["squads"]["home"]) == 16 and o["squads"]["away"][:2] == ["Zed", "No. 2"]
    s = SOCCERISTIC.initial({"squads": {"away": ["Zed"]}})
    assert s.lineup[1][0] == "Zed" and len(s.lineup[0]) == 16


@pytest.mark.parametrize(
    ("squads", "words"),
    [
        ({"home": [f"P{n}" for n in range(17)]}, "at most 16"),
        ({"home": ["x" * 25]}, "at most 24"),
        ({"visitors": ["Zed"]}, "home and away"),
        ({"home": [7]}, "must be a name"),
        ("Ann, Bea", "names each side"),
    ],
)
def test_bad_squads_are_refused(squads: Any, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        normalize({"squads": squads})


def test_names_in_any_alphabet_with_dots_apostrophes_and_hyphens_are_kept() -> None:
    names = ["José Núñez", "Łukasz", "李明", "O'Neil", "Jean-Luc", "J. R. 2"]
    assert normalize({"squads": {"home": names}})["squads"]["home"][:6] == names


@pytest.mark.parametrize("name", ["**Bold**", "@everyone", "a_b", "x:y", "<@123>", "`c`", "#1"])
def test_a_name_with_markdown_or_mention_characters_is_refused_by_name(name: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        normalize({"squads": {"away": ["Ann", name]}})
    assert str(refused.value) == (
        f"\"{name}\" cannot be a player's name: use letters, digits, spaces and . ' - only."
    )


def test_deck_order_and_seed() -> None:
    o = normalize({"pitch": pitch_data(), "deck_order": {"outcome": ["O3"]}, "deck_seed": "42"})
    assert o["deck_order"] == {"outcome": ["O3"]} and o["deck_seed"] == 42
    s = SOCCERISTIC.initial(o)
    assert s.decks["outcome"]["order"][0] == "O3" and len(s.decks["outcome"]["order"]) == 10


@pytest.mark.parametrize(
    ("order", "words"),
    [
        ({"outcome": ["O99"]}, "no card O99"),
        ({"outcome": ["O1", "O1"]}, "twice"),
        ({"jokers": ["O1"]}, "no deck 'jokers'"),
        ({"outcome": "O1"}, "list of card ids"),
    ],
)
def test_bad_deck_orders_are_refused(order: Any, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        normalize({"pitch": pitch_data(), "deck_order": order})


def test_unknown_options_are_named() -> None:
    with pytest.raises(MalformedAction, match="Unknown Socceristic options: colour, size"):
        normalize({"size": 3, "colour": "red"})
    with pytest.raises(MalformedAction, match="deck_seed"):
        normalize({"deck_seed": 1.5})


def test_a_bad_pitch_is_refused_with_the_field_named() -> None:
    data = pitch_data()
    data["rows"][3] = data["rows"][3].replace("E", "Q", 1)
    with pytest.raises(RulesError, match=r"rows\[3\]"):
        normalize({"pitch": data})
    with pytest.raises(MalformedAction, match="pitch file"):
        normalize({"pitch": "north"})


def test_a_pitch_is_validated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = pitchfile.validate
    monkeypatch.setattr(pitchfile, "validate", lambda data: calls.append(1) or real(data))
    data = pitch_data(tokens={(1, 1): "T*"})
    normalize({"pitch": data})
    normalize({"pitch": data, "length": "10 moves"})
    assert calls == [1]
