"""Check a downloaded action log (``referee.match_log``) against its dice seed.

``python3 bot.py verify FILE`` runs it: the seed must have the SHA-256 shown at kick-off,
every virtual roll must be the dice the seed gives for its place in the log
(``referee.match_dice``), and the actions must replay legally through the game's rules from the
log's starting position. Pure: ``read`` parses the file's text, ``verify`` checks it and
``Report.lines`` says what it found. docs/dice.md explains the rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.core import Action, RulesError
from referee.match_dice import roll, seed_hash

JSONData = dict[str, Any]

FORMAT = "referee-match-log"  # referee.match_log writes it (not imported: no store needed here)
FORMAT_VERSIONS = (1,)


class UnreadableLog(ValueError):
    """The file is not an action log this version can read; the message says why."""


@dataclass(frozen=True, slots=True)
class RollCheck:
    """One virtual roll: the dice the log shows and those the seed gives."""

    number: int  # the action's number in the log, from 1
    actor: str  # the side's name
    logged: list[int]
    expected: list[int]

    @property
    def ok(self) -> bool:
        return self.logged == self.expected

    def line(self) -> str:
        verdict = "matches" if self.ok else f"does NOT match: the seed gives {dice(self.expected)}"
        return f"Action {self.number} ({self.actor} rolls {dice(self.logged)}): {verdict}."


@dataclass(frozen=True, slots=True)
class Report:
    """What ``verify`` found: the seed against its hash, each virtual roll, other problems."""

    match: str  # "FUBA match #12"
    seed: int
    seed_hash: str  # as the log says (compare it with the kick-off message)
    hash_ok: bool
    rolls: list[RollCheck]
    typed: int  # rolls made at the table (physical dice): nothing to check
    problems: list[str] = field(default_factory=list)  # missing actions, an illegal one
    notes: list[str] = field(default_factory=list)  # the replay through the rules

    @property
    def first_mismatch(self) -> RollCheck | None:
        return next((check for check in self.rolls if not check.ok), None)

    @property
    def ok(self) -> bool:
        return self.hash_ok and self.first_mismatch is None and not self.problems

    def lines(self) -> list[str]:
        """The report as printed: the seed, every roll, then the verdict."""
        out = [f"{self.match}: dice seed {self.seed}."]
        if self.hash_ok:
            out.append(
                f"The seed's SHA-256 is {self.seed_hash}, as the log says: compare it with the "
                "one shown at kick-off."
            )
        else:
            out.append(
                f"The seed does NOT match the log's SHA-256 {self.seed_hash}: its SHA-256 is "
                f"{seed_hash(self.seed)}."
            )
        out += self.problems
        out += [check.line() for check in self.rolls]
        if self.typed:
            rolls = "1 roll was" if self.typed == 1 else f"{self.typed} rolls were"
            out.append(f"{rolls} made at the table and typed in: not checked.")
        out += self.notes
        bad = [check for check in self.rolls if not check.ok]
        first = self.first_mismatch
        if first is not None:
            out.append(
                f"{len(bad)} of {len(self.rolls)} virtual rolls "
                f"{'does' if len(bad) == 1 else 'do'} not match the seed; the first "
                f"is action {first.number}: the log shows {dice(first.logged)}, the seed gives "
                f"{dice(first.expected)}."
            )
        if self.ok:
            out.append(f"OK: the seed matches its hash and all {len(self.rolls)} virtual rolls.")
        else:
            out.append("FAILED: this log does not match its dice seed.")
        return out


def dice(values: list[int]) -> str:
    """
    >>> dice([3, 5])
    '3 5'
    """
    return " ".join(str(v) for v in values) or "no dice"


def read(text: str | bytes) -> JSONData:
    """The log in a file's text; ``UnreadableLog`` says what is wrong with it."""
    try:
        log = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise UnreadableLog(f"This is not an action log (not JSON: {error}).") from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise UnreadableLog("This is not an action log (its format is not the referee's).")
    version = log.get("format_version")
    if version not in FORMAT_VERSIONS:
        known = ", ".join(str(v) for v in FORMAT_VERSIONS)
        raise UnreadableLog(
            f"This action log has format version {version!r}; this bot reads version {known}."
        )
    seed = log.get("seed")
    if not isinstance(seed, str) or not seed.isdigit():
        raise UnreadableLog("The log has no dice seed (the seed is a whole number, as text).")
    if not isinstance(log.get("seed_hash"), str):
        raise UnreadableLog("The log has no SHA-256 of its seed.")
    actions = log.get("actions")
    if not isinstance(actions, list) or not all(_action_ok(a) for a in actions):
        raise UnreadableLog("The log's actions are not a list of numbered actions.")
    return log


def _action_ok(action: object) -> bool:
    if not isinstance(action, dict) or not isinstance(action.get("number"), int):
        return False
    if not isinstance(action.get("args"), dict) or not isinstance(action.get("actor"), str):
        return False
    if action.get("kind") == "roll" and action.get("virtual"):
        values = action["args"].get("dice")
        return isinstance(values, list) and all(type(v) is int for v in values)
    return True


def verify(log: JSONData) -> Report:
    """Check a log returned by ``read``: the seed against its hash and every virtual roll
    against the dice the seed gives for it (``n``, the actions before it, is its place in
    the log)."""
    seed = int(log["seed"])
    rolls: list[RollCheck] = []
    problems: list[str] = []
    notes: list[str] = []
    typed = 0
    sides = {
        p["side"]: p.get("side_name") or p["side"]
        for p in log.get("players") or []
        if isinstance(p, dict) and isinstance(p.get("side"), str)
    }
    for n, action in enumerate(log["actions"]):
        if action["number"] != n + 1:
            problems.append(
                f"Action {n + 1} of the log is numbered {action['number']}: actions are missing "
                "or out of order, so the rolls after it cannot be checked."
            )
            break
        if action.get("kind") != "roll":
            continue
        if not action.get("virtual"):
            typed += 1
            continue
        logged = list(action["args"]["dice"])
        actor = sides.get(action["actor"], action["actor"])
        rolls.append(RollCheck(n + 1, actor, logged, roll(seed, n, len(logged))))
    if not problems:
        problems += _replay(log, notes)
    title = log.get("title") or log.get("game") or "Match"
    return Report(
        match=f"{title} match #{log.get('match_id', '?')}",
        seed=seed,
        seed_hash=log["seed_hash"],
        hash_ok=seed_hash(seed) == log["seed_hash"].strip().lower(),
        rolls=rolls,
        typed=typed,
        problems=problems,
        notes=notes,
    )


def _replay(log: JSONData, notes: list[str]) -> list[str]:
    """Replay the log's actions through the game's rules from its starting position: each must
    be legal (a roll with a die too few or too many is not). Returns the problems; what could
    not be checked goes to ``notes``."""
    game, initial = log.get("game"), log.get("initial_state")
    if not isinstance(initial, dict):
        notes.append("The log has no starting position: the moves were not replayed.")
        return []
    try:
        rules = registry.get(str(game))
    except RulesError:
        notes.append(f"This bot does not know the game {game!r}: the moves were not replayed.")
        return []
    if log.get("state_schema") != rules.schema_version:
        notes.append(
            f"The log was written by another version of the bot (position format "
            f"{log.get('state_schema')!r}, this one reads {rules.schema_version}): the moves "
            "were not replayed."
        )
        return []
    try:
        state = rules.from_json(initial)
    except Exception as error:  # an edited file can hold anything
        return [f"The log's starting position cannot be read ({error})."]
    for action in log["actions"]:
        try:
            state, _ = rules.apply(state, Action(action["actor"], action["kind"], action["args"]))
        except Exception as error:  # a rules refusal, or args no action could have
            return [
                f"Action {action['number']} ({action['kind']}) is not legal at that point of "
                f"the match: {error}"
            ]
    notes.append(f"All {len(log['actions'])} actions replay legally through the rules.")
    return []
