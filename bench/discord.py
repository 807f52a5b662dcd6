"""Discord round trip: one `/fuba target` through SimCord, with the engine, the database
commit, the board render and the public message included.

    python -m bench discord [--targets 300] [--coach]

Two members play each other in SimCord's offline Discord on a temporary SQLite file with
virtual dice (the first legal choice from autocomplete, positioning actions, new turns); with
``--coach`` one member plays the bot's automatic coach instead, whose whole reply is then part
of the round trip. New matches start until ``--targets`` target commands were timed.

A round trip runs from the command to the bot's answer to it (its "thinking..." removed, as
nothing needs saying), which comes after the live board was brought up to date with the
narration and the board: what the player waits for. After
a target that ends the match the bot goes on to post the full-time report (statistics and the
replay image, a message of its own); that is timed separately, from the answer to the report.

Prints ``key: value unit`` lines: the median and 99th percentile of one target round trip, and
the median time of the full-time report. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.backend.models import EPHEMERAL_FLAG

from bench._simcord import bot_in_simcord

COMMAND = re.compile(r"`(/fuba [a-z]+)")


@dataclass
class Timings:
    targets: list[float] = field(default_factory=list)  # seconds per target round trip
    reports: list[float] = field(default_factory=list)  # seconds per full-time report
    answered: float = 0.0  # perf_counter when the bot last answered an interaction


@contextmanager
def _answers_timed(timings: Timings) -> Iterator[None]:
    """Note when the bot answers an interaction: a followup (``Webhook.send``), or its
    "thinking..." removed when there is nothing to say."""
    send = discord.Webhook.send
    delete = discord.Interaction.delete_original_response

    async def timed_send(webhook: discord.Webhook, *args: Any, **kwargs: Any) -> Any:
        sent = await send(webhook, *args, **kwargs)
        timings.answered = time.perf_counter()
        return sent

    async def timed_delete(interaction: discord.Interaction) -> None:
        await delete(interaction)
        timings.answered = time.perf_counter()

    discord.Webhook.send = timed_send  # type: ignore[assignment,method-assign]
    discord.Interaction.delete_original_response = timed_delete  # type: ignore[method-assign]
    try:
        yield
    finally:
        discord.Webhook.send = send  # type: ignore[method-assign]
        discord.Interaction.delete_original_response = delete  # type: ignore[method-assign]


def _last_public(env: simcord.Env, channel: simcord.ChannelHandle) -> Any:
    """The newest public message, read from SimCord's store without building whole
    ``discord.Message`` objects for the history (that is SimCord's cost, not the bot's)."""
    messages = env.backend.messages.get(channel.id, {}).values()
    return max((m for m in messages if not m.flags & EPHEMERAL_FLAG), key=lambda m: m.id)


async def _first(member: simcord.MemberActor, channel: Any, command: str, option: str) -> Any:
    offered = await member.autocomplete(channel, command, option, "")
    return offered[0]["value"]


async def _step(
    env: simcord.Env, member: simcord.MemberActor, channel: Any, command: str, timings: Timings
) -> None:
    """One decision; a target is timed."""
    if command == "/fuba target":
        area = await _first(member, channel, "fuba target", "area")
        began = time.perf_counter()
        await member.slash(channel, "fuba target", area=area)
        settled = time.perf_counter()
        timings.targets.append(timings.answered - began)
        title = next(iter(_last_public(env, channel).embeds), {}).get("title", "")
        if title.startswith("Full time"):
            timings.reports.append(settled - timings.answered)
    elif command == "/fuba formation":
        await member.slash(channel, "fuba formation", shape="4-4-2")
    elif command == "/fuba action":
        kinds = [c["value"] for c in await member.autocomplete(channel, "fuba action", "kind", "")]
        await member.slash(
            channel, "fuba action", kind="position" if "position" in kinds else kinds[0]
        )
    elif command == "/fuba continue":
        await member.slash(channel, "fuba continue", choice="new_turn")
    elif command == "/fuba move":
        await member.slash(channel, "fuba done")
    elif command == "/fuba choose":  # a kick-off side, a corner spot...: the first choice offered
        choice = await _first(member, channel, "fuba choose", "choice")
        await member.slash(channel, "fuba choose", choice=choice)
    else:
        option = {"/fuba setup": "layout", "/fuba bring": "from"}[command]
        value = await _first(member, channel, command[1:], option)
        await member.slash(channel, command[1:], **{option: value})


async def run(targets: int, coach: bool = False) -> Timings:
    timings = Timings()
    with _answers_timed(timings):
        async with bot_in_simcord("bench-discord-") as env:
            guild = env.create_guild("Bench")
            west = guild.add_member(env.create_user("west"))
            east = guild.add_member(env.create_user("east"))
            if coach:
                bot = simcord.UserHandle(env, env.backend.bot_user)
                east = simcord.MemberActor(env, guild, bot)
            members = {m.mention: m for m in (west, east)}
            while len(timings.targets) < targets:
                # a new channel per match: reading a long history is SimCord's own cost
                channel = guild.create_text_channel(f"pitch-{len(timings.targets)}")
                await west.slash(channel, "fuba challenge", opponent=east, thread=False)
                if not coach:
                    await east.slash(channel, "fuba accept")
                for _ in range(5000):
                    content = _last_public(env, channel).content or ""
                    found = COMMAND.search(content)
                    if found is None or len(timings.targets) >= targets:
                        break
                    member = members[content.split()[0]]
                    await _step(env, member, channel, found.group(1), timings)
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench discord")
    parser.add_argument("--targets", type=int, default=300, help="target commands to time")
    parser.add_argument("--coach", action="store_true", help="play the bot's automatic coach")
    args = parser.parse_args()
    timings = asyncio.run(run(args.targets, args.coach))
    if len(timings.targets) < 2:
        print("error: too few target commands were timed", file=sys.stderr)
        return 1
    ms = sorted(t * 1000 for t in timings.targets)
    p99 = statistics.quantiles(ms, n=100)[98]
    print(f"target_round_trips: {len(ms)}")
    print(f"target_round_trip_median: {statistics.median(ms):.2f} ms")
    print(f"target_round_trip_p99: {p99:.2f} ms")
    if timings.reports:
        reports = [t * 1000 for t in timings.reports]
        print(f"full_time_reports: {len(reports)}")
        print(f"full_time_report_median: {statistics.median(reports):.1f} ms")
    return 0
