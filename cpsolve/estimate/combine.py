"""Mine-count distributions of the board's parts, and the hard mine total restored between them.

A distribution is ``(lo, weights)``: ``weights[j]`` for ``lo + j`` mines, normalised, with
negligible tails trimmed. :func:`canonical_shares` conditions the product of the parts'
distributions on their sum being the remaining mines (one convolution pass forward, one backward),
which is what the exact counter does in integers; when that would cost more than a budget, the
fugacity distributions are kept as they are (the grand-canonical estimate, accurate on large boards).
"""

from __future__ import annotations

import math

Dist = tuple[int, list[float]]

_TRIM = 1e-24
_SPAN = 14.0  # standard deviations kept around the mean of a Gaussian or binomial


def _trim(lo: int, w: list[float]) -> Dist:
    top = max(w) if w else 0.0
    if top <= 0.0:
        return lo, w
    cut = top * _TRIM
    a, b = 0, len(w)
    while a < b and w[a] < cut:
        a += 1
    while b > a and w[b - 1] < cut:
        b -= 1
    s = sum(w[a:b])
    return lo + a, [x / s for x in w[a:b]]


def tilted(logc: list[float], t: float) -> list[float]:
    """Normalised ``c[k] * exp(t k)`` from ``logc[k] = log c[k]`` (``-inf`` for zero counts)."""
    logs = [v + k * t for k, v in enumerate(logc)]
    top = max(logs)
    w = [math.exp(v - top) if v > -math.inf else 0.0 for v in logs]
    s = sum(w)
    return [x / s for x in w]


def from_full(w: list[float]) -> Dist:
    return _trim(0, w)


def from_dist(d: Dist) -> Dist:
    return _trim(d[0], list(d[1]))


def maxent(mean: float, var: float, lo: int, hi: int) -> Dist:
    """The distribution over lo..hi mines of largest entropy with this mean and variance,
    p(k) ~ exp(a x + b x^2) with x = k - mean (a discretised Gaussian whose moments are right even
    when only a few mine counts are possible, where rounding a Gaussian shifts the mean)."""
    mean = min(max(mean, float(lo)), float(hi))
    if hi <= lo or var < 1e-12:
        k = min(max(round(mean), lo), hi)
        return k, [1.0]
    if hi == lo + 1:
        q = mean - lo
        return lo, [1.0 - q, q]
    frac = mean - math.floor(mean)
    # feasible variances on the integers lo..hi with this mean lie between these two
    var = min(max(var, frac * (1 - frac) + 1e-9), (mean - lo) * (hi - mean) * (1 - 1e-6))
    sd = math.sqrt(var)
    a0 = max(lo, math.floor(mean - _SPAN * sd))
    b0 = min(hi, math.ceil(mean + _SPAN * sd))
    xs = [k - mean for k in range(a0, b0 + 1)]
    a, b = 0.0, -0.5 / var
    w: list[float] = []
    for _ in range(50):
        logs = [a * x + b * x * x for x in xs]
        top = max(logs)
        w = [math.exp(v - top) for v in logs]
        z = sum(w)
        w = [v / z for v in w]
        m1 = sum(p * x for p, x in zip(w, xs))
        m2 = sum(p * x * x for p, x in zip(w, xs))
        m3 = sum(p * x ** 3 for p, x in zip(w, xs))
        m4 = sum(p * x ** 4 for p, x in zip(w, xs))
        g1, g2 = m1, m2 - var  # gradient of the dual; its Hessian is the covariance of (x, x^2)
        if abs(g1) < 1e-12 and abs(g2) < 1e-12:
            break
        h11, h12, h22 = m2 - m1 * m1, m3 - m1 * m2, m4 - m2 * m2
        det = h11 * h22 - h12 * h12
        if det <= 1e-300:
            break
        da = (h22 * g1 - h12 * g2) / det
        db = (h11 * g2 - h12 * g1) / det
        step = 1.0
        while step > 1e-3 and (abs(da * step) > 50 or abs(db * step) > 50):
            step /= 2
        a -= step * da
        b -= step * db
    if not w or abs(sum(p * x for p, x in zip(w, xs))) > 1e-6:
        # no convergence (a variance at the edge of the feasible range): keep the mean right
        k = math.floor(mean)
        if k >= hi:
            return hi, [1.0]
        return k, [1.0 - frac, frac]
    return _trim(a0, w)


def binomial(n: int, t: float) -> Dist:
    """Binomial(n, q) with q = 1 / (1 + exp(-t)), around its mean."""
    q = 1.0 / (1.0 + math.exp(-t))
    mean, sd = n * q, math.sqrt(max(n * q * (1 - q), 1e-12))
    a = max(0, math.floor(mean - _SPAN * sd - 2))
    b = min(n, math.ceil(mean + _SPAN * sd + 2))
    lq = math.log(q) if q > 0 else -math.inf
    l1q = math.log1p(-q) if q < 1 else -math.inf
    lgn = math.lgamma(n + 1)
    logs = []
    for k in range(a, b + 1):
        v = lgn - math.lgamma(k + 1) - math.lgamma(n - k + 1)
        v += (k * lq if k else 0.0) + ((n - k) * l1q if n - k else 0.0)
        logs.append(v)
    top = max(logs)
    return _trim(a, [math.exp(v - top) for v in logs])


def mean(d: Dist) -> float:
    lo, w = d
    return lo + sum(j * x for j, x in enumerate(w))


def full(d: Dist, length: int) -> list[float]:
    """The distribution as a list over 0..length-1 mines."""
    lo, w = d
    out = [0.0] * length
    for j, x in enumerate(w):
        if 0 <= lo + j < length:
            out[lo + j] = x
    return out


def _conv(a: Dist, b: Dist) -> Dist:
    la, wa = a
    lb, wb = b
    out = [0.0] * (len(wa) + len(wb) - 1)
    for i, x in enumerate(wa):
        if x:
            for j, y in enumerate(wb):
                out[i + j] += x * y
    return _trim(la + lb, out)


def canonical_cost(dists: list[Dist]) -> int:
    """Multiply-adds of :func:`canonical_shares` (an upper bound, before trimming)."""
    width = 1
    cost = 0
    for _, w in dists:
        cost += width * len(w)
        width += len(w) - 1
    return 3 * cost


def canonical_shares(dists: list[Dist], total: int, budget: int) -> tuple[list[Dist], str]:
    """Each part's distribution conditioned on all parts together holding ``total`` mines.

    Returns the input unchanged (mode ``"grand-canonical"``) when the work would exceed ``budget``
    or when the conditioning is impossible under the trimmed distributions.
    """
    n = len(dists)
    if n == 0 or canonical_cost(dists) > budget:
        return dists, "grand-canonical"
    prefix: list[Dist] = [(0, [1.0])]
    for d in dists[:-1]:
        prefix.append(_conv(prefix[-1], d))
    suffix: Dist = (0, [1.0])
    out: list[Dist] = [(0, [])] * n
    for i in range(n - 1, -1, -1):
        lo, w = dists[i]
        plo, pw = prefix[i]
        slo, sw = suffix
        cond = []
        for j, x in enumerate(w):
            r = total - (lo + j)  # mines the other parts must hold
            acc = 0.0
            if x:
                # sum over a of prefix(plo + a) * suffix(r - plo - a)
                a0 = max(0, r - plo - slo - (len(sw) - 1))
                a1 = min(len(pw) - 1, r - plo - slo)
                for a in range(a0, a1 + 1):
                    acc += pw[a] * sw[r - plo - slo - a]
            cond.append(x * acc)
        s = sum(cond)
        if not s > 0:
            return dists, "grand-canonical"
        out[i] = _trim(lo, [c / s for c in cond])
        if i:
            suffix = _conv(dists[i], suffix)
    return out, "canonical"
