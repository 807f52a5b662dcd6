"""Which of Simple Soccer's advanced rules a match plays: ``rules:advanced`` turns them all
on, ``options:`` turns single ones on or off on top ("tackles -fouls").

>>> sorted(k for k, v in advanced({"rules": "advanced"}).items() if not v)
['reposition']
>>> on = advanced({"options": "tackles, headers=on, -direction"})
>>> [k for k, v in on.items() if v]
['tackles', 'headers']
>>> advanced({"rules": "advanced", "options": "no-fouls reposition"})["fouls"]
False
>>> try:
...     advanced({"options": "tackle"})
... except MalformedAction as refused:
...     print(refused)
'tackle' is not a rule. Did you mean tackles?
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any, Protocol

from engine.core.errors import MalformedAction

# every advanced rule, in the order of the rulebook's chapter, with a player's description
RULES: dict[str, str] = {
    "direction": "the ball keeps to at most two directions 45 degrees apart",
    "inertia": "a kicked ball may roll on at the start of the next turn",
    "poor_aim": "a 1 on two dice mis-kicks; balls can go out (throw-ins, corners, goal kicks)",
    "reposition": "both teams may reposition before a throw-in or set piece",
    "deflection": "a goalkeeper who nearly reaches a shot may deflect it, and may go down",
    "facing": "members turn (1 point per quarter turn); kicking angles, heel and slide kicks",
    "tackles": "call odd or even to tackle a ball at an opponent's feet",
    "intercepts": "opponents may intercept a kick with their feet or chest",
    "headers": "headers, intercepting or between team-mates",
    "bicycle": "bicycle kicks, intercepting or between team-mates",
    "juggling": "lift the ball with two odd rolls for a header or bicycle kick",
    "fakeouts": "mild, moderate or extreme fake-outs for extra points",
    "stunned": "a header or bicycle kick on goal may stun the goalkeeper",
    "shootout": "the penalty kicker picks a die face in secret",
    "fouls": "contact rolls, free kicks, penalties and cards",
    "skills": "3 skill points per team for extra points and re-rolls",
}
MODES = ("basic", "advanced")
NOT_IN_ADVANCED = frozenset({"reposition"})  # a mutual option: named to be played

_ON = ("on", "true", "yes")
_OFF = ("off", "false", "no")


class HasOptions(Protocol):
    options: dict[str, Any]


def on(s: HasOptions, rule: str) -> bool:
    """Whether the match plays ``rule`` (one of ``RULES``)."""
    return bool(s.options.get("advanced", {}).get(rule, False))


def any_on(s: HasOptions) -> bool:
    return any(s.options.get("advanced", {}).values())


def _name(token: str) -> str:
    key = token.strip().lower().replace("-", "_").replace(" ", "_")
    if key in RULES:
        return key
    near = difflib.get_close_matches(key, list(RULES), n=1)
    hint = f" Did you mean {near[0]}?" if near else f" Rules: {', '.join(RULES)}."
    raise MalformedAction(f"{token.strip()!r} is not a rule.{hint}")


def parse_toggles(text: str) -> dict[str, bool]:
    """``"tackles -fouls headers=off no-skills"`` -> ``{rule: on}``."""
    found: dict[str, bool] = {}
    for token in (t for t in re.split(r"[\s,;]+", text) if t):
        value = True
        if "=" in token:
            token, _, setting = token.partition("=")
            setting = setting.strip().lower()
            if setting not in _ON + _OFF:
                raise MalformedAction(f"Set {token} to on or off, not {setting!r}.")
            value = setting in _ON
        elif token.startswith(("-", "!")):
            token, value = token[1:], False
        elif token.startswith("+"):
            token = token[1:]
        elif token.lower().startswith("no-") or token.lower().startswith("no_"):
            token, value = token[3:], False
        found[_name(token)] = value
    return found


def advanced(options: Mapping[str, Any]) -> dict[str, bool]:
    """Every rule's setting from ``rules`` (basic/advanced), ``options`` (text) and, when
    already normalized, ``advanced`` (a mapping)."""
    mode = str(options.get("rules") or "basic").strip().lower()
    if mode not in MODES:
        raise MalformedAction(f"'rules' must be basic or advanced, not {mode!r}.")
    settings = {rule: mode == "advanced" and rule not in NOT_IN_ADVANCED for rule in RULES}
    given = options.get("advanced")
    if isinstance(given, Mapping):
        settings.update({_name(str(k)): bool(v) for k, v in given.items()})
    text = options.get("options")
    if isinstance(text, str) and text.strip():
        settings.update(parse_toggles(text))
    elif text not in (None, ""):
        raise MalformedAction("'options' is a text of rule names, e.g. \"tackles -fouls\".")
    return settings


def describe(settings: Mapping[str, bool]) -> str:
    """The rules in words: "basic rules", "advanced rules", "advanced rules without fouls",
    "basic rules with tackles, headers"."""
    played = [rule for rule, value in settings.items() if value]
    full = [rule for rule in RULES if rule not in NOT_IN_ADVANCED]
    missing = [rule for rule in full if rule not in played]
    extra = [rule.replace("_", " ") for rule in played if rule in NOT_IN_ADVANCED]
    if not played:
        return "basic rules"
    if len(missing) <= len(full) // 2:
        text = "advanced rules"
        if missing:
            text += " without " + ", ".join(r.replace("_", " ") for r in missing)
        if extra:
            text += ", with " + ", ".join(extra)
        return text
    return "basic rules with " + ", ".join(r.replace("_", " ") for r in played)
