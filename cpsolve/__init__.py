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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Each public name and the module that defines it. They are imported on first use (PEP 562), so that
#: ``import cpsolve`` and the start of a command pay only for what they run.
_EXPORTS = {
    "Analysis": "result", "AnalysisOptions": "options", "Board": "board", "BoardError": "board",
    "BudgetError": "errors", "CellResult": "result", "Certainty": "proof.certainty",
    "CpsolveError": "errors", "Estimate": "probability", "Exact": "probability",
    "InconsistentBoard": "errors", "analyze": "analysis", "load": "board", "parse_board": "board",
    "read_image": "picture", "NoBoardFound": "picture",
}

__all__ = ["Analysis", "AnalysisOptions", "Board", "BoardError", "BudgetError", "CellResult", "Certainty",
           "CpsolveError", "Estimate", "Exact", "InconsistentBoard", "NoBoardFound", "analyze", "load",
           "parse_board", "read_image"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cpsolve' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    # the public names and the module's own dunders, not the helpers of this file (Any, importlib,
    # TYPE_CHECKING: issue 43 item 12)
    return sorted({n for n in globals() if n.startswith("__")} | set(_EXPORTS))


if TYPE_CHECKING:
    from .analysis import analyze
    from .board import Board, BoardError, load, parse_board
    from .errors import BudgetError, CpsolveError, InconsistentBoard
    from .options import AnalysisOptions
    from .picture import NoBoardFound, read_image
    from .probability import Estimate, Exact
    from .proof.certainty import Certainty
    from .result import Analysis, CellResult

__version__ = "0.1.0"
