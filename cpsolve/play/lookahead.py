"""The player's look-ahead: exact counts of hypothetical positions, in the native core.

The player asks "what if this cell showed the number v?" many times per guess. :class:`Lookahead`
answers from the core (``native/src/lookahead/``): a :class:`CountedPosition` is the board's
model (the same one :mod:`cpsolve.analysis` builds) counted exactly, and its hypothetical positions
are derived from it *incrementally* -- the revealed cell's clue is added to the constraints of the
components it touches, only those are split and counted again, every other component (its DP
included) is shared. Each position carries its number of placements ``z`` (exact, so
``P(cell safe and shows v) = z_v / z``) and every unknown cell's mine probability as the correctly
rounded float of the exact ratio: the very floats Python's ``num / den`` gives, so rankings and
ties are those of the exact counts read as floats.

It never produces a certainty: the player uses it only to rank guesses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import _core
from ..board import Board
from ..boundary import call, invoke, seconds
from ..constraints import Component, Model, build_model
from ..constraints.model import mine_flags
from ..options import DEFAULT_STATE_BUDGET


@dataclass(frozen=True)
class ComponentCounts:
    """``counts[k]``: configurations of a component with exactly k mines."""

    counts: list[int]

    @property
    def total(self) -> int:
        return sum(self.counts)


@dataclass
class CountedPosition:
    """A position with the mine total, counted exactly.

    ``cells``: the board (revealed numbers, covered cells); ``fixed``: cells the model fixed (mine or
    not) without counting; ``comps``/``counts``: the components and their counts by mine number;
    ``outside``: unknown cells in no constraint; ``core``: the core's counted position (None for a
    part of a position made by hand, such as an isolated area given to the endgame search).
    """

    rows: int
    cols: int
    cells: tuple[int, ...]
    fixed: dict[int, bool]
    comps: list[Component]
    counts: list[ComponentCounts]
    outside: tuple[int, ...]
    remaining: int                     # mines among the unfixed unknown cells
    z: int = 0                         # placements of the whole board
    core: _core.Position | None = field(default=None, repr=False)
    _prob: dict[int, float] | None = field(default=None, repr=False)
    _comp_of: dict[int, int] | None = field(default=None, repr=False)
    _tally: dict[int, int] | None = field(default=None, repr=False)
    _tally_cells: dict[int, int] = field(default_factory=dict, repr=False)

    @property
    def prob(self) -> dict[int, float]:
        """Mine probability of every unknown cell (the float of the exact fraction): fixed cells
        first, then the off-frontier cells, then the components' groups."""
        if self._prob is None:
            assert self.core is not None
            self._prob = self.core.probs()
        return self._prob

    @property
    def tally(self) -> dict[int, int]:
        """Placements with each unknown cell a mine, exactly (``prob`` is these over ``z``)."""
        if self._tally is None:
            assert self.core is not None
            self._tally = self.core.tallies()
        return self._tally

    def tally_of(self, cell: int) -> int:
        """Placements with ``cell`` (an unknown cell) a mine, exactly: one entry of :attr:`tally`, read
        from the core alone (a big int made for each cell of ``tally`` costs more than the few cells
        the evaluator asks for)."""
        if self._tally is not None:
            return self._tally[cell]
        got = self._tally_cells.get(cell)
        if got is None:
            assert self.core is not None
            got = call(self.core.tally, cell)
            if got is None:
                raise KeyError(cell)
            self._tally_cells[cell] = got
        return got

    @property
    def comp_of(self) -> dict[int, int]:
        if self._comp_of is None:
            self._comp_of = {c: k for k, comp in enumerate(self.comps) for g in comp.groups for c in g.cells}
        return self._comp_of

    def safe_cells(self) -> list[int]:
        return [i for i, p in self.prob.items() if p == 0.0]


class Hypothesis:
    """A hypothetical position derived in the core: its placements ``z`` and probabilities."""

    __slots__ = ("_prob", "_z", "core")

    def __init__(self, core: _core.Position) -> None:
        self.core = core
        self._z: int | None = None
        self._prob: dict[int, float] | None = None

    @property
    def z(self) -> int:
        if self._z is None:
            self._z = self.core.z
        return self._z

    @property
    def prob(self) -> dict[int, float]:
        if self._prob is None:
            self._prob = self.core.probs()
        return self._prob

    def safe_cells(self) -> list[int]:
        return self.core.safe_cells()


Counted = CountedPosition | Hypothesis


class Lookahead:
    """Exact counting of positions and hypothetical reveals, in the core."""

    def __init__(self, state_budget: int | None = DEFAULT_STATE_BUDGET) -> None:
        self.state_budget = state_budget

    def solve(self, board: Board, model: Model | None = None) -> CountedPosition:
        """Count ``board`` exactly. Raises Inconsistent (no placement) or count.BudgetExceeded.

        ``model``: ``board``'s model as :func:`~cpsolve.constraints.build_model` builds it (an
        analysis' own, :attr:`~cpsolve.result.Analysis.model`), counted instead of building it again;
        ignored on a board with flags (the analysis may not have trusted them)."""
        if board.mines is None:
            raise ValueError("the look-ahead needs the mine total")
        if model is None or board.flags:
            model = build_model(board)
        remaining = model.remaining_free
        assert remaining is not None
        core = invoke(_core.Position.of_model, model.core, board.codes, remaining,
                      _core.Options(count=_core.CountLimits(max_states=self.state_budget), seconds=seconds()))
        comps = list(model.components)
        return CountedPosition(board.rows, board.cols, board.cells, dict(mine_flags(model.fixed)),
                               comps, [ComponentCounts(c) for c in core.counts()], tuple(model.outside), remaining,
                               core.z, core)

    def value_range(self, state: Counted, cell: int) -> range:
        """The numbers ``cell`` could show, from its neighbours alone."""
        assert state.core is not None
        lo, hi = state.core.value_range(cell)
        return range(lo, hi + 1)

    def reveal(self, state: Counted, cell: int, value: int) -> Hypothesis | None:
        """The position after ``cell`` (an unknown, unfixed-mine cell) shows ``value``; None if impossible."""
        assert state.core is not None
        got = call(state.core.reveal, cell, value)
        return None if got is None else Hypothesis(got)

    def outcomes(self, state: Counted, cell: int) -> dict[int, Hypothesis]:
        """Every number ``cell`` can show when safe, with the position after it.

        ``sum(s.z for s in result.values()) == state.z * P(cell safe)`` exactly.
        """
        assert state.core is not None
        return {v: Hypothesis(p) for v, p in call(state.core.outcomes, cell)}

    def assume_mine(self, state: Counted, cell: int) -> Counted | None:
        """The position conditioned on ``cell`` being a mine (None if it cannot be one)."""
        return self.condition(state, (cell,))

    def condition(self, state: Counted, mines: Iterable[int] = (), safes: Iterable[int] = ()) -> Counted | None:
        """The position conditioned on ``mines`` being mines and ``safes`` safe (None if no placement
        has both); its ``z`` counts those placements."""
        assert state.core is not None
        got = call(state.core.condition, list(mines), list(safes))
        if got is state.core:  # every cell already fixed so: this very position
            return state
        return None if got is None else Hypothesis(got)
