"""A11 skills as data: every skill of the table, its group, its cost in condition points,
when it can be played and what it does, in the project's own words (one home: the help
topic, the menus and the docs read these texts).

Keys are snake_case names ("clinical_finisher"); ``SKILLS`` keeps the rulebook's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

GROUPS: Final = ("team", "goalkeeper", "defender", "midfielder", "forward")
GROUP_WORDS: Final = {
    "team": "Team",
    "goalkeeper": "Goalkeeper",
    "defender": "Defenders",
    "midfielder": "Midfielders",
    "forward": "Forwards",
}
MAX_CHOICES: Final = 5  # A11 the rulebook recommends 1-5 skills a team
RECOMMENDED: Final = "1 to 5"


@dataclass(frozen=True, slots=True)
class Skill:
    key: str
    name: str
    group: str
    cost: int
    when: str  # when it can be played, completing "Played ..."
    effect: str
    double: bool = False  # counts as two of the agreed skill choices (footnote 1)
    not_keeper_alone: bool = False  # unusable when the keeper is the only defender there (2)
    needs: tuple[str, ...] = ()  # advanced rules without which it can never matter
    auto: bool = False  # free and never harmful: played by itself whenever it applies

    @property
    def choices(self) -> int:
        return 2 if self.double else 1


def _s(key: str, name: str, group: str, cost: int, when: str, effect: str, **kw: object) -> Skill:
    return Skill(key, name, group, cost, when, effect, **kw)  # type: ignore[arg-type]


_TABLE: Final = (
    # -- team ---------------------------------------------------------------------------
    _s("trained_formation_change", "Trained formation change", "team", 0,
       "at the end of an action stage, once a match",
       "Move up to two players of your formation to other lines."),
    _s("strength_in_depth", "Strength in depth", "team", 0,
       "whenever you bring on a fresh player",
       "Two is taken off the fresh player's dice total, so two condition points come more "
       "often.", needs=("substitutions",), auto=True),
    _s("great_condition", "Great condition", "team", 0,
       "when you pay a condition point for the higher movement die",
       "You make one more move in that movement action.", auto=True),
    _s("fanatic_fans", "Fanatic fans", "team", 1,
       "at the end of the situation, once the new ball value is set",
       "Roll a die: it becomes the new ball value, but if it equals the ball value the "
       "opponent gets a free kick and you test for a yellow card.", double=True),
    _s("trained_special_event", "Trained special event", "team", 1,
       "when you announce a goal attempt in a turn that began with your free kick or corner",
       "+1 to that goal attempt."),
    _s("gegenpressing", "Gegenpressing", "team", 1,
       "right after the opponent won the ball by pressing in an area entirely in its own half",
       "Press back at once (not an action of yours); aggressively for the pressing's extra "
       "cost."),
    _s("fiery_coach", "Fiery coach", "team", 0,
       "when you pay condition points to boost an action (not a skill)",
       "Roll a die: 4-6 you get the points back; 1 sends your coach off: no more formation "
       "changes, and +2 on your fresh players' dice."),
    # -- goalkeeper ---------------------------------------------------------------------
    _s("sweeper_keeper", "Sweeper keeper", "goalkeeper", 1,
       "when your goalkeeper charges out",
       "The charge raises the ball value by two instead of one.", needs=("charge",)),
    _s("creative_goalkeeper", "Creative goalkeeper", "goalkeeper", 1,
       "at the start of a turn you begin with the ball in your own penalty area",
       "Move one player to an adjacent area before you choose the target area."),
    _s("shot_stopper", "Shot stopper", "goalkeeper", 1,
       "when the opponent announces a goal attempt, unless your keeper charged this turn",
       "The shooter rolls two dice and keeps the lower (the first roll of a difficult "
       "attempt too).", double=True),
    _s("penalty_saver", "Penalty saver", "goalkeeper", 0,
       "at every penalty against you",
       "The penalty taker rolls two dice and keeps the lower.", auto=True),
    _s("leading_goalkeeper", "Leading goalkeeper", "goalkeeper", 1,
       "when the opponent announces a goal attempt in a turn that began with its free kick "
       "or corner",
       "The shooter rolls two dice and keeps the lower."),
    _s("advancing_goalkeeper", "Advancing goalkeeper", "goalkeeper", 1,
       "when the ball is played into an area next to your penalty area where your "
       "goalkeeper stands",
       "Your goalkeeper may charge there too; out of the box the opponent gets the +4 for "
       "an empty goal but not the charge's +1.", needs=("charge",)),
    # -- defenders ----------------------------------------------------------------------
    _s("tackler", "Tackler", "defender", 0,
       "whenever you press aggressively in your defence zone",
       "A failed aggressive pressing gives away a free kick (and a yellow card test) only "
       "on a double, and never lowers the ball value.",
       not_keeper_alone=True, needs=("pressing",), auto=True),
    _s("stopper", "Stopper", "defender", 1,
       "when the opponent keeps the ball in your defence zone and the new ball value would "
       "be the lower die",
       "The new ball value is the higher die instead.", not_keeper_alone=True),
    _s("skilled_full_back", "Skilled full back", "defender", 1,
       "when a pass carries offside risk against you",
       "Your players in the side areas next to your defence line count for the risk too "
       "(up to your formation's defenders).", needs=("offside_risk",)),
    _s("doubling_up", "Doubling up", "defender", 0,
       "whenever you pay a condition point for positioning in your defence zone",
       "The positioning may raise the ball value by more than two.",
       not_keeper_alone=True, auto=True),
    _s("offside_trap", "Offside trap", "defender", 1,
       "when a pass with offside risk is checked and only one of the opponent's dice made "
       "it", "You get a free kick, without a yellow card test.", needs=("offside_risk",)),
    _s("skilled_wing_backs", "Skilled wing backs", "defender", 1,
       "right after you win the ball by pressing in your defence zone",
       "Move the ball to an adjacent area where you have a player."),
    _s("fast_defender", "Fast defender", "defender", 1,
       "during the free movements of your first action",
       "One more free movement, whatever the opponent has there, ending in your defence "
       "zone."),
    _s("catenaccio", "Catenaccio", "defender", 1,
       "at the end of the situation, when you are defending",
       "Move your second-lowest player to an adjacent area."),
    # -- midfielders --------------------------------------------------------------------
    _s("midfield_general", "Midfield general", "midfielder", 1,
       "before the actions, when the target area is in the midfield zone",
       "The teams swap the order of their actions (when both have a midfield general, only "
       "the defending team may)."),
    _s("creative_midfielder", "Creative midfielder", "midfielder", 1,
       "at the end of the situation, after you kept the ball with a pass from the midfield "
       "zone that was not a long pass", "The new ball value is one lower."),
    _s("midfield_pressing", "Midfield pressing", "midfielder", 1,
       "when you start a pressing with the ball in the midfield zone",
       "A die equal to the ball value wins the ball too, and a failed pressing leaves the "
       "ball value alone."),
    _s("crossing", "Crossing", "midfielder", 1,
       "when you choose the target area from a midfield side area or a corner kick",
       "A long pass counts one area fewer for the ball value."),
    _s("regista", "Regista", "midfielder", 1,
       "before the actions, after you kept the ball with a pass from the midfield zone into "
       "your attack zone", "Nobody may make a free movement into the target area this turn."),
    _s("dribbler", "Dribbler", "midfielder", 1,
       "at the start of your movement action with the ball in the midfield zone",
       "You may dribble past opponents from an area where you have at least as many players, "
       "into an area without opponents."),
    _s("short_passes", "Short passes", "midfielder", 0,
       "whenever you pay a condition point for positioning in the midfield zone with the ball",
       "The positioning may lower the ball value by more than two.", auto=True),
    _s("box_to_box", "Box to box midfielder", "midfielder", 1,
       "during the free movements of your first action",
       "One more free movement from the centre area straight forwards or backwards, whatever "
       "the opponent has there."),
    _s("il_mediano", "Il mediano", "midfielder", 1,
       "at the start of your second action when defending with the ball in the midfield zone",
       "You may position again, with one extra step (at most +2 in that action)."),
    _s("mezzala", "Mezzala", "midfielder", 1,
       "when you kept the ball with a pass into an empty area of your attack zone",
       "The new ball value drops by one for each of your dice that made the control check."),
    # -- forwards -----------------------------------------------------------------------
    _s("target_man", "Target man", "forward", 1,
       "before the actions, with the ball in a target area of your attack zone where you "
       "have a player",
       "One of your players there counts as three this turn (not for goal attempts or free "
       "movements)."),
    _s("clinical_finisher", "Clinical finisher", "forward", 1,
       "when you announce a goal attempt from the penalty area", "+1 to the goal attempt.",
       double=True),
    _s("aggressive_striker", "Aggressive striker", "forward", 1,
       "when you announce a goal attempt from the penalty area",
       "+1 to the goal attempt, but a plain 1 or 2 on the die means a yellow card for you "
       "and a free kick for the opponent instead."),
    _s("goal_poacher", "Goal poacher", "forward", 1,
       "before the actions, after a pass into the opponent's penalty area that only one of "
       "your dice kept",
       "Roll a die: at least the ball value and you act first, with a goal attempt."),
    _s("diver", "Diver", "forward", 1,
       "when a special event comes up in your attack zone",
       "Roll a die first: 1 a yellow card for you and a free kick for the opponent; 2-3 the "
       "event goes on; 4-6 a free kick for you and a yellow card test at +1 for the "
       "opponent.", needs=("events",)),
    _s("runner", "Runner", "forward", 1,
       "during the free movements of your first action",
       "One more free movement, whatever the opponent has there, ending in your attack "
       "zone."),
    _s("seconda_punta", "Seconda punta", "forward", 1,
       "before the actions, after both your dice kept the ball in your attack zone",
       "Skip the action stage and start a new turn."),
)  # fmt: skip

SKILLS: Final[dict[str, Skill]] = {s.key: s for s in _TABLE}
BY_GROUP: Final[dict[str, tuple[Skill, ...]]] = {
    g: tuple(s for s in _TABLE if s.group == g) for g in GROUPS
}


def available(rules: frozenset[str] | set[str]) -> list[str]:
    """The skills that can matter with these advanced rules in force (the menu's)."""
    return [s.key for s in _TABLE if all(r in rules for r in s.needs)]


def choices_used(keys: list[str]) -> int:
    """How many of the agreed skill choices ``keys`` use (footnote 1 skills count two)."""
    return sum(SKILLS[k].choices for k in keys)


def label(key: str) -> str:
    """The menu's text for a skill: its name, its cost and a mark for double skills."""
    s = SKILLS[key]
    cost = "free" if s.cost == 0 else f"{s.cost} point" + ("s" if s.cost > 1 else "")
    return f"{s.name} ({cost}{', counts as two' if s.double else ''})"
