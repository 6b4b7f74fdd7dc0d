"""Question marks on classic boards drawn small and scaled up (benchmarks/sweep_drawn.py --n 300
--scales 1.25 1.5 1.75 --lost 0.5 --questions 0.1 --cells 8 80: seed 18 case 241, seed 20 cases
117 and 253) read as sure flags before (main 3fabf01): blurred, a "?" loses its hook's curve and is
a stroke over a dot no wider than the stroke, textmarks.stacked's "!", which was a sure flag. Its
glyph is more like a "?" than like a "!" (0.62 and 0.56 at 11 px x1.25), or like neither (-0.01
like a "!" at 8 px x1.5): now a "!" is a sure flag only where its glyph is more like a "!" than a
"?" by textmarks.BANG_OVER_QUESTION.

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.textmarks import BANG_OVER_QUESTION, _bang, _bang_flag, bang_like, letter_scores
from tests.support.picture_render import encode, random_position, render_board, scale

#: (rows, cols, mines, seed, opened, flags, lost, marks' seed, cell px, scale, format, quality, counter)
CASES = [(15, 10, 20, 913, 0.3, 0.5, False, 743, 11, 1.25, "JPEG", 70, False),   # (seed 18, case 241)
         (7, 22, 30, 85, 0.3, 0.5, False, 856, 8, 1.5, "PNG", 75, True),          # (seed 20, case 117)
         (14, 19, 32, 498, 0.6, 0.5, True, 936, 9, 1.75, "PNG", 70, False)]       # (seed 20, case 253)


@pytest.mark.parametrize("case", CASES)
def test_a_small_question_mark_is_no_sure_flag(case: tuple) -> None:  # type: ignore[type-arg]
    rows, cols, mines, seed, opened, flags, lost, marks_seed, cell, factor, fmt, quality, shown = case
    cells, counter = random_position(rows, cols, mines, seed, opened=opened, flags=flags,
                                     state="lost" if lost else "playing")
    marks = random.Random(marks_seed)
    cells = [[("?" if v == "." and marks.random() < 0.1 else v) for v in row] for row in cells]
    assert sum(row.count("?") for row in cells) >= 1
    try:
        drawn = render_board(cells, cell, counter=counter if shown else None)
        reading = read_image(encode(scale(drawn, factor), fmt, quality))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    unsure = set(reading.unsure)
    wrong = [(c.row, c.col, c.value) for c in reading.cells
             if c.value != cells[c.row][c.col] and (c.row, c.col) not in unsure]
    assert not wrong


def test_a_drawn_bang_is_a_sure_flag() -> None:
    """A "!" glyph (textmarks._bang: a stem a quarter of its height wide) is a "!" far more than a
    "?": a sure flag."""
    glyph = _bang(0.25, 0.2) * 9
    scores = dict(zip("F?", letter_scores(np.array([glyph.ravel()])).tolist()[0]))
    assert bang_like(glyph) - scores["?"] >= BANG_OVER_QUESTION
    assert _bang_flag(type("Look", (), {"glyph": glyph, "glyph_off": 0.0})(), scores) == ("F", 1.0)  # type: ignore[arg-type]
