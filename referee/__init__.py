"""The match service between Discord (or the terminal) and the engine.

It finds the match for a channel, checks who may act, applies actions through the engine,
saves them, and returns what to show: narration lines, board images and the next prompt.
Cogs, the terminal play mode and the offline demo all go through this package.

- ``referee.service``: ``Referee``, the match service (start, act, status, resign, abort) and
  its ``Outcome``; ruleset-agnostic.
- ``referee.adapter``: what the service needs of one game (``Game``, a per-ruleset adapter).
- ``referee.games``: the registry of the games' adapters, by ruleset name.
- ``referee.errors``: typed refusals with player-readable messages.
- ``referee.terminal``: terminal play (``python3 bot.py play [--game NAME]``).
- ``referee.demo``: a whole coach-vs-coach match, narrated (``python3 bot.py demo``).
- ``referee.stats``: statistics, replay image and recent narration from a stored match.
- ``referee.deadlines``: turn timeouts.
- one package per game with its adapter, narration and demo: ``referee.fuba`` (FUBA),
  ``referee.dicesoccer`` (Sports Dice Soccer).
"""
