"""Estimation for components too large to count exactly. Imports neither proof nor counting.

Placeholder until the estimation issue: every unfixed cell gets the board's mean density.
"""

from __future__ import annotations

from fractions import Fraction

from ..constraints import Model


def estimate_board(model: Model, exact_counts: dict[int, list[int]], estimated: list[int],
                   density: Fraction | None) -> dict[int, float]:
    """Estimated mine probability of every unfixed unknown cell (not the fixed ones)."""
    free = [c for c in model.unknown if c not in model.fixed]
    if density is not None:
        p = float(density)
    else:
        rem = model.remaining_free or 0
        p = rem / len(free) if free else 0.0
    return {c: p for c in free}
