"""A finished match's action log as one JSON file players can download and check.

Discord attaches it to the full-time report and gives it on request (``/<game> log
export:true``); ``python3 bot.py verify FILE`` (``referee.verify``) checks its dice against the
seed. The format (docs/dice.md)::

    {
      "format": "referee-match-log", "format_version": 1,
      "game": "fuba", "title": "FUBA", "match_id": 12, "status": "finished",
      "result": {...}, "started_at": "...", "ended_at": "...",
      "players": [{"side": "west", "side_name": "West", "user_id": "101", "name": "Ada"}, ...],
      "options": {"dice": "virtual", "coach_side": "east", ...},   # every match option but the seed
      "seed": "1234", "seed_hash": "<SHA-256 of the seed's text>",
      "state_schema": 1, "initial_state": {...},   # the rules' position before the first action
      "actions": [
        {"number": 1, "actor": "east", "kind": "formation", "args": {...}, "by": "referee"},
        {"number": 2, "actor": "west", "kind": "roll", "args": {"dice": [5]}, "by": "referee",
         "virtual": true},
        ...
      ]
    }

``number`` counts the actions from 1 (the store's ``seq``); ``by`` is "player" or "referee"
(the referee's own actions: virtual dice, the automatic coach); a roll says whether its dice are
virtual (derived from the seed, ``referee.match_dice``) or were rolled at the table and typed in.
Only a match that is over has a log to give: until full time the seed and the secret choices
(formations, penalty sides) in the log stay hidden.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee import games
from referee.errors import RefereeError
from referee.match_dice import seed_hash
from store.models import MatchStatus
from store.repository import History, LoggedAction, MatchStore

JSONData = dict[str, Any]

FORMAT = "referee-match-log"
FORMAT_VERSION = 1


class LogNotReady(RefereeError):
    """The match is still being played: its log (seed, secret choices) is not given yet."""

    def __init__(self) -> None:
        super().__init__(
            "The action log can be downloaded once the match is over: until full time the "
            "dice seed and the secret choices stay hidden."
        )


class NoFinishedMatch(RefereeError):
    """No match of the game has finished in the channel."""

    def __init__(self, title: str) -> None:
        super().__init__(f"No {title} match has finished in this channel yet.")


def filename(match_id: int) -> str:
    """The attachment's file name, e.g. ``match-12-log.json``."""
    return f"match-{match_id}-log.json"


def is_virtual(options: Mapping[str, Any], entry: LoggedAction) -> bool:
    """Whether a logged roll's dice came from the seed: the referee's own rolls always do
    (it rolls only virtual dice, for the coach too), a player's when the match has virtual dice
    (rolled on their request, ``player_rolls``); a player's roll in a physical-dice match was
    typed in."""
    if entry.action.kind != "roll":
        return False
    return entry.user_id is None or options.get("dice") != "physical"


def build(history: History, names: Mapping[int, str]) -> JSONData:
    """The log of a match that is over (``LogNotReady`` while it is played); ``names`` are the
    players' display names by user id (a missing one shows as the id)."""
    match = history.match
    if match.status == MatchStatus.ACTIVE:
        raise LogNotReady()
    game = games.get(match.ruleset)
    seed = int(match.options["seed"])
    players = [
        {
            "side": side,
            "side_name": game.side_name(side),
            "user_id": str(match.players[side]),  # as Discord writes ids: text
            "name": names.get(match.players[side], str(match.players[side])),
        }
        for side in game.ruleset.sides
    ]
    actions = []
    for entry in history.log:
        item: JSONData = {
            "number": entry.seq,
            "actor": entry.action.actor,
            "kind": entry.action.kind,
            "args": entry.action.args,
            "by": "referee" if entry.user_id is None else "player",
        }
        if entry.action.kind == "roll":
            item["virtual"] = is_virtual(match.options, entry)
        actions.append(item)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "title": game.title,
        "match_id": match.id,
        "status": match.status.value,
        "result": match.result,
        "started_at": match.created_at.isoformat(),
        "ended_at": match.updated_at.isoformat(),
        "players": players,
        "options": {key: value for key, value in match.options.items() if key != "seed"},
        "seed": str(seed),
        "seed_hash": seed_hash(seed),
        # the position before the first action, so the log can be replayed through the rules
        "state_schema": game.ruleset.schema_version,
        "initial_state": game.ruleset.to_json(history.initial),
        "actions": actions,
    }


def dumps(log: JSONData) -> bytes:
    """The file's bytes: the header indented, then one action a line."""
    head = {key: value for key, value in log.items() if key != "actions"}
    text = json.dumps(head, indent=2, ensure_ascii=False)
    lines = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in log["actions"])
    body = f'  "actions": [\n{lines}\n  ]' if lines else '  "actions": []'
    return (text[: -len("\n}")] + ",\n" + body + "\n}\n").encode()


async def export(store: MatchStore, match_id: int) -> JSONData:
    """The log of a match that is over, read from the store."""
    history = await store.history(match_id)
    names = await store.display_names(history.match.players.values())
    return build(history, names)


async def channel_export(store: MatchStore, channel_id: int, ruleset: str) -> tuple[int, JSONData]:
    """The log of the channel's last finished match of ``ruleset``, with its match id; refused
    while a match of that game is played there (``LogNotReady``) or when none has finished
    (``NoFinishedMatch``)."""
    active = await store.active_match(channel_id)
    if active is not None and active.ruleset == ruleset:
        raise LogNotReady()
    match = await store.last_finished_match(channel_id, ruleset)
    if match is None:
        raise NoFinishedMatch(games.title_of(ruleset))
    return match.id, await export(store, match.id)
