"""What an analysis returns: one result per covered cell, the figures of the run, the result itself
(:class:`Analysis`, built lazily from what the analysis kept) and its JSON document.

Probabilities are kept per group (:class:`_GroupProbabilities`) and certainties as the proof
subsystem returned them; per-cell objects are built only when read.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction
from itertools import chain, compress, filterfalse, repeat
from operator import not_
from typing import Any, TypeGuard, overload

from . import _core
from .board import IS_COVERED, MINE, Board
from .collector import GC_PAUSE_CELLS, gc_paused
from .constraints import Fact, Model
from .constraints.model import mine_flags
from .errors import InconsistentBoard
from .estimate.fugacity import EstimateStats
from .probability import Estimate, Exact, Probability
from .proof.backends.base import ProofStatus
from .proof.certainty import Certainties, Certainty
from .proof.prover import ProofStats

_ZERO = Exact(Fraction(0))
_ONE = Exact(Fraction(1))
_EST_ZERO = Estimate(0.0)
_EST_ONE = Estimate(1.0)
#: Shared values (immutable): exactly safe, exactly a mine, and the estimates 0 and 1.
EXACT_ZERO, EXACT_ONE, ESTIMATE_ZERO, ESTIMATE_ONE = _ZERO, _ONE, _EST_ZERO, _EST_ONE


@dataclass(slots=True)
class CellResult:
    """One cell of an :class:`Analysis`: its mine ``probability`` (:class:`~cpsolve.Exact` or
    :class:`~cpsolve.Estimate`) and, when the proof engine proved it, its ``proof``.

    ``state`` is ``"covered"`` for the analysed cells. :meth:`Analysis.cell` also answers for the
    other cells of the board: ``"revealed"`` (probability 0), ``"mine"`` (a known mine, 1) and
    ``"flag"`` (a flag counted as a mine, 1); those are read off the board, not proved.
    """

    row: int
    col: int
    probability: Probability
    proof: Certainty | None = None
    state: str = "covered"

    def to_json(self) -> dict[str, Any]:
        return cell_entry(self.row, self.col, self.probability, self.proof.verdict if self.proof is not None else None)


def cell_entry(row: int, col: int, p: Probability, proof: str | None) -> dict[str, Any]:
    """A cell's entry in the JSON document (docs/json.md): the one writer of it, for
    :meth:`CellResult.to_json` and for :meth:`Analysis.to_json_text`'s text."""
    return {"row": row, "col": col, "probability": p.value, "fraction": p.text() if isinstance(p, Exact) else None,
            "basis": p.basis, "proof": proof}


class CellPairs(Sequence[tuple[int, int]]):
    """Board cells as (row, col) pairs in row-major order, kept as the cells' indices and made into
    pairs when read: a huge board's undecided cells are millions (a list of pairs took seconds to
    make and to free, and the collector walked it), and most callers only count them. Equal to a
    sequence of the same pairs."""

    __slots__ = ("_cells", "_cols", "_sorted")

    def __init__(self, cells: Collection[int], cols: int, *, ordered: bool = False) -> None:
        self._cells: Collection[int] = cells
        self._cols = cols
        self._sorted = ordered  # sorted on first read otherwise

    def _ints(self) -> Sequence[int]:
        if not self._sorted:
            self._cells = sorted(self._cells)
            self._sorted = True
        assert isinstance(self._cells, Sequence)
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    @overload
    def __getitem__(self, k: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, k: slice) -> list[tuple[int, int]]: ...

    def __getitem__(self, k: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        ints = self._ints()
        if isinstance(k, slice):
            return list(map(divmod, ints[k], repeat(self._cols)))
        return divmod(ints[k], self._cols)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return map(divmod, self._ints(), repeat(self._cols))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass(slots=True)
class AnalysisStats:
    """What an analysis did and what it cost (typed; ``as_dict()`` flattens it for printing).

    The model: ``clue_cells``, ``frontier`` (cells in a constraint after simplification), ``fixed``
    (cells the simplifier fixed), ``components``, ``largest_component`` (cells). Counting:
    ``estimated_components``, ``dp_states``, ``max_component_states``, ``combine_cost`` (big-integer
    work to combine through the total), ``estimate_reason`` and ``estimate`` (when estimated).
    Proofs: ``proof`` (None when ``prove=False``), ``proof_status`` and ``undecided_cells`` (left
    undecided by the time limit). Time in milliseconds: ``ms_model``, ``ms_count``, ``ms_proof``,
    ``ms_total``.
    """

    clue_cells: int = 0
    frontier: int = 0
    fixed: int = 0
    components: int = 0
    largest_component: int = 0
    combine_cost: int | None = None
    estimated_components: int = 0
    dp_states: int = 0
    max_component_states: int = 0
    estimate_reason: str | None = None
    estimate: EstimateStats | None = None
    proof: ProofStats | None = None
    proof_status: ProofStatus | None = None
    undecided_cells: Sequence[tuple[int, int]] = field(default_factory=list)  # row-major (a CellPairs)
    ms_model: float = 0.0
    ms_count: float = 0.0
    ms_proof: float = 0.0
    ms_total: float = 0.0
    budget: list[str] = field(default_factory=list)  # the parts the time limit cut short, in order

    def as_dict(self) -> dict[str, Any]:
        """Every figure in one flat dict (estimate and proof figures prefixed ``estimate_``/``proof_``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("estimate", "proof"):
                if v is not None:
                    out.update({f"{f.name}_{k}": x for k, x in asdict(v).items()})
            else:
                out[f.name] = v
        return out


@dataclass(init=False, repr=False)
class Analysis:
    """The result of :func:`analyze`.

    * ``cells``: one :class:`CellResult` per covered, unflagged cell, in row-major order (flags are
      included when flags were not trusted); :meth:`cell` finds one by coordinates, :meth:`grid`
      gives every probability as a 2-D list. Built on first access: the analysis keeps probabilities
      per group and the certainties as the proof subsystem returned them, so a caller that reads a
      few cells never pays for hundreds of per-cell objects.
    * ``exact``: True when every probability is exact (else some or all are labelled estimates).
    * ``proved_safe`` / ``proved_mine``: the cells the proof engine proved, as (row, col).
    * ``best_guess``: the cell to open next (a proved-safe one if any); None on a finished board.
    * ``mines`` / ``remaining``: the board's mine total and the mines left among the analysed cells
      (None without a total); ``prior`` and ``density`` say what the probabilities assume.
    * ``stats``: what the analysis did and what it cost (model size, DP states, solver calls, ms).
    * :meth:`to_json`: the JSON document of docs/json.md.
    """

    rows: int
    cols: int
    mines: int | None
    remaining: int | None
    exact: bool
    prior: str
    density: Fraction | None = None
    stats: AnalysisStats = field(default_factory=AnalysisStats)
    board: Board | None = field(default=None, repr=False, compare=False)
    _cells: list[CellResult] | None = field(default=None, repr=False, compare=False)
    _make_cells: Callable[[], list[CellResult]] | None = field(default=None, repr=False, compare=False)
    _raw: _RawCells | None = field(default=None, repr=False, compare=False)
    _model: Model | None = field(default=None, repr=False, compare=False)

    def __init__(self, rows: int, cols: int, mines: int | None, remaining: int | None,
                 cells: list[CellResult] | None = None, exact: bool = True, prior: str = "",
                 density: Fraction | None = None, stats: AnalysisStats | None = None,
                 board: Board | None = None, *,
                 _cells: list[CellResult] | None = None,
                 _make_cells: Callable[[], list[CellResult]] | None = None,
                 _raw: _RawCells | None = None, _model: Model | None = None) -> None:
        # ``cells`` given: kept as is (also what dataclasses.replace(a, cells=...) passes);
        # otherwise built by ``_make_cells`` (or ``_raw``'s) on first access
        self.rows, self.cols, self.mines, self.remaining = rows, cols, mines, remaining
        self.exact, self.prior, self.density = exact, prior, density
        self.stats = stats if stats is not None else AnalysisStats()
        self.board = board
        self._model = _model
        self._cells = cells if cells is not None else _cells
        self._make_cells = None if self._cells is not None else _make_cells
        self._raw = None if self._cells is not None else _raw
        self._extremes: list[tuple[int, int, bool]] | None = None  # exact_extremes, once made
        self._proved: list[tuple[int, int, bool]] | None = None  # proved_cells, once made
        self._verdicts: Mapping[int, bool] | None = None  # proved_verdicts, once made
        self._certain: list[tuple[int, bool]] | None = None  # certain_cells, once made
        self._certain_map: Mapping[int, bool] | None = None  # certain_verdicts, once made

    @classmethod
    def build(cls, board: Board, *, remaining: int | None, exact: bool, prior: str, density: Fraction | None,
              stats: AnalysisStats, model: Model | None = None, probs: Mapping[int, Probability] | None = None,
              proofs: Mapping[int, Certainty] | None = None, cells: list[CellResult] | None = None,
              make_cells: Callable[[], list[CellResult]] | None = None,
              unknown: Sequence[int] | None = None) -> Analysis:
        """The result of analysing ``board``, from what the analysis computed: the ``model`` with its
        ``probs`` (kept per group, see :func:`group_probabilities`) and the ``proofs`` as the proof
        subsystem returned them, the per-cell results built on first read; or, when no model was
        built, the ``unknown`` cells (row-major board indices) with their ``probs``, the ``cells``
        themselves or ``make_cells`` to build them on first read. The one constructor
        :mod:`cpsolve.analysis` uses."""
        if model is None and unknown is not None:
            assert probs is not None, "listed cells need their probabilities"
            raw = _RawCells(unknown, board.rows, board.cols, probs, proofs if proofs is not None else {})
            return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats, board,
                       _raw=raw)
        if model is None:
            if make_cells is not None:
                return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats,
                           board, _make_cells=make_cells)
            return cls(board.rows, board.cols, board.mines, remaining, cells if cells is not None else [], exact,
                       prior, density, stats, board)
        assert probs is not None, "a model's result needs its probabilities"
        raw = _RawCells(model.unknown, board.rows, board.cols, probs, proofs if proofs is not None else {})
        return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats, board,
                   _raw=raw, _model=model)

    @property
    def model(self) -> Model | None:
        """The constraint model the analysis built and counted (:func:`~cpsolve.constraints.build_model`'s,
        with the analysis' ``trust_flags``), None when it built none (cut short before its model, or
        made from listed cells). The player's look-ahead counts it rather than building it again."""
        return self._model

    @property
    def cells(self) -> list[CellResult]:
        if self._cells is None:
            make = self._make_cells
            if make is None and self._raw is not None:
                make = self._raw.make_cells
            self._cells = make() if make is not None else []
            self._make_cells = None
        return self._cells

    def __repr__(self) -> str:
        basis = "exact" if self.exact else "estimated"
        mines = f"mines={self.mines}" if self.mines is not None else f"density={self.density}"
        return (f"<Analysis {self.rows}x{self.cols}, {mines}, {len(self.cells)} covered cells, {basis}, "
                f"{len(self.proved_safe)} proved safe, {len(self.proved_mine)} proved mine, "
                f"best guess {self.best_guess}>")

    def _repr_svg_(self) -> str | None:
        """The heat map in Jupyter: the SVG of ``cpsolve solve --svg`` for this board (None without one)."""
        if self.board is None:
            return None
        from .render.svg import render_svg  # display time only: the renderer sits above this room

        return render_svg(self.board, self, title=f"cpsolve: {self.board.source}")

    @property
    def proved_safe(self) -> list[tuple[int, int]]:
        return self._proved_as(False)

    @property
    def proved_mine(self) -> list[tuple[int, int]]:
        return self._proved_as(True)

    def _proved_as(self, mine: bool) -> list[tuple[int, int]]:
        """(row, col) of every cell proved a mine (``mine``) or safe, row-major."""
        verdicts = self.proved_verdicts()
        chosen = compress(verdicts, verdicts.values() if mine else map(not_, verdicts.values()))  # in C
        return list(map(divmod, sorted(chosen), repeat(self.cols)))

    def proved_verdicts(self) -> Mapping[int, bool]:
        """Board index -> is a mine, of every proved cell, in no particular order: what
        :meth:`proved_cells` lists, without a tuple per cell (a player's referee checks them all
        every move). Made once per result; must not be changed."""
        if self._verdicts is None:
            raw = self._raw
            if self._cells is None and raw is not None:
                self._verdicts = raw.verdicts()
            else:
                cols = self.cols
                self._verdicts = {c.row * cols + c.col: c.proof.mine for c in self.cells if c.proof is not None}
        return self._verdicts

    def certain_cells(self) -> list[tuple[int, bool]]:
        """(board index, is 1) of every cell whose probability is exactly 0 or 1, in increasing order:
        :meth:`exact_extremes` by index (a counted board's read off its group values). Made once per
        result; must not be changed."""
        if self._certain is None:
            raw = self._raw
            if self._cells is None and raw is not None and _counted(raw.probs):
                self._certain = sorted(self.certain_verdicts().items())
            else:
                cols = self.cols
                self._certain = [(r * cols + c, one) for r, c, one in self.exact_extremes()]
        return self._certain

    def certain_verdicts(self) -> Mapping[int, bool]:
        """Board index -> is 1, of every cell whose probability is exactly 0 or 1, in no particular
        order: what :meth:`certain_cells` lists, without sorting (a player's referee checks them all
        every move). Made once per result; must not be changed."""
        if self._certain_map is None:
            raw = self._raw
            if self._cells is None and raw is not None and _counted(raw.probs):
                self._certain_map = raw.probs.certain_map()
            else:
                self._certain_map = dict(self.certain_cells())
        return self._certain_map

    def proved_cells(self) -> list[tuple[int, int, bool]]:
        """(row, col, is a mine) of every proved cell, row-major; read off the proofs without
        building the per-cell results while they were not read (a player asks this every move).
        Made once per result (the referee and the strategy both ask); a new list each call."""
        if self._proved is None:
            self._proved = self._make_proved()
        return list(self._proved)

    def _make_proved(self) -> list[tuple[int, int, bool]]:
        raw = self._raw
        if self._cells is None and raw is not None:
            cols = self.cols
            return [(i // cols, i % cols, mine) for i, mine in sorted(self.proved_verdicts().items())]
        return [(c.row, c.col, c.proof.mine) for c in self.cells if c.proof is not None]

    def exact_extremes(self) -> list[tuple[int, int, bool]]:
        """(row, col, is 1) of every cell whose probability is exactly 0 or 1, row-major (the
        referee checks each against the layout); no per-cell results built, as above. Made once per
        result (a player's strategy and its referee both ask for every position); a new list each call."""
        if self._extremes is None:
            self._extremes = self._make_extremes()
        return list(self._extremes)

    def _make_extremes(self) -> list[tuple[int, int, bool]]:
        raw = self._raw
        if self._cells is None and raw is not None:
            cols = self.cols
            if _counted(raw.probs):
                # a counted board: each value object (one per group) read once, not once per cell
                return [(i // cols, i % cols, one) for i, one in self.certain_cells()]
            unknown = raw.unknown
            pairs: Iterable[tuple[int, Probability]] = zip(unknown, _per_cell(raw.probs, unknown), strict=True)
            # is_certain reads the ratio: no Fraction (and its gcd) for each group of the board
            return [(i // cols, i % cols, bool(p.fraction)) for i, p in pairs
                    if isinstance(p, Exact) and p.is_certain()]
        return [(c.row, c.col, bool(c.probability.fraction)) for c in self.cells
                if isinstance(c.probability, Exact) and c.probability.fraction in (0, 1)]

    def cell(self, row: int, col: int) -> CellResult:
        """The result for the cell at (``row``, ``col``), 0-based, row 0 at the top.

        Any cell of the board answers: a covered cell with its probability and proof; a revealed
        number, a known mine or a flag with ``state`` saying which (see :class:`CellResult`).
        Raises ``IndexError`` for a cell off the board.
        """
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"cell {row},{col} is off the board ({self.rows} rows x {self.cols} columns)")
        found = self._by_position().get((row, col))
        if found is not None:
            return found
        v = self.board.at(row, col) if self.board is not None else None
        if v is None:
            raise KeyError(f"{row},{col} is not an analysed cell (this result has no board)")
        if v >= 0:
            return CellResult(row, col, _ZERO, None, "revealed")
        return CellResult(row, col, _ONE, None, "mine" if v == MINE else "flag")

    def probability(self, row: int, col: int) -> Probability:
        """``cell(row, col).probability``, read off the groups on a counted board without building
        the per-cell results (a player asks it of the cell that lost its game)."""
        raw = self._raw
        if self._cells is None and raw is not None and _counted(raw.probs) \
                and 0 <= row < self.rows and 0 <= col < self.cols:
            p = raw.probs.get(row * self.cols + col)
            if p is not None:
                return p
        return self.cell(row, col).probability

    def _by_position(self) -> dict[tuple[int, int], CellResult]:
        index = self.__dict__.get("_index")
        if index is None or len(index) != len(self.cells):
            index = self.__dict__["_index"] = {(c.row, c.col): c for c in self.cells}
        return index

    def grid(self, *, exact: bool = False) -> list[list[float | Fraction | None]]:
        """The mine probabilities as a 2-D list (rows of columns); None where no cell was analysed
        (revealed numbers, known mines, trusted flags). ``exact=True``: exact fractions instead of
        floats (None also for cells whose probability is an estimate)."""
        out: list[list[float | Fraction | None]] = [[None] * self.cols for _ in range(self.rows)]
        for c in self.cells:
            p = c.probability
            out[c.row][c.col] = p.fraction if exact else p.value
        return out

    @property
    def best_guess(self) -> tuple[int, int] | None:
        """The cell to open next by :func:`best_guess` (proved safe first, else lowest probability,
        never a mine); None on a finished board or where every covered cell is a mine."""
        raw = self._raw
        if self._cells is None and raw is not None and _counted(raw.probs):
            # a counted board (a player asks every guess): the rule on each cell's value object,
            # without the per-cell results
            probs, verdicts = raw.probs, raw.verdicts()
            safe = [i for i, mine in verdicts.items() if not mine]
            if safe:
                values = list(map(probs.value_of, safe))
                low = _lowest(values)
                return _tie_break(list(compress(safe, (id(p) in low for p in values))), self.board, self.cols)
            tied = _lowest_cells(probs)
            if tied and any(verdicts.values()):
                # a proved mine is never a guess; one among the lowest (its value not 1: counting and
                # proofs disagreeing, which a sound pair never does) is dropped, and if none is left
                # the per-cell rule decides. Else the lowest of the rest is this value too.
                tied = list(filterfalse(verdicts.get, tied))
                if not tied:
                    return best_guess(self.cells, self.board)
            return _tie_break(tied, self.board, self.cols)
        return best_guess(self.cells, self.board)

    def to_json(self) -> dict[str, Any]:
        """The JSON document of docs/json.md as a dict: :meth:`to_json_text` read back (one writer)."""
        with gc_paused() if self.rows * self.cols >= GC_PAUSE_CELLS else nullcontext():
            doc: dict[str, Any] = json.loads(self.to_json_text())
            return doc

    def to_json_text(self) -> str:
        """The JSON document of docs/json.md as text (what ``cpsolve solve --json`` prints): the one
        writer of an analysis' document (:func:`write_document`)."""
        text = write_document(self)
        assert text is not None
        return text.decode()

    def write_json(self, fd: int) -> None:
        """:meth:`to_json_text` written to the open file descriptor ``fd`` (no newline), straight
        from the core: a huge board's document never becomes a Python string."""
        write_document(self, fd)

    def budget_account(self) -> dict[str, Any]:
        """The document's ``budget``: the parts of the analysis the time limit cut short (in order,
        from ``stats.budget``: "model", "counting", "combining", "estimation", "proofs") and how many
        covered cells the proofs left undecided. An empty list: nothing was cut short, so every
        cell without a proof was shown not forced (or proofs were not asked for)."""
        return {"cut_short": list(self.stats.budget), "undecided": len(self.stats.undecided_cells)}


def document(rows: int, cols: int, mines: int | None, remaining: int | None, *, status: str, exact: bool,
             prior: str | None, cells: Any, proved_safe: Any, proved_mine: Any,
             best_guess: list[int] | None, budget: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The JSON document of docs/json.md, every key in its order (``extra`` after them): the one
    writer of it, for an analysis (:meth:`Analysis.to_json`, :meth:`Analysis.to_json_text`) and
    for an impossible board (:func:`inconsistent_document`)."""
    doc = {"rows": rows, "cols": cols, "mines": mines, "remaining": remaining, "status": status, "exact": exact,
           "prior": prior, "cells": cells, "proved_safe": proved_safe, "proved_mine": proved_mine,
           "best_guess": best_guess, "budget": budget}
    doc.update(extra)
    return doc


def inconsistent_document(exc: InconsistentBoard, board: Board, trust_flags: bool = True) -> dict[str, Any]:
    """The JSON document of docs/json.md for the impossible ``board`` that ``exc`` names (every key
    present; ``status`` "inconsistent")."""
    return document(board.rows, board.cols, board.mines, board.remaining_mines(trust_flags), status="inconsistent",
                    exact=False, prior=None, cells=[], proved_safe=[], proved_mine=[], best_guess=None,
                    budget={"cut_short": [], "undecided": 0}, conflict=[list(c) for c in exc.conflict],
                    conflict_uses_total=exc.uses_total, conflict_minimal=exc.minimal, message=str(exc))


def best_guess(cells: Sequence[CellResult], board: Board | None = None) -> tuple[int, int] | None:
    """The best guess among ``cells``: the one rule of the package, used by :attr:`Analysis.best_guess`
    and by the player's ``basic`` strategy.

    The candidates are the proved-safe cells if there are any, else every cell that can be safe
    (never a proved mine, nor a cell whose exact probability is 1). Among them the lowest mine
    probability wins (exact fractions compared exactly); ties go to the cell with the fewest
    covered neighbours on ``board`` (the most likely to show a 0 and open up; not counted without
    a board), then to row-major order. None when no cell is a candidate: a finished board, or one
    whose every covered cell is a mine (:func:`no_guess_reason` says which).
    """
    pool = ([c for c in cells if c.proof is not None and not c.proof.mine]
            or [c for c in cells if not _certain_mine(c)])
    if not pool:
        return None
    low = _lowest([c.probability for c in pool])
    tied = [c for c in pool if id(c.probability) in low]
    if board is None:
        best = min(tied, key=lambda c: (c.row, c.col))
        return best.row, best.col
    i = _fewest_covered_around(board, [board.index(c.row, c.col) for c in tied])
    return divmod(i, board.cols)


def _lowest_cells(probs: _GroupProbabilities) -> list[int]:
    """The cells of ``probs`` (an exactly counted board's, kept per group: no estimate is replaced
    by a proof) whose value is the lowest that is not 1, in no particular order; none when every
    value is 1. The values are compared once per object and the cells gathered by group in C
    (compress): no value looked up per covered cell."""
    explicit, p_out, zero = probs.explicit(), probs._p_out, probs._zero
    values = list(explicit.values())
    ids = list(map(id, values))
    distinct = dict(zip(ids, values, strict=True))
    flags = mine_flags(probs._fixed)  # a dict: its membership test runs in C, the model's in Python
    outside = filterfalse(flags.__contains__, filterfalse(explicit.__contains__, probs._outside))
    first_out = next(outside, None)
    if first_out is not None:
        distinct[id(p_out)] = p_out
    safe_fixed = [i for i, mine in flags.items() if not mine and i not in explicit]
    if safe_fixed:
        distinct[id(zero)] = zero
    keep = [p for p in distinct.values() if not (isinstance(p, Exact) and p.is_one())]
    if not keep:
        return []
    low = _lowest(keep)
    tied = list(compress(explicit, map(low.__contains__, ids)))
    if first_out is not None and id(p_out) in low:
        tied += [first_out, *outside]
    if safe_fixed and id(zero) in low:
        tied += safe_fixed
    return tied


def _tie_break(tied: list[int], board: Board | None, cols: int) -> tuple[int, int] | None:
    """The cell of ``tied`` (board indices) :func:`best_guess` picks: the fewest covered neighbours
    on ``board``, then row-major order; None when ``tied`` is empty."""
    if not tied:
        return None
    if board is None:
        return divmod(min(tied), cols)
    return divmod(_fewest_covered_around(board, tied), cols)


def _lowest(probs: Sequence[Probability]) -> set[int]:
    """The ids of the objects among ``probs`` that hold the lowest probability. The cells of a board
    share a few value objects (one per group, one for every off-frontier cell), so the values are
    compared once per object, not once per cell (a blank 1000x1000 board has a million cells);
    exact ones by cross-multiplying their ratios (no Fraction, nor its gcd, made)."""
    distinct = {id(p): p for p in probs}
    if all(p.__class__ is Exact for p in distinct.values()):
        exact: dict[int, Exact] = distinct  # type: ignore[assignment]
        least = Exact.least(exact.values())
        return {k for k, p in exact.items() if p == least}
    keys = {k: p.sort_key() for k, p in distinct.items()}
    low = min(keys.values())
    return {k for k, v in keys.items() if v == low}


def _fewest_covered_around(board: Board, tied: list[int]) -> int:
    """The cell of ``tied`` (board indices) with the fewest covered neighbours on ``board`` (the
    most likely to show a 0 and open up), the first in row-major order among equals (the core's
    ``best_cell``, as for the document's best guess)."""
    got = _core.best_cell(board.rows, board.cols, _covered_mask(board), array("I", tied).tobytes(), b"", False, 0,
                          array("I", [0]).tobytes(), b"", b"")
    assert got is not None
    return int(got)


def _covered_mask(board: Board) -> bytes:
    """A byte per board cell: 1 where it is covered (not flagged, not a known mine)."""
    return board.codes.translate(IS_COVERED)


def _certain_mine(c: CellResult) -> bool:
    """A proved mine, or an exact probability of 1: never a guess."""
    p = c.probability
    return (c.proof is not None and c.proof.mine) or (isinstance(p, Exact) and p.fraction == 1)


def no_guess_reason(cells: Sequence[CellResult]) -> str:
    """Why :func:`best_guess` found no cell: one phrase for messages."""
    return "every covered cell is a mine" if cells else "no covered cell left"


def _make_cells(unknown: Sequence[int], cols: int, probs: Mapping[int, Probability],
                proofs: Mapping[int, Certainty]) -> list[CellResult]:
    """One :class:`CellResult` per cell of ``unknown`` (row-major board indices)."""
    cells = []
    proof_of = (proofs.all() if isinstance(proofs, Certainties) else proofs).get
    for i, p in zip(unknown, _per_cell(probs, unknown), strict=True):
        proof = proof_of(i)
        if proof is not None and isinstance(p, Estimate):
            # a proved cell's estimate is replaced by the proved value (still labelled an estimate:
            # the board's numbers stay estimates; knowledge flows from proofs to numbers, never back)
            p = _EST_ONE if proof.mine else _EST_ZERO
        cells.append(CellResult(i // cols, i % cols, p, proof))
    return cells


def _per_cell(probs: Mapping[int, Probability], cells: Sequence[int]) -> list[Probability]:
    """The probability of each of ``cells``, in order (huge boards: without a Mapping call per cell)."""
    if not isinstance(probs, _GroupProbabilities):
        return list(map(probs.__getitem__, cells))
    explicit_get, fixed_get = probs.explicit().get, mine_flags(probs._fixed).get
    zero, one = probs._zero, probs._one
    out = []
    for i in cells:
        p = explicit_get(i)
        if p is None:
            f = fixed_get(i)
            p = probs[i] if f is None else one if f else zero
        out.append(p)
    return out


_CELLS_MARK, _SAFE_MARK, _MINE_MARK = "\x00cells\x00", "\x00safe\x00", "\x00mine\x00"
_NO_KEY = 0xFFFFFFFF
_VERDICT_CODE = {None: 0, False: 1, True: 2}  # an entry's proof for the core: none, safe, mine


@dataclass(slots=True)  # not frozen: its __init__ would set each field through object.__setattr__
class _RawCells:
    """What the per-cell results are built from (on first read): the ``unknown`` cells (row-major
    board indices), their probabilities and the certainties as the proof subsystem returned them;
    also what the document is written from while the cells were not read."""

    unknown: Sequence[int]
    rows: int
    cols: int
    probs: Mapping[int, Probability]
    proofs: Mapping[int, Certainty]

    def make_cells(self) -> list[CellResult]:
        with gc_paused() if len(self.unknown) >= GC_PAUSE_CELLS else nullcontext():
            return _make_cells(self.unknown, self.cols, self.probs, self.proofs)

    def verdicts(self) -> Mapping[int, bool]:
        proofs = self.proofs
        return proofs.verdicts() if isinstance(proofs, Certainties) else {c: x.mine for c, x in proofs.items()}


class _Entries:
    """The document's cell entries, each distinct one written once: ``tails[k]`` is entry ``k``'s
    text after its row and column (by :func:`cell_entry`), ``objects[k]`` its value and
    ``proof_of[k]`` its proof; each listed cell names its entry by a key (see the core's
    ``write_document``)."""

    def __init__(self) -> None:
        self.tails: list[str] = []
        self.objects: list[Probability] = []
        self.proof_of: list[bool | None] = []
        self._by_value: dict[tuple[object, bool | None], int] = {}
        self._by_object: dict[tuple[int, bool | None], int] = {}  # the objects stay alive in ``objects``
        # an entry's text after its row and column ('{"row": 0, "col": 0, ' is what the core writes)
        self._prefix = json.dumps(cell_entry(0, 0, _ZERO, None)).index('"probability"')

    def key(self, p: Probability, v: bool | None) -> int:
        """The key of the entry of value ``p`` and proof ``v`` (True: a mine, False: safe)."""
        if v is not None and isinstance(p, Estimate):
            p = _EST_ONE if v else _EST_ZERO  # as in _make_cells
        # cells share value objects (one per group): looked up by the object first, which costs no
        # Fraction; then by the value (an exact fraction, or the float's repr, which tells 0.0 from -0.0)
        k = self._by_object.get((id(p), v))
        if k is None:
            vk = (p.fraction if isinstance(p, Exact) else repr(p.value), v)
            k = self._by_value.get(vk)
            if k is None:
                k = self._by_value[vk] = len(self.tails)
                verdict = None if v is None else "mine" if v else "safe"
                self.tails.append(json.dumps(cell_entry(0, 0, p, verdict))[self._prefix:])
                self.objects.append(p)
                self.proof_of.append(v)
            self._by_object[id(p), v] = k
        return k

    def ranks(self) -> bytes:
        """Per key, the rank of its value among the best guess's candidates (:func:`best_guess`:
        the proved-safe entries if there are any, else every entry neither proved a mine nor
        exactly 1), lowest first (equal values share a rank); ``_NO_KEY`` for the others."""
        objects, proof_of = self.objects, self.proof_of
        pool = [k for k, v in enumerate(proof_of) if v is False]
        if not pool:
            pool = [k for k, (p, v) in enumerate(zip(objects, proof_of, strict=True))
                    if not v and not (isinstance(p, Exact) and p.is_certain() and p.fraction == 1)]
        sort_keys = {k: objects[k].sort_key() for k in pool}
        order = sorted(set(sort_keys.values()))
        rank_of = {v: r for r, v in enumerate(order)}
        ranks = array("I", [_NO_KEY]) * len(objects)
        for k, v in sort_keys.items():
            ranks[k] = rank_of[v]
        return ranks.tobytes()


@dataclass
class _Keyed:
    """Every listed cell's entry key (see the core's ``write_document``): from ``keys`` (per board
    cell or per listed cell; ``default`` where none), unless the cell is one of the ascending
    ``over_cells`` (the proved cells), whose keys are ``over_keys``."""

    cells: bytes
    keys: bytes
    per_board: bool
    default: int
    entries: _Entries
    over_cells: bytes = b""
    over_keys: bytes = b""


def _keys_of(entries: _Entries, values: Sequence[Probability], proofs: Sequence[bool | None] | None = None
             ) -> array[int]:
    """The key of each of ``values`` (with its proof, None without ``proofs``): found once per
    distinct value object (cells share a few: one per group), then per cell in C (map)."""
    key = entries.key
    ids: Iterable[object] = map(id, values)
    if proofs is not None:
        ids = list(zip(ids, proofs))
        distinct = dict(zip(ids, values))
        found = {k: key(p, k[1]) for k, p in distinct.items()}  # type: ignore[index]
    else:
        ids = list(ids)
        found = {k: key(p, None) for k, p in dict(zip(ids, values)).items()}
    return array("I", map(found.__getitem__, ids))


def _keyed(analysis: Analysis) -> _Keyed:
    """The entries of ``analysis``'s document and each cell's key: read off what the analysis kept
    (a few value objects shared by many cells) while the per-cell results were not built, each
    distinct value's entry written once and the cells mapped to it in C; the off-frontier cells of
    a counted board and every cell of a degraded answer share the default key (no step per cell)."""
    entries = _Entries()
    raw, cols = analysis._raw, analysis.cols
    if analysis._cells is not None or raw is None:
        cells = analysis.cells
        listed = array("I", [c.row * cols + c.col for c in cells])
        ks = _keys_of(entries, [c.probability for c in cells],
                      [c.proof.mine if c.proof is not None else None for c in cells])
        return _Keyed(listed.tobytes(), ks.tobytes(), False, 0, entries)
    unknown, probs = raw.unknown, raw.probs
    verdicts = raw.verdicts()
    proved = sorted(verdicts)
    listed_bytes = (unknown if isinstance(unknown, array) else array("I", unknown)).tobytes()
    if isinstance(probs, _GroupProbabilities):
        explicit, p_out = probs.explicit(), probs._p_out
        # the fixed cells by their mine flags (a model's: without making their facts)
        flags = mine_flags(probs._fixed)
        default = entries.key(p_out, None) if probs._outside else 0
        # the keys of the frontier and fixed cells as arrays (made in C), laid per board cell by
        # the core (a dict of them looked up per board cell was 0.2 s of a mid-game 1000x1000
        # board's million; a Python assignment per cell 0.3 s)
        explicit_keys = _keys_of(entries, list(explicit.values()))
        zero_one = (entries.key(probs._zero, None), entries.key(probs._one, None)) if flags else (0, 0)
        fixed_keys = array("I", map(zero_one.__getitem__, flags.values()))
        n = raw.rows * cols
        layers = [(array("I", explicit).tobytes(), explicit_keys.tobytes()),
                  (array("I", flags).tobytes(), fixed_keys.tobytes())]
        keys = _core.cell_keys(n, layers)
        # a proved cell's value: its group's, else the fixed one (a frontier cell is never a fixed
        # one), else the off-frontier one: read off its key above, the entry with its proof found
        # once per distinct (key, proof) (the core's key_pairs) and the cells mapped to it in C (a
        # Python step per proved cell was 0.3 s of a mid-game 1000x1000 board's 168,000); their keys
        # laid over the others, so the core reads one key per board cell
        proved_bytes = array("I", proved).tobytes()
        pairs, index = _core.key_pairs(keys, proved_bytes, bytes(map(verdicts.__getitem__, proved)))
        objects = entries.objects
        found = array("I", [entries.key(p_out if k == _NO_KEY else objects[k], _BOOL[v]) for k, v in pairs])
        at = array("I")
        at.frombytes(index)
        layers.append((proved_bytes, array("I", map(found.__getitem__, at)).tobytes()))
        return _Keyed(listed_bytes, _core.cell_keys(n, layers), True, default, entries)
    # an estimated board: its cells share a few value objects
    proofs = list(map(verdicts.__getitem__, proved))
    get = probs.__getitem__
    ks = _keys_of(entries, list(map(get, unknown)))
    over = _keys_of(entries, list(map(get, proved)), proofs)
    return _Keyed(listed_bytes, ks.tobytes(), False, 0, entries, array("I", proved).tobytes(), over.tobytes())


_BOOL = (False, True)


def write_document(analysis: Analysis, fd: int | None = None) -> bytes | None:
    """The JSON document of docs/json.md of ``analysis``: the one writer of it (for
    :meth:`Analysis.to_json_text`, :meth:`Analysis.to_json` and :meth:`Analysis.write_json`).
    The document's small parts are written by :func:`document` and ``json.dumps``, each distinct
    cell entry once by :func:`cell_entry`; the core joins them, one entry per cell with its row and
    column, and writes the proved cells' lists off the entries' proofs, to ``fd`` (None: returned)."""
    with gc_paused() if analysis.rows * analysis.cols >= GC_PAUSE_CELLS else nullcontext():
        k = _keyed(analysis)
        entries = k.entries
        rows, cols = analysis.rows, analysis.cols
        board = analysis.board
        best = _core.best_cell(rows, cols, _covered_mask(board) if board is not None else b"", k.cells, k.keys,
                               k.per_board, k.default, entries.ranks(), k.over_cells,
                               k.over_keys) if k.cells else None
        doc = document(rows, cols, analysis.mines, analysis.remaining, status="ok", exact=analysis.exact,
                       prior=analysis.prior, cells=_CELLS_MARK, proved_safe=_SAFE_MARK, proved_mine=_MINE_MARK,
                       best_guess=list(divmod(best, cols)) if best is not None else None,
                       budget=analysis.budget_account())
        text = json.dumps(doc)
        head, rest = text.split(json.dumps(_CELLS_MARK), 1)
        safe, rest = rest.split(json.dumps(_SAFE_MARK), 1)
        mine, tail = rest.split(json.dumps(_MINE_MARK), 1)
        parts = [head, safe, mine, tail]
        verdicts = bytes(map(_VERDICT_CODE.__getitem__, entries.proof_of))
        return _core.write_document(parts, rows, cols, k.cells, k.keys, k.per_board, k.default, entries.tails,
                                    verdicts, k.over_cells, k.over_keys, fd)


def _counted(probs: Mapping[int, Probability]) -> TypeGuard[_GroupProbabilities]:
    """``probs`` are an exactly counted board's, kept per group (every value exact; a degraded
    answer's one shared estimate is kept per group too, but it is not counted)."""
    return isinstance(probs, _GroupProbabilities) and probs._zero is _ZERO and isinstance(probs._p_out, Exact)


class _GroupProbabilities(Mapping[int, Probability]):
    """The probabilities of a board kept per group: ``explicit`` per frontier cell (one value
    object shared within a group), ``p_out`` for every ``outside`` cell (ascending), and for a
    ``fixed`` cell (read off the model's facts) ``fixed_values``' first (safe) or second (a mine)
    value, looked up on access.

    ``explicit`` None: the frontier cells' values are made from ``groups`` (the core's exact
    count, ``(cells, sizes, nums, dens)``: ``sizes[g]`` cells of ``cells`` in turn at
    ``nums[g] / dens[g]``) when first read (:meth:`explicit`): an analysis whose cells are never
    read makes no value object (a Beginner position's were a twentieth of its analysis)."""

    __slots__ = ("_explicit", "_groups", "_outside", "_outside_set", "_p_out", "_fixed", "_zero", "_one")

    def __init__(self, explicit: dict[int, Probability] | None, outside: Sequence[int], p_out: Probability,
                 fixed: Mapping[int, Fact], fixed_values: tuple[Probability, Probability] = (_ZERO, _ONE),
                 groups: tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]] | None = None) -> None:
        self._explicit = explicit
        self._groups = groups
        self._outside = outside
        self._outside_set: frozenset[int] | None = None
        self._p_out = p_out
        self._fixed = fixed
        self._zero, self._one = fixed_values

    def explicit(self) -> dict[int, Probability]:
        """Frontier cell -> its value (one object per group, shared by its cells), in the groups'
        order; made once (from the groups' ratios when not given), must not be changed."""
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None, "no frontier values nor groups"
            cells, sizes, nums, dens = groups
            explicit = self._explicit = explicit_values(cells, sizes, Exact.ratios(nums, dens))
            self._groups = None
        return explicit

    def __getitem__(self, cell: int) -> Probability:
        p = self.get(cell)
        if p is None:
            raise KeyError(cell)
        return p

    def get(self, cell: int, default: Probability | None = None) -> Probability | None:  # type: ignore[override]
        # what __getitem__ does, without Mapping.get's call of it and its KeyError per miss
        explicit = self._explicit
        p = (self.explicit() if explicit is None else explicit).get(cell)
        if p is not None:
            return p
        if cell not in mine_flags(self._fixed):
            if self._outside_set is None:
                self._outside_set = frozenset(self._outside)
            if cell not in self._outside_set:
                return default
        return self.value_of(cell)

    def value_of(self, cell: int) -> Probability:
        """The value of ``cell``, which must be one of the board's cells (not checked: no set of the
        off-frontier cells is made): a frontier cell's group value, a fixed cell's by its flag (the
        fixed cells' facts are not made), else the off-frontier value."""
        explicit = self._explicit
        p = (self.explicit() if explicit is None else explicit).get(cell)
        if p is not None:
            return p
        mine = mine_flags(self._fixed).get(cell)
        if mine is None:
            return self._p_out
        return self._one if mine else self._zero

    def __iter__(self) -> Iterator[int]:
        yield from self._fixed
        yield from self.explicit()
        yield from self._outside

    def certain_map(self) -> dict[int, bool]:
        """Cell -> is 1, of every cell whose value is exactly 0 or 1 (the cells :meth:`get` gives
        such a value), in no particular order, each value object read once and the cells gathered
        in C (dict, compress, map): the fixed cells, the frontier cells of a certain group, the
        off-frontier cells when their value is certain. While the frontier values are not made
        (:meth:`explicit`), the certain groups are read off the count's ratios without making them
        (a player's referee asks this of every position and reads no other value)."""
        p_out = self._p_out
        out: dict[int, bool] = {}
        if self._outside and isinstance(p_out, Exact) and p_out.is_certain():
            out = dict.fromkeys(self._outside, bool(p_out.fraction))
        out.update(mine_flags(self._fixed))
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None, "no frontier values nor groups"
            cells, sizes, nums, dens = groups
            if out and not out.keys().isdisjoint(cells):  # a frontier cell's own value comes first
                for i in out.keys() & set(cells):
                    del out[i]
            at = 0
            for size, num, den in zip(sizes, nums, dens):
                if num == 0 or num == den:  # the group's value is exactly 0 or 1 (Exact.is_certain)
                    out.update(dict.fromkeys(cells[at:at + size], num != 0))
                at += size
            return out
        if out and not explicit.keys().isdisjoint(out):  # a frontier cell's own value comes first
            for i in explicit.keys() & out.keys():
                del out[i]
        values = list(explicit.values())
        ids = list(map(id, values))
        ones = {k: p.is_one() for k, p in dict(zip(ids, values, strict=True)).items()
                if isinstance(p, Exact) and p.is_certain()}
        if ones:
            certain = list(map(ones.__contains__, ids))
            out.update(zip(compress(explicit, certain), map(ones.__getitem__, compress(ids, certain))))
        return out

    def __len__(self) -> int:
        explicit = self._explicit
        if explicit is None:
            groups = self._groups
            assert groups is not None
            return len(self._fixed) + len(groups[0]) + len(self._outside)
        return len(self._fixed) + len(explicit) + len(self._outside)


def explicit_values(cells: Sequence[int], sizes: Sequence[int], values: Sequence[Probability]
                    ) -> dict[int, Probability]:
    """Frontier cell -> its value, ``sizes[g]`` of ``cells`` in turn at ``values[g]`` (one value
    object per group, shared by its cells)."""
    # (one group, most small positions: its cells at its value, without the iterators)
    return (dict.fromkeys(cells, values[0]) if len(values) == 1 else
            dict(zip(cells, chain.from_iterable(map(repeat, values, sizes)))))


#: The probabilities of a board kept per group (the class itself: no wrapper call per analysis).
group_probabilities = _GroupProbabilities
