"""Clue extraction: each revealed number as "``need`` mines among these unknown cells"."""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from .. import _core
from ..board import COVERED, FLAG, MINE, Board
from ..board import NEIGHBOUR_STEPS as _STEPS
from ..board import code_bytes as _code_bytes
from ..board import neighbour_counts as _neighbour_counts
from ..board import neighbour_patterns as _neighbour_patterns
from ..budget import OutOfTime, check, current
from ..errors import CpsolveError

#: Source id standing for the global mine total in ``sources`` sets.
TOTAL = -1


class Inconsistent(CpsolveError):
    """No placement satisfies the model. ``sources``: clue ids (and :data:`TOTAL`) that conflict.

    Internal: the analysis turns it into :class:`~cpsolve.errors.InconsistentBoard` (clue cells)."""

    def __init__(self, sources: frozenset[int], reason: str = "") -> None:
        self.sources = sources
        self.reason = reason
        super().__init__(reason or "inconsistent")


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



def _code_table(*marked: int, value: int = 1) -> bytes:
    """A ``bytes.translate`` table over a cell code stored as a signed byte (0..8; COVERED, FLAG,
    MINE as 255, 254, 253): ``value`` for the codes in ``marked``, 0 for every other."""
    table = bytearray(256)
    for code in marked:
        table[code & 0xFF] = value
    return bytes(table)


#: (is unknown, is a mine) per cell code, with flags trusted as mines / with flags ignored
_UNKNOWN_TRUST = (_code_table(COVERED), _code_table(FLAG, MINE))
_UNKNOWN_IGNORE = (_code_table(COVERED, FLAG), _code_table(MINE))
#: 0xFF for a revealed number (a byte mask); the number itself (0 for any other code)
_REVEALED = _code_table(*range(9), value=0xFF)
_REVEALED_ONE = _code_table(*range(9))
_NUMBER = bytes(bytearray(k if k < 9 else 0 for k in range(256)))


#: Per byte value, its number of set bits (a neighbour pattern's count).
_POPCOUNT = bytes(bin(v).count("1") for v in range(256))


@lru_cache(maxsize=64)
def _pattern_steps(cols: int) -> tuple[tuple[int, ...], ...]:
    """Per neighbour pattern, the board-index steps of its marked neighbours in table order (off-board
    neighbours are never marked: they are the zero padding)."""
    steps = [dr * cols + dc for dr, dc in _STEPS]
    return tuple(tuple(d for k, d in enumerate(steps) if pattern >> k & 1) for pattern in range(256))


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
    got = _core.scan_clues(board.rows, board.cols, _code_bytes(board.cells), trust_flags, current().left())
    if got[0] != 0:
        raise OutOfTime()
    _, unknown, clue_data, clue_cells = got
    return tuple(unknown), make_clues(clue_data, board.cols), clue_cells


def make_clues(clue_data: list[tuple[int, int, int, list[int]]], cols: int) -> tuple[Clue, ...]:
    """The clues from the core's plain data: (board index, number, need, cells) each."""
    new_clue = tuple.__new__  # Clue's own __new__ is a Python function; the fields are all known here
    return tuple([new_clue(Clue, (i, i // cols, i % cols, number, need, frozenset(cells)))
                  for i, number, need, cells in clue_data])


def _scan_clues_python(board: Board, trust_flags: bool = True) -> tuple[tuple[int, ...], tuple[Clue, ...], int]:
    """The Python scan, kept only until the differential run against the native one is recorded."""
    cells = board.cells
    cols = board.cols
    unknown_of, mine_of = _UNKNOWN_TRUST if trust_flags else _UNKNOWN_IGNORE
    codes = _code_bytes(cells)
    is_unknown = codes.translate(unknown_of)
    n = len(cells)
    unknown = tuple(compress(range(n), is_unknown))
    pattern = _neighbour_patterns(board.rows, cols, is_unknown)
    n_unknown = pattern.translate(_POPCOUNT)
    n_mine = _neighbour_counts(board.rows, cols, codes.translate(mine_of))
    # the revealed numbers kept as clues: those with an unknown neighbour, and those whose known
    # mines differ from their number (violated); found with whole-board byte and integer operations,
    # so no Python code runs for the (about half of a position's) numbers that say nothing more
    keep = ((int.from_bytes(n_unknown, "little")
             | (int.from_bytes(n_mine, "little") ^ int.from_bytes(codes.translate(_NUMBER), "little")))
            & int.from_bytes(codes.translate(_REVEALED), "little"))
    pattern_steps = _pattern_steps(cols)
    kept = list(compress(range(n), keep.to_bytes(n, "little")))
    new_clue = tuple.__new__  # Clue's own __new__ is a Python function; the fields are all known here
    clues: list[Clue] = []
    for start in range(0, len(kept), 1024):
        check()  # the analysis deadline (cpsolve.budget)
        # each clue's cells in neighbour-table order (the order later passes iterate them in)
        clues += [new_clue(Clue, (i, i // cols, i % cols, cells[i], cells[i] - n_mine[i],
                                  frozenset(map(i.__add__, pattern_steps[pattern[i]]))))
                  for i in kept[start:start + 1024]]
    n_revealed = _neighbour_counts(board.rows, cols, codes.translate(_REVEALED_ONE))
    in_clue = (int.from_bytes(n_revealed, "little") & int.from_bytes(is_unknown, "little") * 0xFF).to_bytes(n, "little")
    return unknown, tuple(clues), n - in_clue.count(0)
