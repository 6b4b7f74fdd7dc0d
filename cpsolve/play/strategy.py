"""Choosing moves from an analysis: reveal what is proved safe, otherwise guess well."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis import Analysis
from ..board import COVERED, Board
from ..probability import Exact


@dataclass(frozen=True)
class Move:
    """Cells to reveal in order. ``guess``: not backed by a proof or an exact probability 0."""

    cells: tuple[tuple[int, int], ...]
    guess: bool
    reason: str


def default_first_cell(rows: int, cols: int, rule: str) -> tuple[int, int]:
    """``opening``: (3,3) (the reference solvers' cell), pulled inside small boards; ``safe``: a corner."""
    if rule == "opening":
        return min(3, (rows - 1) // 2), min(3, (cols - 1) // 2)
    return 0, 0


@dataclass
class Strategy:
    """Reveal every proved-safe cell (else every exact-0 cell); when none is left, guess."""

    name: str = "best"

    def first_cell(self, rows: int, cols: int, mines: int, rule: str) -> tuple[int, int]:
        return default_first_cell(rows, cols, rule)

    def choose(self, board: Board, analysis: Analysis) -> Move:
        safe = analysis.proved_safe
        if safe:
            return Move(tuple(safe), False, "proved")
        zero = [(c.row, c.col) for c in analysis.cells
                if isinstance(c.probability, Exact) and c.probability.fraction == 0]
        if zero:
            return Move(tuple(zero), False, "exact-zero")
        return Move((self.guess(board, analysis),), True, "guess")

    def guess(self, board: Board, analysis: Analysis) -> tuple[int, int]:
        cols = board.cols
        cells = board.cells

        def covered_around(r: int, c: int) -> int:
            return sum(1 for j in board.neighbours(r * cols + c) if cells[j] == COVERED)

        best = min(analysis.cells, key=lambda x: (x.probability.sort_key(), covered_around(x.row, x.col),
                                                   x.row, x.col))
        return best.row, best.col
