"""Playing FUBA in a channel: the play cog and the `/fuba` gameplay commands.

A thin adapter over ``referee.service.Referee``: the ``FubaPlay`` cog owns the match store, the
referee, the turn-deadline dispatcher and the open challenges; the acting commands here go through
``cogs.play_messages.act_and_post``. The rules and the flow live in the referee and the engine.
The rest of the gameplay adapter is split by what it holds:

- ``cogs.play_messages``: the one public message after each step and its text;
- ``cogs.play_buttons``: the choice buttons and select menus, the turn-timeout buttons;
- ``cogs.play_challenges``: challenges, their buttons, and starting a match;
- ``cogs.play_autocomplete``: the legal choices offered while typing.

This module's ``setup`` adds the cog, registers all the commands on the ``/fuba`` group and the
buttons and menus as dynamic items.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.groups import fuba_group, remove_commands
from cogs.play_autocomplete import choices_of, move_from_autocomplete, move_to_autocomplete
from cogs.play_buttons import ChoiceButton, PickSelect, TimeoutButton, timeout_view
from cogs.play_challenges import (
    ChallengeButton,
    LegacyChallengeButton,
    accept_command,
    challenge_command,
    decline_command,
)
from cogs.play_messages import (
    BOARD_FILE,
    MENTION_USERS,
    SECRET_REPLY,
    act_and_post,
    channel_id_of,
    duration_text,
    full_time_report,
    match_channel,
    narration,
    next_text,
    play_cog,
    post,
    prompt_line,
)
from referee import games
from referee.deadlines import Clock, DeadlineDispatcher, expiry_due
from referee.service import Referee
from referee.stats import recent_lines
from store.challenges import ChallengeStore
from store.models import utcnow
from store.repository import MatchStore, StoredMatch

DEADLINE_INTERVAL = 5.0  # seconds between two looks at the due turn deadlines
DEADLINE_SEND_TIMEOUT = 10.0  # seconds a deadline message may take before it is given up


# -- the cog ---------------------------------------------------------------------------------


class FubaPlay(commands.Cog):
    """Owns the match store and the referee of this bot process."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._store: MatchStore | None = None
        self._referee: Referee | None = None
        self.dispatcher: DeadlineDispatcher | None = None
        self._challenges: ChallengeStore | None = None
        self.clock: Clock = utcnow  # "now" for the open challenges (tests move it)

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
        self._challenges = ChallengeStore(store.engine)
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
        self._challenges = None

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            raise RuntimeError("the play cog is not loaded")
        return self._referee

    @property
    def challenges(self) -> ChallengeStore:
        """The open challenges, in the match store's database."""
        if self._challenges is None:
            raise RuntimeError("the play cog is not loaded")
        return self._challenges

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
        due = await expiry_due(self.referee.store, match, side)
        if due is None:  # no expiry for this decision any more: nothing to remind of
            return
        now = self.dispatcher.clock() if self.dispatcher is not None else utcnow()
        await self._send(
            match.channel_id,
            f"<@{user_id}> ({game.side_name(side)}), it is your decision in FUBA match "
            f"#{match.id}: {duration_text(due - now)} left (expires "
            f"{discord.utils.format_dt(due, 'R')}, at {discord.utils.format_dt(due, 't')}), "
            "then your opponent may claim the win.",
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


async def undo_command(interaction: discord.Interaction) -> None:
    """Take back your last move of this step (not past a roll); repeat to take back more."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await play_cog(interaction).referee.undo(
        channel_id_of(interaction), interaction.user.id
    )
    await post(match_channel(interaction), outcome)
    await interaction.followup.send("Taken back.", ephemeral=True)


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
    referee = play_cog(interaction).referee
    channel_id = channel_id_of(interaction)
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
    status = await play_cog(interaction).referee.status(
        channel_id_of(interaction), interaction.user.id
    )
    lines = [
        f"Match #{status.match_id}: "
        + " v ".join(f"{status.names[s]} {g}" for s, g in status.score.items()),
    ]
    lines += [prompt_line(p) for p in status.pending]
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
    referee = play_cog(interaction).referee
    outcome = await referee.current(channel_id_of(interaction))
    lines = await recent_lines(referee.store, outcome.match_id, count)
    text = narration(lines, limit=1900) or "Nothing has happened yet."
    await interaction.followup.send(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def resign_command(interaction: discord.Interaction) -> None:
    """Give up the match: your opponent wins."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    referee = play_cog(interaction).referee
    outcome = await referee.resign(channel_id_of(interaction), interaction.user.id)
    channel = match_channel(interaction)
    await post(channel, outcome, title="Resigned")
    await interaction.followup.send("You resigned.", ephemeral=True)
    await full_time_report(channel, referee, outcome)


async def abort_command(interaction: discord.Interaction) -> None:
    """Call the match off (only before kick-off)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await play_cog(interaction).referee.abort(
        channel_id_of(interaction), interaction.user.id
    )
    await post(match_channel(interaction), outcome, title="Match called off")
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
    "undo": undo_command,
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
    bot.add_dynamic_items(
        ChoiceButton, PickSelect, ChallengeButton, LegacyChallengeButton, TimeoutButton
    )


async def teardown(bot: commands.Bot) -> None:
    remove_commands(bot, *COMMANDS)
    bot.remove_dynamic_items(
        ChoiceButton, PickSelect, ChallengeButton, LegacyChallengeButton, TimeoutButton
    )
