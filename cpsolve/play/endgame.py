"""Exact optimal play when few placements remain (a brute-force game-tree search).

When a position has at most a few hundred placements consistent with everything seen, the player can
afford to list them all and search the game tree: a move reveals a cell, which is a mine in some
placements (the game is lost) and shows a number in the others (the placements split by number).
The chance of winning from a set of placements ``S`` is

    win(S) = 1                                   if every covered cell is decided in S
           = sum_v |S_v|/|S| * win(S_v)          if some cell is safe in all of S and its number varies
           = max_x sum_v |S_v^x|/|S| * win(S_v^x) otherwise (x ranges over undecided cells)

(revealing a cell that is safe in all of S first is never worse: any winning line must open it).
Sets are bitmasks over the list of placements; results are memoised; a node budget bounds the work.
When it runs out the search stops (the player then guesses by its heuristic); the first moves it
evaluated to the end are kept in :attr:`EndgameSearch.first`, from which
``benchmarks/experiments/endgame_gain.py`` measures what a partial search would win (docs/play.md:
nothing shown, so the player does not use it).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from math import comb

from .. import _core
from ..board import COVERED, neighbours
from ..constraints import Component
from ..errors import BudgetError
from .lookahead import CountedPosition


class SearchBudgetExceeded(BudgetError):
    """The endgame search visited more positions than its node budget."""


def _component_configs(comp: Component) -> Iterator[tuple[int, ...]]:
    """Mine counts per group of ``comp`` satisfying every constraint."""
    groups = comp.groups
    sizes = [g.size for g in groups]
    cons = comp.constraints
    residual = [need for _, need in cons]
    # capacity left in each constraint after the groups placed so far
    cap = [sum(sizes[g] for g in gs) for gs, _ in cons]
    counts = [0] * len(groups)

    def rec(k: int) -> Iterator[tuple[int, ...]]:
        if k == len(groups):
            if all(r == 0 for r in residual):
                yield tuple(counts)
            return
        mine_cons = groups[k].constraints
        s = sizes[k]
        for c in mine_cons:
            cap[c] -= s
        hi = min([s] + [residual[c] for c in mine_cons])
        for m in range(hi + 1):
            if all(0 <= residual[c] - m <= cap[c] for c in mine_cons):
                for c in mine_cons:
                    residual[c] -= m
                counts[k] = m
                yield from rec(k + 1)
                for c in mine_cons:
                    residual[c] += m
        for c in mine_cons:
            cap[c] += s

    yield from rec(0)


def _python_placements(state: CountedPosition, limit: int) -> list[frozenset[int]] | None:
    """All placements of mines on the unfixed unknown cells (None if more than ``limit``)."""
    if state.z > limit:
        return None
    per_comp: list[list[tuple[int, frozenset[int]]]] = []
    for comp in state.comps:
        configs: list[tuple[int, frozenset[int]]] = []
        for counts in _component_configs(comp):
            choices = [itertools.combinations(g.cells, m) for g, m in zip(comp.groups, counts, strict=True)]
            for parts in itertools.product(*choices):
                cells = frozenset(c for part in parts for c in part)
                configs.append((len(cells), cells))
                if len(configs) > limit:
                    return None
        per_comp.append(configs)
    out: list[frozenset[int]] = []
    outside = state.outside
    for combo in itertools.product(*per_comp):
        t = sum(k for k, _ in combo)
        rest = state.remaining - t
        if rest < 0 or rest > len(outside):
            continue
        if len(out) + comb(len(outside), rest) > limit:
            return None
        base = frozenset().union(*(cells for _, cells in combo))
        for extra in itertools.combinations(outside, rest):
            out.append(base | frozenset(extra))
    return out


class _PythonSearch:
    """The game tree over an explicit list of placements (the Python search the core replaces)."""

    def __init__(self, state: CountedPosition, placements: list[frozenset[int]], node_budget: int) -> None:
        rows, cols = state.rows, state.cols
        cells = state.cells
        fixed_safe = [i for i, m in state.fixed.items() if not m]
        live = sorted(set(state.outside).union(fixed_safe, *(comp.cells for comp in state.comps)))
        self.live = live
        self.every = tuple(range(len(live)))
        self.n = len(placements)
        self.full = (1 << self.n) - 1
        self.budget = node_budget
        self.nodes = 0
        # values are exact: the number of placements of a set won by optimal play (its chance to win
        # times its size), so that every comparison is one of integers and ties stay ties
        self.memo: dict[int, int] = {}
        # first moves evaluated from the full set: live index -> (placements won or an upper bound, exact)
        self.first: dict[int, tuple[int, bool]] = {}
        fixed_mines = {i for i, m in state.fixed.items() if m}
        # per live cell: mask of placements where it is a mine, and masks by the number it shows
        self.mine_mask: list[int] = []
        self.value_masks: list[list[int]] = []
        for x in live:
            nb = neighbours(rows, cols, x)
            base = sum(1 for j in nb if cells[j] < COVERED or j in fixed_mines)
            nb_live = [j for j in nb if cells[j] == COVERED and j not in state.fixed]
            mine = 0
            by_value: dict[int, int] = {}
            for k, s in enumerate(placements):
                bit = 1 << k
                if x in s:
                    mine |= bit
                else:
                    v = base + sum(1 for j in nb_live if j in s)
                    by_value[v] = by_value.get(v, 0) | bit
            self.mine_mask.append(mine)
            self.value_masks.append(list(by_value.values()))

    def _parts(self, s: int, k: int) -> list[int]:
        """The placements of ``s`` split by the number live cell ``k`` would show."""
        return [p for vm in self.value_masks[k] if (p := s & vm)]

    def _moves(self, s: int, active: tuple[int, ...]) -> tuple[int | None, tuple[int, ...]]:
        """The moves from ``s``, looking only at ``active`` (live cells in order, a superset of those
        undecided in ``s``): the first cell that is safe in every placement and tells something (or
        None), and the cells the positions below ``s`` need to look at (with no such safe cell: the
        undecided cells, the moves to choose from).

        A cell decided in ``s`` (a mine in every placement, or safe in every one with one number) stays
        decided in every subset of ``s``, so the search below drops it: deep in the tree few cells
        are left to scan. The order of ``active`` is the order of ``live``, so the moves (and their
        tie-breaks) are those a scan of every live cell finds."""
        keep: list[int] = []
        mine_mask, value_masks = self.mine_mask, self.value_masks
        for i, k in enumerate(active):
            m = s & mine_mask[k]
            if m == s:
                continue
            if not m:
                seen = 0
                for vm in value_masks[k]:
                    if s & vm:
                        seen += 1
                        if seen > 1:
                            return k, (*keep, *active[i + 1:])
                continue
            keep.append(k)
        return None, tuple(keep)

    def _safety(self, s: int, n: int, cells: tuple[int, ...]) -> list[tuple[int, int]]:
        """(placements of ``s`` where it is safe, cell) for each of ``cells``."""
        mine_mask = self.mine_mask
        return [(n - (s & mine_mask[k]).bit_count(), k) for k in cells]

    def win(self, s: int, active: tuple[int, ...] | None = None) -> int:
        """Placements of ``s`` won by optimal play (the chance to win is this over ``s``'s size)."""
        got = self.memo.get(s)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchBudgetExceeded
        n = s.bit_count()
        if n == 1:
            self.memo[s] = 1
            return 1
        safe, below = self._moves(s, self.every if active is None else active)
        if safe is not None:  # a safe cell that tells something: open it first
            val = 0
            for vm in self.value_masks[safe]:  # (self._parts inlined: the hottest loop of the search)
                p = s & vm
                if p:
                    val += self.win(p, below)
        elif not below:  # every cell decided
            val = n
        else:
            val = self._best(s, self._safety(s, n, below), n, below)[1]
        self.memo[s] = val
        return val

    def _best(self, s: int, undecided: list[tuple[int, int]], n: int, below: tuple[int, ...],
              record: dict[int, tuple[int, bool]] | None = None) -> tuple[int, int]:
        undecided.sort(key=lambda t: -t[0])
        seen: dict[tuple[int, ...], tuple[int, bool]] = {}
        best_k, best = -1, -1
        for safe, k in undecided:
            if safe <= best:
                break  # no cell further down can beat the best: its safety bounds its value
            parts = self._parts(s, k)  # only now: most cells are cut off by the line above
            sig = tuple(sorted(parts))
            if sig in seen:  # the same split of the placements: the same value
                if record is not None:
                    record[k] = seen[sig]
                continue
            val = 0
            left = safe
            done = True
            for p in parts:
                val += self.win(p, below)
                left -= p.bit_count()
                if val + left <= best:
                    done = left == 0
                    val += left  # an upper bound when the rest was not searched
                    break
            seen[sig] = (val, done)
            if record is not None:
                record[k] = (val, done)
            if val > best:
                best_k, best = k, val
        return best_k, best

    def move_value(self, cell: int) -> Fraction:
        """Chance to win by opening ``cell`` first, then playing optimally."""
        parts = self._parts(self.full, self.live.index(cell))
        return Fraction(sum(self.win(p) for p in parts), self.n)

    def best_move(self) -> tuple[int, Fraction] | None:
        """(cell, chance to win) of an optimal move from the full set; None if nothing to decide."""
        s = self.full
        n = self.n
        safe, below = self._moves(s, self.every)
        if safe is not None:  # a safe cell that tells something
            return self.live[safe], Fraction(self.win(s), n)
        if not below:
            return None
        k, val = self._best(s, self._safety(s, n, below), n, below, self.first)
        return self.live[k], Fraction(val, n)


def _kinds(state: CountedPosition) -> bytes:
    """How each board cell counts in its neighbours' numbers: 1 a mine (flag, known, fixed by the
    model), 2 unknown (covered, not fixed: a mine in some placements), 0 nothing (revealed, fixed safe)."""
    cells, fixed = state.cells, state.fixed
    return bytes(1 if v < COVERED or fixed.get(j) is True else 2 if v == COVERED and j not in fixed else 0
                 for j, v in enumerate(cells))


def _live(state: CountedPosition) -> list[int]:
    """The cells the search plays: the unknown cells and the fixed safe ones."""
    fixed_safe = [i for i, m in state.fixed.items() if not m]
    return sorted(set(state.outside).union(fixed_safe, *(comp.cells for comp in state.comps)))


def _comps(state: CountedPosition) -> list[tuple[list[list[int]], list[list[int]], list[tuple[list[int], int]]]]:
    return [([list(g.cells) for g in comp.groups], [list(g.constraints) for g in comp.groups],
             [(list(gs), need) for gs, need in comp.constraints]) for comp in state.comps]


def enumerate_placements(state: CountedPosition, limit: int) -> list[frozenset[int]] | None:
    """All placements of mines on the unfixed unknown cells (None if more than ``limit``), in the order
    the search numbers them."""
    if state.z > limit:
        return None
    got = _core.endgame_placements(_comps(state), list(state.outside), state.remaining, limit)
    return None if got is None else [frozenset(p) for p in got]


class EndgameSearch:
    """The game tree of ``state`` over a list of its placements, searched by the core
    (``native/src/endgame/``): exact values, at most ``node_budget`` positions visited.

    Values are Fractions; the core counts placements won. :class:`SearchBudgetExceeded` says the
    budget ran out: what the search finished is kept (its memo, :attr:`first`), and raising
    :attr:`budget` lets a later call go on from there.
    """

    def __init__(self, state: CountedPosition, placements: list[frozenset[int]] | None, node_budget: int,
                 _core_search: _core.Endgame | None = None) -> None:
        if _core_search is None:
            assert placements is not None
            _core_search = _core.Endgame(state.rows, state.cols, _kinds(state), _live(state),
                                         [sorted(p) for p in placements], node_budget)
        self._core = _core_search
        self.n: int = _core_search.n
        self.live: list[int] = _core_search.live

    @classmethod
    def of(cls, state: CountedPosition, max_placements: int, node_budget: int) -> EndgameSearch | None:
        """The search over every placement of ``state``; None if there are more than ``max_placements``."""
        if state.z > max_placements:
            return None
        core = _core.Endgame.of_position(state.rows, state.cols, _kinds(state), _live(state), _comps(state),
                                         list(state.outside), state.remaining, max_placements, state.z,
                                         node_budget)
        return None if core is None else cls(state, None, node_budget, core)

    @property
    def nodes(self) -> int:
        """Positions visited so far (memo hits aside)."""
        return self._core.nodes

    @property
    def budget(self) -> int:
        return self._core.budget

    @budget.setter
    def budget(self, value: int) -> None:
        self._core.budget = value

    @property
    def first(self) -> dict[int, tuple[Fraction, bool]]:
        """First moves the last :meth:`best_move` evaluated: cell -> (chance to win after it, exact);
        not exact: the evaluation stopped once it could not beat the best, an upper bound."""
        return {cell: (Fraction(won, self.n), done) for cell, won, done in self._core.first}

    @property
    def safety(self) -> dict[int, Fraction]:
        """Each live cell's chance to be safe (an upper bound on its value as a first move)."""
        return {cell: Fraction(safe, self.n) for cell, safe in self._core.safety}

    def best_move(self) -> tuple[int, Fraction] | None:
        """(cell, chance to win) of an optimal move; None if nothing is left to decide."""
        done, cell, won = self._core.best_move()
        if not done:
            raise SearchBudgetExceeded
        return None if cell is None else (cell, Fraction(won, self.n))

    def value(self) -> Fraction:
        """Chance to win the whole position with optimal play."""
        done, won = self._core.value()
        if not done:
            raise SearchBudgetExceeded
        return Fraction(won, self.n)

    def move_value(self, cell: int) -> Fraction:
        """Chance to win by opening ``cell`` first, then playing optimally."""
        done, won = self._core.move_value(cell)
        if not done:
            raise SearchBudgetExceeded
        return Fraction(won, self.n)


def endgame_move(state: CountedPosition, max_placements: int, node_budget: int) -> tuple[int, Fraction] | None:
    """An optimal cell to open and its chance to win, or None (too many placements, nothing to decide,
    or over the node budget)."""
    search = EndgameSearch.of(state, max_placements, node_budget)
    if search is None:
        return None
    try:
        return search.best_move()
    except SearchBudgetExceeded:
        return None
