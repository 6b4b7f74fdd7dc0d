"""The simplified constraint model of a position (:func:`build_model`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import filterfalse

from ..board import Board
from .clues import TOTAL, Clue, Inconsistent, scan_clues
from .components import Component, Constraint, split_components
from .simplify import Fact, Simplifier, mine_of


@dataclass(frozen=True)
class Model:
    rows: int
    cols: int
    unknown: tuple[int, ...]          # covered, unflagged cells, row-major board indices
    clues: tuple[Clue, ...]           # every revealed number (clue id = position here)
    remaining: int | None             # mines among ``unknown`` (total minus flags and known mines)
    fixed: dict[int, Fact]            # cells fixed by simplification
    constraints: tuple[Constraint, ...]  # simplified constraints over unfixed cells
    components: tuple[Component, ...]
    outside: tuple[int, ...]          # unfixed unknown cells in no constraint
    stats: dict[str, int] = field(default_factory=dict, compare=False)

    @cached_property
    def remaining_free(self) -> int | None:
        """Mines among the unfixed cells (components and outside); computed once per model."""
        if self.remaining is None:
            return None
        return self.remaining - sum(map(mine_of, self.fixed.values()))

    def clue_cells(self, sources: frozenset[int]) -> list[tuple[int, int]]:
        """Board coordinates of the clues among ``sources`` (TOTAL omitted), sorted."""
        return sorted((self.clues[s].row, self.clues[s].col) for s in sources if s != TOTAL)



def build_model(board: Board, *, trust_flags: bool = True, simplify: bool = True) -> Model:
    """The simplified constraint model of ``board``. Raises :class:`Inconsistent`."""
    unknown, clues, clue_cells = scan_clues(board, trust_flags)
    remaining = board.remaining_mines(trust_flags)
    if remaining is not None and (remaining < 0 or remaining > len(unknown)):
        raise Inconsistent(frozenset({TOTAL}), f"{remaining} mines remain for {len(unknown)} cells")
    simp = Simplifier()
    if simplify:
        simp.add_clues(clues)
    else:
        for cid, clue in enumerate(clues):
            src = frozenset({cid})
            if not clue.cells:
                if clue.need != 0:
                    raise Inconsistent(src, "a clue has no covered neighbour left for its mines")
                continue
            if clue.need < 0 or clue.need > len(clue.cells):
                raise Inconsistent(src, "a clue needs more mines than it has cells")
            old = simp.ids.get(clue.cells)
            if old is None:
                simp.store(clue.cells, clue.need, src)
            elif simp.need[old] != clue.need:
                raise Inconsistent(src | simp.src[old], "two clues on the same cells disagree")
    if simplify:
        simp.run()
        if remaining is not None:
            # The total alone: no mines left fixes every unfixed cell safe, no room fixes them all mines.
            while True:
                n_mines = sum(map(mine_of, simp.fixed.values()))
                n_free = len(unknown) - len(simp.fixed)
                left = remaining - n_mines
                if 0 < left < n_free or (n_free == 0 and left == 0):
                    break
                # the provenance is built only here, when the total decides something
                src = frozenset({TOTAL}).union(*(f.sources for f in simp.fixed.values() if f.mine))
                if left < 0 or left > n_free:
                    raise Inconsistent(src, "the mine total cannot be met")
                if left > 0:
                    # all remaining mines are forced: the source is the total and every fixed safe cell
                    src = src.union(*(f.sources for f in simp.fixed.values() if not f.mine))
                for c in unknown:
                    if c not in simp.fixed:
                        simp.fix(c, left > 0, src)
                simp.run()
    constraints = tuple(Constraint(k, n, s) for k, (n, s) in simp.cons.items())
    components, in_constraint = split_components(constraints)
    in_constraint_or_fixed = in_constraint.union(simp.fixed)
    outside = tuple(filterfalse(in_constraint_or_fixed.__contains__, unknown))
    stats = {
        "clue_cells": clue_cells,
        "frontier": len(in_constraint),
        "fixed": len(simp.fixed),
        "components": len(components),
        "largest_component": max((c.size for c in components), default=0),
    }
    return Model(board.rows, board.cols, unknown, clues, remaining, dict(simp.fixed), constraints,
                 components, outside, stats)
