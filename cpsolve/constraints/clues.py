"""Clue extraction: each revealed number as "``need`` mines among these unknown cells"."""

from __future__ import annotations

from typing import NamedTuple

from .. import _core
from ..board import Board
from ..boundary import invoke, seconds
from ..errors import Inconsistent

__all__ = ["TOTAL", "Clue", "Inconsistent", "board_clues", "make_clues", "scan_clues"]

#: Source id standing for the global mine total in ``sources`` sets.
TOTAL = -1


class Clue(NamedTuple):
    """A revealed number: ``need`` mines among the unknown ``cells`` (board indices).

    A named tuple: one is made for every revealed number next to a covered cell, i.e. hundreds per
    position (five times cheaper to create than a frozen dataclass)."""

    index: int  # type: ignore[assignment]  # the board index of the clue (shadows tuple.index)
    row: int
    col: int
    number: int
    need: int
    cells: frozenset[int]



def board_clues(board: Board, trust_flags: bool = True) -> tuple[tuple[int, ...], tuple[Clue, ...]]:
    """The unknown cells and the clues of a board (flags count as mines when ``trust_flags``).

    Only clues that constrain something are kept: a revealed number with no unknown neighbour is
    dropped when its mines are all known (it says nothing more), and kept when it is violated.
    """
    unknown, clues, _ = scan_clues(board, trust_flags)
    return unknown, clues


def scan_clues(board: Board, trust_flags: bool = True) -> tuple[tuple[int, ...], tuple[Clue, ...], int]:
    """:func:`board_clues`, and how many unknown cells are in some clue (the union of the clues'
    cells, counted on the board: the unknown cells next to a revealed number). The scan runs in the
    native core (``native/src/model/scan.rs``)."""
    got = invoke(_core.scan_clues, board.rows, board.cols, board.codes, trust_flags, seconds())
    return tuple(got.unknown), make_clues(got.clues, board.cols), got.clue_cells


def make_clues(clue_data: list[tuple[int, int, int, list[int]]], cols: int) -> tuple[Clue, ...]:
    """The clues from the core's plain data: (board index, number, need, cells) each."""
    new_clue = tuple.__new__  # Clue's own __new__ is a Python function; the fields are all known here
    return tuple([new_clue(Clue, (i, i // cols, i % cols, number, need, frozenset(cells)))
                  for i, number, need, cells in clue_data])
