"""What the bot needs where a match is played, checked before a challenge changes anything.

A match is played in the channel of its challenge or in a new public thread of it. The bot
then needs, there: to send messages (in threads: Send Messages in Threads), embed links and
attach files (the board is an image in an embed) and read the message history (its live
board is edited in place). A new thread also needs Create Public Threads in the channel and
Send Messages there (the challenge, then the match's scoreboard). Threads take the
permissions of their channel, so everything is read from the channel
(``channel.permissions_for(guild.me)``).

``place`` decides where a challenge plays: in a new thread by default when the bot may open
one and play in it, else in the channel; ``MissingPermissions`` refuses, privately, naming
what the bot lacks in a player's words.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.play.registry import PlayRefusal

# Permission -> its name as Discord's server settings show it.
NAMES = {
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
    "create_public_threads": "Create Public Threads",
}
TO_PLAY = ("embed_links", "attach_files", "read_message_history")
IN_CHANNEL = ("send_messages", *TO_PLAY)
IN_NEW_THREAD = ("create_public_threads", "send_messages", "send_messages_in_threads", *TO_PLAY)
IN_THREAD = ("send_messages_in_threads", *TO_PLAY)


def listed(names: list[str]) -> str:
    """Names joined for a sentence.

    >>> listed(["Attach Files"]), listed(["A", "B", "C"])
    ('Attach Files', 'A, B and C')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class MissingPermissions(PlayRefusal):
    """The bot lacks ``missing`` (Discord's names, sorted) in ``channel`` to play there (in a
    new thread of it when ``thread``); ``again`` is how the member asks again ("challenge
    again", "run `/league play` again")."""

    def __init__(
        self, channel: Any, missing: list[str], *, thread: bool, again: str = "challenge again"
    ) -> None:
        self.missing = missing
        where = "here in a thread" if thread else "here"
        ask = (
            f"Ask a server admin, or {again} with `thread:false` to play in the channel."
            if thread
            else "Ask a server admin."
        )
        super().__init__(
            f"I can't play {where}: I need {listed(missing)} in {channel.mention}. {ask}"
        )


def can_open_threads(channel: Any) -> bool:
    """Whether public threads can be made in ``channel`` at all (a server's text channel)."""
    return isinstance(channel, discord.TextChannel) and not channel.is_news()


def missing(channel: Any, *, thread: bool) -> list[str]:
    """What the bot lacks in ``channel`` to play a match there (in a new thread of it when
    ``thread``), by Discord's names, sorted; nothing outside a server (no permissions to
    read)."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return []
    granted = channel.permissions_for(guild.me)
    if thread:
        needed = IN_NEW_THREAD
    elif isinstance(channel, discord.Thread):
        needed = IN_THREAD
    else:
        needed = IN_CHANNEL
    lacking = {name for name in needed if not getattr(granted, name)}
    send = "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"
    if send in lacking:  # discord.py then clears them too: Send Messages is what is missing
        lacking -= {"embed_links", "attach_files"}
    return sorted(NAMES[name] for name in lacking)


def place(channel: Any, thread: bool | None, *, again: str = "challenge again") -> bool:
    """Whether a match challenged in ``channel`` plays in a new public thread: ``thread`` as
    asked, or by default when the bot may open one there and play in it. Raises
    ``MissingPermissions`` (saying to ``again`` with ``thread:false``) when the bot could not
    play where the match would be."""
    if thread is None:
        thread = can_open_threads(channel) and not missing(channel, thread=True)
    elif thread and not can_open_threads(channel):
        thread = False  # already a thread (or a channel without threads): played right here
    lacking = missing(channel, thread=thread)
    if lacking:
        raise MissingPermissions(channel, lacking, thread=thread, again=again)
    return thread
