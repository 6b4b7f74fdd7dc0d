"""A mouse pointer over covered cells leaves no sure question mark (docs/pictures.md, "The cells";
cpsolve/picture/overlay.py ``pointer_outline``, applied by the reader). A pointer whose black
outline crosses a covered cell's ring along its sides only at a corner leaves too few of the ring's
pixels dark for the pointer's cue (``edge_dark``, 0.019 for its 0.02), and the outline was read a
sure '?' (scaled by 1.5, 7 of 192 placements). Its outline is drawn round its white body: under half
of the mark's foreground is dark, where a game's question mark, one dark colour, is 0.62 of it at
least. On boards drawn here (the oracle is the position drawn): classic 16x16 games at 16 px a cell,
a pointer 19 or 24 px high with its tip in the lower right quarter of a covered cell, scaled by
OpenCV's bilinear filter. The pointer's left edge running down a covered cell's middle, on the
tile it makes look flat, was read a sure 1 (at 1 and 1.5) or 'F' (at 1.25): no cue of the mark's
colours tells it (GNOME's and Google's dark 7s are as dark under half of their foreground); the
pointer's white beside its black does (cpsolve/picture/pointer.py,
tests/pictures/test_picture_pointer_edge.py; every placement: benchmarks/pointer_risks.py)."""

from __future__ import annotations

import pytest

from cpsolve.picture import NoBoardFound, read_image, reader
from tests.support.picture_render import board_origin, draw_pointer, encode, random_position, render_board, scale
from tests.support.spy import spy_on


@pytest.mark.parametrize("factor", [1.25, 1.5])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_pointer_over_covered_cells_leaves_no_sure_question_mark(seed: int, factor: float,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """No covered cell read a sure '?' (the game's position has none), and the rule ran and found
    a pointer's outline."""
    seen: list[bool] = spy_on(monkeypatch, reader, "pointer_outline")
    cells, counter = random_position(16, 16, 40, seed)
    covered = [(r, c) for r in range(2, 14) for c in range(2, 14) if cells[r][c] == "."][:18:3]
    left, top = board_origin(16)
    wrong: list[tuple[int, int, int, int, int]] = []
    for height in (19, 24):
        for r, c in covered:
            for dy in (2, 3):
                for dx in (2, 3):
                    img = render_board(cells, 16, counter=counter)
                    draw_pointer(img, left + c * 16 + dx * 4 + 1, top + r * 16 + dy * 4 + 1, height)
                    try:
                        reading = read_image(encode(scale(img, factor)))
                    except NoBoardFound:
                        continue
                    unsure = set(reading.unsure)
                    wrong += [(height, r, c, k.row, k.col) for k in reading.cells
                              if (k.row, k.col) not in unsure and k.value == "?"]
    assert wrong == []
    assert any(seen)
