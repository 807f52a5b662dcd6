"""Playing FUBA in a channel: `/fuba challenge` ... `/fuba resign`, and the match buttons.

A thin adapter over ``referee.service.Referee``: every acting command defers privately, asks the
referee, posts ONE public message in the channel (the narration, the spectators' board and who
must decide next, mentioned) and answers the caller privately ("Done." or the typed error, shown
by ``cogs.errors``). The rules and the flow live in the referee and the engine.

Buttons are ``DynamicItem``s whose ``custom_id`` carries the match id and the version they were
drawn for, so they work after a restart and a stale, foreign or double click is refused by the
referee and changes nothing. Open challenges are kept in memory for `/fuba accept` and the busy
check; their buttons carry the whole challenge, so those still work after a restart.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import apology, new_error_id, player_message, reply_ephemeral
from cogs.groups import fuba_group, remove_commands
from engine.core import Choice
from referee import games
from referee.deadlines import MAX_TURN_TIMEOUT, DeadlineDispatcher
from referee.errors import RefereeError
from referee.service import DICE_MODES, Outcome, Prompt, Referee
from referee.stats import Summary, recent_lines, summary
from store.errors import ChannelBusy, StoreError
from store.repository import MatchStore, Seat, StoredMatch

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25
NARRATION_LIMIT = 3500  # characters of narration in one embed (Discord allows 4096)
BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
COLOUR = discord.Colour.green()
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
DEADLINE_INTERVAL = 5.0  # seconds between two looks at the due turn deadlines
DEADLINE_SEND_TIMEOUT = 10.0  # seconds a deadline message may take before it is given up

# The command that answers each kind of decision (players are told which one to use).
COMMAND_FOR = {
    "formation": "/fuba formation",
    "roll": "/fuba roll",
    "kickoff": "/fuba kickoff",
    "setup": "/fuba setup",
    "move": "/fuba move or /fuba done",
    "target": "/fuba target",
    "bring": "/fuba bring",
    "action": "/fuba action (or /fuba move first)",
    "continue": "/fuba continue",
    "free_kick": "/fuba freekick",
    "corner": "/fuba corner",
    "penalty": "/fuba penalty",
    "remove": "/fuba remove",
}
# Decisions offered as buttons too: action kind -> the argument the button sets.
BUTTON_ARGS = {
    "kickoff": "side",
    "action": "kind",
    "continue": "choice",
    "corner": "side",
    "free_kick": "choice",
    "penalty": "side",  # secret: a click is seen only by the one who clicks
}
SECRET_REPLY = "You chose {value}; it stays secret until it is revealed."


class PlayRefusal(RefereeError):
    """A challenge the bot refuses (busy channel, yourself, another bot, nothing pending)."""


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: int
    challenger_name: str
    opponent: int
    opponent_name: str
    dice: str
    thread: bool = False
    message_id: int | None = None  # the message with the buttons
    turn_timeout: int | None = None  # minutes; None: no turn timeout


# -- the cog ---------------------------------------------------------------------------------


class FubaPlay(commands.Cog):
    """Owns the match store and the referee of this bot process."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._store: MatchStore | None = None
        self._referee: Referee | None = None
        self.dispatcher: DeadlineDispatcher | None = None
        self.challenges: dict[int, Challenge] = {}  # channel id -> pending challenge

    async def cog_load(self) -> None:
        from store.migrate import migrate

        settings = getattr(self.bot, "settings", None)
        url = settings.database_url if settings is not None else None
        store = MatchStore.open(url)
        try:
            await migrate(store.engine)
        except BaseException:
            await store.close()
            raise
        self._store, self._referee = store, Referee(store)
        interval = getattr(settings, "deadline_interval", None) or DEADLINE_INTERVAL
        self.dispatcher = DeadlineDispatcher(
            store, on_reminder=self.on_reminder, on_expiry=self.on_expiry, interval=interval
        )
        self.dispatcher.start()

    async def cog_unload(self) -> None:
        if self.dispatcher is not None:
            await self.dispatcher.stop()
            self.dispatcher = None
        if self._store is not None:
            await self._store.close()
        self._store = self._referee = None

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            raise RuntimeError("the play cog is not loaded")
        return self._referee

    # -- turn deadlines (the dispatcher's callbacks: one bounded message each) -----------

    async def _send(self, channel_id: int, content: str, view: discord.ui.View | None) -> None:
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await asyncio.wait_for(
            channel.send(content[:2000], allowed_mentions=MENTION_USERS, **kwargs),
            DEADLINE_SEND_TIMEOUT,
        )

    async def on_reminder(self, match: StoredMatch, side: str, user_id: int) -> None:
        game = games.get(match.ruleset)
        left = minutes_text(float(match.options.get("turn_timeout") or 0) / 2)
        await self._send(
            match.channel_id,
            f"<@{user_id}> ({game.side_name(side)}): {left} left for your decision in match "
            f"#{match.id}, then your opponent may claim the win.",
            None,
        )

    async def on_expiry(self, match: StoredMatch, waiting: str, absent: str) -> None:
        game = games.get(match.ruleset)
        await self._send(
            match.channel_id,
            f"<@{match.players[waiting]}> ({game.side_name(waiting)}): "
            f"{game.side_name(absent)} ran out of time in match #{match.id}. Claim the win, or "
            "let the automatic coach play their side.",
            timeout_view(match.id, match.version),
        )


def minutes_text(minutes: float) -> str:
    """
    >>> minutes_text(1), minutes_text(1.5), minutes_text(30)
    ('1 minute', '1.5 minutes', '30 minutes')
    """
    return f"{minutes:g} minute{'' if minutes == 1 else 's'}"


def _cog(interaction: discord.Interaction) -> FubaPlay:
    cog = interaction.client.get_cog(FubaPlay.__cog_name__)  # type: ignore[attr-defined]
    if not isinstance(cog, FubaPlay):
        raise RuntimeError("the play cog is not loaded")
    return cog


def _channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise PlayRefusal("FUBA matches are played in a server channel.")
    return interaction.channel_id


# -- public messages -------------------------------------------------------------------------


def narration(lines: Sequence[str], limit: int = NARRATION_LIMIT) -> str:
    """The narration for an embed: the latest lines that fit, with a note of those left out.

    >>> narration(["a" * 10, "b" * 10, "c"], limit=40)
    '(1 earlier line)\\nbbbbbbbbbb\\nc'
    """
    budget = limit - 20  # room for the note
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if kept and size + len(line) + 1 > budget:
            break
        kept.append(line[:budget])
        size += len(line) + 1
    dropped = len(lines) - len(kept)
    head = [f"({dropped} earlier line{'' if dropped == 1 else 's'})"] if dropped else []
    return "\n".join(head + kept[::-1])


def next_text(outcome: Outcome) -> str:
    """Who must decide next, mentioned, and with which command; or the final result."""
    if outcome.over:
        return final_text(outcome)
    # the coach never waits: the referee plays it inside the same call
    return "\n".join(_prompt_line(prompt) for prompt in outcome.next)


def _prompt_line(prompt: Prompt) -> str:
    command = COMMAND_FOR.get(prompt.kind, "/fuba status")
    if prompt.dice:
        what = f"roll {prompt.dice} {'die' if prompt.dice == 1 else 'dice'} at the table"
        return f"<@{prompt.user_id}> ({prompt.side_name}): {what} and enter them with `/fuba roll`."
    secret = " (secret: only you see your answer)" if prompt.secret else ""
    return f"<@{prompt.user_id}> ({prompt.side_name}): {prompt.text} `{command}`{secret}"


def final_text(outcome: Outcome) -> str:
    result = outcome.result or {}
    game = outcome.game
    if result.get("reason") == "aborted":
        text = "The match was called off."
    else:
        winner = result.get("winner")
        if winner is None:
            text = "The match ends in a draw."
        else:
            text = f"{outcome.names[winner]} ({game.side_name(winner)}) wins."
        score = result.get("score")
        if score:
            text += " Score: " + " - ".join(f"{game.side_name(s)} {g}" for s, g in score.items())
    return f"{text}\nDice seed: {outcome.seed} (SHA-256 {outcome.seed_hash})."


def buttons(outcome: Outcome) -> discord.ui.View | None:
    """Buttons for the common choices now pending (None when there are none)."""
    if outcome.over:
        return None
    view = discord.ui.View(timeout=None)
    for decision in outcome.game.ruleset.pending(outcome.state):
        if decision.dice:
            continue
        for choice in decision.choices:
            arg = BUTTON_ARGS.get(choice.action.kind)
            if arg is None or len(view.children) >= AUTOCOMPLETE_LIMIT:
                continue
            view.add_item(
                ChoiceButton(
                    outcome.match_id,
                    outcome.version,
                    choice.action.kind,
                    str(choice.action.args[arg]),
                    choice.label,
                )
            )
    return view if view.children else None


async def post(
    channel: Any, outcome: Outcome, title: str | None = None, final: Summary | None = None
) -> discord.Message:
    """The one public message after a step: narration, board, who decides next (at the final
    whistle: the result, the match statistics and the replay)."""
    embed = discord.Embed(
        title=title or f"{outcome.game.title} match #{outcome.match_id}",
        description=narration(outcome.lines) or None,
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    png = await outcome.board_png(None)  # the spectators' view: never a secret
    files = [discord.File(io.BytesIO(png), filename=BOARD_FILE)]
    if final is not None and final.statistics:
        value = "\n".join(final.statistics)[:1024]
        embed.add_field(name="Statistics", value=value, inline=False)
    if final is not None and final.replay is not None:
        files.append(discord.File(io.BytesIO(final.replay), filename=REPLAY_FILE))
    view = buttons(outcome)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    return await channel.send(
        content=next_text(outcome)[:2000] or None,
        embed=embed,
        files=files,
        allowed_mentions=MENTION_USERS,
        **kwargs,
    )


def _channel(interaction: discord.Interaction) -> Any:
    channel = interaction.channel
    if channel is None or not hasattr(channel, "send"):
        raise PlayRefusal("FUBA matches are played in a server channel.")
    return channel


async def act_and_post(
    interaction: discord.Interaction,
    kind: str,
    args: dict[str, Any] | None = None,
    *,
    reply: str = "Done.",
    expected_version: int | None = None,
    match_id: int | None = None,
) -> Outcome:
    """Defer privately, apply the action, post the public message, answer ``reply``."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    referee = _cog(interaction).referee
    outcome = await referee.act(
        _channel_id(interaction),
        interaction.user.id,
        kind,
        args,
        expected_version=expected_version,
        match_id=match_id,
    )
    await post(_channel(interaction), outcome, final=await final_summary(referee, outcome))
    await interaction.followup.send(reply, ephemeral=True)
    return outcome


async def final_summary(referee: Referee, outcome: Outcome) -> Summary | None:
    """The statistics and replay of a match that has just ended (None while it goes on, or
    when it was called off)."""
    if not outcome.over or (outcome.result or {}).get("reason") == "aborted":
        return None
    return await summary(referee.store, outcome.match_id)


# -- buttons ---------------------------------------------------------------------------------


async def answer_component_error(interaction: discord.Interaction, error: Exception) -> None:
    """A button's error: the same private replies as the commands' (the tree does not see
    component callbacks)."""
    message = player_message(error)
    if message is None:
        error_id = new_error_id()
        log.error(
            "error %s in a FUBA button (user %s)", error_id, interaction.user.id, exc_info=error
        )
        message = apology(error_id)
    await reply_ephemeral(interaction, message)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:act:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<value>[\w-]+)",
):
    """One legal choice of a pending decision, for the match version it was drawn for."""

    def __init__(self, match_id: int, version: int, kind: str, value: str, label: str) -> None:
        self.match_id, self.version, self.kind, self.value = match_id, version, kind, value
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"fuba:act:{match_id}:{version}:{kind}:{value}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or match["value"]
        return cls(int(match["match"]), int(match["version"]), match["kind"], match["value"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        arg = BUTTON_ARGS.get(self.kind)
        try:
            if arg is None:
                raise PlayRefusal("This button is not used any more.")
            secret = self.kind == "penalty"
            await act_and_post(
                interaction,
                self.kind,
                {arg: self.value},
                reply=SECRET_REPLY.format(value=self.value) if secret else "Done.",
                expected_version=self.version,
                match_id=self.match_id,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"fuba:challenge:(?P<challenger>\d+):(?P<opponent>\d+):(?P<dice>[a-z]+):"
        r"(?P<thread>[01]):(?P<answer>accept|decline)(?::(?P<timeout>\d+))?"
    ),
):
    """Accept or Decline under a challenge; only the challenged member may use them. The
    button carries the whole challenge, so it still works after a restart."""

    def __init__(
        self,
        challenger: int,
        opponent: int,
        dice: str,
        thread: bool,
        answer: str,
        turn_timeout: int | None = None,
    ) -> None:
        self.challenger, self.opponent, self.answer = challenger, opponent, answer
        self.dice, self.thread, self.turn_timeout = dice, thread, turn_timeout
        accept = answer == "accept"
        timeout = f":{turn_timeout}" if turn_timeout else ""
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=(
                    f"fuba:challenge:{challenger}:{opponent}:{dice}:{int(thread)}:{answer}{timeout}"
                ),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(
            int(match["challenger"]),
            int(match["opponent"]),
            match["dice"],
            match["thread"] == "1",
            match["answer"],
            int(match["timeout"]) if match["timeout"] else None,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = _cog(interaction)
            channel_id = _channel_id(interaction)
            challenge = cog.challenges.get(channel_id)
            if challenge is None and interaction.message is not None:
                # the bot restarted since the challenge: its buttons still hold it
                challenge = cog.challenges[channel_id] = Challenge(
                    self.challenger,
                    "",  # looked up when answered
                    self.opponent,
                    "",
                    self.dice,
                    self.thread,
                    interaction.message.id,
                    self.turn_timeout,
                )
            if (
                challenge is None
                or challenge.challenger != self.challenger
                or challenge.opponent != self.opponent
            ):
                raise PlayRefusal("This challenge is no longer open; start a new one if you like.")
            await answer_challenge(interaction, accept=self.answer == "accept")
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def challenge_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("accept", "decline"):
        view.add_item(
            ChallengeButton(
                challenge.challenger,
                challenge.opponent,
                challenge.dice,
                challenge.thread,
                answer,
                challenge.turn_timeout,
            )
        )
    return view


TIMEOUT_ANSWERS = {"claim": "Claim the win", "coach": "Let the coach play"}


class TimeoutButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:timeout:(?P<match>\d+):(?P<version>\d+):(?P<answer>claim|coach)",
):
    """After a turn timeout expired: the waiting player claims the win or lets the automatic
    coach play the absent side. The referee refuses anyone else, and a click once the match
    has moved on (or is another match)."""

    def __init__(self, match_id: int, version: int, answer: str) -> None:
        self.match_id, self.version, self.answer = match_id, version, answer
        super().__init__(
            discord.ui.Button(
                label=TIMEOUT_ANSWERS[answer],
                style=(
                    discord.ButtonStyle.danger if answer == "claim" else discord.ButtonStyle.primary
                ),
                custom_id=f"fuba:timeout:{match_id}:{version}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TimeoutButton:
        return cls(int(match["match"]), int(match["version"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            referee = _cog(interaction).referee
            channel_id = _channel_id(interaction)
            current = await referee.current(channel_id)
            if current.match_id != self.match_id or current.version != self.version:
                raise PlayRefusal("This match has moved on since; these buttons are stale.")
            if self.answer == "claim":
                outcome = await referee.claim_win(channel_id, interaction.user.id)
                title, reply = "Won on time", "You won: your opponent ran out of time."
            else:
                outcome = await referee.coach_takes_over(channel_id, interaction.user.id)
                title, reply = None, "The automatic coach plays your opponent's side now."
            final = await final_summary(referee, outcome)
            await post(_channel(interaction), outcome, title=title, final=final)
            await interaction.followup.send(reply, ephemeral=True)
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def timeout_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in TIMEOUT_ANSWERS:
        view.add_item(TimeoutButton(match_id, version, answer))
    return view


async def _display_name(interaction: discord.Interaction, user_id: int) -> str:
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            member = None
    return member.display_name if member is not None else f"Player {user_id}"


# -- challenges ------------------------------------------------------------------------------


async def start(
    interaction: discord.Interaction,
    seats: list[Seat],
    dice: str,
    coach_side: str | None,
    thread: bool = False,
    turn_timeout: int | None = None,
) -> str:
    """Start the match here, or in a new public thread; returns the private reply."""
    referee = _cog(interaction).referee
    guild_id = interaction.guild_id or 0
    where = _channel(interaction)
    if thread and isinstance(where, discord.TextChannel):
        name = " v ".join(seat.display_name for seat in seats)
        where = await where.create_thread(
            name=f"FUBA: {name}"[:100], type=discord.ChannelType.public_thread
        )
    outcome = await referee.start_match(
        guild_id, where.id, seats, dice=dice, coach_side=coach_side, turn_timeout=turn_timeout
    )
    await post(where, outcome, title="Kick-off soon: a new match")
    return f"The match is on in {where.mention}." if where.id != interaction.channel_id else ""


@app_commands.describe(
    opponent="Who you want to play (choose the bot itself to play its automatic coach)",
    dice="virtual: the bot rolls; physical: you roll at the table and enter the dice",
    thread="Play the match in its own public thread (default: in this channel)",
    turn_timeout="Minutes each player has per decision (default: no limit)",
)
@app_commands.choices(dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES])
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    thread: bool = False,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
) -> None:
    """Challenge a member (or the bot) to a FUBA match in this channel."""
    cog = _cog(interaction)
    channel_id = _channel_id(interaction)
    mode = dice.value if dice is not None else "virtual"
    user = interaction.user
    if opponent.id == user.id:
        raise PlayRefusal("You cannot challenge yourself; challenge the bot to play its coach.")
    if opponent.bot and opponent.id != interaction.client.user.id:  # type: ignore[union-attr]
        raise PlayRefusal("Only members or this bot itself can play.")
    _no_open_challenge(cog, channel_id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # the database may be slow
    active = await cog.referee.store.active_match(channel_id)
    if active is not None:
        raise ChannelBusy(channel_id, active.id)
    _no_open_challenge(cog, channel_id)  # checked again: another challenge may have come
    if opponent.id == interaction.client.user.id:  # type: ignore[union-attr]
        seats = [
            Seat("west", user.id, user.display_name),
            Seat("east", opponent.id, "Coach"),
        ]
        where = await start(
            interaction, seats, mode, coach_side="east", thread=thread, turn_timeout=turn_timeout
        )
        reply = f"Match started against the coach. {where}".strip()
        await interaction.followup.send(reply, ephemeral=True)
        return
    challenge = cog.challenges[channel_id] = Challenge(
        user.id,
        user.display_name,
        opponent.id,
        opponent.display_name,
        mode,
        thread,
        turn_timeout=turn_timeout,
    )
    where = " in its own thread" if thread else ""
    if turn_timeout:
        where += f", {minutes_text(turn_timeout)} per decision"
    message = await _channel(interaction).send(
        f"{opponent.mention}, {user.mention} challenges you to a FUBA match ({mode} dice{where}). "
        "Accept or decline with the buttons, or `/fuba accept` / `/fuba decline`.",
        view=challenge_view(challenge),
        allowed_mentions=MENTION_USERS,
    )
    if cog.challenges.get(channel_id) is challenge:
        cog.challenges[channel_id] = replace(challenge, message_id=message.id)
    await interaction.followup.send("Challenge posted.", ephemeral=True)


def _no_open_challenge(cog: FubaPlay, channel_id: int) -> None:
    pending = cog.challenges.get(channel_id)
    if pending is not None:
        raise PlayRefusal(
            f"There is already an open challenge in this channel (<@{pending.challenger}> "
            f"to <@{pending.opponent}>); it must be answered first."
        )


async def answer_challenge(interaction: discord.Interaction, *, accept: bool) -> None:
    cog = _cog(interaction)
    channel_id = _channel_id(interaction)
    challenge = cog.challenges.get(channel_id)
    if challenge is None:
        raise PlayRefusal("There is no open challenge in this channel.")
    if interaction.user.id != challenge.opponent:
        raise PlayRefusal(f"Only <@{challenge.opponent}> can answer this challenge.")
    del cog.challenges[channel_id]  # before any await: a double click answers once
    await interaction.response.defer(ephemeral=True, thinking=True)
    if challenge.message_id is not None:  # answered: its buttons go
        try:
            message = _channel(interaction).get_partial_message(challenge.message_id)
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of challenge message %s", challenge.message_id)
    if not challenge.challenger_name:
        name = await _display_name(interaction, challenge.challenger)
        challenge = replace(challenge, challenger_name=name)
    if not accept:
        await _channel(interaction).send(
            f"<@{challenge.opponent}> declined <@{challenge.challenger}>'s challenge.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send("Declined.", ephemeral=True)
        return
    seats = [
        Seat("west", challenge.challenger, challenge.challenger_name),
        Seat("east", challenge.opponent, interaction.user.display_name),
    ]
    where = await start(
        interaction, seats, challenge.dice, None, challenge.thread, challenge.turn_timeout
    )
    reply = f"Challenge accepted: the match is on. {where}".strip()
    await interaction.followup.send(reply, ephemeral=True)


async def accept_command(interaction: discord.Interaction) -> None:
    """Accept the challenge made to you in this channel."""
    await answer_challenge(interaction, accept=True)


async def decline_command(interaction: discord.Interaction) -> None:
    """Decline the challenge made to you in this channel."""
    await answer_challenge(interaction, accept=False)


# -- autocomplete ----------------------------------------------------------------------------

Value = str | int


async def legal(interaction: discord.Interaction, kind: str) -> list[Choice]:
    """The caller's legal choices of one action kind (none for spectators or off turn)."""
    try:
        choices = await _cog(interaction).referee.legal_choices(
            _channel_id(interaction), interaction.user.id
        )
    except (RefereeError, StoreError):
        return []
    return [c for c in choices if c.action.kind == kind]


def offer(options: Sequence[tuple[str, Value]], current: str) -> list[app_commands.Choice[Any]]:
    """Autocomplete choices whose name contains what was typed, at most 25, no duplicates."""
    typed = current.strip().lower()
    seen: set[Value] = set()
    out: list[app_commands.Choice[Any]] = []
    for name, value in options:
        if value in seen or (typed and typed not in name.lower()):
            continue
        seen.add(value)
        out.append(app_commands.Choice(name=name[:100], value=value))
        if len(out) == AUTOCOMPLETE_LIMIT:
            break
    return out


def choices_of(kind: str, arg: str) -> Callable[..., Awaitable[list[app_commands.Choice[Any]]]]:
    """An autocomplete offering ``arg`` of the caller's legal ``kind`` choices."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        found = await legal(interaction, kind)
        options: list[tuple[str, Value]] = []
        for choice in found:
            value = choice.action.args.get(arg)
            if isinstance(value, list):  # a preset layout: offered as its text
                value = choice.label
            if isinstance(value, str | int) and not isinstance(value, bool):
                options.append((choice.label, value))
        return offer(options, current)

    return complete


async def move_from_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    found = await legal(interaction, "move")
    who: dict[int, set[str]] = {}
    for choice in found:
        args = choice.action.args
        who.setdefault(args["from"], set()).add("goalkeeper" if args["goalkeeper"] else "player")
    options: list[tuple[str, Value]] = [
        (f"area {area} ({' or '.join(sorted(kinds, reverse=True))})", area)
        for area, kinds in who.items()
    ]
    return offer(options, current)


async def move_to_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    found = await legal(interaction, "move")
    start = getattr(interaction.namespace, "from", None)
    options = [
        (c.label, c.action.args["to"])
        for c in found
        if start is None or c.action.args["from"] == start
    ]
    return offer(options, current)


# -- acting commands -------------------------------------------------------------------------


@app_commands.describe(shape="Defenders-midfielders-forwards adding up to 10, e.g. 4-4-2")
@app_commands.autocomplete(shape=choices_of("formation", "shape"))
async def formation_command(interaction: discord.Interaction, shape: str) -> None:
    """Choose your formation in secret (revealed when both have chosen)."""
    await act_and_post(
        interaction,
        "formation",
        {"shape": shape.strip()},
        reply=f"Your formation: {shape.strip()}. Nobody else sees it before both have chosen.",
    )


@app_commands.describe(layout="area:count pairs for your ten outfield players, e.g. 7:2 4:2 6:2")
@app_commands.autocomplete(layout=choices_of("setup", "layout"))
async def setup_command(interaction: discord.Interaction, layout: str) -> None:
    """Place your outfield players (the goalkeeper stays in your box)."""
    await act_and_post(interaction, "setup", {"layout": layout})


@app_commands.describe(area="The area the ball goes to (1-13); the list shows each ball value")
@app_commands.autocomplete(area=choices_of("target", "area"))
async def target_command(
    interaction: discord.Interaction, area: app_commands.Range[int, 1, 13]
) -> None:
    """Choose the target area of the turn (the team with the ball)."""
    await act_and_post(interaction, "target", {"area": area})


@app_commands.describe(kind="goal, move, position or press")
@app_commands.autocomplete(kind=choices_of("action", "kind"))
async def action_command(interaction: discord.Interaction, kind: str) -> None:
    """Name your action (moves made before it are its free movements)."""
    await act_and_post(interaction, "action", {"kind": kind.strip().lower()})


@app_commands.rename(from_="from")
@app_commands.describe(
    from_="The area the player leaves",
    to="The area the player goes to",
    count="How many players move together (default 1)",
    with_ball="Dribble: the player takes the ball along",
    goalkeeper="Move the goalkeeper",
)
@app_commands.autocomplete(from_=move_from_autocomplete, to=move_to_autocomplete)
async def move_command(
    interaction: discord.Interaction,
    from_: app_commands.Range[int, 1, 13],
    to: app_commands.Range[int, 1, 13],
    count: app_commands.Range[int, 1, 10] = 1,
    with_ball: bool = False,
    goalkeeper: bool = False,
) -> None:
    """Move players one area (free movements, movement actions, adjustments)."""
    args = {"from": from_, "to": to, "count": count, "with_ball": with_ball}
    args["goalkeeper"] = goalkeeper
    await act_and_post(interaction, "move", args)


async def done_command(interaction: discord.Interaction) -> None:
    """End the current optional step (movements, adjustments)."""
    await act_and_post(interaction, "done", {})


@app_commands.describe(choice="second: play second actions; new_turn: start a new turn")
@app_commands.autocomplete(choice=choices_of("continue", "choice"))
async def continue_command(interaction: discord.Interaction, choice: str) -> None:
    """Second actions or a new turn (the team with the ball)."""
    await act_and_post(interaction, "continue", {"choice": choice.strip().lower()})


@app_commands.describe(side="left, middle or right (secret until both have chosen)")
@app_commands.autocomplete(side=choices_of("penalty", "side"))
async def penalty_command(interaction: discord.Interaction, side: str) -> None:
    """Penalty: the keeper's dive or the kick, in secret."""
    side = side.strip().lower()
    await act_and_post(
        interaction, "penalty", {"side": side}, reply=SECRET_REPLY.format(value=side)
    )


@app_commands.describe(dice='The values you rolled at the table, e.g. "5 2"')
async def roll_command(interaction: discord.Interaction, dice: str) -> None:
    """Enter the dice you rolled (physical-dice matches)."""
    await act_and_post(interaction, "roll", {"dice": dice})


@app_commands.describe(side="The side that starts with the ball")
@app_commands.autocomplete(side=choices_of("kickoff", "side"))
async def kickoff_command(interaction: discord.Interaction, side: str) -> None:
    """You won the kick-off roll: choose who starts with the ball."""
    await act_and_post(interaction, "kickoff", {"side": side.strip().lower()})


@app_commands.rename(from_="from")
@app_commands.describe(
    from_="The area of the player you bring to the ball", goalkeeper="It is the goalkeeper"
)
@app_commands.autocomplete(from_=choices_of("bring", "from"))
async def bring_command(
    interaction: discord.Interaction,
    from_: app_commands.Range[int, 1, 13],
    goalkeeper: bool = False,
) -> None:
    """Bring your closest player to the ball's area."""
    await act_and_post(interaction, "bring", {"from": from_, "goalkeeper": goalkeeper})


@app_commands.describe(side="north or south")
@app_commands.autocomplete(side=choices_of("corner", "side"))
async def corner_command(interaction: discord.Interaction, side: str) -> None:
    """Choose the corner spot to take the corner kick from."""
    await act_and_post(interaction, "corner", {"side": side.strip().lower()})


@app_commands.describe(choice="shoot: shoot directly; pass: play the ball (new turn)")
@app_commands.autocomplete(choice=choices_of("free_kick", "choice"))
async def freekick_command(interaction: discord.Interaction, choice: str) -> None:
    """Free kick: shoot directly or play the ball."""
    await act_and_post(interaction, "free_kick", {"choice": choice.strip().lower()})


@app_commands.describe(area="The area of the outfield player who leaves")
@app_commands.autocomplete(area=choices_of("remove", "area"))
async def remove_command(
    interaction: discord.Interaction, area: app_commands.Range[int, 1, 13]
) -> None:
    """Red card: choose which outfield player leaves the pitch."""
    await act_and_post(interaction, "remove", {"area": area})


# -- reading and ending ----------------------------------------------------------------------


@app_commands.describe(public="Post the board in the channel for everyone (default: only you)")
async def board_command(interaction: discord.Interaction, public: bool = False) -> None:
    """The current board."""
    await interaction.response.defer(ephemeral=not public, thinking=True)
    referee = _cog(interaction).referee
    channel_id = _channel_id(interaction)
    outcome = await referee.current(channel_id)
    viewer = None
    if not public:  # a player's private board shows their own secret choices
        sides = (await referee.status(channel_id, interaction.user.id)).your_sides
        viewer = sides[0] if len(sides) == 1 else None
    png = await outcome.board_png(viewer)
    await interaction.followup.send(
        content=next_text(outcome)[:2000] or None,
        file=discord.File(io.BytesIO(png), filename=BOARD_FILE),
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def status_command(interaction: discord.Interaction) -> None:
    """Whose decision it is and what you may do now."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    status = await _cog(interaction).referee.status(_channel_id(interaction), interaction.user.id)
    lines = [
        f"Match #{status.match_id}: "
        + " v ".join(f"{status.names[s]} {g}" for s, g in status.score.items()),
    ]
    lines += [_prompt_line(p) for p in status.pending]
    if status.choices:
        shown = ", ".join(c.label for c in status.choices[:15])
        more = len(status.choices) - 15
        lines.append(f"Your choices: {shown}" + (f" and {more} more" if more > 0 else ""))
    elif not status.your_sides:
        lines.append("You are watching this match.")
    lines.append(f"Dice seed SHA-256: {status.seed_hash}")
    await interaction.followup.send(
        "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


@app_commands.describe(count="How many lines (default 10)")
async def log_command(
    interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10
) -> None:
    """The last events of the match in this channel."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    referee = _cog(interaction).referee
    outcome = await referee.current(_channel_id(interaction))
    lines = await recent_lines(referee.store, outcome.match_id, count)
    text = narration(lines, limit=1900) or "Nothing has happened yet."
    await interaction.followup.send(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def resign_command(interaction: discord.Interaction) -> None:
    """Give up the match: your opponent wins."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    referee = _cog(interaction).referee
    outcome = await referee.resign(_channel_id(interaction), interaction.user.id)
    final = await final_summary(referee, outcome)
    await post(_channel(interaction), outcome, title="Resigned", final=final)
    await interaction.followup.send("You resigned.", ephemeral=True)


async def abort_command(interaction: discord.Interaction) -> None:
    """Call the match off (only before kick-off)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await _cog(interaction).referee.abort(_channel_id(interaction), interaction.user.id)
    await post(_channel(interaction), outcome, title="Match called off")
    await interaction.followup.send("The match was called off.", ephemeral=True)


COMMANDS: dict[str, Callable[..., Awaitable[None]]] = {
    "challenge": challenge_command,
    "accept": accept_command,
    "decline": decline_command,
    "formation": formation_command,
    "setup": setup_command,
    "target": target_command,
    "action": action_command,
    "move": move_command,
    "done": done_command,
    "continue": continue_command,
    "penalty": penalty_command,
    "roll": roll_command,
    "kickoff": kickoff_command,
    "bring": bring_command,
    "corner": corner_command,
    "freekick": freekick_command,
    "remove": remove_command,
    "board": board_command,
    "status": status_command,
    "log": log_command,
    "resign": resign_command,
    "abort": abort_command,
}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FubaPlay(bot))
    group = fuba_group(bot)
    for name, callback in COMMANDS.items():
        description = (callback.__doc__ or name).strip()
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )
    bot.add_dynamic_items(ChoiceButton, ChallengeButton, TimeoutButton)


async def teardown(bot: commands.Bot) -> None:
    remove_commands(bot, *COMMANDS)
    bot.remove_dynamic_items(ChoiceButton, ChallengeButton, TimeoutButton)
