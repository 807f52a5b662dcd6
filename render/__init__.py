"""Board images with Pillow: a pure function from a match view (what one viewer may see) to image
bytes, plus replays. The static board background is cached; callers keep rendering off the event
loop.
"""
