"""No-guess generation at high density (issue 40): every layout ``--method repair`` makes is won by
proved moves alone, checked by verify-ng's proofs and, on small boards, by the independent
frontier enumeration of ``tests/support/noguess_oracle.py`` (no model, counter or proof shared with cpsolve).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.cli import main
from cpsolve.simulate.noguess import GenerationFailed, banned_cells, check_request, generate, play_proved
from tests.support.noguess_oracle import no_guess


def _check(rows: int, cols: int, mines: int, first: tuple[int, int], rule: str, seed: int,
           oracle: bool) -> int:
    g = generate(rows, cols, mines, first_cell=first, first_click=rule, rng=random.Random(seed), time_limit=60)
    layout = g.layout
    assert (layout.rows, layout.cols, layout.mine_count) == (rows, cols, mines)
    assert not layout.mines & banned_cells(rows, cols, first[0] * cols + first[1], rule)
    res = play_proved(layout, first, first_click=rule)
    assert res.won and not res.unrevealed_zero, layout.to_text()
    if oracle:
        assert no_guess(rows, cols, layout.mines, first), layout.to_text()
    return g.repairs


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(4, 7), cols=st.integers(4, 7), density=st.floats(0.3, 0.8), seed=st.integers(0, 2**32),
       rule=st.sampled_from(["safe", "opening"]), data=st.data())
def test_dense_small_boards_won_by_both_checks(rows: int, cols: int, density: float, seed: int, rule: str,
                                              data: st.DataObject) -> None:
    first = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    room = rows * cols - len(banned_cells(rows, cols, first[0] * cols + first[1], rule))
    mines = max(1, min(room, round(density * rows * cols)))
    try:
        _check(rows, cols, mines, first, rule, seed, oracle=True)
    except GenerationFailed as exc:
        # small boards at high density may have no no-guess layout at all: then the line says so
        msg = str(exc)
        assert "found within the budget" in msg and "density" in msg and "too dense?" not in msg


@pytest.mark.parametrize("rows,cols,mines,count", [
    (9, 9, 45, 6), (9, 9, 35, 6), (16, 16, 100, 3), (16, 16, 150, 3), (16, 16, 200, 3),
])
def test_dense_issue_rows_with_oracle(rows: int, cols: int, mines: int, count: int) -> None:
    repaired = sum(_check(rows, cols, mines, (3, 3), "opening", seed, oracle=True) > 0 for seed in range(count))
    assert repaired > 0  # the re-lay path ran


@pytest.mark.parametrize("mines", [180, 240, 320, 360])
def test_dense_expert_boards_replayed_by_verify(mines: int) -> None:
    for seed in range(2):
        _check(16, 30, mines, (3, 3), "opening", seed, oracle=False)


def test_safe_first_click_dense() -> None:
    for seed in range(3):
        _check(16, 16, 120, (0, 0), "safe", seed, oracle=True)


@pytest.mark.parametrize("argv,message", [
    (["--difficulty", "30x16x0"], "at least 1 mine"),
    (["--difficulty", "1x20x3"], "at least 2 rows and 2 columns"),
    (["--difficulty", "20x1x3"], "at least 2 rows and 2 columns"),
    (["--difficulty", "9x9x73", "--first-click", "opening", "--first-cell", "4,4"], "do not fit"),
    (["--difficulty", "beginner", "--first-cell", "0,9"], "off the board"),
    # two safe cells, one at the first click in the corner: no no-guess layout; bounded by the limit
    (["--difficulty", "60x60x3598", "--time-limit", "1"], "found within the budget (--time-limit 1 s"),
    (["--difficulty", "3x3x7"], "density 77.8%"),
])
def test_bad_requests_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--no-guess", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "too dense?" not in err and "Traceback" not in err


def test_99_percent_has_a_no_guess_layout(capsys: pytest.CaptureFixture[str]) -> None:
    """100x100 with 9,900 mines is not a bad request: 100 safe cells gathered at the first click can
    be won by proofs, and repair finds such a layout (replayed here by verify-ng's play)."""
    g = generate(100, 100, 9900, first_cell=(3, 3), first_click="opening", rng=random.Random(0), time_limit=30)
    assert play_proved(g.layout, (3, 3), first_click="opening").won


def test_check_request_lines() -> None:
    with pytest.raises(ValueError, match="at least 1 mine"):
        check_request(9, 9, 0, (0, 0), "safe")
    check_request(9, 9, 72, (4, 4), "opening")  # exactly the room outside the opening
    with pytest.raises(ValueError, match="72 cells outside"):
        check_request(9, 9, 73, (4, 4), "opening")


def test_uniform_method_is_rejection_only() -> None:
    g = generate(9, 9, 10, first_cell=(3, 3), first_click="opening", rng=random.Random(1), method="uniform")
    assert g.repairs == 0 and play_proved(g.layout, (3, 3), first_click="opening").won
    with pytest.raises(GenerationFailed, match="--method uniform"):
        generate(16, 30, 200, first_cell=(3, 3), first_click="opening", rng=random.Random(1), method="uniform",
                 max_restarts=50)


def test_bias_ks_against_hand_values() -> None:
    """benchmarks/bias_noguess.py's two-sample KS: D by hand, and p at the extremes."""
    from tests.support.bench_modules import load

    ks = load("bias_noguess").ks
    assert ks([1, 2, 3], [1, 2, 3]) == (0.0, 1.0)
    d, p = ks([0] * 200, [1] * 200)
    assert d == 1.0 and p < 1e-30
    # {1,2,3,4} against {3,4,5,6}: the empirical CDFs differ most at 2 (0.5 against 0)
    d, _ = ks([1, 2, 3, 4], [3, 4, 5, 6])
    assert d == 0.5


def test_bench_table_runs_one_small_row(capsys: pytest.CaptureFixture[str]) -> None:
    """bench_noguess.py --table on one small row: the row is printed with both generators' counts
    and the verify-ng replay column, exit 0."""
    import argparse

    from tests.support.bench_modules import load

    pytest.importorskip("ms_toollib")
    bench = load("bench_noguess")
    args = argparse.Namespace(first_cell=(3, 3), layouts=3, method="repair", time_limit=10.0, rows=["9x9x30"],
                              seed=1, no_verify=False)
    assert bench.table(args) == 0
    out = capsys.readouterr().out
    assert "9x9x30" in out and "3/3" in out and out.count("3/3") >= 3
