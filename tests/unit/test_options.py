"""Settings: one way in (AnalysisOptions checks itself; from_mapping for the CLI and HTTP), and an
explicit keyword of ``analyze`` always overrides its options object."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cpsolve import AnalysisOptions, CpsolveError, analyze, parse_board
from cpsolve.options import DEFAULTS, UNSET, OptionsError

HEADLINE = "mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n"


def test_a_keyword_equal_to_its_default_still_overrides_the_options() -> None:
    """The bug: analyze(b, AnalysisOptions(prove=False), prove=True) ran with proofs off, because a
    keyword equal to its default was dropped."""
    board = parse_board(HEADLINE)
    off = analyze(board, AnalysisOptions(prove=False))
    assert not off.proved_cells()
    on = analyze(board, AnalysisOptions(prove=False), prove=True)
    assert (1, 2, True) in on.proved_cells()  # (1, 2) is proved a mine: the proof engine ran
    # and every other field the same way
    base = AnalysisOptions(exact_limit=3, time_limit=1.0, density="1/3", trust_flags=False, engine="sat",
                           state_budget=5, combine_budget=7)
    back = base.given(exact_limit=DEFAULTS.exact_limit, time_limit=DEFAULTS.time_limit, density=None,
                      trust_flags=True, engine=DEFAULTS.engine, state_budget=DEFAULTS.state_budget,
                      combine_budget=DEFAULTS.combine_budget, prove=UNSET)
    assert back == DEFAULTS


def test_unset_keywords_leave_the_options_alone() -> None:
    opts = AnalysisOptions(prove=False, exact_limit=7)
    assert opts.given() is opts
    assert opts.given(prove=UNSET, exact_limit=UNSET) is opts
    assert opts.given(exact_limit=None).exact_limit is None


@pytest.mark.parametrize("field, value, fragment", [
    ("exact_limit", -1, "at least 0"), ("exact_limit", "all", "whole number"), ("exact_limit", True, "whole number"),
    ("time_limit", 0, "positive"), ("time_limit", float("nan"), "positive"), ("time_limit", "fast", "positive"),
    ("density", 1, "strictly between"), ("density", "x", "such as 0.2"), ("density", True, "such as 0.2"),
    ("trust_flags", "yes", "true or false"), ("prove", 1, "true or false"),
    ("engine", "kissat", "unknown proof engine"), ("engine", 3, "string"),
    ("state_budget", -5, "at least 0"), ("combine_budget", 1.5, "whole number"),
])
def test_options_check_themselves(field: str, value: object, fragment: str) -> None:
    with pytest.raises(OptionsError, match=fragment) as err:
        AnalysisOptions(**{field: value})  # type: ignore[arg-type]
    assert err.value.key == field
    assert isinstance(err.value, CpsolveError) and isinstance(err.value, ValueError)
    with pytest.raises(OptionsError, match=fragment):  # and analyze's keywords go through the same check
        analyze(parse_board(HEADLINE), **{field: value})  # type: ignore[arg-type]


def test_values_are_normalised() -> None:
    opts = AnalysisOptions(density=0.2, engine="SAT", time_limit=3)
    assert opts.density == Fraction(1, 5) and opts.engine == "sat:minicard" and opts.time_limit == 3.0
    assert AnalysisOptions(density="1/3").density == Fraction(1, 3)


def test_from_mapping() -> None:
    opts = AnalysisOptions.from_mapping({"ignore_flags": True, "density": "1/4", "exact_limit": None})
    assert opts == DEFAULTS.replace(trust_flags=False, density=Fraction(1, 4), exact_limit=None)
    base = AnalysisOptions(time_limit=2.0)
    assert AnalysisOptions.from_mapping({}, base) is not None and AnalysisOptions.from_mapping({}, base) == base
    with pytest.raises(OptionsError, match="unknown option 'speed'") as err:
        AnalysisOptions.from_mapping({"speed": 1})
    assert err.value.key == "speed"
    with pytest.raises(OptionsError, match="unknown option 'prove'"):
        AnalysisOptions.from_mapping({"prove": False}, keys=("engine",))
    with pytest.raises(OptionsError, match="true or false") as err:
        AnalysisOptions.from_mapping({"ignore_flags": "no"})
    assert err.value.key == "ignore_flags"
