"""Estimation for boards that exact counting cannot finish. Imports neither proof nor counting.

Every number made here is an estimate: the analysis layer labels it so, and nothing turns it into a
certainty. See :func:`estimate_board` and docs/paths.md.
"""

from __future__ import annotations

from .fugacity import EstimateStats, MarginalFn, estimate_board, estimate_parts

__all__ = ["EstimateStats", "MarginalFn", "estimate_board", "estimate_parts"]
