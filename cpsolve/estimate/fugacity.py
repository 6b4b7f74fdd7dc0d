"""Estimated probabilities for a whole board: parts coupled through the mine total by a fugacity.

The board's unfixed cells fall into parts: components counted exactly (their configuration counts
by mine number are given), components too large to count (estimated by belief propagation, see
:mod:`.bp`), and the outside cells (touching no clue). Without a mine total each part is independent
under the prior density. With one, the parts are coupled by "all parts together hold the remaining
mines"; the estimate replaces that hard constraint by a mine fugacity ``lam`` (grand-canonical
ensemble), chosen so that the expected number of mines on the board equals the remaining mines
exactly, then (when cheap) restores the hard total by convolving the parts' mine-count distributions
(canonical correction, :mod:`.combine`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, repeat

from ..budget import check
from ..constraints import Component, Model
from . import combine
from .bp import GroupBP, group_means, group_vars
from .combine import tilted
from .dp import BeamDP, DPResult

#: Given the distribution of each counted component's mine count (component -> P[k], k = 0..), each
#: of their cells' probability (all the components in one call).
MarginalFn = Callable[[dict[int, list[float]]], dict[int, float]]

_T_MIN, _T_MAX = -60.0, 60.0
_MIN_BEAM = 64
#: Nearest an estimate from a pruned DP comes to 0 or 1 (it dropped configurations, so it cannot know).
_PRUNED_FLOOR = 1e-6
#: Largest component whose mine-count distribution the DP carries (else: moments and range only).
_DIST_LIMIT = 1500
#: Estimation methods: "dp" (beam-limited DP at a fugacity, default) or "bp" (belief propagation).
METHODS = ("dp", "bp")


class _BPPart:
    """A component estimated by group-level belief propagation (the plain Bethe approximation)."""

    def __init__(self, ci: int, model: Model) -> None:
        self.ci = ci
        self.comp = model.components[ci]
        self.bp = GroupBP(self.comp)
        self.t: float | None = None
        self.beliefs: list[list[float]] = []
        self.means: list[float] = []
        self.pruned = True

    def at(self, t: float) -> tuple[float, float]:
        """(mean mines, slope proxy: the sum of the groups' variances) at log-fugacity t."""
        if self.t != t:
            self.beliefs = self.bp.run(t)
            self.means = group_means(self.beliefs)
            self.t = t
        var = sum(group_vars(self.beliefs, self.means))
        return sum(self.means), var

    def response(self, t: float, h: float = 0.02) -> float:
        """d(mean)/dt at t: the variance of the mine count in the BP (Bethe) approximation."""
        up = self.at(t + h)[0]
        down = self.at(t - h)[0]
        self.at(t)
        return max((up - down) / (2 * h), 0.0)

    @property
    def work(self) -> int:
        return self.bp.sweeps

    def distribution(self, t: float) -> combine.Dist:
        """Mine-count distribution: the largest-entropy one with the BP mean and response."""
        return combine.maxent(self.at(t)[0], self.response(t), 0, self.comp.size)

    def probs(self) -> dict[int, float]:
        return _group_probs(self.comp, self.means)


class _DPPart:
    """A component estimated by the beam-limited DP at a fugacity (exact there when nothing is pruned)."""

    def __init__(self, ci: int, model: Model, budget: int, beam: int | None = None) -> None:
        self.ci = ci
        self.model = model
        self.fallback: _BPPart | None = None
        self.comp = model.components[ci]
        self.beam = beam if beam is not None else max(_MIN_BEAM, budget // max(1, len(self.comp.groups)))
        self.dp = BeamDP(self.comp, self.beam)
        self.t: float | None = None
        self.result: DPResult | None = None
        self.runs = 0

    def at(self, t: float) -> tuple[float, float]:
        if self.fallback is not None:
            return self.fallback.at(t)
        if self.t != t:
            res = self.dp.run(t)
            self.runs += 1
            tries = 0
            while res is None and tries < 3:  # the beam dropped every completion: widen it
                self.beam *= 4
                self.dp.beam = self.beam
                res = self.dp.run(t)
                self.runs += 1
                tries += 1
            if res is None:
                self.fallback = _BPPart(self.ci, self.model)
                return self.fallback.at(t)
            self.result = res
            self.t = t
        assert self.result is not None
        return self.result.mean, self.result.var

    def response(self, t: float) -> float:
        if self.fallback is not None:
            return self.fallback.response(t)
        return self.at(t)[1]

    @property
    def pruned(self) -> bool:
        return self.fallback is not None or (self.result is not None and self.result.pruned)

    @property
    def work(self) -> int:
        return self.runs

    def distribution(self, t: float) -> combine.Dist:
        """Mine-count distribution at t: carried through the DP for components up to
        ``_DIST_LIMIT`` cells, else the largest-entropy one with the DP's moments and range."""
        if self.fallback is not None:
            return self.fallback.distribution(t)
        mean, var = self.at(t)
        assert self.result is not None
        if self.comp.size <= _DIST_LIMIT:
            d = self.dp.distribution(t)
            if d is not None:
                return combine.from_dist(d)
        return combine.maxent(mean, var, self.result.lo, self.result.hi)

    def probs(self) -> dict[int, float]:
        if self.fallback is not None:
            return self.fallback.probs()
        assert self.result is not None
        out = _group_probs(self.comp, self.result.group_means)
        if self.result.pruned:
            # configurations were dropped: a 0 or 1 here is not known, keep it off the extremes
            for c, p in out.items():
                out[c] = min(max(p, _PRUNED_FLOOR), 1.0 - _PRUNED_FLOOR)
        return out


def _group_probs(comp: Component, means: list[float]) -> dict[int, float]:
    out = {}
    for g, m in zip(comp.groups, means):
        p = min(1.0, max(0.0, m / g.size))
        for c in g.cells:
            out[c] = p
    return out


def _exact_moments(logc: list[float], t: float) -> tuple[float, float]:
    w = tilted(logc, t)
    m = sum(k * p for k, p in enumerate(w))
    v = sum(k * k * p for k, p in enumerate(w)) - m * m
    return m, max(v, 0.0)


def estimate_board(model: Model, exact_counts: dict[int, list[int]], estimated: list[int],
                   density: Fraction | None, *, marginals: MarginalFn | None = None,
                   stats: EstimateStats | None = None, method: str = "dp",
                   dp_budget: int = 100_000, beam: int | None = None, canonical_budget: int = 400_000
                   ) -> dict[int, float]:
    """Estimated mine probability of every unfixed unknown cell (not the fixed ones): those of
    :func:`estimate_parts`, the off-frontier cells each given their shared value."""
    out, p_out = estimate_parts(model, exact_counts, estimated, density, marginals=marginals, stats=stats,
                                method=method, dp_budget=dp_budget, beam=beam, canonical_budget=canonical_budget)
    if model.outside:
        out.update(dict.fromkeys(model.outside, p_out))
    return out


def estimate_parts(model: Model, exact_counts: dict[int, list[int]], estimated: list[int],
                   density: Fraction | None, *, marginals: MarginalFn | None = None,
                   stats: EstimateStats | None = None, method: str = "dp",
                   dp_budget: int = 100_000, beam: int | None = None, canonical_budget: int = 400_000
                   ) -> tuple[dict[int, float], float]:
    """Estimated mine probability of every unfixed unknown cell in a constraint (not the fixed
    ones), and the one value every off-frontier cell (``model.outside``) shares: kept once, not
    per cell (most of a huge board's cells).

    ``exact_counts``: for the components counted exactly, configurations by mine number;
    ``marginals``: the per-cell probabilities of those components given their mine-count
    distributions (``{component: distribution}`` for all of them in one call; without it they
    are estimated like the ``estimated`` ones);
    ``estimated``: the components to estimate. Probabilities lie in [0, 1] and, with a mine total,
    sum to ``model.remaining_free`` (up to float rounding).

    ``method``: "dp" (beam-limited DP, ``dp_budget`` states times groups per run, or a fixed
    ``beam`` of states per step) or "bp";
    ``canonical_budget``: float multiply-adds allowed for restoring the hard total (else the
    grand-canonical estimate stands); ``stats``, when given, records how the estimate was made.
    """
    if method not in METHODS:
        raise ValueError(f"unknown estimation method {method!r} (one of {', '.join(METHODS)})")
    exact = exact_counts if marginals is not None else {}
    todo = sorted(set(estimated) | (set(exact_counts) - set(exact)))
    bp_parts: list[_BPPart | _DPPart] = [
        _DPPart(ci, model, dp_budget, beam) if method == "dp" else _BPPart(ci, model) for ci in todo]
    logc = {ci: [math.log(n) if n else -math.inf for n in c] for ci, c in exact.items()}
    n_out = len(model.outside)
    out: dict[int, float] = {}

    if density is not None:
        t = math.log(density / (1 - density))
        for part in bp_parts:
            part.at(t)
            out.update(part.probs())
        if marginals is not None and logc:
            out.update(marginals({ci: tilted(lc, t) for ci, lc in logc.items()}))
        _record(stats, bp_parts, t, "fixed density")
        return out, float(density)

    remaining = model.remaining_free
    assert remaining is not None

    # components of one shape share their counts: their moments and tilted distributions are
    # computed once per distinct count vector (a mid-game 1000x1000 board: about 6,000 components),
    # and still added one component at a time, in order (the same sums)
    shape = {ci: tuple(lc) for ci, lc in logc.items()}

    def excess(t: float) -> tuple[float, float]:
        """Expected mines minus remaining at log-fugacity t, and a slope estimate."""
        m = v = 0.0
        for part in bp_parts:
            check()  # the analysis deadline (cpsolve.budget)
            pm, pv = part.at(t)
            m += pm
            v += pv
        moments: dict[tuple[float, ...], tuple[float, float]] = {}
        for ci, lc in logc.items():
            key = shape[ci]
            mv = moments.get(key)
            if mv is None:
                mv = moments[key] = _exact_moments(lc, t)
            pm, pv = mv
            m += pm
            v += pv
        if n_out:
            q = 1.0 / (1.0 + math.exp(-t))
            m += n_out * q
            v += n_out * q * (1 - q)
        return m - remaining, v

    # the cells of the components are the frontier (no component crosses to Python for its size)
    free = model.frontier + n_out
    t0 = math.log((remaining + 0.5) / (free - remaining + 0.5)) if free else 0.0
    t = _solve(excess, t0)
    # Each part's mine-count distribution at that fugacity (a BP part: a Gaussian with the BP mean
    # and its response to the fugacity), then the hard total restored when that is cheap enough.
    keys: list[int] = []
    dists: list[combine.Dist] = []
    # one distribution per shape, shared by its components (nothing changes a distribution)
    tilts: dict[tuple[float, ...], combine.Dist] = {}
    for ci, lc in logc.items():
        keys.append(ci)
        d = tilts.get(shape[ci])
        if d is None:
            d = tilts[shape[ci]] = combine.from_full(tilted(lc, t))
        dists.append(d)
    for part in bp_parts:
        check()
        keys.append(part.ci)
        dists.append(part.distribution(t))
    if n_out:
        keys.append(-1)
        dists.append(combine.binomial(n_out, t))
    mode = "grand-canonical"
    if combine.canonical_cost(dists) <= canonical_budget:
        shares, mode = combine.canonical_shares(dists, remaining, canonical_budget)
    else:
        shares = dists
    share = dict(zip(keys, shares))
    if marginals is not None and logc:
        # a shared distribution (the grand-canonical estimate's, per shape) spread out once
        spread: dict[tuple[int, int], list[float]] = {}

        def full(d: combine.Dist, n: int) -> list[float]:
            got = spread.get((id(d), n))
            if got is None:
                got = spread[id(d), n] = combine.full(d, n)
            return got

        out.update(marginals({ci: full(share[ci], len(lc)) for ci, lc in logc.items()}))
    for part in bp_parts:
        check()
        target = combine.mean(share[part.ci])
        if abs(target - part.at(t)[0]) > 1e-9:
            _solve_part(part, t, target)
        out.update(part.probs())
    p_out = min(1.0, max(0.0, combine.mean(share[-1]) / n_out)) if n_out else 0.0
    p_out = _normalise(out, remaining, n_out, p_out)
    _record(stats, bp_parts, t, mode)
    return out, p_out


def _solve(f: Callable[[float], tuple[float, float]], t0: float, tol: float = 1e-9) -> float:
    """Root of the increasing function f (value, slope) by safeguarded Newton steps."""
    lo, hi = _T_MIN, _T_MAX
    t = min(max(t0, lo), hi)
    for _ in range(100):
        val, slope = f(t)
        if abs(val) < tol:
            return t
        if val > 0:
            hi = t
        else:
            lo = t
        step = t - val / slope if slope > 1e-12 else math.nan
        t = step if lo < step < hi else (lo + hi) / 2
        if hi - lo < 1e-12:
            break
    return t


def _solve_part(part: _BPPart | _DPPart, t: float, target: float) -> None:
    """Move one BP part's fugacity until its expected mines equal ``target``."""
    def f(s: float) -> tuple[float, float]:
        m, v = part.at(s)
        return m - target, v
    _solve(f, t, 1e-9)


def _times(x: float, n: int) -> tuple[float, ...]:
    """Floats whose exact sum is ``n`` copies of ``x`` (for fsum, which sums exactly: the same
    result as the copies one by one, without n of them): ``x`` split in two halves of at most 27
    significant bits (Dekker), each times ``n`` exact while n < 2^26."""
    if n == 0 or x == 0.0:
        return ()
    if n >= 1 << 26 or not math.isfinite(x):
        return tuple(repeat(x, n))
    c = 134217729.0 * x  # 2^27 + 1
    hi = c - (c - x)
    lo = x - hi
    return (hi * n, lo * n)


def _normalise(p: dict[int, float], total: int, n_out: int = 0, p_out: float = 0.0) -> float:
    """Spread the float residual of the sum over the cells (in proportion to p(1-p)), within [0, 1]:
    the cells of ``p`` and ``n_out`` more cells that share the value ``p_out`` (updated as each of
    them would be, once; fsum is exact, so the sums are those of the cells one by one). Returns
    the shared value."""
    for _ in range(5):
        resid = total - math.fsum(chain(p.values(), _times(p_out, n_out)))
        if abs(resid) <= 1e-12 * max(1, total):
            break
        w = {c: v * (1 - v) for c, v in p.items() if 0.0 < v < 1.0}
        out_weighed = n_out > 0 and 0.0 < p_out < 1.0
        w_out = p_out * (1 - p_out)
        s = math.fsum(chain(w.values(), _times(w_out, n_out if out_weighed else 0)))
        if s <= 0:
            break
        f = resid / s
        for c, wc in w.items():
            p[c] = min(1.0, max(0.0, p[c] + f * wc))
        if out_weighed:
            p_out = min(1.0, max(0.0, p_out + f * w_out))
    return p_out


@dataclass
class EstimateStats:
    """How a board was estimated: the ``mode`` (how the total was met), the mine ``fugacity``, the
    parts estimated, how many of them the beam pruned, and the work done (DP states or BP sweeps)."""

    mode: str = ""
    fugacity: float = 0.0
    parts: int = 0
    pruned: int = 0
    work: int = 0


def _record(stats: EstimateStats | None, parts: list[_BPPart | _DPPart], t: float, mode: str) -> None:
    if stats is None:
        return
    stats.mode = mode
    stats.fugacity = math.exp(t)
    stats.parts = len(parts)
    stats.pruned = sum(1 for p in parts if p.pruned)
    stats.work = sum(p.work for p in parts)
