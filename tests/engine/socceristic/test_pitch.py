"""The pitch model: squares, printed numbers, lines, halves and the decks of the sample."""

from __future__ import annotations

import copy

import pytest

from engine.core.errors import RulesError
from engine.socceristic.pitch import (
    DIRECTION_WORDS,
    DIRECTIONS,
    STEP,
    OutcomeCard,
    RefereeCard,
    Square,
    from_data,
    pitch_of,
)
from engine.socceristic.pitchfile import SAMPLE_DATA, pitch_key, sample


def test_directions_step_one_square_with_north_up() -> None:
    assert STEP["N"] == (0, -1) and STEP["SE"] == (1, 1) and STEP["W"] == (-1, 0)
    assert set(STEP) == set(DIRECTIONS) == set(DIRECTION_WORDS)
    assert DIRECTION_WORDS["NE"] == "north-east"
    for d, (dx, dy) in STEP.items():  # opposite directions cancel out
        back = DIRECTIONS[(DIRECTIONS.index(d) + 4) % 8]
        assert STEP[back] == (-dx, -dy)


def test_sample_is_eleven_columns_numbered_two_to_twelve() -> None:
    p = sample()
    assert p.sample is True
    assert (p.width, p.height) == (11, 17)
    assert p.columns == tuple(range(2, 13))
    assert all(len(row) == p.width for row in p.squares)
    assert p.x_of(2) == 0 and p.x_of(12) == 10 and p.number_of(5) == 7


def test_unknown_column_number_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="no column numbered 13"):
        sample().x_of(13)


def test_centre_spot_is_a_whistle_on_the_centre_row() -> None:
    p = sample()
    assert p.centre_row == 8
    assert p.square(p.centre_spot, p.centre_row).symbol == "whistle"
    assert p.half(p.centre_row) is None
    assert p.half(0) == "north" and p.half(p.centre_row - 1) == "north"
    assert p.half(p.centre_row + 1) == "south" and p.half(p.height - 1) == "south"


def test_kickoff_squares_are_one_per_die_on_the_centre_row() -> None:
    p = sample()
    assert sorted(p.kickoff) == [1, 2, 3, 4, 5, 6]
    assert all(p.on_pitch(x, p.centre_row) for x in p.kickoff.values())
    assert p.kickoff[1] == p.x_of(SAMPLE_DATA["kickoff"]["1"])


def test_lines_sit_at_their_own_end() -> None:
    p = sample()
    assert p.line_y("north", "ODD") == 0 and p.line_y("south", "ODD") == p.height - 1
    assert p.line_y("north", "EVEN") < p.centre_row < p.line_y("south", "EVEN")
    with pytest.raises(RulesError):
        p.line_y("north", "THIRD")


def test_away_from_points_up_the_pitch_from_each_goal() -> None:
    p = sample()
    assert p.away_from("north") == 1 and p.away_from("south") == -1


def test_squares_off_the_pitch() -> None:
    p = sample()
    assert p.on_pitch(0, 0) and p.on_pitch(10, 16)
    assert not p.on_pitch(-1, 0) and not p.on_pitch(11, 0) and not p.on_pitch(0, 17)
    with pytest.raises(RulesError):
        p.square(11, 0)


def test_square_arrow_and_zone() -> None:
    assert Square("NE").arrow == "NE"
    assert Square("tackle").arrow is None
    assert Square("N", zone="box").green and Square("N", zone="green").green
    assert not Square("N").green


def test_tokens_borders_and_zones_are_read_from_the_file() -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    row = data["rows"][3].split()
    row[0], row[1], row[2] = "R=", "SW*", "X"
    data["rows"][3] = " ".join(row)
    data["zones"][3] = "pg." + data["zones"][3].replace(" ", "")[3:]
    p = from_data(data)
    assert p.square(0, 3) == Square("whistle", "double", "box")
    assert p.square(1, 3) == Square("SW", "bold", "green")
    assert p.square(2, 3) == Square("lose", "", "")


def test_cards_are_found_by_deck_and_id() -> None:
    p = sample()
    first = p.outcome[0]
    assert isinstance(first, OutcomeCard)
    assert p.card("outcome", first.id) is first
    ref = p.referee[-1]
    assert isinstance(ref, RefereeCard) and p.card("referee", ref.id) is ref
    assert p.ids("referee") == [c.id for c in p.referee]
    with pytest.raises(RulesError, match="no card"):
        p.card("referee", first.id + "-missing")


def test_outcome_sections_by_name() -> None:
    card = sample().outcome[0]
    assert card.section("chance") is card.chance
    assert card.section("pass_back") is card.pass_back
    with pytest.raises(RulesError):
        card.section("kick_off")


def test_play_result_as_data_names_line_and_column() -> None:
    plays = [c.chance for c in sample().outcome if c.chance.kind == "play"]
    assert plays, "the sample has at least one chance that plays on"
    data = plays[0].as_dict()
    assert data["kind"] == "play" and data["line"] in ("ODD", "EVEN")
    assert data["to"] in ("attack", "defence") and data["number"] in sample().columns


def test_pitch_of_builds_once_per_key() -> None:
    options = {"pitch": SAMPLE_DATA, "pitch_key": pitch_key(SAMPLE_DATA)}
    first = pitch_of(options)
    assert pitch_of(dict(options)) is first
    assert first == sample()
    other = copy.deepcopy(SAMPLE_DATA)
    other["name"] = "Another ground"
    second = pitch_of({"pitch": other, "pitch_key": pitch_key(other)})
    assert second.name == "Another ground" and pitch_of(options) is first


def test_pitch_key_ignores_key_order() -> None:
    reordered = dict(reversed(list(SAMPLE_DATA.items())))
    assert pitch_key(reordered) == pitch_key(SAMPLE_DATA)
    assert len(pitch_key(SAMPLE_DATA)) == 64


OPPOSITE = {d: DIRECTIONS[(i + 4) % 8] for i, d in enumerate(DIRECTIONS)}


def test_sample_plays_the_same_from_both_ends() -> None:
    """Turned round, the pitch is the same: each team meets what the other meets."""
    p = sample()
    for y, row in enumerate(p.squares):
        for x, sq in enumerate(row):
            twin = p.square(p.width - 1 - x, p.height - 1 - y)
            turned = OPPOSITE[sq.arrow] if sq.arrow else sq.symbol
            assert (twin.symbol, twin.border, twin.zone) == (turned, sq.border, sq.zone), (x, y)
    for line in ("ODD", "EVEN"):
        assert p.line_y("north", line) == p.height - 1 - p.line_y("south", line)


def test_sample_keeper_and_clearance_cards_leave_the_defence_moving_away_from_goal() -> None:
    """A card that gives the defenders the ball in their box puts it on an arrow pointing away
    from their goal line, never on one that would put it behind for a corner."""
    p = sample()
    results = [(c.id, r) for c in p.outcome for r in (c.chance, c.penalty, c.pass_back)]
    defence = [(i, r) for i, r in results if r.kind == "play" and r.to == "defence"]
    assert defence
    for card_id, r in defence:
        for end in ("north", "south"):
            sq = p.square(p.x_of(r.number), p.line_y(end, r.line))
            assert sq.arrow is not None, (card_id, end)
            assert STEP[sq.arrow][1] * p.away_from(end) > 0, (card_id, end, sq.arrow)


def test_sample_rebound_cards_give_the_attack_the_ball_in_the_zone() -> None:
    p = sample()
    attack = [
        r
        for c in p.outcome
        for r in (c.chance, c.pass_back)
        if r.kind == "play" and r.to == "attack"
    ]
    assert attack
    for r in attack:
        for end in ("north", "south"):
            sq = p.square(p.x_of(r.number), p.line_y(end, r.line))
            assert sq.green and sq.symbol != "lose", (r, end)
