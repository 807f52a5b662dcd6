"""Socceristic's board: ``geometry`` (where everything sits for one width and pitch size),
``symbols`` (the squares' pictograms), ``background`` (the static board of one pitch),
``board`` (``render_png``: the board for a view) and ``replay`` (animated GIFs).
"""
