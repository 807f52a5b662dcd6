"""What a match does to a channel: one whole two-member FUBA match, then one whole Sports Dice
Soccer match, then one short Simple Soccer match (small board, 12 turns), played through
SimCord's offline Discord the way members play them.

    python -m bench channel [--max-steps N]

Alice challenges Bob in a channel of its own (the match plays there, or in the thread the
challenge opens), Bob accepts with the challenge's button, and the two play every decision:
with the buttons and select menus of the live board (the newest public message of the bot that
carries controls) or with the slash command, each chosen half the time by a seeded coin, like
members who use both. Whose decision it is and of what kind is read from the referee (so the
driver works whatever the board's text says); the choices come from the board's controls or
the command's autocomplete, and a member picks the one the game's own coach would (so matches
have goals), else one at random. A choice the bot refuses (a "done" while a move is due, an
out-of-date control) is followed by the next way of answering. A Simple Soccer turn is played
one move, kick or grab at a time, as the coach would: with the board's "who plays?" menu, then
the destination in the private menu it answers with (its opening is part of the action, but
not of the timed round trip), or with `/simplesoccer move|kick|grab` and the path autocomplete
offers when the destination is typed; the coach's end of the turn with the End turn button or
`/simplesoccer end`. Carol, a spectator, asks for the match's status now and then. The dice
seed is fixed (``SEED``: set on the referee's ``start_match``, which challenges leave to a
random seed), and so are the members' coins (``CHOICES_SEED``): the same run twice plays the
same matches. ``--max-steps`` stops a match after so many member actions (the figures are then
those of the match so far).

What the bot does to the channel is counted at SimCord's backend (its message store and CDN),
for the match's channel and any thread in it, from the challenge to the final whistle and the
full-time report:

- ``messages_created``: public messages the bot created;
- ``goals``: the goals of the final score;
- ``messages_left``: the bot's public messages still there at the end (what a spectator scrolls
  through);
- ``pings``: users notified by the bot's public messages: at creation (an edit notifies nobody),
  a mention counts only when the message's allowed mentions let it notify;
- ``pings_to_actor``: those that notify the member whose action produced the message (the last
  member who acted, for a message the bot posts after the action's answer);
- ``private_acks``: private (ephemeral) messages produced by a member's action that counted and
  still there when it is settled (a private menu the member opened to make it included),
  except those that tell the member a secret choice of theirs ("Your formation: ...", "...
  stays secret ...", "Your goalkeeper stands on spot ...") - what stays behind only to say the
  action was taken; a spectator's status answer or a refusal is not an acknowledgement;
- ``edits``: edits of the bot's public messages (a deferred answer being filled in is its
  creation, not an edit);
- ``image_bytes_uploaded``: bytes of the files the bot attached to messages it sent or edited,
  private ones included (boards, replay, the action log);
- ``step_ms_p50``, ``step_ms_p99``: the round trip of a member's action that counted, from the
  slash command or click to its return in SimCord (the bot's whole handling, settled).

Prints ``key: value unit`` lines, FUBA's with the ``fuba_`` prefix first, then ``dicesoccer_``,
``simplesoccer_`` and ``socceristic_`` (``--game NAME`` plays only that game's match).
Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord.backend.models import EPHEMERAL_FLAG
from simcord.results import to_discord_message

from bench._simcord import bot_in_simcord
from store.models import MatchStatus

SEED = 20261123  # every match's dice seed
CHOICES_SEED = 7  # the members' coins: control or command, which option
MAX_STEPS = 3000  # member actions in one match before the bench gives up
STATUS_EVERY = 50  # the spectator asks for the status every so many actions
LOADING_FLAG = 1 << 7  # a deferred answer still "thinking"
SECRET = re.compile(
    r"your formation|your player roles|secret|only you|your goalkeeper stands on spot",
    re.IGNORECASE,
)

Fire = Callable[[], Awaitable[Any]]  # one member action (a command, a click, a choice)
Prepare = Callable[[], Awaitable[Fire | None]]  # reads the board or autocomplete; None: no way


@dataclass(frozen=True)
class GamePlay:
    """How members answer one game's decisions with its slash commands."""

    ruleset: str
    group: str
    # decision kind -> (subcommand, option filled from autocomplete or ``fixed``)
    commands: dict[str, tuple[str, str | None]]
    fixed: dict[str, list[Any]] = field(default_factory=dict)  # kind -> values without autocomplete
    challenge: dict[str, Any] = field(default_factory=dict)  # the challenge's own options
    # a turn played along paths of squares (Simple Soccer): the turn's decision kind, and each
    # play's kind -> the command's option naming who plays (None: the goalkeeper alone)
    turn: str | None = None
    along: dict[str, str | None] = field(default_factory=dict)


FUBA = GamePlay(
    ruleset="fuba",
    group="fuba",
    commands={
        "formation": ("formation", "shape"),
        "setup": ("setup", "layout"),
        "target": ("target", "area"),
        "action": ("action", "kind"),
        "continue": ("continue", "choice"),
        "kickoff": ("kickoff", "side"),
        "corner": ("corner", "side"),
        "free_kick": ("freekick", "choice"),
        "penalty": ("penalty", "side"),
        "bring": ("bring", "from"),
        "remove": ("remove", "area"),
    },
)

DICESOCCER = GamePlay(
    ruleset="dicesoccer",
    group="dicesoccer",
    commands={
        "roll": ("roll", None),
        "start": ("start", "role"),
        "pick": ("pick", "symbol"),
        "chip": ("chip", "use"),
        "reroll": ("reroll", "dice"),
    },
    fixed={"start": ["offense", "defense"], "chip": [True, False]},
)

SIMPLESOCCER = GamePlay(
    ruleset="simplesoccer",
    group="simplesoccer",
    commands={
        "roll": ("roll", None),
        "setup": ("setup", "preset"),
        "spot": ("spot", "spot"),
        "end": ("end", None),
    },
    fixed={"setup": ["balanced", "attacking", "defensive"], "spot": list(range(1, 8))},
    challenge={"size": "small", "turns": 12},
    turn="play",
    along={"move": "member", "kick": "member", "grab": None},
)

SOCCERISTIC = GamePlay(
    ruleset="socceristic",
    group="socceristic",
    commands={
        "roll": ("roll", None),
        "draw": ("draw", None),
        "direction": ("direction", "direction"),
        "end": ("end", "end"),
        "corner": ("corner", "side"),
    },
    fixed={"end": ["north", "south"], "corner": ["west", "east"]},
    challenge={},  # halves of 50 moves, the default
)
GAMES = (FUBA, DICESOCCER, SIMPLESOCCER, SOCCERISTIC)


@dataclass
class Figures:
    """One match's counts (see the module's docstring)."""

    messages_created: int = 0
    goals: int = 0
    messages_left: int = 0
    pings: int = 0
    pings_to_actor: int = 0
    private_acks: int = 0
    edits: int = 0
    image_bytes_uploaded: int = 0
    step_ms: list[float] = field(default_factory=list)
    steps: int = 0  # member actions that counted
    refused: int = 0  # member actions the bot refused (the member then tried another way)
    ways: dict[str, int] = field(default_factory=dict)  # "control"/"command" -> actions counted
    finished: bool = False

    def lines(self, prefix: str) -> list[str]:
        ms = sorted(self.step_ms)
        p50 = statistics.median(ms) if ms else 0.0
        p99 = statistics.quantiles(ms, n=100, method="inclusive")[98] if len(ms) > 1 else p50
        counts = [
            ("messages_created", self.messages_created),
            ("goals", self.goals),
            ("messages_left", self.messages_left),
            ("pings", self.pings),
            ("pings_to_actor", self.pings_to_actor),
            ("private_acks", self.private_acks),
            ("edits", self.edits),
        ]
        out = [f"{prefix}{key}: {value} count" for key, value in counts]
        out.append(f"{prefix}image_bytes_uploaded: {self.image_bytes_uploaded} bytes")
        out.append(f"{prefix}step_ms_p50: {p50:.2f} ms")
        out.append(f"{prefix}step_ms_p99: {p99:.2f} ms")
        return out


class Recorder:
    """Counts what the bot does in one channel and its threads, at SimCord's backend: the
    messages it commits, edits and deletes, and the files it uploads."""

    def __init__(self, env: simcord.Env, root: int, figures: Figures) -> None:
        self.backend = env.backend
        self.bot_id = env.backend.bot_user.id
        self.root = root
        self.figures = figures
        self.actor: int | None = None  # the member whose action the bot is answering
        self.acting = False  # a player's action (not a spectator's look)
        self.private: list[tuple[int, int]] = []  # (channel, message): this action's
        self.loading: set[int] = set()  # public deferred answers not filled in yet

    def watched(self, channel_id: int) -> bool:
        if channel_id == self.root:
            return True
        channel = self.backend.channels.get(channel_id)
        return channel is not None and getattr(channel, "parent_id", None) == self.root

    def begin(self, actor: int, *, acting: bool = True) -> None:
        """A member's action starts; the private messages opened while the member prepared it
        (a menu's private answer) since the last one was settled are part of it."""
        self.actor, self.acting = actor, acting

    def end(self, counted: bool) -> None:
        """The action is settled: its private messages still there acknowledge it, unless
        they tell a secret (or the action did not count, or was a spectator's)."""
        if counted and self.acting:
            for channel_id, message_id in self.private:
                message = self.backend.messages.get(channel_id, {}).get(message_id)
                if message is not None and not SECRET.search(_text(message)):
                    self.figures.private_acks += 1
        self.private = []

    def _pinged(self, message: Any) -> None:
        users = list(message.ping_user_ids)
        self.figures.pings += len(users)
        self.figures.pings_to_actor += sum(1 for user in users if user == self.actor)

    def created(self, message: Any) -> None:
        if message.author_id != self.bot_id or not self.watched(message.channel_id):
            return
        if message.id not in self.backend.messages.get(message.channel_id, {}):
            return  # blocked: never stored
        if message.flags & EPHEMERAL_FLAG:
            self.private.append((message.channel_id, message.id))
            return
        self.figures.messages_created += 1
        if message.flags & LOADING_FLAG:
            self.loading.add(message.id)
        else:
            self._pinged(message)

    def edited(self, message: Any) -> None:
        if message.author_id != self.bot_id or not self.watched(message.channel_id):
            return
        if message.flags & EPHEMERAL_FLAG:
            return
        if message.id in self.loading:  # the deferred answer's content: its creation
            self.loading.discard(message.id)
            self._pinged(message)
            return
        self.figures.edits += 1

    def uploaded(self, channel_id: int, data: bytes) -> None:
        if self.watched(channel_id):
            self.figures.image_bytes_uploaded += len(data)

    def left(self) -> int:
        """The bot's public messages in the channel and its threads now."""
        return sum(
            1
            for channel_id, messages in self.backend.messages.items()
            if self.watched(channel_id)
            for m in messages.values()
            if m.author_id == self.bot_id and not m.flags & EPHEMERAL_FLAG
        )

    @contextmanager
    def installed(self) -> Iterator[Recorder]:
        """Wrap the backend's message and CDN operations for the duration."""
        backend, cdn = self.backend, self.backend.cdn
        commit, edit, store = backend.commit_message, backend.edit_message, cdn.store_attachment

        def committed(message: Any, *args: Any, **kwargs: Any) -> Any:
            stored = commit(message, *args, **kwargs)
            self.created(stored)
            return stored

        def edited(channel_id: int, message_id: int, *args: Any, **kwargs: Any) -> Any:
            message = edit(channel_id, message_id, *args, **kwargs)
            self.edited(message)
            return message

        def stored(attachment_id: int, channel_id: int, filename: str, data: bytes, *rest: Any):
            self.uploaded(channel_id, data)
            return store(attachment_id, channel_id, filename, data, *rest)

        backend.commit_message, backend.edit_message = committed, edited
        cdn.store_attachment = stored
        try:
            yield self
        finally:
            del backend.commit_message, backend.edit_message, cdn.store_attachment


def _text(message: Any) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
    return "\n".join(parts)


def _controls(message: Any) -> list[dict[str, Any]]:
    """The buttons and select menus of a stored message, nested rows flattened."""
    found: list[dict[str, Any]] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            if item.get("custom_id"):
                found.append(item)
            walk(item.get("components") or [])

    walk(message.components)
    return found


@dataclass(frozen=True)
class Control:
    """A match control: ``<game>:<act|pick|moves>:<match>:<version>:<kind>:...``, or a side's
    menu of who plays (Simple Soccer): ``<game>:who:<match>:<version>:<side>``."""

    custom_id: str
    type: str  # act, pick, moves or who
    kind: str
    side: str | None  # a select menu's side, when it is one side's
    value: str | None  # a button's value
    options: tuple[str, ...]  # a select menu's option values

    @classmethod
    def parse(cls, game: str, item: dict[str, Any]) -> Control | None:
        parts = str(item["custom_id"]).split(":")
        options = tuple(str(o.get("value")) for o in item.get("options") or [])
        if len(parts) == 5 and parts[0] == game and parts[1] == "who":  # one side's plays
            return cls(item["custom_id"], "who", "", parts[4], None, options)
        if len(parts) < 5 or parts[0] != game or parts[1] not in ("act", "pick", "moves"):
            return None
        side = parts[5] if parts[1] in ("pick", "moves") and len(parts) > 5 else None
        value = parts[5] if parts[1] == "act" and len(parts) > 5 else None
        return cls(item["custom_id"], parts[1], parts[4], side, value, options)


class Match:
    """One match being played: its channel (or thread), players and counts."""

    def __init__(
        self,
        env: simcord.Env,
        play: GamePlay,
        channel: simcord.ChannelHandle,
        members: list[simcord.MemberActor],
        spectator: simcord.MemberActor,
        rng: random.Random,
    ) -> None:
        self.env, self.play, self.channel, self.rng = env, play, channel, rng
        self.members = {m.id: m for m in members}
        self.spectator = spectator
        self.referee = _referee(env)
        self.figures = Figures()
        self.recorder = Recorder(env, channel.id, self.figures)
        self.where = channel  # the match's thread, once it has one
        self.match_id = 0
        self.wish: set[str] = set()  # the values naming what the member means to do
        self.target: str | None = None  # where the play the member means to make ends
        self.who: str | None = None  # who makes it (None: the goalkeeper alone)

    # -- reading the channel ---------------------------------------------------------------

    def _public(self) -> list[Any]:
        """The bot's public messages in the match's channel or thread, oldest first."""
        backend = self.env.backend
        found = [
            m
            for m in backend.messages.get(self.where.id, {}).values()
            if m.author_id == backend.bot_user.id and not m.flags & EPHEMERAL_FLAG
        ]
        return sorted(found, key=lambda m: m.id)

    def live_board(self) -> tuple[Any, list[Control]] | None:
        """The newest public message with controls of this game, and its controls."""
        for message in reversed(self._public()):
            controls = [Control.parse(self.play.ruleset, c) for c in _controls(message)]
            found = [c for c in controls if c is not None]
            if found:
                return message, found
        return None

    async def _version(self) -> tuple[int, bool]:
        match = await self.referee.store.get_match(self.match_id)
        return match.version, match.status is MatchStatus.ACTIVE

    # -- acting ----------------------------------------------------------------------------

    async def act(self, member: simcord.MemberActor, ways: list[tuple[str, Prepare]]) -> bool:
        """Try the ways of answering in turn until one counts; time the one that does."""
        before, _ = await self._version()
        for how, prepare in ways:
            fire = await prepare()
            if fire is None:
                continue
            self.recorder.begin(member.id)
            began = time.perf_counter()
            await fire()
            took = time.perf_counter() - began
            after, _ = await self._version()
            counted = after != before
            self.recorder.end(counted)
            if counted:
                self.figures.step_ms.append(took * 1000)
                self.figures.steps += 1
                self.figures.ways[how] = self.figures.ways.get(how, 0) + 1
                return True
            self.figures.refused += 1
        return False

    async def _offered(
        self,
        actor: simcord.MemberActor,
        command: str,
        option: str,
        typed: str = "",
        /,
        **filled: Any,  # the options already chosen, by name ("member" among them)
    ) -> list[Any]:
        where = self.where
        try:
            offered = await actor.autocomplete(where, command, option, typed, **filled)
        except Exception:
            return []
        return [o["value"] for o in offered]

    def _pick(self, values: list[Any] | tuple[Any, ...]) -> Any:
        """The value the member wants (the coach's choice) if offered, else one at random."""
        if not values:
            return None
        wanted = [v for v in values if _rep(v) in self.wish]
        return wanted[0] if wanted else self.rng.choice(list(values))

    def think(self, outcome: Any, side: str) -> str | None:
        """What the member means to do: the action the game's coach would choose (its kind),
        noted in ``wish`` as the values that name it."""
        self.wish, self.target, self.who = set(), None, None
        try:
            decision = next(
                d for d in outcome.game.ruleset.pending(outcome.state) if d.actor == side
            )
            action = outcome.game.coach(CHOICES_SEED).choose(outcome.state, decision)
        except Exception:  # no coach for it: the member chooses at random
            return None
        self.wish = _reps(action.args)
        path = action.args.get("path")
        squares = path.split() if isinstance(path, str) else [str(p) for p in path or ()]
        self.target = squares[-1].lower() if squares else None
        self.who = str(action.args["member"]) if "member" in action.args else None
        return str(action.kind)

    def _pick_path(self, values: list[Any] | tuple[Any, ...], meant: bool) -> Any:
        """The path ending where the member means to play (when ``meant``), else one at
        random."""
        if not values:
            return None
        wanted = [v for v in values if meant and str(v).split()[-1:] == [self.target]]
        return wanted[0] if wanted else self.rng.choice(list(values))

    def _slash(self, member: simcord.MemberActor, kind: str) -> Prepare:
        async def prepare() -> Fire | None:
            if kind not in self.play.commands:
                return None
            sub, option = self.play.commands[kind]
            command = f"{self.play.group} {sub}"
            options: dict[str, Any] = {}
            if kind in self.play.fixed and option is not None:
                options[option] = self._pick(self.play.fixed[kind])
            elif option is not None:
                value = self._pick(await self._offered(member, command, option))
                if value is None:
                    return None
                options[option] = value
            return lambda: member.slash(self.where, command, **options)

        return prepare

    def _slash_done(self, member: simcord.MemberActor) -> Prepare:
        async def prepare() -> Fire | None:
            return lambda: member.slash(self.where, f"{self.play.group} done")

        return prepare

    def _slash_move(self, member: simcord.MemberActor) -> Prepare:
        async def prepare() -> Fire | None:
            command = f"{self.play.group} move"
            start = self._pick(await self._offered(member, command, "from"))
            if start is None:
                return None
            end = self._pick(await self._offered(member, command, "to", **{"from": start}))
            if end is None:
                return None
            return lambda: member.slash(self.where, command, **{"from": start, "to": end})

        return prepare

    def _slash_path(self, member: simcord.MemberActor, kind: str, meant: bool) -> Prepare:
        """A play along a path with its command: who plays, then the path the autocomplete
        offers once the destination is typed (when ``meant``: the play the member means)."""

        async def prepare() -> Fire | None:
            command = f"{self.play.group} {kind}"
            filled: dict[str, Any] = {}
            who = self.play.along[kind]
            if who is not None:
                chosen = self._pick(await self._offered(member, command, who))
                if chosen is None:
                    return None
                filled[who] = chosen
            typed = (self.target or "") if meant else ""
            path = self._pick_path(
                await self._offered(member, command, "path", typed, **filled), meant
            )
            if path is None:
                return None
            return lambda: member.slash(self.where, command, **filled, path=path)

        return prepare

    def _menu_path(self, member: simcord.MemberActor, side: str, kind: str, who: str) -> Prepare:
        """A play along a path with the live board's menu of who plays, then its private
        answer's menu of where to: the destination the member means, if listed."""

        async def prepare() -> Fire | None:
            found = self.live_board()
            if found is None:
                return None
            stored, controls = found
            value = f"{kind}:{who}"
            menus = [c for c in controls if c.type == "who" and c.side == side]
            if not menus or value not in menus[0].options:
                return None
            opened = len(self.recorder.private)
            shown = await member.select(
                to_discord_message(self.env, stored), [value], custom_id=menus[0].custom_id
            )
            answer = shown.response
            paths = [
                (menu["custom_id"], str(option["value"]))
                for row in (answer.components if answer is not None else [])
                for menu in row.get("components") or []
                if menu.get("type") == 3
                for option in menu.get("options") or []
            ]
            listed = [(cid, path) for cid, path in paths if path.split()[-1:] == [self.target]]
            if answer is None or not listed:  # not listed: the member dismisses the answer
                del self.recorder.private[opened:]
                return None
            custom_id, path = listed[0]
            return lambda: member.select(answer, [path], custom_id=custom_id)

        return prepare

    def _turn_ways(
        self, member: simcord.MemberActor, side: str, meant: str | None
    ) -> list[tuple[str, Prepare]]:
        """A turn along paths: the play the member means (the board's menus or the command),
        else the end of the turn (the End turn button or the command), else a play at random;
        the end first when it is what the member means."""
        end = [
            ("control", self._control(member, side, ("end",))),
            ("command", self._slash(member, "end")),
        ]
        chance = [("command", self._slash_path(member, kind, False)) for kind in self.play.along]
        if meant not in self.play.along:
            if self.rng.random() < 0.5:
                end.reverse()
            return [*end, *chance]
        who = self.who or "G"  # Simple Soccer's goalkeeper: a grab names nobody
        play = [
            ("control", self._menu_path(member, side, meant, who)),
            ("command", self._slash_path(member, meant, True)),
        ]
        if self.rng.random() < 0.5:
            play.reverse()
        return [*play, *end, *chance]

    def _control(self, member: simcord.MemberActor, side: str, kinds: tuple[str, ...]) -> Prepare:
        """A click or a choice on the live board's control for one of ``kinds``."""

        async def prepare() -> Fire | None:
            found = self.live_board()
            if found is None:
                return None
            stored, controls = found
            for kind in kinds:
                fitting = [c for c in controls if c.kind == kind and c.side in (None, side)]
                buttons = [c for c in fitting if c.type == "act"]
                menus = [c for c in fitting if c.type != "act" and c.options]
                message = to_discord_message(self.env, stored)
                if buttons:
                    values = [c.value or "" for c in buttons]
                    value = self._pick(values)
                    chosen = buttons[values.index(value)] if value in values else buttons[0]
                    return lambda: member.click(message, custom_id=chosen.custom_id)
                if menus:
                    menu = menus[0]
                    option = self._pick(menu.options)
                    return lambda: member.select(message, [option], custom_id=menu.custom_id)
            return None

        return prepare

    def ways(
        self, member: simcord.MemberActor, kind: str, side: str, meant: str | None
    ) -> list[tuple[str, Prepare]]:
        """The ways a member answers a decision, in the order they try them: the live board's
        control or the command, whichever the coin says first."""
        if kind == self.play.turn:
            return self._turn_ways(member, side, meant)
        if kind == "move":  # end the optional moves, or make the move meant (or a legal one)
            done = [
                ("control", self._control(member, side, ("done",))),
                ("command", self._slash_done(member)),
            ]
            move = [
                ("control", self._control(member, side, ("move",))),
                ("command", self._slash_move(member)),
            ]
            if self.rng.random() < 0.5:
                done.reverse()
                move.reverse()
            return [*move, *done] if meant == "move" else [*done, *move]
        control = ("control", self._control(member, side, (kind,)))
        command = ("command", self._slash(member, kind))
        return [control, command] if self.rng.random() < 0.5 else [command, control]

    # -- a whole match ---------------------------------------------------------------------

    async def _challenge(self) -> None:
        alice, bob = self.members.values()
        self.recorder.begin(alice.id)
        await alice.slash(
            self.channel, f"{self.play.group} challenge", opponent=bob, **self.play.challenge
        )
        self.recorder.end(False)
        accept = next(
            (
                (m, c)
                for m in reversed(self._public())
                for c in _controls(m)
                if c.get("label") == "Accept"
            ),
            None,
        )
        self.recorder.begin(bob.id)
        if accept is not None:
            await bob.click(
                to_discord_message(self.env, accept[0]), custom_id=accept[1]["custom_id"]
            )
        else:
            await bob.slash(self.channel, f"{self.play.group} accept")
        self.recorder.end(False)
        for where in [self.channel, *self.channel.threads]:
            match = await self.referee.store.active_match(where.id)
            if match is not None:
                self.where, self.match_id = where, match.id
                return
        raise RuntimeError(f"the {self.play.ruleset} challenge did not start a match")

    async def play_out(self, max_steps: int = MAX_STEPS) -> Figures:
        with self.recorder.installed():
            await self._challenge()
            for step in range(max_steps):
                _, active = await self._version()
                if not active:
                    self.figures.finished = True
                    break
                outcome = await self.referee.current(self.where.id)
                asked = [p for p in outcome.next if p.user_id in self.members]
                if not asked:
                    raise RuntimeError(f"nobody is asked anything: {outcome.next!r}")
                prompt = asked[0]
                member = self.members[prompt.user_id]
                meant = self.think(outcome, prompt.side)
                ways = self.ways(member, prompt.kind, prompt.side, meant)
                if not await self.act(member, ways):
                    raise RuntimeError(f"{prompt.kind!r}: no way of answering it counted")
                if step % STATUS_EVERY == STATUS_EVERY - 1:
                    self.recorder.begin(self.spectator.id, acting=False)
                    await self.spectator.slash(self.where, f"{self.play.group} status")
                    self.recorder.end(False)
            else:
                _, active = await self._version()
                self.figures.finished = not active
            self.figures.messages_left = self.recorder.left()
        match = await self.referee.store.get_match(self.match_id)
        score = (match.result or {}).get("score") or {}
        self.figures.goals = sum(int(v) for v in score.values())
        return self.figures


def _rep(value: Any) -> str:
    """A value as compared with what a member wants: text in lower case, an action's arguments
    (a dict, or a menu option's JSON) as JSON with sorted keys."""
    if isinstance(value, str) and value.startswith("{"):
        with suppress(ValueError):
            value = json.loads(value)
    if isinstance(value, dict):
        return json.dumps(value, separators=(",", ":"), sort_keys=True)
    return str(value).lower()


def _reps(args: dict[str, Any]) -> set[str]:
    """The ways an option's value may name an action with ``args``: any one argument (an
    area, a kind, a side...), the whole action as JSON (a move menu's option), a move or a
    player to bring as autocomplete writes them, a menu's "1+goalkeeper"."""
    found = {_rep(v) for v in args.values() if not isinstance(v, bool)}
    found |= {_rep(v) for v in args.values() if isinstance(v, bool) and len(args) == 1}
    found.add(_rep(args))
    if "from" in args:
        who = "goalkeeper" if args.get("goalkeeper") else "player"
        if "to" in args:
            ball = " with the ball" if args.get("with_ball") else ""
            found.add(f"{who} {args['from']} -> {args['to']}{ball}")
        else:
            found.add(f"{who} from {args['from']}")
            found.add(f"{args['from']}+goalkeeper" if args.get("goalkeeper") else str(args["from"]))
    return found


def _referee(env: simcord.Env) -> Any:
    """The running bot's referee (its play cog's)."""
    cog = env.bot.get_cog("MatchPlay")
    if cog is None:
        cog = next(c for c in env.bot.cogs.values() if hasattr(c, "referee"))
    return cog.referee


def _seeded(env: simcord.Env, seed: int) -> None:
    """Every match the referee starts gets ``seed`` for its dice (no match asks for a seed of
    its own: challenges leave it to the referee's random one)."""
    referee = _referee(env)
    start = referee.start_match

    async def start_match(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("seed") is None:
            kwargs["seed"] = seed
        return await start(*args, **kwargs)

    referee.start_match = start_match


async def run(
    seed: int = SEED,
    max_steps: int = MAX_STEPS,
    games: tuple[GamePlay, ...] = GAMES,
) -> dict[str, Figures]:
    """Play one match of each game in ``games`` (at most ``max_steps`` member actions each)
    and return each game's figures by ruleset."""
    results: dict[str, Figures] = {}
    async with bot_in_simcord("bench-channel-") as env:
        _seeded(env, seed)
        guild = env.create_guild("Bench")
        alice, bob, carol = (
            guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")
        )
        for play in games:
            channel = guild.create_text_channel(f"{play.group}-pitch")
            rng = random.Random(f"{CHOICES_SEED}:{play.ruleset}")
            match = Match(env, play, channel, [alice, bob], carol, rng)
            results[play.ruleset] = await match.play_out(max_steps)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench channel")
    parser.add_argument(
        "--max-steps", type=int, default=MAX_STEPS, help="actions per match at most"
    )
    parser.add_argument(
        "--game",
        choices=[play.ruleset for play in GAMES],
        action="append",
        help="play only this game's match (repeatable; default: every game)",
    )
    args = parser.parse_args()
    chosen = tuple(play for play in GAMES if not args.game or play.ruleset in args.game)
    results = asyncio.run(run(max_steps=args.max_steps, games=chosen))
    for ruleset, figures in results.items():
        print("\n".join(figures.lines(f"{ruleset}_")))
        if not figures.finished:
            print(f"warning: the {ruleset} match did not finish", file=sys.stderr)
    return 0 if all(f.finished for f in results.values()) else 1
