"""How the bot process writes its log: human text by default, or with ``LOG_FORMAT=json`` one
JSON object per line for a log collector.

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``;
``exception`` (the traceback) when one is logged, ``stack`` when asked for; and whatever the
call site passes in ``extra=`` (``log.info("...", extra={"match_id": 7, "guild_id": 1})``),
each under its own name. Values JSON cannot hold are written as their ``str``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

import discord

# Every attribute a plain LogRecord has: anything else on a record came from ``extra=``.
_RECORD_FIELDS = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        for key, value in record.__dict__.items():
            if key not in _RECORD_FIELDS and key not in entry:
                entry[key] = value
        return json.dumps(entry, default=str, ensure_ascii=False)


def setup_logging(log_format: str = "text") -> None:
    """The process's logging, as discord.py sets it up (its handler on the root logger, on
    stderr, at INFO), in ``log_format``."""
    if log_format == "json":
        discord.utils.setup_logging(root=True, formatter=JsonFormatter())
    else:
        discord.utils.setup_logging(root=True)
