"""Terminal play against the coach at a level (`python3 bot.py play --vs-coach --level`), and
the chances to win after each step."""

from __future__ import annotations

import io

import pytest

from bot import main
from referee.terminal import play
from tests.referee.test_terminal import script


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COACH_BUDGET", "0.01")  # seconds the strong coach thinks


@pytest.mark.parametrize("game", ["fuba", "dicesoccer", "simplesoccer", "socceristic"])
async def test_the_strong_coach_at_the_terminal(game: str) -> None:
    out = io.StringIO()
    assert await play(None, game=game, vs_coach=True, level="strong", read=script([]), out=out) == 0
    text = out.getvalue()
    assert "Coach (" in text and ", strong), virtual dice" in text.splitlines()[0]
    assert "End of input" in text


async def test_each_step_shows_the_chances() -> None:
    out = io.StringIO()
    lines = ["formation 4-4-2", "resign"]
    assert await play(None, vs_coach=True, level="easy", seed=3, read=script(lines), out=out) == 0
    text = out.getvalue()
    assert "Coach (East, easy)" in text.splitlines()[0]
    chances = [line.strip() for line in text.splitlines() if "Chances: " in line]
    assert len(chances) == 2  # at the start and after the formations, none at the end
    assert all(line.startswith("Chances: You ") and ", draw " in line for line in chances)
    assert "You (West) resign: Coach (East) wins." in text


def test_the_level_reaches_the_terminal_match(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.terminal

    seen: dict[str, object] = {}

    async def fake(database: object, **kwargs: object) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(referee.terminal, "play", fake)
    assert main(["play", "--vs-coach", "--level", "strong"]) == 0
    assert seen["level"] == "strong" and seen["vs_coach"] is True
    assert main(["play", "--vs-coach"]) == 0
    assert seen["level"] == "normal"


def test_a_level_needs_the_coach(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", "easy"]) == 2
    assert "--level is the coach's" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--vs-coach", "--level", "grandmaster"])
