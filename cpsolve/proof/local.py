"""Certainties a single clue forces on its own, and the certified deductions of a model.

For fast proved-move play (no-guess generation replays a board dozens of times): a revealed number
whose mines are all known makes its other covered neighbours safe; one that needs as many mines as
it has covered neighbours makes them all mines. Both are sound for any placement that satisfies
that one clue, so they need neither the total nor a solver. :func:`model_deductions` turns the
simplified model's fixed facts into certainties without building a solver encoding (the same
certainties as :func:`~cpsolve.proof.prove_model` makes before its solver runs).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import COVERED, FLAG, MINE, neighbours
from ..constraints import TOTAL, Model
from .certainty import Certainty, certify


def clue_certainties(rows: int, cols: int, cells: Sequence[int], clue: int) -> list[Certainty]:
    """What the revealed number at ``clue`` forces on its own about its covered neighbours.

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
    need = k - known
    if not unknown or 0 < need < len(unknown):
        return []
    if need < 0 or need > len(unknown):
        raise ValueError(f"the clue at {divmod(clue, cols)} cannot be met")
    mine = need > 0
    where = (divmod(clue, cols),)
    return [certify(divmod(j, cols), mine, "deduction", where, False) for j in unknown]


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
