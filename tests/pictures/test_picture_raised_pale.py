"""Raised grey tiles on a board whose other tiles are tinted are covered (gloss.py's
``glossy_split``: no skin draws its revealed tiles raised). tests/data/screens/winmine-tinted-lost-9x9.png,
winmine drawn lighter and scaled 1.69x, shows its lost game's mines on tan tiles and the exploded one
on purple: those tinted tiles were taken for Windows 7's glossy covered tiles, the pale grey ones
for revealed cells, and every raised grey tile read as a revealed 0 (refused there only because the
0s beside the shown mines break the rules; those far from any mine broke none). Checked to fail
without the rule: the covered cells read 0."""

from __future__ import annotations

from pathlib import Path

from cpsolve.picture.cells import classify_board, measure
from cpsolve.picture.decode import load_rgb
from cpsolve.picture.dither import undithered
from cpsolve.picture.grid import find_grids
from cpsolve.picture.skins import CLASSIC

PICTURE = Path(__file__).parent.parent / "data" / "screens" / "winmine-tinted-lost-9x9.png"


def test_raised_grey_tiles_beside_tinted_ones_read_covered() -> None:
    rgb = undithered(load_rgb(str(PICTURE), PICTURE.name))
    grid = find_grids(rgb, 20)[0]
    assert (grid.rows, grid.cols) == (9, 9)
    values, _, _ = classify_board(measure(rgb, grid), CLASSIC, grid.cell_size, set(), set())
    want = "".join(line.strip() for line in PICTURE.with_suffix(".cells").read_text().splitlines())
    covered = [i for i, v in enumerate(want) if v == "."]
    assert len(covered) == 37
    assert [values[i] for i in covered] == ["."] * len(covered)
    # and the revealed grey cells stay revealed
    assert all(values[i] == v for i, v in enumerate(want) if v in "0123")
