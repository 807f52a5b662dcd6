"""Socceristic (the realistic football game): the ball moves by the die and the symbol of the
square it stops on; the Lighter Green Zone, bordered squares and two shuffled packs of cards
(Outcome and Referee's Decision) decide chances, penalties, pass backs and free kicks. The
pitch and both decks are data (a pitch file; see pitchfile.py)."""

from engine.socceristic.ruleset import SOCCERISTIC, SocceristicRuleset
from engine.socceristic.state import SocceristicState

__all__ = ["SOCCERISTIC", "SocceristicRuleset", "SocceristicState"]
