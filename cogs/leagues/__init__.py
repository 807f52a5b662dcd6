"""Leagues, ratings and leaderboards in Discord: the ``/league`` commands, ``/leaderboard`` and
``/profile`` (``commands``), and what they show (``views``)."""
