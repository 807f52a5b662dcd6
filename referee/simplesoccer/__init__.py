"""Simple Soccer in the referee: the adapter (``referee.simplesoccer.game``:
``SIMPLESOCCER_GAME``), the narration of its events and its offline demo."""
