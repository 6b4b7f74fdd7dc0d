"""Clue extraction: each revealed number as "``need`` mines among these unknown cells"."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import COVERED, FLAG, MINE, Board, neighbour_table
from ..budget import check

#: Source id standing for the global mine total in ``sources`` sets.
TOTAL = -1


class Inconsistent(Exception):
    """No placement satisfies the model. ``sources``: clue ids (and :data:`TOTAL`) that conflict."""

    def __init__(self, sources: frozenset[int], reason: str = "") -> None:
        self.sources = sources
        self.reason = reason
        super().__init__(reason or "inconsistent")


@dataclass(frozen=True)
class Clue:
    """A revealed number: ``need`` mines among the unknown ``cells`` (board indices)."""

    index: int
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
    cells = board.cells
    cols = board.cols
    if trust_flags:
        unknown = tuple(i for i, v in enumerate(cells) if v == COVERED)
        is_unknown = [v == COVERED for v in cells]
        is_mine = [v == FLAG or v == MINE for v in cells]
    else:
        unknown = tuple(i for i, v in enumerate(cells) if v == COVERED or v == FLAG)
        is_unknown = [v == COVERED or v == FLAG for v in cells]
        is_mine = [v == MINE for v in cells]
    table = neighbour_table(board.rows, cols) if len(cells) <= 250_000 else None
    clues = []
    for i, k in enumerate(cells):
        if k < 0:
            continue
        if not i & 1023:
            check()  # the analysis deadline (cpsolve.budget)
        unk = []
        known = 0
        for j in (table[i] if table is not None else board.neighbours(i)):
            if is_unknown[j]:
                unk.append(j)
            elif is_mine[j]:
                known += 1
        if not unk and known == k:
            continue
        r, c = divmod(i, cols)
        clues.append(Clue(i, r, c, k, k - known, frozenset(unk)))
    return unknown, tuple(clues)
