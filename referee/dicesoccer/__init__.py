"""Sports Dice Soccer in the referee: the adapter (``referee.dicesoccer.game``:
``DICESOCCER_GAME``), the narration of its events and its offline demo."""
