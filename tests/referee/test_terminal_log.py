"""Terminal play writes the finished match's action log beside its boards (``--out``), to check
its dice with ``python3 bot.py verify``."""

from __future__ import annotations

import io
from pathlib import Path

from referee.service import Referee
from referee.terminal import TerminalGame
from referee.verify import read, verify
from tests.referee.test_terminal import script


async def test_the_log_is_written_at_the_final_whistle(referee: Referee, tmp_path: Path) -> None:
    out = io.StringIO()
    lines = ["formation 4-4-2", "resign"]
    terminal = TerminalGame(referee, read=script(lines), out=out, out_dir=tmp_path)
    assert await terminal.run(vs_coach=True, seed=12) == 0
    [log_path] = tmp_path.glob("match-*-log.json")
    assert f"Action log: {log_path} (check its dice: python3 bot.py verify {log_path})" in (
        out.getvalue()
    )
    log = read(log_path.read_bytes())
    assert log["seed"] == "12" and log["result"]["reason"] == "resigned"
    assert verify(log).ok and verify(log).rolls  # the kick-off rolls


async def test_no_log_without_an_output_directory(referee: Referee, tmp_path: Path) -> None:
    out = io.StringIO()
    lines = ["formation 4-4-2", "resign"]
    assert await TerminalGame(referee, read=script(lines), out=out).run(vs_coach=True) == 0
    assert "Dice seed:" in out.getvalue() and "Action log" not in out.getvalue()  # full time
