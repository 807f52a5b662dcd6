"""Rules engines: pure Python, no I/O. ``core`` is the contract every ruleset implements."""
