"""Combining independent components through the global mine total, in exact integers (the native
core's native/src/count/combine.rs).

With a mine total, configurations of the whole board with T mines on the frontier are weighted by
C(cells off the frontier, remaining - T). Without one, every cell is an independent prior with
density d = p/q, so a component configuration with k mines of n cells weighs p^k (q-p)^(n-k).
The core computes big binomials as products of prime powers, checking the deadline between
multiplications, so no single call outlives ``time_limit`` on a huge board.
"""

from __future__ import annotations

from .. import _core
from ..boundary import call


def convolve(a: list[int], b: list[int]) -> list[int]:
    """``out[i + j] += a[i] * b[j]``, exactly (empty if either is)."""
    return _core.convolve(a, b)


def total_weights(counts: list[list[int]], outside: int, remaining: int
                  ) -> tuple[list[list[int]], int, int]:
    """Weights per mine count for each component, given the others and the off-frontier cells.

    Returns ``(weights, z, outside_numer)``: ``weights[c][k]`` is the number of ways the rest of the
    board completes a configuration of component c holding k mines; ``z`` the number of placements
    of the whole board; ``outside_numer / z`` the probability of one off-frontier cell.

    Work: about D^2 multiply-adds for D the largest number of mines the components can hold
    together (see :func:`combine_cost`), not one D^2 convolution per component.
    """
    got = call(_core.total_weights, counts, outside, remaining)
    return got.weights, got.z, got.out_num


def combine_cost(counts: list[list[int]]) -> int:
    """Multiply-adds :func:`total_weights` does for these components (the size of the integers aside)."""
    total_deg = sum(len(c) - 1 for c in counts)
    return 2 * (total_deg + 1) * sum(len(c) for c in counts)
