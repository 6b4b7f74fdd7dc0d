"""The core's look-ahead (native/src/lookahead/) against Python's own numbers.

The evaluator ranks guesses by floats of exact ratios and breaks ties on them, so the core's float of
``num / den`` must be the very float Python's correctly rounded ``int / int`` gives, on every size of
integer (board sizes up to 1000x1000 give counts of hundreds of thousands of bits) and down into the
subnormal range.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve import _core


@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 3000), st.integers(min_value=1, max_value=2 ** 3000),
       st.integers(min_value=0, max_value=1100))
def test_ratio_is_pythons_division(num: int, den: int, shift: int) -> None:
    for n, d in ((num, den), (num, den << shift), (num << shift, den)):
        if n.bit_length() - d.bit_length() < 1000:
            assert _core.ratio_float(n, d) == n / d, (n, d)


def test_ratio_edges() -> None:
    cases = [(1, 3), (2, 3), (0, 5), (5, 5), (1, 2 ** 1074), (1, 2 ** 1075), (3, 2 ** 1076), (1, 3 ** 700),
             (2 ** 53 + 1, 2 ** 53), (2 ** 54 + 3, 4), (10 ** 400, 3 * 10 ** 400), (2 ** 1100 - 1, 2 ** 1100)]
    for n, d in cases:
        assert _core.ratio_float(n, d) == n / d, (n, d)
