"""Flat dark boards (tests/pictures/test_picture_dark_theme.py's palettes) read exactly more often,
and never wrong. Found by benchmarks/sweep_drawn.py --only dark.

Seed 10 case 42 (on main 7a8e62f): a qt board at 20 px, its revealed tiles rimless (parted from the
page by 8 levels), JPEG 75. Its strong edges found a 2x4 block of covered tiles in the bottom left,
lined on faint edges above; settled again on faint edges it grew one column right on a pitch of
19.1 px (of 20) and not up at all, and the 2x5 lattice was read as the whole board (size wrong;
the digits above it, read with it on that pitch, were unsure, so digits_beside let it be). Now a
lattice grown over faint lines must take in the side whose lines called for the growth
(grow.grown_over_faint_cells).

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.support.picture_render import board_text, encode, random_position


def _wrong(rows: int, cols: int, mines: int, seed: int, opened: float, flags: float, palette: str, font: str,
           cell: int, fmt: str, quality: int, rim: int) -> list[str] | None:
    """The cells read surely and wrong (or the size, or the total, where wrong); None where refused."""
    cells, _ = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    try:
        reading = read_image(encode(draw_dark(cells, cell, palette, font, rim), fmt, quality))
    except NoBoardFound:
        return None
    board = reading.board
    if (board.rows, board.cols) != (rows, cols):
        return [f"size {board.rows}x{board.cols}"]
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    wrong = [f"{i // cols},{i % cols}" for i, (w, g) in enumerate(zip(want, board.cells))
             if w != g and divmod(i, cols) not in unsure]
    if board.mines is not None and board.mines != mines:
        wrong.append(f"mines {board.mines}")
    return wrong


def test_a_lattice_grown_off_its_faint_lines_is_not_the_board() -> None:
    """Seed 10 case 42: read as a 2x5 board before (of 12x13); now refused or read whole."""
    assert not _wrong(12, 13, 18, 69, 0.6, 0.5, "qt", "DejaVuSans-Bold", 20, "JPEG", 75, 0)

