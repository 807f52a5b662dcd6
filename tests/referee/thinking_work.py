"""Stand-ins for the thinking worker's work in tests (module-level: the worker process imports
them by name): a decision that fails, and a worker that dies."""

from __future__ import annotations

import os
import time

from referee.thinking import Answer


def refuse(*args: object) -> Answer:
    raise RuntimeError("the search broke down")


def die(*args: object) -> Answer:
    os._exit(3)  # the worker process stops dead, as if killed


def nonsense(*args: object) -> Answer:
    return ("east", "formation", {"shape": "9-9-9"})  # an action the rules refuse


def sleep(ruleset: str, state: dict[str, float], *args: object) -> Answer:
    """Thinks for ``state["sleep"]`` seconds, then answers with the worker's process id."""
    time.sleep(state["sleep"])
    return ("east", "pid", {"pid": os.getpid()})
