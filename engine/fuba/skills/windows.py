"""A11 skill windows: the moments a team may play its skills.

The rule code marks a moment by putting a window step on the agenda,
``{"k": "skill", "team": t, "moment": m, "played": []}``, wherever that moment falls (``mark``
does it only when the team has one of the moment's skills). What the window offers is
worked out when it comes up (``offers``): the skills of its moment that apply now and that
the team can pay for. A window with nothing to offer is dropped (``prune``); a window right
before another decision of its team is *folded* into it: that decision shows the skills as
more choices and any other answer lets the window pass (``folded_at``).

Playing a skill is the action ``skill`` with ``name`` (and the choice's own arguments);
``name: none`` closes the window. A window stays open after a skill is played, for the
moment's other skills.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.errors import RulesError
from engine.core.events import Event
from engine.fuba import condition
from engine.fuba.skills import has, keeper_alone, usable
from engine.fuba.skills import plays as _plays
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.state import ZONES, FubaState

Step = dict[str, Any]
Args = dict[str, Any]
KIND: Final = "skill"  # the action kind
NONE: Final = "none"

# moment -> its skills, in the order a menu lists them
MOMENTS: Final[dict[str, tuple[str, ...]]] = {
    "turn_start": ("creative_goalkeeper", "crossing"),
    "stage1": ("skilled_full_back",),
    "charge": ("sweeper_keeper",),
    "goal": (
        "clinical_finisher",
        "aggressive_striker",
        "trained_special_event",
        "shot_stopper",
        "leading_goalkeeper",
    ),
    "press": ("midfield_pressing",),
    "pressed": ("skilled_wing_backs", "gegenpressing"),
    "special": ("diver",),
    "trap": ("offside_trap",),
    "value": ("stopper", "mezzala"),
    "situation_end": (
        "fanatic_fans",
        "creative_midfielder",
        "catenaccio",
        "seconda_punta",
        "goal_poacher",
        "midfield_general",
        "target_man",
        "regista",
    ),
    "free_moves": ("fast_defender", "runner", "box_to_box"),
    "movement": ("dribbler",),
    "second_action": ("il_mediano",),
    "spend": ("fiery_coach",),
    "turn_end": ("trained_formation_change",),
}
MOMENT_OF: Final = {key: m for m, keys in MOMENTS.items() for key in keys}

# The decisions a window may fold into (a team's own choice, not dice or another window).
_FOLDS_INTO: Final = frozenset({"target", "charge", "act", "moves"})


def mark(s: FubaState, moment: str, team: int, at: int = 0, **context: Any) -> bool:
    """Put a window for ``team`` at agenda index ``at`` when it has a skill of ``moment``."""
    if not s.skills[team] or not any(has(s, team, k) for k in MOMENTS[moment]):
        return False
    s.agenda.insert(at, {"k": KIND, "team": team, "moment": moment, "played": [], **context})
    return True


def cost(s: FubaState, key: str, args: Args) -> int:
    return _plays.cost(s, key, args)


def offers(s: FubaState, step: Step) -> list[tuple[str, Args]]:
    """(skill, arguments) the window's team may play now, affordable, in menu order."""
    team = step["team"]
    out: list[tuple[str, Args]] = []
    for key in MOMENTS[step["moment"]]:
        if key in step["played"] or not usable(s, team, key):
            continue
        for args in _plays.OFFERS[key](s, team, step):
            if condition.can_pay(s, team, cost(s, key, args), skill=True):
                out.append((key, args))
    return out


def label(s: FubaState, key: str, args: Args) -> str:
    """A choice as a player reads it: "Clinical finisher (1 point): +1 to this shot"."""
    points = cost(s, key, args)
    price = "free" if points == 0 else f"{points} point" + ("s" if points > 1 else "")
    detail = _plays.DETAILS.get(key)
    return f"{SKILLS[key].name} ({price})" + (f": {detail(args)}" if detail else "")


def prune(s: FubaState) -> bool:
    """Drop the leading windows (skill windows among the first steps, before the first other
    decision) that have nothing to offer. True when one was dropped. Skills that applied but
    were too dear are noted in ``turn["unpaid"]`` (team, key -> cost) until the next action,
    so that playing one is refused for its cost."""
    dropped = False
    i = 0
    while i < len(s.agenda) and s.agenda[i]["k"] in (KIND, "substitute"):
        step = s.agenda[i]
        if step["k"] == KIND and not offers(s, step):
            s.agenda.pop(i)
            dropped = True
            dear = _too_dear(s, step)
            if dear:
                s.turn["unpaid"] = [step["team"], dear]
            continue
        i += 1
    return dropped


def _too_dear(s: FubaState, step: Step) -> dict[str, int]:
    team = step["team"]
    out: dict[str, int] = {}
    for key in MOMENTS[step["moment"]]:
        if key not in step["played"] and usable(s, team, key):
            ways = _plays.OFFERS[key](s, team, step)
            if ways:
                out[key] = min(cost(s, key, a) for a in ways)
    return out


def folded_at(s: FubaState, i: int) -> bool:
    """Whether the window at agenda index ``i`` is folded into the next step's decision."""
    if i + 1 >= len(s.agenda):
        return False
    window, nxt = s.agenda[i], s.agenda[i + 1]
    return window["k"] == KIND and nxt.get("team") == window["team"] and nxt["k"] in _FOLDS_INTO


def check(s: FubaState, step: Step, team: int, args: Args) -> tuple[str, Args]:
    """The skill and arguments of a ``skill`` action at this window; a clear refusal when it
    cannot be played now."""
    name = args.get("name")
    if not isinstance(name, str):
        raise RulesError("Name the skill to play.")
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    if key == NONE:
        return NONE, {}
    if key not in SKILLS:  # a part of a name ("wing_backs") names the one skill it fits
        fits = [k for k in s.skills[team] if key in k]
        key = fits[0] if len(fits) == 1 else key
    extra = {k: v for k, v in args.items() if k != "name"}
    ways = [a for k, a in offers(s, step) if k == key]
    if extra in ways:
        return key, extra
    if not extra:  # the name alone: the only way, or the plain one (not aggressive)
        plain = [a for a in ways if not any(a.values())]
        if len(ways) == 1 or len(plain) == 1:
            return key, (ways if len(ways) == 1 else plain)[0]
    raise RulesError(why_not(s, team, key, step, extra))


def price_text(points: int, team: int, s: FubaState, name: str) -> str:
    here = ZONES[condition.zone_index(team, s.ball)]
    return (
        f"{name} costs {points} condition point{'s' if points > 1 else ''}: you have too "
        f"few in {here} (or {2 * points} in a zone next to it)."
    )


def why_not(s: FubaState, team: int, key: str, step: Step | None, args: Args | None = None) -> str:
    """Why ``team`` cannot play ``key`` now, in a player's words."""
    skill = SKILLS.get(key)
    if skill is None:
        return f"There is no skill {key!r}."
    times = s.skills[team].get(key)
    if times is None:
        return f"You do not have {skill.name}."
    if times == -1:
        return f"{skill.name} is lost: your star player is injured."
    if not has(s, team, key):
        if s.coach_off[team]:
            return "Your coach was sent off: no more formation changes."
        return f"{skill.name} can be played once a match, and you have played it."
    if skill.not_keeper_alone and keeper_alone(s, team):
        return f"{skill.name} cannot be played while your goalkeeper is alone at the ball."
    moment = MOMENT_OF.get(key)
    if step is None or moment != step["moment"] or key in step["played"]:
        unpaid = s.turn.get("unpaid")
        if unpaid and unpaid[0] == team and key in unpaid[1]:
            return price_text(unpaid[1][key], team, s, skill.name)
        return f"{skill.name} is played {skill.when}; not now."
    applies = _plays.OFFERS[key](s, team, step)
    if not applies:
        return f"{skill.name} is played {skill.when}: that is not the case now."
    if args and args not in applies:
        detail = _plays.DETAILS.get(key)
        ways = "; ".join(detail(a) if detail else str(a) for a in applies)
        return f"{skill.name} can be played now only like this: {ways}."
    return price_text(cost(s, key, args or applies[0]), team, s, skill.name)


def play(s: FubaState, team: int, key: str, args: Args, window: Step, ev: list[Event]) -> None:
    """Carry out a paid skill (the window records it as played at this moment)."""
    _plays.EFFECTS[key](s, team, args, window, ev)
