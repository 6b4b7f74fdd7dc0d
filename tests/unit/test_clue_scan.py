"""The clue scan (neighbour patterns over a padded board, one pass for every board size) agrees
with a plain scan of every clue's neighbours, down to the order each clue's cell set is built in."""

from __future__ import annotations

import random

import pytest

from cpsolve.board import COVERED, FLAG, MINE, Board
from cpsolve.constraints import clues as clue_scan


def _plain(board: Board, trust_flags: bool) -> list[tuple[int, int, frozenset[int]]]:
    unknown = {COVERED, FLAG} if not trust_flags else {COVERED}
    mines = {MINE} if not trust_flags else {FLAG, MINE}
    out = []
    for i, k in enumerate(board.cells):
        if k < 0:
            continue
        nb = board.neighbours(i)
        unk = frozenset(j for j in nb if board.cells[j] in unknown)
        known = sum(1 for j in nb if board.cells[j] in mines)
        if unk or known != k:
            out.append((i, k - known, unk))
    return out


@pytest.mark.parametrize("trust_flags", [True, False])
def test_scan_agrees_with_plain_scan(trust_flags: bool) -> None:
    rng = random.Random(7)
    for _ in range(300):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        cells = tuple(rng.choice([COVERED, COVERED, FLAG, MINE, 0, 1, 2, 3, 8]) for _ in range(rows * cols))
        board = Board(rows, cols, cells, None)
        expected = _plain(board, trust_flags)
        unknown, clues = clue_scan.board_clues(board, trust_flags)
        assert [(c.index, c.need, c.cells) for c in clues] == expected
        # the same iteration order as a set built from the neighbour table (later passes follow it)
        assert [list(c.cells) for c in clues] == [list(unk) for _, _, unk in expected]
        assert all((c.row, c.col) == divmod(c.index, cols) and c.number == cells[c.index] for c in clues)
        wanted = {COVERED} if trust_flags else {COVERED, FLAG}
        assert unknown == tuple(i for i, v in enumerate(cells) if v in wanted)
