"""Select menus of whole actions with several arguments (FUBA's moves: from, to, goalkeeper,
with the ball), for every game that has such choices: each option is one of the engine's legal
choices of the pending decision, with all its arguments, so no option can be chosen that the
referee then refuses.

A game offers them through its ``GameCommands.more_menus``, a ``MoveMenus``: which action kind,
the argument the options are grouped by (a move's starting area) and how a menu names its
groups. The options fill menus of at most 25, a whole group in one menu when that fits in the
rows left under the buttons, else in order across the menus.

Custom ids (at most 100 characters), one per menu of a message::

    <ruleset>:moves:<match>:<version>:<kind>:<side>:<menu>

An option's value is the action's arguments as compact JSON (``{"from":7,"to":8,...}``), read
back as they are: a select is a ``DynamicItem`` carrying its match and version, so it works
after a restart, and a stale or foreign choice is refused by the referee and changes nothing.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.play.buttons import (
    GAME,
    LABEL_LIMIT,
    OPTION_LIMIT,
    act_and_post,
    answer_component_error,
    chosen,
    game_of,
    one_choice_select,
    select_parts,
)
from cogs.play.registry import JSONData, PlayRefusal
from engine.core import Choice
from referee.service import Outcome

log = logging.getLogger(__name__)

Option = tuple[Any, discord.SelectOption]  # (its group's value, the option)


def encode(args: JSONData) -> str | None:
    """A choice's arguments as an option value (None when they do not fit in one).

    >>> encode({"from": 7, "to": 8, "goalkeeper": False, "with_ball": True})
    '{"from":7,"to":8,"goalkeeper":false,"with_ball":true}'
    """
    if not all(isinstance(v, str | int) for v in args.values()):
        return None  # lists and the like: not a menu's option
    text = json.dumps(args, separators=(",", ":"))
    return text if len(text) <= LABEL_LIMIT else None


def decode(value: str) -> JSONData:
    """The arguments an option's value carries; a refusal for anything else.

    >>> decode('{"from":2,"to":1,"goalkeeper":true,"with_ball":false}')["goalkeeper"]
    True
    """
    try:
        args = json.loads(value)
    except ValueError:
        args = None
    if not isinstance(args, dict) or not all(
        isinstance(k, str) and isinstance(v, str | int) for k, v in args.items()
    ):
        raise PlayRefusal("This menu is not used any more.")
    return args


@dataclass(frozen=True)
class MoveMenus:
    """A game's legal choices of action ``kind`` as select menus, grouped by argument
    ``group``; ``describe`` names a menu's groups in a player's words (``[2, 4]`` -> "move from
    areas 2 and 4")."""

    kind: str
    group: str
    describe: Callable[[Sequence[Any]], str]

    def __call__(self, outcome: Outcome, rows: int) -> list[MoveSelect]:
        """The menus of the decisions now pending, in at most ``rows`` rows."""
        menus: list[MoveSelect] = []
        game = outcome.game
        for decision in outcome.pending():
            options = self._options(decision.choices) if not decision.dice else []
            if not options:
                continue
            packed = pack(options, rows - len(menus))
            if sum(len(menu) for menu in packed) < len(options):
                log.info(
                    "match #%s: %d of %d %s choices left out of the menus",
                    outcome.match_id,
                    len(options) - sum(len(menu) for menu in packed),
                    len(options),
                    self.kind,
                )
            who = f"{outcome.names.get(decision.actor, decision.actor)} "
            who += f"({game.side_name(decision.actor)})"
            for menu in packed:
                groups = list(dict.fromkeys(group for group, _ in menu))
                menus.append(
                    MoveSelect(
                        outcome.match_id,
                        outcome.version,
                        self.kind,
                        decision.actor,
                        len(menus),
                        [option for _, option in menu],
                        f"{who}: {self.describe(groups)}",
                        outcome.ruleset,
                    )
                )
        return menus

    def _options(self, choices: Sequence[Choice]) -> list[Option]:
        found: list[Option] = []
        seen: set[str] = set()
        for choice in choices:
            args = choice.action.args
            value = encode(args) if choice.action.kind == self.kind else None
            if value is None or value in seen or self.group not in args:
                continue
            seen.add(value)
            option = discord.SelectOption(label=choice.label[:LABEL_LIMIT], value=value)
            found.append((args[self.group], option))
        return found


def pack(options: Sequence[Option], rows: int) -> list[list[Option]]:
    """Menus of at most 25 options, in order, in at most ``rows`` menus: each group whole in
    one menu when that fits, else the options in order across the menus (a group then spans
    two); whatever does not fit in ``rows`` menus is left out.

    >>> o = lambda group: (group, None)
    >>> [[g for g, _ in m] for m in pack([o(1)] * 20 + [o(2)] * 10, 4)]
    [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]]
    >>> [len(m) for m in pack([o(1)] * 20 + [o(2)] * 10, 1)]
    [25]
    """
    if rows <= 0:
        return []
    by_group: dict[Any, list[Option]] = {}
    for option in options:
        by_group.setdefault(option[0], []).append(option)
    menus: list[list[Option]] = []
    for group in by_group.values():
        if menus and len(menus[-1]) + len(group) <= OPTION_LIMIT:
            menus[-1].extend(group)
        elif len(group) <= OPTION_LIMIT:
            menus.append(list(group))
        else:
            menus = []
            break
    if not menus or len(menus) > rows:
        flat = [option for group in by_group.values() for option in group]
        menus = [flat[i : i + OPTION_LIMIT] for i in range(0, len(flat), OPTION_LIMIT)]
    return menus[:rows]


MOVE_TEMPLATE = (
    GAME
    + r":moves:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<side>[a-z]+):(?P<menu>\d+)"
)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=MOVE_TEMPLATE):
    """Some legal choices of one side's pending decision, for the match version they were drawn
    for; the chosen option's value is the whole action."""

    def __init__(
        self,
        match_id: int,
        version: int,
        kind: str,
        side: str,
        menu: int,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
        game: str,
    ) -> None:
        self.match_id, self.version, self.kind, self.side = match_id, version, kind, side
        self.game = game
        custom_id = f"{game}:moves:{match_id}:{version}:{kind}:{side}:{menu}"
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(
            int(match["match"]),
            int(match["version"]),
            match["kind"],
            match["side"],
            int(match["menu"]),
            *select_parts(item),
            match["game"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(self.item)
            game_of(self.game)  # a game this bot still has
            await act_and_post(
                interaction,
                self.kind,
                decode(value),
                expected_version=self.version,
                match_id=self.match_id,
                side=self.side,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)
