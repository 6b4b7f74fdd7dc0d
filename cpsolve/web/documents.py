"""The documents of the analysis endpoints (``/api/analyze``, ``/api/check``, ``/api/move``), built
without HTTP from a parsed board and typed options. They run in the app's worker threads."""

from __future__ import annotations

from typing import Any

from ..analysis import InconsistentBoard, analyze
from ..board import COVERED, FLAG, Board
from ..options import AnalysisOptions
from .validate import RequestError

__all__ = ["analysis_document", "check_document", "inconsistent_document", "move_document"]

def inconsistent_document(board: Board, exc: InconsistentBoard) -> dict[str, Any]:
    """The document of docs/json.md for an impossible board (every key present)."""
    return exc.to_json(board)


def analysis_document(board: Board, options: AnalysisOptions) -> dict[str, Any]:
    """``cpsolve.analyze`` on the board: the document of docs/json.md, plus what the time limit left undecided."""
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        return inconsistent_document(board, exc)
    doc = result.to_json()
    doc["undecided"] = [list(c) for c in result.stats.undecided_cells]
    doc["time_limit"] = options.time_limit
    doc["ms"] = round(result.stats.ms_total, 3)
    return doc


def check_document(board: Board, row: int, col: int, options: AnalysisOptions) -> dict[str, Any]:
    """The ``check`` engine on one covered cell: verdict, a minimal set of forcing clues, total needed."""
    from ..proof import explain_cell

    reason = board.nothing_to_prove(row, col, trust_flags=options.trust_flags)
    if reason is not None:
        hint = "; set ignore_flags to check it" if board.at(row, col) == FLAG else ""
        raise RequestError(f"{reason}{hint}")
    ex = explain_cell(board, row, col, engine=options.engine, trust_flags=options.trust_flags,
                      time_limit=options.time_limit)
    if ex.verdict == "inconsistent":
        where = " ".join(f"{r},{c}" for r, c in ex.clues) or "none"
        raise RequestError(f"inconsistent board: no placement satisfies the clues at {where}"
                           + (" and the mine total" if ex.uses_total else ""))
    decided = ex.verdict in ("safe", "mine")
    return {"cell": [row, col], "verdict": ex.verdict,
            "clues": [list(c) for c in ex.clues] if decided else [],
            "uses_total": ex.uses_total if decided else False,
            "minimal": ex.minimal if decided else False,
            "timed_out": ex.timed_out, "engine": ex.engine, "mines": board.mines}


def move_document(board: Board, options: AnalysisOptions, first_click: str = "safe") -> dict[str, Any]:
    """One step of ``cpsolve play``'s strategy: the cells it would open now, and why."""
    from ..play.strategy import Strategy

    strategy = Strategy()
    if all(v < 0 for v in board.cells):  # nothing revealed yet: the strategy's first click
        cell = strategy.first_cell(board.rows, board.cols, board.mines or 0, first_click)
        return {"cells": [list(cell)], "guess": True, "reason": "first click", "status": "ok"}
    if not options.trust_flags and board.flags:
        # the player's flags are not proofs: the strategy sees them as covered cells
        board = Board(board.rows, board.cols, tuple(COVERED if v == FLAG else v for v in board.cells),
                      board.mines, board.source)
        options = options.replace(trust_flags=True)
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        doc = inconsistent_document(board, exc)
        return {"cells": [], "guess": False, "reason": "inconsistent", "status": "inconsistent",
                "message": doc["message"], "conflict": doc["conflict"]}
    if not result.cells:
        return {"cells": [], "guess": False, "reason": "nothing left to open", "status": "ok"}
    move = strategy.choose(board, result)
    return {"cells": [list(c) for c in move.cells], "guess": move.guess, "reason": move.reason, "status": "ok"}
