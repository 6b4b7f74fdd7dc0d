"""The analysis layer: combines the constraint model, exact counting, estimation and proofs.

This is the only module that sees all three subsystems. It keeps their outputs apart in the types:
a probability is :class:`~cpsolve.probability.Exact` or :class:`~cpsolve.probability.Estimate`, and
a certainty is a :class:`~cpsolve.proof.Certainty` that only the proof subsystem makes.
"""

from __future__ import annotations

import gc
import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction
from functools import partial
from typing import Any

from . import budget, count
from .board import COVERED, FLAG, MINE, Board
from .constraints import TOTAL, Fact, Inconsistent, Model, board_clues, build_model
from .errors import InconsistentBoard
from .estimate.fugacity import EstimateStats
from .options import (
    DEFAULT_COMBINE_BUDGET,
    DEFAULT_ENGINE,
    DEFAULT_EXACT_LIMIT,
    DEFAULT_STATE_BUDGET,
    DEFAULT_TIME_LIMIT,
    DEFAULTS,
    AnalysisOptions,
)
from .probability import Estimate, Exact, Probability
from .proof.backends.base import ProofStatus
from .proof.certainty import Certainties, Certainty
from .proof.prover import ProofStats

_ZERO = Exact(Fraction(0))
_ONE = Exact(Fraction(1))
_EST_ZERO = Estimate(0.0)
_EST_ONE = Estimate(1.0)


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
        p = self.probability
        return {
            "row": self.row, "col": self.col,
            "probability": p.value,
            "fraction": p.text() if isinstance(p, Exact) else None,
            "basis": p.basis,
            "proof": self.proof.verdict if self.proof is not None else None,
        }


@dataclass
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
    undecided_cells: list[tuple[int, int]] = field(default_factory=list)
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

    def __init__(self, rows: int, cols: int, mines: int | None, remaining: int | None,
                 cells: list[CellResult] | None = None, exact: bool = True, prior: str = "",
                 density: Fraction | None = None, stats: AnalysisStats | None = None,
                 board: Board | None = None, *,
                 _cells: list[CellResult] | None = None,
                 _make_cells: Callable[[], list[CellResult]] | None = None,
                 _raw: _RawCells | None = None) -> None:
        # ``cells`` given: kept as is (also what dataclasses.replace(a, cells=...) passes);
        # otherwise built by ``_make_cells`` on first access
        self.rows, self.cols, self.mines, self.remaining = rows, cols, mines, remaining
        self.exact, self.prior, self.density = exact, prior, density
        self.stats = stats if stats is not None else AnalysisStats()
        self.board = board
        self._cells = cells if cells is not None else _cells
        self._make_cells = None if self._cells is not None else _make_cells
        self._raw = None if self._cells is not None else _raw

    @property
    def cells(self) -> list[CellResult]:
        if self._cells is None:
            self._cells = self._make_cells() if self._make_cells is not None else []
            self._make_cells = None
        return self._cells

    def __repr__(self) -> str:
        basis = "exact" if self.exact else "estimated"
        mines = f"mines={self.mines}" if self.mines is not None else f"density={self.density}"
        return (f"<Analysis {self.rows}x{self.cols}, {mines}, {len(self.cells)} covered cells, {basis}, "
                f"{len(self.proved_safe)} proved safe, {len(self.proved_mine)} proved mine, "
                f"best guess {self.best_guess}>")

    @property
    def proved_safe(self) -> list[tuple[int, int]]:
        return [(c.row, c.col) for c in self.cells if c.proof is not None and not c.proof.mine]

    @property
    def proved_mine(self) -> list[tuple[int, int]]:
        return [(c.row, c.col) for c in self.cells if c.proof is not None and c.proof.mine]

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
        """The cell to open next by :func:`best_guess` (proved safe first, else lowest probability);
        None on a finished board (no covered cell left)."""
        return best_guess(self.cells, self.board)

    def to_json(self) -> dict[str, Any]:
        # a huge board's document is a dict per cell: no cyclic collections while it is built
        with gc_paused() if self.rows * self.cols >= GC_PAUSE_CELLS else nullcontext():
            return self._to_json()

    def to_json_text(self) -> str:
        """``json.dumps(self.to_json())``, the same text, written without a :class:`CellResult`
        or a :class:`~cpsolve.proof.Certainty` per cell while the cells were not read (a
        1000x1000 board's document is over half a million cells)."""
        raw = self._raw
        if self._cells is not None or raw is None:
            return json.dumps(self.to_json())
        with gc_paused() if self.rows * self.cols >= GC_PAUSE_CELLS else nullcontext():
            return raw.json_text(self)

    def _to_json(self) -> dict[str, Any]:
        bg = self.best_guess
        return {
            "rows": self.rows, "cols": self.cols,
            "mines": self.mines, "remaining": self.remaining,
            "status": "ok",
            "exact": self.exact,
            "prior": self.prior,
            "cells": [c.to_json() for c in self.cells],
            "proved_safe": [list(x) for x in self.proved_safe],
            "proved_mine": [list(x) for x in self.proved_mine],
            "best_guess": list(bg) if bg is not None else None,
        }


def best_guess(cells: Sequence[CellResult], board: Board | None = None) -> tuple[int, int] | None:
    """The best guess among ``cells``: the one rule of the package, used by :attr:`Analysis.best_guess`
    and by the player's ``basic`` strategy.

    The candidates are the proved-safe cells if there are any, else every cell. Among them the
    lowest mine probability wins (exact fractions compared exactly); ties go to the cell with the
    fewest covered neighbours on ``board`` (the most likely to show a 0 and open up; not counted
    without a board), then to row-major order. None when ``cells`` is empty (a finished board).
    """
    if not cells:
        return None
    pool = [c for c in cells if c.proof is not None and not c.proof.mine] or cells

    def covered_around(c: CellResult) -> int:
        if board is None:
            return 0
        grid = board.cells
        return sum(1 for j in board.neighbours(board.index(c.row, c.col)) if grid[j] == COVERED)

    # the lowest probability first, then the tie-breaks among the cells that have it (the same
    # cell as one min over the whole key, without counting neighbours for every cell)
    keys = [c.probability.sort_key() for c in pool]
    low = min(keys)
    tied = [c for c, k in zip(pool, keys) if k == low]
    best = min(tied, key=lambda c: (covered_around(c), c.row, c.col))
    return best.row, best.col


def inconsistent_from(exc: Inconsistent, board: Board | Model, trust_flags: bool = True,
                      engine: str = "sat", time_limit: float | None = 5.0) -> InconsistentBoard:
    """The error for an impossible board, naming clues (and the total) proved to admit no placement.

    The proof subsystem shrinks a conflict within ``time_limit``, starting from the sources the
    model blamed (a candidate only: simplification may have used up clues they leave out) and
    returning only sets the solver answered UNSAT. When it shows no set in time, every clue and the
    total are named (the whole board, which the analysis itself found impossible), not minimal.
    """
    with budget.within(budget.Deadline(None), replace=True):  # the solver keeps to time_limit
        return _inconsistent_from(exc, board, trust_flags, engine, time_limit)


def _inconsistent_from(exc: Inconsistent, board: Board | Model, trust_flags: bool, engine: str,
                       time_limit: float | None) -> InconsistentBoard:
    from .proof import minimal_conflict  # imported when needed: the proof package loads solvers

    if isinstance(board, Model):
        clues, has_total = board.clues, board.remaining is not None
    else:
        _, clues = board_clues(board, trust_flags)
        has_total = board.mines is not None
    try:
        shrunk = minimal_conflict(board, exc.sources, trust_flags=trust_flags, engine=engine,
                                  time_limit=time_limit)
    except ValueError:  # an unknown engine name
        shrunk = None
    if shrunk is not None:
        sources, minimal = shrunk.sources, shrunk.minimal
    else:
        sources = frozenset(range(len(clues))) | (frozenset({TOTAL}) if has_total else frozenset())
        minimal = False
    cells = sorted((clues[s].row, clues[s].col) for s in sources if s != TOTAL)
    return InconsistentBoard(cells, TOTAL in sources, exc.reason, minimal=minimal)


def analyze(board: Board, options: AnalysisOptions | None = None, *,
            exact_limit: int | None = DEFAULT_EXACT_LIMIT, time_limit: float | None = DEFAULT_TIME_LIMIT,
            density: Fraction | float | str | None = None, trust_flags: bool = True, prove: bool = True,
            engine: str = DEFAULT_ENGINE, state_budget: int | None = DEFAULT_STATE_BUDGET,
            combine_budget: int | None = DEFAULT_COMBINE_BUDGET) -> Analysis:
    """Analyse ``board``: every covered cell's mine probability and the cells proved safe or mine.

    Probabilities are exact fractions where counting finishes and labelled estimates elsewhere (if
    any part of a board with a mine total is estimated, every probability on it is an estimate);
    a cell is proved only by the proof engine. The settings (defaults in
    :class:`~cpsolve.options.AnalysisOptions`):

    - ``options``: all settings at once, an :class:`~cpsolve.options.AnalysisOptions`; a keyword
      below given with a value other than its default overrides the same field of it.
    - ``exact_limit``: the largest component (in covered cells) counted exactly; larger ones are
      estimated. ``None``: no limit (default 400).
    - ``time_limit``: seconds the whole analysis may take (``None``: no limit; default 10). Building
      the model, counting, estimating, proving and naming a conflict share one deadline
      (:mod:`cpsolve.budget`): counting may use the first half, estimation up to four fifths, proofs
      the rest. A part cut short degrades (counts to estimates, estimates to a uniform estimate,
      proofs to "not decided"), never to a claim; ``stats.budget`` lists what was cut short.
    - ``density``: prior mine density per cell for a board without a mine total (default 1/5;
      ignored when the board has a total). A fraction, float or string such as ``"1/5"``.
    - ``trust_flags``: flags count as mines (default); ``False`` treats them as covered cells.
    - ``prove``: run the proof engine (default); ``False`` gives probabilities only, no proofs.
    - ``engine``: the proof engine: ``"cp-sat"`` (default, OR-Tools CP-SAT), ``"sat"`` (python-sat
      MiniCard) or ``"sat:NAME"`` (``sat:cadical195``, ``sat:glucose4``, ``sat:gluecard4``).
    - ``state_budget``: dynamic-programme states one component may create before it is estimated
      instead (bounds time and memory; default 200,000; ``None``: no budget).
    - ``combine_budget``: big-integer multiply-adds allowed to combine the components exactly
      through the mine total; beyond it (boards of ~100k cells) the combination is estimated
      (default 2,000,000; ``None``: no budget).

    Returns an :class:`Analysis`. Raises :class:`InconsistentBoard` when no placement satisfies the
    clues and the total, and ``ValueError`` on a density outside (0, 1).
    """
    opts = _options(options, exact_limit=exact_limit, time_limit=time_limit, density=density,
                    trust_flags=trust_flags, prove=prove, engine=engine, state_budget=state_budget,
                    combine_budget=combine_budget)
    return _analyze(board, opts)


def _options(options: AnalysisOptions | None, **keywords: Any) -> AnalysisOptions:
    """``options`` (or the defaults) with every keyword that differs from its default applied."""
    changes = {k: v for k, v in keywords.items() if v != getattr(DEFAULTS, k)}
    base = options if options is not None else DEFAULTS
    return base.replace(**changes) if changes else base


#: Boards with at least this many cells are analysed with the cyclic garbage collector paused.
GC_PAUSE_CELLS = 10_000
_gc_lock = threading.Lock()
_gc_pauses = 0  # analyses running with the collector paused (threads, nested analyses)
_gc_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused (and restored as it was when the last pause ends).

    A large board's model is hundreds of thousands of small frozensets, tuples and dicts, none
    in a reference cycle (reference counting frees them), but every few hundred allocations the
    collector walks the young ones and now and then all of them: over half of a 1000x1000
    board's model building. Counted under a lock, so that overlapping pauses (threads of the web
    server, nested analyses) re-enable the collector only when the last one ends."""
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if not _gc_pauses:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if not _gc_pauses and _gc_was_enabled:
                gc.enable()


def _analyze(board: Board, opts: AnalysisOptions) -> Analysis:
    if len(board.cells) >= GC_PAUSE_CELLS:
        with gc_paused():
            return _analyze_now(board, opts)
    return _analyze_now(board, opts)


def _analyze_now(board: Board, opts: AnalysisOptions) -> Analysis:
    t0 = time.perf_counter()
    trust_flags, engine = opts.trust_flags, opts.engine
    dens: Fraction | None = None if board.mines is not None else opts.prior_density()
    deadline = budget.Deadline.after(opts.time_limit)  # proofs end here
    enclosing = budget.current()  # a caller's own deadline (a nested analysis never outlives it)
    if enclosing.at is not None and (deadline.at is None or enclosing.at < deadline.at):
        deadline = enclosing
    outer = budget.Deadline(None if deadline.at is None else max(deadline.at, t0 + ESTIMATE_FLOOR))
    with budget.within(outer):
        try:
            model = build_model(board, trust_flags=trust_flags)
        except budget.OutOfTime:
            return _unmodelled(board, trust_flags, dens, t0)
        except Inconsistent as exc:
            raise inconsistent_from(exc, board, trust_flags, engine, _conflict_time(deadline)) from None
        t_model = time.perf_counter()
        ms = model.stats
        stats = AnalysisStats(clue_cells=ms.get("clue_cells", 0), frontier=ms.get("frontier", 0),
                              fixed=ms.get("fixed", 0), components=ms.get("components", 0),
                              largest_component=ms.get("largest_component", 0))
        try:
            probs, exact_flags, feasibility = _probabilities(model, opts.exact_limit, opts.state_budget, dens,
                                                             opts.combine_budget, stats,
                                                             _shares(t0, opts.time_limit))
        except Inconsistent as exc:
            raise inconsistent_from(exc, board, trust_flags, engine, _conflict_time(deadline)) from None
        t_count = time.perf_counter()
        exact = all(exact_flags)
        proofs: Mapping[int, Certainty] = {}
        if opts.prove:
            proofs = _prove(model, probs if exact else None, engine, deadline, feasibility, stats)
            if stats.proof_status is ProofStatus.TIMEOUT:
                stats.budget.append("proofs")
    prior = _prior(dens)
    t_end = time.perf_counter()

    def make_cells() -> list[CellResult]:
        with gc_paused() if len(model.unknown) >= GC_PAUSE_CELLS else nullcontext():
            return _make_cells(model, probs, proofs)

    stats.ms_model, stats.ms_count = (t_model - t0) * 1e3, (t_count - t_model) * 1e3
    stats.ms_proof, stats.ms_total = (t_end - t_count) * 1e3, (t_end - t0) * 1e3
    return Analysis(board.rows, board.cols, board.mines, model.remaining, None, exact, prior, dens, stats, board,
                    _make_cells=make_cells, _raw=_RawCells(model, probs, proofs))


def _make_cells(model: Model, probs: Mapping[int, Probability], proofs: Mapping[int, Certainty]
                ) -> list[CellResult]:
    """One :class:`CellResult` per unknown cell of ``model``, row-major."""
    cells = []
    cols = model.cols
    proof_of = (proofs.all() if isinstance(proofs, Certainties) else proofs).get
    for i, p in zip(model.unknown, _per_cell(probs, model.unknown), strict=True):
        proof = proof_of(i)
        if proof is not None and isinstance(p, Estimate):
            # a proved cell's estimate is replaced by the proved value (still labelled an estimate:
            # the board's numbers stay estimates; knowledge flows from proofs to numbers, never back)
            p = _EST_ONE if proof.mine else _EST_ZERO
        cells.append(CellResult(i // cols, i % cols, p, proof))
    return cells


def _per_cell(probs: Mapping[int, Probability], cells: Sequence[int]) -> list[Probability]:
    """The probability of each of ``cells``, in order (huge boards: without a Mapping call per cell)."""
    explicit_get: Callable[[int], Probability | None]
    fixed_get: Callable[[int], Fact | None]
    if isinstance(probs, _GroupProbabilities):
        # the two lookups that answer most cells
        explicit_get, fixed_get = probs._explicit.get, probs._fixed.get
    else:
        explicit_get, fixed_get = probs.get, _no_fact
    out = []
    for i in cells:
        p = explicit_get(i)
        if p is None:
            f = fixed_get(i)
            p = probs[i] if f is None else _ONE if f.mine else _ZERO
        out.append(p)
    return out


def _no_fact(cell: int) -> None:
    return None


_CELLS_MARK = "\x00cells\x00"


@dataclass(frozen=True)
class _RawCells:
    """What :func:`_make_cells` builds the per-cell results from, for :meth:`Analysis.to_json_text`."""

    model: Model
    probs: Mapping[int, Probability]
    proofs: Mapping[int, Certainty]

    def json_text(self, analysis: Analysis) -> str:
        model, probs, proofs = self.model, self.probs, self.proofs
        cols = model.cols
        mine_of = proofs.verdicts() if isinstance(proofs, Certainties) else {c: x.mine for c, x in proofs.items()}
        tails: dict[tuple[object, bool | None], str] = {}
        dumps = json.dumps
        texts = []
        per_cell: list[Probability] = []
        verdict_get = mine_of.get
        for i, p in zip(model.unknown, _per_cell(probs, model.unknown), strict=True):
            v = verdict_get(i)
            if v is not None and isinstance(p, Estimate):
                p = _EST_ONE if v else _EST_ZERO  # as in _make_cells
            per_cell.append(p)
            # an estimate per cell is its own object: the key is the value (an exact fraction, or
            # the float's repr, which tells 0.0 from -0.0)
            key = (p.fraction if isinstance(p, Exact) else repr(p.value), v)
            tail = tails.get(key)
            if tail is None:
                # each distinct value encoded by json itself (the same text as json.dumps of the cell)
                frac = p.text() if isinstance(p, Exact) else None
                verdict = None if v is None else "mine" if v else "safe"
                tail = tails[key] = (f'"probability": {dumps(p.value)}, "fraction": {dumps(frac)}, '
                                     f'"basis": {dumps(p.basis)}, "proof": {dumps(verdict)}}}')
            texts.append(f'{{"row": {i // cols}, "col": {i % cols}, {tail}')
        safe = [i for i in model.unknown if verdict_get(i) is False]
        mines = [i for i in model.unknown if verdict_get(i) is True]
        doc = {
            "rows": analysis.rows, "cols": analysis.cols,
            "mines": analysis.mines, "remaining": analysis.remaining,
            "status": "ok",
            "exact": analysis.exact,
            "prior": analysis.prior,
            "cells": _CELLS_MARK,
            "proved_safe": [list(divmod(i, cols)) for i in safe],
            "proved_mine": [list(divmod(i, cols)) for i in mines],
            "best_guess": self._best_guess(analysis, per_cell, safe),
        }
        return dumps(doc).replace(dumps(_CELLS_MARK), "[" + ", ".join(texts) + "]", 1)

    def _best_guess(self, analysis: Analysis, per_cell: list[Probability], safe: list[int]) -> list[int] | None:
        """:attr:`Analysis.best_guess` by the one rule (:func:`best_guess`), given only the cells
        tied at the lowest probability of its candidates (the rule's answer is among them)."""
        unknown, cols = self.model.unknown, self.model.cols
        if not unknown:
            return None
        prob_of = dict(zip(unknown, per_cell)) if safe else None
        pool = safe or list(unknown)
        probs = [prob_of[i] for i in pool] if prob_of is not None else per_cell
        keys = [p.sort_key() for p in probs]
        low = min(keys)
        # without their proofs: when the candidates are the proved-safe cells, these all are
        tied = [CellResult(i // cols, i % cols, p) for i, p, k in zip(pool, probs, keys) if k == low]
        bg = best_guess(tied, analysis.board)
        return list(bg) if bg is not None else None


#: Shares of ``time_limit`` (from the start of the analysis) by which counting, then estimation,
#: must be done; proofs have the rest. On small boards counting takes milliseconds and proofs get
#: nearly all of it.
COUNT_SHARE = 0.5
ESTIMATE_SHARE = 0.8
#: ... but never less than these many seconds (a tiny limit still gets a small board counted and
#: a large one estimated; well inside the half second the budget allows beyond ``time_limit``).
COUNT_FLOOR = 0.1
ESTIMATE_FLOOR = 0.2
#: The least time a conflict is given to be shrunk, even when the analysis used its budget (keeps
#: small inconsistent boards minimal under tiny limits; bounded, so the budget stays kept).
CONFLICT_FLOOR = 0.1
#: ``EstimateStats.mode`` of a board whose estimation ran out of time.
UNIFORM = "uniform (out of time)"


def _shares(t0: float, time_limit: float | None) -> tuple[budget.Deadline, budget.Deadline]:
    if time_limit is None:
        return budget.Deadline(None), budget.Deadline(None)
    return (budget.Deadline(t0 + max(COUNT_SHARE * time_limit, COUNT_FLOOR)),
            budget.Deadline(t0 + max(ESTIMATE_SHARE * time_limit, ESTIMATE_FLOOR)))


def _conflict_time(deadline: budget.Deadline) -> float | None:
    left = deadline.left()
    return None if left is None else max(left, CONFLICT_FLOOR)


def _prior(dens: Fraction | None) -> str:
    return ("uniform over all placements with the mine total" if dens is None else
            f"independent per-cell mine density {dens} (no mine total given)")


def _unmodelled(board: Board, trust_flags: bool, dens: Fraction | None, t0: float) -> Analysis:
    """The answer when not even the model was built in time: every covered cell at the average
    density (the remaining mines over the covered cells, or the prior), an estimate; no proofs."""
    # not board_clues: that is part of what ran out of time
    unknown = [i for i, v in enumerate(board.cells) if v == COVERED or (v == FLAG and not trust_flags)]
    remaining = board.remaining_mines(trust_flags)
    if dens is not None:
        p = float(dens)
    else:
        assert remaining is not None
        p = remaining / len(unknown) if unknown else 0.0
    est = Estimate(p)  # one shared value: this runs when time is short, on boards of many cells
    cols = board.cols
    cells = [CellResult(i // cols, i % cols, est) for i in unknown]
    ms = (time.perf_counter() - t0) * 1e3
    stats = AnalysisStats(estimate_reason="the time limit ran out while building the model",
                          estimate=EstimateStats(mode=UNIFORM), ms_model=ms, ms_total=ms,
                          budget=["model", "counting", "estimation", "proofs"])
    return Analysis(board.rows, board.cols, board.mines, remaining, cells, False, _prior(dens), dens, stats, board)


def _uniform(model: Model, dens: Fraction | None) -> dict[int, Probability]:
    """The crudest estimate, for when estimation itself ran out of time: fixed cells at 0 or 1, the
    others at the average density of the mines left for them (or the prior)."""
    free = [i for i in model.unknown if i not in model.fixed]
    if dens is not None:
        p = float(dens)
    else:
        rem = model.remaining_free
        assert rem is not None
        p = rem / len(free) if free else 0.0
    est = Estimate(p)
    probs: dict[int, Probability] = dict.fromkeys(free, est)
    for i, f in model.fixed.items():
        probs[i] = _EST_ONE if f.mine else _EST_ZERO
    return probs


def _exact(num: int, den: int) -> Exact:
    return Exact(Fraction(num, den))


def _probabilities(model: Model, exact_limit: int | None, state_budget: int | None,
                   dens: Fraction | None, combine_budget: int | None, stats: AnalysisStats,
                   shares: tuple[budget.Deadline, budget.Deadline] | None = None
                   ) -> tuple[Mapping[int, Probability], list[bool], dict[int, Fraction] | None]:
    """Per unknown cell, its probability; whether the board was counted exactly; and, on an
    estimated board whose components were all counted, feasibility hints for the prover. Records
    what counting did in ``stats``. ``shares``: the deadlines of counting and of estimation (see
    :func:`analyze`); a part cut short is named in ``stats.budget``."""
    count_by, estimate_by = shares or (budget.Deadline(None), budget.Deadline(None))
    with budget.within(count_by):
        mc = count.count_model(model, exact_limit=exact_limit, state_budget=state_budget)
    if mc.out_of_time:
        stats.budget.append("counting")
    counted, estimated = mc.counted, mc.estimated
    stats.estimated_components, stats.dp_states, stats.max_component_states = len(estimated), mc.states, mc.max_states
    ordered = mc.in_order()
    over_budget = False
    if dens is None and not estimated:
        cost = count.combination_cost(ordered)
        stats.combine_cost = cost
        over_budget = combine_budget is not None and cost > combine_budget
    if not (estimated or over_budget):
        # the fixed cells are looked up in the model's facts on access (see _GroupProbabilities)
        fixed: dict[int, bool] = {}
        # the off-frontier cells share one value: kept once, not copied into a dict entry per cell
        p_out: Probability
        try:
            with budget.within(estimate_by):
                if dens is None:
                    remaining = model.remaining_free
                    assert remaining is not None
                    total = count.combine_total(ordered, len(model.outside), remaining)
                    explicit: dict[int, Probability] = count.cell_marginals(fixed, (), ordered, _exact, total=total)
                    p_out = _exact(total.out_num, total.z) if model.outside else _ZERO
                else:
                    explicit = count.cell_marginals(fixed, (), ordered, _exact, density=dens)
                    p_out = Exact(dens)
            return _GroupProbabilities(explicit, model.outside, p_out, model.fixed), [True], None
        except budget.OutOfTime:
            stats.budget.append("combining")
    stats.estimate_reason = ("components over the exact limit, the state budget or the time limit" if estimated
                             else "combining the components through the total is over budget or out of time")
    stats.estimate = EstimateStats()
    try:
        with budget.within(estimate_by):
            est_probs, flags = _estimated(model, counted, estimated, dens, stats.estimate)
            feasibility = None
            if not estimated and dens is None:
                feasibility = count.feasibility_hints(model, counted)
    except budget.OutOfTime:
        stats.budget.append("estimation")
        stats.estimate.mode = UNIFORM
        return _uniform(model, dens), [False], None
    return est_probs, flags, feasibility


class _GroupProbabilities(Mapping[int, Probability]):
    """The probabilities of an exactly counted board: 0 or 1 for a fixed cell (read off the model's
    facts), one value per frontier cell (shared within a group) and one value for every
    off-frontier cell, looked up on access."""

    __slots__ = ("_explicit", "_outside", "_outside_set", "_p_out", "_fixed")

    def __init__(self, explicit: dict[int, Probability], outside: tuple[int, ...], p_out: Probability,
                 fixed: Mapping[int, Fact]) -> None:
        self._explicit = explicit
        self._outside = outside
        self._outside_set: frozenset[int] | None = None
        self._p_out = p_out
        self._fixed = fixed

    def __getitem__(self, cell: int) -> Probability:
        p = self.get(cell)
        if p is None:
            raise KeyError(cell)
        return p

    def get(self, cell: int, default: Probability | None = None) -> Probability | None:  # type: ignore[override]
        # what __getitem__ does, without Mapping.get's call of it and its KeyError per miss
        p = self._explicit.get(cell)
        if p is not None:
            return p
        f = self._fixed.get(cell)
        if f is not None:
            return _ONE if f.mine else _ZERO
        if self._outside_set is None:
            self._outside_set = frozenset(self._outside)
        return self._p_out if cell in self._outside_set else default

    def __iter__(self) -> Iterator[int]:
        yield from self._fixed
        yield from self._explicit
        yield from self._outside

    def __len__(self) -> int:
        return len(self._fixed) + len(self._explicit) + len(self._outside)


class _ExactFractions(Mapping[int, Fraction]):
    """The fractions of a fully exact board's probabilities, for the prover's hints (no copy)."""

    __slots__ = ("_probs",)

    def __init__(self, probs: Mapping[int, Probability]) -> None:
        self._probs = probs

    def __getitem__(self, cell: int) -> Fraction:
        p = self._probs[cell]
        assert isinstance(p, Exact)
        return p.fraction

    def get(self, cell: int, default: Fraction | None = None) -> Fraction | None:  # type: ignore[override]
        p = self._probs.get(cell)
        if p is None:
            return default
        assert isinstance(p, Exact)
        return p.fraction

    def __iter__(self) -> Iterator[int]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)


def _estimated(model: Model, counted: dict[int, count.ComponentCount], estimated: list[int],
               dens: Fraction | None, stats: EstimateStats) -> tuple[dict[int, Probability], list[bool]]:
    """Probabilities of a board that is not counted exactly in full.

    With a mine total every component is coupled to every other through it, so once one part is
    estimated no probability on the board is exact: all are labelled estimates (fixed cells too).
    Without a total (independent prior density) the components counted exactly keep their exact
    probabilities and only the estimated components' cells are estimates.
    """
    from .estimate import estimate_board

    marginals = {ci: partial(count.distribution_marginals, cc) for ci, cc in counted.items()}
    est = estimate_board(model, {ci: cc.counts for ci, cc in counted.items()}, estimated, dens,
                         marginals=marginals, stats=stats)
    probs: dict[int, Probability] = {}
    for i, v in est.items():
        probs[i] = Estimate(min(1.0, max(0.0, v)))
    if dens is not None:
        # no total: exact components and fixed cells are untouched by the estimate
        ordered = [counted[ci] for ci in sorted(counted)]
        probs.update(count.cell_marginals({}, model.outside, ordered, _exact, density=dens))
        for i, f in model.fixed.items():
            probs[i] = Exact(Fraction(int(f.mine)))
    else:
        for i, f in model.fixed.items():
            probs[i] = Estimate(1.0 if f.mine else 0.0)
    return probs, [False]


def _prove(model: Model, probs: Mapping[int, Probability] | None, engine: str,
           deadline: budget.Deadline, feasibility: dict[int, Fraction] | None, stats: AnalysisStats
           ) -> Mapping[int, Certainty]:
    """Certainties from the proof subsystem (exact counts, or exact feasibility on a board whose
    combination was estimated, only nominate and withhold). Records the proof's figures in ``stats``."""
    from .proof import prove_model  # imported when needed: the proof package loads solvers

    hints: Mapping[int, Fraction] | None = feasibility
    if probs is not None:
        hints = _ExactFractions(probs)
    result = prove_model(model, engine=engine, time_limit=deadline.left(), hints=hints)
    if result.status is ProofStatus.INCONSISTENT:
        raise inconsistent_from(Inconsistent(result.conflict, "no placement satisfies the clues and the total"),
                                model, engine=engine, time_limit=_conflict_time(deadline))
    stats.proof, stats.proof_status = result.stats, result.status
    # which cells the time limit left undecided (not proved either way), for callers that show them
    stats.undecided_cells = sorted(divmod(i, model.cols) for i in result.undecided)
    return result.certainties
