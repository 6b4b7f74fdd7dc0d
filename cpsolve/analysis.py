"""The analysis layer: combines the constraint model, exact counting, estimation and proofs.

This is the only module that sees all three subsystems. It keeps their outputs apart in the types:
a probability is :class:`~cpsolve.probability.Exact` or :class:`~cpsolve.probability.Estimate`, and
a certainty is a :class:`~cpsolve.proof.Certainty` that only the proof subsystem makes.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
from itertools import filterfalse, repeat
from time import perf_counter
from types import MappingProxyType

from . import _core, budget, count
from .board import COVERED, FLAG, IS_COVERED, Board
from .collector import GC_PAUSE_CELLS, gc_paused
from .constraints import TOTAL, Inconsistent, Model, board_clues
from .constraints.model import mine_flags
from .errors import InconsistentBoard
from .estimate.fugacity import EstimateStats
from .options import DEFAULTS, UNSET, AnalysisOptions, Unset
from .probability import Estimate, Exact, Probability
from .proof import minimal_conflict, prove_model  # the solvers' libraries load on first use only
from .proof.backends.base import ProofStatus
from .proof.certainty import Certainty
from .proof.conflict_reason import conflict_reason
from .proof.prover import asks_nothing, deductions_only
from .result import (  # what an analysis returns (cpsolve.analysis.Analysis still names it)
    ESTIMATE_ONE,
    ESTIMATE_ZERO,
    EXACT_ONE,
    EXACT_ZERO,
    Analysis,
    AnalysisStats,
    CellPairs,
    explicit_values,
    group_probabilities,
)


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
    if isinstance(board, Model):
        clues, has_total = board.clues, board.remaining is not None
        unknown, remaining = len(board.unknown), board.remaining
    else:
        cells_left, clues = board_clues(board, trust_flags)
        has_total = board.mines is not None
        unknown, remaining = len(cells_left), board.remaining_mines(trust_flags)
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
    named = sorted((clues[s] for s in sources if s != TOTAL), key=lambda c: (c.row, c.col))
    # the reason in the board's own counts, for the named set (the model's reason, exc.reason, counts
    # a derived constraint: "-1 mines needed among 1 cells", issue 43 item 2)
    reason = conflict_reason(named, TOTAL in sources, unknown, remaining)
    return InconsistentBoard([(c.row, c.col) for c in named], TOTAL in sources, reason, minimal=minimal)


def analyze(board: Board, options: AnalysisOptions | None = None, *,
            exact_limit: int | None | Unset = UNSET, time_limit: float | None | Unset = UNSET,
            density: Fraction | float | str | None | Unset = UNSET, trust_flags: bool | Unset = UNSET,
            prove: bool | Unset = UNSET, engine: str | Unset = UNSET, state_budget: int | None | Unset = UNSET,
            combine_budget: int | None | Unset = UNSET) -> Analysis:
    """Analyse ``board``: every covered cell's mine probability and the cells proved safe or mine.

    Probabilities are exact fractions where counting finishes and labelled estimates elsewhere (if
    any part of a board with a mine total is estimated, every probability on it is an estimate);
    a cell is proved only by the proof engine. The settings (defaults in
    :class:`~cpsolve.options.AnalysisOptions`):

    - ``options``: all settings at once, an :class:`~cpsolve.options.AnalysisOptions`; a keyword
      below, when given, overrides the same field of it.
    - ``exact_limit``: the largest component (in covered cells) counted exactly; larger ones are
      estimated. ``None``: no limit (default 400).
    - ``time_limit``: seconds the whole analysis may take (``None``: no limit; default 10; loading
      the proof engine's library on its first use is not counted: docs/reliability.md). Building
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
    clues and the total, and :class:`~cpsolve.options.OptionsError` (a ``ValueError``) on a bad
    setting, such as a density outside (0, 1).
    """
    opts = options if options is not None else DEFAULTS
    if (exact_limit is not UNSET or time_limit is not UNSET or density is not UNSET or trust_flags is not UNSET
            or prove is not UNSET or engine is not UNSET or state_budget is not UNSET
            or combine_budget is not UNSET):
        opts = opts.given(exact_limit=exact_limit, time_limit=time_limit, density=density, trust_flags=trust_flags,
                          prove=prove, engine=engine, state_budget=state_budget, combine_budget=combine_budget)
    if len(board.cells) >= GC_PAUSE_CELLS:
        with gc_paused():
            return _analyze_now(board, opts)
    return _analyze_now(board, opts)


def _analyze_now(board: Board, opts: AnalysisOptions) -> Analysis:
    t0 = perf_counter()
    trust_flags, engine = opts.trust_flags, opts.engine
    dens: Fraction | None = None if board.mines is not None else opts.prior_density()
    # the analysis' deadline, made once, and its parts (budget.shares: the sharing policy)
    parts = budget.shares(opts.time_limit, t0)
    remaining = board.remaining_mines(trust_flags)  # the board's own check of the marked cells
    now = perf_counter()
    try:
        model, whole = count.count_board(
            board.rows, board.cols, board.codes, remaining, trust_flags=trust_flags, exact_limit=opts.exact_limit,
            state_budget=opts.state_budget, combine_budget=opts.combine_budget, density=dens,
            deadline=parts)
    except budget.OutOfTime:
        return _unmodelled(board, trust_flags, dens, t0)
    except Inconsistent as exc:
        raise inconsistent_from(exc, board, trust_flags, engine, parts.conflict_seconds()) from None
    ms = model.stats
    # positional: clue_cells, frontier, fixed, components, largest_component
    stats = AnalysisStats(ms["clue_cells"], ms["frontier"], ms["fixed"], ms["components"], ms["largest_component"])
    probs, exact, feasibility, nominates = _probabilities(model, whole, dens, stats, parts)
    t_count = perf_counter()
    proofs: Mapping[int, Certainty] = {}
    if opts.prove:
        proofs = _prove(model, probs if exact else None, engine, parts, feasibility, stats, nominates,
                        whole.bounded)
        if stats.proof_status is _TIMEOUT:
            stats.budget.append("proofs")
    t_end = perf_counter()
    stats.ms_model = (now - t0) * 1e3 + whole.model_seconds * 1e3
    stats.ms_count = (t_count - t0) * 1e3 - stats.ms_model
    stats.ms_proof, stats.ms_total = (t_end - t_count) * 1e3, (t_end - t0) * 1e3
    return Analysis.build(board, remaining=model.remaining, exact=exact, prior=_prior(dens), density=dens,
                          stats=stats, model=model, probs=probs, proofs=proofs, trust_flags=trust_flags)


#: The proof's statuses every analysis compares with (a module constant: reading a member off
#: the enum class is a slow attribute lookup, about 0.2 us each)
_TIMEOUT, _INCONSISTENT, _OK = ProofStatus.TIMEOUT, ProofStatus.INCONSISTENT, ProofStatus.OK
#: ``EstimateStats.mode`` of a board whose estimation ran out of time.
UNIFORM = "uniform (out of time)"


_PRIOR_TOTAL = "uniform over all placements with the mine total"


def _prior(dens: Fraction | None) -> str:
    return _PRIOR_TOTAL if dens is None else f"independent per-cell mine density {dens} (no mine total given)"


def _unmodelled(board: Board, trust_flags: bool, dens: Fraction | None, t0: float) -> Analysis:
    """The answer when not even the model was built in time: every covered cell at the average
    density (the remaining mines over the covered cells, or the prior), an estimate; no proofs."""
    # not board_clues: that is part of what ran out of time
    # the unknown cells off the board's code bytes by translate/compress, in C: a step of Python per
    # cell was most of this answer's time (0.6 s of 4,000,000)
    unknown = _marked(board.codes, IS_COVERED if trust_flags else _UNKNOWN_OR_FLAG)
    remaining = board.remaining_mines(trust_flags)
    if dens is not None:
        p = float(dens)
    else:
        assert remaining is not None
        p = remaining / len(unknown) if unknown else 0.0
    est = Estimate(p)  # one shared value: this runs when time is short, on boards of many cells
    cols = board.cols
    ms = (perf_counter() - t0) * 1e3
    # no proof ran: every covered cell is one the time limit left undecided
    stats = AnalysisStats(estimate_reason="the time limit ran out while building the model",
                          estimate=EstimateStats(mode=UNIFORM), ms_model=ms, ms_total=ms,
                          budget=["model", "counting", "estimation", "proofs"],
                          undecided_cells=CellPairs(unknown, cols, ordered=True))
    # the cells' results are made on first read, and the document is written from the one shared
    # value (no step per cell; a result per covered cell of a 2000x2000 board took about 2 s)
    return Analysis.build(board, remaining=remaining, exact=False, prior=_prior(dens), density=dens, stats=stats,
                          unknown=unknown, probs=group_probabilities({}, unknown, est, {}), trust_flags=trust_flags)


#: A cell's code byte (board.code_bytes) -> 1 when it is an unknown cell with flags not trusted
#: (trusted, board.IS_COVERED).
_UNKNOWN_OR_FLAG = bytes(int(v in (COVERED & 0xFF, FLAG & 0xFF)) for v in range(256))


def _marked(codes: bytes, table: bytes) -> array[int]:
    """The cells whose byte ``table`` marks, ascending, found by the core (a list of Python ints
    took 0.33 s for 3,000,000 cells)."""
    out = array("I")
    out.frombytes(_core.marked_cells(codes, table))
    return out


def _uniform(model: Model, dens: Fraction | None) -> Mapping[int, Probability]:
    """The crudest estimate, for when estimation itself ran out of time: fixed cells at 0 or 1, the
    others at the average density of the mines left for them (or the prior); one shared value,
    kept once (result.group_probabilities), not a dict entry per cell. Read off the fixed cells'
    mine flags (the core's, without making their facts: 0.5 s of a 1000x1000 board's 600,000), the
    fixed cells' two shared estimates in a dict built in C; an Estimate, never a certainty."""
    flags = mine_flags(model.fixed)
    fixed: dict[int, Probability] = dict(zip(flags.keys(), map((ESTIMATE_ZERO, ESTIMATE_ONE).__getitem__,
                                                             flags.values())))
    free = list(filterfalse(fixed.__contains__, model.unknown))  # in C: no step per cell
    if dens is not None:
        p = float(dens)
    else:
        rem = model.remaining_free
        assert rem is not None
        p = rem / len(free) if free else 0.0
    return group_probabilities(fixed, free, Estimate(p), {}, (ESTIMATE_ZERO, ESTIMATE_ONE))


def _exact(num: int, den: int) -> Probability:
    return Exact.ratio(num, den)


def _probabilities(model: Model, whole: count.WholeCount, dens: Fraction | None, stats: AnalysisStats,
                   deadline: budget.AnalysisDeadline | None = None
                   ) -> tuple[Mapping[int, Probability], bool, dict[int, Fraction] | None, bool | None]:
    """Per unknown cell, its probability; whether the board was counted exactly; hints for the
    prover: on an estimated board whose components were all counted, feasibility hints, on an exact
    one whose count nominates cells, those cells at 0 or 1 (:func:`_nominated`); and False when the
    exact probabilities put no frontier cell nor the off-frontier cells at 0 or 1 (None: not known
    without a look per cell; see proof.prove_model's ``nominates``), from what ``whole`` (the
    core's count of ``model``: :func:`count.count_board`) found. Records what counting did in
    ``stats``. ``deadline``: the analysis' (estimation ends by its ``estimate_at``; None: by the
    current one); a part cut short is named in ``stats.budget``."""
    stats.dp_states, stats.max_component_states = whole.states, whole.max_states
    if dens is None:
        stats.combine_cost = whole.combine_cost
    exact = whole.exact
    if exact is not None:
        # one value object per group, shared by its cells, made when first read (from the
        # groups' ratios: result.group_probabilities); the fixed cells are looked up in the
        # model's facts on access, and the off-frontier cells share one value, kept once
        cells, sizes, nums, denoms, outside = exact
        p_out: Probability
        if dens is not None:
            p_out = Exact(dens)
        elif outside is not None:
            p_out = Exact.ratio(*outside)
        else:
            p_out = EXACT_ZERO
        # the core says whether a group or the off-frontier cells are at exactly 0 or 1: then the
        # prover's hints are those groups' cells (and the first off-frontier cell: the one the
        # prover's encoding stands them all by), read off the groups, not a Fraction per cell
        if whole.nominates:
            # the values made now (the prover's hints read them), and kept
            values = Exact.ratios(nums, denoms)
            explicit = explicit_values(cells, sizes, values)
            hints = _nominated(cells, sizes, values, model.outside, p_out)
            return group_probabilities(explicit, model.outside, p_out, model.fixed), True, hints, True
        probs = group_probabilities(None, model.outside, p_out, model.fixed, _EXACT_FIXED, (cells, sizes, nums, denoms))
        return probs, True, None, False
    mc = whole.count
    assert mc is not None
    if mc.out_of_time:
        stats.budget.append("counting")
    if whole.combine_out_of_time:
        stats.budget.append("combining")
    counted, estimated = mc.counted, mc.estimated
    stats.estimated_components = len(estimated)
    stats.estimate_reason = ("components over the exact limit, the state budget or the time limit" if estimated
                             else "combining the components through the total is over budget or out of time")
    stats.estimate = EstimateStats()
    try:
        with budget.within(budget.current() if deadline is None else deadline.estimation()):
            est_probs = _estimated(model, counted, estimated, dens, stats.estimate)
            feasibility = None
            if not estimated and dens is None:
                feasibility = count.feasibility_hints(model, counted)
    except budget.OutOfTime:
        stats.budget.append("estimation")
        stats.estimate.mode = UNIFORM
        return _uniform(model, dens), False, None, None
    return est_probs, False, feasibility, None


_CERTAIN = (Fraction(0), Fraction(1))
#: The fixed cells' values of an exactly counted board (result.group_probabilities' default).
_EXACT_FIXED = (EXACT_ZERO, EXACT_ONE)


def _nominated(cells: Sequence[int], sizes: Sequence[int], values: Sequence[Exact], outside: Sequence[int],
               p_out: Probability) -> dict[int, Fraction]:
    """Cell -> 0 or 1: the cells of the groups (``sizes[g]`` cells each of ``cells``, in order) whose
    exact value is 0 or 1, and the first of the ``outside`` cells when their value ``p_out`` is."""
    out: dict[int, Fraction] = {}
    at = 0
    for size, v in zip(sizes, values):
        if v.is_certain():
            out.update(zip(cells[at:at + size], repeat(_CERTAIN[v.is_one()])))
        at += size
    if outside and isinstance(p_out, Exact) and p_out.is_certain():
        out[outside[0]] = _CERTAIN[p_out.is_one()]
    return out


#: The prover's hints when counting nominates no cell: none at 0 or 1 (never changed).
_NO_HINTS: Mapping[int, Fraction] = MappingProxyType({})


def _estimated(model: Model, counted: dict[int, count.ComponentCount], estimated: list[int],
               dens: Fraction | None, stats: EstimateStats) -> Mapping[int, Probability]:
    """Probabilities of a board that is not counted exactly in full.

    With a mine total every component is coupled to every other through it, so once one part is
    estimated no probability on the board is exact: all are labelled estimates (fixed cells too).
    Without a total (independent prior density) the components counted exactly keep their exact
    probabilities and only the estimated components' cells are estimates.
    """
    from .estimate import estimate_parts

    # out of time already (the model and the count used it up): the uniform answer at once, not
    # after the components have crossed to Python (1.2 s of a 1000x1000 board, not interruptible)
    budget.check()
    marginals = partial(count.distribution_marginals, model, counted)
    est, p_out = estimate_parts(model, {ci: cc.counts for ci, cc in counted.items()}, estimated, dens,
                                marginals=marginals, stats=stats)
    # one object per distinct value (clipped, so never -0.0 nor NaN): the result compares and writes
    # each value object once, and a huge board's estimate has few distinct values. The distinct
    # values are clipped once each and the cells mapped to their object in C (zip/map): a Python
    # step per cell was 2.5 s of a 2000x2000 board's 4,000,000 cells. The off-frontier cells share
    # one value, kept once (result.group_probabilities), not a dict entry each.
    shared: dict[float, Estimate] = {}
    to_object: dict[float, Estimate] = {}
    for v in set(est.values()) | {p_out}:
        c = min(1.0, max(0.0, v))
        e = shared.get(c)
        if e is None:
            e = shared[c] = Estimate(c)
        to_object[v] = e
    probs: dict[int, Probability] = dict(zip(est.keys(), map(to_object.__getitem__, est.values())))
    if dens is None:
        # the fixed cells at two shared values (a huge board has hundreds of thousands of them)
        return group_probabilities(probs, model.outside, to_object[p_out], model.fixed,
                                   (ESTIMATE_ZERO, ESTIMATE_ONE))
    # no total: exact components and fixed cells are untouched by the estimate
    ordered = [counted[ci] for ci in sorted(counted)]
    probs.update(count.cell_marginals({}, model.outside, ordered, _exact, density=dens))
    for i, f in model.fixed.items():
        probs[i] = EXACT_ONE if f.mine else EXACT_ZERO
    return probs


def _prove(model: Model, probs: Mapping[int, Probability] | None, engine: str, deadline: budget.AnalysisDeadline,
           feasibility: dict[int, Fraction] | None, stats: AnalysisStats, nominates: bool | None = None,
           bounded: bool | None = None) -> Mapping[int, Certainty]:
    """Certainties from the proof subsystem (exact counts, or exact feasibility on a board whose
    combination was estimated, only nominate and withhold), by the analysis' ``deadline`` (made the
    current one for the prover). ``bounded``: the core's word that every constraint of the model is
    bounded (None: ask). Records the proof's figures in ``stats``."""
    if probs is not None and asks_nothing(model, _NO_HINTS, nominates, bounded) and not deadline.passed():
        # no cell nominated and every constraint bounded (most positions): the deductions, from
        # the proof subsystem's own shortcut (prove_model's answer, without its result object;
        # past the deadline prove_model says "cut short")
        stats.proof_status = _OK
        certs, stats.proof = deductions_only(model, engine)
        return certs
    with budget.within(deadline, replace=True):  # the earlier of it and the enclosing one already
        return _prove_now(model, probs, engine, deadline, feasibility, stats, nominates, bounded)


def _prove_now(model: Model, probs: Mapping[int, Probability] | None, engine: str,
               deadline: budget.AnalysisDeadline, feasibility: dict[int, Fraction] | None, stats: AnalysisStats,
               nominates: bool | None, bounded: bool | None) -> Mapping[int, Certainty]:
    hints: Mapping[int, Fraction] | None = feasibility
    if probs is not None:
        # the prover's candidates are the cells at exactly 0 or 1: only those are passed
        # (``feasibility``: :func:`_nominated`; a cell without a hint is one the count showed free,
        # as one strictly between is), not a Fraction made and compared per frontier cell (a fifth
        # of a nominating Intermediate position's analysis); none when counting nominates no cell
        # (most positions: no object made)
        hints = feasibility if nominates and feasibility else _NO_HINTS
    elif feasibility is not None:
        # exact feasibility lists exactly the forced cells (and the first off-frontier cell when
        # those are forced): it nominates cells when it lists one, so the prover's own propagation
        # in the core decides them, or nothing is asked when it lists none
        nominates = bool(feasibility)
    else:
        nominates = None  # no exact word on any cell: the prover decides every one
    result = prove_model(model, engine=engine, hints=hints, nominates=nominates, bounded=bounded)
    if result.status is _INCONSISTENT:
        raise inconsistent_from(Inconsistent(result.conflict, "no placement satisfies the clues and the total"),
                                model, engine=engine, time_limit=deadline.conflict_seconds())
    stats.proof, stats.proof_status = result.stats, result.status
    # which cells the time limit left undecided (not proved either way), for callers that show them:
    # made into (row, col) pairs, in row-major order, when read (a huge board's are millions)
    if result.undecided:
        stats.undecided_cells = CellPairs(result.undecided, model.cols)
    return result.certainties
