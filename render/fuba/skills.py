"""Each team's skills (A11) as the board's strip shows them: a two-letter code per skill, a
tick once it has been played (the trained formation change: used), a cross once an injured
star took it away (A13), and "coach off" when a fiery coach was sent off. ``/fuba status``
prints the codes beside the names as the legend. Pure data (no Pillow), shared by the strip
and the status lines.

>>> view = {"options": {"advanced": ["condition"], "skills": 3}, "agenda": [],
...         "skills": [{"clinical_finisher": 2, "stopper": 0, "runner": -1}, {}],
...         "coach_off": [False, True]}
>>> items(view, 0), items(view, 1)
(['CF✓', 'ST', 'RU✗'], ['no skills', 'coach off'])
"""

from __future__ import annotations

from typing import Any

from engine.fuba.skills import LOST

PLAYED, GONE = "✓", "✗"

# Two letters a skill, unique, from its name.
CODES: dict[str, str] = {
    "trained_formation_change": "TF",
    "strength_in_depth": "SD",
    "great_condition": "GC",
    "fanatic_fans": "FF",
    "trained_special_event": "TS",
    "gegenpressing": "GG",
    "fiery_coach": "FC",
    "sweeper_keeper": "SK",
    "creative_goalkeeper": "CG",
    "shot_stopper": "SS",
    "penalty_saver": "PS",
    "leading_goalkeeper": "LG",
    "advancing_goalkeeper": "AG",
    "tackler": "TA",
    "stopper": "ST",
    "skilled_full_back": "FB",
    "doubling_up": "DU",
    "offside_trap": "OT",
    "skilled_wing_backs": "WB",
    "fast_defender": "FD",
    "catenaccio": "CA",
    "midfield_general": "MG",
    "creative_midfielder": "CM",
    "midfield_pressing": "MP",
    "crossing": "CR",
    "regista": "RE",
    "dribbler": "DR",
    "short_passes": "SH",
    "box_to_box": "BB",
    "il_mediano": "IM",
    "mezzala": "MZ",
    "target_man": "TM",
    "clinical_finisher": "CF",
    "aggressive_striker": "AS",
    "goal_poacher": "GP",
    "diver": "DI",
    "runner": "RU",
    "seconda_punta": "SP",
}


def code(key: str) -> str:
    """A skill's two letters (a skill unknown to this table: its first two)."""
    return CODES.get(key, key[:2].upper())


def in_play(view: dict[str, Any]) -> bool:
    """The match was agreed with skills (the option ``skills`` above 0)."""
    n = (view.get("options") or {}).get("skills") or 0
    return isinstance(n, int) and not isinstance(n, bool) and n > 0


def revealed(view: dict[str, Any]) -> bool:
    """The teams' skills are known: shown with the formations before kick-off, so only while
    the first formations are being chosen are they still secret."""
    if any((view.get("skills") or [{}, {}])[t] for t in (0, 1)):
        return True
    first = next((st for st in view.get("agenda") or [] if st.get("k") == "formation"), None)
    return first is None or bool(first.get("halftime"))


def state_of(key: str, times: int) -> str:
    """The skill's state: "lost", "played" (at least once; the once-a-match change: used) or
    "ready"."""
    if times == LOST:
        return "lost"
    return "played" if times > 0 else "ready"


def items(view: dict[str, Any], team: int) -> list[str]:
    """A team's skills as the strip shows them, in the team's choice order (a new talent
    last), then "coach off"; nothing while the choice is secret."""
    if not in_play(view) or not revealed(view):
        return []
    mine: dict[str, int] = (view.get("skills") or [{}, {}])[team]
    out = []
    for key, times in mine.items():
        mark = {"lost": GONE, "played": PLAYED, "ready": ""}[state_of(key, times)]
        out.append(code(key) + mark)
    if not out:
        out.append("no skills")
    if (view.get("coach_off") or [False, False])[team]:
        out.append("coach off")
    return out
