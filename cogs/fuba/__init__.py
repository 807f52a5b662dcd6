"""FUBA (3rd edition) in Discord: its slash group (``commands``), its help (``help``) and rules
topics (``rules``)."""
