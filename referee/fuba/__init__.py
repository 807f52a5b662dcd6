"""FUBA in the referee: the adapter (``referee.fuba.game``: ``FUBA_GAME``), the narration of
its events, the board pictures of a match (``frames``) and its offline demo (``demo``)."""
