"""cpsolve: Minesweeper analysis with proved certainties and exact probabilities.

    >>> import cpsolve
    >>> board = cpsolve.parse_board("mines: 1\\n. 1 . . .\\n. . . . .\\n. . . 1 .\\n")
    >>> result = cpsolve.analyze(board)
    >>> result.cell(1, 2).probability.fraction
    Fraction(1, 1)
"""

from .analysis import Analysis, CellResult, InconsistentBoard, analyze
from .board import Board, BoardError, parse_board
from .probability import Estimate, Exact
from .proof.certainty import Certainty

__all__ = ["Analysis", "Board", "BoardError", "CellResult", "Certainty", "Estimate", "Exact",
           "InconsistentBoard", "analyze", "parse_board"]
__version__ = "0.1.0"
