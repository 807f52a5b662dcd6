"""The caller's legal Simple Soccer plays as players read them: which members can move or
kick, from which square, and every destination with its cost and the path there. Autocomplete
(``cogs.simplesoccer.commands``) and the live board's menus (``cogs.simplesoccer.menus``) both
read them here, from the engine's play decision, so they offer only what the referee accepts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from cogs.play.context import channel_id_of, play_cog
from cogs.play.registry import PlayRefusal
from cogs.text import shown
from engine.core import Choice, Decision, MalformedAction
from engine.simplesoccer.setup import GOALKEEPER, member_label
from referee import games
from referee.errors import RefereeError
from referee.simplesoccer.narration import points
from store.errors import StoreError

RULESET = "simplesoccer"
KINDS = ("move", "kick", "grab")  # the plays that follow a path
BY_KIND = frozenset({"turn", "rise"})  # plays offered for every member at once


@dataclass(frozen=True, slots=True)
class Reach:
    """One legal play along a path: ``member`` ("7", "G") takes ``kind`` to ``to`` for
    ``cost`` points along ``path`` (square names, the last one ``to``)."""

    kind: str
    member: str
    path: tuple[str, ...]
    cost: int

    @property
    def to(self) -> str:
        return self.path[-1]

    @property
    def value(self) -> str:
        """The path as the commands take it back: "e6 f7"."""
        return " ".join(self.path)

    @property
    def shot(self) -> bool:
        return self.kind == "kick" and self.to.startswith("goal")

    def label(self) -> str:
        """
        >>> Reach("move", "7", ("e6", "f7"), 2).label()
        'f7 (2 points) via e6'
        >>> Reach("kick", "7", ("goal7",), 1).label()
        'goal7 (1 point, a shot)'
        """
        what = f"{points(self.cost)}, a shot" if self.shot else points(self.cost)
        via = f" via {' '.join(self.path[:-1])}" if len(self.path) > 1 else ""
        return f"{self.to} ({what}){via}"


@dataclass(frozen=True, slots=True)
class Other:
    """One of the advanced rules' plays of a turn (turning, getting up, the ball rolling on,
    a fake-out, a juggle, a long kick...): its ``kind``, who makes it ("" for the ball rolling
    on), its label and its place among the turn's choices (``index``)."""

    kind: str
    member: str
    label: str
    index: int

    @property
    def group(self) -> str:
        """The board menu's value of this play's group: "fake:7", "inertia:"; every member's
        turns (getting up) are one group, "turn:" ("rise:")."""
        return f"{self.kind}:" if self.kind in BY_KIND else f"{self.kind}:{self.member}"


def others_of(choices: Sequence[Choice]) -> tuple[Other, ...]:
    """The choices of a turn that are not a move, a kick along a path, a grab or the end.

    >>> from engine.core import Action
    >>> others_of([Choice(Action("west", "turn", {"member": "7", "facing": "n"}), "7 turns"),
    ...            Choice(Action("west", "end", {}), "End the turn")])
    (Other(kind='turn', member='7', label='7 turns', index=0),)
    """
    found = []
    for index, choice in enumerate(choices):
        kind = choice.action.kind
        if kind == "end" or reach_of(choice) is not None:
            continue
        if kind in KINDS and not set(choice.action.args) - {"member", "path"}:
            continue  # a play without a path: the commands' own
        who = choice.action.args.get("member", "")
        found.append(Other(kind, str(who), choice.label, index))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Plays:
    """The caller's plays of the pending turn: every ``Reach``, where each of the caller's
    members stands ("7" -> "e5") and where the ball is (None off the caller's turn); the
    advanced rules' other plays (``others``)."""

    reaches: tuple[Reach, ...]
    squares: dict[str, str]
    left: int | None = None  # points left this turn
    ball: str | None = None
    others: tuple[Other, ...] = ()

    def of(self, kind: str, member: str | None = None) -> list[Reach]:
        return [r for r in self.reaches if r.kind == kind and member in (None, r.member)]

    def members(self, kind: str) -> list[str]:
        """The members that can make a play of ``kind``, goalkeeper first, then by number."""
        found = {r.member for r in self.of(kind)}
        return sorted(found, key=member_order)

    def member_label(self, member: str) -> str:
        """
        >>> Plays((), {"7": "e5", "G": "goal7"}).member_label("7")
        '7 (e5)'
        >>> Plays((), {"G": "goal7"}).member_label("G")
        'G, the goalkeeper (goal7)'
        """
        square = self.squares.get(member)
        where = f" ({square})" if square else ""
        who = "G, the goalkeeper" if member == GOALKEEPER else member
        return f"{who}{where}"


def member_order(member: str) -> tuple[int, int]:
    return (0, 0) if member == GOALKEEPER else (1, int(member) if member.isdigit() else 99)


def reach_of(choice: Choice) -> Reach | None:
    """The play a legal choice makes (None for the end of the turn, and for the advanced
    rules' plays: a turn, getting up, a kick with more to it than its path...)."""
    action = choice.action
    if action.kind not in KINDS or set(action.args) - {"member", "path"}:
        return None
    raw = action.args.get("path")
    path = tuple(raw.split() if isinstance(raw, str) else (str(p) for p in raw or ()))
    if not path:
        return None
    member = str(action.args.get("member", GOALKEEPER))
    cost = choice.info.get("cost")
    return Reach(action.kind, member, path, cost if isinstance(cost, int) else len(path))


async def plays_of(interaction: discord.Interaction) -> Plays:
    """The caller's plays now (none for spectators, off turn, or without a match)."""
    try:
        match = await play_cog(interaction).referee.store.active_match(channel_id_of(interaction))
    except (RefereeError, StoreError):
        return Plays((), {})
    if match is None or match.ruleset != RULESET:  # another game's match: not these plays
        return Plays((), {})
    return plays_in(match.ruleset, match.state, match.sides_of(interaction.user.id))


def plays_in(
    ruleset: str, state: object, sides: Sequence[str], pending: Sequence[Decision] | None = None
) -> Plays:
    """The plays of ``sides`` in a match's ``state`` (whose ``pending`` decisions the caller
    may have worked out already)."""
    game = games.get(ruleset)
    pending = game.ruleset.pending(state) if pending is None else pending
    mine = [d for d in pending if d.actor in sides and not d.dice]
    reaches = tuple(r for d in mine for c in d.choices if (r := reach_of(c)) is not None)
    others = tuple(o for d in mine if d.kind == "play" for o in others_of(d.choices))
    squares: dict[str, str] = {}
    left: int | None = None
    ball: str | None = None
    for decision in mine:
        view = game.ruleset.view(state, decision.actor)
        found = view.get("ball_name")
        ball = found if isinstance(found, str) else ball
        if any(c.action.kind in KINDS for c in decision.choices):
            squares.update(view.get("squares", {}).get(decision.actor, {}))
            found = decision.info.get("left")
            left = found if isinstance(found, int) else left
    return Plays(reaches, squares, left, ball, others)


def member_of(text: str) -> str:
    """The member a player typed: "7", "#7", "g", "goalkeeper", or an entry of the list
    ("7 (e5)", "G, the goalkeeper (goal7)").

    >>> member_of("7 (e5)"), member_of(" #10 "), member_of("Goalkeeper"), member_of("G (goal7)")
    ('7', '10', 'G', 'G')
    >>> member_of("G, the goalkeeper (goal7)")
    'G'
    """
    words = re.sub(r"\(.*?\)", " ", text).replace("#", " ").replace(",", " ").split()
    try:
        return member_label(words[0] if words else "")
    except MalformedAction:
        raise PlayRefusal(
            f"{shown(text)} is not one of your team: give a number (1, 2, ...) or G for the "
            "goalkeeper, or choose from the list."
        ) from None


VIA = re.compile(r"(?P<to>\S+)\s*(?:\([^)]*\))?\s*(?:via\s+(?P<via>.+))?", re.IGNORECASE)


def path_of(text: str) -> str:
    """The path a player typed, as the engine reads it: squares one step each ("e6 f7"), an
    entry of the list as it reads ("f7 (2 points) via e6"), or only where to end ("f7"), which
    the engine takes the shortest way.

    >>> path_of("f7 (2 points) via e6")
    'e6 f7'
    >>> path_of("E6, F7"), path_of(" F7 ")
    ('e6 f7', 'f7')
    """
    text = text.strip().lower()
    found = VIA.fullmatch(text) if "(" in text or " via " in f" {text} " else None
    if found is not None:
        text = f"{found['via'] or ''} {found['to']}"
    squares = [p for p in re.split(r"[\s,;>-]+", text) if p]
    if not squares:
        raise PlayRefusal('Give the squares of the path, one per step, e.g. `path:"e6 f7"`.')
    return " ".join(squares)


def ranked(reaches: Sequence[Reach], typed: str) -> list[Reach]:
    """The reaches to offer first for what was typed: those ending on a square that starts
    with it, then any whose entry holds it; shots first, then the cheapest.

    >>> r = [Reach("move", "7", ("e6", "f7"), 2), Reach("move", "7", ("f6",), 1)]
    >>> [x.to for x in ranked(r, "")], [x.to for x in ranked(r, "f7")], ranked(r, "zz")
    (['f6', 'f7'], ['f7'], [])
    """
    typed = typed.strip().lower()

    def order(reach: Reach) -> tuple[bool, bool, int, str]:
        return (not reach.to.startswith(typed), not reach.shot, reach.cost, reach.to)

    found = [r for r in reaches if not typed or typed in r.label().lower() or typed in r.value]
    return sorted(found, key=order)
