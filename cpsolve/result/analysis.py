"""The result of an analysis: :class:`Analysis` (one :class:`~.cells.CellResult` per covered cell, built on
first read from what the analysis kept) and :class:`AnalysisStats` (what it did and cost)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction
from itertools import compress, filterfalse, repeat
from operator import not_
from typing import Any

from ..board import MINE, Board
from ..collector import GC_PAUSE_CELLS, gc_paused
from ..constraints import Model
from ..estimate.fugacity import EstimateStats
from ..probability import Exact, Probability
from ..proof.backends.base import ProofStatus
from ..proof.certainty import Certainty
from ..proof.prover import ProofStats
from .cells import EXACT_ONE, EXACT_ZERO, CellResult
from .document import keyed_safest, write_document
from .groups import RawCells, counted, per_cell
from .safest import lowest, lowest_cells, safest_cell, tie_break


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



class _Unread:
    """Not made yet (a cached value may be None)."""


_UNREAD = _Unread()


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
    * ``best_guess``: the cell to open next, the strongest player's choice (``cpsolve play``'s
      ``best`` strategy, made when first read): a proved-safe cell if there is one; None on a
      finished board. ``safest``: the cell of lowest mine probability (the ``basic`` player's).
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
    _raw: RawCells | None = field(default=None, repr=False, compare=False)
    _model: Model | None = field(default=None, repr=False, compare=False)
    trust_flags: bool = field(default=True, repr=False, compare=False)

    def __init__(self, rows: int, cols: int, mines: int | None, remaining: int | None,
                 cells: list[CellResult] | None = None, exact: bool = True, prior: str = "",
                 density: Fraction | None = None, stats: AnalysisStats | None = None,
                 board: Board | None = None, *,
                 _cells: list[CellResult] | None = None,
                 _make_cells: Callable[[], list[CellResult]] | None = None,
                 _raw: RawCells | None = None, _model: Model | None = None, trust_flags: bool = True) -> None:
        # ``cells`` given: kept as is (also what dataclasses.replace(a, cells=...) passes);
        # otherwise built by ``_make_cells`` (or ``_raw``'s) on first access
        self.rows, self.cols, self.mines, self.remaining = rows, cols, mines, remaining
        self.exact, self.prior, self.density = exact, prior, density
        self.stats = stats if stats is not None else AnalysisStats()
        self.board = board
        self.trust_flags = trust_flags  # whether the board's flags were counted as mines
        self._model = _model
        self._cells = cells if cells is not None else _cells
        self._make_cells = None if self._cells is not None else _make_cells
        self._raw = None if self._cells is not None else _raw
        self._extremes: list[tuple[int, int, bool]] | None = None  # exact_extremes, once made
        self._proved: list[tuple[int, int, bool]] | None = None  # proved_cells, once made
        self._verdicts: Mapping[int, bool] | None = None  # proved_verdicts, once made
        self._certain: list[tuple[int, bool]] | None = None  # certain_cells, once made
        self._certain_map: Mapping[int, bool] | None = None  # certain_verdicts, once made
        self._safest: tuple[int, int] | None | _Unread = _UNREAD  # safest, once made
        self._best: tuple[int, int] | None | _Unread = _UNREAD  # best_guess, once made

    @classmethod
    def build(cls, board: Board, *, remaining: int | None, exact: bool, prior: str, density: Fraction | None,
              stats: AnalysisStats, model: Model | None = None, probs: Mapping[int, Probability] | None = None,
              proofs: Mapping[int, Certainty] | None = None, cells: list[CellResult] | None = None,
              make_cells: Callable[[], list[CellResult]] | None = None,
              unknown: Sequence[int] | None = None, trust_flags: bool = True) -> Analysis:
        """The result of analysing ``board``, from what the analysis computed: the ``model`` with its
        ``probs`` (kept per group, see :func:`group_probabilities`) and the ``proofs`` as the proof
        subsystem returned them, the per-cell results built on first read; or, when no model was
        built, the ``unknown`` cells (row-major board indices) with their ``probs``, the ``cells``
        themselves or ``make_cells`` to build them on first read; ``trust_flags``: whether the
        board's flags were counted as mines. The one constructor :mod:`cpsolve.analysis` uses."""
        if model is None and unknown is not None:
            assert probs is not None, "listed cells need their probabilities"
            raw = RawCells(unknown, board.rows, board.cols, probs, proofs if proofs is not None else {})
            return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats, board,
                       _raw=raw, trust_flags=trust_flags)
        if model is None:
            if make_cells is not None:
                return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats,
                           board, _make_cells=make_cells, trust_flags=trust_flags)
            return cls(board.rows, board.cols, board.mines, remaining, cells if cells is not None else [], exact,
                       prior, density, stats, board, trust_flags=trust_flags)
        assert probs is not None, "a model's result needs its probabilities"
        raw = RawCells(model.unknown, board.rows, board.cols, probs, proofs if proofs is not None else {})
        return cls(board.rows, board.cols, board.mines, remaining, None, exact, prior, density, stats, board,
                   _raw=raw, _model=model, trust_flags=trust_flags)

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
        return (f"<Analysis {self.cols}x{self.rows}, {mines}, {len(self.cells)} covered cells, {basis}, "
                f"{len(self.proved_safe)} proved safe, {len(self.proved_mine)} proved mine, "
                f"best guess {self.best_guess}>")

    def _repr_svg_(self) -> str | None:
        """The heat map in Jupyter: the SVG of ``cpsolve solve --svg`` for this board (None without one)."""
        if self.board is None:
            return None
        from ..render.svg import render_svg  # display time only: the renderer sits above this room

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
            if self._cells is None and raw is not None and counted(raw.probs):
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
            if self._cells is None and raw is not None and counted(raw.probs):
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
            if counted(raw.probs):
                # a counted board: each value object (one per group) read once, not once per cell
                return [(i // cols, i % cols, one) for i, one in self.certain_cells()]
            unknown = raw.unknown
            pairs: Iterable[tuple[int, Probability]] = zip(unknown, per_cell(raw.probs, unknown), strict=True)
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
            return CellResult(row, col, EXACT_ZERO, None, "revealed")
        return CellResult(row, col, EXACT_ONE, None, "mine" if v == MINE else "flag")

    def probability(self, row: int, col: int) -> Probability:
        """``cell(row, col).probability``, read off the groups on a counted board without building
        the per-cell results (a player asks it of the cell that lost its game)."""
        raw = self._raw
        if self._cells is None and raw is not None and counted(raw.probs) \
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
        """The cell to open next: the strongest player's choice (:func:`cpsolve.play.strategy.best_move`,
        the move of ``cpsolve play --strategy best`` and of ``POST /api/move``; made when first
        read, so an analysis whose guess is never asked costs nothing more). A proved-safe cell
        when there is one (the first, row-major), else an exact-0 cell, else the strategy's guess;
        never a mine. None on a finished board or where every covered cell is a mine; the
        :attr:`safest` cell when the result has no board."""
        best = self._best
        if isinstance(best, _Unread):
            if self.board is None:
                best = self.safest
            else:
                from ..play.strategy import best_move  # read time only: the player sits above this room

                move = best_move(self.board, self, trust_flags=self.trust_flags)
                best = move.cells[0] if move.cells else None
            self._best = best
        return best

    @property
    def safest(self) -> tuple[int, int] | None:
        """The cell of lowest mine probability by :func:`~.safest.safest_cell` (proved safe first,
        never a mine; ties to the fewest covered neighbours, then row-major): the ``basic``
        player's guess. None on a finished board or where every covered cell is a mine."""
        safest = self._safest
        if isinstance(safest, _Unread):
            safest = self._safest = self._make_safest()
        return safest

    def _note_safest(self, cell: tuple[int, int] | None) -> None:
        """Keep :attr:`safest` as the document writer found it (the same rule, read off its keys)."""
        if self._safest is _UNREAD:
            self._safest = cell

    def _make_safest(self) -> tuple[int, int] | None:
        raw = self._raw
        if self._cells is None and raw is not None and counted(raw.probs):
            # a counted board (a player asks every guess): the rule on each cell's value object,
            # without the per-cell results
            probs, verdicts = raw.probs, raw.verdicts()
            safe = [i for i, mine in verdicts.items() if not mine]
            if safe:
                values = list(map(probs.value_of, safe))
                low = lowest(values)
                return tie_break(list(compress(safe, (id(p) in low for p in values))), self.board, self.cols)
            tied = lowest_cells(probs)
            if tied and any(verdicts.values()):
                # a proved mine is never a guess; one among the lowest (its value not 1: counting and
                # proofs disagreeing, which a sound pair never does) is dropped, and if none is left
                # the per-cell rule decides. Else the lowest of the rest is this value too.
                tied = list(filterfalse(verdicts.get, tied))
                if not tied:
                    return safest_cell(self.cells, self.board)
            return tie_break(tied, self.board, self.cols)
        if self._cells is None and raw is not None:
            # an estimated board: read off the document's keys (a few value objects shared by many
            # cells), without a result per cell (a million on a huge board)
            return keyed_safest(self)
        return safest_cell(self.cells, self.board)

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

