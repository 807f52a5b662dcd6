"""Simple Soccer (basic rules): a grid game of members facing the other half, movement points
rolled each turn and spent on members and the ball."""

from engine.simplesoccer.ruleset import SIMPLESOCCER

__all__ = ["SIMPLESOCCER"]
