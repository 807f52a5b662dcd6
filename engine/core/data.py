"""JSON-native match data (dicts, lists and scalars), as states and options hold it."""

from __future__ import annotations

from typing import Any


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-native data, faster than ``copy.deepcopy`` for it.

    >>> a = {"x": [1, {"y": 2}]}
    >>> b = json_copy(a)
    >>> b == a, b["x"] is a["x"], b["x"][1] is a["x"][1]
    (True, False, False)
    """
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value
