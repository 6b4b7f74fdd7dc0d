"""Probabilities that carry their basis.

An :class:`Exact` probability is a :class:`~fractions.Fraction` computed by exact counting (made
from its numerator and denominator when first read); an
:class:`Estimate` is a float from an approximation. Neither is a certainty: only
:mod:`cpsolve.proof` creates :class:`~cpsolve.proof.Certainty` objects, and nothing converts a
probability into one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal


class _Filling:
    """An :class:`Exact` being filled (the same slots, assignable): :func:`_filled` stores its
    fields, then sets its class to :class:`Exact`, which is immutable from then on."""

    __slots__ = ("_num", "_den", "_fraction")
    _num: int
    _den: int
    _fraction: Fraction | None


def _filled(cls: type[Exact], num: int, den: int) -> Exact:
    """The probability ``num / den`` (not necessarily in lowest terms; ``0 <= num <= den``, else
    ValueError), as ``cls`` (:class:`Exact`). The one home of the checks and filling: it is
    :meth:`Exact.ratio` itself (the classmethod made of this function: one call per value) and
    :meth:`Exact.ratios` calls it per value. Filled as a :class:`_Filling` (same slots, plain
    stores), then made an :class:`Exact`: three ``object.__setattr__`` calls per value were most of
    an exact small board's per-group cost."""
    if den <= 0 or num < 0 or num > den:
        raise ValueError(f"probability {num}/{den} outside [0, 1]")
    e = _Filling()
    e._num = num
    e._den = den
    e._fraction = None
    e.__class__ = cls  # type: ignore[assignment]
    return e  # type: ignore[return-value]


class Exact:
    """An exact probability: the :class:`~fractions.Fraction` ``fraction`` in [0, 1].

    Exact counting gives a numerator and a denominator (:meth:`ratio`); the Fraction (and the
    gcd that reduces it) is made only when it is read: an analysis whose cells are never read
    pays for none. Immutable; equal to another :class:`Exact` of the same value."""

    __slots__ = ("_num", "_den", "_fraction")
    _num: int
    _den: int
    _fraction: Fraction | None
    basis: Literal["exact"] = "exact"

    def __init__(self, fraction: Fraction) -> None:
        num, den = fraction.numerator, fraction.denominator
        if num < 0 or num > den:
            raise ValueError(f"probability {fraction} outside [0, 1]")
        setattr_ = object.__setattr__
        setattr_(self, "_num", num)
        setattr_(self, "_den", den)
        setattr_(self, "_fraction", fraction)

    #: ``Exact.ratio(num, den)``: the probability ``num / den`` (see :func:`_filled`, which this
    #: classmethod is: an analysis makes its off-frontier cells' value this way, with no call
    #: between the classmethod and the filling).
    ratio = classmethod(_filled)

    @classmethod
    def ratios(cls, nums: Sequence[int], dens: Sequence[int]) -> list[Exact]:
        """``[Exact.ratio(n, d) for n, d in zip(nums, dens)]``: each value made by :func:`_filled`
        (the same checks and filling). (The lengths compared once: ``zip(..., strict=True)``, a
        call with a keyword, cost more than a small board's whole loop.)"""
        if len(nums) != len(dens):
            raise ValueError(f"{len(nums)} numerators for {len(dens)} denominators")
        filled = _filled
        return [filled(cls, num, den) for num, den in zip(nums, dens)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of an Exact probability")

    __delattr__ = __setattr__  # type: ignore[assignment]

    @property
    def fraction(self) -> Fraction:
        f = self._fraction
        if f is None:
            f = Fraction(self._num, self._den)
            object.__setattr__(self, "_fraction", f)
        return f

    @property
    def value(self) -> float:
        # int / int is correctly rounded, reduced or not: the float of the fraction
        return self._num / self._den

    def is_certain(self) -> bool:
        """Exactly 0 or exactly 1 (no Fraction made)."""
        return self._num == 0 or self._num == self._den

    def is_one(self) -> bool:
        """Exactly 1 (no Fraction made)."""
        return self._num == self._den

    def sort_key(self) -> Fraction:
        return self.fraction

    @staticmethod
    def least(values: Iterable[Exact]) -> Exact:
        """The first of ``values`` (at least one) that holds the lowest probability, compared by
        cross-multiplying the ratios: no Fraction (nor its gcd) made."""
        it = iter(values)
        best = next(it)
        num, den = best._num, best._den
        for p in it:
            if p._num * den < num * p._den:
                best, num, den = p, p._num, p._den
        return best

    def text(self) -> str:
        f = self.fraction
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Exact:
            return NotImplemented
        assert isinstance(other, Exact)
        return self._num * other._den == other._num * self._den

    def __hash__(self) -> int:
        return hash((self.fraction, "exact"))

    def __repr__(self) -> str:
        return f"Exact(fraction={self.fraction!r}, basis='exact')"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Exact, (self.fraction,))


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
