"""Terminal play of Sports Dice Soccer, driven by scripted lines."""

from __future__ import annotations

import io
from pathlib import Path

from referee.service import Referee
from referee.terminal import TerminalGame, play
from tests.referee.test_terminal import script


async def test_hot_seat_physical_dice_as_numbers_and_symbols(referee: Referee) -> None:
    out = io.StringIO()
    lines = [
        "roll B",  # the toss needs numbers
        "roll 5",
        "3",  # Black's toss die, typed bare
        "start midfield",
        "start offense",
        "roll B B K P R R",  # White's dice show symbols
        "shoot",  # neither a number, a label nor a command
        "help",
        "BBBBBK",  # Black's, typed bare as letters
        "roll 1 1 4 4 4 4",  # White: four kicks
        "2 2 5 6 3 5",  # Black: three balls
    ]
    terminal = TerminalGame(referee, read=script(lines), out=out)
    assert await terminal.run(ruleset="dicesoccer", dice="physical", seed=1) == 0
    text = out.getvalue()
    assert "Sports Dice Soccer: Player 1 (White) v Player 2 (Black), physical dice." in text
    assert "! The Power Chip toss is decided by numbers" in text
    assert "Power Chip toss: White 5, Black 3: White wins the toss." in text
    assert "! Write it like this: start offense (or start defense)." in text
    assert "White chooses to start on offense" in text
    assert 'type them as letters, e.g. "B B K P R R"' in text  # the dice hint
    assert "White rolls for the play: ball, ball, kick, penalty, red card, red card" in text
    assert "! I do not know 'shoot'" in text
    assert "chip use|keep" in text and "Or: undo, resign, help." in text  # the help
    # ... which starts with the commands of the decision at hand: Black's roll
    assert text.index("Now: roll 5 2 1 6 3 3") < text.index("Or: undo, resign, help.")
    assert (
        "White rolls 2 balls and 2 red cards, Black rolls 5 balls: Black wins the roll 5-2 and "
        "pushes the ball back 2 sections." in text
    )
    assert "White rolls 4 kicks, Black rolls 3 balls: White wins the roll 4-3" in text
    assert text.rstrip().endswith("End of input: the match is left unfinished. Goodbye.")


async def test_chip_and_pick_typed(referee: Referee, tmp_path: Path) -> None:
    out = io.StringIO()
    lines = ["6", "1", "start offense", "B B B K K K", "B B K K P P", "pick kick"]
    lines += ["B B B K P R", "B B B K P R", "chip use", "resign"]
    terminal = TerminalGame(referee, read=script(lines), out=out, out_dir=tmp_path)
    assert await terminal.run(ruleset="dicesoccer", dice="physical", seed=2) == 0
    boards = sorted(tmp_path.glob("*.png"))
    assert len(boards) == 11  # the start, then one per line (all accepted)
    assert all(b.read_bytes().startswith(b"\x89PNG") for b in boards)
    text = out.getvalue()
    assert "White wins the roll 3-2; White picks its play." in text
    assert "White plays its kicks and takes a shot at goal." in text
    assert "A tie (3 balls each): use the Power Chip" in text
    assert "shoots: 3 balls against 3; Black uses the Power Chip: Black stops it." in text
    assert "Player 1 (White) resigns: Player 2 (Black) wins." in text
    assert "Score: White 0 - Black 0" in text


async def test_a_whole_match_against_the_coach(referee: Referee) -> None:
    out = io.StringIO()
    terminal = TerminalGame(referee, read=lambda prompt: "1", out=out)
    assert await terminal.run(ruleset="dicesoccer", vs_coach=True, seed=11) == 0
    text = out.getvalue()
    assert "You (White) v Coach (Black), virtual dice" in text
    assert "FULL TIME" in text
    assert "wins." in text
    assert "Dice seed: 11" in text


async def test_play_opens_a_database_for_the_game(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'play.sqlite3'}"
    out = io.StringIO()
    code = await play(database, game="dicesoccer", seed=4, read=script(["1"]), out=out)
    assert code == 0
    text = out.getvalue()
    assert text.lstrip().startswith("Sports Dice Soccer: Player 1 (White) v Player 2 (Black)")
    assert "chooses to start on offense" in text


async def test_match_options_advanced_rule_and_a_bad_option(tmp_path: Path) -> None:
    out = io.StringIO()
    rules = {"advanced": "true", "target_score": "1"}
    code = await play(
        None, game="dicesoccer", vs_coach=True, seed=3, rules=rules, read=lambda p: "1", out=out
    )
    assert code == 0
    text = out.getvalue()
    assert "re-roll die 1, 2" in text  # the advanced rule's choices
    assert "keeps its dice and the Power Chip" in text
    assert "FULL TIME" in text
    assert "Score: White 1 - Black 0" in text or "Score: White 0 - Black 1" in text
    bad = io.StringIO()
    assert await play(None, game="dicesoccer", rules={"sections": "9"}, out=bad) == 1
    assert bad.getvalue() == "error: 'sections' must be a whole number from 1 to 6.\n"
