"""User text in Discord messages: shown as written, never as markdown, never as a ping.

Display names, league names and reasons typed by members reach public messages. ``shown`` makes
such text inert: markdown is escaped and every ``@`` is followed by an invisible space, so
``@everyone`` or ``<@123>`` read as typed and mention nobody. The real guarantee against pings
is each message's ``allowed_mentions`` (``pings``): it names exactly who may be pinged.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

ZERO_WIDTH_SPACE = "\u200b"


def shown(text: str) -> str:
    """``text`` as it reads, with no markdown and no mention left in it.

    >>> shown("**Ada**_") == "\\\\*\\\\*Ada\\\\*\\\\*\\\\_"
    True
    >>> shown("@everyone <@&456>") == "@\\u200beveryone <@\\u200b&456>"
    True
    """
    return discord.utils.escape_markdown(text).replace("@", "@" + ZERO_WIDTH_SPACE)


def pings(user_ids: Iterable[int] = ()) -> discord.AllowedMentions:
    """Allowed mentions for a message that may ping exactly these members (none by default):
    never everyone, here, a role or the author of a replied-to message."""
    users = [discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(
        everyone=False, roles=False, users=users or False, replied_user=False
    )
