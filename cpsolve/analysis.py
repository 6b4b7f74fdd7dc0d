"""The analysis layer: combines the constraint model, exact counting, estimation and proofs.

This is the only module that sees all three subsystems. It keeps their outputs apart in the types:
a probability is :class:`~cpsolve.probability.Exact` or :class:`~cpsolve.probability.Estimate`, and
a certainty is a :class:`~cpsolve.proof.Certainty` that only the proof subsystem makes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

from . import budget, count
from .board import COVERED, FLAG, Board
from .constraints import TOTAL, Inconsistent, Model, board_clues, build_model
from .probability import Estimate, Exact, Probability
from .proof.certainty import Certainty

#: Largest component (in covered cells) counted exactly by default; see docs/paths.md for the measurement.
DEFAULT_EXACT_LIMIT: int | None = 400
#: DP states one component may create before it is estimated instead (bounds time and memory).
DEFAULT_STATE_BUDGET = 200_000
#: Multiply-adds of big integers allowed to combine the components exactly through the mine total;
#: beyond it (boards of ~100k cells) the combination is estimated instead (bounds time on huge boards).
DEFAULT_COMBINE_BUDGET = 2_000_000
#: Prior mine density used when the board gives no mine total and none is chosen.
DEFAULT_DENSITY = Fraction(1, 5)


_ZERO = Exact(Fraction(0))
_ONE = Exact(Fraction(1))
_EST_ZERO = Estimate(0.0)
_EST_ONE = Estimate(1.0)


class InconsistentBoard(ValueError):
    """No mine placement satisfies the clues (and the total).

    ``conflict``: clue cells that admit no placement together (with the total when ``uses_total``),
    proved so before they are named; ``minimal``: no member can be left out (False when the time
    limit cut the shrinking short: the set is then a proved conflict, perhaps larger than needed).
    """

    def __init__(self, conflict: list[tuple[int, int]], uses_total: bool, reason: str = "", *,
                 minimal: bool = False) -> None:
        self.conflict = conflict
        self.uses_total = uses_total
        self.reason = reason
        self.minimal = minimal
        where = ", ".join(f"{r},{c}" for r, c in conflict) or "none"
        total = " and the mine total" if uses_total else ""
        shape = "a minimal conflicting set" if minimal else "a conflicting set, not shown minimal"
        super().__init__(f"inconsistent board: no placement satisfies the clues at {where}{total} "
                         f"({shape}{'; ' + reason if reason else ''})")

    def to_json(self, board: Board, trust_flags: bool = True) -> dict[str, Any]:
        """The document of an inconsistent board: every key of a consistent one is present."""
        return {
            "rows": board.rows, "cols": board.cols,
            "mines": board.mines, "remaining": board.remaining_mines(trust_flags),
            "status": "inconsistent",
            "exact": False,
            "prior": None,
            "cells": [],
            "proved_safe": [],
            "proved_mine": [],
            "best_guess": None,
            "conflict": [list(c) for c in self.conflict],
            "conflict_uses_total": self.uses_total,
            "conflict_minimal": self.minimal,
            "message": str(self),
        }


@dataclass(slots=True)
class CellResult:
    row: int
    col: int
    probability: Probability
    proof: Certainty | None = None

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
class Analysis:
    rows: int
    cols: int
    mines: int | None
    remaining: int | None
    cells: list[CellResult]
    exact: bool
    prior: str
    density: Fraction | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def proved_safe(self) -> list[tuple[int, int]]:
        return [(c.row, c.col) for c in self.cells if c.proof is not None and not c.proof.mine]

    @property
    def proved_mine(self) -> list[tuple[int, int]]:
        return [(c.row, c.col) for c in self.cells if c.proof is not None and c.proof.mine]

    def cell(self, row: int, col: int) -> CellResult:
        for c in self.cells:
            if c.row == row and c.col == col:
                return c
        raise KeyError(f"{row},{col} is not a covered, unflagged cell")

    @property
    def best_guess(self) -> tuple[int, int] | None:
        """A proved-safe cell if there is one, else a cell of lowest mine probability."""
        if not self.cells:
            return None
        safe = self.proved_safe
        if safe:
            return safe[0]
        best = min(self.cells, key=lambda c: c.probability.sort_key())
        return (best.row, best.col)

    def to_json(self) -> dict[str, Any]:
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
    from .proof import minimal_conflict

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


def analyze(board: Board, *, exact_limit: int | None = DEFAULT_EXACT_LIMIT,
            time_limit: float | None = 10.0, density: Fraction | float | str | None = None,
            trust_flags: bool = True, prove: bool = True, engine: str = "cp-sat",
            state_budget: int | None = DEFAULT_STATE_BUDGET,
            combine_budget: int | None = DEFAULT_COMBINE_BUDGET) -> Analysis:
    """Probabilities (exact where counting finishes, labelled estimates elsewhere) and proofs.

    ``time_limit`` bounds the whole analysis: building the model, counting, estimating, proving
    and naming a conflict share one deadline (:mod:`cpsolve.budget`). Counting may use the first
    half of it, estimation up to four fifths, proofs the rest; a part cut short degrades (counts to
    estimates, estimates to a uniform estimate, proofs to "not decided"), never to a claim.
    ``stats["budget"]`` lists what was cut short.

    Raises :class:`InconsistentBoard` when no placement satisfies the clues and the total.
    """
    t0 = time.perf_counter()
    dens: Fraction | None = None
    if board.mines is None:
        dens = Fraction(density) if density is not None else DEFAULT_DENSITY
        if not 0 < dens < 1:
            raise ValueError(f"density {dens} must lie strictly between 0 and 1")
    deadline = budget.Deadline.after(time_limit)  # proofs end here
    enclosing = budget.current()  # a caller's own deadline (a nested analysis never outlives it)
    if enclosing.at is not None and (deadline.at is None or enclosing.at < deadline.at):
        deadline = enclosing
    outer = budget.Deadline(None if deadline.at is None else max(deadline.at, t0 + ESTIMATE_FLOOR))
    cut: list[str] = []
    with budget.within(outer):
        try:
            model = build_model(board, trust_flags=trust_flags)
        except budget.OutOfTime:
            return _unmodelled(board, trust_flags, dens, t0)
        except Inconsistent as exc:
            raise inconsistent_from(exc, board, trust_flags, engine, _conflict_time(deadline)) from None
        t_model = time.perf_counter()
        try:
            probs, exact_flags, cstats, feasibility = _probabilities(model, exact_limit, state_budget, dens,
                                                                     combine_budget, _shares(t0, time_limit), cut)
        except Inconsistent as exc:
            raise inconsistent_from(exc, board, trust_flags, engine, _conflict_time(deadline)) from None
        t_count = time.perf_counter()
        exact = all(exact_flags)
        proofs: dict[int, Certainty] = {}
        pstats: dict[str, Any] = {}
        if prove:
            proofs, pstats = _prove(model, probs if exact else None, engine, deadline, feasibility)
            if pstats.get("status") == "timeout":
                cut.append("proofs")
    prior = ("uniform over all placements with the mine total" if dens is None else
             f"independent per-cell mine density {dens} (no mine total given)")
    t_end = time.perf_counter()
    cells = []
    for i in model.unknown:
        r, c = divmod(i, model.cols)
        proof = proofs.get(i)
        p = probs[i]
        if proof is not None and isinstance(p, Estimate):
            # a proved cell's estimate is replaced by the proved value (still labelled an estimate:
            # the board's numbers stay estimates; knowledge flows from proofs to numbers, never back)
            p = _EST_ONE if proof.mine else _EST_ZERO
        cells.append(CellResult(r, c, p, proof))
    stats: dict[str, Any] = dict(model.stats)
    stats.update(cstats)
    stats.update(pstats)
    stats.update(ms_model=(t_model - t0) * 1e3, ms_count=(t_count - t_model) * 1e3,
                 ms_proof=(t_end - t_count) * 1e3, ms_total=(t_end - t0) * 1e3, budget=cut)
    return Analysis(board.rows, board.cols, board.mines, model.remaining, cells, exact, prior, dens, stats)


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


def _shares(t0: float, time_limit: float | None) -> tuple[budget.Deadline, budget.Deadline]:
    if time_limit is None:
        return budget.Deadline(None), budget.Deadline(None)
    return (budget.Deadline(t0 + max(COUNT_SHARE * time_limit, COUNT_FLOOR)),
            budget.Deadline(t0 + max(ESTIMATE_SHARE * time_limit, ESTIMATE_FLOOR)))


def _conflict_time(deadline: budget.Deadline) -> float | None:
    left = deadline.left()
    return None if left is None else max(left, CONFLICT_FLOOR)


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
    prior = ("uniform over all placements with the mine total" if dens is None else
             f"independent per-cell mine density {dens} (no mine total given)")
    ms = (time.perf_counter() - t0) * 1e3
    stats: dict[str, Any] = {"budget": ["model", "counting", "estimation", "proofs"],
                             "estimate_mode": "uniform (out of time)", "ms_model": ms, "ms_count": 0.0,
                             "ms_proof": 0.0, "ms_total": ms, "solver_calls": 0}
    return Analysis(board.rows, board.cols, board.mines, remaining, cells, False, prior, dens, stats)


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
                   dens: Fraction | None, combine_budget: int | None = None,
                   shares: tuple[budget.Deadline, budget.Deadline] | None = None, cut: list[str] | None = None
                   ) -> tuple[dict[int, Probability], list[bool], dict[str, Any], dict[int, Fraction] | None]:
    """Per unknown cell, its probability; whether the board was counted exactly; stats; and, on an
    estimated board whose components were all counted, feasibility hints for the prover.

    ``shares``: the deadlines of counting and of estimation (see :func:`analyze`); ``cut``
    collects the parts cut short."""
    count_by, estimate_by = shares or (budget.Deadline(None), budget.Deadline(None))
    cut = cut if cut is not None else []
    with budget.within(count_by):
        mc = count.count_model(model, exact_limit=exact_limit, state_budget=state_budget)
    if mc.out_of_time:
        cut.append("counting")
    counted, estimated = mc.counted, mc.estimated
    stats: dict[str, Any] = {
        "estimated_components": len(estimated),
        "dp_states": mc.states,
        "max_component_states": mc.max_states,
    }
    ordered = mc.in_order()
    over_budget = False
    if dens is None and not estimated:
        cost = count.combination_cost(ordered)
        stats["combine_cost"] = cost
        over_budget = combine_budget is not None and cost > combine_budget
    if not (estimated or over_budget):
        fixed = {i: f.mine for i, f in model.fixed.items()}
        probs: dict[int, Probability]
        try:
            with budget.within(estimate_by):
                if dens is None:
                    remaining = model.remaining_free
                    assert remaining is not None
                    total = count.combine_total(ordered, len(model.outside), remaining)
                    probs = dict(count.cell_marginals(fixed, model.outside, ordered, _exact, total=total))
                else:
                    probs = dict(count.cell_marginals(fixed, model.outside, ordered, _exact, density=dens))
            return probs, [True], stats, None
        except budget.OutOfTime:
            cut.append("combining")
            over_budget = True
    stats["estimate_reason"] = ("components over the exact limit, the state budget or the time limit"
                                if estimated else "combining the components through the total is over budget")
    try:
        with budget.within(estimate_by):
            est_probs, flags, stats = _estimated(model, counted, estimated, dens, stats)
            feasibility = None
            if not estimated and dens is None:
                feasibility = count.feasibility_hints(model, counted)
    except budget.OutOfTime:
        cut.append("estimation")
        stats["estimate_mode"] = "uniform (out of time)"
        return _uniform(model, dens), [False], stats, None
    return est_probs, flags, stats, feasibility


def _estimated(model: Model, counted: dict[int, count.ComponentCount], estimated: list[int],
               dens: Fraction | None, stats: dict[str, Any]
               ) -> tuple[dict[int, Probability], list[bool], dict[str, Any]]:
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
    return probs, [False], stats


def _prove(model: Model, probs: dict[int, Probability] | None, engine: str,
           deadline: budget.Deadline, feasibility: dict[int, Fraction] | None = None
           ) -> tuple[dict[int, Certainty], dict[str, Any]]:
    """Certainties from the proof subsystem (exact counts, or exact feasibility on a board whose
    combination was estimated, only nominate and withhold)."""
    try:
        from .proof import prove_model  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # the proof engine is not built yet
        return {}, {"proof": "unavailable"}
    hints = feasibility
    if probs is not None:
        hints = {i: p.fraction for i, p in probs.items() if isinstance(p, Exact)}
    result = prove_model(model, engine=engine, time_limit=deadline.left(), hints=hints)
    if result.status == "inconsistent":
        raise inconsistent_from(Inconsistent(result.conflict, "no placement satisfies the clues and the total"),
                                model, engine=engine, time_limit=_conflict_time(deadline))
    return result.certainties, result.stats
