"""A plain-digit counter is read whole or not at all (issue 39: never a wrong total): a number
longer than its band holds, a digit parted from the rest by a gap wider than a space (Roboto's 1
stands so far from the next digit: its "19" read as 1, its "16/40" as 6/40), or digits run
together into one component too wide for a glyph give no number, never a part of it."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import glyphs, glyphs_build, textcounter
from cpsolve.picture.grid import Grid

FONTS = {p.name: p for p in glyphs_build.font_files()}
needs_fonts = pytest.mark.skipif(len(FONTS) < 4, reason="DejaVu Sans and Liberation Sans are not all on this machine")


def digit_height(font: ImageFont.FreeTypeFont) -> int:
    box = font.getbbox("0")
    return box[3] - box[1]


def ink_columns(text: str, font: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """The first and last column of ``text``'s ink drawn at x = 0 (Pillow's box of a text ends at
    its advance, past a 1's ink)."""
    scratch = Image.new("L", (4 * font.size * max(1, len(text)), 3 * font.size), 0)
    ImageDraw.Draw(scratch).text((font.size, 0), text, fill=255, font=font)
    xs = np.nonzero((np.asarray(scratch) > 76).any(axis=0))[0]
    return int(xs.min()) - font.size, int(xs.max()) - font.size


def draw_parts(draw: ImageDraw.ImageDraw, x: int, y: int, parts: list[str], font: ImageFont.FreeTypeFont,
               gap: float, fill: tuple[int, int, int]) -> None:
    """``parts`` drawn from x, each one's ink ``gap`` digit heights after the previous one's."""
    right = None
    for part in parts:
        first, last = ink_columns(part, font)
        if right is not None:
            x = right + 1 + round(gap * digit_height(font)) - first
        draw.text((x, y), part, fill=fill, font=font)
        right = x + last


def google_parted(parts: list[str], size: int, font_name: str, gap: float) -> tuple[np.ndarray, Grid]:
    """Google's green bar, a red flag and white text: ``parts`` drawn one after another, each
    ``gap`` digit heights after the previous one's ink."""
    p = 2 * size
    image = Image.new("RGB", (10 * p + 20, 10 * p), (74, 117, 44))
    draw = ImageDraw.Draw(image)
    draw.rectangle((3 * p, p // 2, 3 * p + size, p // 2 + size), fill=(230, 60, 30))
    font = ImageFont.truetype(str(FONTS[font_name]), size)
    draw_parts(draw, 3 * p + size + size // 3, p // 2 - size // 6, parts, font, gap, (255, 255, 255))
    return np.asarray(image), Grid(x0=10.0, y0=2.0 * p, pitch_x=float(p), pitch_y=float(p), cols=10, rows=8)


@needs_fonts
@pytest.mark.parametrize("font_name", ["DejaVuSans.ttf", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"])
@pytest.mark.parametrize("size", [12, 16, 22])
@pytest.mark.parametrize("parts", [["1", "9"], ["1", "6"], ["4", "0"], ["2", "13"]])
def test_a_digit_parted_from_the_number_voids_it(parts: list[str], size: int, font_name: str) -> None:
    """A digit 0.6 of the digits' height after the rest (more than the 0.45 that splits words, as
    far as Roboto's 1 stands from the next digit) was left out: "1 9" read as 1. Now no number; at
    a space's width (0.3) the whole number is read."""
    rgb, grid = google_parted(parts, size, font_name, 0.6)
    assert textcounter.read_google_left(rgb, grid) is None
    rgb, grid = google_parted(parts, size, font_name, 0.3)
    assert textcounter.read_google_left(rgb, grid) == int("".join(parts))


@needs_fonts
@pytest.mark.parametrize("font_name", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"])
@pytest.mark.parametrize("size", [10, 11, 13, 14, 15, 17, 28])
def test_a_number_longer_than_its_band_is_not_read_short(size: int, font_name: str) -> None:
    """Google's "12345" (no counter of a board's mines has five digits) ran past the band read
    right of the flag (2.5 flags wide) and was read as 1234 (or 1232); now the band holds five
    digits, and a digit cut by its edge or run into a component too wide for a glyph voids it."""
    rgb, grid = google_parted(["12345"], size, font_name, 0)
    assert textcounter.read_google_left(rgb, grid) is None


def gnome_parted(parts: list[str], size: int, font_name: str, gap: float) -> np.ndarray:
    """GNOME 2's grey panel with black text: "Flags:" and then ``parts``, each ``gap`` digit
    heights after the previous one's ink."""
    image = Image.new("RGB", (14 * size + 40, 3 * size), (220, 218, 213))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONTS[font_name]), size)
    draw.text((10, size // 2), "Flags:", fill=(0, 0, 0), font=font)
    draw_parts(draw, 10 + int(draw.textlength("Flags: ", font=font)), size // 2, parts, font, gap, (0, 0, 0))
    return np.asarray(image)


@needs_fonts
@pytest.mark.parametrize("font_name", ["DejaVuSans.ttf", "LiberationSans-Regular.ttf"])
@pytest.mark.parametrize("size", [11, 14, 18])
@pytest.mark.parametrize("parts, whole", [(["1", "6/40"], (16, 40)), (["1/1", "0"], (1, 10)),
                                          (["2", "3/10"], (23, 10))])
def test_a_fraction_with_a_digit_parted_from_it_is_none(parts: list[str], whole: tuple[int, int], size: int,
                                                        font_name: str) -> None:
    """Roboto Medium's "Flags: 16/40" at 11 px is "1" and "6/40" (its 1 stands apart), read as
    6/40; drawn so in DejaVu and Liberation (0.6 of the digits' height apart), it was read so too.
    Now no fraction; drawn as one word, it is read whole (or, in Liberation, not at all)."""
    ink = glyphs.dark_ink(gnome_parted(parts, size, font_name, 0.6))
    assert glyphs.read_fraction(ink) is None
    ink = glyphs.dark_ink(gnome_parted(["".join(parts)], size, font_name, 0))
    # (Liberation's slash touches its digits: such a fraction may be left unread, never read wrong)
    got = glyphs.read_fraction(ink)
    assert got == whole if font_name == "DejaVuSans.ttf" else got in (whole, None)


@needs_fonts
@pytest.mark.parametrize("size", [11, 14, 15, 24])
def test_digits_run_into_a_component_too_wide_for_a_glyph_void_the_number(size: int) -> None:
    """Liberation Sans Bold's "12345" touches into a "1" and one wide component, which glyphs()
    leaves out as no glyph (a frame's line): the "12" (at 11 px the "5") left was read as the number."""
    font = ImageFont.truetype(str(FONTS["LiberationSans-Bold.ttf"]), size)
    image = Image.new("L", (8 * size, 2 * size), 0)
    ImageDraw.Draw(image).text((size // 2, size // 3), "12345", fill=255, font=font)
    ink = np.asarray(image, np.float32) / 255.0
    assert any(b[2] > 2 * b[3] + 2 for b in components(ink)), "no component too wide for a glyph"
    assert glyphs.read_number(ink) is None


def components(ink: np.ndarray) -> list[tuple[int, int, int, int]]:
    import cv2

    n, _, stats, _ = cv2.connectedComponentsWithStats((ink > 0.3).astype(np.uint8), connectivity=8)
    return [tuple(int(v) for v in stats[i, :4]) for i in range(1, n)]  # type: ignore[misc]
