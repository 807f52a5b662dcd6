"""A PNG writer for 8-bit palette images, tuned for boards that mostly equal their background.

zlib is nearly all of the cost of a PNG, and about half the rows of a board image are the same
as the static background's. ``BandEncoder`` cuts the image into bands of rows, compresses the
background's bands once, and on each image compresses only the bands that differ; the pieces
join into one valid zlib stream because every piece ends with a full flush (no piece refers to
the data before it). Rows use PNG filter type 0 (none), which suits flat palette images.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, no preset dictionary
FINAL_EMPTY_BLOCK = b"\x03\x00"
_ADLER_BASE = 65521


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (zlib's ``adler32_combine``)."""
    rem = len2 % _ADLER_BASE
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 = (sum1 + (adler2 & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + (adler1 >> 16) + (adler2 >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def palette_bytes(im: Image.Image) -> bytes:
    """The PLTE payload of a palette image (all 256 entries)."""
    flat = (im.getpalette() or [])[:768]
    return bytes(flat + [0] * (768 - len(flat)))


def scanlines(im: Image.Image) -> bytes:
    """The image's PNG scanlines: each row is a filter byte 0 followed by the row's indices."""
    w, h = im.size
    framed = Image.new("P", (w + 1, h), 0)
    framed.paste(im, (1, 0))
    return framed.tobytes()


def _piece(data: bytes, level: int) -> bytes:
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush(zlib.Z_FULL_FLUSH)


def _png(size: tuple[int, int], plte: bytes, idat: bytes) -> bytes:
    header = struct.pack(">IIBBBBB", size[0], size[1], 8, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", plte),
            _chunk(b"IDAT", idat),
            _chunk(b"IEND", b""),
        )
    )


def encode(im: Image.Image, plte: bytes | None = None, level: int = 1) -> bytes:
    """Any palette image as PNG bytes (one ``zlib.compress`` over all rows)."""
    if im.mode != "P":
        raise ValueError(f"encode() writes palette images; got mode {im.mode}")
    plte = plte if plte is not None else palette_bytes(im)
    return _png(im.size, plte, zlib.compress(scanlines(im), level))


class BandEncoder:
    """Encodes palette images of ``reference``'s size and palette, reusing the compressed
    bands of ``reference`` wherever an image's rows equal them."""

    def __init__(self, reference: Image.Image, band_rows: int = 8, level: int = 1) -> None:
        if reference.mode != "P":
            raise ValueError(f"BandEncoder needs a palette image; got mode {reference.mode}")
        self.size = reference.size
        self.level = level
        self.plte = palette_bytes(reference)
        raw = scanlines(reference)
        step = band_rows * (self.size[0] + 1)
        self.bounds = [(a, min(a + step, len(raw))) for a in range(0, len(raw), step)]
        self.rows = [raw[a:b] for a, b in self.bounds]
        self.pieces = [_piece(band, level) for band in self.rows]
        self.adlers = [zlib.adler32(band) for band in self.rows]

    def encode(self, im: Image.Image) -> bytes:
        if im.size != self.size or im.mode != "P":
            raise ValueError(f"expected a {self.size} palette image, got {im.mode} {im.size}")
        return self.encode_scanlines(scanlines(im))

    def encode_scanlines(self, raw: bytes) -> bytes:
        """``encode`` of an image given as its ``scanlines`` (of this encoder's size)."""
        if len(raw) != self.bounds[-1][1]:
            raise ValueError(f"expected the scanlines of a {self.size} image")
        parts = [ZLIB_HEADER]
        adler = 1
        changed_from = -1  # start of the run of changed bands not yet compressed
        c = zlib.compressobj(self.level, zlib.DEFLATED, -15)

        def flush_changed(end: int) -> None:
            nonlocal adler, changed_from
            run = raw[changed_from:end]
            parts.append(c.compress(run) + c.flush(zlib.Z_FULL_FLUSH))
            adler = adler32_combine(adler, zlib.adler32(run), len(run))
            changed_from = -1

        for i, (a, b) in enumerate(self.bounds):
            if raw[a:b] == self.rows[i]:
                if changed_from >= 0:
                    flush_changed(a)
                parts.append(self.pieces[i])
                adler = adler32_combine(adler, self.adlers[i], b - a)
            elif changed_from < 0:
                changed_from = a
        if changed_from >= 0:
            flush_changed(len(raw))
        parts += [FINAL_EMPTY_BLOCK, struct.pack(">I", adler)]
        return _png(self.size, self.plte, b"".join(parts))
