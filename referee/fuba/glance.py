"""The advanced rules of a FUBA match at a glance, from a view (``FUBA.view``): which rules are
in force, the weather, each team's condition points, tiredness, substitutions left, injured
players and goalkeeper, the player roles once revealed, and the skills (A11: played, lost, the
coach sent off, with the board's two letters as the legend). ``/fuba status`` and the live
board's embed show these lines; nothing at all when the match plays the basic rules.

>>> view = {"options": {"advanced": ["condition", "substitutions", "weather"]},
...         "weather": "rain", "condition": [[4, 4, 2], [3, 5, 2]], "tired": [False, True],
...         "subs": [1, 0], "injured": [[], []], "keeper_hurt": [False, False],
...         "roles": [{}, {}], "formations": [[4, 4, 2], [3, 5, 2]], "agenda": []}
>>> for line in advanced_lines(view):
...     print(line)
Advanced rules: condition points and tiredness, substitutions, weather
Weather: rain
West: condition defence 4, midfield 4, attack 2; 2 substitutions left
East: condition defence 3, midfield 5, attack 2; tired; 3 substitutions left
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.fuba import advanced, roles, substitutions
from engine.fuba import weather as weather_names
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.state import ZONES
from referee.fuba.narration import SIDE_NAMES
from render.fuba import skills as skill_marks

FIELD_LIMIT = 1024  # the live board's embed shows these lines in one field


def rules_text(rules: Sequence[str]) -> str:
    """The advanced rules in force, short: all of them, all but a few, or the few.

    >>> rules_text(advanced.ALL)
    'all'
    >>> rules_text([r for r in advanced.ALL if r not in ("weather", "var")])
    'all but weather, V.A.R.'
    >>> rules_text(["condition", "pressing"])
    'condition points and tiredness, aggressive pressing'
    """
    chosen = advanced.ordered(rules)
    left_out = [name for name in advanced.ALL if name not in chosen]
    if not left_out:
        return "all"
    if len(left_out) <= 3 < len(chosen):
        return "all but " + ", ".join(advanced.RULES[name][1] for name in left_out)
    return advanced.describe(chosen)


def roles_text(chosen: dict[str, int]) -> str:
    """A team's A2 roles in words.

    >>> roles_text({"am": 2, "owb": 1}), roles_text({})
    ('2 attacking midfielders, 1 offensive wing back', 'none')
    """
    parts = []
    for key, (one, several) in roles.NAMES.items():
        n = int(chosen.get(key, 0) or 0)
        if n:
            parts.append(f"{n} {one if n == 1 else several}")
    return ", ".join(parts) or "none"


def minutes_text(minutes: Sequence[int]) -> str:
    """When temporarily injured players return.

    >>> minutes_text([3]), minutes_text([1, 4])
    ("1 injured (back in 3')", "2 injured (back in 1' and 4')")
    """
    waits = [f"{m}'" for m in minutes]
    when = waits[0] if len(waits) == 1 else ", ".join(waits[:-1]) + f" and {waits[-1]}"
    return f"{len(minutes)} injured (back in {when})"


def roles_revealed(view: dict[str, Any], team: int) -> bool:
    """Roles are chosen in secret with the formation: shown once the formations are revealed
    and nobody is still choosing."""
    formations = view.get("formations") or [None, None]
    choosing = any(step.get("k") in ("formation", "roles") for step in view.get("agenda") or [])
    return isinstance(formations[team], list) and not choosing


def team_parts(view: dict[str, Any], team: int) -> list[str]:
    """One team's advanced figures: condition points, tiredness, substitutions left, injuries,
    roles (only the rules in force)."""
    rules = advanced.in_force(view.get("options") or {})
    parts = []
    if "condition" in rules:
        points = view.get("condition") or [[0, 0, 0], [0, 0, 0]]
        zones = ", ".join(f"{w} {n}" for w, n in zip(ZONES, points[team], strict=True))
        parts.append(f"condition {zones}")
        if (view.get("tired") or [False, False])[team]:
            parts.append("tired")
    if "substitutions" in rules:
        left = substitutions.MAX_SUBS - int((view.get("subs") or [0, 0])[team])
        parts.append(f"{left} substitution{'' if left == 1 else 's'} left")
    if "injuries" in rules:
        injured = (view.get("injured") or [[], []])[team]
        if injured:
            parts.append(minutes_text(injured))
        if (view.get("keeper_hurt") or [False, False])[team]:
            parts.append("goalkeeper injured")
    if "roles" in rules and roles_revealed(view, team):
        roles = (view.get("roles") or [{}, {}])[team]
        if roles:
            parts.append(f"roles {roles_text(roles)}")
    return parts


def skill_text(key: str, times: int) -> str:
    """One skill as ``/fuba status`` lists it: the board's two letters, the name, and whether
    it was played or lost.

    >>> skill_text("clinical_finisher", 0), skill_text("stopper", 2), skill_text("diver", -1)
    ('CF Clinical finisher', 'ST Stopper (played 2×)', 'DI Diver (lost)')
    >>> skill_text("trained_formation_change", 1)
    'TF Trained formation change (used)'
    """
    name = SKILLS[key].name if key in SKILLS else key.replace("_", " ")
    line = f"{skill_marks.code(key)} {name}"
    state = skill_marks.state_of(key, times)
    if state == "lost":
        return f"{line} (lost)"
    if state == "played":
        once = key == "trained_formation_change"  # A11 once a match
        return f"{line} ({'used' if once else f'played {times}×'})"
    return line


def skills_lines(view: dict[str, Any], short: bool = False) -> list[str]:
    """A11 each team's skills once revealed (the legend of the board's letters), the coach
    sent off; before the reveal only the viewer's own secret choice (the view hides the
    other's). ``short``: the board's letters alone, for a crowded embed field."""
    if not skill_marks.in_play(view):
        return []
    n = (view.get("options") or {})["skills"]
    marks = f"on the board {skill_marks.PLAYED} played, {skill_marks.GONE} lost (injured star)"
    lines = [f"Skills: {n} choice{'' if n == 1 else 's'} each; {marks}"]
    if not skill_marks.revealed(view):
        step = next(st for st in view.get("agenda") or [] if st.get("k") == "formation")
        for team, picks in enumerate(step.get("skills") or [None, None]):
            if isinstance(picks, list):
                chosen = ", ".join(SKILLS[k].name for k in picks if k in SKILLS) or "none"
                lines.append(f"{SIDE_NAMES[team]}'s skills (secret until revealed): {chosen}")
        return lines
    for team in (0, 1):
        mine = (view.get("skills") or [{}, {}])[team]
        if short:
            text = " ".join(skill_marks.items(view, team))
        else:
            text = ", ".join(skill_text(k, times) for k, times in mine.items()) or "none"
            if (view.get("coach_off") or [False, False])[team]:
                text += "; coach sent off (no formation changes)"
        lines.append(f"{SIDE_NAMES[team]} skills: {text}")
    return lines


def advanced_lines(view: dict[str, Any]) -> list[str]:
    """The advanced rules' lines of ``view``; none for a basic match."""
    rules = advanced.in_force(view.get("options") or {})
    if not rules:
        return []
    lines = [f"Advanced rules: {rules_text(rules)}"]
    weather = view.get("weather") or ""
    if "weather" in rules and weather:
        lines.append(f"Weather: {weather_names.NAMES.get(weather, weather)}")
    for team in (0, 1):
        parts = team_parts(view, team)
        if parts:
            lines.append(f"{SIDE_NAMES[team]}: " + "; ".join(parts))
    full = lines + skills_lines(view)
    if len("\n".join(full)) <= FIELD_LIMIT:
        return full
    return lines + skills_lines(view, short=True)
