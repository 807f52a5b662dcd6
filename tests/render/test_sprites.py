"""The sprite cache boards share: a sprite with text keeps its shapes (a banner's pill, a chip) so
the next text over the same shapes draws only its letters, and looks exactly as if drawn anew."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops

from render.cache import ByteLRU
from render.fonts import font
from render.palette import Quantiser, fitted
from render.sketch import Painted, Sketch, Sprite
from render.sprites import Sprites

BLUE, WHITE, GREEN = (0, 114, 178), (255, 255, 255), (40, 110, 60)


def background() -> Image.Image:
    im = Image.new("RGB", (400, 120), GREEN)
    im.paste((30, 80, 45), (0, 60, 400, 120))  # two tones: sprites blend with what is under them
    return im


def sprites(budget: int = 16 << 20) -> Sprites:
    rgb = background()
    palette = fitted([BLUE, WHITE, GREEN], rgb)
    return Sprites(rgb, Quantiser(palette, [BLUE, WHITE, GREEN]), ByteLRU(budget))


def count_plates(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time a sprite's shapes are drawn."""
    drawn: list[int] = []
    plate = Sketch.plate
    monkeypatch.setattr(Sketch, "plate", lambda s, under: drawn.append(1) or plate(s, under))
    return drawn


def banner(text: str, colour: tuple[int, int, int] = BLUE) -> Painted:
    def paint(s: Sketch) -> None:
        s.rounded((0, 0, 360, 60), 20, fill=colour)
        s.text((20, 30), text, font(24), WHITE, anchor="lm")

    return (20, 30, 380, 90), paint


def on_board(s: Sprite) -> Image.Image:
    im = Image.new("P", (400, 120), 0)
    im.paste(s.image, s.at, s.mask)
    return im


def same(a: Sprite, b: Sprite) -> bool:
    return a.at == b.at and not ImageChops.difference(on_board(a), on_board(b)).getbbox()


def test_a_new_text_over_kept_shapes_looks_as_if_drawn_anew() -> None:
    kept = sprites()
    kept.get("first", lambda: banner("GOAL! West 1-0"))
    again = kept.get("second", lambda: banner("Corner for East, 88'"))
    fresh = sprites().get("second", lambda: banner("Corner for East, 88'"))
    assert same(again, fresh)
    assert not same(again, kept.get("first", lambda: banner("GOAL! West 1-0")))


def test_the_shapes_are_drawn_once_for_many_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = sprites()
    drawn = count_plates(monkeypatch)
    for i in range(5):
        kept.get(("banner", i), lambda i=i: banner(f"Step {i}"))
    kept.get(("banner", "orange"), lambda: banner("Step 5", (230, 159, 0)))
    assert len(drawn) == 2  # one pill per colour


COLOURS = [(i * 40, 100, 100) for i in range(5)]


def test_the_cache_keeps_to_its_budget_the_least_recently_used_going_first() -> None:
    kept = sprites(budget=600_000)  # a few banners and their pills
    drawn: list[str] = []

    def get(key: str, colour: tuple[int, int, int] = BLUE) -> Sprite:
        def make() -> Painted:
            drawn.append(key)
            return banner(key, colour)

        return kept.get(key, make)

    for i in range(40):
        get(f"caption {i}", COLOURS[i % 5])
        get("score")  # asked for on every board
        assert kept.cache.nbytes <= kept.cache.budget
    assert drawn.count("score") == 1  # always recently used: never pushed out
    drawn.clear()
    get("caption 39", COLOURS[4])
    assert not drawn  # the newest is kept
    get("caption 0", COLOURS[0])
    assert drawn == ["caption 0"]  # the oldest went first: drawn again, the same as before
    assert same(get("caption 0"), sprites().get("x", lambda: banner("caption 0", COLOURS[0])))


def test_sprites_drawn_from_many_threads_are_the_same_as_drawn_from_one() -> None:
    kept, alone = sprites(), sprites()
    keys = [(i % 3, i) for i in range(60)]

    def get(on: Sprites, key: tuple[int, int]) -> Sprite:
        colour = ((0, 114, 178), (230, 159, 0), (204, 121, 167))[key[0]]
        return on.get(key, lambda: banner(f"Text {key[1]}", colour))

    with ThreadPoolExecutor(8) as pool:
        threaded = list(pool.map(lambda k: get(kept, k), keys))
    assert all(same(t, get(alone, k)) for t, k in zip(threaded, keys, strict=True))


def two_lines(first: str, second: str, gap: float = 24) -> Painted:
    def paint(s: Sketch) -> None:
        s.rounded((0, 0, 360, 60), 20, fill=BLUE)
        s.text((20, 16), first, font(20), WHITE, anchor="lm")
        s.text((24, 16 + gap), second, font(20), (230, 159, 0), anchor="lm")

    return (20, 30, 380, 90), paint


@pytest.mark.parametrize(
    ("first", "second", "gap"),
    [
        ("Corner for East, 88'", "West must defend it", 24),
        ("Typography jumps quickly", "lifting every glyph", 14),  # descenders meet ascenders
        ("West 4-4-2", "West 4-4-2", 1),  # the same letters, one pixel apart
    ],
)
def test_a_text_kept_line_by_line_looks_as_if_drawn_whole(
    first: str, second: str, gap: float
) -> None:
    by_line = Sprites(background(), sprites().quantise, ByteLRU(16 << 20), by_line=["caption"])
    by_line.get(("caption", "earlier"), lambda: two_lines("Corner for West", second, gap))
    made = by_line.get(("caption", first), lambda: two_lines(first, second, gap))
    whole = sprites().get(("caption", first), lambda: two_lines(first, second, gap))
    assert same(made, whole)


def test_a_text_kept_line_by_line_keeps_its_lines_not_the_whole_sprite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = Sprites(background(), sprites().quantise, ByteLRU(16 << 20), by_line=["caption"])
    kept.get(("caption", 1), lambda: two_lines("Step 1: West passes", "East must roll"))
    drawn = count_plates(monkeypatch)
    glyphs: list[str] = []
    draw_glyphs = Sketch.glyphs
    monkeypatch.setattr(
        Sketch,
        "glyphs",
        lambda s, xy, text, *a: glyphs.append(text) or draw_glyphs(s, xy, text, *a),
    )
    kept.get(("caption", 2), lambda: two_lines("Step 2: East passes", "East must roll"))
    assert not drawn  # the pill was kept
    assert glyphs == ["Step 2: East passes"]  # and the line the texts share
    assert not any(k[1] == "sprite" for k in kept.cache.keys_kept())  # never the whole sprite
