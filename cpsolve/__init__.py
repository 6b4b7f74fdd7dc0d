"""cpsolve: Minesweeper analysis with proved certainties and exact probabilities.

    >>> import cpsolve
    >>> board = cpsolve.parse_board("mines: 1\\n. 1 . . .\\n. . . . .\\n. . . 1 .\\n")
    >>> result = cpsolve.analyze(board)
    >>> result.cell(1, 2).probability.fraction
    Fraction(1, 1)

``cpsolve.load(path)`` reads a board file; ``result.grid()`` is the probabilities as a 2-D list;
:mod:`cpsolve.render` draws a result as a terminal grid or an SVG heat map. The board format, the
JSON document and the exit statuses are described in the repository's docs/.
"""

from .analysis import analyze
from .board import Board, BoardError, load, parse_board
from .errors import BudgetError, CpsolveError, InconsistentBoard
from .options import AnalysisOptions
from .probability import Estimate, Exact
from .proof.certainty import Certainty
from .result import Analysis, CellResult

__all__ = ["Analysis", "AnalysisOptions", "Board", "BoardError", "BudgetError", "CellResult", "Certainty",
           "CpsolveError", "Estimate", "Exact", "InconsistentBoard", "analyze", "load", "parse_board"]
__version__ = "0.1.0"
