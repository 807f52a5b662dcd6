"""Sports Dice Soccer (Andy Geremia, FoxMind): both teams roll six dice, the most frequent
symbol is the play, the dice chart moves the ball; first to three goals."""

from engine.dicesoccer.ruleset import DICESOCCER, DiceSoccerRuleset
from engine.dicesoccer.state import DiceSoccerState

__all__ = ["DICESOCCER", "DiceSoccerRuleset", "DiceSoccerState"]
