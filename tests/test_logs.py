"""The bot's log: human text by default; ``LOG_FORMAT=json`` writes one JSON object per line
(time, level, logger, message, the exception's traceback, and the call site's ``extra=``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from botconfig import Settings
from cogs.logs import JsonFormatter, setup_logging


@pytest.fixture
def root_logger() -> Iterator[logging.Logger]:
    """The root logger, given back as it was after the test (``setup_logging`` adds to it)."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield root
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def logged(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_json_lines_carry_the_fields_and_the_extras(
    root_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging(Settings.from_env({"LOG_FORMAT": "json"}).log_format)

    logging.getLogger("cogs.play.live").warning(
        "board of match #%d not shown", 7, extra={"match_id": 7, "guild_id": 42}
    )

    [line] = logged(capsys)
    entry = json.loads(line)
    assert entry.pop("time").endswith("+00:00")
    assert entry == {
        "level": "WARNING",
        "logger": "cogs.play.live",
        "message": "board of match #7 not shown",
        "match_id": 7,
        "guild_id": 42,
    }


def test_an_exception_comes_out_whole_in_its_line(
    root_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging("json")

    try:
        {}["kickoff"]
    except KeyError:
        logging.getLogger("discord.client").exception("Ignoring exception in on_ready")

    [line] = logged(capsys)  # the traceback's lines stay inside the one JSON line
    entry = json.loads(line)
    assert entry["level"] == "ERROR" and entry["logger"] == "discord.client"
    assert entry["message"] == "Ignoring exception in on_ready"
    assert entry["exception"].startswith("Traceback (most recent call last):")
    assert entry["exception"].endswith("KeyError: 'kickoff'")


def test_the_time_is_the_records_in_utc() -> None:
    record = logging.makeLogRecord({"msg": "kick-off", "created": 1_795_000_000.25})

    entry = json.loads(JsonFormatter().format(record))

    assert datetime.fromisoformat(entry["time"]).timestamp() == 1_795_000_000.25
    assert entry["time"] == "2026-11-18T11:06:40.250+00:00"


def test_extras_json_cannot_hold_are_written_as_text(capsys: Any) -> None:
    class Seat:
        def __str__(self) -> str:
            return "West (alice)"

    record = logging.makeLogRecord({"msg": "seat taken", "seat": Seat(), "users": {1, 2}})

    entry = json.loads(JsonFormatter().format(record))

    assert entry["seat"] == "West (alice)"
    assert entry["users"] == "{1, 2}"


def test_text_is_the_default(root_logger: logging.Logger, capsys: Any) -> None:
    assert Settings.from_env({}).log_format == "text"
    setup_logging(Settings.from_env({}).log_format)

    logging.getLogger("cogs.play.live").warning("board not shown", extra={"match_id": 7})

    [line] = logged(capsys)
    assert line.endswith("board not shown") and "WARNING" in line
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="LOG_FORMAT must be text or json, not 'xml'"):
        Settings.from_env({"LOG_FORMAT": "xml"})
