"""The profile card: a member's rating, record, streak and last results."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render import colours as C
from render.kits import RGB
from render.leagues.canvas import Canvas, fitted, fitted_size, text_length, to_png
from render.leagues.data import ProfileCard, signed
from render.leagues.style import (
    DRAW,
    END_H,
    GOLD,
    HEAD_BG,
    LOSS,
    PAD,
    RESULT_COLOURS,
    RESULT_INK,
    RESULT_WORDS,
    ROW_B,
    TITLE_BG,
    WIDTH,
    WIN,
)
from render.sketch import Box


@dataclass(frozen=True)
class ProfileLayout:
    width: int
    height: int
    band: Box  # name, game, rating, rank
    tiles: tuple[Box, Box, Box, Box]  # won, drawn, lost, goals
    chips: tuple[Box, ...]  # the last five results, oldest first
    streak: Box
    footer: Box


def profile_layout() -> ProfileLayout:
    band = (0, 0, WIDTH, 124)
    gap = 12
    tile_w = (WIDTH - 2 * PAD - 3 * gap) // 4
    y = band[3] + 16
    tiles = tuple(
        (PAD + i * (tile_w + gap), y, PAD + i * (tile_w + gap) + tile_w, y + 96) for i in range(4)
    )
    y = tiles[0][3] + 20
    chip, chip_gap = 48, 10
    x = PAD + 132
    chips = tuple(
        (x + i * (chip + chip_gap), y, x + i * (chip + chip_gap) + chip, y + chip) for i in range(5)
    )
    streak = (chips[-1][2] + 24, y, WIDTH - PAD, y + chip)
    footer = (0, y + chip + 18, WIDTH, y + chip + 18 + END_H)
    return ProfileLayout(WIDTH, footer[3], band, tiles, chips, streak, footer)  # type: ignore[arg-type]


def _streak_text(streak: tuple[str, int] | None) -> str:
    if not streak or streak[1] <= 0:
        return "no streak"
    kind, n = streak
    one, many = RESULT_WORDS[kind]
    return f"1 {one}" if n == 1 else f"{n} {many} in a row"


def profile_image(card: ProfileCard) -> Image.Image:
    g = profile_layout()
    c = Canvas((g.width, g.height), TITLE_BG)
    x0, y0, x1, y1 = g.band
    c.rect(g.band, TITLE_BG)
    c.rect((x0, y1 - 4, x1, y1), HEAD_BG)  # a strip of pitch green under the band
    rating = str(card.rating)
    right = x1 - PAD - 4
    c.text((right, y0 + 52), rating, 64, C.TEXT, TITLE_BG, anchor="rm")
    rating_w = round(text_length(rating, 64, True))
    if card.provisional:
        c.text(
            (right - rating_w - 6, y0 + 30),
            "provisional",
            16,
            GOLD,
            TITLE_BG,
            bold=False,
            anchor="rm",
        )
    if card.rank is None:
        rank = "not ranked yet"
    else:
        rank = f"rank {card.rank}" + (f" of {card.members}" if card.members else "")
    c.text((right, y0 + 100), rank, 20, C.MUTED, TITLE_BG, bold=False, anchor="rm")
    left_w = right - rating_w - 24 - PAD
    c.text((PAD + 4, y0 + 46), fitted(card.name, 34, True, left_w), 34, C.TEXT, TITLE_BG)
    games = card.won + card.drawn + card.lost
    sub = f"{card.game} · {games} rated match{'es' if games != 1 else ''}"
    c.text((PAD + 4, y0 + 96), fitted(sub, 20, False, left_w), 20, C.MUTED, TITLE_BG, bold=False)
    tiles: list[tuple[str, str, RGB]] = [
        ("Won", str(card.won), WIN),
        ("Drawn", str(card.drawn), DRAW),
        ("Lost", str(card.lost), LOSS),
        ("Goals", f"{card.goals_for}:{card.goals_against}", C.TEXT),
    ]
    for box, (label, value, accent) in zip(g.tiles, tiles, strict=True):
        tx0, ty0, tx1, ty1 = box
        c.rect(box, ROW_B)
        c.rect((tx0, ty0, tx1, ty0 + 5), accent)
        c.text((tx0 + 12, ty0 + 26), label, 18, C.MUTED, ROW_B, bold=False)
        if label == "Goals":
            diff = signed(card.goals_for - card.goals_against)
            c.text((tx1 - 12, ty0 + 26), diff, 18, C.MUTED, ROW_B, bold=False, anchor="rm")
        size = fitted_size(value, 40, True, tx1 - tx0 - 24)
        c.text((tx0 + 12, ty0 + 66), value, size, C.TEXT, ROW_B)
    chips_mid = (g.chips[0][1] + g.chips[0][3]) / 2
    c.text((PAD + 4, chips_mid), "Last five", 20, C.MUTED, TITLE_BG, bold=False)
    results = card.last_five
    for i, box in enumerate(g.chips):
        if i < len(results):
            r = results[i]
            c.rounded(box, 10, RESULT_COLOURS[r], TITLE_BG)
            mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            c.text(mid, r, 24, RESULT_INK[r], RESULT_COLOURS[r], anchor="mm")
        else:
            c.rounded(box, 10, C.PANEL_LINE, TITLE_BG)
            inner = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
            c.rounded(inner, 8, TITLE_BG, C.PANEL_LINE)
    sx0, sy0, sx1, sy1 = g.streak
    streak = _streak_text(card.streak)
    ink = RESULT_COLOURS[card.streak[0]] if card.streak and card.streak[1] > 0 else C.MUTED
    c.text((sx0, (sy0 + sy1) / 2 - 12), "Streak", 16, C.MUTED, TITLE_BG, bold=False)
    c.text(
        (sx0, (sy0 + sy1) / 2 + 12),
        fitted(streak, 22, True, sx1 - sx0),
        22,
        _brighter(ink),
        TITLE_BG,
    )
    return c.image()


def _brighter(colour: RGB) -> RGB:
    """A result colour lifted for text on the dark panel."""
    return (
        min(255, colour[0] + 50),
        min(255, colour[1] + 50),
        min(255, colour[2] + 50),
    )


def profile_png(card: ProfileCard) -> bytes:
    """``profile_image`` as PNG bytes."""
    return to_png(profile_image(card))
