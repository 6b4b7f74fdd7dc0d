"""A grey digit (the classic 8's) is not read surely from a stroke that has a hue of its own where
the glyph leans to another digit (cpsolve.picture.digits._coloured_digit's ``grey_hued``).

Found by ``benchmarks/sweep_drawn.py --n 400 --seed 12 --only light`` (#364): a teal 6 in
Liberation Sans Bold at 16 px, in JPEG at quality 70, on the sweep's flat light palette. JPEG
paled its thin strokes to (93, 130, 128): 35 from the 8's grey (128, 128, 128) and 93 from the 6's
teal (0, 128, 128), so the colour said 8 plainly; the glyph was 0.62 like a 6, 0.66 like an 8 and
0.70 like a 3 or a 5, no shape plainly ahead. The cell was a sure 8. A grey digit's ink keeps its
channels together through JPEG; one whose channels lie GREY_SPREAD (30) apart or more is a hued
ink paled, so where its glyph leans to another digit it is unsure.
"""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.support.picture_render import DIGITS, encode, random_position

#: benchmarks/sweep_drawn.py's light palette: page, covered face, revealed face, the classic inks
LIGHT = ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS)


def test_a_teal_6_paled_by_jpeg_is_no_sure_8(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PALETTES, "light", LIGHT)
    cells, _ = random_position(15, 12, 36, 789, opened=0.6, flags=0.0)
    assert cells[12][7] == "6"  # the drawn layout (hand-checked against the sweep's case)
    data = encode(draw_dark(cells, 16, "light", "LiberationSans-Bold", 9), "JPEG", 70)
    reading = read_image(data)
    assert (reading.board.rows, reading.board.cols) == (15, 12)
    unsure = set(reading.unsure)
    wrong = [(k.row, k.col, k.value) for k in reading.cells
             if (k.row, k.col) not in unsure and k.value != cells[k.row][k.col]]
    assert wrong == []
    assert (12, 7) in unsure  # the path: the 6 read from a paled stroke is left unsure, not a sure 8
