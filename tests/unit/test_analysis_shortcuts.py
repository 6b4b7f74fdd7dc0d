"""The analysis' shortcuts on a counted board that nominates no cell (most positions): the
proof subsystem's ``deductions_only`` against the solver's own backbone of the board, and the
frontier values made when first read against the count's groups."""

from fractions import Fraction

from cpsolve import analyze
from cpsolve.board import Board
from cpsolve.budget import AnalysisDeadline
from cpsolve.constraints import Model
from cpsolve.count import WholeCount, count_board
from cpsolve.proof import prove_model
from cpsolve.proof.prover import deductions_only
from cpsolve.simulate import played_positions

NO_DEADLINE = AnalysisDeadline(None, None, None, None)


def _counted(board: Board) -> tuple[Model, WholeCount]:
    return count_board(board.rows, board.cols, board.codes, board.remaining_mines(), trust_flags=True,
                       exact_limit=400, state_budget=200_000, combine_budget=2_000_000, density=None,
                       deadline=NO_DEADLINE)


def test_deductions_only_is_the_solvers_backbone() -> None:
    """Where the exact count puts no group nor the off-frontier cells at 0 or 1, no cell but the
    model's fixed ones is forced: the solver, asked of every cell (no hints), proves exactly the
    cells ``deductions_only`` certifies, with the same verdicts."""
    seen = 0
    for difficulty, seed in (("beginner", 3), ("expert", 4)):
        for p in played_positions(difficulty, 40, seed):
            model, whole = _counted(p.board)
            if whole.exact is None or whole.nominates or not whole.bounded:
                continue
            got = deductions_only(model, "sat")
            assert got is not None
            certs, stats = got
            solver = prove_model(model, engine="sat")
            assert {c: v.mine for c, v in certs.all().items()} == {c: v.mine for c, v in solver.certainties.items()}
            assert stats.engine == solver.stats.engine and stats.deduced == stats.proved == len(model.fixed)
            assert stats.solver_calls == 0 and not stats.propagation
            seen += 1
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


def test_certain_map_before_the_values_are_made() -> None:
    """``certain_map`` read before the frontier values are made (off the count's ratios, as a
    player's referee reads it) is the map of every cell whose value, read afterwards one by one,
    is exactly 0 or 1; and the same as the map made from the values once they exist."""
    from cpsolve.probability import Exact
    from cpsolve.result.groups import GroupProbabilities

    fixed_seen = lazy_reads = 0
    for difficulty, seed in (("beginner", 5), ("expert", 6), ("8x5x12", 7)):
        for p in played_positions(difficulty, 40, seed):
            res = analyze(p.board)
            assert res._raw is not None
            probs = res._raw.probs
            if not isinstance(probs, GroupProbabilities) or probs._explicit is not None:
                continue  # values made already (a nominating count): not this path
            lazy_reads += 1
            got = probs.certain_map()
            assert probs._explicit is None  # read without making them
            want = {}
            for i in range(p.board.rows * p.board.cols):
                v = probs.get(i)
                if isinstance(v, Exact) and v.is_certain():
                    want[i] = v.is_one()
            assert got == want
            assert probs.certain_map() == want  # made from the values now
            fixed_seen += bool(want)
    assert lazy_reads > 60 and fixed_seen > 30


def test_certain_map_of_groups_by_hand() -> None:
    """The groups' reading by hand: a group at 0/5 and one at 3/3 are certain, one at 1/2 is not;
    a fixed cell's flag stands unless the cell is a frontier cell (its group's value first); the
    off-frontier cells at exactly 1 are all mines. The same as the map made from the values."""
    from cpsolve.probability import Exact
    from cpsolve.result.groups import GroupProbabilities

    groups = ([0, 1, 2, 3, 4, 5], [2, 2, 2], [0, 3, 1], [5, 3, 2])
    fixed = {6: (True, None), 7: (False, None), 4: (True, None)}
    want = {0: False, 1: False, 2: True, 3: True, 6: True, 7: False, 8: True, 9: True}

    def made(explicit: bool) -> GroupProbabilities:
        probs = GroupProbabilities(None, [8, 9], Exact.ratio(4, 4), fixed, groups=groups)  # type: ignore[arg-type]
        if explicit:
            probs.explicit()
        return probs

    assert made(False).certain_map() == want
    assert made(True).certain_map() == want
