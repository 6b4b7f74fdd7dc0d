"""The documents of the analysis endpoints (``/api/analyze``, ``/api/check``, ``/api/move``), built
without HTTP from a parsed board and typed options. They run in the server's worker processes (:mod:`.jobs`)."""

from __future__ import annotations

from typing import Any

from ..analysis import InconsistentBoard, analyze
from ..board import COVERED, FLAG, Board
from ..options import AnalysisOptions
from ..result import Analysis
from ..result import inconsistent_document as result_inconsistent_document
from .validate import RequestError

__all__ = ["analysis_document", "check_document", "inconsistent_document", "move_document"]

def inconsistent_document(board: Board, exc: InconsistentBoard, trust_flags: bool = True) -> dict[str, Any]:
    """The document of docs/json.md for an impossible board (every key present; ``remaining`` counts
    the flags only when they were trusted)."""
    return result_inconsistent_document(exc, board, trust_flags)


def analysis_document(board: Board, options: AnalysisOptions) -> dict[str, Any]:
    """``cpsolve.analyze`` on the board: the document of docs/json.md (with its ``budget``), plus
    the cells the time limit left undecided."""
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        return inconsistent_document(board, exc, options.trust_flags)
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
    """One step of ``cpsolve play``'s strategy (:func:`~cpsolve.play.strategy.best_move`, whose first
    cell is the analysis' ``best_guess``): the cells it would open now, and why."""
    from ..play.strategy import Strategy, best_move, first_click_move

    strategy = Strategy()
    first = first_click_move(board, first_click, strategy)  # nothing revealed yet: no analysis needed
    if first is not None:
        return {"cells": [list(c) for c in first.cells], "guess": True, "reason": first.reason, "status": "ok"}
    if not options.trust_flags and board.flags:
        # the player's flags are not proofs: the strategy sees them as covered cells
        board = Board(board.rows, board.cols, tuple(COVERED if v == FLAG else v for v in board.cells),
                      board.mines, board.source)
        options = options.replace(trust_flags=True)
    try:
        result = analyze(board, options)
    except InconsistentBoard as exc:
        bad = inconsistent_document(board, exc)
        return {"cells": [], "guess": False, "reason": "inconsistent", "status": "inconsistent",
                "message": bad["message"], "conflict": bad["conflict"]}
    if not result.cells:
        return {"cells": [], "guess": False, "reason": "nothing left to open", "status": "ok"}
    move = best_move(board, result, strategy=strategy)
    doc: dict[str, Any] = {"cells": [list(c) for c in move.cells], "guess": move.guess, "reason": move.reason,
                           "status": "ok"}
    if move.guess and len(move.cells) == 1:
        doc["why"] = why_guess(result, move.cells[0], move.reason)
        doc["why"]["dead"] = dead_cells(board, strategy)
    return doc


def dead_cells(board: Board, strategy: Any) -> list[list[int]] | None:
    """The frontier cells whose number, if safe, can be only one value (JSMinesweeper's dead cells:
    opening one tells nothing), by the strategy's own exact look-ahead; None where it cannot count
    the board (no mine total, over its budget). A frontier cell next to an off-frontier cell counts
    as living (as the evaluator judges it)."""
    from ..constraints import Inconsistent
    from ..count import BudgetExceeded
    from ..play.guess import Evaluator

    if board.mines is None:
        return None
    try:
        ev = Evaluator(strategy.lookahead, strategy.lookahead.solve(board))
        return [list(divmod(i, board.cols)) for i in sorted(ev.frontier) if ev.dead(i)]
    except (BudgetExceeded, Inconsistent):
        return None


#: What each rule of the strategy (play/strategy.py, ``Strategy.smart_guess``) weighed, for "Why this guess?"
GUESS_RULES = {
    "counted-safe": "the exact counts leave this cell no mine (not a proof: the analysis was cut short)",
    "fifty-fifty": "a forced 50/50: nothing on the board can ever tell its two cells apart, so guessing it now "
                   "loses nothing",
    "free": "a free guess: every placement in which it loses also loses whatever else is played",
    "pseudo": "a pseudo-50/50: this part of the board will need a guess whatever is opened first, so it is "
              "taken now",
    "isolated": "the best move of an isolated part of the board, found by an exact search of its placements",
    "endgame": "proved the best move by an exact search of every placement left (the endgame)",
    "secondary": "the guess evaluator's choice: its safety, then its secondary safety (the chance that what it "
                 "shows leads to a safe cell), its 50/50 influence and the progress it makes",
    "lowest-living": "the lowest mine probability among the cells whose number is not known in advance "
                     "(dead cells, whose opening can tell nothing, are put off)",
    "lowest": "the lowest mine probability on the board",
}


def why_guess(result: Analysis, cell: tuple[int, int], reason: str) -> dict[str, Any]:
    """The guess's own mine probability, the rule that chose it, and the runner-up: the lowest mine
    probability among the other covered cells that can be safe (None where there is none)."""
    mine = result.cell(*cell).probability
    others = [c for c in result.cells if (c.row, c.col) != cell and c.proof is None
              and c.probability.sort_key() < 1]
    runner = min(others, key=lambda c: (c.probability.sort_key(), c.row, c.col), default=None)
    return {"rule": GUESS_RULES.get(reason, reason), "probability": mine.text(), "basis": mine.basis,
            "runner_up": [runner.row, runner.col] if runner is not None else None,
            "runner_up_probability": runner.probability.text() if runner is not None else None}
