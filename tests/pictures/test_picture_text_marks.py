"""Marks written as letters (cpsolve/picture/textmarks.py): clones that write a flag as the text "F"
and a question mark as "?", in a darker shade of the covered tile's own colour (no red, no black),
faint enough that their strokes come within 45-75 levels of the tile (bandaranayake's purple
checkerboard, tests/data/screens/purplechecker-*). Without the letters such marks read as digits on
the covered tiles (so those pass for revealed) or as nothing. On boards drawn here, their letters in
OpenCV's Hershey font (not one of the fonts the reader's letter shapes come from): the oracle is the
position drawn.

``python -m tests.pictures.test_picture_text_marks`` prints the letter shapes to paste into
textmarks.py (:func:`build_letter_shapes`).
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import DIGITS, _text, encode, random_position

COVERED = (110, 120, 190)
REVEALED = (232, 232, 226)
LINE = (150, 150, 150)


def _draw(cells: list[list[str]], cell: int, ink: tuple[int, int, int]) -> np.ndarray:
    """The board on a flat skin (a grey line between cells): covered tiles one blue, flags an "F"
    and question marks a "?" in ``ink``; revealed tiles light, digits in the classic colours."""
    rows, cols = len(cells), len(cells[0])
    m = cell
    img = np.full((rows * cell + 2 * m, cols * cell + 2 * m, 3), (60, 60, 70), np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            img[y:y + cell, x:x + cell] = LINE
            img[y + 1:y + cell, x + 1:x + cell] = COVERED if v in ".F?" else REVEALED
            if v in "F?":
                _text(img, x, y, cell, v, ink)
            elif v in "12345678":
                _text(img, x, y, cell, v, DIGITS[int(v)])
    return img


def _position(seed: int) -> list[list[str]]:
    cells, _ = random_position(12, 14, 24, seed)
    # a question mark on a few covered cells beside the opened ones
    marked = 0
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            beside = [cells[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if 0 <= r + dr < 12 and 0 <= c + dc < 14]
            if v == "." and marked < 3 and any(x in "012345678" for x in beside):
                row[c] = "?"
                marked += 1
    assert marked == 3 and any(v == "F" for row in cells for v in row)
    return cells


@pytest.mark.parametrize("ink", [(40, 40, 100), (82, 92, 156)])
@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("cell", [24, 36])
def test_written_flags_and_question_marks_are_read(ink: tuple[int, int, int], seed: int, cell: int) -> None:
    """Dark letters, and faint ones (52 levels from the tile, under FOREGROUND, 60): every cell right and sure."""
    cells = _position(seed)
    reading = read_image(encode(_draw(cells, cell, ink)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]


def test_a_letter_on_a_revealed_tile_is_unsure() -> None:
    """An "F" written on a revealed tile is no flag there (and no digit): unsure."""
    cells = _position(1)
    r, c = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "0" and r > 0 and c > 0)
    img = _draw(cells, 32, (40, 40, 100))
    _text(img, 32 + c * 32, 32 + r * 32, 32, "F", (40, 40, 100))
    try:
        reading = read_image(encode(img))
    except NoBoardFound:  # refused is never wrong
        return
    assert (r, c) in reading.unsure


def build_letter_shapes() -> dict[str, dict[str, str]]:
    """Per letter (F, ?), per font the counters read (cpsolve/picture/glyphs_build.py ``font_files``), the
    mean glyph (cells.py ``_glyphs``) at cells of 18-56 px, each grid cell's coverage 0-9."""
    from PIL import Image, ImageDraw, ImageFont

    from cpsolve.picture import cells as cells_
    from cpsolve.picture.glyphs_build import font_files

    tile = (200, 200, 200)
    out: dict[str, dict[str, str]] = {}
    for ch in "F?":
        for path in font_files():
            maps = []
            for cell in (18, 24, 32, 40, 56):
                img = Image.new("RGB", (cell, cell), tile)
                font = ImageFont.truetype(str(path), max(6, round(cell * 0.55)))
                draw = ImageDraw.Draw(img)
                left, top, right, bottom = draw.textbbox((0, 0), ch, font=font)
                draw.text(((cell - (right - left)) / 2 - left, (cell - (bottom - top)) / 2 - top), ch,
                          fill=(40, 40, 40), font=font)
                glyph = cells_._glyphs(np.asarray(img, np.float32)[None], np.array([tile], np.float64), float(cell))[0]
                if glyph is not None:
                    maps.append(glyph)
            mean = np.mean(maps, axis=0)
            out.setdefault(ch, {})[path.stem] = "".join(str(min(9, int(v * 10))) for v in mean.ravel())
    return out


def test_the_letter_shapes_are_the_built_ones() -> None:
    """textmarks.LETTER_SHAPES is what build_letter_shapes makes with the fonts found here (where
    the four are installed)."""
    from cpsolve.picture.glyphs_build import font_files
    from cpsolve.picture.textmarks import LETTER_SHAPES

    if len(font_files()) < 4 or any(p.stem not in LETTER_SHAPES["F"] for p in font_files()):
        pytest.skip("the fonts the letter shapes were built from are not all installed here")
    assert build_letter_shapes() == LETTER_SHAPES


if __name__ == "__main__":
    import pprint

    pprint.pprint(build_letter_shapes(), width=120)
