"""The full-time report's statistics fields: a long team sheet is split over several fields of
whole lines instead of being cut off (Discord refuses a field over 1,024 characters)."""

from __future__ import annotations

from cogs.play.messages import FIELD_MAX, statistics_fields
from referee.socceristic.demo import iter_match
from referee.socceristic.sheet import statistics

LONG = ", ".join(f"Player Number {n:02d} Xavier"[:24] for n in range(1, 17))


def long_sheet() -> list[str]:
    """A Socceristic team sheet of a coach match of 200 moves a half with 24-character names."""
    options = {"length": "200 moves", "squads": {"home": LONG, "away": LONG}}
    for seed in range(10):
        events = [e for _, _, evs in iter_match(seed, options) for e in evs]
        lines = statistics(events)
        if len("\n".join(lines)) > FIELD_MAX:
            return lines
    raise AssertionError("no team sheet longer than a field in ten matches")


def test_a_long_team_sheet_keeps_every_line_over_several_fields() -> None:
    lines = long_sheet()
    fields = statistics_fields(lines)
    assert len(fields) >= 2
    assert fields[0][0] == "Statistics"
    assert all(name == "Statistics (continued)" for name, _ in fields[1:])
    assert all(len(value) <= FIELD_MAX for _, value in fields)
    # every line whole and in order: the cards and the figures at the end included
    assert [line for _, value in fields for line in value.split("\n")] == lines
    assert any(line.startswith("Throw-ins: ") for line in fields[-1][1].split("\n"))


def test_a_short_report_is_one_field_as_before() -> None:
    assert statistics_fields(["Goals: Home 1, Away 0", "Corners: Home 3, Away 2"]) == [
        ("Statistics", "Goals: Home 1, Away 0\nCorners: Home 3, Away 2")
    ]
    assert statistics_fields([]) == []
