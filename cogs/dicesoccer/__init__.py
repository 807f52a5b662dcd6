"""Sports Dice Soccer in Discord: its slash group (``commands``), its help (``help``) and rules
topics (``rules``)."""
