"""The safest cell: the lowest mine probability among the cells that can be safe (proved-safe cells
first), ties to the fewest covered neighbours, then row-major (:func:`safest_cell`; on a counted
board read off the group values, :func:`lowest_cells`). The ``basic`` player's guess and
:attr:`~.analysis.Analysis.safest`; the best guess is the strongest player's (:mod:`cpsolve.play.strategy`,
:attr:`~.analysis.Analysis.best_guess`)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress, filterfalse

from .. import _core
from ..board import IS_COVERED, Board
from ..constraints.model import mine_flags
from ..probability import Exact, Probability
from .cells import CellResult
from .groups import GroupProbabilities


def safest_cell(cells: Sequence[CellResult], board: Board | None = None) -> tuple[int, int] | None:
    """The safest cell among ``cells``: the one lowest-probability rule of the package, used by
    :attr:`Analysis.safest`, the document's ``safest`` and the player's ``basic`` strategy.

    The candidates are the proved-safe cells if there are any, else every cell that can be safe
    (never a proved mine, nor a cell whose exact probability is 1). Among them the lowest mine
    probability wins (exact fractions compared exactly); ties go to the cell with the fewest
    covered neighbours on ``board`` (the most likely to show a 0 and open up; not counted without
    a board), then to row-major order. None when no cell is a candidate: a finished board, or one
    whose every covered cell is a mine (:func:`no_guess_reason` says which).
    """
    pool = ([c for c in cells if c.proof is not None and not c.proof.mine]
            or [c for c in cells if not _certain_mine(c)])
    if not pool:
        return None
    low = lowest([c.probability for c in pool])
    tied = [c for c in pool if id(c.probability) in low]
    if board is None:
        best = min(tied, key=lambda c: (c.row, c.col))
        return best.row, best.col
    i = _fewest_covered_around(board, [board.index(c.row, c.col) for c in tied])
    return divmod(i, board.cols)


def lowest_cells(probs: GroupProbabilities) -> list[int]:
    """The cells of ``probs`` (an exactly counted board's, kept per group: no estimate is replaced
    by a proof) whose value is the lowest that is not 1, in no particular order; none when every
    value is 1. The values are compared once per object and the cells gathered by group in C
    (compress): no value looked up per covered cell."""
    explicit, p_out, zero = probs.explicit(), probs._p_out, probs._zero
    values = list(explicit.values())
    ids = list(map(id, values))
    distinct = dict(zip(ids, values, strict=True))
    flags = mine_flags(probs._fixed)  # a dict: its membership test runs in C, the model's in Python
    outside = filterfalse(flags.__contains__, filterfalse(explicit.__contains__, probs._outside))
    first_out = next(outside, None)
    if first_out is not None:
        distinct[id(p_out)] = p_out
    safe_fixed = [i for i, mine in flags.items() if not mine and i not in explicit]
    if safe_fixed:
        distinct[id(zero)] = zero
    keep = [p for p in distinct.values() if not (isinstance(p, Exact) and p.is_one())]
    if not keep:
        return []
    low = lowest(keep)
    tied = list(compress(explicit, map(low.__contains__, ids)))
    if first_out is not None and id(p_out) in low:
        tied += [first_out, *outside]
    if safe_fixed and id(zero) in low:
        tied += safe_fixed
    return tied


def tie_break(tied: list[int], board: Board | None, cols: int) -> tuple[int, int] | None:
    """The cell of ``tied`` (board indices) :func:`safest_cell` picks: the fewest covered neighbours
    on ``board``, then row-major order; None when ``tied`` is empty."""
    if not tied:
        return None
    if board is None:
        return divmod(min(tied), cols)
    return divmod(_fewest_covered_around(board, tied), cols)


def lowest(probs: Sequence[Probability]) -> set[int]:
    """The ids of the objects among ``probs`` that hold the lowest probability. The cells of a board
    share a few value objects (one per group, one for every off-frontier cell), so the values are
    compared once per object, not once per cell (a blank 1000x1000 board has a million cells);
    exact ones by cross-multiplying their ratios (no Fraction, nor its gcd, made)."""
    distinct = {id(p): p for p in probs}
    if all(p.__class__ is Exact for p in distinct.values()):
        exact: dict[int, Exact] = distinct  # type: ignore[assignment]
        least = Exact.least(exact.values())
        return {k for k, p in exact.items() if p == least}
    keys = {k: p.sort_key() for k, p in distinct.items()}
    low = min(keys.values())
    return {k for k, v in keys.items() if v == low}


def _fewest_covered_around(board: Board, tied: list[int]) -> int:
    """The cell of ``tied`` (board indices) with the fewest covered neighbours on ``board`` (the
    most likely to show a 0 and open up), the first in row-major order among equals (the core's
    ``best_cell``, as for the document's ``safest``)."""
    tied_keys = _core.CellKeys(rows=board.rows, cols=board.cols, cells=array("I", tied).tobytes())
    got = _core.best_cell(tied_keys, covered_mask(board), array("I", [0]).tobytes())
    assert got is not None
    return int(got)


def covered_mask(board: Board) -> bytes:
    """A byte per board cell: 1 where it is covered (not flagged, not a known mine)."""
    return board.codes.translate(IS_COVERED)


def _certain_mine(c: CellResult) -> bool:
    """A proved mine, or an exact probability of 1: never a guess."""
    p = c.probability
    return (c.proof is not None and c.proof.mine) or (isinstance(p, Exact) and p.fraction == 1)


def no_guess_reason(cells: Sequence[CellResult]) -> str:
    """Why :func:`safest_cell` found no cell: one phrase for messages."""
    return "every covered cell is a mine" if cells else "no covered cell left"

