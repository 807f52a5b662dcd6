"""`python3 bot.py play --rules/--options`: FUBA's advanced rules for a terminal match, refused
clearly (exit 2, before any database) when a word is no rule or the game is not FUBA."""

from __future__ import annotations

import pytest

from bot import main


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "--options", "roles"], "Player roles needs condition points"),
        (["play", "--rules", "advanced", "--options=-handball"], "no advanced rule 'handball'"),
        (
            ["play", "--game", "dicesoccer", "--rules", "advanced"],
            "--rules and --options are FUBA's",
        ),
        (["play", "--skills", "3"], "paid for with condition points"),
        (["play", "--rules", "advanced", "--skills", "7"], "from 0 to 5"),
    ],
)
def test_bad_rules_are_refused_before_the_match(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert said in capsys.readouterr().err


def test_the_rules_reach_the_terminal_match(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.terminal

    seen: dict[str, object] = {}

    async def play(database: object, **kwargs: object) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(referee.terminal, "play", play)
    assert main(["play", "--rules", "advanced", "--options", "-weather -var"]) == 0
    rules = seen["rules"]
    assert isinstance(rules, dict)
    assert rules["advanced"][0] == "condition" and "weather" not in rules["advanced"]


def test_skills_reach_the_terminal_match(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.terminal

    seen: dict[str, object] = {}

    async def play(database: object, **kwargs: object) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(referee.terminal, "play", play)
    assert main(["play", "--rules", "advanced", "--skills", "3"]) == 0
    rules = seen["rules"]
    assert isinstance(rules, dict) and rules["skills"] == 3 and "condition" in rules["advanced"]
