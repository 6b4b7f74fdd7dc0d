"""Plain-digit mine counters (cpsolve/picture/textcounter.py): text drawn with a font onto a
game-like background is read back as drawn, and garbled or missing text gives no counter."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import textcounter
from cpsolve.picture.grid import Grid

FONTS = textcounter.font_files()
#: the font these tests require to be read (GNOME 2's default, Bitstream Vera, is its parent); with
#: the others (Liberation's slash touches its digits, a bold 1 and 6 run together) a counter may be
#: left unread, but never read wrong
READ = [p for p in FONTS if p.name == "DejaVuSans.ttf"]
needs_fonts = pytest.mark.skipif(not READ, reason="no DejaVu Sans on this machine (fonts-dejavu-core)")


def gnome_band(text: str, size: int, font_path: object) -> np.ndarray:
    image = Image.new("RGB", (12 * size + 40, 3 * size), (220, 218, 213))  # GNOME 2's grey panel
    font = ImageFont.truetype(str(font_path), size)
    ImageDraw.Draw(image).text((10, size // 2), text, fill=(0, 0, 0), font=font)
    return np.asarray(image)


@needs_fonts
@pytest.mark.parametrize("size", [11, 13, 16, 22])
@pytest.mark.parametrize("text, want", [("Flags: 3/10", (3, 10)), ("Flags: 16/40", (16, 40)),
                                        ("Flags: 0/99   Time: 00:01:12", (0, 99))])
def test_gnome_fraction_is_read_as_drawn(text: str, want: tuple[int, int], size: int) -> None:
    for path in FONTS:
        got = textcounter.read_fraction(textcounter.dark_ink(gnome_band(text, size, path)))
        assert got == want if path in READ else got in (want, None), (path.name, size, got)


@needs_fonts
@pytest.mark.parametrize("text", ["Flags: 3/", "Flags: /10", "Flags: 3/1%", "Flags: a/b", "Flags: 3 10", ""])
def test_gnome_garbled_fraction_gives_none(text: str) -> None:
    for path in FONTS:
        ink = textcounter.dark_ink(gnome_band(text, 16, path))
        assert textcounter.read_fraction(ink) is None, (path.name, text)


def google_picture(left: str, size: int, font_path: object) -> tuple[np.ndarray, Grid]:
    """A green bar with a red flag and a white number, above a grid of 10 cells of 2*size px."""
    p = 2 * size
    image = Image.new("RGB", (10 * p + 20, 2 * p + 8 * p), (74, 117, 44))  # Google's dark green
    draw = ImageDraw.Draw(image)
    draw.rectangle((3 * p, p // 2, 3 * p + size, p // 2 + size), fill=(230, 60, 30))  # the flag
    font = ImageFont.truetype(str(font_path), size)
    draw.text((3 * p + size + size // 3, p // 2 - size // 6), left, fill=(255, 255, 255), font=font)
    grid = Grid(x0=10.0, y0=2.0 * p, pitch_x=float(p), pitch_y=float(p), cols=10, rows=8)
    return np.asarray(image), grid


@needs_fonts
@pytest.mark.parametrize("size", [14, 20, 28])
@pytest.mark.parametrize("left", ["10", "40", "99", "7", "0"])
def test_google_mines_left_is_read_as_drawn(left: str, size: int) -> None:
    for path in FONTS:
        rgb, grid = google_picture(left, size, path)
        got = textcounter.read_google_left(rgb, grid)
        assert got == int(left) if path in READ else got in (int(left), None), (path.name, size, got)


def touching_digits(text: str, size: int, font_path: object, squeeze: int) -> tuple[np.ndarray, Grid]:
    """google_picture's bar with each digit drawn ``squeeze`` px before the previous one's ink ends
    (its box as Pillow measures it): at 1-2 px the digits' ink touches (Google's "40" in a browser
    at some zooms)."""
    p = 2 * size
    image = Image.new("RGB", (10 * p + 20, 10 * p), (74, 117, 44))
    draw = ImageDraw.Draw(image)
    draw.rectangle((3 * p, p // 2, 3 * p + size, p // 2 + size), fill=(230, 60, 30))
    font = ImageFont.truetype(str(font_path), size)
    x = 3 * p + size + size // 3
    for i, ch in enumerate(text):
        if i:
            x += font.getbbox(text[i - 1])[2] - font.getbbox(ch)[0] - squeeze
        draw.text((x, p // 2 - size // 6), ch, fill=(255, 255, 255), font=font)
    return np.asarray(image), Grid(x0=10.0, y0=2.0 * p, pitch_x=float(p), pitch_y=float(p), cols=10, rows=8)


@needs_fonts
@pytest.mark.parametrize("size", [14, 20, 28])
@pytest.mark.parametrize("left", ["40", "10", "99", "23", "88", "71", "04"])
def test_google_touching_digits_are_read_as_drawn(left: str, size: int) -> None:
    """DejaVu Sans digits drawn just close enough to touch (one glyph) are read; with every font
    and closer still, never read wrong. (Not every pair is read where it first touches: a 1 and a
    7 overlap before they touch, and a 5 and 6 at 20 px are left unread.)"""
    for path in FONTS:
        for squeeze in (1, 2, 3):
            rgb, grid = touching_digits(left, size, path, squeeze)
            got = textcounter.read_google_left(rgb, grid)
            assert got in (int(left), None), (path.name, squeeze, got)
    read = READ[0]
    for squeeze in range(1, size // 4 + 1):
        rgb, grid = touching_digits(left, size, read, squeeze)
        bar = textcounter.white_ink(rgb[:int(grid.y0)].astype(np.int16))
        if len(textcounter.glyphs(bar)) == 1:  # the first squeeze at which the digits touch
            assert textcounter.read_google_left(rgb, grid) == int(left), squeeze
            return
    pytest.fail("the digits never touched: the splitting was not tested")


@needs_fonts
@pytest.mark.parametrize("left", ["", "4%", "ab", "12345"])
def test_google_garbled_number_gives_none(left: str) -> None:
    for path in FONTS:
        rgb, grid = google_picture(left, 20, path)
        assert textcounter.read_google_left(rgb, grid) is None, (path.name, left)


@needs_fonts
def test_gnome_total_must_agree_with_the_flags_read() -> None:
    path = FONTS[0]
    band = gnome_band("Flags: 2/10", 16, path)
    p = 20
    rgb = np.full((8 * p + band.shape[0] + 20, max(band.shape[1], 8 * p + 20), 3), 220, np.uint8)
    rgb[8 * p + 10:8 * p + 10 + band.shape[0], :band.shape[1]] = band
    grid = Grid(x0=10.0, y0=10.0, pitch_x=float(p), pitch_y=float(p), cols=8, rows=8)
    two_flags = ["F", "F"] + ["."] * 62
    assert textcounter.read_gnome_total(rgb, grid, two_flags) == 10
    assert textcounter.read_gnome_total(rgb, grid, ["F"] + ["."] * 63) is None  # 2 flags said, 1 seen
    assert textcounter.read_gnome_total(rgb, grid, ["F", "F"] + ["*"] * 9 + ["."] * 53) is None  # 11 mines > 10
