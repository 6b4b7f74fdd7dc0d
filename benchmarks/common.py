"""Helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations


def pct(xs: list[float], q: float) -> float:
    """The q-quantile of ``xs`` (nearest rank, no interpolation)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]

