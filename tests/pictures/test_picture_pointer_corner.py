"""A dark line on a covered tile is no question mark (docs/pictures.md, "The cells";
cpsolve/picture/overlay.py ``thin_mark``, applied by the reader). A mouse pointer whose tip lies in
a covered cell's corner (tests/data/screens/winmine-cursor-16x16.png at 1.5) shows the cell only a
piece of its blurred black outline, a line 1-2 px wide beside its white body, which goes on through
the cell's side into the cells beside: too few of the ring's pixels are dark for the pointer's cue
(``edge_dark``), and the cell was a sure '?'. A question mark's dark strokes span a box of 0.44 of
the interior at least (every sure '?' of the tuning pictures, at every scale): a line is none. On
boards drawn here (the oracle is the position drawn): a classic 16x16 game at 16 px a cell, one
covered cell carrying such a piece of a pointer (a black edge, white beside it down to the cell's
bottom side), scaled by OpenCV's bilinear filter."""

from __future__ import annotations

import pytest

from cpsolve.picture import NoBoardFound, read_image, reader
from tests.support.picture_render import board_origin, encode, random_position, render_board, scale, sure_wrong
from tests.support.spy import spy_on


@pytest.mark.parametrize("factor", [1, 1.25, 1.5])
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_pointers_edge_on_a_covered_cell_is_no_sure_question_mark(seed: int, factor: float,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The edge at 0.7 and 0.75 of the cell: every sure cell right (or the board refused), and the
    rule ran on a line read '?'."""
    seen: list[bool] = spy_on(monkeypatch, reader, "thin_mark")
    cells, counter = random_position(16, 16, 40, seed)
    r, c = next((r, c) for r in range(2, 14) for c in range(2, 14) if cells[r][c] == ".")
    left, top = board_origin(16)
    for at in (0.7, 0.75):
        img = render_board(cells, 16, counter=counter)
        x, y = left + c * 16 + round(at * 16), top + r * 16
        img[y + 7:y + 16, x + 1:x + 5] = (255, 255, 255)  # the pointer's white body, down to the bottom side
        img[y + 7:y + 14, x] = (0, 0, 0)                  # its black edge, clear of the cell's sides
        try:
            reading = read_image(encode(scale(img, factor)))
        except NoBoardFound:
            continue
        assert sure_wrong(reading, cells) == [], at
    assert any(seen)
