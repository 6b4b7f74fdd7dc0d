"""A red "!" flag on a dark theme's grey covered tile, JPEG'd (textmarks.luma_core): JPEG keeps
the luminance whole but halves the colour each way, so the one- or two-pixel gap between the
"!"'s stem and its dot is filled in by colour, and a red stroke of about the tile's luminance (20-40
levels apart) was a 1. The flags were read as digits, their covered tiles' colour then taken for
revealed tiles' (both colours held digits): the board's covered cells read as sure 0s, and the
board refused (a digit on the edge counting more mines than the cells round it). Now the gap is
looked for in the luminance too, among the mark's own pixels, where they are red.

Drawn on the dark theme test's black palette and on another dark grey one, with another red, at
22 px (JPEG 70 and 80, DejaVu and Liberation bold), every mine flagged: each refused before, now
read with every flag sure. The oracle is the position drawn."""

from __future__ import annotations

import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from tests.pictures import test_picture_dark_theme as dark
from tests.support.picture_render import board_text, encode, random_position, sure_wrong

#: a second dark theme, not the drawer's: (page, covered face, revealed face, digit inks 1-8), and its flags' red
GRAPHITE = ((10, 10, 12), (66, 68, 72), (26, 26, 28),
            {1: (110, 150, 250), 2: (120, 215, 120), 3: (250, 110, 110), 4: (90, 110, 230), 5: (210, 90, 60),
             6: (90, 210, 210), 7: (225, 225, 225), 8: (165, 165, 165)})
THEMES = {"black": dark.FLAG_RED, "graphite": (225, 40, 40)}


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("font", list(dark.FONTS))
@pytest.mark.parametrize("quality", [70, 80])
def test_jpeg_bang_flags_on_dark_tiles_read_as_flags(theme: str, font: str, quality: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(dark.PALETTES, "graphite", GRAPHITE)
    monkeypatch.setattr(dark, "FLAG_RED", THEMES[theme])
    cells, _ = random_position(10, 12, 22, seed=1, opened=0.7, flags=1.0)
    data = encode(dark.draw_dark(cells, 22, theme, font, 9), "JPEG", quality)
    try:
        reading = read_image(data)
    except NoBoardFound as exc:
        pytest.fail(f"refused: {exc}")
    board = reading.board
    assert (board.rows, board.cols) == (10, 12)
    unsure = set(reading.unsure)
    wrong = sure_wrong(reading, cells)
    assert not wrong, f"read wrong: {wrong}"
    flags = {(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"}
    assert len(flags) == 18  # (the mines beside an opened cell)
    assert not flags & unsure, f"flags unsure: {sorted(flags & unsure)}"


def test_a_blue_1_whose_stem_fades_above_its_base_is_no_bang() -> None:
    """Qt's light blue 1s on near-black revealed tiles at 16 px, JPEG 75 (sweep_drawn --only dark
    --seed 10, case 29): the stem fades a row above the base serif, so the 1's strongest pixels are
    a stem over a dot, a "!", and its tiles' colour was taken for covered tiles' (revealed 0s read
    surely covered). A "!"'s dot is no wider than its stem (textmarks._narrow_foot); a 1's base is
    twice the stem's width: no 1 is read a flag, sure or not (36 were, unsure, before)."""
    cells, _ = random_position(11, 22, 41, seed=297, opened=0.3, flags=1.0)
    reading = read_image(encode(dark.draw_dark(cells, 16, "qt", "DejaVuSans-Bold", 0), "JPEG", 75))
    assert (reading.board.rows, reading.board.cols) == (11, 22)
    ones = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "1"]
    assert len(ones) == 36
    read = {(k.row, k.col): k.value for k in reading.cells}
    assert not [rc for rc in ones if read[rc] == "F"]
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    assert not [divmod(i, 22) for i, (w, g) in enumerate(zip(want, reading.board.cells))
                if w != g and divmod(i, 22) not in unsure]
