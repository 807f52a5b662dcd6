"""Terminal play driven by scripted lines."""

from __future__ import annotations

import io
import re
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


TO_FIRST_ACTION = [
    "formation 4-4-2",
    "formation 4-4-2",
    "roll 6",
    "2",
    "kickoff west",
    "1",  # West's kick-off setup
    "1",  # East's
    "done",  # West keeps its setup
    "target 7",
    "roll 5 3",  # West keeps the ball and acts first
]


def block(text: str, heading: str) -> list[str]:
    """The lines shown under the last prompt ``heading``, up to the next empty line."""
    start = text.rindex(heading)
    return text[start:].split("\n\n")[0].splitlines()[1:]


async def test_the_choice_list_shows_actions_first_then_moves_grouped_by_area(
    referee: Referee,
) -> None:
    out = io.StringIO()
    terminal = TerminalGame(referee, read=script(TO_FIRST_ACTION), out=out)
    assert await terminal.run(dice="physical", seed=1) == 0
    lines = block(out.getvalue(), "Choose your action; free movements first if you like.")
    assert [line.strip() for line in lines[:3]] == ["Actions:", "1. move", "2. position"]
    assert lines[3] == "  Moves, by the area they start from:"
    rows: list[str] = []
    for line in lines[4:]:  # a long row goes on in the next line
        rows.append(line) if line.strip().startswith("from ") else rows.append(rows.pop() + line)
    assert [row.split(":")[0].strip() for row in rows] == [f"from {a}" for a in range(1, 8)]
    assert len(lines) < 15  # not one line for each of the 29 moves
    assert max(len(line) for line in lines) <= 100
    # every move of a row starts in that row's area, numbered on from the actions
    assert "3. player 1 -> 2" in rows[0] and "6. goalkeeper 2 -> 1" in rows[1]
    numbers = [int(w.rstrip(".")) for row in rows for w in row.split() if w.endswith(".")]
    assert numbers == list(range(3, 3 + len(numbers)))
    for row in rows:
        area = row.split(":")[0].split()[-1]
        labels = row.split(":", 1)[1]
        assert labels.count(f" {area} -> ") == labels.count(" -> ")


async def test_a_number_from_the_grouped_list_plays_the_move_shown_next_to_it(
    referee: Referee,
) -> None:
    out = io.StringIO()
    scripted = script(TO_FIRST_ACTION)
    typed: list[str] = []

    def read(prompt: str) -> str:
        try:
            return scripted(prompt)
        except EOFError:
            if typed:
                raise
        shown = block(out.getvalue(), "Choose your action")
        typed.extend(re.findall(r"(\d+)\. player 7 -> 8\b", "\n".join(shown)))
        return typed[-1]

    terminal = TerminalGame(referee, read=read, out=out)
    assert await terminal.run(dice="physical", seed=1) == 0
    assert int(typed[0]) > 2  # after the two actions
    assert "West moves a player from 7 to 8" in out.getvalue()


async def test_help_shows_the_commands_for_the_decision_at_hand_first(referee: Referee) -> None:
    out = io.StringIO()
    terminal = TerminalGame(referee, read=script([*TO_FIRST_ACTION, "help"]), out=out)
    assert await terminal.run(dice="physical", seed=1) == 0
    text = out.getvalue()
    helped = text[text.index("Choose your action") :]
    now = helped.index("Now: action goal|move|position|press")
    assert "move 7 8 [count] [ball] [gk]" in helped[now : helped.index("\n", now)]
    assert now < helped.index("Or: undo, resign, help.")  # the full list comes after
    setup = text[: text.index("Choose the target area")]
    assert "Now:" not in setup  # help was asked only once


async def test_one_die_is_typed_as_it_and_you_resign(referee: Referee) -> None:
    out = io.StringIO()
    lines = ["formation 4-4-2", "roll 6", "resign"]
    terminal = TerminalGame(referee, read=script(lines), out=out)
    assert await terminal.run(dice="physical", vs_coach=True, seed=1) == 0
    text = out.getvalue()
    assert 'Roll 1 die and type it, e.g. "5".' in text
    assert "You (West) resign: Coach (East) wins." in text
    assert "resigns" not in text and "type them" not in text
