"""Exact marginals of a whole model: its components counted, combined through the mine total (or an
independent prior density), and turned into per-cell mine probabilities.

This is the one place the exact numbers of a board are put together. :mod:`cpsolve.analysis` reads
them as exact fractions; the player's look-ahead (:mod:`cpsolve.play.lookahead`) reads the very same
ratios as floats, through :func:`cell_marginals` with another ``value`` function.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from time import perf_counter
from typing import TypeVar

from .. import _core
from ..boundary import call, invoke
from ..budget import AnalysisDeadline, OutOfTime, check, within
from ..constraints import Model
from ..constraints.model import clamp_total, model_of_core
from .dp import ComponentCount

#: Terms of the per-state mine-count polynomials one component may store, per state of the budget.
TERMS_PER_STATE = 16

T = TypeVar("T")
#: Builds a cell's value from the ratio (numerator, denominator) of its mine probability.
ValueFn = Callable[[int, int], T]


@dataclass
class ModelCount:
    """The components of a model counted exactly, and those left to estimation.

    ``counted`` maps a component's index in ``model.components`` to its count; ``estimated`` lists
    the components over the exact limit or the state budget. ``states``: DP states created in all.
    """

    counted: dict[int, ComponentCount]
    estimated: list[int]
    states: int = 0
    max_states: int = 0
    out_of_time: bool = False  # the analysis deadline cut counting short (the rest is estimated)


#: Every probability of a model exact, as the core hands it back (a tuple: no object made per
#: analysis): ``(cells, sizes, nums, dens, outside)``, the frontier ``cells`` flat (components in
#: model order, then their groups in order), ``sizes[g]`` cells in group g, whose probability is
#: ``nums[g] / dens[g]`` (not in lowest terms); ``outside`` the off-frontier cells' ``(numerator,
#: denominator)`` (None when there is no such cell, or without a total: the density is theirs).
ExactModel = tuple[list[int], list[int], list[int], list[int], tuple[int, int] | None]


@dataclass(slots=True)
class WholeCount:
    """What :func:`count_board` found: ``exact`` when every probability is exact, else ``count``
    (the components counted, as handles for the estimator, and those left to estimation), with
    ``over_budget`` (the combination through the total is over its budget) or
    ``combine_out_of_time`` (the deadline cut the combination short) when that is why.
    ``nominates``: the exact probabilities put some group, or the off-frontier cells, at exactly
    0 or 1 (the cells exact counting nominates to the prover); ``bounded``: every constraint of the
    model needs between 0 and its number of cells and, with a total, the mines left fit the total's
    constraint of the prover's encoding (see ``proof.prove_model``)."""

    states: int
    max_states: int
    combine_cost: int | None
    exact: ExactModel | None = None
    count: ModelCount | None = None
    over_budget: bool = False
    combine_out_of_time: bool = False
    nominates: bool = False
    bounded: bool = True
    model_seconds: float = 0.0  # the time the model took to build, in the same call


def count_board(rows: int, cols: int, codes: bytes, remaining: int | None, *, trust_flags: bool,
                exact_limit: int | None, state_budget: int | None, combine_budget: int | None,
                density: Fraction | None, deadline: AnalysisDeadline) -> tuple[Model, WholeCount]:
    """The model of a board (``codes`` its cells, ``Board.codes``; ``remaining`` the mines among its
    unknown cells) built and counted in one call of the core (``count_board``,
    native/src/count/whole.rs): every component counted, combined through the mines left on the
    unfixed cells (or the ``density`` without a total) and each group's exact probability, with the
    rules of :func:`~cpsolve.constraints.build_model` and of the step-by-step calls (the
    estimator's). ``deadline``: the analysis' (its ``outer``, ``count_at`` and ``estimate_at``: by when
    the model, the count and the combination must be done; the core is given the seconds they
    leave, ``Options.timed``). Raises
    :class:`Inconsistent` (the model's or the count's) and :class:`~cpsolve.budget.OutOfTime` (the
    model not built in time: counting degrades instead)."""
    key = (trust_flags, exact_limit, state_budget, combine_budget, density)
    options = _OPTIONS.get(key)
    if options is None:
        options = _OPTIONS[key] = _options(*key)
    if deadline.outer is not None or deadline.count_at is not None or deadline.estimate_at is not None:
        # the moments become the core's seconds in the core, from one reading of the clock
        options = options.timed(perf_counter(), deadline.outer, deadline.count_at, deadline.estimate_at)
    got = invoke(_core.count_board, rows, cols, codes, clamp_total(remaining), options)
    model = model_of_core(rows, cols, remaining, got.model)
    exact = got.exact
    if exact is not None:  # (positional: states, max_states, combine_cost, exact, count, over_budget,
        # combine_out_of_time, nominates, bounded, model_seconds)
        return model, WholeCount(got.states, got.max_states, got.combine_cost,
                                 (exact.cells, exact.sizes, exact.numerators, exact.denominators, exact.outside),
                                 None, False, False, got.nominates, got.bounded, got.model_seconds)
    out = WholeCount(got.states, got.max_states, got.combine_cost, nominates=got.nominates, bounded=got.bounded,
                     model_seconds=got.model_seconds, over_budget=got.over_budget,
                     combine_out_of_time=got.combine_out_of_time)
    comps = model.components
    handles = list(zip(got.counted, got.handles, strict=True))
    estimated, out_of_time = got.estimated, got.out_of_time
    try:
        # the counted components' counts and handles, by the combination's deadline (the
        # components themselves are made when first read: a huge board's took 1.9 s to make,
        # 1000x1000 scattered, load 3, and its estimate reads only the counts)
        with within(deadline.estimation()):
            check()
            counted = {ci: ComponentCount.of_model(comps, ci, h) for ci, h in handles}
    except OutOfTime:
        # out of time: every component left to the estimator (itself out of time: the uniform answer)
        counted, estimated, out_of_time = {}, sorted([*estimated, *(ci for ci, _ in handles)]), True
        out.over_budget = out.combine_out_of_time = False
    out.count = ModelCount(counted, estimated, got.states, got.max_states, out_of_time=out_of_time)
    return model, out


#: The core's settings of a count by (trust_flags, exact_limit, state_budget, combine_budget,
#: density): made once per settings (making one by keywords was a twentieth of a small board's
#: analysis); a few settings per process, bounded by _OPTIONS_KEPT.
_OPTIONS: dict[tuple[bool, int | None, int | None, int | None, Fraction | None], _core.Options] = {}
_OPTIONS_KEPT = 64


def _options(trust_flags: bool, exact_limit: int | None, state_budget: int | None, combine_budget: int | None,
             density: Fraction | None) -> _core.Options:
    """The core's settings of a count, without its seconds."""
    if len(_OPTIONS) >= _OPTIONS_KEPT:
        _OPTIONS.clear()
    return _core.Options(flags=_core.ModelFlags(trust_flags=trust_flags), count=_core.CountLimits(
        exact_limit=exact_limit, max_states=state_budget,
        max_terms=None if state_budget is None else state_budget * TERMS_PER_STATE, combine_budget=combine_budget,
        density=None if density is None else (density.numerator, density.denominator)))


def density_marginals(counts: Sequence[ComponentCount], density: Fraction, value: ValueFn[T]) -> dict[int, T]:
    """Every frontier cell's mine probability under an independent prior of ``density`` (no mine
    total), as ``value(numerator, denominator)``."""
    out: dict[int, T] = {}
    per_comp = call(_core.density_marginals, [cc.native for cc in counts], [cc.component.size for cc in counts],
                    density.numerator, density.denominator)
    for cc, got in zip(counts, per_comp, strict=True):
        z = got.z
        for g, num in zip(cc.component.groups, got.numerators, strict=True):
            p = value(num, g.size * z)
            for i in g.cells:
                out[i] = p
    return out


def cell_marginals(fixed: Mapping[int, bool], outside: Sequence[int], counts: Sequence[ComponentCount],
                   value: ValueFn[T], *, density: Fraction) -> dict[int, T]:
    """Every cell's mine probability under an independent prior of ``density`` (no mine total), as
    ``value(numerator, denominator)``: fixed cells first, then the off-frontier cells, then the
    components in order. (With a mine total the core's ``count_board`` gives them: :func:`count_board`.)
    """
    out: dict[int, T] = {}
    if fixed:
        # two values shared by every fixed cell (values are immutable; one object per cell cost 4%)
        safe, mine_ = value(0, 1), value(1, 1)
        for i, mine in fixed.items():
            out[i] = mine_ if mine else safe
    p_out = value(density.numerator, density.denominator)
    for i in outside:
        out[i] = p_out
    out.update(density_marginals(counts, density, value))
    return out


def float_ratio(num: int, den: int) -> float:
    return num / den


def distribution_marginals(model: Model, counted: Mapping[int, ComponentCount],
                           dists: Mapping[int, list[float]]) -> dict[int, float]:
    """Per-cell probabilities of the counted components ``dists`` names (``counted[ci]``, a
    component of ``model``, the core's), given an (estimated) distribution of each one's mine
    count, ``dists[ci][k]`` for k mines: P(k) is turned into integer weights w(k) ~ P(k) /
    counts(k) (62 bits of P), so the exact backward pass does the work; every value is a float
    estimate (the correctly rounded ratio). All components in one call of the core
    (native/src/count/parts.rs, ``distribution_marginals``): one call and the groups' cells in
    Python per component were most of a huge board's estimate. A component whose weights are all
    0 has no value."""
    order = list(dists)
    got = call(_core.distribution_marginals, model.core, order, [counted[ci].native for ci in order],
               [dists[ci] for ci in order])
    return dict(zip(_ints(got.cells), _floats(got.values)))


def _ints(data: bytes) -> array[int]:
    out = array("I")
    out.frombytes(data)
    return out


def _floats(data: bytes) -> array[float]:
    out = array("d")
    out.frombytes(data)
    return out


#: A forced cell's hint: exactly 0 (safe) or 1 (a mine); shared (a mid-game 1000x1000 board has
#: 185,000 fixed cells).
_FORCED = (Fraction(0), Fraction(1))


def feasibility_hints(model: Model, counted: dict[int, ComponentCount]) -> dict[int, Fraction] | None:
    """The cells forced, exactly, when every component (of ``model``, the core's) was counted but
    their combination through the total was too costly to do in integers (huge boards): cell ->
    0 (safe) or 1 (a mine) of the forced unfixed cells (the fixed ones are the model's deductions,
    which the prover takes as they are), and the first off-frontier cell when those are forced
    (they are forced alike; the prover's one variable for them); an unfixed cell not listed is not
    forced (shown free). None if no total fits.

    Whether a total is reachable needs no counting: per component the set of its possible mine
    numbers is a bit set, and "the others can hold exactly the rest" is a shift-or convolution of
    them (forward and backward). A component's configurations with a feasible mine number,
    weighted alike, then put a group at 0 or 1 exactly when its cells are forced. All in one call
    of the core (native/src/count/parts.rs, ``forced_cells``). The prover uses hints only to
    nominate cells (it proves them itself); the cells it is not given were shown free.
    """
    remaining = model.remaining_free
    if remaining is None:
        return None
    order = sorted(counted)
    got = call(_core.forced_cells, model.core, order, [counted[ci].native for ci in order], remaining)
    if got is None:
        return None
    hints = dict(zip(_ints(got.cells), map(_FORCED.__getitem__, got.mines)))
    if (outside := got.outside) is not None:
        # every off-frontier cell forced alike (a total of 0, or of every free cell): the first
        # stands for them all (the prover's one variable for them)
        hints[model.outside[0]] = _FORCED[outside]
    return hints
