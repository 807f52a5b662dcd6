"""The offline demo of Socceristic (``python3 bot.py demo --game socceristic``)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from engine.core import MalformedAction, RulesError
from engine.socceristic.pitchfile import SAMPLE_DATA
from referee.demo import run_demo, run_demo_brief
from referee.socceristic.demo import iter_match
from referee.socceristic.frames import frames
from tests.test_demo import run_bot

SUMMARY_FIELDS = (
    "game", "seed", "options", "score", "winner", "shots", "chances", "penalties", "cards_drawn",
    "free_kicks", "corners", "throw_ins", "goal_kicks", "injuries", "scorers", "actions",
)  # fmt: skip
PER_TEAM = ("score", "shots", "chances", "penalties", "cards_drawn", "free_kicks", "corners",
            "throw_ins", "goal_kicks", "injuries")  # fmt: skip


def demo_text(
    seed: int, as_json: bool = True, out_dir: Path | None = None, options: str = ""
) -> str:
    out = io.StringIO()
    code = run_demo(
        seed=seed, as_json=as_json, out=out, out_dir=out_dir, game="socceristic", options=options
    )
    assert code == 0
    return out.getvalue()


def test_demo_is_reproducible_by_seed() -> None:
    assert demo_text(3) == demo_text(3)
    assert demo_text(3) != demo_text(4)


def test_demo_json_summary_matches_the_match() -> None:
    text = demo_text(11)
    summary = json.loads(text.splitlines()[-1])
    assert set(SUMMARY_FIELDS) <= set(summary)
    assert summary["game"] == "socceristic" and summary["seed"] == 11
    for key in PER_TEAM:  # [home, away]
        assert len(summary[key]) == 2 and all(isinstance(n, int) and n >= 0 for n in summary[key])
    steps = list(iter_match(11))  # the same coaches, dice and decks as the demo
    state = steps[-1][0]
    assert summary["score"] == state.score
    assert summary["winner"] == (("home", "away")[state.winner] if state.winner >= 0 else None)
    assert summary["actions"] == len(steps)
    for key in ("cards_drawn", "free_kicks", "corners", "injuries"):
        assert summary[key] == state.stats[key], key
    for key in ("throw_ins", "goal_kicks"):  # taken (the engine counts them when awarded)
        assert all(0 <= a - b <= 2 for a, b in zip(state.stats[key], summary[key], strict=True))
    shots = [state.stats["chances"][t] + state.stats["penalties"][t] for t in (0, 1)]
    assert summary["shots"] == shots
    assert len(summary["scorers"]) == sum(state.score)
    lines = text.splitlines()
    assert sum("GOAL! " in line for line in lines) == sum(state.score)
    assert sum("outcome card" in line.lower() for line in lines) + sum(
        "Referee's decision" in line for line in lines
    ) == sum(summary["cards_drawn"])
    assert f"Final score: Home {state.score[0]}-{state.score[1]} Away" in text


def test_demo_tells_every_move_of_both_halves_and_the_team_sheet() -> None:
    lines = demo_text(7, as_json=False).splitlines()
    pitch = SAMPLE_DATA["name"]  # the project's own sample, labelled as such
    assert lines[0] == (
        "Socceristic demo match, seed 7: Home and Away are both played by the coach "
        f"({pitch}, 50 moves a half)"
    )
    assert lines[1].startswith("Toss: ")
    for half in (1, 2):
        moves = {
            int(m.group(1))
            for line in lines
            if (m := re.match(rf"Half {half}, move (\d+): ", line))
        }
        assert moves == set(range(1, 51)), half
    assert sum(line.strip().startswith("HALF TIME: ") for line in lines) == 1
    assert any(line.strip().startswith("FULL TIME") for line in lines)
    sheet = lines.index("Team sheet:")
    assert lines[sheet - 1].startswith("Final score: Home ")
    assert lines[sheet + 1].startswith("  Goals: Home ")


def test_demo_plays_the_match_options_given() -> None:
    text = demo_text(
        5, options="length=8 home=Ann Lee, Bob, Cy, Di, Ed, Flo, Gus, Hal, Ivy, Jo, Kim"
    )
    summary = json.loads(text.splitlines()[-1])
    assert summary["options"]["length"] == {"moves": 8}
    assert "8 moves a half)" in text.splitlines()[0]
    assert not re.search(r"Half \d, move (9|[1-9]\d): ", text)
    home = [s for s in summary["scorers"] if s["team"] == "home" and not s["own_goal"]]
    names = ["Ann Lee", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim"]
    assert all(s["name"] == names[s["shirt"] - 1] for s in home)
    minutes = demo_text(5, options="length=3 minutes")
    assert "3 minutes a half + 5 added)" in minutes.splitlines()[0]
    assert re.search(r"^Half 1, minute 1: ", minutes, flags=re.MULTILINE)


def test_demo_refuses_options_it_does_not_have() -> None:
    with pytest.raises(RulesError, match="Socceristic has no option 'weather'"):
        demo_text(1, options="weather=rain")
    with pytest.raises(MalformedAction, match="'length' is a number of moves per half"):
        demo_text(1, options="length=forever")
    with pytest.raises(RulesError, match="KEY=VALUE"):
        demo_text(1, options="advanced")


def test_the_brief_demo_tells_the_goals() -> None:
    out = io.StringIO()
    assert run_demo_brief(7, out, game="socceristic") == 0
    lines = out.getvalue().splitlines()
    full = demo_text(7, as_json=False)
    goals = full.count("GOAL! ")
    assert lines[0].startswith("Socceristic demo match, seed 7")
    assert sum(line.strip().startswith("GOAL! ") for line in lines) == goals
    assert (
        lines[-1]
        == "The whole match, move by move: python3 bot.py demo --game socceristic --seed 7"
    )


def test_bot_demo_command() -> None:
    done = run_bot("demo", "--game", "socceristic", "--seed", "7", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["game"] == "socceristic" and summary["seed"] == 7
    assert done.stdout.startswith("Socceristic demo match, seed 7")
    done = run_bot(
        "demo", "--game", "socceristic", "--seed", "7", "--json", "--options", "length=10",
        timeout=120,
    )  # fmt: skip
    assert json.loads(done.stdout.strip().splitlines()[-1])["options"]["length"] == {"moves": 10}
    bad = run_bot("demo", "--game", "socceristic", "--options", "colour=red", timeout=60)
    assert bad.returncode == 2 and "Socceristic has no option 'colour'" in bad.stderr


def test_bot_play_refuses_bad_options_before_any_match() -> None:
    bad = run_bot("play", "--game", "socceristic", "--option", "length=lots", timeout=60)
    assert bad.returncode == 2 and "'length' is a number of moves per half" in bad.stderr
    bad = run_bot(
        "play", "--game", "socceristic", "--option", "pitch=/nonexistent.json", timeout=60
    )
    assert bad.returncode == 2 and "Cannot read the pitch file /nonexistent.json" in bad.stderr


def test_demo_writes_the_boards_and_the_replay(tmp_path: Path) -> None:
    from PIL import Image

    text = demo_text(7, as_json=False, out_dir=tmp_path, options="length=6")
    boards = sorted(tmp_path.glob("*.png"))
    steps = [(s, ev) for s, _, ev in iter_match(7, {"length": "6 moves"})]
    moves = sum(1 for line in text.splitlines() if re.match(r"Half \d, move \d+: ", line))
    assert len(boards) == len(frames(steps)) == moves + 1  # the toss, then every move
    goals = sum(steps[-1][0].score)
    assert sum(1 for b in boards if b.name.endswith("-goal.png")) == goals
    assert boards[-1].name.endswith("-final.png")
    assert any(b.name.endswith("-kickoff.png") for b in boards)
    assert Image.open(boards[0]).size[0] >= 300
    gif = Image.open(tmp_path / "replay.gif")
    assert gif.n_frames == len(boards)
    assert f"Board images: {len(boards)} PNG files and replay.gif in {tmp_path}" in text


def test_bot_help_lists_socceristic_and_its_options() -> None:
    done = run_bot("demo", "--help", timeout=60)
    text = " ".join(done.stdout.split())
    assert "socceristic (Socceristic); default fuba" in text
    assert 'Socceristic: "length=20 minutes home=Ann, Bob away=Cy"' in text
    done = run_bot("play", "--help", timeout=60)
    text = " ".join(done.stdout.split())
    assert "socceristic: length=30 (moves a half) or length='20 minutes'" in text
    assert "Socceristic: Away) is played by the coach" in text
