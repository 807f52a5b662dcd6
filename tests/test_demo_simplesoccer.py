"""The offline demo of Simple Soccer (``python3 bot.py demo --game simplesoccer``)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import MalformedAction, RulesError
from referee.demo import run_demo
from referee.simplesoccer.demo import iter_match, parse_options
from referee.simplesoccer.frames import frames
from tests.test_demo import ROOT, run_bot

SUMMARY_FIELDS = (
    "game",
    "seed",
    "score",
    "winner",
    "turns",
    "shots",
    "saves",
    "shootout",
    "actions",
    "tackles",
    "intercepts",
    "headers",
    "fouls",
    "out_of_bounds",
)
ADVANCED_COUNTS = ("tackles", "intercepts", "headers", "fouls", "out_of_bounds")


def demo_text(
    seed: int, as_json: bool = True, out_dir: Path | None = None, options: str = ""
) -> str:
    out = io.StringIO()
    code = run_demo(
        seed=seed, as_json=as_json, out=out, out_dir=out_dir, game="simplesoccer", options=options
    )
    assert code == 0
    return out.getvalue()


def test_demo_is_deterministic() -> None:
    assert demo_text(3) == demo_text(3)
    assert demo_text(3) != demo_text(4)


def test_demo_json_summary_matches_the_match() -> None:
    text = demo_text(11)
    summary = json.loads(text.splitlines()[-1])
    assert set(SUMMARY_FIELDS) <= set(summary)
    assert summary["game"] == "simplesoccer" and summary["seed"] == 11
    steps = list(iter_match(11))  # the same coach and dice as the demo
    state = steps[-1][0]
    assert summary["score"] == state.score
    assert summary["winner"] == (("west", "east")[state.winner] if state.winner >= 0 else None)
    assert summary["turns"] == state.turns_played == 40
    assert summary["actions"] == len(steps)
    lines = text.splitlines()
    assert sum("Shot! " in line for line in lines) == sum(summary["shots"])
    assert sum(line.strip().startswith("Goal for ") for line in lines) == sum(state.score)
    assert f"Final score: West {state.score[0]}-{state.score[1]} East" in text
    if summary["shootout"] is None:
        assert state.score[0] != state.score[1]
    else:
        assert sum(summary["shootout"]["score"]) == sum(map(sum, summary["shootout"]["kicks"]))


def test_demo_tells_the_kick_off_every_turn_and_the_final_whistle() -> None:
    lines = demo_text(7, as_json=False).splitlines()
    assert lines[0].startswith("Simple Soccer demo match, seed 7: West and East are both played")
    assert "(standard board, 10 fielders a side, 40 turns)" in lines[0]
    assert lines[1].startswith("Kick-off: ") and "kicks off." in lines[1]
    turns = [int(m.group(1)) for line in lines if (m := re.match(r"Turn (\d+): ", line))]
    assert turns == list(range(1, 41))
    assert any(line.strip().startswith("Full time, ") for line in lines)
    assert lines[-1].startswith("Final score: ")


def test_demo_plays_the_match_options_given() -> None:
    text = demo_text(5, options="size=small length=score target=1")
    summary = json.loads(text.splitlines()[-1])
    assert summary["options"]["size"] == "small" and summary["options"]["fielders"] == 7
    assert summary["reason"] == "target" and max(summary["score"]) == 1
    assert "(small board, 7 fielders a side, first to 1 goal)" in text.splitlines()[0]
    halves = demo_text(5, options="turns=10 half_time=true")
    assert "(standard board, 10 fielders a side, 10 turns, two halves)" in halves
    assert re.search(r"Half time, \d+-\d+\.", halves)
    assert "Second half: " in halves


def test_a_basic_match_counts_no_tackles_interceptions_headers_fouls_or_balls_out() -> None:
    summary = json.loads(demo_text(11).splitlines()[-1])
    for key in ADVANCED_COUNTS:
        assert summary[key] == [0, 0]
    assert not any(summary["options"]["advanced"].values())


def test_the_demo_takes_the_advanced_rules_and_rule_names() -> None:
    assert parse_options("advanced -fouls size=small") == {
        "rules": "advanced",
        "size": "small",
        "options": "-fouls",
    }
    assert parse_options("tackles headers=on") == {"options": "tackles headers=on"}
    assert parse_options("basic") == {"rules": "basic"}
    text = demo_text(3, options="advanced -fouls -skills turns=12")
    first, last = text.splitlines()[0], text.splitlines()[-1]
    assert "advanced rules without fouls, skills" in first
    summary = json.loads(last)
    settings = summary["options"]["advanced"]
    assert summary["options"]["rules"] == "advanced"
    assert settings["tackles"] and not settings["fouls"] and not settings["skills"]
    for key in ADVANCED_COUNTS:  # each a count per team, West first
        assert len(summary[key]) == 2 and all(isinstance(n, int) and n >= 0 for n in summary[key])


def test_demo_refuses_rules_and_options_it_does_not_have() -> None:
    with pytest.raises(MalformedAction, match="'tackle' is not a rule. Did you mean tackles"):
        demo_text(1, options="tackle")
    with pytest.raises(RulesError, match="Simple Soccer has no option 'weather'"):
        demo_text(1, options="weather=rain")
    with pytest.raises(MalformedAction, match="'size' must be one of"):
        demo_text(1, options="size=huge")


def test_bot_demo_command() -> None:
    done = run_bot("demo", "--game", "simplesoccer", "--seed", "7", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["game"] == "simplesoccer" and summary["seed"] == 7
    assert done.stdout.startswith("Simple Soccer demo match, seed 7")
    done = run_bot(
        "demo", "--game", "simplesoccer", "--rules", "advanced", "--seed", "5", "--json",
        "--options", "turns=10", timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["options"]["rules"] == "advanced" and summary["turns"] == 10
    assert set(ADVANCED_COUNTS) <= set(summary)


def test_demo_writes_the_boards_and_the_replay(tmp_path: Path) -> None:
    from PIL import Image

    options = "size=small turns=16"
    text = demo_text(7, as_json=False, out_dir=tmp_path, options=options)
    boards = sorted(tmp_path.glob("*.png"))
    steps = [(s, ev) for s, _, ev in iter_match(7, parse_options(options))]
    turns = sum(1 for line in text.splitlines() if line.startswith("Turn "))
    assert len(boards) == len(frames(steps)) > turns  # the kick-off, every turn, every shot
    goals = sum(steps[-1][0].score)
    assert sum(1 for b in boards if b.name.endswith("-goal.png")) == goals
    assert boards[-1].name.endswith("-final.png")
    assert any(b.name.endswith("-kickoff.png") for b in boards)
    assert Image.open(boards[0]).size[0] >= 300
    gif = Image.open(tmp_path / "replay.gif")
    assert gif.n_frames == len(boards)
    assert f"Board images: {len(boards)} PNG files and replay.gif in {tmp_path}" in text


def test_bot_help_lists_simple_soccer_and_its_options() -> None:
    done = run_bot("demo", "--help", timeout=60)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "simplesoccer (Simple Soccer)," in text
    assert 'Simple Soccer: match options, e.g. "size=small length=score target=3' in text
    done = run_bot("play", "--help", timeout=60)
    assert "simplesoccer: size=small, length=score, target=3" in " ".join(done.stdout.split())


def test_bot_play_command_takes_the_advanced_rules() -> None:
    """``bot.py play --game simplesoccer --rules advanced``: the tackle is offered and typed."""
    lines = [
        "5", "2", "setup attacking", "setup balanced", "6 6", "kick 7 i5", "move 7 h5", "end",
        "tackle 7", "call odd", "3 4", "resign",
    ]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "bot.py", "play", "--game", "simplesoccer", "--rules", "advanced",
         "--options", "-intercepts -headers -bicycle -skills size=small", "--dice", "physical",
         "--seed", "3"],
        cwd=ROOT, env={**os.environ, "FUBA_NO_VENV": "1"}, input="\n".join(lines) + "\n",
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "East's number 7 wins the ball from West's number 7 with a tackle" in done.stdout
    bad = run_bot("play", "--game", "simplesoccer", "--options", "tackle", timeout=60)
    assert bad.returncode == 2 and "Did you mean tackles?" in bad.stderr
