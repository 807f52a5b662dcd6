"""Terminal play: the referee at one keyboard (hot-seat for two, or one person against the coach).

``python3 bot.py play [--game NAME] [--vs-coach [--level easy|normal|strong]]
[--dice virtual|physical] [--seed N] [--out DIR]``. It goes through ``referee.service.Referee``
exactly as the Discord commands do, for any registered game (``referee.games``). Input and
output are injectable, so tests drive it with scripted lines.

For the side to decide it lists the legal choices numbered, the actions first and then the
moves grouped by the area they start from; type a number, a choice's label, or one of the game's
typed commands (``help`` lists those for the decision at hand, then all), such as (physical
dice) ``roll 5 2``.
``undo`` takes back the side's last move of the step where the game allows it, ``resign`` gives
up, and end of input (Ctrl-D) leaves the match unfinished. After each step a line gives each
side's chances to win, as spectators would see them (where the game has an estimate).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.core import Choice, MalformedAction, RulesError
from engine.core.levels import NORMAL
from engine.core.winprob import Chances
from referee import games, match_log, stats
from referee.errors import RefereeError
from referee.service import Outcome, Prompt, Referee
from store.errors import StoreError
from store.repository import Seat

Reader = Callable[[str], str]  # like input(): returns a line, raises EOFError at the end
GUILD, CHANNEL = 0, 1  # the terminal's pretend server and channel
PLAYERS = (1, 2)  # user ids of the two people (hot-seat)
COACH_USER = 0  # the coach's seat
WIDTH = 100  # the moves of one area wrap at this many characters
MAX_LISTED = 100  # more choices of one kind than this are typed, not numbered


def chances_text(chances: Chances, outcome: Outcome) -> str:
    """Each side's chance to win and of a draw, in whole percents, the players named.

    >>> from types import SimpleNamespace
    >>> from referee import games
    >>> out = SimpleNamespace(game=games.get("fuba"), names={"west": "You", "east": "Coach"})
    >>> chances_text(Chances((0.62, 0.17), 0.21), out)
    'Chances: You 62%, draw 21%, Coach 17%'
    """
    first, second = (outcome.names[side] for side in outcome.game.ruleset.sides)
    a, draw, b = chances.percents()
    return f"Chances: {first} {a}%, draw {draw}%, {second} {b}%"


def is_move(choice: Choice) -> bool:
    """A choice that takes a piece from one area to another."""
    return "from" in choice.action.args and "to" in choice.action.args


def crowded(choices: list[Choice]) -> list[str]:
    """The kinds of action with too many choices to number (every square a Simple Soccer
    member can reach): the player types those as commands."""
    counts = Counter(c.action.kind for c in choices if not is_move(c))
    return [kind for kind, n in counts.items() if n > MAX_LISTED]


def arranged(choices: list[Choice]) -> list[Choice]:
    """The choices in the order they are numbered: every other choice first (the actions,
    "done"), then the moves grouped by the area they start from, in the game's order; the
    crowded kinds are left out."""
    groups: dict[Any, list[Choice]] = {}
    for choice in choices:
        if is_move(choice):
            groups.setdefault(choice.action.args["from"], []).append(choice)
    left_out = set(crowded(choices))
    others = [c for c in choices if not is_move(c) and c.action.kind not in left_out]
    return others + [c for g in groups.values() for c in g]


class TerminalGame:
    """One match played at the terminal."""

    def __init__(
        self,
        referee: Referee,
        *,
        read: Reader = input,
        out: TextIO,
        out_dir: Path | None = None,
    ) -> None:
        self.referee = referee
        self.read = read
        self.out = out
        self.out_dir = out_dir
        self.boards = 0

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    async def run(
        self,
        *,
        ruleset: str = games.DEFAULT,
        vs_coach: bool = False,
        dice: str = "virtual",
        seed: int | None = None,
        rules: dict[str, Any] | None = None,
        level: str = NORMAL,
    ) -> int:
        """Play until the final whistle, a resignation or the end of input; returns 0.
        ``rules`` are the game's own match options (``Referee.start_match``); ``level`` the
        coach's (with ``vs_coach``)."""
        game = games.get(ruleset)
        first, second = game.ruleset.sides
        active = await self.referee.store.active_match(CHANNEL)
        if active is not None:
            await self.referee.move_on(active)  # a thinking coach left to decide
            outcome = await self.referee.current(CHANNEL)
            self.say(f"Resuming match #{outcome.match_id} (dice seed SHA-256 {outcome.seed_hash}).")
            return await self.loop(outcome)
        if vs_coach:
            seats = [Seat(first, PLAYERS[0], "You"), Seat(second, COACH_USER, "Coach")]
        else:
            seats = [Seat(first, PLAYERS[0], "Player 1"), Seat(second, PLAYERS[1], "Player 2")]
        outcome = await self.referee.start_match(
            GUILD,
            CHANNEL,
            seats,
            ruleset=ruleset,
            dice=dice,
            coach_side=second if vs_coach else None,
            seed=seed,
            rules=rules,
            coach_level=level,
        )
        return await self.loop(outcome)

    async def loop(self, outcome: Outcome) -> int:
        await self.show(outcome)
        while not outcome.over:
            try:
                outcome = await self.turn(outcome)
            except EOFError:
                self.say("\nEnd of input: the match is left unfinished. Goodbye.")
                return 0
        self.finish(outcome)
        await self.show_statistics(outcome)
        await self.write_log(outcome)
        return 0

    async def show_statistics(self, outcome: Outcome) -> None:
        """The game's statistics of a played match, as the full-time report shows them in
        Discord (Socceristic's team sheet: scorers, substitutions, cards...)."""
        if (outcome.result or {}).get("reason") == "aborted":
            return
        lines = await stats.statistics(self.referee.store, outcome.match_id)
        if lines:
            self.say("Statistics:")
            for line in lines:
                self.say(f"  {line}")

    async def write_log(self, outcome: Outcome) -> None:
        """With ``out_dir``: the action log of the finished match, to check its dice with
        ``python3 bot.py verify`` (docs/dice.md)."""
        if self.out_dir is None or (outcome.result or {}).get("reason") == "aborted":
            return
        log = await match_log.export(self.referee.store, outcome.match_id)
        path = self.out_dir / match_log.filename(outcome.match_id)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path.write_bytes(match_log.dumps(log))
        self.say(f"Action log: {path} (check its dice: python3 bot.py verify {path})")

    async def turn(self, outcome: Outcome) -> Outcome:
        """Ask the side to decide until it gives an action the referee accepts."""
        prompt = outcome.next[0]
        legal = await self.referee.legal_choices(CHANNEL, prompt.user_id, side=prompt.side)
        choices = arranged(legal)
        self.ask(prompt, choices, outcome.game.dice_hint)
        self.typed_kinds(outcome, prompt, crowded(legal))
        while True:
            line = self.read("> ").strip()
            if not line:
                continue
            try:
                result = await self.answer(outcome, prompt, choices, line)
            except (RefereeError, RulesError, StoreError) as exc:
                self.say(f"  ! {exc}")
                continue
            if result is None:  # help
                self.help(outcome, prompt)
                self.ask(prompt, choices, outcome.game.dice_hint)
                continue
            await self.show(result)
            return result

    async def answer(
        self, outcome: Outcome, prompt: Prompt, choices: list[Choice], line: str
    ) -> Outcome | None:
        words = line.lower().split()
        if words[0] in ("help", "?"):
            return None
        if words[0] == "resign":
            return await self.referee.resign(CHANNEL, prompt.user_id, side=prompt.side)
        if words[0] == "undo":
            return await self.referee.undo(CHANNEL, prompt.user_id, side=prompt.side)
        kind, args = self.parse(outcome, prompt, choices, line)
        return await self.referee.act(CHANNEL, prompt.user_id, kind, args, side=prompt.side)

    def parse(
        self, outcome: Outcome, prompt: Prompt, choices: list[Choice], line: str
    ) -> tuple[str, dict[str, Any]]:
        """A numbered choice, a choice's label, typed dice, or a typed command."""
        words = line.split()
        if prompt.dice:
            if words[0].lower() == "roll":
                return "roll", {"dice": " ".join(words[1:])}
            if all(w.isdigit() for w in words):
                return "roll", {"dice": line}
        if line.isdigit() and choices:
            index = int(line)
            if not 1 <= index <= len(choices):
                raise MalformedAction(f"Choose a number from 1 to {len(choices)}.")
            action = choices[index - 1].action
            return action.kind, dict(action.args)
        for choice in choices:
            if choice.label.lower() == line.lower():
                return choice.action.kind, dict(choice.action.args)
        return outcome.game.parse(line)

    def help(self, outcome: Outcome, prompt: Prompt) -> None:
        """The commands for the decision at hand first, then every command."""
        usage = outcome.game.usage.get("roll" if prompt.dice else prompt.kind)
        if usage:
            self.say(f"  Now: {usage}; or a number from the list.")
        self.say(f"  {outcome.game.commands} Or: undo, resign, help.")

    def typed_kinds(self, outcome: Outcome, prompt: Prompt, kinds: list[str]) -> None:
        """How to type the choices too many to number."""
        if kinds:
            usage = outcome.game.usage.get(prompt.kind) or ", ".join(kinds)
            self.say(f"  Or type: {usage}")

    def ask(self, prompt: Prompt, choices: list[Choice], dice_hint: str = "") -> None:
        self.say(f"\n{prompt.who}: {prompt.text}")
        if prompt.dice:
            n = prompt.dice
            example = " ".join(["5", "2", "3"][:n]) if n <= 3 else "5 2 ..."
            hint = f" {dice_hint}" if dice_hint and n > 1 else ""
            self.say(
                f"  Roll {n} {'die' if n == 1 else 'dice'} and type {'it' if n == 1 else 'them'}, "
                f'e.g. "{example}".{hint}'
            )
        self.list_choices(choices)
        if prompt.secret:
            self.say("  (secret: the other player should look away)")

    def list_choices(self, choices: list[Choice]) -> None:
        """One line per choice, or (when there are moves) the other choices under "Actions"
        and then one line of moves per starting area, wrapped at ``WIDTH``."""
        numbered = list(enumerate(choices, 1))
        moves = [(i, c) for i, c in numbered if is_move(c)]
        if moves:
            self.say("  Actions:")
        for i, choice in numbered[: len(numbered) - len(moves)]:
            self.say(f"  {'   ' if moves else ''}{i:>2}. {choice.label}")
        if not moves:
            return
        self.say("  Moves, by the area they start from:")
        rows: dict[Any, list[str]] = {}
        for i, choice in moves:
            rows.setdefault(choice.action.args["from"], []).append(f"{i:>2}. {choice.label}")
        for area, entries in rows.items():
            head = f"    from {area}:"
            line = head
            for entry in entries:
                if line != head and len(line) + 3 + len(entry) > WIDTH:
                    self.say(line)
                    line = " " * len(head)
                line += f"   {entry}"
            self.say(line)

    async def show(self, outcome: Outcome) -> None:
        for line in outcome.lines:
            self.say(f"  {line}")
        if not outcome.over:
            chances = outcome.game.chances(outcome.view(None))  # what spectators may know
            if chances is not None:
                self.say(f"  {chances_text(chances, outcome)}")
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.boards += 1
            path = self.out_dir / f"{self.boards:03d}.png"
            path.write_bytes(await outcome.board_png(None))  # the spectators' view

    def finish(self, outcome: Outcome) -> None:
        result = outcome.result or {}
        winner = result.get("winner")
        if result.get("reason") == "aborted":
            self.say("\nThe match was called off.")
        elif winner is None:
            self.say("\nThe match ends in a draw.")
        else:
            name = outcome.game.side_name(winner)
            self.say(f"\n{outcome.names[winner]} ({name}) wins.")
        score = outcome.game.score_text(result)
        if score:
            self.say(f"Score: {score}")
        self.say(f"Dice seed: {outcome.seed} (SHA-256 {outcome.seed_hash})")
        if self.out_dir is not None:
            self.say(f"Board images: {self.boards} PNG files in {self.out_dir}")


async def play(
    database: str | None,
    *,
    game: str = games.DEFAULT,
    vs_coach: bool = False,
    dice: str = "virtual",
    seed: int | None = None,
    rules: dict[str, Any] | None = None,
    out_dir: Path | None = None,
    read: Reader = input,
    out: TextIO,
    level: str = NORMAL,
) -> int:
    """Open (and migrate) the database, or a temporary SQLite file, and play one match of
    ``game`` (``level``: the coach's, with ``vs_coach``)."""
    import tempfile

    from store.config import database_url
    from store.migrate import migrate
    from store.repository import MatchStore

    with tempfile.TemporaryDirectory(prefix="referee-play-") as tmp:
        raw = database or f"sqlite:///{Path(tmp) / 'play.sqlite3'}"
        url = database_url({"DATABASE_URL": raw})  # plain URLs get their async driver
        store = MatchStore.open(url)
        try:
            await migrate(store.engine)
            referee = Referee(store)
            terminal = TerminalGame(referee, read=read, out=out, out_dir=out_dir)
            try:
                return await terminal.run(
                    ruleset=game,
                    vs_coach=vs_coach,
                    dice=dice,
                    seed=seed,
                    rules=rules,
                    level=level,
                )
            except (StoreError, RulesError, RefereeError) as exc:  # a busy channel, a bad option
                out.write(f"error: {exc}\n")
                return 1
            finally:
                await asyncio.to_thread(referee.thinker.close)
        finally:
            await store.close()
