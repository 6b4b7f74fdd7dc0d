"""Flags drawn as plain tiles of a colour of their own (issue 39: never silently wrong).

FriedrichtenHagen's web Minesweeper (tests/data/screens/web-rounded-mid-16x16.png) draws a flag as
nothing but a salmon tile: no pennant, no mark, the tile's colour alone (its `.marked`), beside teal
covered tiles and pale yellow revealed ones. The reader groups a flat skin's tiles by colour
(tiles.py): the teal, the darkest bare colour, is covered; the salmon, bare too, is shown covered by
the digits beside it (bare.covered_by_digits: a digit whose only unread neighbours are of that colour
has its mine there), and was read covered, surely. A flag read as a covered cell is a wrong board.
That picture was refused only because its tiles' outline and shadow lower every covered cell's
confidence (overlay.covered_mark: something dark along a covered tile's sides); with that outline
left out, every flag read surely covered.

The same drawing is skullbox305's Qt solver's pink tint over a covered mine
(tests/pictures/test_picture_rounded_tiles.py, qt-overlay-mid-20x20.png), which is a covered cell and
was read as one: the two cannot be told apart by the picture. Here the flags are drawn both ways:
FriedrichtenHagen's flat look, and the rounded tiles of that test with its pink mine tint over the
flagged cells. Main (bcb9bb9) read every flag of every board surely covered (gatherD, 2026-12-07).

Now no flag is read surely covered: where the board shows more than one colour that may be
covered tiles, none holding a drawn flag or mine, any of them may be the flags, so all are read
covered but unsure, and these boards, most of their cells unsure, are refused. The rounded boards
by bare.plain_flag_doubt (a bare colour shown covered by the digits, beside the darkest bare colour
read covered); the flat ones by bare.raised_flag_doubt: their flat tiles on the lighter page read
as raised (the page along each side taken for a bevel), so tiles.tiles decides by the bevels, and
the salmon lies 40 or more (RGB) from the teal (plainFlags, 2026-12-07).
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.pictures.test_picture_rounded_tiles import MINE, draw_rounded_board
from tests.support.picture_render import _text, encode, random_position, sure_wrong, tiled_page

#: FriedrichtenHagen's colours: covered, revealed, a flag's tile, the page
TEAL, YELLOW, SALMON, PAGE = (95, 158, 160), (243, 243, 134), (246, 116, 112), (250, 220, 220)


def _position(seed: int) -> list[list[str]]:
    cells, _ = random_position(16, 16, 40, seed, opened=0.45, flags=0.3)
    assert any("F" in row for row in cells)
    return cells


def flat_board(cells: list[list[str]]) -> np.ndarray:
    """FriedrichtenHagen's look without its outline: flat square tiles 30 px, 2 px of page apart,
    black digits on the revealed ones, a flag a salmon tile."""
    def tile(img: np.ndarray, x: int, y: int, side: int, r: int, c: int) -> None:
        v = cells[r][c]
        img[y:y + side, x:x + side] = SALMON if v == "F" else TEAL if v == "." else YELLOW
        if v not in ".0F":
            _text(img, x + 1, y + 1, side - 2, v, (0, 0, 0))

    return tiled_page(cells, pitch=32, gap=2, margin=40, page=PAGE, tile=tile)


def rounded_board(cells: list[list[str]]) -> np.ndarray:
    """The rounded outlined tiles of test_picture_rounded_tiles, a flag drawn as its pink mine tint."""
    drawn = [["." if v == "F" else v for v in row] for row in cells]
    tints = {(r, c): MINE for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"}
    return draw_rounded_board(drawn, tints)


def _never_wrong(cells: list[list[str]], img: np.ndarray) -> None:
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert not sure_wrong(reading, cells), "flags read surely as covered cells"


@pytest.mark.parametrize("seed", [3, 5, 8, 11])
def test_flat_plain_flags_are_never_read_covered(seed: int) -> None:
    """The salmon flags beside the teal covered tiles, both read raised: neither is sure."""
    cells = _position(seed)
    _never_wrong(cells, flat_board(cells))


@pytest.mark.parametrize("seed", [3, 5, 8, 11])
def test_rounded_plain_flags_are_never_read_covered(seed: int) -> None:
    """The pink flags beside the covered blue: both colours may be the flags, so neither is sure."""
    cells = _position(seed)
    _never_wrong(cells, rounded_board(cells))


@pytest.mark.parametrize("seed", [3, 5, 8, 11])
def test_plain_flags_darker_than_the_covered_tiles_are_never_read_covered(seed: int) -> None:
    """Flag tiles darker than the covered ones (a dark red): the darkest bare colour, read covered
    by that alone, is the flags'; the covered blue, shown covered by the digits, is as likely."""
    cells = _position(seed)
    drawn = [["." if v == "F" else v for v in row] for row in cells]
    tints = {(r, c): (90, 60, 60) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"}
    _never_wrong(cells, draw_rounded_board(drawn, tints))
