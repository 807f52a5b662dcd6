"""The palette PNG writer: what it writes decodes to exactly the image it was given."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageDraw

from render.png import BandEncoder, adler32_combine, encode


def _palette_image(size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    im = Image.new("P", size, 3)
    im.putpalette([rng.randrange(256) for _ in range(768)])
    draw = ImageDraw.Draw(im)
    for _ in range(20):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        draw.rectangle(
            (x, y, x + rng.randrange(40), y + rng.randrange(40)), fill=rng.randrange(256)
        )
    return im


def _decoded(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def test_adler32_combine_matches_zlib() -> None:
    rng = random.Random(1)
    for _ in range(50):
        a = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        b = bytes(rng.randrange(256) for _ in range(rng.randrange(70_000)))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_encode_round_trips() -> None:
    im = _palette_image((123, 45), 2)
    back = _decoded(encode(im))
    assert back.mode == "P" and back.size == im.size
    assert back.tobytes() == im.tobytes() and back.getpalette() == im.getpalette()


@pytest.mark.parametrize("band_rows", [1, 7, 16])
def test_band_encoder_round_trips_whatever_changed(band_rows: int) -> None:
    reference = _palette_image((200, 150), 3)
    encoder = BandEncoder(reference, band_rows=band_rows)
    same = reference.copy()
    changed_top = reference.copy()
    ImageDraw.Draw(changed_top).rectangle((0, 0, 199, 3), fill=9)
    changed_bottom_and_middle = reference.copy()
    ImageDraw.Draw(changed_bottom_and_middle).rectangle((10, 60, 30, 80), fill=1)
    ImageDraw.Draw(changed_bottom_and_middle).point((199, 149), fill=2)
    for im in (same, changed_top, changed_bottom_and_middle, _palette_image((200, 150), 4)):
        im.putpalette(reference.getpalette() or [])
        back = _decoded(encoder.encode(im))
        assert back.tobytes() == im.tobytes()
        assert back.getpalette() == reference.getpalette()


def test_unchanged_bands_cost_nothing_to_compress_again() -> None:
    reference = _palette_image((400, 400), 5)
    encoder = BandEncoder(reference)
    assert encoder.encode(reference.copy()) == encoder.encode(reference.copy())
    assert b"".join(encoder.pieces) in encoder.encode(reference.copy())


def test_wrong_images_are_refused() -> None:
    encoder = BandEncoder(_palette_image((20, 20), 6))
    with pytest.raises(ValueError):
        encoder.encode(_palette_image((21, 20), 6))
    with pytest.raises(ValueError):
        encode(Image.new("RGB", (4, 4)))
