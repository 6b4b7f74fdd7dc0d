"""Certainties one clue or two clues force, and the certified deductions of a model.

For fast proved-move play (no-guess generation replays a board dozens of times): a revealed number
whose mines are all known makes its other covered neighbours safe; one that needs as many mines as
it has covered neighbours makes them all mines; two clues sharing covered cells bound the mines
in the shared part, which can force the cells only one of them sees. Each is sound for any
placement satisfying the clues it names, so they need neither the total nor a solver. :func:`model_deductions` turns the
simplified model's fixed facts into certainties without building a solver encoding (the same
certainties as :func:`~cpsolve.proof.prove_model` makes before its solver runs).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import COVERED, FLAG, MINE, neighbours
from ..constraints import TOTAL, Model
from .certainty import Certainty, certify


def clue_need(rows: int, cols: int, cells: Sequence[int], clue: int) -> tuple[int, list[int]]:
    """The mines the revealed number at ``clue`` still needs and its covered neighbours.

    ``cells`` are board cell codes (row-major; flags and known mines count as mines).
    """
    k = cells[clue]
    if k < 0:
        raise ValueError(f"cell {divmod(clue, cols)} is not a revealed number")
    unknown = []
    known = 0
    for j in neighbours(rows, cols, clue):
        v = cells[j]
        if v == COVERED:
            unknown.append(j)
        elif v == FLAG or v == MINE:
            known += 1
    return k - known, unknown


def clue_certainties(rows: int, cols: int, cells: Sequence[int], clue: int) -> list[Certainty]:
    """What the revealed number at ``clue`` forces on its own about its covered neighbours."""
    need, unknown = clue_need(rows, cols, cells, clue)
    if not unknown or 0 < need < len(unknown):
        return []
    if need < 0 or need > len(unknown):
        raise ValueError(f"the clue at {divmod(clue, cols)} cannot be met")
    mine = need > 0
    where = (divmod(clue, cols),)
    return [certify(divmod(j, cols), mine, "deduction", where, False) for j in unknown]


def pair_certainties(rows: int, cols: int, cells: Sequence[int], a: int, b: int) -> list[Certainty]:
    """What the revealed numbers at ``a`` and ``b`` force together (see :func:`pair_forced`)."""
    need_a, cells_a = clue_need(rows, cols, cells, a)
    need_b, cells_b = clue_need(rows, cols, cells, b)
    return pair_forced(cols, a, need_a, cells_a, b, need_b, cells_b)


def pair_forced(cols: int, a: int, need_a: int, cells_a: Sequence[int], b: int, need_b: int,
                cells_b: Sequence[int]) -> list[Certainty]:
    """What two clues force together: clue ``a`` needs ``need_a`` more mines among the covered
    cells ``cells_a`` (from :func:`clue_need`), likewise ``b``.

    With ``S`` their shared covered cells, the mines in ``S`` lie in ``[lo, hi]`` (from both needs
    and the cells each has outside ``S``); the cells only ``a`` sees then hold between
    ``need_a - hi`` and ``need_a - lo`` mines: all safe when the upper end is 0, all mines when the
    lower end is their number (likewise for ``b``, and for ``S`` itself).
    """
    shared = set(cells_a).intersection(cells_b)
    if not shared:
        return []
    only_a = [j for j in cells_a if j not in shared]
    only_b = [j for j in cells_b if j not in shared]
    lo = max(0, need_a - len(only_a), need_b - len(only_b))
    hi = min(need_a, need_b, len(shared))
    if lo > hi:
        raise ValueError(f"the clues at {divmod(a, cols)} and {divmod(b, cols)} cannot both be met")
    forced: list[tuple[int, bool]] = []
    for only, need in ((only_a, need_a), (only_b, need_b)):
        if only and need - lo == 0:
            forced.extend((j, False) for j in only)
        elif only and need - hi == len(only):
            forced.extend((j, True) for j in only)
    if hi == 0 or lo == len(shared):
        forced.extend((j, lo > 0) for j in sorted(shared))
    if not forced:
        return []
    where = tuple(sorted((divmod(a, cols), divmod(b, cols))))
    return [certify(divmod(j, cols), m, "deduction", where, False) for j, m in forced]


def model_deductions(model: Model) -> dict[int, Certainty]:
    """The model's fixed facts as certainties (engine "deduction"), keyed by board cell index."""
    out: dict[int, Certainty] = {}
    memo: dict[frozenset[int], tuple[tuple[int, int], ...]] = {}
    for cell, fact in model.fixed.items():
        used = memo.get(fact.sources)
        if used is None:
            used = memo[fact.sources] = tuple(model.clue_cells(fact.sources))
        out[cell] = certify(divmod(cell, model.cols), fact.mine, "deduction", used, TOTAL in fact.sources)
    return out
