"""Terminal play driven by scripted lines."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from referee.service import Referee
from referee.terminal import Reader, TerminalGame, play


def script(lines: Iterable[str]) -> Reader:
    """A reader like input() over ``lines``; EOFError at the end."""
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


async def test_hot_seat_with_physical_dice_and_bad_lines(referee: Referee, tmp_path: Path) -> None:
    out = io.StringIO()
    lines = [
        "formation 4-4-2",
        "shoot now",  # neither a number, a label nor a command
        "help",
        "3",  # East: the third card, 4-3-3
        "roll 9",  # not a die
        "roll 6",
        "2",  # East's roll, typed bare
        "kickoff west",
    ]
    terminal = TerminalGame(referee, read=script(lines), out=out, out_dir=tmp_path)
    assert await terminal.run(dice="physical", seed=1) == 0
    text = out.getvalue()
    assert "I do not know 'shoot'" in text
    assert "Or: undo, resign, help." in text  # the help
    assert "A die shows 1 to 6, not 9." in text
    assert "Formations: West 4-4-2, East 4-3-3" in text
    assert "West wins the kick-off roll 6-2" in text
    assert "West starts with the ball" in text
    assert text.rstrip().endswith("End of input: the match is left unfinished. Goodbye.")
    boards = sorted(tmp_path.glob("*.png"))
    assert len(boards) == 6  # the start, then one per accepted action
    assert boards[-1].read_bytes().startswith(b"\x89PNG")


async def test_undo_takes_back_a_move_of_the_side_to_act(referee: Referee) -> None:
    out = io.StringIO()
    lines = ["formation 4-4-2", "formation 4-4-2", "roll 6", "2", "kickoff west", "1", "1"]
    lines += ["undo", "move 1 2", "undo"]  # the setup is no move; the adjustment is
    terminal = TerminalGame(referee, read=script(lines), out=out)
    assert await terminal.run(dice="physical", seed=1) == 0
    text = out.getvalue()
    assert "! Nothing to take back: only your own moves in the current step" in text
    assert "West moves a player from 1 to 2" in text
    assert "Player 1 (West) takes back a move: a player 1 -> 2." in text
    assert text.count("Adjust your setup: move up to 2 more players") == 2  # again after undo


async def test_a_whole_match_against_the_coach(referee: Referee) -> None:
    out = io.StringIO()
    terminal = TerminalGame(referee, read=lambda prompt: "1", out=out)
    assert await terminal.run(vs_coach=True, seed=11) == 0
    text = out.getvalue()
    assert "FULL TIME" in text
    assert "Dice seed: 11" in text
    assert "wins." in text or "draw" in text


async def test_play_resumes_an_unfinished_match(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'play.sqlite3'}"
    first = io.StringIO()
    await play(database, seed=4, read=script(["formation 4-4-2"]), out=first)
    second = io.StringIO()
    await play(database, read=script(["resign"]), out=second)
    text = second.getvalue()
    assert "Resuming match #1" in text
    assert "Player 2 (East): Choose your formation" in text
    assert "Player 2 (East) resigns: Player 1 (West) wins." in text
    assert "Dice seed: 4" in text
