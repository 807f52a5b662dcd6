"""The offline demo of Sports Dice Soccer (``python3 bot.py demo --game dicesoccer``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.core import RulesError
from engine.dicesoccer.coach import play_match
from referee.demo import run_demo
from tests.test_demo import run_bot

SUMMARY_FIELDS = (
    "game",
    "seed",
    "score",
    "winner",
    "play_rolls",
    "rolls_won",
    "goals_by",
    "shots",
    "free_kicks",
    "chip_uses",
    "red_cards_against",
    "actions",
)


def demo_text(seed: int, as_json: bool = True, out_dir: Path | None = None) -> str:
    out = io.StringIO()
    assert run_demo(seed=seed, as_json=as_json, out=out, out_dir=out_dir, game="dicesoccer") == 0
    return out.getvalue()


def test_demo_is_deterministic() -> None:
    assert demo_text(3) == demo_text(3)
    assert demo_text(3) != demo_text(4)


def test_demo_json_summary_matches_the_match() -> None:
    text = demo_text(11)
    summary = json.loads(text.splitlines()[-1])
    assert set(SUMMARY_FIELDS) <= set(summary)
    assert summary["game"] == "dicesoccer" and summary["seed"] == 11
    state, actions, events = play_match(11)  # the same coach and dice as the demo
    assert summary["score"] == state.score
    assert summary["winner"] == ("white", "black")[state.winner]
    assert summary["actions"] == len(actions)
    assert summary["play_rolls"] == state.exchanges
    goals = [sum(summary["goals_by"][t].values()) for t in (0, 1)]
    assert goals == state.score
    assert f"Final score: White {state.score[0]}-{state.score[1]} Black" in text


def test_demo_tells_the_toss_the_kickoff_every_roll_and_the_final_whistle() -> None:
    lines = demo_text(7, as_json=False).splitlines()
    assert lines[0].startswith("Sports Dice Soccer demo match, seed 7")
    assert lines[1].startswith("Toss: Power Chip toss: ")
    assert lines[2].startswith("Kick-off: ") and "chooses to start on" in lines[2]
    assert lines[3].startswith("Roll 1: ")
    rolls = [line for line in lines if line.startswith("Roll ")]
    assert [int(line.split()[1].rstrip(":")) for line in rolls] == list(range(1, len(rolls) + 1))
    assert any("FULL TIME" in line for line in lines)
    assert lines[-1].startswith("Final score: ")


def test_unknown_game() -> None:
    with pytest.raises(RulesError, match="Unknown game 'chess'; this bot knows: dicesoccer, fuba"):
        run_demo(seed=1, as_json=False, out=io.StringIO(), game="chess")


def test_bot_demo_command_with_game() -> None:
    done = run_bot("demo", "--game", "dicesoccer", "--seed", "7", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["game"] == "dicesoccer" and summary["seed"] == 7
    assert done.stdout.startswith("Sports Dice Soccer demo match, seed 7")


def test_bot_help_lists_the_games() -> None:
    for command in ("demo", "play"):
        done = run_bot(command, "--help", timeout=60)
        assert done.returncode == 0, done.stderr
        text = " ".join(done.stdout.split())
        assert (
            "fuba (FUBA), dicesoccer (Sports Dice Soccer), simplesoccer (Simple Soccer), "
            "socceristic (Socceristic); default fuba"
        ) in text


def test_demo_writes_the_boards_and_the_replay(tmp_path: Path) -> None:
    from PIL import Image

    text = demo_text(7, as_json=False, out_dir=tmp_path)
    boards = sorted(tmp_path.glob("*.png"))
    rolls = sum(1 for line in text.splitlines() if line.startswith("Roll "))
    assert len(boards) == rolls + 2  # the toss, the kick-off, every roll
    assert boards[-1].name.endswith("-final.png")
    assert any(b.name.endswith("-goal.png") for b in boards)
    gif = Image.open(tmp_path / "replay.gif")
    assert gif.n_frames == len(boards)
    assert f"Board images: {len(boards)} PNG files and replay.gif in {tmp_path}" in text
