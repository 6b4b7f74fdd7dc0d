"""Helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

from cpsolve.board import COVERED, FLAG, MINE, Board


def pct(xs: list[float], q: float) -> float:
    """The q-quantile of ``xs`` (nearest rank, no interpolation)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def to_toollib(board: Board) -> list[list[int]]:
    """The board in ms-toollib's format: 0-8 revealed, 10 covered, 11 flagged (or a known mine)."""
    code = {COVERED: 10, FLAG: 11, MINE: 11}
    return [[v if v >= 0 else code[v] for v in board.cells[r * board.cols:(r + 1) * board.cols]]
            for r in range(board.rows)]
