"""Text fitted to a width: shortened with an ellipsis, or wrapped at spaces onto a few lines; and
text drawn from kept words, pixel for pixel as Pillow draws it."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.fonts import fit, font, glyphs, wrap

SENTENCE = "West East passes the ball to area 7: GOAL! a long-range shot, intercepted by alice"
WORDS = SENTENCE.split(" ")


def greedy_wrap(text: str, f: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> list[str]:
    """Wrapping the plain way: words added one at a time while the line fits."""
    words, out = text.split(" "), []
    while words and len(out) < lines - 1:
        n = 1
        while n < len(words) and f.getlength(" ".join(words[: n + 1])) <= width:
            n += 1
        line = " ".join(words[:n])
        if f.getlength(line) > width:
            break
        out.append(line)
        words = words[n:]
    if words:
        out.append(greedy_fit(" ".join(words), f, width))
    return out


def greedy_fit(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """Shortening the plain way: a letter at a time until it fits with the ellipsis."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def sentences(n: int) -> list[str]:
    rng = random.Random(5)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 30))) for _ in range(n)]


@pytest.mark.parametrize("size,bold", [(30, True), (26, False)])
def test_wrap_breaks_where_adding_words_one_at_a_time_would(size: int, bold: bool) -> None:
    f = font(size, bold)
    for text in sentences(150):
        for width in (120, 400, 1100):
            assert wrap(text, f, width) == greedy_wrap(text, f, width), (text, width)


def test_a_word_too_long_for_a_line_is_shortened_on_the_last_line() -> None:
    f = font(30)
    assert wrap("Supercalifragilistic is long", f, 150) == [
        fit("Supercalifragilistic is long", f, 150)
    ]


def test_fit_keeps_the_longest_start_that_fits_with_an_ellipsis() -> None:
    f = font(30)
    for text in sentences(60):
        for width in (10, 250, 800):
            assert fit(text, f, width) == greedy_fit(text, f, width), (text, width)
    assert fit("West passes", f, 2000) == "West passes"


def pillow_drawn(
    text: str, f: ImageFont.FreeTypeFont, xy: tuple[float, float], anchor: str
) -> Image.Image:
    im = Image.new("L", (1700, 120), 0)
    ImageDraw.Draw(im).text(xy, text, font=f, fill=255, anchor=anchor)
    return im


@pytest.mark.parametrize("anchor", ["lm", "la", "ls", "ld"])
def test_texts_made_of_kept_words_are_the_pixels_pillow_draws(anchor: str) -> None:
    odd = ["GOAL!  two  spaces", " leading", "trailing ", "", "Wally's team: ÿ → ★"]
    for f in (font(30), font(26, bold=False)):
        for i, text in enumerate(sentences(40) + odd):
            xy = (16 + (i % 7) / 3, 60 + (i % 5) / 4)
            want = pillow_drawn(text, f, xy, anchor)
            got = Image.new("L", want.size, 0)
            made = glyphs(text, f, xy, anchor)
            if made is not None:
                got.paste(made[0], made[1][:2])
            assert not ImageChops.difference(got, want).getbbox(), (text, xy)
