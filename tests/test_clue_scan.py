"""The clue scan's two neighbour paths (cached table; padded offsets on huge boards) agree, and both
agree with a plain scan of every clue's neighbours."""

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
def test_table_and_padded_paths_agree(monkeypatch: pytest.MonkeyPatch, trust_flags: bool) -> None:
    rng = random.Random(7)
    for _ in range(300):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        cells = tuple(rng.choice([COVERED, COVERED, FLAG, MINE, 0, 1, 2, 3, 8]) for _ in range(rows * cols))
        board = Board(rows, cols, cells, None)
        expected = _plain(board, trust_flags)
        monkeypatch.setattr(clue_scan, "TABLE_CELLS", 250_000)
        table = clue_scan.board_clues(board, trust_flags)
        monkeypatch.setattr(clue_scan, "TABLE_CELLS", 0)  # the huge-board path
        padded = clue_scan.board_clues(board, trust_flags)
        assert table == padded
        assert [(c.index, c.need, c.cells) for c in table[1]] == expected
