"""Painters for the Sports Dice Soccer board: dice as pictograms, the ball, the attack arrow,
badges, score, Power Chip, tags and lines of text. Each returns ``(box, paint)``
(``render.sketch.Painted``), like ``render.fuba.pieces``.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageFont

from render import colours as C
from render import header
from render.dice import PIPS
from render.dicesoccer.geometry import (
    BALL,
    BLANK,
    CROSSED,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    KICK,
    LINE_HEIGHT,
    OUT,
    PENALTY,
    PENALTY_TEXT,
    RED,
    ROLLED,
    TEXT_SIZES,
    Geometry,
)
from render.fonts import fit, font, wrap
from render.kits import RGB, Kit
from render.scoreboard import banner
from render.sketch import Box, Painted, Point, Sketch


def _local(box: Box) -> tuple[float, float]:
    return (box[2] - box[0], box[3] - box[1])


def _symbol(
    s: Sketch, c: tuple[float, float], d: float, symbol: Any, ink: RGB, behind: RGB
) -> None:
    """A pictogram of ``symbol`` (or pips for a number) centred on ``c`` in a die of side ``d``,
    drawn in ``ink`` on a die of colour ``behind``."""
    cx, cy = c

    def at(x: float, y: float) -> tuple[float, float]:
        return (cx + x * d, cy + y * d)

    if isinstance(symbol, int):  # the toss: pips
        step, r = d * 0.24, d * 0.08
        for dx, dy in PIPS.get(symbol, []):
            x, y = cx + dx * step, cy + dy * step
            s.ellipse((x - r, y - r, x + r, y + r), fill=ink)
        return
    if symbol == BALL:
        r, ring = d * 0.33, d * 0.055
        s.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
        inner = r - ring
        s.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=behind)
        pent = [
            (cx + 0.14 * d * math.cos(math.radians(-90 + 72 * k)),
             cy + 0.14 * d * math.sin(math.radians(-90 + 72 * k)))
            for k in range(5)
        ]  # fmt: skip
        for (px_, py_), k in zip(pent, range(5), strict=True):
            a = math.radians(-90 + 72 * k)
            s.line([(px_, py_), (cx + r * math.cos(a), cy + r * math.sin(a))], ink, d * 0.04)
        s.polygon(pent, ink)
        return
    if symbol == KICK:  # a boot with studs, kicking to the right
        boot = [
            at(-0.3, -0.3), at(-0.1, -0.3), at(-0.07, -0.13), at(0.12, -0.05), at(0.28, 0.0),
            at(0.36, 0.06), at(0.37, 0.12), at(0.33, 0.16), at(-0.3, 0.16), at(-0.34, 0.04),
        ]  # fmt: skip
        s.polygon(boot, ink)
        for x in (-0.26, -0.1, 0.06, 0.22):
            s.rounded((*at(x, 0.17), *at(x + 0.07, 0.25)), d * 0.02, fill=ink)
        for x, y in ((-0.02, -0.1), (0.08, -0.06), (0.18, -0.02)):  # the laces
            s.line([at(x, y), at(x - 0.04, y + 0.1)], behind, d * 0.03)
        for y in (-0.2, -0.08, 0.04):  # speed lines behind the heel
            s.line([at(-0.47, y), at(-0.39, y)], ink, d * 0.035)
        return
    if symbol == PENALTY:  # a goal with its net and the penalty spot
        w = d * 0.055
        posts = [at(-0.32, 0.08), at(-0.32, -0.26), at(0.32, -0.26), at(0.32, 0.08)]
        for i in range(1, 4):
            x = -0.32 + i * 0.16
            s.line([at(x, -0.26), at(x, 0.08)], (*ink, 120), d * 0.018)
        for y in (-0.14, -0.02):
            s.line([at(-0.32, y), at(0.32, y)], (*ink, 120), d * 0.018)
        s.line(posts, ink, w)
        s.line([at(-0.4, 0.08), at(0.4, 0.08)], ink, d * 0.03)
        r = d * 0.075
        s.ellipse((cx - r, cy + 0.28 * d - r, cx + r, cy + 0.28 * d + r), fill=ink)
        return
    if symbol == RED:  # a red card, slightly tilted
        a = math.radians(12)
        hw, hh = 0.19, 0.27

        def card(grow: float) -> list[tuple[float, float]]:
            pts = []
            for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)):
                x, y = x + math.copysign(grow, x), y + math.copysign(grow, y)
                pts.append(at(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)))
            return pts

        s.polygon(card(0.04), ink)
        s.polygon(card(0.0), C.CARD_RED)
        return


def paint_die(g: Geometry, box: Box, k: Kit, symbol: Any, state: str, counted: bool) -> Painted:
    """One die: a pictogram on the team's colour; an outline if not rolled yet; greyed and
    crossed if the team does not roll it; a gold ring if it counts for the team's play."""
    ring = g.px(6)
    outer = (box[0] - ring, box[1] - ring, box[2] + ring, box[3] + ring)
    side = box[2] - box[0]
    lo, hi = ring, ring + side
    radius = g.px(16)

    def paint(s: Sketch) -> None:
        if state == ROLLED:
            if counted:
                s.rounded((0, 0, hi + ring, hi + ring), radius + ring, fill=HIGHLIGHT)
            s.rounded((lo, lo, hi, hi), radius, fill=k.colour, outline=C.MUTED, width=g.px(2.5))
            _symbol(s, (lo + side / 2, lo + side / 2), side, symbol, k.ink, k.colour)
        elif state == BLANK:
            s.rounded((lo, lo, hi, hi), radius, fill=None, outline=C.MUTED, width=g.px(3))
            dot = g.px(5)
            c = lo + side / 2
            for dx in (-1, 0, 1):  # "not rolled yet": three faint dots
                x = c + dx * side * 0.2
                s.ellipse((x - dot, c - dot, x + dot, c + dot), fill=(*C.MUTED, 140))
        elif state == OUT:
            s.rounded((lo, lo, hi, hi), radius, fill=CROSSED, outline=C.PANEL_LINE, width=g.px(2))
            inset = side * 0.26
            a, b = lo + inset, hi - inset
            s.line([(a, a), (b, b)], C.CARD_RED, g.px(7))
            s.line([(a, b), (b, a)], C.CARD_RED, g.px(7))

    return outer, paint


def paint_ball(g: Geometry, centre: Point) -> Painted:
    """The ball token: a white football with an outline."""
    r = g.ball_radius
    pad = g.px(3)
    box = (centre[0] - r - pad, centre[1] - r - pad, centre[0] + r + pad, centre[1] + r + pad)

    def paint(s: Sketch) -> None:
        c = r + pad
        s.ellipse(
            (c - r - pad / 2, c - r - pad / 2, c + r + pad / 2, c + r + pad / 2), fill=C.OUTLINE
        )
        s.ellipse((c - r, c - r, c + r, c + r), fill=C.DIE)
        _symbol(s, (c, c), r * 2 / 0.72, BALL, C.OUTLINE, C.DIE)

    return box, paint


def paint_attack_arrow(g: Geometry, section: int, team: int, k: Kit) -> Painted:
    """An arrow in the offense's colour from under the ball towards the goal it attacks."""
    x = g.ball_centre(section)[0]
    target = g.goal_x(1 - team)
    direction = 1 if target > x else -1
    y = g.arrow_y
    tip = target - direction * g.px(8)
    head, half, shaft = g.px(30), g.px(18), g.px(7)
    if (tip - x) * direction < head + g.px(16):  # the ball is next to the goal: a short arrow
        x = tip - direction * (head + g.px(16))
    pad = half + g.px(6)
    x0, x1 = min(x, tip) - pad, max(x, tip) + pad
    box = (x0, y - pad, x1, y + pad)
    base = tip - direction * head

    def paint(s: Sketch) -> None:
        lx, ltip, lbase, ly = x - x0, tip - x0, base - x0, pad
        edge = g.px(3)
        s.rounded(
            (min(lx, lbase), ly - shaft - edge, max(lx, lbase), ly + shaft + edge),
            shaft,
            fill=k.ink,
        )
        back = lbase - direction * edge
        s.polygon(
            [
                (ltip + direction * edge * 1.6, ly),
                (back, ly - half - edge),
                (back, ly + half + edge),
            ],
            k.ink,
        )
        s.rounded(
            (min(lx, lbase) + edge, ly - shaft, max(lx, lbase) - edge, ly + shaft),
            shaft,
            fill=k.colour,
        )
        s.polygon([(ltip, ly), (lbase, ly - half), (lbase, ly + half)], k.colour)

    return box, paint


def paint_badge(g: Geometry, box: Box, k: Kit, name: str, size: int) -> Painted:
    return header.badge(box, k, name.upper(), font(g.px(size)), g.px)


def paint_score(g: Geometry, team: int, goals: int) -> Painted:
    return header.goals(g.score_box(team), team, goals, font(g.px(TEXT_SIZES["score"])))


def _coin(s: Sketch, box: tuple[float, float, float, float], g: Geometry) -> None:
    x0, y0, x1, y1 = box
    s.ellipse(box, fill=GOLD_DARK)
    e = g.px(3)
    s.ellipse((x0 + e, y0 + e, x1 - e, y1 - e), fill=GOLD)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.3
    star = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    s.polygon(star, GOLD_DARK)


def paint_chip(g: Geometry, team: int) -> Painted:
    """The Power Chip beside its holder: a gold coin with a star and "POWER CHIP"."""
    box = g.chip(team)
    coin = g.chip_coin(team)
    w, h = _local(box)
    f = font(g.px(18))
    label = fit("POWER CHIP", f, w - (coin[2] - coin[0]) - g.px(8))

    def paint(s: Sketch) -> None:
        c = (coin[0] - box[0], 0, coin[2] - box[0], h)
        _coin(s, c, g)
        if team == 0:
            s.text((c[2] + g.px(8), h / 2), label, f, GOLD, anchor="lm")
        else:
            s.text((c[0] - g.px(8), h / 2), label, f, GOLD, anchor="rm")

    return box, paint


def paint_attack_tag(g: Geometry, team: int, k: Kit) -> Painted:
    """ATTACK and an arrow pointing the way the team attacks (White right, Black left)."""
    box = g.attack(team)
    w, h = _local(box)
    f = font(g.px(16))

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), h / 2, fill=k.colour, outline=C.MUTED, width=g.px(1.5))
        tri = g.px(8)
        if team == 0:
            s.text((g.px(12), h / 2), "ATTACK", f, k.ink, anchor="lm")
            x = w - g.px(12)
            s.polygon(
                [(x, h / 2), (x - tri * 1.4, h / 2 - tri), (x - tri * 1.4, h / 2 + tri)], k.ink
            )
        else:
            s.text((w - g.px(12), h / 2), "ATTACK", f, k.ink, anchor="rm")
            x = g.px(12)
            s.polygon(
                [(x, h / 2), (x + tri * 1.4, h / 2 - tri), (x + tri * 1.4, h / 2 + tri)], k.ink
            )

    return box, paint


def paint_penalty(g: Geometry, team: int, fewer: int, free_kick: bool) -> Painted:
    """A red card and "rolls 1 die fewer" (red cards); a muted note for a free kick's defense."""
    box = g.penalty(team)
    w, h = _local(box)
    f = font(g.px(20))

    def paint(s: Sketch) -> None:
        x = 0.0
        if fewer > 0:
            cw, ch = g.px(15), g.px(21)
            s.rounded((0, (h - ch) / 2, cw, (h + ch) / 2), g.px(2), fill=C.CARD_RED)
            x = cw + g.px(8)
            dice = "die" if fewer == 1 else "dice"
            text = f"rolls {fewer} {dice} fewer"
            if free_kick:
                text += " +1"
            s.text((x, h / 2), fit(text, f, w - x), f, PENALTY_TEXT, anchor="lm")
        elif free_kick:
            s.text(
                (x, h / 2),
                "free kick: 1 die fewer",
                font(g.px(18), bold=False),
                C.MUTED,
                anchor="lm",
            )

    return box, paint


def paint_line(box: Box, text: str, size: int, colour: RGB = C.TEXT, bold: bool = True) -> Painted:
    f = font(size, bold)
    w, h = _local(box)
    text = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((0, h / 2), text, f, colour, anchor="lm")

    return box, paint


def paint_centred(box: Box, text: str, size: int, colour: RGB) -> Painted:
    f = font(size, bold=False)
    w, h = _local(box)
    text = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((w / 2, h / 2), text, f, colour, anchor="mm")

    return box, paint


def wrapped(g: Geometry, box: Box, text: str, what: str, inset: int = 0) -> list[str]:
    """``text`` on the (at most two) lines of ``box`` in the font of ``what``."""
    return wrap(text, text_font(g, what), box[2] - box[0] - 2 * inset)


def text_font(g: Geometry, what: str) -> ImageFont.FreeTypeFont:
    """The font of a board text ("caption", "pending"...): bold but for the pending lines."""
    return font(g.px(TEXT_SIZES[what]), bold=what != "pending")


def paint_banner(g: Geometry, box: Box, text: str, k: Kit | None) -> Painted:
    """The caption on up to two lines: on a pill in a team's colour when it names one team's
    goal."""
    _, h = _local(box)
    lines = wrapped(g, box, text, "caption", g.px(14) if k is not None else 0)
    step = g.px(LINE_HEIGHT)
    top = (h - step * len(lines)) / 2 if k is not None else 0
    return banner(box, lines, text_font(g, "caption"), step, top, k, g.px)


def paint_target(g: Geometry, text: str) -> Painted:
    """The target score under the score: how long the match lasts."""
    box = g.rule
    f = text_font(g, "target")
    w, h = _local(box)

    def paint(s: Sketch) -> None:
        s.text((w / 2, h / 2), text, f, C.MUTED, anchor="mm")

    return box, paint


def paint_pending(g: Geometry, text: str) -> Painted:
    """Whose decision it is, on up to two lines."""
    box = g.pending
    f = text_font(g, "pending")
    step = g.px(LINE_HEIGHT)
    lines = wrapped(g, box, text, "pending")

    def paint(s: Sketch) -> None:
        for i, line in enumerate(lines):
            s.text((0, step * (i + 0.5)), line, f, C.MUTED, anchor="lm")

    return box, paint
