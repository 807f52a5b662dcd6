"""The automatic coach's A11 skills: which skills to choose, and when one is worth playing.

``engine.fuba.coach.Coach`` asks ``pick`` at the secret skill choice and ``window`` at every
skill window (standalone or folded into another decision). A skill is played when what it
gains, in goal-chance terms (a goal attempt's chance, a pressing's, a control check's),
outweighs what its condition points are worth: points are few (about ten a match) and the
coach's other uses of them (boosts, aggressive pressing) need them too.

Picks come in three kinds: ``BEST`` the strongest set the coach knows (measured with
``python -m bench coach_skills``), ``VARIED`` a draw seeded by the coach's seed (the demo, a
human's opponent): one skill of the whole menu, the seldom-played ones more often, then
mostly favourites; ``NONE`` no skills at all. Pure and deterministic: the same state (and seed)
gives the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, Protocol

from engine.core.actions import Action
from engine.fuba import condition, plays, tactics
from engine.fuba.board import (
    ADJ,
    AREAS,
    BOX,
    DIST,
    HALF_ENTIRELY,
    SIDE_AREAS,
    SIDES,
    area_modifier,
    depth,
    zone,
)
from engine.fuba.moves import free_allowances
from engine.fuba.offside import offside_risk, second_closest_area
from engine.fuba.skills import auto, usable, windows
from engine.fuba.skills.catalog import SKILLS, choices_used
from engine.fuba.skills.common import successes
from engine.fuba.skills.defenders import catenaccio_piece, full_back_extra
from engine.fuba.state import FubaState

Step = dict[str, Any]
Args = dict[str, Any]

BEST: Final = "best"
VARIED: Final = "varied"
NONE: Final = "none"
PICKS: Final = (BEST, VARIED, NONE)

# What each skill is worth to the coach: its gain in win percentage points over the same
# coach without skills when it is the team's only skill (bench coach_skills' duel, 800
# decided matches each; the skills not listed gained nothing measurable or lost a little).
# VARIED draws with these weights; BEST sums them when its measured set is not on the menu.
FAVOURITES: Final[dict[str, float]] = {
    "stopper": 9.5,
    "shot_stopper": 8.8,
    "fanatic_fans": 4.4,  # alone; with shot stopper it does worse (see BEST_SETS)
    "trained_special_event": 3.3,
    "leading_goalkeeper": 1.9,
    "goal_poacher": 1.5,
    "creative_midfielder": 1.0,
    "catenaccio": 0.6,
    "clinical_finisher": 0.5,
    "il_mediano": 0.4,
    "creative_goalkeeper": 0.4,
}
# The strongest sets measured for 1-5 choices (win % against no skills, 800 decided
# matches each): skills paid from the same zone compete for its points, so the best set is
# not the favourites' sum (stopper and shot stopper both pay from defence: 59 % together,
# as either alone; fanatic fans with shot stopper 54 %). Since the coach keeps a zone's
# points for them (``keep``) and its keeper charges later with a shot stopper: three
# choices 66.8 %, five 68.0 % (bench medians of five runs of 400 decided matches; every run
# at least 63.0 and 65.2 %).
BEST_SETS: Final[dict[int, tuple[str, ...]]] = {
    1: ("stopper",),  # 59
    2: ("shot_stopper",),  # 59
    3: ("shot_stopper", "trained_special_event"),  # 62
    4: ("shot_stopper", "trained_special_event", "goal_poacher"),  # 63
    5: ("shot_stopper", "trained_special_event", "leading_goalkeeper", "goal_poacher"),  # 63
}
# VARIED: how much more often the first pick is a skill whose moment seldom comes in the
# coach's matches (a penalty against the team, a pass with offside risk, a shot from the box).
SELDOM: Final[dict[str, float]] = {
    "penalty_saver": 12.0,
    "offside_trap": 8.0,
    "skilled_full_back": 10.0,
    "il_mediano": 8.0,
    "tackler": 6.0,
    "aggressive_striker": 6.0,
    "clinical_finisher": 6.0,
    "sweeper_keeper": 6.0,
    "advancing_goalkeeper": 4.0,
    "skilled_wing_backs": 4.0,
    "crossing": 4.0,
    "goal_poacher": 3.0,
    "creative_goalkeeper": 3.0,
    "short_passes": 3.0,
    "leading_goalkeeper": 2.0,
    "mezzala": 2.0,
    "diver": 2.0,
    "dribbler": 2.0,
    "trained_formation_change": 2.0,
}
ROTATED: Final = 2  # VARIED: the first picks that take their turn in the rotation
FAVOURITE_SHARE: Final = 0.5  # VARIED: a further pick is a weighted favourite this often, else any

POINT: Final = 0.05  # a condition point is worth this much goal chance to the coach
DECENT: Final = 1 / 3  # a goal attempt worth making (as the coach's)
YELLOW: Final = 0.06  # what a yellow card costs (a second one risks a red card)
FREE_KICK: Final = 0.15  # what a free kick near a goal is worth to its team
KEEP_BALL: Final = 0.5  # what keeping or winning the ball in the opponent's half is worth
EXTRA_PLAYER: Final = 0.06  # one more player where the team wants one


class SkillCoach(Protocol):
    """What the skills' play needs from ``engine.fuba.coach.Coach``."""

    rank: tuple[list[int], list[int]]
    skills: str

    def target_score(self, s: FubaState, team: int, kind: str) -> float: ...

    def extra_move(self, s: FubaState, step: Step, team: int) -> Any: ...

    def dribble_move(self, s: FubaState, step: Step, team: int) -> Any: ...

    def action_kind(self, s: FubaState, step: Step, team: int) -> str: ...


# -- choosing ---------------------------------------------------------------------------------


def pick(mode: str, seed: int, team: int, n: int, menu: list[str]) -> list[str]:
    """The coach's secret choice: at most ``n`` choices (double skills count two) from
    ``menu``."""
    if mode == NONE or n <= 0:
        return []
    if mode == BEST:
        return best(n, menu)
    return varied(seed, team, n, menu)


def best(n: int, menu: list[str]) -> list[str]:
    """The strongest set measured for ``n`` choices (``BEST_SETS``); with a menu that lacks
    one of its skills, the most valuable set of favourites that fits."""
    measured = BEST_SETS.get(n)
    if measured and all(k in menu for k in measured):
        return list(measured)
    favourites = [k for k in FAVOURITES if k in menu]
    chosen: list[str] = []
    top = 0.0

    def walk(i: int, pick_: list[str], worth: float) -> None:
        nonlocal chosen, top
        if worth > top + 1e-9:
            chosen, top = list(pick_), worth
        for j in range(i, len(favourites)):
            k = favourites[j]
            if choices_used([*pick_, k]) <= n:
                pick_.append(k)
                walk(j + 1, pick_, worth + FAVOURITES[k])
                pick_.pop()

    walk(0, [], 0.0)
    order = list(FAVOURITES)
    return sorted(chosen, key=order.index)


def varied(seed: int, team: int, n: int, menu: list[str]) -> list[str]:
    """A draw seeded by ``seed`` and ``team``: the first ``ROTATED`` picks take their turn
    in the ``rotation`` of the menu (the skills whose moment seldom comes more often), so
    that over a few dozen seeds each skill gets played; each further pick is a favourite
    (by weight) half of the time, else any skill of the menu that still fits."""
    rng = random.Random(seed * 7919 + team * 104_729 + n)
    turns = rotation(menu)
    at = (2 * seed + team) * ROTATED
    chosen: list[str] = []
    for i in range(at, at + ROTATED):
        key = turns[i % len(turns)]
        if key not in chosen and choices_used([*chosen, key]) <= n:
            chosen.append(key)
    while True:
        room = n - choices_used(chosen)
        fits = [k for k in menu if k not in chosen and SKILLS[k].choices <= room]
        if not fits:
            return chosen
        favourites = [k for k in FAVOURITES if k in fits]
        if favourites and rng.random() < FAVOURITE_SHARE:
            chosen += rng.choices(favourites, weights=[FAVOURITES[k] for k in favourites])
        else:
            chosen.append(rng.choice(fits))


# -- the varied coach's styles: play that brings the rare skills' moments about ---------------

SWEEPER_FRONT: Final = (5, 9)  # the area in front of each team's penalty area (its arc)
HARD_PRESS_MIN = 0.3  # least chance of an aggressive pressing a tackler or penalty saver backs


def sweeper_spot(s: FubaState, team: int) -> int | None:
    """Advancing goalkeeper: while the opponent has the ball two areas or more from the box,
    the keeper waits as a sweeper in the arc in front of it (a pass into the arc lets it
    charge out); None when the keeper belongs in its box."""
    if not (s.skills[0] or s.skills[1]):
        return None  # a match without skills: nothing to weigh
    if team == s.control or not usable(s, team, "advancing_goalkeeper"):
        return None
    if DIST[s.ball][BOX[team]] < 2:
        return None
    return SWEEPER_FRONT[team]


BOX_STRIKER: Final = 1.5  # how much more a box striker's team likes passes into the box


THROUGH_BALL: Final = 6.0  # how much more a team facing a high line likes a pass in behind it
BACK_FIVE: Final = ("5-4-1", "5-3-2")  # the shapes of a team with a skilled full back


def target_rank(s: FubaState, team: int, rank: list[int], kind: str) -> list[float]:
    """Clinical finisher, aggressive striker: skills of goal attempts from the opponent's
    box, so the team looks for passes into it (its attacking rank of each area, the box
    raised by ``BOX_STRIKER``). Against a defence that plays offside (skilled full back,
    offside trap) the team tries passes in behind its line (A7 offside risk): those areas
    are raised by ``THROUGH_BALL``."""
    if not (s.skills[0] or s.skills[1]):
        return [float(r) for r in rank]  # a match without skills: nothing to weigh
    out = [float(r) for r in rank]
    if usable(s, team, "clinical_finisher") or usable(s, team, "aggressive_striker"):
        out[BOX[1 - team]] += BOX_STRIKER
    other = 1 - team
    if usable(s, other, "skilled_full_back") or usable(s, other, "offside_trap"):
        for a in AREAS:
            if offside_risk(s, team, s.ball, a, kind):
                out[a] += THROUGH_BALL
    return out


def wide_men(s: FubaState, team: int) -> list[int]:
    """Skilled full back: while the opponent has the ball, the side areas next to the team's
    defence line (the area of its second-lowest player) and not behind it, where a player
    adds to the offside risk of a pass in behind; empty for any other team."""
    if not (s.skills[0] or s.skills[1]):
        return []  # a match without skills: nothing to weigh
    if team == s.control or not usable(s, team, "skilled_full_back"):
        return []
    line = second_closest_area(s, team)
    if line is None or line in SIDE_AREAS:
        return []
    level = depth(team, line)
    return sorted(a for a in ADJ[line] if a in SIDE_AREAS and depth(team, a) > level)


def striker_up(s: FubaState, team: int, rank: list[int]) -> int | None:
    """Against a defence that plays offside (skilled full back, offside trap): while the
    opponent has the ball, the team leaves its most advanced player in the opponent's
    half up there for a pass in behind once the ball is won; None otherwise."""
    if not (s.skills[0] or s.skills[1]):
        return None  # a match without skills: nothing to weigh
    other = 1 - team
    if team == s.control:
        return None
    if not (usable(s, other, "skilled_full_back") or usable(s, other, "offside_trap")):
        return None
    row = s.outfield[team]
    ahead = [a for a in HALF_ENTIRELY[other] if row[a]]
    return max(ahead, key=lambda a: (rank[a], -a)) if ahead else None


def back_five(mode: str, seed: int, team: int, n: int, menu: list[str]) -> str | None:
    """Skilled full back: a team that will pick it plays five at the back (the side areas
    beside its line add to the offside risk only up to its number of defenders); None for
    any other team."""
    if mode != VARIED or "skilled_full_back" not in pick(mode, seed, team, n, menu):
        return None
    return BACK_FIVE[seed % len(BACK_FIVE)]


def press_hard(s: FubaState, team: int, allowed: list[str]) -> bool:
    """Tackler, penalty saver: a team whose failed aggressive pressing costs little (a
    tackler's gives a free kick only on a double in the defence zone; a penalty saver's
    keeper faces the penalty kick with the odds on its side) presses aggressively there at
    long odds too (never with two yellow cards)."""
    if not (s.skills[0] or s.skills[1]):
        return False  # a match without skills: nothing to weigh
    if "aggressive" not in allowed or s.yellows[team] >= 2:
        return False
    if tactics.press_chance_at(s.value, aggressive=True) < HARD_PRESS_MIN:
        return False
    if s.ball == BOX[team] and auto(s, team, "penalty_saver") is not None:
        return True
    return zone(team, s.ball) == "defence" and auto(s, team, "tackler") is not None


def rotation(menu: list[str]) -> list[str]:
    """The first picks of the varied coach seed after seed (West, East, then the next seed):
    each skill of the menu once, a seldom one (``SELDOM``) that many times, in a fixed
    shuffled order, so that every few dozen seeds every skill is somebody's first pick."""
    turns = [k for k in menu for _ in range(round(SELDOM.get(k, 1.0)))]
    random.Random(len(menu)).shuffle(turns)
    return turns


# -- playing ----------------------------------------------------------------------------------


def window(coach: SkillCoach, s: FubaState, step: Step, team: int) -> Action | None:
    """The skill worth playing at this window, or None: let it pass."""
    best_gain, choice = 0.0, None
    for key, args in windows.offers(s, step):
        judge = JUDGES.get(key)
        if judge is None:
            continue
        gain = judge(coach, s, step, team, args) - price(s, team, windows.cost(s, key, args))
        if gain > best_gain:
            best_gain, choice = gain, (key, args)
    if choice is None:
        return None
    key, args = choice
    return Action(SIDES[team], windows.KIND, {"name": key, **args})


# The skills worth keeping a zone's last points for, by the zone they are paid from.
KEPT_FOR: Final[dict[str, tuple[str, ...]]] = {
    "defence": (
        "shot_stopper",
        "leading_goalkeeper",
        "stopper",
        "skilled_full_back",
        "offside_trap",
    ),
    "midfield": ("skilled_full_back", "offside_trap", "il_mediano"),
    "attack": ("trained_special_event", "goal_poacher", "clinical_finisher"),
}
KEEP_POINTS: Final = 4  # a zone with this many points or fewer keeps them for those skills
KEEP: Final = 1.0  # ... which a boost must then gain on top of its own worth (no boost can)


def keep(s: FubaState, team: int) -> float:
    """What a condition point of the ball's zone is worth kept for one of the team's skills
    that pay from there (shot stopper, stopper, trained special event, ...), when the zone
    is down to its last points: a boost must gain that much more."""
    if not (s.skills[0] or s.skills[1]):
        return 0.0  # a match without skills: nothing to weigh
    where = zone(team, s.ball)
    if s.condition[team][condition.zone_index(team, s.ball)] > KEEP_POINTS:
        return 0.0
    return KEEP if any(usable(s, team, k) for k in KEPT_FOR.get(where, ())) else 0.0


def price(s: FubaState, team: int, cost: int) -> float:
    """What paying ``cost`` points now costs the coach: twice the points from a zone next to
    the ball's when its own has too few (A1), and a zone's last point counts more early on
    (it is missed for the rest of the match)."""
    if cost <= 0:
        return 0.0
    here = s.condition[team][condition.zone_index(team, s.ball)]
    points = cost if here >= cost else 2 * cost
    last = here <= cost and s.half == 1
    return POINT * points * (1.5 if last else 1.0)


# -- chances ----------------------------------------------------------------------------------


def at_least(k: int, low: bool = False) -> float:
    """Chance that a die (or the lower of two) shows ``k`` or more."""
    p = max(0, min(6, 7 - k)) / 6
    return p * p if low else p


def goal_chance(
    s: FubaState, shooter: int, extra: int = 0, low: bool = False, striker: bool = False
) -> float:
    """Chance that ``shooter``'s goal attempt from the ball's area scores (4.4, 4.4.2), with
    ``extra`` on the modifier, the lower of two dice (shot stopper), a plain 1-2 that fouls
    (aggressive striker)."""
    free_kick = bool(s.turn.get("direct")) and s.turn.get("seq") == 1
    odds = plays.shot_modifiers(s, shooter, free_kick)
    need = s.value - (odds.modifier + extra) + 1
    if need > 6:  # difficult: a 6 first, then more than the area modifier
        return at_least(6, low) * max(0, 6 - abs(odds.area_modifier)) / 6
    return at_least(max(need, 3 if striker else 1), low)


def keep_chance(value: int) -> float:
    """Chance that the controlling team's higher die reaches ``value`` (4.2.2)."""
    miss = (max(1, value) - 1) / 6
    return 1 - miss * miss


def _can_press(s: FubaState, team: int) -> bool:
    return plays.can_press(s, team) or plays.can_press_aggressively(s, team)


def value_gain(s: FubaState, team: int, before: int, after: int) -> float:
    """What a new ball value ``after`` instead of ``before`` is worth to ``team`` in this
    turn's actions: the shots and pressings that can follow."""
    if before == after:
        return 0.0
    other = 1 - team
    gain = 0.0
    if team == s.control:  # a lower value: a better shot, a harder pressing for them
        if plays.can_shoot(s, team):
            gain += tactics.shot_chance_at(s, team, after) - tactics.shot_chance_at(s, team, before)
        if _can_press(s, other):
            gain += KEEP_BALL * (tactics.press_chance_at(before) - tactics.press_chance_at(after))
    else:  # a higher value: a harder shot for them, an easier pressing for us
        if plays.can_shoot(s, other):
            gain += tactics.shot_chance_at(s, other, before) - tactics.shot_chance_at(
                s, other, after
            )
        if _can_press(s, team):
            gain += KEEP_BALL * (tactics.press_chance_at(after) - tactics.press_chance_at(before))
    return gain


def _danger(s: FubaState, team: int, area: int) -> bool:
    """``team`` could shoot from ``area`` if it had the ball there."""
    return area in AREAS and zone(team, area) == "attack" and area_modifier(team, area) >= -2


# -- judges: what playing the skill now gains (before its price) ----------------------------

Judge = Callable[[SkillCoach, FubaState, Step, int, Args], float]


def _finisher(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Clinical finisher, trained special event: +1 on this goal attempt."""
    return goal_chance(s, team, 1) - goal_chance(s, team)


def _striker(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Aggressive striker: +1, but a plain 1-2 is a yellow card and a free kick instead."""
    yellow = YELLOW * (1 + 4 * s.yellows[team])  # a second yellow card risks a red one
    return goal_chance(s, team, 1, striker=True) - goal_chance(s, team) - yellow / 3


def _stopper_keeper(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Shot stopper, leading goalkeeper: the shooter keeps the lower of two dice."""
    shooter = 1 - team
    striker = "aggressive_striker" in s.turn.get("shot_skills", {})
    plain = goal_chance(s, shooter, striker=striker)
    return plain - goal_chance(s, shooter, low=True, striker=striker)


def _new_value(s: FubaState) -> int:
    """The new ball value the control check's dice give (4.2.3), before A11 changes."""
    t = s.turn
    lo, hi = min(t["dice"]), max(t["dice"])
    adjacent = t["target"] == t["start"] or t["target"] in ADJ[t["start"]]
    return lo if adjacent and t["had"] else hi


def _stopper(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Stopper: the higher die becomes the new ball value."""
    t = s.turn
    return value_gain(s, team, min(t["dice"]), max(t["dice"]))


def _mezzala(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Mezzala: the new value drops by each die that made the control check."""
    base = min(6, max(1, _new_value(s) + s.turn.get("value_mod", 0)))
    return value_gain(s, team, base, max(1, base - successes(s)))


def _creative_mid(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Creative midfielder: the ball value one lower."""
    return value_gain(s, team, s.value, s.value - 1)


def _fans(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Fanatic fans: a die for the new value; the same value gives the opponent a free
    kick and the team a yellow card test."""
    v = s.value
    gain = sum(value_gain(s, team, v, d) for d in range(1, 7) if d != v) / 6
    lose = FREE_KICK if _danger(s, 1 - team, s.ball) else FREE_KICK / 3
    return gain - (lose + YELLOW / 2) / 6


def _midfield_pressing(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Midfield pressing: a die equal to the value wins too; a failure keeps the value."""
    roll = next((st for st in s.agenda if st["k"] == "roll" and st["for"] == "press"), None)
    if roll is None or roll.get("aggressive"):
        return 0.0  # an aggressive pressing wins on an equal die already
    v = s.value
    won = tactics.press_chance_at(v, aggressive=True) - tactics.press_chance_at(v)
    return KEEP_BALL * won


def press_plainly(s: FubaState, team: int) -> bool:
    """A plain pressing with midfield pressing played on it beats an aggressive one: the same
    dice win, and a failure costs neither a free kick nor the ball value."""
    if not (s.skills[0] or s.skills[1]):
        return False  # a match without skills: nothing to weigh
    return (
        usable(s, team, "midfield_pressing")
        and zone(team, s.ball) == "midfield"
        and s.turn.get("mid_press") != team
        and s.condition[team][condition.MIDFIELD] >= 1  # paid there, not twice elsewhere
        and tactics.press_chance_at(s.value, aggressive=True) >= tactics.AGGRESSIVE_MIN
    )


def _gegenpressing(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Gegenpressing: press back at once where the ball was lost, high up the pitch."""
    chance = tactics.press_chance_at(s.value, aggressive=bool(args.get("aggressive")))
    gain = KEEP_BALL * chance
    if args.get("aggressive"):  # a failure gives a free kick and a yellow card test
        gain -= (1 - chance) * (FREE_KICK / 3 + YELLOW / 2)
    return gain if chance >= 0.5 else 0.0


def _wing_backs(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Skilled wing backs: the ball to a neighbouring area, out of danger."""
    to = args["area"]
    if s.pieces(1 - team, to) > s.pieces(team, to):
        return 0.0
    ahead = coach.rank[team][to] - coach.rank[team][s.ball]
    return 0.03 * ahead if ahead > 0 else 0.0


def _full_back(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Skilled full back: more offside risk raises the value the pass must make."""
    after = min(6, s.value + full_back_extra(s, team))
    return KEEP_BALL * (keep_chance(s.value) - keep_chance(after))


def _trap(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Offside trap: a free kick instead of a half-kept pass near the goal."""
    return KEEP_BALL + FREE_KICK / 2


def _extra_free_move(kind: str) -> Judge:
    """Fast defender, runner, box to box: one more free movement, when the coach has a use
    for it."""

    def judge(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
        act = _next_act(s, step)
        if act is None:
            return 0.0
        trial = {**act, "x": [*act.get("x", ()), kind]}
        return EXTRA_PLAYER if coach.extra_move(s, trial, team) is not None else 0.0

    return judge


def _next_act(s: FubaState, window: Step) -> Step | None:
    seen = False
    for st in s.agenda:
        if st is window:
            seen = True
        elif seen and st["k"] == "act" and st.get("team") == window["team"]:
            return st
    return None


def _dribbler(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Dribbler: past the opponents at the ball, forwards into an empty area."""
    moves_step = next((st for st in s.agenda if st["k"] == "moves" and st["team"] == team), None)
    if moves_step is None:
        return 0.0
    trial = {**moves_step, "dribbler": True}
    return 0.08 if coach.dribble_move(s, trial, team) is not None else 0.0


def _mediano(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Il mediano: position again (one step more) instead of a second action of no use."""
    act = _next_act(s, step)
    if act is None or s.value >= 6:
        return 0.0
    if coach.action_kind(s, act, team) not in ("move", "position"):
        return 0.0  # the second action has a better use than positioning
    v = s.value
    return 0.5 * KEEP_BALL * (keep_chance(v) - keep_chance(min(6, v + 2)))


def _target_man(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Target man: counting three at the ball stops the opponent's pressing."""
    other, ball = 1 - team, s.ball
    theirs, mine = s.count(other, ball), s.count(team, ball)
    boosted = min(6, mine + 2)
    aggressive = s.rule("pressing") and plays.can_press_aggressively(s, other)
    before = theirs >= mine or (aggressive and theirs >= mine - 1)
    after = theirs >= boosted or (aggressive and theirs >= boosted - 1)
    if not before or after:
        return 0.0
    return KEEP_BALL * tactics.press_chance_at(s.value, aggressive=theirs < mine)


def _general(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Midfield general: the team acts first."""
    order = s.turn.get("order") or [team]
    if order[0] == team:
        return 0.0
    if team == s.control:  # first to position or move, before their pressing
        return 0.1 if _can_press(s, 1 - team) else 0.0
    return KEEP_BALL * tactics.press_chance_at(s.value) if _can_press(s, team) else 0.0


def _regista(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Regista: no free movement into the target area, so defenders cannot rush in."""
    target, other = s.turn["target"], 1 - team
    free = free_allowances(s, other)
    sources = [a for a in free["o"] if target in ADJ[a] and s.outfield[other][a]]
    if not sources or s.count(other, target) + 1 < s.count(team, target):
        return 0.0
    return EXTRA_PLAYER


def _catenaccio(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Catenaccio: the second-lowest player to the ball (to press) or into the box."""
    piece = catenaccio_piece(s, team)
    if piece is None or piece[1]:
        return 0.0  # never the goalkeeper out of position
    frm, to, other, box = piece[0], args["to"], 1 - team, BOX[team]
    if frm == box and s.count(team, box) <= s.count(other, box):
        return 0.0
    if to == s.ball and frm != to and not plays.can_press(s, team):
        enough = s.count(team, to) + 1 >= s.count(other, to)
        return KEEP_BALL * tactics.press_chance_at(s.value) if enough else 0.0
    if to == box and DIST[s.ball][box] <= 1 and s.count(team, box) <= s.count(other, box):
        return EXTRA_PLAYER
    return 0.0


def _seconda(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Seconda punta: a new turn at once, out of the opponent's pressing."""
    other = 1 - team
    if plays.can_shoot(s, team) and tactics.shot_chance_at(s, team, s.value) >= DECENT:
        return 0.0
    if not _can_press(s, other):
        return 0.0
    return KEEP_BALL * tactics.press_chance_at(s.value, aggressive=not plays.can_press(s, other))


def _poacher(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Goal poacher: a die at least the value and the team shoots first."""
    chance = tactics.shot_chance_at(s, team, s.value)
    first = (7 - min(6, s.value)) / 6
    return first * chance if chance >= DECENT else 0.0


def _diver(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Diver: 4-6 a free kick (and a yellow card test for them), 1 a yellow card and a free
    kick for them."""
    area = s.turn["target"]
    kick = FREE_KICK if _danger(s, team, area) else FREE_KICK / 2
    yellow = YELLOW * (1 + 4 * s.yellows[team])
    their_yellow = YELLOW * (1 + 4 * s.yellows[1 - team]) / 3  # a test: booked at 1-2
    return (kick + their_yellow) / 2 - (yellow + FREE_KICK / 3) / 6


def _creative_keeper(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Creative goalkeeper: one player nearer before the pass out of the box; worth it when
    the defence has points to spare (the varied coach: any point)."""
    spare = 1 if coach.skills == VARIED else 3
    return 0.06 if s.condition[team][0] >= spare else 0.0


def _crossing(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Crossing: a long pass counts one area fewer; worth it when it makes a better target
    reachable."""
    kind = s.turn["kind"]
    plain = coach.target_score(s, team, kind)
    t = s.turn
    before = t.get("crossing", _MISSING)
    t["crossing"] = team  # as if played (put back at once: the state is the live one)
    try:
        crossed = coach.target_score(s, team, kind)
    finally:
        if before is _MISSING:
            del t["crossing"]
        else:
            t["crossing"] = before
    return 0.04 * max(0.0, crossed - plain)


_MISSING: Final = object()


def _sweeper(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Sweeper keeper: the charge the coach makes raises the value by two."""
    charge = next((st for st in s.agenda if st["k"] == "charge" and st["team"] == team), None)
    if charge is None or tactics.charge(s, charge, team).args["choice"] != "charge":
        return 0.0
    if charge.get("advancing") and not condition.can_pay(s, team, 2, True):
        return 0.0  # the advancing goalkeeper's charge needs a point of its own
    v = s.value
    return KEEP_BALL * (keep_chance(min(6, v + 1)) - keep_chance(min(6, v + 2)))


def _fiery(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Fiery coach: half the time the points come back; one time in six the coach is sent
    off. Worth it, unless the trained formation change is still to come."""
    if s.skills[team].get("trained_formation_change") == 0:
        return 0.0
    return POINT * step["paid"][1] / 2


def _formation(coach: SkillCoach, s: FubaState, step: Step, team: int, args: Args) -> float:
    """Trained formation change: late in the match, more forwards when behind and attacking,
    more defenders when ahead and defending (the moves of a movement action follow the
    formation's players in the ball's zone, 4.5)."""
    if s.half != 2 or s.minute < tactics.CHANGE_FROM:
        return 0.0
    shape = [int(x) for x in args["shape"].split("-")]
    now = s.formations[team]
    diff = s.score[team] - s.score[1 - team]
    where = zone(team, s.ball)
    if diff < 0 and where == "attack":
        gain = shape[2] - now[2]
    elif diff > 0 and where == "defence":
        gain = shape[0] - now[0]
    else:
        return 0.0
    if shape[1] < 2:
        return 0.0
    return 0.01 * gain if gain > 0 else 0.0


JUDGES: Final[dict[str, Judge]] = {
    "clinical_finisher": _finisher,
    "trained_special_event": _finisher,
    "aggressive_striker": _striker,
    "shot_stopper": _stopper_keeper,
    "leading_goalkeeper": _stopper_keeper,
    "stopper": _stopper,
    "mezzala": _mezzala,
    "creative_midfielder": _creative_mid,
    "fanatic_fans": _fans,
    "midfield_pressing": _midfield_pressing,
    "gegenpressing": _gegenpressing,
    "skilled_wing_backs": _wing_backs,
    "skilled_full_back": _full_back,
    "offside_trap": _trap,
    "fast_defender": _extra_free_move("defence"),
    "runner": _extra_free_move("attack"),
    "box_to_box": _extra_free_move("centre"),
    "dribbler": _dribbler,
    "il_mediano": _mediano,
    "target_man": _target_man,
    "midfield_general": _general,
    "regista": _regista,
    "catenaccio": _catenaccio,
    "seconda_punta": _seconda,
    "goal_poacher": _poacher,
    "diver": _diver,
    "creative_goalkeeper": _creative_keeper,
    "crossing": _crossing,
    "sweeper_keeper": _sweeper,
    "fiery_coach": _fiery,
    "trained_formation_change": _formation,
}

assert set(JUDGES) == set(windows.MOMENT_OF), set(windows.MOMENT_OF) ^ set(JUDGES)
assert all(k in SKILLS for k in FAVOURITES)
