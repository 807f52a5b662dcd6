"""`python3 bot.py verify LOGFILE`: what it prints and its exit codes (0 all match, 1 a roll or
the seed does not, 2 not a readable log)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bot
from referee import match_log
from referee.service import Referee
from store.repository import MatchStore
from tests.referee.conftest import ADA, COACH_SEATS
from tests.referee.test_match_log import CHANNEL, ada_plays
from tests.test_demo import run_bot


@pytest.fixture
async def logfile(referee: Referee, store: MatchStore, tmp_path: Path) -> Path:
    """The downloaded log of a short match against the coach (Ada resigns)."""
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, coach_side="east", seed=2024)
    out = await ada_plays(referee, out, 10)
    out = await referee.resign(CHANNEL, ADA)
    path = tmp_path / match_log.filename(out.match_id)
    path.write_bytes(match_log.dumps(await match_log.export(store, out.match_id)))
    return path


def test_a_true_log_passes(logfile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["verify", str(logfile)]) == 0
    out = capsys.readouterr().out
    assert "dice seed 2024" in out and "compare it with the one shown at kick-off" in out
    assert ": matches." in out and "does NOT" not in out
    assert out.rstrip().splitlines()[-1].startswith("OK: the seed matches its hash and all")


def test_a_changed_die_fails_naming_the_roll(
    logfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = json.loads(logfile.read_text())
    target = [a for a in log["actions"] if a.get("virtual")][1]
    before = target["args"]["dice"][0]
    target["args"]["dice"][0] = before % 6 + 1
    logfile.write_text(json.dumps(log))

    assert bot.main(["verify", str(logfile)]) == 1
    out = capsys.readouterr().out
    assert f"the first is action {target['number']}" in out
    assert f"Action {target['number']} (" in out and "does NOT match: the seed gives" in out
    assert out.rstrip().endswith("FAILED: this log does not match its dice seed.")


def test_a_wrong_seed_fails(logfile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = json.loads(logfile.read_text())
    logfile.write_text(json.dumps({**log, "seed": "2025"}))
    assert bot.main(["verify", str(logfile)]) == 1
    assert "The seed does NOT match the log's SHA-256" in capsys.readouterr().out


def test_an_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.json"
    assert bot.main(["verify", str(missing)]) == 2
    assert "cannot read" in capsys.readouterr().err
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x89PNG not a log")
    assert bot.main(["verify", str(garbage)]) == 2
    assert "not an action log" in capsys.readouterr().err


def test_the_command_line(logfile: Path) -> None:
    """The real `python3 bot.py verify` process: its exit code is the verdict."""
    done = run_bot("verify", str(logfile), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "OK:" in done.stdout
