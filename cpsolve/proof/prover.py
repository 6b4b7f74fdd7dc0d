"""``prove_model``: the certainties of a position, the entry point of the analysis layer.

1. Deductions: the model's fixed facts (single clue, subset and difference of two clues, and the
   total at its bounds), each with the clues it used, become certainties with engine "deduction".
2. The solver, on the simplified constraints and the mine total, computes the backbone of the rest
   (:mod:`.backbone`). With ``hints`` (exact probabilities of a fully counted board) only cells of
   probability 0 or 1 are candidates: a cell strictly between was shown free by the count, which
   withholds a certainty but never makes one. Without hints the solver decides every cell.

``independent=True`` ignores the simplification entirely and encodes the board's original clues,
without deductions or hints: the check used by ``cpsolve compare`` and the tests.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .. import budget
from ..board import Board
from ..budget import OutOfTime
from ..constraints import Model
from ..encodings import CardSystem, raw_model, system_from_clues, system_from_model
from ..options import DEFAULT_ENGINE
from .backbone import backbone
from .backends import ProofStatus, get_backend, load, resolve
from .certainty import Certainties, Certainty
from .propagate import Nominated, prove_nominated


@dataclass
class ProofStats:
    """What a proof run did."""

    engine: str = ""            # the backend that ran ("cp-sat", "sat:minicard", ...)
    deduced: int = 0            # cells proved by the model's deductions alone
    solver_calls: int = 0       # questions asked of the solver
    rounds: int = 0             # backbone rounds
    hint_conflicts: int = 0     # cells nominated as forced by the counts that a model flipped
    propagation: bool = False   # the backbone went by propagation first (the solver only for what it left)
    proved: int = 0             # cells proved in all
    undecided: int = 0          # cells the time limit left undecided
    ms: float = 0.0             # time spent


@dataclass
class ProofResult:
    certainties: MutableMapping[int, Certainty]  # board cell index -> certainty
    stats: ProofStats = field(default_factory=ProofStats)
    undecided: Collection[int] = frozenset()   # cells not decided within the time limit
    status: ProofStatus = ProofStatus.OK
    conflict: frozenset[int] = frozenset()     # when inconsistent: clue ids (and TOTAL) involved


def prove_model(model: Model, *, engine: str = DEFAULT_ENGINE, time_limit: float | None = None,
                hints: Mapping[int, Fraction] | None = None, independent: bool = False,
                nominates: bool | None = None, bounded: bool | None = None) -> ProofResult:
    """Certainties for the unknown cells of ``model`` (see the module docstring). ``nominates``:
    False when the caller knows that ``hints`` put no cell of the constraints, nor the off-frontier
    cells, at 0 or 1 (exact counting knows it per group), True when it knows that they put one
    there, so they are not looked at per cell to find out; None: look. ``bounded``: the caller's
    word on whether every constraint of the encoding can hold alone (each of ``model``'s needs
    between 0 and its number of cells, and the total's fits; the core's count says it); None: look."""
    t0 = time.perf_counter()
    name = resolve(engine)
    # the deadline made once (the earlier of it and the enclosing one), and current from here down
    with budget.within(budget.Deadline.after(time_limit)):
        return _prove(model, name, t0, hints, independent, nominates, bounded)


def _prove(model: Model, name: str, t0: float, hints: Mapping[int, Fraction] | None, independent: bool,
           nominates: bool | None, bounded: bool | None) -> ProofResult:
    """:func:`prove_model` under its deadline (the current one)."""
    if not independent and asks_nothing(model, hints, nominates, bounded) and not budget.current().passed():
        # no cell nominated (most positions): the deductions are the answer, without the
        # encoding, the solver (so one not loaded yet need not be, however little time is left:
        # a blank 1000x1000 board under --time-limit 0.5 was "proofs cut short, 10^6 cells
        # undecided"), unless the time is up (below: "cut short")
        return ProofResult(*deductions_only(model, name))
    certs = (Certainties(model.cols, model.clue_cells) if independent else
             Certainties(model.cols, model.clue_cells, model.fixed, "deduction"))
    try:
        # the solver part runs under the deadline: setting it up on a huge board (encoding,
        # symmetry groups, loading the backend) takes time too, and is cut short with it
        budget.check()
        return _solve(model, name, certs, hints, independent, t0, nominates, bounded)
    except OutOfTime:
        # out of time before the solver answered: the deductions stand, the rest is not decided
        undecided = _Undecided(model.unknown, certs.cells())
        stats = ProofStats(engine=name, deduced=len(certs), proved=len(certs), undecided=len(undecided),
                           ms=(time.perf_counter() - t0) * 1e3)
        return ProofResult(certs, stats, undecided=undecided, status=ProofStatus.TIMEOUT)


def deductions_only(model: Model, engine: str) -> tuple[Certainties, ProofStats]:
    """:func:`prove_model`'s certainties and figures when nothing is asked of the solver
    (:func:`asks_nothing`: most positions): the model's deductions; without the result object and
    the checks :func:`prove_model` makes per call (a tenth of a Beginner position's analysis). The
    caller asks first whether its deadline has passed (past it, :func:`prove_model` answers: cut
    short)."""
    t0 = time.perf_counter()
    fixed = model.fixed
    certs = Certainties(model.cols, model.clue_cells, fixed, "deduction")
    return certs, _deduction_stats(resolve(engine), len(fixed), t0)


class _Undecided(Collection[int]):
    """The unknown cells less the certified ones (a timed-out proof's undecided cells), counted
    without being listed, and listed (in the unknown cells' order) only when read: a blank
    2000x2000 board's are 4,000,000 (a frozenset of them took over a second, for a count)."""

    __slots__ = ("_unknown", "_certified")

    def __init__(self, unknown: Sequence[int], certified: set[int]) -> None:
        self._unknown, self._certified = unknown, certified  # every certified cell is an unknown one

    def __len__(self) -> int:
        return len(self._unknown) - len(self._certified)

    def __iter__(self) -> Iterator[int]:
        certified = self._certified
        return iter(self._unknown) if not certified else (c for c in self._unknown if c not in certified)

    def __contains__(self, cell: object) -> bool:
        return cell not in self._certified and cell in set(self._unknown)


def _solve(model: Model, name: str, certs: Certainties,
           hints: Mapping[int, Fraction] | None, independent: bool, t0: float,
           nominates: bool | None = None, bounded: bool | None = None) -> ProofResult:
    """The solver part of :func:`prove_model` (``certs`` holds the deductions already)."""
    if independent:
        system = system_from_clues(model.rows, model.cols, model.unknown, model.clues, model.remaining)
        hints = None
    else:
        # (nothing nominated: _prove answered with the deductions before this)
        if nominates and hints is not None:
            # the nominated cells decided by propagation in the core, over its own model (most
            # nominating positions): no encoding built here, no solver
            proved = prove_nominated(model, hints)
            if proved is not None:
                return _nominated_proved(certs, proved, name, t0)
        system = system_from_model(model)
    budget.check()
    # the solver is asked: its library is loaded now if it is not yet, and the time that takes is
    # not counted (the deadline, and the enclosing one, move by it): loading code is not analysis
    # (issue 43 item 1: on a cold start the import could eat the budget the proofs needed)
    loading = load(name)
    if loading:
        at = budget.current().at
        with budget.within(budget.Deadline(None if at is None else at + loading), replace=True):
            return _ask(model, system, name, certs, hints, t0)
    return _ask(model, system, name, certs, hints, t0)


def _ask(model: Model, system: CardSystem, name: str, certs: Certainties,
         hints: Mapping[int, Fraction] | None, t0: float) -> ProofResult:
    """The backbone of ``system`` by the solver ``name`` (loaded), the rest of :func:`_solve`."""
    deduced = len(certs)
    nominated = None
    if hints is not None:
        nominated = {v: p == 1 for v, p in enumerate(map(hints.get, system.cells), start=1)
                     if p is not None and p in (0, 1)}
    stats = ProofStats(engine=name, deduced=deduced)
    result = ProofResult(certs, stats)
    impossible = [c for c in system.cards if c.impossible]
    if impossible:  # e.g. a clue with more flags around it than its number: no placement at all
        result.status = ProofStatus.INCONSISTENT
        result.conflict = frozenset().union(*(c.sources for c in impossible))
        result.certainties = {}
        _finish(result, system, t0, set())
        return result
    if system.nvars == 0 or (nominated is not None and not nominated):
        _finish(result, system, t0, set())
        return result
    bb = backbone(system, get_backend(name), nominated=nominated)
    stats.solver_calls, stats.rounds, stats.hint_conflicts = bb.calls, bb.rounds, len(bb.hint_conflicts)
    stats.propagation = bb.propagation
    if bb.status is ProofStatus.INCONSISTENT:
        result.status = ProofStatus.INCONSISTENT
        result.conflict = frozenset().union(*(c.sources for c in system.cards))
        # nothing is proved on a board with no placement
        result.certainties = {}
        _finish(result, system, t0, set())
        return result
    for v, f in bb.forced.items():
        # made when first read, like the deductions (the clues' coordinates are looked up then)
        for cell in system.cells_of(v):
            certs.add_pending(cell, f.value, f.engine or name, f.sources, f.uses_total)
    result.status = bb.status
    _finish(result, system, t0, bb.undecided)
    return result


def _deduction_stats(name: str, deduced: int, t0: float) -> ProofStats:
    """The figures of a proof that asked the solver nothing: ``deduced`` cells, all proved."""
    # positional (engine, deduced, solver_calls, rounds, hint_conflicts, propagation, proved,
    # undecided, ms): most analyses end here
    return ProofStats(name, deduced, 0, 0, 0, False, deduced, 0, (time.perf_counter() - t0) * 1e3)


def _nominated_proved(certs: Certainties, proved: Nominated, name: str, t0: float) -> ProofResult:
    """The result when the core's propagation decided every nominated cell (``certs`` holds the
    deductions; ``proved``: :func:`.propagate.prove_nominated`'s forced groups), the solver asked
    nothing."""
    deduced = len(certs)
    for cells, mine, uses_total, sources in proved:
        for cell in cells:
            certs.add_pending(cell, mine, "propagation", sources, uses_total)
    return ProofResult(certs, ProofStats(engine=name, deduced=deduced, propagation=True, proved=len(certs),
                                         ms=(time.perf_counter() - t0) * 1e3))


def asks_nothing(model: Model, hints: Mapping[int, Fraction] | None, nominates: bool | None = None,
                 bounded: bool | None = None) -> bool:
    """The one rule of "nothing nominated, so deductions only": with ``hints`` (exact counts),
    True when :func:`system_from_model` would give a system with no impossible constraint whose
    cells ``hints`` nominate none (no cell of the constraints, nor the outside representative, at 0
    or 1): the solver is asked nothing, the encoding need not be built, and the model's deductions
    are the answer (:func:`deductions_only`). ``nominates`` (not None): the caller vouches for the
    second half, ``bounded`` (not None) for the first (see :func:`prove_model`); an exactly counted
    board's count says both (most positions: answered at once)."""
    if nominates is False and bounded:
        return hints is not None
    if hints is None:
        return False
    if not (model.holds() if bounded is None else bounded):
        return False  # some constraint, or the total's, is impossible (see Card.impossible)
    if nominates is not None:
        # the caller's word: False, no cell nominated; True, some group or the off-frontier cells
        # at 0 or 1 (every cell of a group is in a constraint), so a cell is nominated
        return not nominates
    outside, remaining = model.outside, model.remaining_free
    n_out = len(outside)
    frontier: set[int] = set()
    for con in model.constraints:
        frontier.update(con.cells)
    if remaining is not None and n_out:
        frontier.add(outside[0])
    get = hints.get
    for c in frontier:
        p = get(c)
        if p is not None and p in (0, 1):
            return False
    return True


def _cells_of(system: CardSystem, variables: set[int]) -> frozenset[int]:
    """The board cells ``variables`` decide (:meth:`CardSystem.cells_of` of each), mapped in C: a
    mid-game 1000x1000 board's free variables are 400,000."""
    out = set(map(system.cells.__getitem__, map((-1).__add__, variables)))
    if system.outside_var is not None and system.outside_var in variables:
        out.update(system.outside)
    return frozenset(out)


def _finish(result: ProofResult, system: CardSystem, t0: float, undecided: set[int]) -> None:
    result.undecided = _cells_of(system, undecided)
    result.stats.proved = len(result.certainties)
    result.stats.undecided = len(result.undecided)
    result.stats.ms = (time.perf_counter() - t0) * 1e3


def prove_board(board: Board, *, engine: str = DEFAULT_ENGINE, time_limit: float | None = None,
                trust_flags: bool = True) -> ProofResult:
    """The backbone of the board's original clues and total by ``engine`` alone (no deductions,
    no counts): the independent check of ``cpsolve compare``."""
    return prove_model(raw_model(board, trust_flags=trust_flags), engine=engine, time_limit=time_limit,
                       independent=True)
