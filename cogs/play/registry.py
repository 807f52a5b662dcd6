"""What the shared Discord adapter needs to know about one game: its slash group, the command
that answers each kind of decision, its buttons and select menus, its help and rules topics.

Each game's cog module (``cogs/<game>/commands.py``) builds one ``GameCommands`` and
``register``s it when it is imported. The shared modules (``cogs.play``: ``cog``, ``challenges``,
``texts``, ``buttons``, ``autocomplete``, ``commands``, ``help``...) look it up by the
match's ruleset (``get``), by a command's group (``of_interaction``) or by a button's prefix,
and never name a game themselves::

    register(GameCommands(ruleset="chess", group="chess", command_for={"move": "/chess move"},
                          ...))
    get("chess").command_for["move"]  # '/chess move'

The game's ``ruleset`` (its name in ``referee.games``) is also the first part of the custom ids
of its buttons and menus (``<ruleset>:act:...``), see ``cogs.play.buttons``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from cogs.play.topics import TopicBook
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.service import Outcome

JSONData = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One step of a match in a game's help, shown only when all its commands exist."""

    needs: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class GameCommands:
    """One game's commands as Discord shows them.

    - ``ruleset``: the game's name in ``referee.games``; the prefix of its buttons' custom ids.
    - ``group``, ``description``: the slash group (``/<game>``) and its description.
    - ``command_for``: decision kind -> the command(s) that answer it, as players type them.
    - ``roll``: the subcommand that rolls: it enters dice rolled at the table (physical dice)
      or, with ``player_rolls``, asks the bot to roll the player's virtual dice (a Roll button
      does the same); without ``player_rolls`` the bot rolls virtual dice at once.
    - ``button_args``: decision kinds offered as buttons too -> the argument a button sets;
      ``button_values`` turns a button's value back into that argument (default: the text).
    - ``secret_buttons``: kinds whose button click stays secret (the reply says so);
      ``button_labels``: a button's label by ``"<kind>:<value>"`` (default: the choice's).
    - ``plain_buttons``: decision kinds without an argument offered as a button, with its
      label (FUBA's "done", which ends an optional step).
    - ``pick_args``: decision kinds offered as a select menu -> the argument the chosen option
      sets; ``pick_ints`` are arguments that are numbers; ``pick_flags`` are yes/no arguments
      written after the value ("1+goalkeeper"); ``secret_picks`` the private reply of a
      secret choice.
    - ``index_menus``: decision kinds offered as select menus of their whole legal choices
      (choices of several arguments, or too many for one menu: a tackle's member and path, a
      square among dozens); an option's value is the choice's place in the decision, read back
      against the match version the menu was drawn for (``cogs.play.buttons.IndexSelect``).
      Drawn only for a decision whose choices are not all buttons or in a ``pick_args`` menu.
    - ``more_menus(outcome, rows)``: the game's own select menus under the shared ones, in at
      most ``rows`` rows (FUBA's moves, ``cogs.play.move_menus``).
    - ``intro``, ``steps``: the help's first line and how a match goes; ``topics`` and
      ``overview``: the rules topics and the one shown when no topic is asked for.
    - ``describe_rules(rules_options)``: the match options of a challenge in a few words
      ("first to 3 goals"), or "".
    - ``board_notes(view)``: short lines the live board's embed adds under the narration,
      from a spectator's view (FUBA's advanced rules: weather, condition points...), or none.
    """

    ruleset: str
    group: str
    description: str
    command_for: Mapping[str, str]
    intro: str
    steps: tuple[Step, ...]
    topics: TopicBook
    overview: str
    roll: str = "roll"
    player_rolls: bool = False
    button_args: Mapping[str, str] = field(default_factory=dict)
    button_values: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
    secret_buttons: frozenset[str] = frozenset()
    button_labels: Mapping[str, str] = field(default_factory=dict)
    plain_buttons: Mapping[str, str] = field(default_factory=dict)
    pick_args: Mapping[str, str] = field(default_factory=dict)
    pick_ints: frozenset[str] = frozenset()
    pick_flags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    secret_picks: Mapping[str, str] = field(default_factory=dict)
    index_menus: frozenset[str] = frozenset()
    describe_rules: Callable[[JSONData], str] = field(default=lambda rules: "")
    board_notes: Callable[[JSONData], list[str]] = field(default=lambda view: [])
    more_menus: Callable[[Outcome, int], Sequence[discord.ui.DynamicItem[Any]]] = field(
        default=lambda outcome, rows: ()
    )

    def command(self, name: str) -> str:
        """The command as players type it: ``"board"`` -> ``"/<group> board"``."""
        return f"/{self.group} {name}"

    def pick_args_of(self, kind: str, value: str) -> JSONData:
        """The action's arguments for a chosen menu option's value.

        >>> demo = GameCommands("g", "g", "", {}, "", (), TopicBook((), "{sections}"), "",
        ...     pick_args={"bring": "from"}, pick_ints=frozenset({"from"}),
        ...     pick_flags={"bring": ("goalkeeper",)})
        >>> demo.pick_args_of("bring", "1+goalkeeper"), demo.pick_args_of("bring", "7")
        ({'from': 1, 'goalkeeper': True}, {'from': 7, 'goalkeeper': False})
        """
        arg = self.pick_args.get(kind)
        if arg is None:
            raise PlayRefusal("This menu is not used any more.")
        main, *flags = value.split("+")
        args: JSONData = {arg: main}
        if arg in self.pick_ints:
            if not main.isdigit():
                raise PlayRefusal(f"{main!r} is not a valid choice.")
            args[arg] = int(main)
        for flag in self.pick_flags.get(kind, ()):
            args[flag] = flag in flags
        return args


class PlayRefusal(RefereeError):
    """Something the bot refuses to do (busy channel, yourself, another bot, the wrong game's
    command, a button no longer used)."""


_REGISTERED: dict[str, GameCommands] = {}


def register(spec: GameCommands) -> GameCommands:
    """Make a game's commands known (a game's cog module does it when imported)."""
    for other in _REGISTERED.values():
        if other.ruleset != spec.ruleset and other.group == spec.group:
            raise ValueError(f"/{spec.group} is taken by {other.ruleset}")
    _REGISTERED[spec.ruleset] = spec
    return spec


def registered() -> list[GameCommands]:
    """Every game with commands, by ruleset name (importing the cog modules on first use)."""
    _load()
    return [_REGISTERED[name] for name in sorted(_REGISTERED)]


def get(ruleset: str) -> GameCommands:
    """The commands of a match's game; a refusal players can read for a game without them."""
    spec = _REGISTERED.get(ruleset)
    if spec is None:
        _load()
        spec = _REGISTERED.get(ruleset)
    if spec is None:
        raise PlayRefusal(f"This bot has no commands for the game {ruleset!r}.")
    return spec


def find(ruleset: str) -> GameCommands | None:
    """Like ``get``, None for an unknown game."""
    try:
        return get(ruleset)
    except PlayRefusal:
        return None


def by_group(group: str) -> GameCommands | None:
    return next((spec for spec in registered() if spec.group == group), None)


def of_interaction(interaction: discord.Interaction) -> GameCommands:
    """The game whose slash group the interaction's command belongs to."""
    command = interaction.command
    root = command.root_parent if command is not None else None
    spec = by_group(root.name) if root is not None else None
    if spec is None:
        raise RuntimeError(f"no game has the command {getattr(command, 'qualified_name', None)}")
    return spec


_loaded: list[bool] = []  # whether ``_load`` has imported the cog modules


def _load() -> None:
    """Import every cog module once, which registers each game's commands: lookups work
    without a running bot too, in tests say. (Finding the modules walks the package folders:
    not something to do on every interaction.)"""
    if _loaded:
        return
    from cogs.app import extensions

    for name in extensions():
        importlib.import_module(name)
    _loaded.append(True)
