"""The live board's Simple Soccer menus: during a turn, one menu of who can play (move a
member, kick the ball, the goalkeeper's grab); choosing one answers the chooser alone with menus
of that member's legal destinations, each with its cost and path. Choosing a destination plays
it, like `/simplesoccer move` (`kick`, `grab`) would.

Custom ids (at most 100 characters)::

    simplesoccer:who:<match>:<version>:<side>                              the board's menu
    simplesoccer:path:<match>:<version>:<side>:<kind>:<member>:<menu>      a private menu

    simplesoccer:other:<match>:<version>:<side>:<kind>:<member>:<menu>     a private menu

The board's menu offers ``<kind>:<member>`` ("move:7"); a private menu's option value is the
path ("e6 f7"). The advanced rules' other plays of a turn (turning, getting up, the ball
rolling on, fake-outs, juggling, long kicks) are offered as ``other:<kind>:<member>``
("other:turn:7"): one play is made at once, several answer with a private menu whose option
values are the plays' places among the turn's choices. All carry the match and version they
were drawn for: after any other step they are out of date and change nothing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs.play.buttons import (
    OPTION_LIMIT,
    ROW_LIMIT,
    IndexSelect,
    act_and_post,
    answer_component_error,
    chosen,
    one_choice_select,
    select_parts,
)
from cogs.play.context import channel_id_of, play_cog
from cogs.play.registry import PlayRefusal
from cogs.simplesoccer.choices import KINDS, RULESET, Plays, Reach, plays_in, ranked
from referee import games
from referee.errors import NotAPlayer
from referee.service import Outcome
from referee.simplesoccer.narration import points
from store.errors import ConflictError

log = logging.getLogger(__name__)
VERBS = {"move": "Move", "kick": "Kick with", "grab": "Grab the ball with"}
# the advanced rules' other plays in the board's menu: what choosing one means
OTHER_VERBS = {
    "turn": "Turn a player",
    "rise": "Get a player up",
    "inertia": "Let the ball roll on",
    "fake": "Fake out with",
    "juggle": "Juggle with",
    "kick": "Kick long with",
}
OTHER = "other"


def who_options(plays: Plays) -> list[discord.SelectOption]:
    """The board menu's options: each member that can move, kick or grab, in that order.

    >>> r = (Reach("kick", "7", ("g6",), 1), Reach("move", "7", ("e6",), 1))
    >>> [(o.label, o.value) for o in who_options(Plays(r, {"7": "f5"}))]
    [('Move 7 (f5)', 'move:7'), ('Kick with 7 (f5)', 'kick:7')]
    """
    options = []
    for kind in KINDS:
        for member in plays.members(kind):
            label = f"{VERBS[kind]} {plays.member_label(member)}"
            options.append(discord.SelectOption(label=label, value=f"{kind}:{member}"))
    seen: set[str] = set()
    for other in plays.others:
        if other.group in seen:
            continue
        seen.add(other.group)
        verb = OTHER_VERBS.get(other.kind, other.kind.replace("_", " ").capitalize())
        member = other.group.partition(":")[2]
        who = f" {plays.member_label(member)}" if member else ""
        options.append(discord.SelectOption(label=f"{verb}{who}", value=f"{OTHER}:{other.group}"))
    return options[:OPTION_LIMIT]


def more_menus(outcome: Outcome, rows: int) -> list[WhoSelect]:
    """The board's menu of who can play, for the side whose turn it is (none for the coach)."""
    if rows <= 0 or outcome.over:
        return []
    coach = outcome.options.get("coach_side")
    menus: list[WhoSelect] = []
    pending = outcome.pending()
    for decision in pending:
        if decision.dice or decision.actor == coach:
            continue
        plays = plays_in(outcome.ruleset, outcome.state, [decision.actor], pending)
        options = who_options(plays)
        if not options:
            continue
        who = outcome.names.get(decision.actor, decision.actor)
        left = f", {points(plays.left)} left" if plays.left is not None else ""
        placeholder = f"{who} ({outcome.game.side_name(decision.actor)}){left}: who plays?"
        menus.append(
            WhoSelect(outcome.match_id, outcome.version, decision.actor, options, placeholder)
        )
    return menus[:rows]


async def current_plays(
    interaction: discord.Interaction, match_id: int, version: int, side: str
) -> Plays:
    """The plays of ``side`` if the match is still at ``version`` and the chooser plays it."""
    store = play_cog(interaction).referee.store
    match = await store.active_match(channel_id_of(interaction))
    if match is None or match.id != match_id or match.version != version:
        current = match.version if match is not None else version + 1
        raise ConflictError(match_id, version, current)
    sides = match.sides_of(interaction.user.id)
    if not sides:
        raise NotAPlayer()
    if side not in sides:
        raise PlayRefusal("These are your opponent's plays: wait for your turn.")
    return plays_in(match.ruleset, match.state, [side])


class WhoSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"simplesoccer:who:(?P<match>\d+):(?P<version>\d+):(?P<side>[a-z]+)",
):
    """The board's menu of who can play: choosing answers with their destinations."""

    def __init__(
        self,
        match_id: int,
        version: int,
        side: str,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
    ) -> None:
        self.match_id, self.version, self.side = match_id, version, side
        custom_id = f"{RULESET}:who:{match_id}:{version}:{side}"
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhoSelect:
        return cls(int(match["match"]), int(match["version"]), match["side"], *select_parts(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            kind, _, member = chosen(self.item).partition(":")
            if kind == OTHER:
                await self.other(interaction, member)
                return
            if kind not in KINDS:
                raise PlayRefusal("This menu is not used any more.")
            plays = await current_plays(interaction, self.match_id, self.version, self.side)
            reaches = ranked(plays.of(kind, member), "")
            if not reaches:
                raise PlayRefusal("That play is not possible any more.")
            view = discord.ui.View(timeout=None)
            for index in range(min(ROW_LIMIT, -(-len(reaches) // OPTION_LIMIT))):
                part = reaches[index * OPTION_LIMIT : (index + 1) * OPTION_LIMIT]
                view.add_item(
                    PathSelect(self.match_id, self.version, self.side, kind, member, index, part)
                )
            await interaction.response.send_message(
                path_text(plays, kind, member, len(reaches)), view=view, ephemeral=True
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)

    async def other(self, interaction: discord.Interaction, group: str) -> None:
        """One of the advanced rules' plays: made at once when it is the only one of its
        kind for that member, else offered in private menus."""
        plays = await current_plays(interaction, self.match_id, self.version, self.side)
        found = [o for o in plays.others if o.group == group]
        if not found:
            raise PlayRefusal("That play is not possible any more.")
        if len(found) == 1:
            await play_other(interaction, self.match_id, self.version, self.side, found[0].index)
            return
        kind, _, member = group.partition(":")
        view = discord.ui.View(timeout=None)
        for menu in range(min(ROW_LIMIT, -(-len(found) // OPTION_LIMIT))):
            part = found[menu * OPTION_LIMIT : (menu + 1) * OPTION_LIMIT]
            options = [discord.SelectOption(label=o.label[:100], value=str(o.index)) for o in part]
            placeholder = f"More, from {part[0].label}" if menu else "Which one?"
            view.add_item(
                OtherSelect(
                    self.match_id,
                    self.version,
                    self.side,
                    kind,
                    member,
                    menu,
                    options,
                    placeholder,
                )
            )
        verb = OTHER_VERBS.get(kind, kind.replace("_", " ").capitalize())
        who = f" {plays.member_label(member)}" if member else ""
        left = f" ({points(plays.left)} left)" if plays.left is not None else ""
        await interaction.response.send_message(
            f"{verb}{who}: which one?{left}", view=view, ephemeral=True
        )


async def play_other(
    interaction: discord.Interaction, match_id: int, version: int, side: str, index: int
) -> None:
    """Make the turn's ``index``-th choice, read from the match at ``version`` (out of date
    at any other)."""
    store = play_cog(interaction).referee.store
    match = await store.active_match(channel_id_of(interaction))
    if match is None or match.id != match_id or match.version != version:
        current = match.version if match is not None else version + 1
        raise ConflictError(match_id, version, current)
    choice = None
    for decision in games.get(match.ruleset).ruleset.pending(match.state):
        if decision.kind == "play" and decision.actor == side:
            choice = decision.choices[index] if 0 <= index < len(decision.choices) else None
    if choice is None:
        raise PlayRefusal("That play is not possible any more.")
    await act_and_post(
        interaction,
        choice.action.kind,
        dict(choice.action.args),
        expected_version=version,
        match_id=match_id,
        side=side,
    )


def private_parts(match: re.Match[str]) -> tuple[int, int, str, str, str, int]:
    """A private menu's custom id read back: match, version, side, kind, member, menu."""
    return (
        int(match["match"]),
        int(match["version"]),
        match["side"],
        match["kind"],
        match["member"],
        int(match["menu"]),
    )


def private_menu(item: discord.ui.Item[Any]) -> dict[str, Any]:
    options, placeholder = select_parts(item)
    return {"options": options, "placeholder": placeholder}


async def menus_done(interaction: discord.Interaction) -> None:
    """The play counted and the board shows it: the private menus go."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:  # the play stands all the same
        log.info("menu answer to user %s not removed (%s)", interaction.user.id, error)


class OtherSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"simplesoccer:other:(?P<match>\d+):(?P<version>\d+):(?P<side>[a-z]+):"
        r"(?P<kind>[a-z_]+):(?P<member>[0-9G]*):(?P<menu>\d)"
    ),
):
    """Some of the advanced rules' plays of one kind (a member's turns, the squares the ball
    may roll on to...), in the private answer to the board's menu: an option's value is the
    play's place among the turn's choices."""

    def __init__(
        self,
        match_id: int,
        version: int,
        side: str,
        kind: str,
        member: str,
        menu: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        self.match_id, self.version, self.side = match_id, version, side
        self.kind, self.member = kind, member
        custom_id = f"{RULESET}:other:{match_id}:{version}:{side}:{kind}:{member}:{menu}"
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OtherSelect:
        return cls(*private_parts(match), **private_menu(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(self.item)
            if not value.isdigit():
                raise PlayRefusal("This menu is not used any more.")
            await play_other(interaction, self.match_id, self.version, self.side, int(value))
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)
            return
        await menus_done(interaction)


def path_text(plays: Plays, kind: str, member: str, found: int) -> str:
    """The private menus' message: who, and where they can go.

    >>> path_text(Plays((), {"7": "e5"}, 4), "move", "7", 30)
    'Where does 7 (e5) go? 4 points left; every square in reach is listed.'
    >>> path_text(Plays((), {"G": "d7"}, 3), "kick", "G", 200)[:60]
    'Where does G, the goalkeeper (d7) send the ball? 3 points le'
    >>> path_text(Plays((), {"G": "d7"}, 3), "kick", "G", 200)[60:]
    'ft; the 125 nearest squares are listed (`/simplesoccer kick` takes any path).'
    """
    left = f" {points(plays.left)} left;" if plays.left is not None else ""
    listed = OPTION_LIMIT * ROW_LIMIT
    tail = (
        " every square in reach is listed."
        if found <= listed
        else f" the {listed} nearest squares are listed (`/simplesoccer {kind}` takes any path)."
    )
    who = plays.member_label(member)
    ask = {
        "move": f"Where does {who} go?",
        "kick": f"Where does {who} send the ball?",
        "grab": f"Which way does {who} go to grab the ball?",
    }[kind]
    return f"{ask}{left}{tail}"


class PathSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"simplesoccer:path:(?P<match>\d+):(?P<version>\d+):(?P<side>[a-z]+):"
        r"(?P<kind>[a-z]+):(?P<member>[0-9G]+):(?P<menu>\d)"
    ),
):
    """Some of a member's destinations, in the private answer to the board's menu."""

    def __init__(
        self,
        match_id: int,
        version: int,
        side: str,
        kind: str,
        member: str,
        menu: int,
        reaches: Sequence[Reach] = (),
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        self.match_id, self.version, self.side = match_id, version, side
        self.kind, self.member = kind, member
        if reaches:
            options = [discord.SelectOption(label=r.label(), value=r.value) for r in reaches]
            first = reaches[0]
            placeholder = f"More, from {first.to} ({points(first.cost)})" if menu else "Where to?"
        custom_id = f"{RULESET}:path:{match_id}:{version}:{side}:{kind}:{member}:{menu}"
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PathSelect:
        return cls(*private_parts(match), **private_menu(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.kind not in KINDS:
                raise PlayRefusal("This menu is not used any more.")
            path = chosen(self.item)
            args = {"path": path} if self.kind == "grab" else {"member": self.member, "path": path}
            await act_and_post(
                interaction,
                self.kind,
                args,
                expected_version=self.version,
                match_id=self.match_id,
                side=self.side,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)
            return
        await menus_done(interaction)


ITEMS = (WhoSelect, PathSelect, OtherSelect, IndexSelect)
