"""`python -m bench socceristic`: the football figures of coach-vs-coach matches, on the sample
or on an owner's pitch file."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from bench import socceristic
from engine.socceristic.pitchfile import SAMPLE_DATA

LINE = re.compile(r"^([a-z_]+): (\d+(?:\.\d+)?) ([a-z%/ -]+)$")


def figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> dict[str, float]:
    monkeypatch.setattr(sys, "argv", ["python -m bench socceristic", *args])
    assert socceristic.main() == 0
    out: dict[str, float] = {}
    for line in capsys.readouterr().out.splitlines():
        m = LINE.match(line)
        assert m, line
        out[m.group(1)] = float(m.group(2))
    return out


def test_prints_every_figure_of_the_brief(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    got = figures(monkeypatch, capsys, "--matches", "3", "--moves", "10")
    for key in (
        "goals_per_match",
        "chances_per_match",
        "corners_per_match",
        "free_kicks_per_match",
        "penalties_per_match",
        "throw_ins_per_match",
        "goal_kicks_per_match",
        "possession_changes_per_match",
        "cards_drawn_per_match",
        "injuries_per_match",
        "cautions_per_match",
        "draws_pct",
        "matches_per_s",
    ):
        assert key in got, key
    assert got["matches"] == 3
    assert got["cards_drawn_per_match"] > 0 and 0 <= got["draws_pct"] <= 100


def test_a_longer_half_plays_more(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    short = figures(monkeypatch, capsys, "--matches", "4", "--moves", "5")
    long = figures(monkeypatch, capsys, "--matches", "4", "--moves", "40")
    assert long["possession_changes_per_match"] > short["possession_changes_per_match"]


def test_an_owners_pitch_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(json.dumps(SAMPLE_DATA))
    for card in data["decks"]["outcome"]:
        card["chance"] = {"kind": "goal", "text": "Every chance goes in"}
    path = tmp_path / "pitch.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    got = figures(monkeypatch, capsys, "--matches", "3", "--moves", "20", "--pitch", str(path))
    assert got["goals_per_match"] >= got["chances_per_match"] > 0
