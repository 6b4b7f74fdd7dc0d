"""The analysis' shortcuts on a counted board that nominates no cell (most positions): the
proof subsystem's ``deductions_only`` against the solver's own backbone of the board, and the
frontier values made when first read against the count's groups."""

from fractions import Fraction

from cpsolve import analyze
from cpsolve.board import Board
from cpsolve.constraints import Model
from cpsolve.count import WholeCount, count_board
from cpsolve.proof import prove_model
from cpsolve.proof.prover import deductions_only
from cpsolve.simulate import played_positions


def _counted(board: Board) -> tuple[Model, WholeCount]:
    return count_board(board.rows, board.cols, board.codes, board.remaining_mines(), trust_flags=True,
                       exact_limit=400, state_budget=200_000, combine_budget=2_000_000, density=None,
                       model_seconds=None, count_seconds=None, combine_seconds=None)


def test_deductions_only_is_the_solvers_backbone() -> None:
    """Where the exact count puts no group nor the off-frontier cells at 0 or 1, no cell but the
    model's fixed ones is forced: the solver, asked of every cell (no hints), proves exactly the
    cells ``deductions_only`` certifies, with the same verdicts. A passed deadline gives None."""
    seen = 0
    for difficulty, seed in (("beginner", 3), ("expert", 4)):
        for p in played_positions(difficulty, 40, seed):
            model, whole = _counted(p.board)
            if whole.exact is None or whole.nominates or not whole.bounded:
                continue
            got = deductions_only(model, "sat", None)
            assert got is not None
            certs, stats = got
            solver = prove_model(model, engine="sat")
            assert {c: v.mine for c, v in certs.all().items()} == {c: v.mine for c, v in solver.certainties.items()}
            assert stats.engine == solver.stats.engine and stats.deduced == stats.proved == len(model.fixed)
            assert stats.solver_calls == 0 and not stats.propagation
            seen += 1
            assert deductions_only(model, "sat", 0.0) is None  # long passed
    assert seen > 40


def test_frontier_values_made_on_first_read_are_the_counts_groups() -> None:
    """The per-cell probabilities of an analysis, read after it (made then from the count's
    groups), are the count's ratios, group by group; the mapping's length is the same before and
    after they are made."""
    for p in played_positions("beginner", 60, 7):
        board = p.board
        res = analyze(board)
        assert res._raw is not None
        probs = res._raw.probs
        n = len(probs)
        _, whole = _counted(board)
        assert whole.exact is not None
        cells, sizes, nums, dens, _ = whole.exact
        at = 0
        for size, num, den in zip(sizes, nums, dens):
            for i in cells[at:at + size]:
                assert probs[i].fraction == Fraction(num, den)
            at += size
        assert len(probs) == n == len(res.cells)
