"""Every windowed skill's offer (when it applies, with which arguments) and effect, by key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.fuba.skills import defenders, forwards, keepers, midfielders, team
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.skills.common import Args, Effect, Step
from engine.fuba.state import FubaState

Offer = Callable[[FubaState, int, Step], list[Args]]


def _free(kind: str) -> Offer:
    return lambda s, t, w: defenders.free_move_offer(s, t, w, kind)


OFFERS: Final[dict[str, Offer]] = {
    "trained_formation_change": team.offer_formation,
    "fanatic_fans": team.offer_fans,
    "trained_special_event": team.offer_special_event,
    "gegenpressing": team.offer_gegenpressing,
    "fiery_coach": team.offer_fiery,
    "sweeper_keeper": keepers.offer_sweeper,
    "creative_goalkeeper": keepers.offer_creative,
    "shot_stopper": keepers.offer_shot_stopper,
    "leading_goalkeeper": keepers.offer_leading,
    "stopper": defenders.offer_stopper,
    "skilled_full_back": defenders.offer_full_back,
    "offside_trap": defenders.offer_trap,
    "skilled_wing_backs": defenders.offer_wing_backs,
    "fast_defender": _free("defence"),
    "catenaccio": defenders.offer_catenaccio,
    "midfield_general": midfielders.offer_general,
    "creative_midfielder": midfielders.offer_creative,
    "midfield_pressing": midfielders.offer_pressing,
    "crossing": midfielders.offer_crossing,
    "regista": midfielders.offer_regista,
    "dribbler": midfielders.offer_dribbler,
    "box_to_box": _free("centre"),
    "il_mediano": midfielders.offer_mediano,
    "mezzala": midfielders.offer_mezzala,
    "target_man": forwards.offer_target_man,
    "clinical_finisher": forwards.offer_finisher,
    "aggressive_striker": forwards.offer_striker,
    "goal_poacher": forwards.offer_poacher,
    "diver": forwards.offer_diver,
    "runner": _free("attack"),
    "seconda_punta": forwards.offer_seconda,
}

EFFECTS: Final[dict[str, Effect]] = {
    "trained_formation_change": team.play_formation,
    "fanatic_fans": team.play_fans,
    "trained_special_event": team.bonus("trained_special_event"),
    "gegenpressing": team.play_gegenpressing,
    "fiery_coach": team.play_fiery,
    "sweeper_keeper": keepers.play_sweeper,
    "creative_goalkeeper": keepers.play_creative,
    "shot_stopper": keepers.two_dice("shot_stopper"),
    "leading_goalkeeper": keepers.two_dice("leading_goalkeeper"),
    "stopper": defenders.play_stopper,
    "skilled_full_back": defenders.play_full_back,
    "offside_trap": defenders.play_trap,
    "skilled_wing_backs": defenders.play_wing_backs,
    "fast_defender": defenders.free_move_play("defence", "fast_defender"),
    "catenaccio": defenders.play_catenaccio,
    "midfield_general": midfielders.play_general,
    "creative_midfielder": midfielders.play_creative,
    "midfield_pressing": midfielders.play_pressing,
    "crossing": midfielders.play_crossing,
    "regista": midfielders.play_regista,
    "dribbler": midfielders.play_dribbler,
    "box_to_box": defenders.free_move_play("centre", "box_to_box"),
    "il_mediano": midfielders.play_mediano,
    "mezzala": midfielders.play_mezzala,
    "target_man": forwards.play_target_man,
    "clinical_finisher": team.bonus("clinical_finisher"),
    "aggressive_striker": team.bonus("aggressive_striker"),
    "goal_poacher": forwards.play_poacher,
    "diver": forwards.play_diver,
    "runner": defenders.free_move_play("attack", "runner"),
    "seconda_punta": forwards.play_seconda,
}

# What a choice with arguments says beyond the skill's name.
DETAILS: Final[dict[str, Callable[[Args], str]]] = {
    "trained_formation_change": lambda a: f"change to {a['shape']}",
    "gegenpressing": lambda a: "press back aggressively" if a.get("aggressive") else "press back",
    "skilled_wing_backs": lambda a: f"move the ball to area {a['area']}",
    "catenaccio": lambda a: f"move your second-lowest player to area {a['to']}",
}


def cost(s: FubaState, key: str, args: dict[str, Any]) -> int:
    if key == "gegenpressing":
        return team.cost_gegenpressing(s, args)
    return SKILLS[key].cost


assert (
    set(OFFERS)
    == set(EFFECTS)
    == {k for k, v in SKILLS.items() if not v.auto} - {"advancing_goalkeeper"}
)
