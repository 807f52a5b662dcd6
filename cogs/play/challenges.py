"""Challenges for every game: `/<game> challenge`, `/<game> accept`, `/<game> decline` and the
Accept / Decline buttons, and starting the match they agree on (here or in its own thread).

Open challenges live in the database (``store.challenges``, with the game's ruleset), so
`/<game> accept` and `/<game> decline` work after a restart and several bot processes agree on
them. A channel has one open challenge at most, of any game, and no challenge is made while it
has an active match of any game (the store also refuses a second active match in a channel);
the refusal names who challenged whom, or the match. A challenge lapses after a day
(``CHALLENGE_TTL``) and the next challenge then replaces it. Once answered, withdrawn or lapsed
(seen by the play cog's sweeper, or by the next challenge or answer in the channel), the
challenge message says so and loses its buttons (``settle``). The buttons
(``<ruleset>:challenge:<id>:<accept|decline>``) carry the challenge's id: answering takes the
challenge out of the table exactly once, so a double click, or a button of a challenge
answered, withdrawn or expired since, is refused privately and changes nothing. The challenger
withdraws their own challenge with `/<game> decline` or the Decline button. Answering by command
needs the command of the challenge's game (`/<other game> accept` is refused with a pointer).

A match plays in a new public thread of the channel by default, when the bot may open one
there and play in it (``thread:false`` keeps it in the channel); the bot's permissions where the
match will be played are checked before anything is changed (``cogs.play.permissions``), and
again at kick-off. The challenge message then becomes the match's scoreboard in the channel
(``cogs.play.scoreboard``).

The challenger plays the game's first side, the challenged member (or the bot's automatic
coach, when the bot itself is challenged, at the ``level`` chosen: easy, normal or strong) the
second. A game's own match options (a target
score, say) travel with the challenge as ``rules`` and become the ruleset's options.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord
from discord import app_commands

from cogs.play import registry
from cogs.play.buttons import GAME, answer, answer_component_error, game_of, post_step
from cogs.play.context import channel_id_of, match_channel, other_game, play_cog
from cogs.play.permissions import MissingPermissions, place
from cogs.play.registry import GameCommands, JSONData, PlayRefusal
from cogs.play.scoreboard import open_scoreboard
from cogs.play.texts import minutes_text
from cogs.text import ZERO_WIDTH_SPACE, pings, shown
from engine.core import RulesError
from engine.core.levels import LEVELS, NORMAL
from referee import games
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.errors import RefereeError
from referee.service import DICE_MODES, Outcome
from store.challenges import CHALLENGE_TTL, StoredChallenge
from store.errors import ChallengePending, ChannelBusy, StoreError
from store.repository import Seat

log = logging.getLogger(__name__)

COACH_NAME = "Coach"
DICE_HELP = "virtual: the bot rolls; physical: you roll at the table and enter the dice"
OPPONENT_HELP = "Who you want to play (choose the bot itself to play its automatic coach)"
TURN_TIMEOUT_HELP = "Minutes each player has per decision (default: no limit)"
RANKED_HELP = "A rated match: both players' ratings change with the result (default: off)"
LEVEL_HELP = "Only against the bot: how well it plays, easy, normal (default) or strong"
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
NO_LEVEL = (
    "A level is only for a match against the bot: challenge a member without `level`, or "
    "challenge the bot itself."
)
# Why a match could not start, in a player's words.
CANNOT_POST = (
    "I can't post here: I need Send Messages, Embed Links and Attach Files in this channel"
)
NO_THREAD = "I may not create a thread here (challenge again with `thread:false`)"
THREAD_HELP = (
    "Play in a new public thread (default: yes, when I may open one here); false: in this channel"
)
LAPSED = "This challenge lapsed."  # what a challenge message says once nobody answered it


def dice_mode(dice: app_commands.Choice[str] | None) -> str:
    """The dice mode chosen in a command's ``dice`` option: virtual unless one is chosen."""
    return dice.value if dice is not None else "virtual"


def no_longer_open(spec: GameCommands | None = None) -> str:
    again = f" with `{spec.command('challenge')}`" if spec is not None else ""
    return (
        "This challenge is no longer open (answered, withdrawn or expired); "
        f"start a new one{again} if you like."
    )


def pending_refusal(challenge: StoredChallenge) -> PlayRefusal:
    """Why a second challenge in the channel is refused: who challenged whom, to which game,
    until when."""
    return PlayRefusal(
        f"There is already an open challenge in this channel (<@{challenge.challenger_id}> "
        f"challenged <@{challenge.opponent_id}>) to a {games.title_of(challenge.ruleset)} "
        "match; it must be answered or withdrawn first, or it lapses "
        f"{discord.utils.format_dt(challenge.expires_at, 'R')}."
    )


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME + r":challenge:(?P<id>\d+):(?P<answer>accept|decline)",
):
    """Accept or Decline under a challenge, for that challenge only (its id): the challenged
    member answers, the challenger may decline (withdraw) their own. Works after a restart."""

    def __init__(self, challenge_id: int, answer: str, game: str) -> None:
        self.challenge_id, self.answer, self.game = challenge_id, answer, game
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"{game}:challenge:{challenge_id}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["answer"], match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await answer_challenge(
                interaction,
                registry.find(self.game),
                accept=self.answer == "accept",
                challenge_id=self.challenge_id,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


class LegacyChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        GAME + r":challenge:(?P<challenger>\d+):(?P<opponent>\d+):(?P<dice>[a-z]+):"
        r"(?P<thread>[01]):(?P<answer>accept|decline)(?::(?P<timeout>\d+))?"
    ),
):
    """The buttons of a challenge posted before challenges were stored: they carry the whole
    challenge. A click stores it (if the channel has no other open challenge and the message
    is less than a day old) and answers it as usual."""

    def __init__(self, match: re.Match[str]) -> None:
        self.fields = match
        super().__init__(discord.ui.Button(label=match["answer"], custom_id=match.group(0)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LegacyChallengeButton:
        return cls(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            spec = game_of(self.fields["game"])
            challenge_id = await self._adopt(interaction, spec)
            await answer_challenge(
                interaction,
                spec,
                accept=self.fields["answer"] == "accept",
                challenge_id=challenge_id,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)

    async def _adopt(self, interaction: discord.Interaction, spec: GameCommands) -> int:
        cog = play_cog(interaction)
        channel_id = channel_id_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = interaction.message
        now = cog.clock()
        pending = await cog.challenges.get(channel_id, now)
        if pending is not None:  # stored by an earlier click on this message, or a newer one
            if message is not None and pending.message_id == message.id:
                return pending.id
            raise PlayRefusal(no_longer_open(spec))
        if message is None or message.created_at + CHALLENGE_TTL <= now:
            raise PlayRefusal(no_longer_open(spec))
        challenger, opponent = int(self.fields["challenger"]), int(self.fields["opponent"])
        timeout = self.fields["timeout"]
        try:
            challenge = await cog.challenges.open(
                guild_id=interaction.guild_id or 0,
                channel_id=channel_id,
                ruleset=spec.ruleset,
                challenger_id=challenger,
                challenger_name=await _display_name(interaction, challenger),
                opponent_id=opponent,
                opponent_name=await _display_name(interaction, opponent),
                options={
                    "dice": self.fields["dice"],
                    "thread": self.fields["thread"] == "1",
                    "turn_timeout": int(timeout) if timeout else None,
                },
                now=now,
                ttl=message.created_at + CHALLENGE_TTL - now,  # a day from its message
            )
        except ChallengePending as pending_error:
            raise PlayRefusal(no_longer_open(spec)) from pending_error
        await cog.challenges.set_message_id(challenge.id, message.id)
        return challenge.id


def settled_text(challenge: StoredChallenge, what: str) -> str:
    """A challenge message once it is answered or lapsed: who challenged whom, and ``what``
    became of it.

    >>> from datetime import datetime
    >>> at = datetime(2026, 1, 1)
    >>> settled_text(StoredChallenge(1, 1, 1, "fuba", 10, "Ada", 20, "<@30>", {}, 5, at, at),
    ...              "This challenge lapsed.")
    'Ada challenged <@\u200b30> to a FUBA match. This challenge lapsed.'
    """
    title = games.title_of(challenge.ruleset)
    challenger, opponent = shown(challenge.challenger_name), shown(challenge.opponent_name)
    return f"{challenger} challenged {opponent} to a {title} match. {what}"


async def settle(channel: Any, challenge: StoredChallenge, what: str) -> None:
    """Edit the challenge's message to say what became of it, without its buttons."""
    if challenge.message_id is None:
        return
    try:
        await channel.get_partial_message(challenge.message_id).edit(
            content=settled_text(challenge, what), view=None, allowed_mentions=pings()
        )
    except discord.HTTPException:
        log.info("could not settle the challenge message %s", challenge.message_id)


async def _lapse(interaction: discord.Interaction, now: datetime) -> None:
    """The channel's challenge that lapsed unanswered, if any, goes, and its message says so."""
    lapsed = await play_cog(interaction).challenges.lapsed(channel_id_of(interaction), now)
    if lapsed is not None:
        await settle(match_channel(interaction), lapsed, LAPSED)


def challenge_view(spec: GameCommands, challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in ("accept", "decline"):
        view.add_item(ChallengeButton(challenge_id, choice, spec.ruleset))
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


def seats_for(spec: GameCommands, challenger: Seat, opponent: Seat) -> list[Seat]:
    """The challenger takes the game's first side, the opponent the second."""
    first, second = games.get(spec.ruleset).ruleset.sides
    return [
        Seat(first, challenger.user_id, challenger.display_name),
        Seat(second, opponent.user_id, opponent.display_name),
    ]


class NotStarted(PlayRefusal):
    """The match could not start (``why``, in a player's words); nothing of it is left
    active."""

    def __init__(self, why: str) -> None:
        self.why = why
        super().__init__(f"{why}.")


@dataclass(frozen=True, slots=True)
class Started:
    """A match that kicked off: where (the challenge's channel, or its new ``thread``) and
    its first outcome."""

    where: Any
    outcome: Outcome
    thread: discord.Thread | None

    @property
    def reply(self) -> str:
        """The private reply's sentence on where the match is ("" in the channel itself)."""
        return f"The match is on in {self.where.mention}." if self.thread is not None else ""


async def start(
    interaction: discord.Interaction,
    spec: GameCommands,
    seats: list[Seat],
    dice: str,
    coach_side: str | None,
    thread: bool = False,
    turn_timeout: int | None = None,
    rules: JSONData | None = None,
    ranked: bool = False,
    level: str = NORMAL,
) -> Started:
    """Start the match here, or in a new public thread. A ``ranked`` match is rated at the
    final whistle (``referee.leagues.service``); the coach plays ``coach_side`` at ``level``.
    Raises ``NotStarted`` when the bot lacks a permission to play there (checked first:
    nothing is made then), the thread cannot be made or the kick-off cannot be posted: a match
    created already is then called off (and its new thread deleted), so it never blocks the
    channel unseen."""
    where = match_channel(interaction)
    try:
        thread = place(where, thread)
    except MissingPermissions as error:
        raise NotStarted(str(error).rstrip(".")) from None
    created: discord.Thread | None = None
    if thread:
        # A thread's name is plain text, but Discord repeats it in the "started a thread"
        # message: no mention may survive in it.
        name = " v ".join(seat.display_name for seat in seats).replace("@", "@" + ZERO_WIDTH_SPACE)
        try:
            where = created = await where.create_thread(
                name=f"{games.title_of(spec.ruleset)}: {name}"[:100],
                type=discord.ChannelType.public_thread,
            )
        except discord.Forbidden:
            raise NotStarted(NO_THREAD) from None
    try:
        outcome = await _kick_off(
            interaction, spec, where, seats, dice, coach_side, turn_timeout, rules, ranked, level
        )
    except BaseException:
        if created is not None:
            try:
                await created.delete()
            except discord.HTTPException:
                log.info("could not delete the unused thread %s", created.id)
        raise
    return Started(where, outcome, created)


async def _open_scoreboard(
    interaction: discord.Interaction, started: Started, message_id: int | None
) -> None:
    """A match kicked off in a new thread: its scoreboard in the channel (the challenge
    message ``message_id``, or a new one)."""
    if started.thread is None:
        return
    await open_scoreboard(
        interaction.client,
        play_cog(interaction).referee.store,
        started.outcome,
        match_channel(interaction),
        started.thread.id,
        message_id,
    )


async def _kick_off(
    interaction: discord.Interaction,
    spec: GameCommands,
    where: Any,
    seats: list[Seat],
    dice: str,
    coach_side: str | None,
    turn_timeout: int | None,
    rules: JSONData | None,
    ranked: bool,
    level: str = NORMAL,
) -> Outcome:
    """Create the match in ``where`` and post its kick-off; if anything fails after the match
    was created, call it off (it ends "aborted") and raise ``NotStarted`` for a refusal by
    Discord. Returns the match's first outcome."""
    referee = play_cog(interaction).referee
    outcome = await referee.start_match(
        interaction.guild_id or 0,
        where.id,
        seats,
        ruleset=spec.ruleset,
        dice=dice,
        coach_side=coach_side,
        turn_timeout=turn_timeout,
        rules=dict(rules or {}),
        player_rolls=spec.player_rolls,
        ranked=ranked,
        coach_level=level,
    )
    title = "Kick-off soon: a new ranked match" if ranked else "Kick-off soon: a new match"
    described = spec.describe_rules(dict(rules or {}))
    intro = f"Rules: {described}." if described else ""
    try:
        await post_step(where, outcome, title=title, intro=intro, actor=interaction.user.id)
    except BaseException as error:
        result = {"winner": None, "reason": "aborted"}
        try:
            await referee.store.abort(outcome.match_id, result)
        except StoreError:  # ended meanwhile (a player aborted it already, say)
            log.info("match #%s: already over when its kick-off failed", outcome.match_id)
        if isinstance(error, discord.HTTPException):
            log.warning("match #%s: kick-off not posted: %s", outcome.match_id, error)
            raise NotStarted(CANNOT_POST) from None
        raise
    return outcome


async def challenge(
    interaction: discord.Interaction,
    spec: GameCommands,
    opponent: discord.Member,
    dice: str = "virtual",
    thread: bool | None = None,
    turn_timeout: int | None = None,
    rules: JSONData | None = None,
    ranked: bool = False,
    level: str | None = None,
) -> None:
    """Challenge ``opponent`` to a match of ``spec``'s game in this channel (the bot itself:
    start at once against its coach, at ``level``: normal when None), in a new thread of it if
    ``thread`` (None: when the bot may open one). ``rules`` are the game's own match options;
    a ``ranked`` match changes both players' ratings (not against the coach). Refused, with
    nothing changed, when the bot could not play there (``cogs.play.permissions``), and a
    ``level`` against a member."""
    cog = play_cog(interaction)
    channel_id = channel_id_of(interaction)
    user = interaction.user
    bot_user = interaction.client.user
    assert bot_user is not None
    if opponent.id == user.id:
        raise PlayRefusal("You cannot challenge yourself; challenge the bot to play its coach.")
    if opponent.bot and opponent.id != bot_user.id:
        raise PlayRefusal("Only members or this bot itself can play.")
    if level is not None and opponent.id != bot_user.id:
        raise PlayRefusal(NO_LEVEL)
    if ranked and opponent.id == bot_user.id:
        raise PlayRefusal(
            "Matches against the coach are not ranked; challenge it without `ranked`, or "
            "challenge a member to a ranked match."
        )
    thread = place(match_channel(interaction), thread)
    await interaction.response.defer(ephemeral=True, thinking=True)  # the database may be slow
    now = cog.clock()
    await _lapse(interaction, now)
    pending = await cog.challenges.get(channel_id, now)
    if pending is not None:
        raise pending_refusal(pending)
    active = await cog.referee.store.active_match(channel_id)
    if active is not None:
        raise ChannelBusy(channel_id, active.id)
    rules = dict(rules or {})
    if opponent.id == bot_user.id:
        seats = seats_for(
            spec,
            Seat("", user.id, user.display_name),
            Seat("", opponent.id, COACH_NAME),
        )
        started = await start(
            interaction,
            spec,
            seats,
            dice,
            coach_side=seats[1].side,
            thread=thread,
            turn_timeout=turn_timeout,
            rules=rules,
            level=level or NORMAL,
        )
        await _open_scoreboard(interaction, started, None)
        await answer(interaction, started.reply, delivered=True)  # where, if not here
        return
    options: JSONData = {"dice": dice, "thread": thread, "turn_timeout": turn_timeout}
    if ranked:
        options["ranked"] = True
    if rules:
        options["rules"] = rules
    try:
        opened = await cog.challenges.open(
            guild_id=interaction.guild_id or 0,
            channel_id=channel_id,
            ruleset=spec.ruleset,
            challenger_id=user.id,
            challenger_name=user.display_name,
            opponent_id=opponent.id,
            opponent_name=opponent.display_name,
            options=options,
            now=now,
        )
    except ChallengePending as error:  # another challenge came meanwhile
        raise pending_refusal(error.challenge) from error
    details = [f"{dice} dice"]
    described = spec.describe_rules(rules)
    if described:
        details.append(described)
    if thread:
        details[0] += " in its own thread"
    if turn_timeout:
        details.append(f"{minutes_text(turn_timeout)} per decision")
    accept, decline = spec.command("accept"), spec.command("decline")
    kind = f"{'ranked ' if ranked else ''}{games.title_of(spec.ruleset)}"
    try:
        message = await match_channel(interaction).send(
            f"{opponent.mention}, {user.mention} challenges you to a {kind} match "
            f"({', '.join(details)}). Accept or decline with the buttons, or `{accept}` / "
            f"`{decline}`; the challenge lapses "
            f"{discord.utils.format_dt(opened.expires_at, 'R')}.",
            view=challenge_view(spec, opened.id),
            allowed_mentions=pings([opponent.id]),
        )
    except BaseException:  # nobody could see it: it must not block the channel
        await cog.challenges.cancel(channel_id, opened.id)
        raise
    await cog.challenges.set_message_id(opened.id, message.id)
    await answer(interaction, "", delivered=True)  # the challenge is there for all to see


async def answer_challenge(
    interaction: discord.Interaction,
    spec: GameCommands | None,
    *,
    accept: bool,
    challenge_id: int | None = None,
) -> None:
    """Accept or decline the channel's open challenge (only ``challenge_id``, for a button;
    a command of ``spec``'s game answers only a challenge of that game). The challenged member
    answers; the challenger may decline, which withdraws it."""
    cog = play_cog(interaction)
    channel_id = channel_id_of(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    now = cog.clock()
    challenge = await cog.challenges.get(channel_id, now)
    if challenge is None or (challenge_id is not None and challenge.id != challenge_id):
        await _lapse(interaction, now)
        if challenge_id is not None:
            raise PlayRefusal(no_longer_open(spec))
        raise PlayRefusal("There is no open challenge in this channel.")
    if challenge_id is None and spec is not None and challenge.ruleset != spec.ruleset:
        command = "accept" if accept else "decline"
        raise other_game(spec, challenge.ruleset, "open challenge", command)
    spec = registry.get(challenge.ruleset)
    user_id = interaction.user.id
    withdraw = not accept and user_id == challenge.challenger_id
    if user_id != challenge.opponent_id and not withdraw:
        if user_id == challenge.challenger_id:
            raise PlayRefusal(
                f"Only <@{challenge.opponent_id}> can accept this challenge; "
                f"you may withdraw it with `{spec.command('decline')}`."
            )
        raise PlayRefusal(f"Only <@{challenge.opponent_id}> can answer this challenge.")
    taken = await cog.challenges.take(channel_id, challenge.id, now)
    if taken is None:  # a double click, or another process, answered it first
        raise PlayRefusal(no_longer_open(spec))
    channel = match_channel(interaction)
    opponent = shown(taken.opponent_name)
    if not accept:
        withdrawn = f"{shown(taken.challenger_name)} withdrew it."
        await settle(channel, taken, withdrawn if withdraw else f"{opponent} declined.")
        text = (
            f"<@{taken.challenger_id}> withdrew the challenge."
            if withdraw
            else f"<@{taken.opponent_id}> declined <@{taken.challenger_id}>'s challenge."
        )
        await match_channel(interaction).send(text, allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send("Withdrawn." if withdraw else "Declined.", ephemeral=True)
        return
    seats = seats_for(
        spec,
        Seat("", taken.challenger_id, taken.challenger_name),
        Seat("", taken.opponent_id, interaction.user.display_name),
    )
    options = taken.options
    failed = f"{opponent} accepted, but the match could not start."
    try:
        started = await start(
            interaction,
            spec,
            seats,
            options.get("dice") or "virtual",
            None,
            bool(options.get("thread")),
            options.get("turn_timeout"),
            options.get("rules"),
            bool(options.get("ranked")),
        )
    except NotStarted as error:
        await settle(channel, taken, failed)
        raise await _not_started(interaction, taken, error.why) from None
    except (RefereeError, RulesError, StoreError) as error:
        await settle(channel, taken, failed)
        raise await _not_started(interaction, taken, str(error).rstrip(".")) from None
    except BaseException:
        await settle(channel, taken, failed)
        raise
    if started.thread is not None and taken.message_id is not None:
        await _open_scoreboard(interaction, started, taken.message_id)  # the challenge's message
    else:
        there = f" in {started.where.mention}" if started.thread is not None else ""
        await settle(channel, taken, f"{opponent} accepted: the match is on{there}.")
    await answer(interaction, started.reply, delivered=True)  # where, if not here


async def _not_started(
    interaction: discord.Interaction, taken: StoredChallenge, why: str
) -> PlayRefusal:
    """The challenge was accepted but its match could not start: say so in public (the
    challenge is used up and its buttons are gone) and return the private refusal."""
    try:
        await match_channel(interaction).send(
            f"The match between <@{taken.challenger_id}> and <@{taken.opponent_id}> could not "
            f"start. {why}. <@{taken.challenger_id}> may challenge again.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:  # the channel may refuse every message of the bot
        log.info("could not say in channel %s why a match did not start", taken.channel_id)
    return PlayRefusal(f"The match could not start. {why}.")


def level_of(level: app_commands.Choice[str] | None) -> str | None:
    """The coach's level chosen in a challenge's ``level`` option (None: not given)."""
    return level.value if level is not None else None


@app_commands.describe(
    opponent=OPPONENT_HELP,
    dice=DICE_HELP,
    thread=THREAD_HELP,
    turn_timeout=TURN_TIMEOUT_HELP,
    ranked=RANKED_HELP,
    level=LEVEL_HELP,
)
@app_commands.choices(
    dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES], level=LEVEL_CHOICES
)
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    thread: bool | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
    ranked: bool = False,
    level: app_commands.Choice[str] | None = None,
) -> None:
    """Challenge a member (or the bot) to a match in this channel."""
    spec = registry.of_interaction(interaction)
    mode = dice_mode(dice)
    await challenge(
        interaction,
        spec,
        opponent,
        mode,
        thread,
        turn_timeout,
        ranked=ranked,
        level=level_of(level),
    )


async def accept_command(interaction: discord.Interaction) -> None:
    """Accept the challenge made to you in this channel."""
    await answer_challenge(interaction, registry.of_interaction(interaction), accept=True)


async def decline_command(interaction: discord.Interaction) -> None:
    """Decline the challenge made to you in this channel, or withdraw your own."""
    await answer_challenge(interaction, registry.of_interaction(interaction), accept=False)
