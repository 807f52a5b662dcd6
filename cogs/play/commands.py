"""The commands every game has, besides challenges: `board`, `status`, `log`, `resign`,
`abort`, `claim` (after a turn timeout: the win, or the coach for the absent side, as the
buttons under the expiry message), and `undo` for a game that can take moves back.

Each acts on the channel's match when it is of the command's game (``match_of``): `/<game> board`
in a channel playing another game says which command to use instead. A game's cog module
adds them to its group with ``add_commands``, from ``SHARED`` (or a subset).
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from cogs import cooldowns
from cogs.play import registry
from cogs.play.buttons import act_and_post, deliver
from cogs.play.challenges import accept_command, challenge_command, decline_command
from cogs.play.context import channel_id_of, match_channel, match_of, play_cog
from cogs.play.messages import BOARD_FILE, VERIFY_HINT, board_link
from cogs.play.texts import chances_line, narration, next_text, prompt_line
from cogs.text import shown
from engine.core.levels import NORMAL
from referee import games, match_log
from referee.deadlines import duration_text
from referee.service import Status
from referee.stats import recent_lines
from store.errors import UnreadableMatch
from store.repository import StoredMatch


def roll_on_request(example: str) -> Callable[..., Awaitable[None]]:
    """`/<game> roll` for a game whose players roll their own dice (``player_rolls``): the bot
    rolls virtual dice on request; a physical-dice match takes what was rolled at the table,
    typed as ``example`` shows (e.g. ``dice:"5 2"``)."""

    @app_commands.describe(dice=f"Physical dice only: what you rolled, e.g. {example}")
    async def roll_command(interaction: discord.Interaction, dice: str | None = None) -> None:
        """Roll your dice (virtual: the bot rolls them; physical: type what you rolled)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        spec = registry.of_interaction(interaction)
        match = await match_of(interaction, spec, "roll")
        if dice is None and match.options.get("dice") == "physical":
            raise registry.PlayRefusal(
                "This match is played with physical dice: roll at the table and type what you "
                f"rolled, e.g. `{spec.command('roll')} dice:{example}`."
            )
        args = {"dice": dice} if dice is not None else {}
        await act_and_post(interaction, "roll", args, match_id=match.id)

    return roll_command


async def _check(interaction: discord.Interaction, command: str) -> StoredMatch:
    """The channel's match; refused when it is not of the command's game (or there is none)."""
    return await match_of(interaction, registry.of_interaction(interaction), command)


@app_commands.describe(public="Post the board in the channel for everyone (default: only you)")
@cooldowns.per_member(*cooldowns.IMAGES, when=cooldowns.public_only)
async def board_command(interaction: discord.Interaction, public: bool = False) -> None:
    """The current board."""
    await interaction.response.defer(ephemeral=not public, thinking=True)
    match = await _check(interaction, "board")
    referee = play_cog(interaction).referee
    channel_id = channel_id_of(interaction)
    if public:  # the channel has it already: the live board, brought up to date if behind
        link = await _live_board_link(interaction, match)
        if link:
            title = games.title_of(match.ruleset)
            await interaction.followup.send(
                f"The board of {title} match #{match.id}: {link}",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
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


async def _live_board_link(interaction: discord.Interaction, match: StoredMatch) -> str:
    """A link to the match's live board, brought up to date first if it is behind the match
    (or was never delivered); "" when Discord refuses it still."""
    cog = play_cog(interaction)
    board = await cog.referee.store.live_board(match.id)
    if board is None or board.version < match.version:
        await cog.bring_up_to_date(match)
        board = await cog.referee.store.live_board(match.id)
    if board is None or board.version < match.version:
        return ""
    return board_link(board, interaction.guild_id)


async def status_command(interaction: discord.Interaction) -> None:
    """The match at a glance: score, chances, clock, ball, whose decision, your choices."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    options = (await _check(interaction, "status")).options
    on_request = bool(options.get("player_rolls")) and options.get("dice") != "physical"
    status = await play_cog(interaction).referee.status(
        channel_id_of(interaction), interaction.user.id
    )
    spec = registry.get(status.ruleset)
    bot_id = interaction.client.user.id if interaction.client.user is not None else None
    coach = status.coach_side if status.players.get(status.coach_side or "") == bot_id else None
    if status.coach_level == NORMAL:
        coach = None  # the level is said only when not the usual one
    lines = [
        f"Match #{status.match_id}: "
        + " v ".join(
            f"{shown(status.names[s])}{f' ({status.coach_level})' if s == coach else ''} {g}"
            for s, g in status.score.items()
        ),
        *status.lines,
    ]
    if status.chances is not None:
        lines.append(chances_line(status.chances, [status.names[s] for s in status.score]))
    lines += [prompt_line(p, spec, on_request) for p in status.pending]
    lines += _clock_lines(status, spec)
    if status.choices:
        listed = ", ".join(c.label for c in status.choices[:15])
        more = len(status.choices) - 15
        lines.append(f"Your choices: {listed}" + (f" and {more} more" if more > 0 else ""))
    elif not status.your_sides:
        lines.append("You are watching this match.")
    lines.append(f"Dice seed SHA-256: {status.seed_hash}")
    await interaction.followup.send(
        "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


def _clock_lines(status: Status, spec: registry.GameCommands) -> list[str]:
    """The turn clocks: each deciding side's time left, and who ran out of time (the waiting
    player may claim the win or let the coach play)."""
    game = games.get(status.ruleset)

    def who(side: str) -> str:
        return f"{shown(status.names[side])} ({game.side_name(side)})"

    lines = [
        f"{who(side)}: {duration_text(left)} left to decide."
        for side, left in status.time_left.items()
    ]
    for absent in status.expired:
        waiting = next(side for side in status.names if side != absent)
        lines.append(
            f"{who(absent)} ran out of time: {who(waiting)} may claim the win with "
            f"`{spec.command('claim')}` or let the coach play with "
            f"`{spec.command('claim')} coach:True`."
        )
    return lines


@app_commands.describe(
    count="How many lines (default 10)",
    export="Send me the whole action log of the last finished match as a file, to check its dice",
)
@cooldowns.per_member(*cooldowns.REPLAY)
async def log_command(
    interaction: discord.Interaction,
    count: app_commands.Range[int, 1, 50] = 10,
    export: bool = False,
) -> None:
    """The last events of the match in this channel."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    if export:
        await _export_log(interaction)
        return
    await _check(interaction, "log")
    referee = play_cog(interaction).referee
    outcome = await referee.current(channel_id_of(interaction))
    lines = await recent_lines(referee.store, outcome.match_id, count)
    text = narration(lines, limit=1900) or "Nothing has happened yet."
    await interaction.followup.send(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def _export_log(interaction: discord.Interaction) -> None:
    """The action log of the channel's last finished match of the command's game, privately
    (docs/dice.md); refused while a match of the game is played there."""
    spec = registry.of_interaction(interaction)
    referee = play_cog(interaction).referee
    match_id, log = await match_log.channel_export(
        referee.store, channel_id_of(interaction), spec.ruleset
    )
    name = match_log.filename(match_id)
    await interaction.followup.send(
        f"The action log of match #{match_id}. {VERIFY_HINT} {name}",
        file=discord.File(io.BytesIO(match_log.dumps(log)), filename=name),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def undo_command(interaction: discord.Interaction) -> None:
    """Take back your last move of this step (not past a roll); repeat to take back more."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await _check(interaction, "undo")
    outcome = await play_cog(interaction).referee.undo(
        channel_id_of(interaction), interaction.user.id
    )
    await deliver(interaction, outcome, "", actor=interaction.user.id)  # the board says


async def resign_command(interaction: discord.Interaction) -> None:
    """Give up the match: your opponent wins."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await _check(interaction, "resign")
    referee = play_cog(interaction).referee
    outcome = await referee.resign(channel_id_of(interaction), interaction.user.id)
    await deliver(interaction, outcome, "")  # the final board says "Resigned"


@app_commands.describe(
    coach="Let the automatic coach play your opponent's side instead of claiming the win",
)
async def claim_command(interaction: discord.Interaction, coach: bool = False) -> None:
    """Your opponent ran out of time: claim the win (or let the coach play their side)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await _check(interaction, "claim")
    referee = play_cog(interaction).referee
    channel_id = channel_id_of(interaction)
    if coach:
        outcome = await referee.coach_takes_over(channel_id, interaction.user.id)
    else:
        outcome = await referee.claim_win(channel_id, interaction.user.id)
    await deliver(interaction, outcome, "", actor=interaction.user.id)


async def abort_command(interaction: discord.Interaction) -> None:
    """Call the match off (only before kick-off)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    referee = play_cog(interaction).referee
    try:
        await _check(interaction, "abort")
    except UnreadableMatch as damaged:  # whatever its game: only calling it off works
        manager = interaction.permissions.manage_guild
        line = await referee.abort_unreadable(damaged, interaction.user.id, manager=manager)
        await match_channel(interaction).send(line, allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send("The match was called off.", ephemeral=True)
        return
    outcome = await referee.abort(channel_id_of(interaction), interaction.user.id)
    await deliver(interaction, outcome, "")


CHALLENGES = {
    "challenge": challenge_command,
    "accept": accept_command,
    "decline": decline_command,
}
READING = {"board": board_command, "status": status_command, "log": log_command}
ENDING = {"resign": resign_command, "abort": abort_command, "claim": claim_command}
SHARED = {**CHALLENGES, **READING, "undo": undo_command, **ENDING}
