"""Socceristic in Discord: its slash group (``commands``), its pitches (``pitches``), its help
(``help``) and rules topics (``rules``)."""
