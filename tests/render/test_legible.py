"""Both games' boards read on a phone: Discord shows a board about 400 px wide there, and at that
width the score, the clock (Sports Dice Soccer: the target score), FUBA's ball value as a numeral,
the caption, whose decision it is, the cards and the formations have capitals at least 8 px tall.
Measured from the fonts and boxes the renderers draw with (``texts``), not guessed from pixels.
Only the rules in force are shown: no advanced-rules strip when those rules are off."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import iter_match
from engine.fuba import FUBA
from render import colours as C
from render.dicesoccer import board as dice_board
from render.fuba import board as fuba_board
from render.fuba.board import Caption
from render.palette import pixel
from tests.engine.scenario import EAST, position

PHONE = 400
MIN_CAP = 8.0
FUBA_TEXTS = {"score", "clock", "ball value", "caption", "pending", "formation", "cards"}
DICE_TEXTS = {"score", "target", "caption", "pending"}
LONG = "West 3 to 2: a long pass over the wing, the ball reaches the box and East must defend it"


def cap_at_phone_width(f: Any, image_width: int) -> float:
    _, top, _, bottom = f.getbbox("H")
    return (bottom - top) * PHONE / image_width


def fuba_states() -> dict[str, tuple[dict[str, Any], Caption | None]]:
    kick_off = FUBA.view(FUBA.initial(), None)
    mid = FUBA.view(
        position({5: 3, 7: 2, 8: 1}, {7: 3, 9: 2}, control=EAST, formations=("4-5-1", "3-4-3")),
        None,
    )
    mid["yellows"], mid["reds"], mid["score"] = [1, 2], [0, 1], [2, 1]
    mid["value"], mid["minute"], mid["half"], mid["stoppage"] = 6, 88, 2, 3
    over = copy.deepcopy(mid)
    over["over"], over["pending"] = True, []
    return {
        "kick-off": (kick_off, None),
        "mid-match": (mid, Caption(LONG)),
        "goal": (mid, Caption("GOAL! West 2-1", team=0, shot=8)),
        "full time": (over, Caption("Full time: West 2-1 East")),
    }


def dice_states() -> dict[str, tuple[dict[str, Any], str | None]]:
    views = [DICESOCCER.view(s, None) for s, _, _ in iter_match(3)]
    mid = next(v for v in views if v.get("last") and v.get("pending") and sum(v["score"]) > 0)
    return {
        "kick-off": (views[0], None),
        "mid-match": (mid, "Black rolls for the play: ball, ball, red card, kick, penalty, ball"),
        "full time": (views[-1], "Full time: White wins 3-1"),
    }


@pytest.mark.parametrize("state", ["kick-off", "mid-match", "goal", "full time"])
def test_fuba_board_texts_are_legible_at_phone_width(state: str) -> None:
    view, caption = fuba_states()[state]
    width = fuba_board.DEFAULT_WIDTH
    texts = fuba_board.texts(view, caption=caption)
    shown = {t.what for t in texts}
    wanted = FUBA_TEXTS - ({"ball value"} if view.get("over") else set())
    wanted -= {"caption"} if caption is None else set()
    assert wanted <= shown, wanted - shown
    for t in texts:
        if t.what in FUBA_TEXTS:
            cap = cap_at_phone_width(t.font, width)
            assert cap >= MIN_CAP, f"{state}: {t.what} {t.text!r} is {cap:.1f} px tall on a phone"
    value = next((t for t in texts if t.what == "ball value"), None)
    if value is not None:
        assert value.text == str(view["value"])
    # the long caption is not cut short: it wraps
    if caption is not None and caption.text == LONG:
        lines = [t.text for t in texts if t.what == "caption"]
        assert " ".join(lines) == LONG


@pytest.mark.parametrize("state", ["kick-off", "mid-match", "full time"])
def test_dicesoccer_board_texts_are_legible_at_phone_width(state: str) -> None:
    view, caption = dice_states()[state]
    width = dice_board.DEFAULT_WIDTH
    texts = dice_board.texts(view, caption=caption)
    shown = {t.what for t in texts}
    wanted = DICE_TEXTS - ({"caption"} if caption is None else set())
    assert wanted <= shown, wanted - shown
    for t in texts:
        if t.what in DICE_TEXTS:
            cap = cap_at_phone_width(t.font, width)
            assert cap >= MIN_CAP, f"{state}: {t.what} {t.text!r} is {cap:.1f} px tall on a phone"
    target = next(t for t in texts if t.what == "target")
    assert str(view["options"]["target_score"]) in target.text


def test_fuba_board_has_no_advanced_rules_strip() -> None:
    """FUBA's advanced rules are not played here, so the board shows no strip for them: the right
    half of the legend row is bare panel."""
    view = FUBA.view(FUBA.initial(), None)
    texts = fuba_board.texts(view)
    assert not [t for t in texts if "advanced" in t.text.lower()]
    im = fuba_board.render(view)
    g = fuba_board.board().g
    x0, y0, x1, y1 = g.ui["legend"]
    for x in range((x0 + x1) // 2, x1, 3):
        for y in range(y0, y1):
            assert pixel(im, (x, y)) == C.PANEL, (x, y)


def test_dicesoccer_board_shows_the_advanced_rule_only_when_in_force() -> None:
    basic = DICESOCCER.view(DICESOCCER.initial(), None)
    advanced = DICESOCCER.view(DICESOCCER.initial({"advanced": True}), None)
    plain = [t.text for t in dice_board.texts(basic) if t.what == "rules"]
    more = [t.text for t in dice_board.texts(advanced) if t.what == "rules"]
    assert not any("re-roll" in t for t in plain)
    assert any("re-roll" in t for t in more)
    box = dice_board.board().g.rules
    assert dice_board.render(basic).crop(box).tobytes() != (
        dice_board.render(advanced).crop(box).tobytes()
    )
