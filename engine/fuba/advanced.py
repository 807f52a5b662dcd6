"""The advanced rules (A1-A10, A13) as match options: which are in force, and the text that
turns them on or off ("advanced -weather -var").

A match's options hold the rules in force as ``options["advanced"]``: a list of rule names in
the order of ``RULES``. A match without that key plays the basic rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.core.errors import RulesError

# name -> (rulebook chapter, what it is called in a player's words)
RULES: Final[dict[str, tuple[str, str]]] = {
    "condition": ("A1", "condition points and tiredness"),
    "roles": ("A2", "player roles"),
    "substitutions": ("A3", "substitutions"),
    "injuries": ("A4", "injuries"),
    "charge": ("A5", "goalkeeper charge"),
    "pressing": ("A6", "aggressive pressing"),
    "offside_risk": ("A7", "offside risk"),
    "slowing": ("A8", "slowing down the game"),
    "weather": ("A9", "weather"),
    "var": ("A10", "V.A.R."),
    "events": ("A13", "special events"),
}
ALL: Final = tuple(RULES)
# Rules that make no sense without another one: roles and aggressive pressing are paid for
# with condition points (A2, A6).
NEEDS: Final = {"roles": "condition", "pressing": "condition"}
ALIASES: Final = {
    "condition_points": "condition",
    "tiredness": "condition",
    "fatigue": "condition",
    "formations": "roles",
    "subs": "substitutions",
    "injury": "injuries",
    "goalkeeper_charge": "charge",
    "aggressive_pressing": "pressing",
    "offside": "offside_risk",
    "slow": "slowing",
    "slowing_down": "slowing",
    "time_wasting": "slowing",
    "special_events": "events",
    "specials": "events",
}
_WORD: Final = re.compile(r"^([+-]?)([a-z_.]+)$")


def in_force(options: Mapping[str, Any]) -> frozenset[str]:
    """The advanced rules a match with these options plays."""
    return frozenset(options.get("advanced") or ())


def ordered(rules: Iterable[str]) -> list[str]:
    """``rules`` in the rulebook's order."""
    chosen = set(rules)
    return [name for name in ALL if name in chosen]


def rule_name(word: str) -> str:
    """The rule a player's word names ("VAR", "special-events", "subs")."""
    key = word.strip().lower().replace("-", "_").replace(" ", "_").replace(".", "")
    key = ALIASES.get(key, key)
    if key not in RULES:
        known = ", ".join(ALL)
        raise RulesError(f"There is no advanced rule {word!r}. The rules are: {known}.")
    return key


def parse(text: str) -> list[str]:
    """The rules in force from an options text, in the rulebook's order.

    ``advanced`` (or ``all``) turns every rule on, ``basic`` (or ``none``) every rule off;
    then ``-name`` turns one off and ``name`` or ``+name`` turns one on, left to right.

    >>> parse("advanced -weather -var")
    ['condition', 'roles', 'substitutions', 'injuries', 'charge', 'pressing', 'offside_risk', \
'slowing', 'events']
    >>> parse("condition pressing")
    ['condition', 'pressing']
    >>> parse("basic")
    []
    """
    chosen: set[str] = set()
    for word in text.replace(",", " ").lower().split():
        if word in ("advanced", "all"):
            chosen = set(ALL)
            continue
        if word in ("basic", "none"):
            chosen = set()
            continue
        m = _WORD.match(word)
        if not m:
            raise RulesError(
                f"{word!r} is not a rule option: write rule names, e.g. `advanced -weather`."
            )
        sign, name = m.groups()
        rule = rule_name(name)
        if sign == "-":
            chosen.discard(rule)
        else:
            chosen.add(rule)
    rules = ordered(chosen)
    check(rules)
    return rules


def check(rules: Iterable[str]) -> None:
    """Refuse unknown rules and a rule without the one it needs."""
    chosen = set(rules)
    for name in chosen:
        if name not in RULES:
            raise RulesError(f"There is no advanced rule {name!r}.")
    for name, needed in NEEDS.items():
        if name in chosen and needed not in chosen:
            raise RulesError(
                f"{RULES[name][1].capitalize()} needs {RULES[needed][1]}: add {needed} "
                f"or leave out {name}."
            )


def describe(rules: Iterable[str]) -> str:
    """The rules in force in a player's words.

    >>> describe(ALL)
    'all advanced rules'
    >>> describe(["condition", "weather"])
    'condition points and tiredness, weather'
    >>> describe([])
    'basic rules'
    """
    chosen = ordered(rules)
    if not chosen:
        return "basic rules"
    if len(chosen) == len(ALL):
        return "all advanced rules"
    return ", ".join(RULES[name][1] for name in chosen)
