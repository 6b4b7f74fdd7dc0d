"""``cpsolve check BOARD ROW,COL``: is this cell proved safe (or a mine)? With a minimal reason.

Exit 0 proved safe, 1 proved mine, 3 not decided (by the clues and the total, or in time),
2 bad input or an inconsistent board (whose minimal conflicting clues are named).
"""

from __future__ import annotations

import argparse
import json

from ..board import FLAG
from ..errors import InconsistentBoard
from ..plaintext import display_name
from ..proof import explain_cell
from ..proof.conflict_reason import board_conflict_reason
from ..words import plural
from . import EXIT_BAD_INPUT, CliError, off_board, read_board
from .args import add_accept_unsure_option, add_engine_option, add_time_limit_option, parse_cell

EXIT_SAFE = 0
EXIT_MINE = 1
EXIT_UNDECIDED = 3


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="is this cell provably safe? the verdict and a minimal set of clues",
                       description="Prove a covered cell safe or a mine from the clues (and the mine total), "
                       "naming a minimal set of clues that forces it and whether the total was needed. "
                       "Exit 0 proved safe, 1 proved mine, 3 not decided, 2 bad input or inconsistent board.")
    p.add_argument("board", metavar="BOARD", help="board file, or a screenshot (PNG, JPEG, BMP, GIF, WebP); "
                   "'-' for standard input")
    p.add_argument("cell", metavar="ROW,COL", type=parse_cell, help="the cell, 0-based, row 0 at the top")
    add_engine_option(p)
    add_time_limit_option(p, help="time the proof may take; a cell not decided in time is not proved (exit 3)")
    p.add_argument("--ignore-flags", action="store_true",
                   help="treat flags as covered cells instead of mines")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    add_accept_unsure_option(p)
    p.set_defaults(run=run)


def _cells(cells: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    return " ".join(f"{r},{c}" for r, c in cells)


def run(args: argparse.Namespace) -> int:
    board = read_board(args.board, accept_unsure=args.accept_unsure)
    name = display_name(args.board)
    row, col = args.cell
    if off_board(args.cell, board.rows, board.cols):
        raise CliError(f"{name}: cell {row},{col} is off the board ({plural(board.rows, 'row')} x "
                       f"{plural(board.cols, 'column')})")
    reason = board.nothing_to_prove(row, col, trust_flags=not args.ignore_flags)
    if reason is not None:
        hint = "; use --ignore-flags to check it" if board.at(row, col) == FLAG else ""
        raise CliError(f"{name}: {reason}{hint}")
    ex = explain_cell(board, row, col, engine=args.engine, trust_flags=not args.ignore_flags,
                      time_limit=args.time_limit)
    status = {"safe": EXIT_SAFE, "mine": EXIT_MINE, "undecided": EXIT_UNDECIDED,
              "inconsistent": EXIT_BAD_INPUT}[ex.verdict]
    if args.json:
        doc: dict[str, object] = {
            "cell": [row, col], "verdict": ex.verdict, "engine": ex.engine,
            "mines": board.mines, "solver_calls": ex.calls, "timed_out": ex.timed_out,
        }
        if ex.verdict in ("safe", "mine"):
            doc.update(clues=[list(c) for c in ex.clues], uses_total=ex.uses_total, minimal=ex.minimal)
        if ex.verdict == "inconsistent":
            doc.update(status="inconsistent", conflict=[list(c) for c in ex.clues],
                       conflict_uses_total=ex.uses_total, conflict_minimal=ex.minimal,
                       minimal=ex.minimal)
        print(json.dumps(doc))
    if ex.verdict == "inconsistent":  # solve's message, word for word (InconsistentBoard's)
        trust = not args.ignore_flags
        reason = board_conflict_reason(board, ex.clues, ex.uses_total, trust) if ex.minimal else ""
        exc = InconsistentBoard(list(ex.clues), ex.uses_total, reason, minimal=ex.minimal)
        raise CliError(f"{name}: {exc}", EXIT_BAD_INPUT)
    if args.json:
        return status
    if ex.verdict == "undecided":
        if ex.timed_out:
            # two lines, each within 80 columns (issue 27 item 12)
            print(f"{row},{col}: NOT DECIDED within the time limit of {args.time_limit:g} s (engine {ex.engine})\n"
                  "  it is not proved either way")
        else:
            basis = "the clues and the mine total" if board.mines is not None else \
                "the clues (no mine total given)"
            print(f"{row},{col}: NOT DECIDED by {basis} (engine {ex.engine})\n"
                  "  some placements make it safe, others a mine")
        return status
    print(f"{row},{col}: proved {ex.verdict.upper()} (engine {ex.engine})")
    n = len(ex.clues)
    if n:
        print(f"forced by {n} clue{'s' if n != 1 else ''}: {_cells(ex.clues)}")
    else:
        print("forced by no clue")
    if ex.uses_total:
        print(f"the mine total ({board.mines}) was needed: without it these clues do not force the cell")
    elif board.mines is not None:
        print("the mine total was not needed")
    else:
        print("no mine total given: proved from the clues alone")
    print("this set is minimal: without any one of its members the cell is not forced" if ex.minimal else
          "this set forces the cell; it may not be minimal (the time limit cut the shrinking short)")
    return status
