"""Rules engines: pure Python, no I/O. ``core`` is the contract every ruleset implements.

FUBA's modules may run compiled (``engine.compiled``): the import hook goes in first.
"""

from engine import compiled

compiled.activate()
