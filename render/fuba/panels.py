"""Painters and texts for the header (teams, score, clock) and the footer (what happened, who
plays now). Same ``(box, paint)`` convention as ``render.fuba.pieces``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageFont

from render import colours as C
from render.fonts import fit, font, wrap
from render.fuba.geometry import LINE_HEIGHT, TEXT_SIZES, Layout
from render.kits import RGB, Kit
from render.sketch import Box, Painted, Sketch

SIDES = ("west", "east")


def formation_text(shape: Any) -> str:
    return "-".join(str(n) for n in shape) if isinstance(shape, list) else "?-?-?"


def clock_text(view: dict[str, Any]) -> str:
    if view.get("over"):
        return "Full time"
    half = "1st half" if view["half"] == 1 else "2nd half"
    minute, stoppage = view["minute"], view["stoppage"]
    return f"{half}  ·  {minute}+{stoppage}'" if stoppage else f"{half}  ·  {minute}'"


def pending_text(view: dict[str, Any], names: Sequence[str]) -> tuple[str, int | None]:
    """What the board says about whose decision is pending, and that team (None when both
    teams or nobody)."""
    pending = view.get("pending") or []
    if view.get("over"):
        return "The match is over.", None
    if not pending:
        return "", None
    teams = sorted({SIDES.index(p["actor"]) for p in pending if p["actor"] in SIDES})
    who = " and ".join(names[t] for t in teams)
    team = teams[0] if len(teams) == 1 else None
    return f"{who} to play: {pending[0]['prompt']}", team


def _sub(box: Box, inner: Box) -> Box:
    """``inner`` in the coordinates of ``box``."""
    return (inner[0] - box[0], inner[1] - box[1], inner[2] - box[0], inner[3] - box[1])


def team_block(
    g: Layout,
    team: int,
    kit: Kit,
    name: str,
    formation: str,
    yellows: int,
    reds: int,
    has_ball: bool,
) -> Painted:
    """A team's corner of the header: name badge in the kit, formation, cards, and the ball
    marker when the team has the ball."""
    side = SIDES[team]
    keys = ("badge", "possession", "formation", "yellow", "red")
    parts = {k: g.ui[f"{k}_{side}"] for k in keys}
    box = (
        min(b[0] for b in parts.values()),
        min(b[1] for b in parts.values()),
        max(b[2] for b in parts.values()),
        max(b[3] for b in parts.values()),
    )
    p = {k: _sub(box, b) for k, b in parts.items()}
    name_font, small = font(g.px(TEXT_SIZES["name"])), font(g.px(TEXT_SIZES["formation"]))
    card_font = font(g.px(TEXT_SIZES["cards"]))
    badge_w = p["badge"][2] - p["badge"][0]
    label = fit(name.upper(), name_font, badge_w - 2 * g.px(16))
    formation = fit(formation, small, p["formation"][2] - p["formation"][0])

    def card(s: Sketch, b: Box, fill: RGB, ink: RGB, count: int) -> None:
        dim = count == 0
        s.rounded(b, g.px(3), fill=(*fill, 80 if dim else 255))
        centre = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
        s.text(centre, str(count), card_font, (*ink, 130 if dim else 255))

    def paint(s: Sketch) -> None:
        b = p["badge"]
        s.rounded(b, g.px(10), fill=kit.colour, outline=C.PANEL_LINE, width=g.px(1))
        s.text(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), label, name_font, kit.ink)
        f = p["formation"]
        anchor, x = ("lm", f[0]) if team == 0 else ("rm", f[2])
        s.text((x, (f[1] + f[3]) / 2), formation, small, C.TEXT, anchor=anchor)
        card(s, p["yellow"], C.CARD_YELLOW, (0, 0, 0), yellows)
        card(s, p["red"], C.CARD_RED, C.TEXT, reds)
        if has_ball:
            x0, y0, x1, y1 = p["possession"]
            inset = g.px(6)
            s.ellipse((x0, y0, x1, y1), fill=C.OUTLINE)
            s.ellipse((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=kit.colour)
            s.ellipse((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=C.DIE)

    return box, paint


def score(g: Layout, goals: Sequence[int]) -> Painted:
    west, dash, east = g.ui["score_west"], g.ui["score_dash"], g.ui["score_east"]
    box = (west[0], west[1], east[2], east[3])
    big = font(g.px(TEXT_SIZES["score"]))
    mid = (west[3] - west[1]) / 2

    def paint(s: Sketch) -> None:
        s.text((west[2] - box[0], mid), str(goals[0]), big, C.TEXT, anchor="rm")
        s.text(((dash[0] + dash[2]) / 2 - box[0], mid), "–", big, C.MUTED, anchor="mm")
        s.text((east[0] - box[0], mid), str(goals[1]), big, C.TEXT, anchor="lm")

    return box, paint


def line(
    box: Box, text: str, size: int, *, bold: bool = True, colour: RGB = C.TEXT, align: str = "l"
) -> Painted:
    """One line of text fitted into ``box``: left, middle or right aligned."""
    f = font(size, bold)
    w, h = box[2] - box[0], box[3] - box[1]
    text = fit(text, f, w)
    x = {"l": 0, "m": w / 2, "r": w}[align]

    def paint(s: Sketch) -> None:
        s.text((x, h / 2), text, f, colour, anchor=align + "m")

    return box, paint


def caption_lines(
    g: Layout, text: str, banner: bool
) -> tuple[ImageFont.FreeTypeFont, list[str], int]:
    """The caption's font, its lines (two at most) and their left edge in the caption box; a
    banner (on a pill in a kit colour) keeps its text off the pill's round ends."""
    box = g.ui["caption"]
    f = font(g.px(TEXT_SIZES["caption"]))
    x = g.px(16) if banner else 0
    return f, wrap(text, f, box[2] - box[0] - 2 * x), x


def caption(g: Layout, text: str) -> Painted:
    """What just happened, on up to two lines."""
    box = g.ui["caption"]
    f, lines, _ = caption_lines(g, text, False)
    step = g.px(LINE_HEIGHT)

    def paint(s: Sketch) -> None:
        for i, line in enumerate(lines):
            s.text((0, step * (i + 0.5)), line, f, C.TEXT, anchor="lm")

    return box, paint


def banner(g: Layout, text: str, kit: Kit) -> Painted:
    """The caption on a pill in the kit colour filling the caption's place: goals and other big
    moments."""
    box = g.ui["caption"]
    f, lines, x = caption_lines(g, text, True)
    step = g.px(LINE_HEIGHT)
    w, h = box[2] - box[0], box[3] - box[1]
    top = (h - step * len(lines)) / 2

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), step / 2, fill=kit.colour)
        for i, line in enumerate(lines):
            s.text((x, top + step * (i + 0.5)), line, f, kit.ink, anchor="lm")

    return box, paint


def pending_lines(
    g: Layout, text: str, chip: bool
) -> tuple[ImageFont.FreeTypeFont, list[str], int]:
    """The font, lines (two at most) and left edge of whose decision it is, after the team's
    chip when there is one."""
    box = g.ui["pending"]
    f = font(g.px(TEXT_SIZES["pending"]), bold=False)
    x = g.ui["pending_chip"][2] - box[0] + g.px(12) if chip else 0
    return f, wrap(text, f, box[2] - box[0] - x), x


def pending(g: Layout, text: str, kit: Kit | None) -> Painted:
    """Whose decision it is: a chip in that team's colour, then the prompt."""
    box = g.ui["pending"]
    chip = _sub(box, g.ui["pending_chip"])
    f, lines, x = pending_lines(g, text, kit is not None)
    step = g.px(LINE_HEIGHT)

    def paint(s: Sketch) -> None:
        if kit is not None:
            s.rounded(
                chip,
                g.px(6),
                fill=kit.colour,
                outline=C.PANEL_LINE,
                width=g.px(1),
            )
        for i, line in enumerate(lines):
            s.text((x, step * (i + 0.5)), line, f, C.TEXT, anchor="lm")

    return box, paint
