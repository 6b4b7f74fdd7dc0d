"""The simplifier: solution-preserving rules applied to a fixpoint, each derived fact with its sources.

A constraint needing 0 mines, or as many as it has cells, fixes them; a constraint inside another is
subtracted from it; two overlapping constraints whose difference is forced fix it.

Every step goes in a stated order, independent of how Python lays out its sets: constraints are
numbered as they are stored (a constraint stored again gets a new number), cells are fixed in
ascending order, a fixed cell's constraints are revisited in the order they were stored, and a
constraint is compared with its neighbours in that order too. The fixed cells, the constraints left
and the first contradiction met (with its sources, which start the conflict's explanation) therefore
follow from the clues alone, and the native core applies the rules in exactly this order.
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


class Simplifier:
    """Fixpoint of the simplification rules over a set of constraints, numbered as they are stored."""

    def __init__(self) -> None:
        self.ids: dict[frozenset[int], int] = {}  # the stored constraints' cells -> their number
        self.cells: list[frozenset[int]] = []     # per number: cells, need, sources
        self.need: list[int] = []
        self.src: list[frozenset[int]] = []
        self.by_cell: dict[int, set[int]] = {}    # cell -> numbers of the stored constraints on it
        self.fixed: dict[int, Fact] = {}
        self.work: list[int] = []                 # numbers to compare with their neighbours (a stack)
        self.fixq: list[int] = []                 # cells fixed and not yet taken out (a stack)
        self._adds = 0
        self._pairs = 0

    @property
    def cons(self) -> dict[frozenset[int], tuple[int, frozenset[int]]]:
        """The stored constraints in the order they were stored: cells -> (need, sources)."""
        return {cells: (self.need[k], self.src[k]) for cells, k in sorted(self.ids.items(), key=itemgetter(1))}

    def store(self, cells: frozenset[int], need: int, src: frozenset[int]) -> None:
        """Store ``need`` mines among ``cells`` (not yet stored, no cell fixed) under the next number."""
        k = len(self.cells)
        self.ids[cells] = k
        self.cells.append(cells)
        self.need.append(need)
        self.src.append(src)
        by_cell = self.by_cell
        for c in cells:
            s = by_cell.get(c)
            if s is None:
                by_cell[c] = {k}
            else:
                s.add(k)
        self.work.append(k)

    def add(self, cells: frozenset[int], need: int, src: frozenset[int]) -> None:
        # the analysis deadline (cpsolve.budget): every constraint passes through here; checked at
        # the first and then every 32nd (a check per call was 8% of an Expert position's analysis)
        if not self._adds & 31:
            check()
        self._adds += 1
        fixed = self.fixed
        if fixed and not fixed.keys().isdisjoint(cells):
            keep = []
            used = []
            for c in cells:
                f = fixed.get(c)
                if f is None:
                    keep.append(c)
                else:
                    used.append(f[1])
                    need -= f[0]
            if not keep and need == 0:
                # met by the fixed cells: it says nothing more, and its provenance is never read
                return
            src = src.union(*used)
            cells = frozenset(keep)
        n = len(cells)
        if need < 0 or need > n:
            raise Inconsistent(src, f"{need} mines needed among {n} cells")
        if n == 0:
            return
        if need == 0 or need == n:
            # none of ``cells`` is fixed (fixed ones were taken out above): fix them all, in
            # ascending order, sharing one fact (a fact is immutable)
            fact = Fact(need == n, src)
            order = sorted(cells)
            for c in order:
                fixed[c] = fact
            self.fixq.extend(order)
            return
        old = self.ids.get(cells)
        if old is not None:
            if self.need[old] != need:
                raise Inconsistent(src | self.src[old], "two constraints on the same cells disagree")
            return
        self.store(cells, need, src)

    def add_clues(self, clues: Sequence[Clue]) -> None:
        """:meth:`add` for every clue in order (source: the clue's id, its position in ``clues``)."""
        add = self.add
        for cid, clue in enumerate(clues):
            if not clue.cells:
                if clue.need != 0:
                    raise Inconsistent(frozenset({cid}), "a clue has no covered neighbour left for its mines")
                continue
            add(clue.cells, clue.need, frozenset({cid}))

    def fix(self, cell: int, mine: bool, src: frozenset[int]) -> None:
        f = self.fixed.get(cell)
        if f is not None:
            if f.mine != mine:
                raise Inconsistent(src | f.sources, "a cell is forced both safe and mine")
            return
        self.fixed[cell] = Fact(mine, src)
        self.fixq.append(cell)

    def fix_split(self, mines: frozenset[int], safe: frozenset[int], src: frozenset[int]) -> None:
        """Fix the cells of ``mines`` mines and then those of ``safe`` safe, each in ascending order."""
        for c in sorted(mines):
            self.fix(c, True, src)
        for c in sorted(safe):
            self.fix(c, False, src)

    def remove(self, k: int) -> None:
        del self.ids[self.cells[k]]
        by_cell = self.by_cell
        for c in self.cells[k]:
            s = by_cell.get(c)
            if s is not None:
                s.discard(k)

    def run(self) -> None:
        ids, cells, need, src, by_cell, fixq, work = (self.ids, self.cells, self.need, self.src, self.by_cell,
                                                       self.fixq, self.work)
        while fixq or work:
            while fixq:
                on_cell = by_cell.pop(fixq.pop(), None)
                if on_cell:  # most fixed cells are in no constraint (fixed before any was stored)
                    for k in sorted(on_cell):
                        if ids.get(cells[k]) == k:
                            self.remove(k)
                            self.add(cells[k], need[k], src[k])
            if not work:
                break
            a = work.pop()
            self._pairs += 1
            if not self._pairs & 31:  # the deadline here too: a pass over pairs may derive nothing
                check()
            ca = cells[a]
            if ids.get(ca) != a:
                continue
            na, sa = need[a], src[a]
            near: set[int] = set()
            for c in ca:
                s = by_cell.get(c)
                if s:
                    near |= s
            near.discard(a)
            for b in sorted(near):
                cb = cells[b]
                if ids.get(cb) != b or ids.get(ca) != a:
                    continue
                nb, sb = need[b], src[b]
                if ca < cb:
                    self.remove(b)
                    self.add(cb - ca, nb - na, sa | sb)
                elif cb < ca:
                    self.remove(a)
                    self.add(ca - cb, na - nb, sa | sb)
                    break
                else:
                    # Overlap: when B needs |B\A| more mines than A, B\A is all mines and A\B all safe.
                    only_b = cb - ca
                    only_a = ca - cb
                    if nb - na == len(only_b):
                        self.fix_split(only_b, only_a, sa | sb)
                    elif na - nb == len(only_a):
                        self.fix_split(only_a, only_b, sa | sb)
                    else:
                        continue
                    # facts found: apply them first, then look at this constraint again
                    work.append(a)
                    break
