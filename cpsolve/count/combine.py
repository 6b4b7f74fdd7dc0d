"""Combining independent components through the global mine total, in exact integers.

With a mine total, configurations of the whole board with T mines on the frontier are weighted by
C(cells off the frontier, remaining - T). Without one, every cell is an independent prior with
density d = p/q, so a component configuration with k mines of n cells weighs p^k (q-p)^(n-k).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..budget import check


def convolve(a: list[int], b: list[int]) -> list[int]:
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _correlate(a: list[int], b: list[int], length: int) -> list[int]:
    """``out[d] = sum_k a[k] * b[d + k]`` for d < ``length`` (b long enough for every index used)."""
    out = []
    for d in range(length):
        acc = 0
        for k, x in enumerate(a):
            if x:
                y = b[d + k]
                if y:
                    acc += x * y
        out.append(acc)
    return out


def total_weights(counts: list[list[int]], outside: int, remaining: int
                  ) -> tuple[list[list[int]], int, int]:
    """Weights per mine count for each component, given the others and the off-frontier cells.

    Returns ``(weights, z, outside_numer)``: ``weights[c][k]`` is the number of ways the rest of the
    board completes a configuration of component c holding k mines; ``z`` the number of placements
    of the whole board; ``outside_numer / z`` the probability of one off-frontier cell.

    Work: about D^2 multiply-adds for D the largest number of mines the components can hold
    together (see :func:`combine_cost`), not one D^2 convolution per component.
    """
    m = len(counts)
    degs = [len(c) - 1 for c in counts]
    total_deg = sum(degs)

    # ways[d] = C(outside, remaining - d): ways to put the other mines off the frontier
    ways = _binomials(outside, remaining - total_deg, remaining)[::-1]

    # q[i][d] = sum over configurations of components i.. with u mines of C(outside, remaining - d - u),
    # for d = 0 .. (mines components before i can hold): the completions seen from component i.
    q: list[list[int]] = [[]] * (m + 1)
    q[m] = ways
    span = total_deg
    for i in range(m - 1, -1, -1):
        check()
        span -= degs[i]
        q[i] = _correlate(counts[i], q[i + 1], span + 1)
    z = q[0][0] if q[0] else 0
    prefix = [1]
    weights = []
    everything_deg = 0
    for i, c in enumerate(counts):
        check()
        weights.append(_correlate(prefix, q[i + 1], len(c)))
        prefix = convolve(prefix, c)
        everything_deg += degs[i]
    # C(outside - 1, x - 1) = C(outside, x) * x / outside: placements with a given outside cell a mine
    outside_numer = 0
    if outside:
        for t, n in enumerate(prefix):
            x = remaining - t
            if n and 0 < x <= outside:
                outside_numer += n * (ways[t] * x // outside)
    return weights, z, outside_numer


def _binomials(n: int, lo: int, hi: int) -> list[int]:
    """[C(n, x) for x in lo..hi] (0 outside 0..n), by the multiplicative recurrence."""
    out = []
    a, b = max(lo, 0), min(hi, n)
    v = comb(n, a) if a <= b else 0
    for x in range(lo, hi + 1):
        if x < a or x > b:
            out.append(0)
            continue
        out.append(v)
        v = v * (n - x) // (x + 1)
    return out


def combine_cost(counts: list[list[int]]) -> int:
    """Multiply-adds :func:`total_weights` does for these components (the size of the integers aside)."""
    total_deg = sum(len(c) - 1 for c in counts)
    return 2 * (total_deg + 1) * sum(len(c) for c in counts)


def density_weights(size: int, density: Fraction) -> list[int]:
    """Weights p^k (q-p)^(size-k) of an independent prior of density p/q (common factor dropped)."""
    p, q = density.numerator, density.denominator
    return [p ** k * (q - p) ** (size - k) for k in range(size + 1)]
