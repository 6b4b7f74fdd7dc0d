"""Exact.ratio and Exact.ratios (both made by probability._filled): the value is the Fraction of
the ratio, the class is Exact (immutable), and a ratio outside [0, 1] is refused by both."""

from fractions import Fraction

import pytest

from cpsolve.probability import Exact

RATIOS = [(0, 1), (1, 1), (1, 3), (2, 6), (7, 7), (0, 9), (5, 12), (10**30, 10**31)]
BAD = [(-1, 2), (3, 2), (0, 0), (1, 0), (0, -1)]


@pytest.mark.parametrize(("num", "den"), RATIOS)
def test_ratio_is_the_fraction(num: int, den: int) -> None:
    e = Exact.ratio(num, den)
    assert type(e) is Exact
    assert e.fraction == Fraction(num, den)
    assert e == Exact(Fraction(num, den))
    assert e.is_certain() == (num in (0, den))
    with pytest.raises(AttributeError):
        e._num = 0  # type: ignore[misc]


def test_ratios_equal_ratio_one_by_one() -> None:
    nums, dens = [n for n, _ in RATIOS], [d for _, d in RATIOS]
    got = Exact.ratios(nums, dens)
    assert [type(e) for e in got] == [Exact] * len(RATIOS)
    assert [e.fraction for e in got] == [Fraction(n, d) for n, d in RATIOS]
    with pytest.raises(ValueError, match="numerators"):
        Exact.ratios(nums, dens[:-1])


@pytest.mark.parametrize(("num", "den"), BAD)
def test_outside_zero_one_refused(num: int, den: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        Exact.ratio(num, den)
    with pytest.raises(ValueError, match="outside"):
        Exact.ratios([1, num], [2, den])
