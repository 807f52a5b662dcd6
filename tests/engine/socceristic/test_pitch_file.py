"""Pitch files: what the bot refuses, and that each refusal says which line and field to fix."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import RulesError
from engine.socceristic.pitch import from_data
from engine.socceristic.pitchfile import (
    SAMPLE_DATA,
    SAMPLE_TEXT,
    PitchError,
    data_of,
    load,
    sample,
    validate,
)

Data = dict[str, Any]
FORMAT_DOC = Path(__file__).resolve().parents[3] / "docs" / "socceristic-pitch-format.md"


def text_of(data: Data) -> str:
    """A file as an owner would write it: one row, one zone row, one result per line."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def line_with(text: str, needle: str) -> int:
    """The 1-based line of the only line holding ``needle``."""
    found = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(found) == 1, (needle, found)
    return found[0]


def refused(change: Callable[[Data], None]) -> tuple[PitchError, str]:
    data = copy.deepcopy(SAMPLE_DATA)
    change(data)
    text = text_of(data)
    with pytest.raises(PitchError) as info:
        load(text)
    return info.value, text


def set_token(data: Data, y: int, k: int, token: str) -> None:
    tokens = data["rows"][y].split()
    tokens[k] = token
    data["rows"][y] = "  ".join(tokens)


def midfield_row(data: Data) -> int:
    """A row with no zone square, away from the centre row."""
    return next(y for y, z in enumerate(data["zones"]) if not z.strip(". ") and y != 8 and y != 7)


# --- what loads ---------------------------------------------------------------------------


def test_sample_file_loads_as_the_sample() -> None:
    p = load(SAMPLE_TEXT)
    assert p == sample() and p.sample
    assert len(p.outcome) >= 12 and len(p.referee) >= 12
    validate(SAMPLE_DATA)


def test_data_of_returns_the_json_data() -> None:
    assert data_of(SAMPLE_TEXT) == SAMPLE_DATA


def test_bytes_with_a_byte_order_mark_load() -> None:
    raw = "\ufeff".encode() + SAMPLE_TEXT.encode()
    assert load(raw) == sample()


def test_any_layout_of_the_same_data_loads() -> None:
    text = json.dumps(SAMPLE_DATA)  # all on one line
    assert load(text) == from_data(SAMPLE_DATA)


def test_zones_may_be_spaced_out_to_line_up() -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    data["zones"] = [" ".join(z.replace(" ", "")) for z in data["zones"]]
    assert load(text_of(data)) == sample()


def test_the_documented_example_loads() -> None:
    doc = FORMAT_DOC.read_text(encoding="utf-8")
    block = doc.split("<!-- example:start -->")[1].split("<!-- example:end -->")[0]
    p = load(block.strip().removeprefix("```json").removesuffix("```"))
    assert (p.width, p.height, p.centre_row) == (11, 13, 6)
    assert not p.sample and len(p.outcome) == len(p.referee) == 10


def test_a_pitch_error_is_a_rules_error_reading_line_field_message() -> None:
    err = PitchError("'Q' is not a symbol", 14, "rows[5] square 3")
    assert isinstance(err, RulesError)
    assert str(err) == "line 14, rows[5] square 3: 'Q' is not a symbol"
    assert str(PitchError("too big")) == "too big"


# --- refusals -----------------------------------------------------------------------------


def test_bad_json_names_its_line() -> None:
    text = '{\n  "format": "socceristic-pitch/1"\n  "name": "Park"\n}'
    with pytest.raises(PitchError) as info:
        load(text)
    assert info.value.line == 3
    assert "not valid JSON" in str(info.value) and "comma is missing" in str(info.value)


def test_an_empty_file() -> None:
    with pytest.raises(PitchError, match="the file is empty"):
        load(" \n")


def test_a_file_that_is_not_an_object() -> None:
    with pytest.raises(PitchError, match="should be a group of fields"):
        load("[1, 2]")


def test_unknown_symbol_names_row_square_and_the_symbols() -> None:
    err, text = refused(lambda d: set_token(d, 5, 2, "Q"))
    assert err.field == "rows[5] square 3"
    data = copy.deepcopy(SAMPLE_DATA)
    set_token(data, 5, 2, "Q")
    assert err.line == line_with(text, json.dumps(data["rows"][5]))
    message = str(err)
    assert message.startswith(f"line {err.line}, rows[5] square 3: 'Q' is not a symbol; use N NE")
    assert "X (lose the ball)" in message and "B (pass back)" in message


def test_row_of_the_wrong_width() -> None:
    def short(d: Data) -> None:
        d["rows"][3] = " ".join(d["rows"][3].split()[:-1])

    err, text = refused(short)
    assert err.field == "rows[3]"
    assert "has 10 squares; each row needs 11" in str(err)
    assert err.line == line_with(text, json.dumps(" ".join(SAMPLE_DATA["rows"][3].split()[:-1])))


def test_double_border_only_on_a_whistle() -> None:
    err, _ = refused(lambda d: set_token(d, 4, 0, "N="))
    assert err.field == "rows[4] square 1" and "R=" in str(err)


def test_missing_column_seven() -> None:
    err, text = refused(lambda d: d.__setitem__("columns", [2, 3, 4, 5, 6, 13, 8, 9, 10, 11, 12]))
    assert err.field == "columns" and "missing: 7" in str(err)
    assert err.line == line_with(text, '"columns"')


def test_column_number_written_twice() -> None:
    err, _ = refused(lambda d: d["columns"].__setitem__(10, 11))
    assert err.field in ("columns", "columns[10]")
    assert "12" in str(err) or "twice" in str(err)


def test_too_few_columns() -> None:
    err, _ = refused(lambda d: d.__setitem__("columns", list(range(2, 10))))
    assert err.field == "columns" and "needs at least 11" in str(err)


def test_pass_back_outside_the_zone() -> None:
    y = midfield_row(SAMPLE_DATA)
    err, text = refused(lambda d: set_token(d, y, 4, "B"))
    assert err.field == f"rows[{y}] square 5"
    assert "pass-back square (B) must be in a Lighter Green Zone" in str(err)


def test_centre_spot_must_be_a_whistle() -> None:
    def move_spot(d: Data) -> None:
        x = d["columns"].index(d["centre_spot"])
        set_token(d, d["centre_row"], x, "N")

    err, text = refused(move_spot)
    assert err.field == "centre_spot" and err.line == line_with(text, '"centre_spot"')
    assert "must be a plain whistle square (R); it is 'N'" in str(err)


def test_centre_row_leaves_rows_on_both_sides() -> None:
    err, _ = refused(lambda d: d.__setitem__("centre_row", 16))
    assert err.field == "centre_row"


def test_kickoff_needs_all_six_dice() -> None:
    err, text = refused(lambda d: d["kickoff"].pop("6"))
    assert err.field == "kickoff" and 'the field "6" is missing' in str(err)
    assert err.line == line_with(text, '"kickoff"')


def test_kickoff_to_a_column_that_does_not_exist() -> None:
    err, _ = refused(lambda d: d["kickoff"].__setitem__("3", 14))
    assert err.field == "kickoff.3" and "no column 14" in str(err)


def test_a_line_in_the_wrong_half() -> None:
    err, _ = refused(lambda d: d["lines"]["south"].__setitem__("ODD", 2))
    assert err.field == "lines.south.ODD" and "must be in the south half" in str(err)


def test_odd_and_even_are_different_rows() -> None:
    err, _ = refused(lambda d: d["lines"]["north"].__setitem__("EVEN", d["lines"]["north"]["ODD"]))
    assert err.field == "lines.north" and "different rows" in str(err)


def test_goal_kick_column_must_exist() -> None:
    err, _ = refused(lambda d: d.__setitem__("goal_kick", [9, 1]))
    assert err.field == "goal_kick[1]" and "no column 1" in str(err)


def test_zone_letters() -> None:
    def bad_zone(d: Data) -> None:
        d["zones"][2] = "x" + d["zones"][2].replace(" ", "")[1:]

    err, _ = refused(bad_zone)
    assert err.field == "zones[2] square 1" and "'x' is not a zone" in str(err)


def test_zones_need_a_row_per_pitch_row() -> None:
    err, _ = refused(lambda d: d["zones"].pop())
    assert err.field == "zones" and "the pitch has 17" in str(err)


def test_each_end_needs_a_penalty_box() -> None:
    def no_south_box(d: Data) -> None:
        d["zones"] = [z if y < 8 else z.replace("p", "g") for y, z in enumerate(d["zones"])]

    err, _ = refused(no_south_box)
    assert err.field == "zones" and "south end has no penalty box" in str(err)


def test_the_centre_row_is_in_no_zone() -> None:
    err, _ = refused(lambda d: d["zones"].__setitem__(8, "g" + "." * 10))
    assert err.field == "zones[8]" and "centre row can't be in a zone" in str(err)


def test_too_few_cards() -> None:
    err, text = refused(lambda d: d["decks"].__setitem__("outcome", d["decks"]["outcome"][:9]))
    assert err.field == "decks.outcome" and "has 9 cards; it needs at least 10" in str(err)
    assert err.line == line_with(text, '"outcome"')


def test_duplicate_card_ids() -> None:
    def dup(d: Data) -> None:
        d["decks"]["referee"][3]["id"] = d["decks"]["referee"][2]["id"]

    err, text = refused(dup)
    assert err.field == "decks.referee[3].id" and "used twice in the referee deck" in str(err)
    second = [n for n, line in enumerate(text.splitlines(), 1) if '"id"' in line]
    assert err.line in second


def test_play_result_on_a_missing_column() -> None:
    def far(d: Data) -> None:
        d["decks"]["outcome"][1]["chance"] = {
            "kind": "play",
            "text": "Far away",
            "to": "attack",
            "line": "EVEN",
            "number": 15,
        }

    err, text = refused(far)
    assert err.field == "decks.outcome[1].chance.number" and "no column 15" in str(err)
    assert err.line == line_with(text, '"number": 15')


def test_play_result_needs_its_line() -> None:
    def no_line(d: Data) -> None:
        d["decks"]["outcome"][0]["penalty"] = {"kind": "play", "to": "defence", "number": 7}

    err, _ = refused(no_line)
    assert err.field == "decks.outcome[0].penalty"
    assert '"line" is missing' in str(err)


def test_only_a_play_result_names_a_line() -> None:
    def goal_with_line(d: Data) -> None:
        d["decks"]["outcome"][0]["chance"] = {"kind": "goal", "line": "ODD"}

    err, _ = refused(goal_with_line)
    assert err.field == "decks.outcome[0].chance.line" and 'kind "play"' in str(err)


def test_kinds_allowed_per_section() -> None:
    def penalty_on_pass_back(d: Data) -> None:
        d["decks"]["outcome"][2]["pass_back"] = {"kind": "penalty", "text": "Nobody there"}

    err, text = refused(penalty_on_pass_back)
    assert err.field == "decks.outcome[2].pass_back.kind"
    assert '"penalty" is not allowed here; use "goal_kick", "corner", "own_goal" or "play"' in (
        str(err)
    )
    assert err.line == line_with(text, '"text": "Nobody there"') - 1


def test_referee_card_needs_who_gets_the_kick() -> None:
    err, _ = refused(lambda d: d["decks"]["referee"][4].pop("to"))
    assert err.field == "decks.referee[4]" and 'the field "to" is missing' in str(err)


def test_referee_caution_colours() -> None:
    err, _ = refused(lambda d: d["decks"]["referee"][0].__setitem__("caution", "orange"))
    assert err.field == "decks.referee[0].caution" and '"yellow" or "red"' in str(err)


def test_unknown_field_is_named() -> None:
    err, text = refused(lambda d: d.__setitem__("weather", "rain"))
    assert err.field == "weather" and 'unknown field "weather"' in str(err)
    assert err.line == line_with(text, '"weather"')


def test_missing_field() -> None:
    err, _ = refused(lambda d: d.pop("rows"))
    assert err.line == 1 and 'the file needs the field "rows"' in str(err)


def test_wrong_format() -> None:
    err, _ = refused(lambda d: d.__setitem__("format", "socceristic-pitch/2"))
    assert err.field == "format" and "socceristic-pitch/1" in str(err)


def test_wrong_type_in_words() -> None:
    err, _ = refused(lambda d: d.__setitem__("centre_row", "eight"))
    assert err.field == "centre_row" and '"eight" should be a whole number' in str(err)


def test_field_written_twice() -> None:
    text = SAMPLE_TEXT.replace('"goal_kick": [', '"goal_kick": [2, 3],\n  "goal_kick": [', 1)
    with pytest.raises(PitchError) as info:
        load(text)
    assert info.value.field == "goal_kick" and "written twice" in str(info.value)
    assert info.value.line == SAMPLE_TEXT[: SAMPLE_TEXT.index('"goal_kick"')].count("\n") + 2


def test_not_a_number_is_refused() -> None:
    with pytest.raises(PitchError, match="NaN"):
        load(SAMPLE_TEXT.replace('"sample": true', '"sample": NaN'))


def test_a_file_too_big() -> None:
    text = SAMPLE_TEXT.replace('"name": "', '"name": "' + "x" * 300_000, 1)
    with pytest.raises(PitchError, match="at most 256 KB"):
        load(text)
    with pytest.raises(PitchError, match="at most 256 KB"):
        load(text.encode())


def test_not_utf8() -> None:
    with pytest.raises(PitchError, match="UTF-8"):
        load(b'{"name": "Caf\xe9"}')


def test_the_first_problem_in_the_file_is_reported() -> None:
    def two(d: Data) -> None:
        d["decks"]["referee"][0]["to"] = "nobody"
        set_token(d, 1, 0, "Q")

    err, _ = refused(two)
    assert err.field == "rows[1] square 1"


def test_validate_data_names_the_field_without_a_line() -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    set_token(data, 6, 1, "Z")
    with pytest.raises(PitchError) as info:
        validate(data)
    assert info.value.line is None and info.value.field == "rows[6] square 2"
    assert str(info.value).startswith("rows[6] square 2: 'Z' is not a symbol")


# --- any damaged file is refused in words, never with a crash ------------------------------

JSON_BITS = st.sampled_from(
    [
        '"',
        ",",
        ":",
        "{",
        "}",
        "[",
        "]",
        "0",
        "-1",
        "99",
        "null",
        "true",
        "Q",
        "=",
        "*",
        " ",
        "\n",
        '"x"',
        "1e999",
        "\\",
        "\u00e9",
    ]
)
LEAVES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


SAMPLE_PATHS = _paths(SAMPLE_DATA)[1:]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.integers(0, len(SAMPLE_TEXT) - 1), st.integers(0, 3), JSON_BITS)
def test_a_damaged_text_loads_or_is_refused_in_words(at: int, cut: int, bit: str) -> None:
    text = SAMPLE_TEXT[:at] + bit + SAMPLE_TEXT[at + cut :]
    try:
        load(text)
    except PitchError as err:
        assert str(err) and (err.line is None or 1 <= err.line <= text.count("\n") + 1)


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(SAMPLE_PATHS), LEAVES)
def test_any_value_anywhere_loads_or_is_refused_in_words(path: tuple[Any, ...], value: Any) -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        load(text_of(data))
    except PitchError as err:
        assert str(err)
    try:
        validate(data)
    except PitchError as err:
        assert err.line is None


PLAY_ON = {"kind": "play", "to": "attack", "line": "EVEN", "number": 7}


def test_a_deck_with_no_card_that_ends_every_run_of_chances_is_refused() -> None:
    """A penalty chance whose penalty always scores still chains: the half could never end."""

    def endless(d: Data) -> None:
        first = d["decks"]["outcome"][0]
        first["id"] = "O1"
        first["chance"] = {"kind": "penalty"}
        first["penalty"] = {"kind": "goal"}
        first["pass_back"] = {"kind": "goal_kick"}
        d["decks"]["outcome"][1:] = [
            {**first, "id": f"P{i}", "chance": PLAY_ON, "penalty": PLAY_ON, "pass_back": PLAY_ON}
            for i in range(99)
        ]

    err, _ = refused(endless)
    assert err.field == "decks.outcome"
    assert "no Outcome card ends an attack" in str(err)


@pytest.mark.parametrize(
    ("chance", "penalty", "pass_back"),
    [
        ("goal", "goal", "corner"),
        ("corner", "corner", "own_goal"),
        ("goal_kick", "goal_kick", "goal_kick"),
    ],
)
def test_one_card_that_ends_every_run_of_chances_is_enough(
    chance: str, penalty: str, pass_back: str
) -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    first = data["decks"]["outcome"][0]
    first.update(chance={"kind": chance}, penalty={"kind": penalty}, pass_back={"kind": pass_back})
    for card in data["decks"]["outcome"][1:]:
        card.update(chance=PLAY_ON, penalty=PLAY_ON, pass_back=PLAY_ON)
    assert len(load(text_of(data)).outcome) == len(data["decks"]["outcome"])
