"""Socceristic in the referee: its adapter (``game.SOCCERISTIC_GAME``), narration, the team
sheet and figures, the offline demo and the board pictures of a match."""
