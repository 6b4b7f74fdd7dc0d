"""Combining independent components through the global mine total, in exact integers.

With a mine total, configurations of the whole board with T mines on the frontier are weighted by
C(cells off the frontier, remaining - T). Without one, every cell is an independent prior with
density d = p/q, so a component configuration with k mines of n cells weighs p^k (q-p)^(n-k).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb


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


def total_weights(counts: list[list[int]], outside: int, remaining: int
                  ) -> tuple[list[list[int]], int, int]:
    """Weights per mine count for each component, given the others and the off-frontier cells.

    Returns ``(weights, z, outside_numer)``: ``weights[c][k]`` is the number of ways the rest of the
    board completes a configuration of component c holding k mines; ``z`` the number of placements
    of the whole board; ``outside_numer / z`` the probability of one off-frontier cell.
    """
    m = len(counts)
    prefix: list[list[int]] = [[1]]
    for c in counts:
        prefix.append(convolve(prefix[-1], c))
    suffix: list[list[int]] = [[1]] * (m + 1)
    for i in range(m - 1, -1, -1):
        suffix[i] = convolve(counts[i], suffix[i + 1])
    everything = prefix[m]

    binom_cache: dict[int, int] = {}

    def outside_ways(x: int) -> int:
        """C(outside, x): ways to put x mines off the frontier."""
        if x < 0 or x > outside:
            return 0
        v = binom_cache.get(x)
        if v is None:
            v = comb(outside, x)
            binom_cache[x] = v
        return v

    z = sum(n * outside_ways(remaining - t) for t, n in enumerate(everything) if n)
    if outside:
        outside_numer = sum(n * comb(outside - 1, remaining - t - 1)
                            for t, n in enumerate(everything)
                            if n and 0 <= remaining - t - 1 <= outside - 1)
    else:
        outside_numer = 0
    weights = []
    for i, c in enumerate(counts):
        rest = convolve(prefix[i], suffix[i + 1])
        w = []
        for k in range(len(c)):
            w.append(sum(n * outside_ways(remaining - k - t) for t, n in enumerate(rest) if n))
        weights.append(w)
    return weights, z, outside_numer


def density_weights(size: int, density: Fraction) -> list[int]:
    """Weights p^k (q-p)^(size-k) of an independent prior of density p/q (common factor dropped)."""
    p, q = density.numerator, density.denominator
    return [p ** k * (q - p) ** (size - k) for k in range(size + 1)]
