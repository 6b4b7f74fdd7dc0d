"""The simplifier: solution-preserving rules applied to a fixpoint, each derived fact with its sources.

A constraint needing 0 mines, or as many as it has cells, fixes them; a constraint inside another is
subtracted from it; two overlapping constraints whose difference is forced fix it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

from ..budget import check
from .clues import Clue, Inconsistent


class Fact(NamedTuple):
    """A cell fixed by simplification, with the clue ids (and maybe TOTAL) it follows from."""

    mine: bool
    sources: frozenset[int]



#: A fact's ``mine`` (True counts 1 in a sum).
mine_of = itemgetter(0)


def _take_fixed(cells: frozenset[int], need: int, fixed: dict[int, Fact]
                ) -> tuple[list[int], int, list[frozenset[int]]]:
    """The cells of a constraint not yet fixed, its need less the fixed mines among the others, and
    those fixed cells' sources."""
    keep = []
    used = []
    for c in cells:
        f = fixed.get(c)
        if f is None:
            keep.append(c)
        else:
            used.append(f[1])
            if f[0]:
                need -= 1
    return keep, need, used


class Simplifier:
    """Fixpoint of the simplification rules over a set of constraints keyed by their cell sets."""

    def __init__(self) -> None:
        self.cons: dict[frozenset[int], tuple[int, frozenset[int]]] = {}
        self.by_cell: dict[int, set[frozenset[int]]] = {}
        self.fixed: dict[int, Fact] = {}
        self.work: list[frozenset[int]] = []
        self.fixq: list[int] = []
        self._adds = 0
        self._pairs = 0

    def add(self, cells: frozenset[int], need: int, src: frozenset[int]) -> None:
        # the analysis deadline (cpsolve.budget): every constraint passes through here; checked at
        # the first and then every 32nd (a check per call was 8% of an Expert position's analysis)
        if not self._adds & 31:
            check()
        self._adds += 1
        fixed = self.fixed
        if fixed and not fixed.keys().isdisjoint(cells):
            keep, need, used = _take_fixed(cells, need, fixed)
            if not keep and need == 0:
                # met by the fixed cells: it says nothing more, and its provenance is never read
                # (most clues of a played position end here; their unions were a fifth of the model)
                return
            src = src.union(*used)
            cells = frozenset(keep)
        n = len(cells)
        if need < 0 or need > n:
            raise Inconsistent(src, f"{need} mines needed among {n} cells")
        if n == 0:
            return
        if need == 0 or need == n:
            mine = need == n
            for c in cells:
                self.fix(c, mine, src)
            return
        old = self.cons.get(cells)
        if old is not None:
            if old[0] != need:
                raise Inconsistent(src | old[1], "two constraints on the same cells disagree")
            return
        self.cons[cells] = (need, src)
        for c in cells:
            self.by_cell.setdefault(c, set()).add(cells)
        self.work.append(cells)

    def add_clues(self, clues: Sequence[Clue]) -> None:
        """:meth:`add` for every clue in order (source: the clue's id, its position in ``clues``).

        The same steps as :meth:`add` and :meth:`fix`, inlined: this runs for every revealed number
        next to a covered cell (hundreds per position), and in a played position most of them are
        already met by cells fixed by earlier clues, so it skips their provenance entirely."""
        fixed, cons, by_cell, work, fixq = self.fixed, self.cons, self.by_cell, self.work, self.fixq
        fixed_cells = fixed.keys()
        fact_of = fixed.__getitem__
        new_fact = tuple.__new__
        adds = self._adds
        for cid, clue in enumerate(clues):
            cells, need = clue.cells, clue.need
            if not cells:
                if need != 0:
                    raise Inconsistent(frozenset({cid}), "a clue has no covered neighbour left for its mines")
                continue
            if not adds & 31:
                check()  # the analysis deadline, as in add()
            adds += 1
            if fixed and not fixed_cells.isdisjoint(cells):
                if fixed_cells >= cells and sum(map(mine_of, map(fact_of, cells))) == need:
                    continue  # met by the fixed cells (see add()); most clues of a played position
                keep, need, used = _take_fixed(cells, need, fixed)
                if not keep and need == 0:
                    continue
                src = frozenset({cid}).union(*used)
                cells = frozenset(keep)
            else:
                src = frozenset({cid})
            n = len(cells)
            if need < 0 or need > n:
                self._adds = adds
                raise Inconsistent(src, f"{need} mines needed among {n} cells")
            if n == 0:
                continue
            if need == 0 or need == n:
                # none of ``cells`` is fixed yet (fixed ones were taken out above): fix them all,
                # sharing one fact (a fact is immutable)
                fact = new_fact(Fact, (need == n, src))  # Fact's own __new__ is a Python function
                for c in cells:
                    fixed[c] = fact
                fixq.extend(cells)
                continue
            old = cons.get(cells)
            if old is not None:
                if old[0] != need:
                    self._adds = adds
                    raise Inconsistent(src | old[1], "two constraints on the same cells disagree")
                continue
            cons[cells] = (need, src)
            for c in cells:
                by_cell.setdefault(c, set()).add(cells)
            work.append(cells)
        self._adds = adds

    def fix(self, cell: int, mine: bool, src: frozenset[int]) -> None:
        f = self.fixed.get(cell)
        if f is not None:
            if f.mine != mine:
                raise Inconsistent(src | f.sources, "a cell is forced both safe and mine")
            return
        self.fixed[cell] = Fact(mine, src)
        self.fixq.append(cell)

    def fix_split(self, mines: frozenset[int], safe: frozenset[int], src: frozenset[int]) -> None:
        """Fix every cell of ``mines`` a mine and every cell of ``safe`` safe, from ``src``."""
        for c in mines:
            self.fix(c, True, src)
        for c in safe:
            self.fix(c, False, src)

    def remove(self, cells: frozenset[int]) -> tuple[int, frozenset[int]]:
        need_src = self.cons.pop(cells)
        for c in cells:
            s = self.by_cell.get(c)
            if s is not None:
                s.discard(cells)
        return need_src

    def run(self) -> None:
        cons, by_cell, fixq, work = self.cons, self.by_cell, self.fixq, self.work
        empty: frozenset[frozenset[int]] = frozenset()
        while fixq or work:
            while fixq:
                keys = by_cell.pop(fixq.pop(), None)
                if keys:  # most fixed cells are in no constraint (fixed before any was stored)
                    for key in list(keys):
                        if key in cons:
                            need, src = self.remove(key)
                            self.add(key, need, src)
            if not work:
                break
            a = work.pop()
            self._pairs += 1
            if not self._pairs & 31:  # the deadline here too: a pass over pairs may derive nothing
                check()
            if a not in cons:
                continue
            na, sa = cons[a]
            others: set[frozenset[int]] = set()
            for c in a:
                others |= by_cell.get(c, empty)
            others.discard(a)
            for b in others:
                if b not in cons or a not in cons:
                    continue
                nb, sb = cons[b]
                if a < b:
                    self.remove(b)
                    self.add(b - a, nb - na, sa | sb)
                elif b < a:
                    self.remove(a)
                    self.add(a - b, na - nb, sa | sb)
                    break
                else:
                    # Overlap: when B needs |B\A| more mines than A, B\A is all mines and A\B all safe.
                    only_b = b - a
                    only_a = a - b
                    if nb - na == len(only_b):
                        self.fix_split(only_b, only_a, sa | sb)
                    elif na - nb == len(only_a):
                        self.fix_split(only_a, only_b, sa | sb)
                    else:
                        continue
                    # facts found: apply them first, then look at this constraint again
                    self.work.append(a)
                    break
