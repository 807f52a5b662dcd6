"""Terminal play of Socceristic: a hot-seat match typed to the final whistle with physical dice
(directions, ends, corners and cards as typed commands, bad lines refused), and whole matches
against the coach."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from referee.service import Referee
from referee.terminal import TerminalGame, play

_BAD_FIRST = {  # bad lines (and help) typed the first time each kind of decision comes up
    "dice": ["roll 9"],
    "direction": ["direction up", "help"],
    "draw": ["draw two"],
    "end": ["end west"],
    "corner": ["corner north"],
}


class Typist:
    """Reads the question the terminal last asked and types an answer as a player would:
    physical dice as "roll 4" or "4 2", a direction by its words, "end north", "corner west",
    "draw"; the first time each kind of decision comes up, a bad line first."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        self.out, self.rng = out, random.Random(seed)
        self.bad = {kind: list(lines) for kind, lines in _BAD_FIRST.items()}
        self.typed: list[str] = []

    def question(self) -> str:
        text = self.out.getvalue()
        return text[text.rindex("\n\n") :]

    def kind(self, question: str) -> str:
        if re.search(r"Roll \d dic?e? and type", question):
            return "dice"
        first = re.search(r"^ +1\. (.+)$", question, flags=re.MULTILINE)
        label = first.group(1) if first else ""
        if label.startswith("defend the"):
            return "end"
        if label.endswith("corner"):
            return "corner"
        if label == "draw a card":
            return "draw"
        return "direction"

    def answer(self, question: str, kind: str) -> str:
        if kind == "dice":
            n = 2 if "Roll 2 dice" in question else 1
            dice = " ".join(str(self.rng.randint(1, 6)) for _ in range(n))
            return f"roll {dice}" if self.rng.random() < 0.5 else dice
        labels = re.findall(r"^ +\d+\. (.+)$", question, flags=re.MULTILINE)
        label = self.rng.choice(labels)
        if kind == "end":
            return f"end {label.split()[2]}"  # "defend the north end"
        if kind == "corner":
            return f"corner {label.split()[1]}"  # "the west corner"
        if kind == "draw":
            return "draw"
        words = label.split(",")[0]  # "north-east, 3 squares: ..."
        short = "".join(w[0] for w in words.split("-"))
        return self.rng.choice([words, short, f"direction {short}"])

    def __call__(self, prompt: str) -> str:
        question = self.question()
        kind = self.kind(question)
        bad = self.bad.get(kind)
        line = bad.pop(0) if bad else self.answer(question, kind)
        self.typed.append(line)
        return line


async def test_a_hot_seat_match_typed_to_the_end_with_physical_dice(referee: Referee) -> None:
    out = io.StringIO()
    typist = Typist(out, 1)
    terminal = TerminalGame(referee, read=typist, out=out)
    code = await terminal.run(
        ruleset="socceristic", dice="physical", seed=2, rules={"length": "30 moves"}
    )
    assert code == 0
    text = out.getvalue()
    assert text.lstrip().startswith("Socceristic: Player 1 (Home) v Player 2 (Away), physical")
    assert "Roll 1 die and type it" in text
    assert "! A die shows 1 to 6, not 9." in text
    assert "! Write it like this: end north (or end south)." in text
    assert "Name a direction: n, ne, e, se, s, sw, w or nw" in text
    assert '! Type "draw" to turn the top card over.' in text
    if "Corner! Choose the side" in text:  # a corner with its side unknown (a card's)
        assert "! Write it like this: corner west (or corner east)." in text
        assert re.search(r"Corner to (Home|Away) on the (west|east) side", text)
    assert re.search(r"chooses to defend the (north|south) end", text)
    assert "First half: " in text and "HALF TIME: " in text and "FULL TIME" in text
    assert "Score: Home " in text
    assert (
        "  Now: direction ne, or just ne or north-east (where the ball goes); or a number" in text
    )
    assert not any(typist.bad[kind] for kind in ("dice", "direction", "draw", "end"))
    assert any(line.startswith("roll ") for line in typist.typed)
    assert any(line.startswith("direction ") for line in typist.typed)


async def test_a_whole_match_against_the_coach(referee: Referee) -> None:
    out = io.StringIO()
    terminal = TerminalGame(referee, read=lambda prompt: "1", out=out)
    assert await terminal.run(ruleset="socceristic", vs_coach=True, seed=11) == 0
    text = out.getvalue()
    assert "You (Home) v Coach (Away), virtual dice" in text
    assert "Choose a direction for " in text  # the only choices of yours with virtual dice
    assert text.count("HALF TIME: ") == 1
    assert "FULL TIME" in text
    assert "wins." in text or "The match ends in a draw." in text
    assert "Dice seed: 11" in text
    # the team sheet and the figures at full time, as Discord's full-time report shows them
    sheet = text[text.index("\nStatistics:\n") :]
    assert "  Goals: Home " in sheet and "  Throw-ins: Home " in sheet


async def test_play_takes_the_match_options_and_refuses_bad_ones(tmp_path: Path) -> None:
    out = io.StringIO()
    rules = {"length": "5 moves", "squads": {"home": "Ann, Bob, Cy, Di, Ed, Flo, Gus, Hal, Ivy"}}
    code = await play(
        None, game="socceristic", vs_coach=True, seed=6, rules=rules, read=lambda p: "1", out=out
    )
    assert code == 0
    assert "FULL TIME" in out.getvalue()
    bad = io.StringIO()
    assert await play(None, game="socceristic", rules={"length": "lots"}, out=bad) == 1
    assert bad.getvalue().startswith("error: 'length' is a number of moves per half")
