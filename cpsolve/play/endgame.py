"""Exact optimal play when few placements remain (a brute-force game-tree search).

When a position has at most a few hundred placements consistent with everything seen, the player can
afford to list them all and search the game tree: a move reveals a cell, which is a mine in some
placements (the game is lost) and shows a number in the others (the placements split by number).
The chance of winning from a set of placements ``S`` is

    win(S) = 1                                   if every covered cell is decided in S
           = sum_v |S_v|/|S| * win(S_v)          if some cell is safe in all of S and its number varies
           = max_x sum_v |S_v^x|/|S| * win(S_v^x) otherwise (x ranges over undecided cells)

(revealing a cell that is safe in all of S first is never worse: any winning line must open it).
The core lists the placements and searches the tree (``native/src/endgame/``, without the GIL); this
module passes it the position as plain data. Values are exact: the core counts the placements each
set wins, so comparisons and ties are those of the exact chances. Sets are bitmasks over the list of
placements; results are memoised; a node budget bounds the work.
When it runs out the search stops (the player then guesses by its heuristic); the first moves it
evaluated to the end are kept in :attr:`EndgameSearch.first`, from which
``benchmarks/experiments/endgame_gain.py`` measures what a partial search would win (docs/play.md:
nothing shown, so the player does not use it).
"""

from __future__ import annotations

from fractions import Fraction

from .. import _core
from ..board import COVERED
from ..boundary import BudgetExceeded, invoke, seconds
from ..errors import BudgetError
from .lookahead import CountedPosition


class SearchBudgetExceeded(BudgetError):
    """The endgame search visited more positions than its node budget, or ran past the current
    deadline (:mod:`cpsolve.budget`; the core reads the clock every 1,024 nodes)."""


def _kinds(state: CountedPosition) -> bytes:
    """How each board cell counts in its neighbours' numbers: 1 a mine (flag, known, fixed by the
    model), 2 unknown (covered, not fixed: a mine in some placements), 0 nothing (revealed, fixed safe)."""
    cells, fixed = state.cells, state.fixed
    return bytes(1 if v < COVERED or fixed.get(j) is True else 2 if v == COVERED and j not in fixed else 0
                 for j, v in enumerate(cells))


def _board(state: CountedPosition) -> _core.EndgameBoard:
    """The board as the core's search sees it."""
    return _core.EndgameBoard(state.rows, state.cols, _kinds(state), _live(state))


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
            _core_search = _core.Endgame(_board(state), [sorted(p) for p in placements],
                                         _core.Options(search=_core.SearchLimits(node_budget=node_budget)))
        self._core = _core_search
        self.n: int = _core_search.n
        self.live: list[int] = _core_search.live

    @classmethod
    def of(cls, state: CountedPosition, max_placements: int, node_budget: int) -> EndgameSearch | None:
        """The search over every placement of ``state``; None if there are more than ``max_placements``."""
        if state.z > max_placements:
            return None
        core = _core.Endgame.of_position(_board(state), _comps(state), list(state.outside), state.remaining,
                                         _core.Options(search=_core.SearchLimits(max_placements=max_placements,
                                                                                 node_budget=node_budget)))
        if core is None or core.n != state.z:  # not the placements the count has: no search
            return None
        return cls(state, None, node_budget, core)

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
        return {m.cell: (Fraction(m.won, self.n), m.exact) for m in self._core.first}

    @property
    def safety(self) -> dict[int, Fraction]:
        """Each live cell's chance to be safe (an upper bound on its value as a first move)."""
        return {cell: Fraction(safe, self.n) for cell, safe in self._core.safety.items()}

    def _stopped(self) -> SearchBudgetExceeded:
        if self._core.out_of_time:
            return SearchBudgetExceeded("the endgame search ran past the deadline")
        return SearchBudgetExceeded(f"the endgame search visited more than {self.budget:,} positions")

    def best_move(self) -> tuple[int, Fraction] | None:
        """(cell, chance to win) of an optimal move; None if nothing is left to decide. Raises
        :class:`SearchBudgetExceeded` past the node budget or the current deadline."""
        try:
            got = invoke(self._core.best_move, seconds())
        except BudgetExceeded:
            raise self._stopped() from None
        return None if got is None else (got.cell, Fraction(got.won, self.n))

    def value(self) -> Fraction:
        """Chance to win the whole position with optimal play."""
        try:
            return Fraction(invoke(self._core.value, seconds()), self.n)
        except BudgetExceeded:
            raise self._stopped() from None

    def move_value(self, cell: int) -> Fraction:
        """Chance to win by opening ``cell`` first, then playing optimally."""
        try:
            return Fraction(invoke(self._core.move_value, cell, seconds()), self.n)
        except BudgetExceeded:
            raise self._stopped() from None


def endgame_move(state: CountedPosition, max_placements: int, node_budget: int) -> tuple[int, Fraction] | None:
    """An optimal cell to open and its chance to win, or None (too many placements, nothing to decide,
    over the node budget, or past the current deadline: the player then guesses by its heuristic)."""
    search = EndgameSearch.of(state, max_placements, node_budget)
    if search is None:
        return None
    try:
        return search.best_move()
    except SearchBudgetExceeded:
        return None
