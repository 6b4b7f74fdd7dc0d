"""The text a solver reads: a board's clues and mine total as DIMACS CNF or OPB (``cpsolve encode``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Board
from ..constraints import Clue
from ..plaintext import display_name
from .cnf import DEFAULT_ENCODING, to_dimacs
from .opb import to_opb
from .system import CardSystem, board_system


def encode_board_text(board: Board, fmt: str, *, encoding: str = DEFAULT_ENCODING, trust_flags: bool = True,
                      title: str = "") -> str:
    """The board's original clues and mine total as DIMACS CNF (``fmt="dimacs"``, clauses by the
    ``encoding`` of pysat.card) or OPB text, comments naming each variable's cell."""
    system, clues = board_system(board, trust_flags=trust_flags)
    return system_text(board, system, clues, fmt, encoding=encoding, title=title)


def system_text(board: Board, system: CardSystem, clues: Sequence[Clue], fmt: str, *,
                encoding: str = DEFAULT_ENCODING, title: str = "") -> str:
    """:func:`encode_board_text` of the system :func:`~.system.board_system` made of ``board``."""
    where = {k: (c.row, c.col) for k, c in enumerate(clues)}
    head = title or f"cpsolve encoding of {display_name(board.source)}"
    head += f" ({board.cols}x{board.rows}, mines {board.mines if board.mines is not None else 'unknown'})"
    if fmt == "dimacs":
        return to_dimacs(system, encoding=encoding, title=head, clue_cells=where)
    return to_opb(system, title=head, clue_cells=where)
