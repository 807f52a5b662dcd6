"""The renderers' one cache (``render.cache``): bounded in bytes however many new texts a busy
bot draws, and invisible in the images (a board drawn from kept sprites and words is the board
drawn afresh)."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.dicesoccer import DICESOCCER
from engine.fuba import FUBA
from render import cache
from render.cache import ByteLRU, image_bytes
from render.dicesoccer import board as dicesoccer_board
from render.fuba.board import Caption, render, render_png
from render.sketch import Sketch

WIDTH = 400  # small boards: the 10,000 captions take seconds, not minutes


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch) -> ByteLRU[object]:
    """A fresh 4 MB cache in place of the process's."""
    fresh: ByteLRU[object] = ByteLRU(4 << 20)
    monkeypatch.setattr(cache, "kept", fresh)
    return fresh


def count_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Grows by one each time a sprite's shapes are drawn (a sprite not found in the cache)."""
    drawn: list[int] = []
    plate = Sketch.plate
    monkeypatch.setattr(Sketch, "plate", lambda s, under: drawn.append(1) or plate(s, under))
    return drawn


def test_ten_thousand_new_captions_keep_the_cache_within_its_budget(
    budget: ByteLRU[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = FUBA.view(FUBA.initial(), None)
    most = 0
    for i in range(10_000):
        # a new caption each time, with new words (the numbers) as in a match
        caption = Caption(f"{i % 90}': West passes from area {i} to {i + 7}, ball value {i % 6}")
        render(view, width=WIDTH, caption=caption)
        most = max(most, budget.nbytes)
    assert most <= budget.budget
    assert budget.nbytes > budget.budget // 2  # it was used, not bypassed
    # what every board shows (pieces, score, clock) was kept all along: only texts went
    drawn = count_drawn(monkeypatch)
    render(view, width=WIDTH, caption=caption)
    assert not drawn


def test_a_fuba_board_drawn_from_kept_text_is_the_board_drawn_afresh(
    budget: ByteLRU[object],
) -> None:
    view = FUBA.view(FUBA.initial(), None)
    first = Caption("12': West passes from area 7 to area 9")
    second = Caption("13': East passes from area 9 to area 7")  # the same words, mostly
    fresh = render_png(view, width=WIDTH, caption=second)
    budget.clear()
    render_png(view, width=WIDTH, caption=first)  # its words are kept
    from_words = render_png(view, width=WIDTH, caption=second)
    from_sprites = render_png(view, width=WIDTH, caption=second)
    assert from_words == fresh
    assert from_sprites == fresh
    assert render_png(view, width=WIDTH, caption=first) != fresh


def test_a_dice_soccer_board_drawn_from_kept_text_is_the_board_drawn_afresh(
    budget: ByteLRU[object],
) -> None:
    view = DICESOCCER.view(DICESOCCER.initial(), None)
    fresh = dicesoccer_board.render_png(view, caption="White scores from section 5", width=WIDTH)
    budget.clear()
    dicesoccer_board.render_png(view, caption="Black shoots from section 5", width=WIDTH)
    kept = dicesoccer_board.render_png(view, caption="White scores from section 5", width=WIDTH)
    assert kept == fresh


def test_the_least_recently_used_entries_go_first() -> None:
    lru: ByteLRU[Image.Image] = ByteLRU(3 * (cache.ENTRY_OVERHEAD + 100))
    tile = Image.new("L", (10, 10))
    for key in "abc":
        lru.put(key, tile)
    assert lru.get("a") is tile  # now the most recently used
    lru.put("d", tile)
    assert "b" not in lru
    assert all(k in lru for k in "acd")
    assert lru.nbytes == 3 * (cache.ENTRY_OVERHEAD + 100)
    lru.put("huge", Image.new("RGB", (100, 100)))  # bigger than the whole budget
    assert "huge" not in lru
    assert all(k in lru for k in "acd")


def test_pieces_used_again_outlive_a_stream_of_single_use_captions() -> None:
    entry = cache.ENTRY_OVERHEAD + 100
    lru: ByteLRU[Image.Image] = ByteLRU(10 * entry)
    tile = Image.new("L", (10, 10))
    for key in ("plate", "piece"):  # what every board pastes: used again and again
        lru.put(key, tile)
        assert lru.get(key) is tile
    for n in range(1000):  # a busy bot's captions, each drawn once
        lru.put(f"caption {n}", tile)
    assert "plate" in lru and "piece" in lru  # a plain LRU would have dropped them
    assert "caption 999" in lru and "caption 0" not in lru
    assert lru.nbytes <= lru.budget


def test_image_bytes_count_what_pillow_holds() -> None:
    assert image_bytes(Image.new("P", (10, 4))) == 40
    assert image_bytes(Image.new("1", (10, 4))) == 40  # a byte per pixel in memory
    assert image_bytes(Image.new("RGB", (10, 4))) == 160  # four bytes per pixel


def test_the_budget_comes_from_render_cache_mb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RENDER_CACHE_MB", "8")
    assert cache._budget_from_env() == 8 << 20
    monkeypatch.setenv("RENDER_CACHE_MB", "lots")
    assert cache._budget_from_env() == cache.DEFAULT_MB << 20
    monkeypatch.delenv("RENDER_CACHE_MB")
    assert cache._budget_from_env() == cache.DEFAULT_MB << 20
