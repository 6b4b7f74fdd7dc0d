"""Clue extraction: each revealed number as "``need`` mines among these unknown cells"."""

from __future__ import annotations

from typing import NamedTuple

from ..board import COVERED, FLAG, MINE, Board, neighbour_table
from ..budget import check
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



def _code_table(*marked: int) -> tuple[int, ...]:
    """Indexed by a cell code (0..8, or COVERED/FLAG/MINE counting from the end): 1 for ``marked``."""
    table = [0] * 12
    for code in marked:
        table[code] = 1
    return tuple(table)


assert COVERED == -1 and FLAG == -2 and MINE == -3  # the tables below index codes from the end
#: (is unknown, is a mine) per cell code, with flags trusted as mines / with flags ignored
_UNKNOWN_TRUST = (_code_table(COVERED), _code_table(FLAG, MINE))
_UNKNOWN_IGNORE = (_code_table(COVERED, FLAG), _code_table(MINE))


#: Boards up to this many cells read neighbours from the cached table; larger ones use padded offsets.
TABLE_CELLS = 250_000


def _neighbour_counts(rows: int, cols: int, marks: bytes) -> bytes:
    """Per cell, how many of its 8 neighbours are marked (``marks``: one byte 0/1 per cell, row-major).

    One pass over a padded flat board with the fixed neighbour offsets, done as arithmetic on one
    big integer per board: each byte is a cell's counter (at most 8, so no carry crosses into the
    next byte), and adding the board shifted by the 8 offsets counts every cell's neighbours at
    once. This keeps the per-cell Python work off the ~half of a position's revealed cells that
    have no covered neighbour (and it is what makes a 1000x1000 board's clue scan take milliseconds).
    """
    w = cols + 2
    zero = bytes(1)
    pad_row = bytes(w)
    padded = pad_row + b"".join(zero + marks[r * cols:(r + 1) * cols] + zero for r in range(rows)) + pad_row
    x = int.from_bytes(padded, "little")
    total = 0
    for off in (1, w - 1, w, w + 1):
        total += (x << (8 * off)) + (x >> (8 * off))
    counts = total.to_bytes(len(padded) + w + 2, "little")
    return b"".join(counts[(r + 1) * w + 1:(r + 1) * w + 1 + cols] for r in range(rows))


def board_clues(board: Board, trust_flags: bool = True) -> tuple[tuple[int, ...], tuple[Clue, ...]]:
    """The unknown cells and the clues of a board (flags count as mines when ``trust_flags``).

    Only clues that constrain something are kept: a revealed number with no unknown neighbour is
    dropped when its mines are all known (it says nothing more), and kept when it is violated.
    """
    cells = board.cells
    cols = board.cols
    unknown_of, mine_of = _UNKNOWN_TRUST if trust_flags else _UNKNOWN_IGNORE
    is_unknown = bytes(map(unknown_of.__getitem__, cells))
    is_mine = bytes(map(mine_of.__getitem__, cells))
    unknown = tuple(i for i, v in enumerate(is_unknown) if v)
    n_unknown = _neighbour_counts(board.rows, cols, is_unknown)
    n_mine = _neighbour_counts(board.rows, cols, is_mine)
    table = neighbour_table(board.rows, cols) if len(cells) <= TABLE_CELLS else None
    if table is None:
        # huge boards: no table; the padded board's fixed offsets, paired with the same step on the
        # board (off-board neighbours land on the zero padding, so they are never taken)
        w = cols + 2
        zero = bytes(1)
        pad_row = bytes(w)
        padded = pad_row + b"".join(zero + is_unknown[r * cols:(r + 1) * cols] + zero
                                    for r in range(board.rows)) + pad_row
        steps = [(dr * w + dc, dr * cols + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    clues = []
    for i, k in enumerate(cells):
        if k < 0 or (not n_unknown[i] and n_mine[i] == k):
            continue
        if not i & 1023:
            check()  # the analysis deadline (cpsolve.budget)
        r, c = divmod(i, cols)
        if table is not None:
            unk = [j for j in table[i] if is_unknown[j]]
        else:
            p = (r + 1) * w + c + 1
            unk = [i + d for o, d in steps if padded[p + o]]
        clues.append(Clue(i, r, c, k, k - n_mine[i], frozenset(unk)))
    return unknown, tuple(clues)
