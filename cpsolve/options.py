"""The analysis settings: one frozen :class:`AnalysisOptions`, holding every default in one place.

The library (:func:`cpsolve.analyze`), the command line, the player and the web service all pass
these objects instead of keyword dictionaries; :data:`DEFAULTS` is what ``analyze(board)`` uses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: Proof engine used unless another is chosen (OR-Tools CP-SAT); see ``cpsolve.proof.engine_names()``.
DEFAULT_ENGINE = "cp-sat"
#: Seconds one analysis may take (all of it: see cpsolve.budget); a cell not decided in time is not proved.
DEFAULT_TIME_LIMIT = 10.0
#: Largest component (in covered cells) counted exactly by default; see docs/paths.md for the measurement.
DEFAULT_EXACT_LIMIT: int | None = 400
#: DP states one component may create before it is estimated instead (bounds time and memory).
DEFAULT_STATE_BUDGET = 200_000
#: Multiply-adds of big integers allowed to combine the components exactly through the mine total;
#: beyond it (boards of ~100k cells) the combination is estimated instead (bounds time on huge boards).
DEFAULT_COMBINE_BUDGET = 2_000_000
#: Prior mine density used when the board gives no mine total and none is chosen.
DEFAULT_DENSITY = Fraction(1, 5)


@dataclass(frozen=True)
class AnalysisOptions:
    """How :func:`cpsolve.analyze` works on a board (every field has its default here).

    * ``exact_limit``: the largest component (in covered cells) counted exactly; larger ones are
      estimated (labelled so). ``None``: no limit.
    * ``time_limit``: seconds the whole analysis may take (model, counting, estimation, proofs; see
      :mod:`cpsolve.budget`); a part cut short degrades to estimates or "not proved". ``None``: no limit.
    * ``density``: the prior mine density per cell when the board has no mine total (default 1/5);
      ignored when it has one. A fraction, float or string such as ``"1/5"``, strictly between 0 and 1.
    * ``trust_flags``: flags count as mines (else they are covered cells).
    * ``prove``: run the proof engine (else no cell is proved; probabilities only).
    * ``engine``: the proof engine, ``"cp-sat"`` or ``"sat"`` (python-sat MiniCard) or
      ``"sat:NAME"`` for another python-sat solver.
    * ``state_budget``: DP states one component may create before it is estimated instead.
    * ``combine_budget``: multiply-adds allowed to combine the components exactly through the
      total; beyond it the combination is estimated.
    """

    exact_limit: int | None = DEFAULT_EXACT_LIMIT
    time_limit: float | None = DEFAULT_TIME_LIMIT
    density: Fraction | None = None
    trust_flags: bool = True
    prove: bool = True
    engine: str = DEFAULT_ENGINE
    state_budget: int | None = DEFAULT_STATE_BUDGET
    combine_budget: int | None = DEFAULT_COMBINE_BUDGET

    def __post_init__(self) -> None:
        if self.density is not None:
            try:
                dens = Fraction(self.density)
            except (TypeError, ValueError, ZeroDivisionError):
                raise ValueError(f"density {self.density!r} is not a number such as 0.2 or 1/5") from None
            if not 0 < dens < 1:
                raise ValueError(f"density {dens} must lie strictly between 0 and 1")
            object.__setattr__(self, "density", dens)

    def replace(self, **changes: Any) -> AnalysisOptions:
        """A copy with ``changes`` (field names as keywords)."""
        return dataclasses.replace(self, **changes)

    def prior_density(self) -> Fraction:
        """The density used on a board without a mine total."""
        return self.density if self.density is not None else DEFAULT_DENSITY


#: The default settings (``analyze(board)``).
DEFAULTS = AnalysisOptions()
