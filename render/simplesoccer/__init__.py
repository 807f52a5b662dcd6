"""Simple Soccer's board: ``geometry`` (where everything sits for one width and field),
``background`` (the static board), ``board`` (``render_png``: the board for a view) and
``replay`` (animated GIFs).
"""
