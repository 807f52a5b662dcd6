"""The match service between Discord (or the terminal) and the engine.

It finds the match for a channel, checks who may act, applies actions through the engine,
saves them, and returns what to show: narration lines, board images and the next prompt.
Cogs, the terminal play mode and the offline demo all go through this package.

- ``referee.narration``: engine events -> short plain-English lines.
- ``referee.demo``: a whole coach-vs-coach match, narrated (``python3 bot.py demo``).
"""
