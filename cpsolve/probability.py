"""Probabilities that carry their basis.

An :class:`Exact` probability is a :class:`~fractions.Fraction` computed by exact counting; an
:class:`Estimate` is a float from an approximation. Neither is a certainty: only
:mod:`cpsolve.proof` creates :class:`~cpsolve.proof.Certainty` objects, and nothing converts a
probability into one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal


@dataclass(frozen=True, order=False)
class Exact:
    fraction: Fraction

    basis: Literal["exact"] = "exact"

    def __post_init__(self) -> None:
        f = self.fraction
        if f.numerator < 0 or f.numerator > f.denominator:
            raise ValueError(f"probability {f} outside [0, 1]")

    @property
    def value(self) -> float:
        return float(self.fraction)

    def sort_key(self) -> Fraction:
        return self.fraction

    def text(self) -> str:
        f = self.fraction
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


@dataclass(frozen=True, order=False)
class Estimate:
    estimate: float

    basis: Literal["estimate"] = "estimate"

    def __post_init__(self) -> None:
        if not 0.0 <= self.estimate <= 1.0:
            raise ValueError(f"estimate {self.estimate} outside [0, 1]")

    @property
    def value(self) -> float:
        return self.estimate

    @property
    def fraction(self) -> None:
        return None

    def sort_key(self) -> float:
        return self.estimate

    def text(self) -> str:
        return f"~{self.estimate:.4g}"


Probability = Exact | Estimate
