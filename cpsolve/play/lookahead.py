"""The player's look-ahead: exact counts of hypothetical positions.

The player asks "what if this cell showed the number v?" many times per guess. :class:`Lookahead`
answers with the same constraint model and the same exact marginals (:mod:`cpsolve.count.marginals`)
as :mod:`cpsolve.analysis`, read as floats (so its probabilities are the same numbers), and also
returns the number of placements ``z`` of each position, which gives the chance of each number:
``P(cell safe and shows v) = z_v / z``.

A hypothetical reveal is built *incrementally*: the revealed cell's clue is added to the constraints
of the components it touches, and only the merged component is counted again; every other
component keeps its count (and a cache keyed by structure avoids recounting repeats).

It never produces a certainty: the player uses it only to rank guesses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import count
from ..board import COVERED, Board, neighbours
from ..constraints import Component, Constraint, Inconsistent, build_model, split_components
from ..options import DEFAULT_STATE_BUDGET


@dataclass
class CountedPosition:
    """A position with the mine total, counted exactly.

    ``cells``: the board (revealed numbers, covered cells); ``fixed``: cells the model fixed (mine or
    not) without counting; ``comps``/``counts``/``cons``: the components, their counts by mine
    number and their constraints over board cells; ``outside``: unknown cells in no constraint.
    """

    rows: int
    cols: int
    cells: tuple[int, ...]
    fixed: dict[int, bool]
    comps: list[Component]
    counts: list[count.ComponentCount]
    cons: list[list[Constraint]]
    outside: tuple[int, ...]
    remaining: int                     # mines among the unfixed unknown cells
    z: int = 0                         # placements of the whole board
    _total: count.TotalCombination | None = field(default=None, repr=False)
    _prob: dict[int, float] | None = field(default=None, repr=False)
    _comp_of: dict[int, int] | None = field(default=None, repr=False)
    _tally: dict[int, int] | None = field(default=None, repr=False)

    @property
    def prob(self) -> dict[int, float]:
        """Mine probability of every unknown cell (float of the exact fraction)."""
        if self._prob is None:
            self._prob = self._probabilities()
        return self._prob

    @property
    def tally(self) -> dict[int, int]:
        """Placements with each unknown cell a mine, exactly (``prob`` is these over ``z``)."""
        if self._tally is None:
            assert self._total is not None
            z = self.z
            # a group's probability is num / (size * z), and by symmetry each of its cells is a mine
            # in num / size placements (an integer); an off-frontier cell's is out_num / z
            self._tally = count.cell_marginals(self.fixed, self.outside, self.counts,
                                               lambda num, den: num * z // den, total=self._total)
        return self._tally

    @property
    def comp_of(self) -> dict[int, int]:
        if self._comp_of is None:
            self._comp_of = {c: k for k, comp in enumerate(self.comps) for g in comp.groups for c in g.cells}
        return self._comp_of

    def _probabilities(self) -> dict[int, float]:
        assert self._total is not None
        return count.cell_marginals(self.fixed, self.outside, self.counts, count.float_ratio, total=self._total)

    def safe_cells(self) -> list[int]:
        return [i for i, p in self.prob.items() if p == 0.0]


class Lookahead:
    """Exact counting of positions and hypothetical reveals, with a per-component cache."""

    def __init__(self, state_budget: int | None = DEFAULT_STATE_BUDGET, cache_size: int = 0) -> None:
        self.state_budget = state_budget
        self.cache: dict[Component, count.ComponentCount] = {}
        self.cache_size = cache_size
        self.hits = self.misses = 0

    def _count(self, comp: Component) -> count.ComponentCount:
        if not self.cache_size:
            return count.count_component(comp, self.state_budget)
        cc = self.cache.get(comp)
        if cc is None:
            self.misses += 1
            cc = count.count_component(comp, self.state_budget)
            if len(self.cache) >= self.cache_size:
                self.cache.clear()
            self.cache[comp] = cc
        else:
            self.hits += 1
        return cc

    def solve(self, board: Board) -> CountedPosition:
        """Count ``board`` exactly. Raises Inconsistent (no placement) or count.BudgetExceeded."""
        if board.mines is None:
            raise ValueError("the look-ahead needs the mine total")
        model = build_model(board)
        comp_index = {c: k for k, comp in enumerate(model.components) for c in comp.cells}
        cons: list[list[Constraint]] = [[] for _ in model.components]
        for con in model.constraints:
            cons[comp_index[next(iter(con.cells))]].append(con)
        counted = count.count_model(model, count=self._count)
        if counted.estimated:
            raise count.BudgetExceeded(f"component {counted.estimated[0]} is over the state budget")
        remaining = model.remaining_free
        assert remaining is not None
        state = CountedPosition(board.rows, board.cols, board.cells, {i: f.mine for i, f in model.fixed.items()},
                                list(model.components), counted.in_order(), cons, tuple(model.outside), remaining)
        self._combine(state)
        return state

    def _combine(self, state: CountedPosition) -> None:
        total = count.combine_total(state.counts, len(state.outside), state.remaining)
        state.z, state._total = total.z, total

    def value_range(self, state: CountedPosition, cell: int) -> range:
        """The numbers ``cell`` could show, from its neighbours alone."""
        cells = state.cells
        lo = hi = 0
        for j in neighbours(state.rows, state.cols, cell):
            v = cells[j]
            if v < COVERED:          # flag or known mine
                lo += 1
                hi += 1
            elif v == COVERED:
                m = state.fixed.get(j)
                if m is None:
                    hi += 1
                elif m:
                    lo += 1
                    hi += 1
        return range(lo, hi + 1)

    def reveal(self, state: CountedPosition, cell: int, value: int) -> CountedPosition | None:
        """The position after ``cell`` (an unknown, unfixed-mine cell) shows ``value``; None if impossible."""
        if state.fixed.get(cell):
            return None
        rows, cols = state.rows, state.cols
        cells = state.cells
        nb = neighbours(rows, cols, cell)
        known = 0
        unk = []
        for j in nb:
            v = cells[j]
            if v < COVERED:
                known += 1
            elif v == COVERED:
                m = state.fixed.get(j)
                if m is None:
                    unk.append(j)
                elif m:
                    known += 1
        need = value - known
        if need < 0 or need > len(unk):
            return None
        new_cells = list(cells)
        new_cells[cell] = value
        extra = [Constraint(frozenset(unk), need, frozenset())] if unk else []
        return self._derive(state, cell, extra, tuple(new_cells))

    def assume_mine(self, state: CountedPosition, cell: int) -> CountedPosition | None:
        """The position conditioned on ``cell`` being a mine (None if it cannot be one)."""
        m = state.fixed.get(cell)
        if m is not None:
            return state if m else None
        return self._derive(state, None, [Constraint(frozenset({cell}), 1, frozenset())], state.cells)

    def _derive(self, state: CountedPosition, removed: int | None, extra: list[Constraint],
                new_cells: tuple[int, ...]) -> CountedPosition | None:
        """``state`` with cell ``removed`` known safe (taken out of the unknowns) and ``extra``
        constraints added; only the components they touch are counted again."""
        comp_of = state.comp_of
        touched = set().union(*(con.cells for con in extra)) if extra else set()
        if removed is not None:
            touched.add(removed)
        affected = {comp_of[j] for j in touched if j in comp_of}
        new_cons: list[Constraint] = []
        for k in affected:
            for con in state.cons[k]:
                if removed is not None and removed in con.cells:
                    cs = con.cells - {removed}
                    if not cs:
                        if con.need:
                            return None
                        continue
                    if con.need > len(cs):
                        return None
                    new_cons.append(Constraint(cs, con.need, con.sources))
                else:
                    new_cons.append(con)
        new_cons.extend(extra)
        comps: list[Component] = []
        counts: list[count.ComponentCount] = []
        cons: list[list[Constraint]] = []
        for k, comp in enumerate(state.comps):
            if k not in affected:
                comps.append(comp)
                counts.append(state.counts[k])
                cons.append(state.cons[k])
        in_con: set[int] = set()
        if new_cons:
            made, in_con = split_components(tuple(new_cons))
            member: dict[int, int] = {}
            for k, comp in enumerate(made):
                for c in comp.cells:
                    member[c] = k
            grouped: list[list[Constraint]] = [[] for _ in made]
            for con in new_cons:
                grouped[member[next(iter(con.cells))]].append(con)
            for comp, gcons in zip(made, grouped, strict=True):
                comps.append(comp)
                counts.append(self._count(comp))
                cons.append(gcons)
        outside = tuple(c for c in state.outside if c != removed and c not in in_con)
        hyp = CountedPosition(state.rows, state.cols, new_cells, state.fixed, comps, counts, cons, outside,
                    state.remaining)
        try:
            self._combine(hyp)
        except Inconsistent:
            return None
        return hyp

    def outcomes(self, state: CountedPosition, cell: int) -> dict[int, CountedPosition]:
        """Every number ``cell`` can show when safe, with the position after it.

        ``sum(s.z for s in result.values()) == state.z * P(cell safe)`` exactly.
        """
        out = {}
        for v in self.value_range(state, cell):
            hyp = self.reveal(state, cell, v)
            if hyp is not None:
                out[v] = hyp
        return out

    def condition(self, state: CountedPosition, mines: Iterable[int] = (),
                  safes: Iterable[int] = ()) -> CountedPosition | None:
        """The position conditioned on ``mines`` being mines and ``safes`` safe (None if no placement
        has both); its ``z`` counts those placements."""
        extra = []
        for cell, need in [*((c, 1) for c in mines), *((c, 0) for c in safes)]:
            m = state.fixed.get(cell)
            if m is not None:
                if m != bool(need):
                    return None
                continue
            extra.append(Constraint(frozenset({cell}), need, frozenset()))
        if not extra:
            return state
        return self._derive(state, None, extra, state.cells)
