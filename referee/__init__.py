"""The match service between Discord (or the terminal) and the engine.

It finds the match for a channel, checks who may act, applies actions through the engine,
saves them, and returns what to show: narration lines, board images and the next prompt.
Cogs, the terminal play mode and the offline demo all go through this package.

- ``referee.service``: ``Referee``, the match service (start, act, status, resign, abort) and
  its ``Outcome``; ruleset-agnostic.
- ``referee.games``: the per-ruleset adapters it uses (``referee.fuba_game`` for FUBA).
- ``referee.errors``: typed refusals with player-readable messages.
- ``referee.terminal``: terminal play (``python3 bot.py play``).
- ``referee.narration``: engine events -> short plain-English lines.
- ``referee.demo``: a whole coach-vs-coach match, narrated (``python3 bot.py demo``).
"""
