"""A position as a system of cardinality constraints over Boolean cell variables.

Every constraint is ``lo <= (number of true variables among lits) <= hi``. A clue is the equality
``lo = hi = need``; the mine total is a range over the frontier plus *one* variable standing for
the off-frontier cells. Those cells touch no clue, so they are interchangeable: with ``n`` of them,
a representative variable ``x`` and the rest as a bounded integer ``r`` in ``[0, n - 1]``,

    sum(frontier) + x + r = R   <=>   R - (n - 1) <= sum(frontier) + x <= R,

so the off-frontier cells cost one variable however large the board is, and ``x`` answers "is an
off-frontier cell forced?" for all of them. With no mine total there is no such constraint and the
off-frontier cells are left out (nothing constrains them).

Two builders give the same structure:

* :func:`system_from_clues`: the original clues of the board, untouched (for the independent
  backbone of ``cpsolve compare``, for ``cpsolve check`` and its minimal clue sets, for exports);
  :func:`board_system` builds it from a board (or a model's own clues), :func:`raw_model` is
  the board's clues and total as an unsimplified model;
* :func:`system_from_model`: the simplified constraints of a :class:`~cpsolve.constraints.Model`
  over its unfixed cells (smaller; its total counts the mines left after the fixed facts, so it
  depends on the sources of every fixed fact), as the core encodes them
  (native/src/propagate/encoding.rs).

Variables are numbered ``1..len(cells)`` in the order of ``cells`` (board indices).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .. import _core
from ..board import Board
from ..boundary import invoke, seconds
from ..budget import check
from ..constraints import TOTAL, Clue, Model, UnionFind, board_clues
from ..constraints.model import clamp_total, fixed_sources


def _clamped(bound: int) -> int:
    """``bound`` clamped into the core's 64 bits (a card's answer is the same: it has fewer
    variables)."""
    return clamp_total(bound) or 0


@dataclass(frozen=True)
class Card:
    """``lo <= sum(lits) <= hi`` over positive variables; ``sources``: clue ids (and TOTAL)."""

    lits: tuple[int, ...]
    lo: int
    hi: int
    sources: frozenset[int]
    is_total: bool = False

    @property
    def trivial(self) -> bool:
        """True when every assignment satisfies it."""
        return self.lo <= 0 and self.hi >= len(self.lits)

    @property
    def impossible(self) -> bool:
        """True when no assignment satisfies it (the core's rule, ``impossible`` in
        native/src/propagate/mod.rs; bounds past 64 bits clamped, which keeps its answer)."""
        return _core.impossible(len(self.lits), _clamped(self.lo), _clamped(self.hi))


@dataclass(frozen=True)
class CardSystem:
    rows: int
    cols: int
    cells: tuple[int, ...]              # board index of variable v is cells[v - 1]
    cards: tuple[Card, ...]             # clue constraints, then the total (if any)
    outside: tuple[int, ...] = ()       # board cells standing behind ``outside_var`` (it included)
    outside_var: int | None = None
    remaining: int | None = None        # mines among the system's cells and ``outside``
    _var_of: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._var_of.update({c: v for v, c in enumerate(self.cells, start=1)})

    @property
    def nvars(self) -> int:
        return len(self.cells)

    def var(self, cell: int) -> int | None:
        """The variable of a board cell (an off-frontier cell maps to the representative)."""
        v = self._var_of.get(cell)
        if v is None and self.outside_var is not None and cell in self.outside:
            return self.outside_var
        return v

    def cells_of(self, var: int) -> tuple[int, ...]:
        """The board cells a variable decides (all off-frontier cells for the representative)."""
        if var == self.outside_var:
            return self.outside
        return (self.cells[var - 1],)

    @property
    def total(self) -> Card | None:
        for c in self.cards:
            if c.is_total:
                return c
        return None

    def clue_cards(self) -> list[tuple[int, Card]]:
        return [(i, c) for i, c in enumerate(self.cards) if not c.is_total]

    def groups(self) -> list[tuple[int, ...]]:
        """Variables touching exactly the same clue constraints: interchangeable, so one of them is
        forced exactly when all are. The total touches every variable alike and does not split them
        (the core's rule, ``groups_of`` in native/src/propagate/encoding.rs)."""
        lits = [list(card.lits) for _, card in self.clue_cards()]
        return [tuple(g) for g in _core.card_groups(self.nvars, lits, self.outside_var)]

    def component_sources(self, variables: Iterable[int]) -> dict[int, frozenset[int]]:
        """The sources of the component of each of ``variables`` (a component: the clue constraints
        linked by shared variables; one frozenset per component, shared), without listing every
        component's variables: the prover needs those of a few thousand forced variables of a huge
        board's 400,000."""
        uf = UnionFind(self.nvars + 1)
        clue_cards = [card for _, card in self.clue_cards() if card.lits]
        for card in clue_cards:
            uf.union_all(card.lits)
        find = uf.find
        root_of = {v: find(v) for v in variables}
        src_of: dict[int, set[int]] = {r: set() for r in root_of.values()}
        for card in clue_cards:
            got = src_of.get(find(card.lits[0]))
            if got is not None:
                got.update(card.sources)
        made = {r: frozenset(src) for r, src in src_of.items()}
        return {v: made[r] for v, r in root_of.items()}


def _total_card(lits: Sequence[int], n_outside: int, remaining: int, sources: frozenset[int]) -> Card:
    """The total over ``lits`` (every variable) with ``remaining`` mines left, ``n_outside`` cells
    behind the stand-in: its range is the core's (``total_range`` in native/src/propagate/encoding.rs,
    the one the prover's encoding uses; ``remaining`` clamped into 64 bits, which keeps the answer)."""
    got = _core.total_range(_clamped(remaining), n_outside)
    return Card(tuple(lits), got.lo, got.hi, sources | {TOTAL}, True)


def system_from_clues(rows: int, cols: int, unknown: Iterable[int], clues: Sequence[Clue],
                      remaining: int | None, *, outside_rep: int | None = None,
                      only: Collection[int] | None = None) -> CardSystem:
    """The original clues as equalities (clue id = position in ``clues``), and the total.

    ``outside_rep`` picks which off-frontier cell is the representative variable (default: the first).
    ``only``: the ids of the clues to include (all when None); the cells of no included clue count
    as off the frontier, so the system is a subset of the whole board's constraints: a conflict in
    it is a conflict of the board.
    """
    unknown = tuple(unknown)
    chosen = list(enumerate(clues)) if only is None else [(cid, clues[cid]) for cid in sorted(only)]
    frontier = sorted({c for _, cl in chosen for c in cl.cells})
    fset = set(frontier)
    outside = tuple(c for c in unknown if c not in fset)
    cells = list(frontier)
    outside_var = None
    if remaining is not None and outside:
        if outside_rep is not None and outside_rep in outside:
            outside = (outside_rep,) + tuple(c for c in outside if c != outside_rep)
        cells.append(outside[0])
        outside_var = len(cells)
    var_of = {c: v for v, c in enumerate(cells, start=1)}
    cards = [Card(tuple(sorted(var_of[c] for c in cl.cells)), cl.need, cl.need, frozenset({cid}))
             for cid, cl in chosen]
    if remaining is not None:
        cards.append(_total_card(range(1, len(cells) + 1), len(outside), remaining, frozenset()))
    return CardSystem(rows, cols, tuple(cells), tuple(cards), outside if outside_var else (), outside_var,
                      remaining)


def system_from_model(model: Model) -> CardSystem:
    """The simplified constraints over the unfixed cells; the total over them and ``model.outside``.
    The encoding is the core's (``encode_model``, native/src/propagate/encoding.rs, the one that
    ``prove_nominated`` decides over); each constraint keeps the model's need and sources. Raises
    :class:`~cpsolve.budget.OutOfTime` once the current deadline has passed (a huge board's
    constraints take a second)."""
    core = model.core
    if core is None:
        raise ValueError("a model the core built is needed (Model.core)")
    remaining = model.remaining_free
    enc = invoke(_core.encode_model, core, clamp_total(remaining), _core.Options(seconds=seconds()))
    cards = []
    for k, (lits, con) in enumerate(zip(enc.lits, model.constraints)):
        if not k & 255:
            check()  # the analysis deadline (cpsolve.budget)
        cards.append(Card(tuple(lits), con.need, con.need, con.sources))
    outside = tuple(model.outside) if enc.outside_var is not None else ()
    lo, hi = enc.total_lo, enc.total_hi
    if lo is not None and hi is not None:
        # the mines left for the unfixed cells follow from the total and every fixed fact
        fixed_src = fixed_sources(model.fixed) if model.fixed else frozenset()
        cards.append(Card(tuple(range(1, len(enc.cells) + 1)), lo, hi, fixed_src | {TOTAL}, True))
    return CardSystem(model.rows, model.cols, tuple(enc.cells), tuple(cards), outside, enc.outside_var, remaining)


def raw_model(board: Board, *, trust_flags: bool = True) -> Model:
    """The board's clues, unknown cells and total, with no simplification at all (never raises)."""
    unknown, clues = board_clues(board, trust_flags)
    remaining = board.remaining_mines(trust_flags)
    return Model(board.rows, board.cols, unknown, clues, remaining, {}, (), (), ())


def board_system(board: Board | Model, *, trust_flags: bool = True, outside_rep: int | None = None,
                 only: Collection[int] | None = None, total: bool = True
                 ) -> tuple[CardSystem, Sequence[Clue]]:
    """The original clues of ``board`` (and its total) as a cardinality system (a model's own
    clues, unknown cells and total when given a :class:`~cpsolve.constraints.Model`).

    ``only``: the ids of the clues to include (all when None); ``total=False`` leaves the total out."""
    if isinstance(board, Model):
        unknown, clues, remaining = board.unknown, board.clues, board.remaining
    else:
        unknown, clues = board_clues(board, trust_flags)
        remaining = board.remaining_mines(trust_flags)
    return system_from_clues(board.rows, board.cols, unknown, clues, remaining if total else None,
                             outside_rep=outside_rep, only=only), clues
