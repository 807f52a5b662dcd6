"""What the strong coach knows about the toss before the match: the better start (offense, or
defense with the Power Chip) measured offline for given rules (``opening.json``, written by
``python -m bench dicesoccer_toss --write``).

>>> rules_key({"advanced": "yes"})["advanced"]
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.dicesoccer.options import normalize

OPENING_FILE = Path(__file__).with_name("opening.json")


def rules_key(options: dict[str, Any] | None) -> dict[str, Any]:
    """The rules a measured start holds for: every option the match's play depends on."""
    n = normalize(options)
    return {k: n[k] for k in ("sections", "faces", "target_score", "advanced")}


@cache
def _openings() -> tuple[tuple[str, str], ...]:
    """(rules as canonical JSON, better start) per measured rule set; none if no file."""
    try:
        data = json.loads(OPENING_FILE.read_text())
    except FileNotFoundError:
        return ()
    return tuple(
        (json.dumps(o["options"], sort_keys=True), str(o["better"])) for o in data["openings"]
    )


def better_start(options: dict[str, Any] | None) -> str | None:
    """ "offense" or "defense" when a start was measured for exactly these rules, else None."""
    key = json.dumps(rules_key(options), sort_keys=True)
    return next((start for rules, start in _openings() if rules == key), None)
