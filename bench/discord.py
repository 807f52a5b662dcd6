"""Discord round trip: one `/fuba target` through SimCord, with the engine, the database
commit, the board render and the public message included.

    python -m bench discord [--targets 300] [--coach]

Two members play each other in SimCord's offline Discord on a temporary SQLite file with
virtual dice (the first legal choice from autocomplete, positioning actions, new turns); with
``--coach`` one member plays the bot's automatic coach instead, whose whole reply is then part
of the round trip. New matches start until ``--targets`` target commands were timed. Prints
``key: value unit`` lines: the median and 99th percentile of one target round trip. Figures
only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings

COMMAND = re.compile(r"`(/fuba [a-z]+)")


def _last_public(channel: simcord.ChannelHandle) -> Any:
    return [m for m in channel.history() if not m.flags.ephemeral][-1]


async def _first(member: simcord.MemberActor, channel: Any, command: str, option: str) -> Any:
    offered = await member.autocomplete(channel, command, option, "")
    return offered[0]["value"]


async def _step(
    member: simcord.MemberActor, channel: Any, command: str, timings: list[float]
) -> None:
    """One decision; a target is timed."""
    if command == "/fuba target":
        area = await _first(member, channel, "fuba target", "area")
        began = time.perf_counter()
        await member.slash(channel, "fuba target", area=area)
        timings.append(time.perf_counter() - began)
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
    elif command in ("/fuba kickoff", "/fuba corner"):
        option = "side"
        await member.slash(
            channel, command[1:], side=await _first(member, channel, command[1:], option)
        )
    else:
        option = {"/fuba setup": "layout", "/fuba bring": "from"}[command]
        value = await _first(member, channel, command[1:], option)
        await member.slash(channel, command[1:], **{option: value})


async def run(targets: int, coach: bool = False) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-discord-") as tmp:
        url = URL.create("sqlite+aiosqlite", database=str(Path(tmp) / "bench.sqlite3"))
        env = simcord.Env(create_bot(Settings(database_url=url)), check_errors=False)
        await env.start()
        try:
            with env.time_context():
                guild = env.create_guild("Bench")
                west = guild.add_member(env.create_user("west"))
                east = guild.add_member(env.create_user("east"))
                if coach:
                    bot = simcord.UserHandle(env, env.backend.bot_user)
                    east = simcord.MemberActor(env, guild, bot)
                members = {m.mention: m for m in (west, east)}
                while len(timings) < targets:
                    # a new channel per match: reading a long history is SimCord's own cost
                    channel = guild.create_text_channel(f"pitch-{len(timings)}")
                    await west.slash(channel, "fuba challenge", opponent=east)
                    if not coach:
                        await east.slash(channel, "fuba accept")
                    for _ in range(5000):
                        content = _last_public(channel).content or ""
                        found = COMMAND.search(content)
                        if found is None or len(timings) >= targets:
                            break
                        member = members[content.split()[0]]
                        await _step(member, channel, found.group(1), timings)
        finally:
            await env.shutdown()
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench discord")
    parser.add_argument("--targets", type=int, default=300, help="target commands to time")
    parser.add_argument("--coach", action="store_true", help="play the bot's automatic coach")
    args = parser.parse_args()
    timings = asyncio.run(run(args.targets, args.coach))
    if len(timings) < 2:
        print("error: too few target commands were timed", file=sys.stderr)
        return 1
    ms = sorted(t * 1000 for t in timings)
    p99 = statistics.quantiles(ms, n=100)[98]
    print(f"target_round_trips: {len(ms)}")
    print(f"target_round_trip_median: {statistics.median(ms):.2f} ms")
    print(f"target_round_trip_p99: {p99:.2f} ms")
    return 0
