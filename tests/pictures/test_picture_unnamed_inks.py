"""Digits in an ink the skin does not name, drawn here on Microsoft Minesweeper's tiles
(tests/data/screens/ms-store-mid-30x16.png: its 2s are a plain green, (40, 148, 38), 126 from the
skin's olive 2, in a font no stored shape holds, 0.7-0.89 like a 2):

* a 2 in such a green, plainly a 2 (OpenCV's font): the colour names no digit, is ink, and the glyph
  is plainly the nearest colour's digit: a 2, as it would be read were the glyph plainly another
  digit (digits.py ``_coloured_digit``; before, only another digit's glyph was read so);
* many 2s in that green in a font unlike every stored one (sheared DejaVu Sans, 0.69 like a 2): one
  ink on many cells is one digit, the one its glyphs are most like together (boardink.py
  ``unnamed_inks``, as darkink.py reads a dark theme's inks);
* but 3s in a slate the skin does not name (the app's 3s fading in), in that font, beside a 3 in the
  skin's pink: a slate's hue allows no 3 of that pink (digits.py ``other_hues``), and the slate
  names no digit: unsure, never a sure digit."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from cpsolve import read_image
from cpsolve.picture import glyphs_build
from tests.pictures.test_picture_ms_app import _revealed_tile, draw_game
from tests.support.picture_render import _text, encode, random_position

FONTS = {p.name: p for p in glyphs_build.font_files()}
PITCH, MARGIN = 30, 60
OUT, PAGE = max(1, round(2 * PITCH / 57)), max(1, round(3 * PITCH / 57))
W, H = PITCH - 2 * OUT - PAGE, PITCH - OUT - PAGE


def _game(seed: int = 3) -> tuple[np.ndarray, list[list[str]]]:
    cells, _ = random_position(16, 16, 40, seed, opened=0.6, flags=0.0)
    return draw_game(cells, PITCH, margin=MARGIN), cells


def _at(cells: list[list[str]], digit: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == digit]


def _clear(img: np.ndarray, r: int, c: int) -> tuple[int, int]:
    """The revealed tile at r, c drawn bare; its top left corner."""
    x, y = MARGIN + c * PITCH + OUT, MARGIN + r * PITCH
    img[y:y + H, x:x + W] = _revealed_tile(W, H)
    return x, y


def _sheared(img: np.ndarray, r: int, c: int, digit: str, ink: tuple[int, int, int], shear: float = 0.3) -> None:
    """``digit`` in DejaVu Sans, sheared as an italic by ``shear``, in ``ink`` on the bare tile at r, c."""
    x, y = _clear(img, r, c)
    face = ImageFont.truetype(str(FONTS["DejaVuSans.ttf"]), round(PITCH * 0.6))
    mask = Image.new("L", (2 * PITCH, 2 * PITCH), 0)
    ImageDraw.Draw(mask).text((PITCH, PITCH), digit, font=face, fill=255, anchor="mm")
    mask = mask.transform(mask.size, Image.Transform.AFFINE, (1, shear, -shear * PITCH, 0, 1, 0),
                          resample=Image.Resampling.BILINEAR)
    m = np.asarray(mask, float)[PITCH // 2:PITCH // 2 + PITCH, PITCH // 2:PITCH // 2 + PITCH, None] / 255
    x0, y0 = x + W // 2 - PITCH // 2, y + H // 2 - PITCH // 2
    part = img[y0:y0 + PITCH, x0:x0 + PITCH].astype(float)
    img[y0:y0 + PITCH, x0:x0 + PITCH] = np.round(part * (1 - m) + np.array(ink) * m).astype(np.uint8)


def _read(img: np.ndarray, cells: list[list[str]]):  # type: ignore[no-untyped-def]
    reading = read_image(encode(img))
    assert reading.skin == "microsoft"
    drawn = [v for row in cells for v in row]
    assert not [(c.row, c.col) for k, c in enumerate(reading.cells) if c.sure and c.value != drawn[k]]
    return reading


def test_a_plain_2_in_a_green_the_skin_does_not_name_is_a_2() -> None:
    img, cells = _game()
    for r, c in _at(cells, "2")[:2]:  # (two: too few for an ink of the board's own)
        x, y = _clear(img, r, c)
        tile = np.ascontiguousarray(img[y:y + H, x:x + W])
        _text(tile, 0, 0, min(W, H), "2", (20, 120, 30))
        img[y:y + H, x:x + W] = tile
    assert not _read(img, cells).unsure


def test_2s_in_one_unnamed_green_and_an_unknown_font_are_2s() -> None:
    img, cells = _game()
    for r, c in _at(cells, "2"):
        _sheared(img, r, c, "2", (20, 120, 30))
    assert not _read(img, cells).unsure


def test_3s_in_a_second_ink_beside_the_skins_pink_stay_unsure() -> None:
    img, cells = _game()
    threes = _at(cells, "3")
    slate = threes[1:]  # (the first in the skin's pink)
    for r, c in slate:
        _sheared(img, r, c, "3", (55, 72, 100))
    assert len(slate) >= 3 and len(threes) > len(slate)
    reading = _read(img, cells)
    assert all((r, c) in reading.unsure for r, c in slate)
