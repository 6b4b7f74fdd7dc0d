"""The native model's boundary: the deadline is kept inside the core, bad plain data is refused with
a ValueError (never a crash), and the sources of a contradiction come back as clue ids."""

from __future__ import annotations

import time

import pytest

from cpsolve import _core, budget
from cpsolve.board import parse_board
from cpsolve.budget import AnalysisDeadline
from cpsolve.constraints import TOTAL, Inconsistent, build_model

NO_DEADLINE = AnalysisDeadline(None, None, None, None)


def test_deadline_passed_inside_the_core() -> None:
    board = parse_board("\n".join([". " * 200] * 200))
    build_model(board)  # no deadline: built
    with budget.within(budget.Deadline(time.perf_counter() - 1)), pytest.raises(budget.OutOfTime):
        build_model(board)
    with pytest.raises(_core.OutOfTime):  # the core's own exception (cpsolve.boundary maps it)
        _core.build_model(200, 200, b"\xff" * 40000, 10, _core.Options(seconds=0.0))


def test_bad_plain_data_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="cells for a 3x3 board"):
        _core.build_model(3, 3, b"\xff" * 8, None, _core.Options())
    with pytest.raises(ValueError, match="no cell code"):
        _core.scan_clues(1, 2, b"\x09\xff", True, None)
    with pytest.raises(ValueError, match="more than 8 cells"):
        _core.split_components([(list(range(9)), 1, [0])], None)


def test_contradiction_sources_are_clue_ids() -> None:
    # clue 0 (the 2 at 0,0) needs 2 mines among its one covered neighbour
    with pytest.raises(Inconsistent) as err:
        build_model(parse_board("2 .\n", validate=False))
    assert err.value.sources == frozenset({0}) and err.value.reason == "2 mines needed among 1 cells"
    # the total: 3 mines for 2 cells
    with pytest.raises(Inconsistent) as err:
        build_model(parse_board("mines: 3\n. .\n", validate=False))
    assert err.value.sources == frozenset({TOTAL}) and err.value.reason == "3 mines remain for 2 cells"


@pytest.mark.parametrize("total", [10**30, 2**62 + 2, 2**62 + 1, 2**62, 9, 2, 1, -3, -(2**63) - 5])
@pytest.mark.parametrize("trust_flags", [True, False])
def test_the_mines_left_are_the_boards(total: int, trust_flags: bool) -> None:
    """The analysis' one call of the core (model and count) takes the mines left as the board counts
    them: the remaining mines, the board's own error when the marked cells exceed the total and,
    beyond 64 bits, Python's arithmetic are those of ``Board.remaining_mines`` (the oracle here),
    clamped to 2**62 in a message."""
    from cpsolve import InconsistentBoard, analyze
    from cpsolve.board import Board, BoardError

    board = Board(3, 3, (1, -1, -1, -3, -1, -1, -2, -1, -1), total)
    marked = 1 + trust_flags
    if marked > total:
        with pytest.raises(BoardError, match="exceed the total"):
            analyze(board, trust_flags=trust_flags)
        return
    left = total - marked
    cells = 6 if trust_flags else 7
    if left > cells:
        said = f": the mine total leaves {left} mines for only {cells} covered cells"
        with pytest.raises(InconsistentBoard, match=said):
            analyze(board, trust_flags=trust_flags)
        return
    assert analyze(board, trust_flags=trust_flags).remaining == left == board.remaining_mines(trust_flags)


def test_the_cores_word_on_the_bounds_is_the_provers_own_check() -> None:
    """``count_board``'s ``bounded`` (the core's: every constraint and the total's can hold alone),
    which lets the prover skip its own look, says what the prover's look says, on played positions
    and on the same positions with other totals (some of them impossible for the encoding)."""
    from cpsolve.constraints import build_model
    from cpsolve.count import count_board
    from cpsolve.proof.prover import asks_nothing
    from cpsolve.simulate import played_positions

    seen = set()
    for p in played_positions("beginner", 40, 3):
        for delta in (0, -3, -1, 1, 4):
            board = p.board
            if board.mines is None or board.mines + delta < board.known_mines + board.flags:
                continue
            board = type(board)(board.rows, board.cols, board.cells, board.mines + delta)
            try:
                model, whole = count_board(board.rows, board.cols, board.codes, board.remaining_mines(),
                                           trust_flags=True, exact_limit=None, state_budget=None,
                                           combine_budget=None, density=None, deadline=NO_DEADLINE)
            except Inconsistent:
                continue
            own = asks_nothing(build_model(board), {}, nominates=False)  # the prover's own look
            assert whole.bounded == own
            seen.add(own)
    assert seen == {True}  # counted boards fit their total (an unfit one has no placement)


def test_fixed_cells_mine_flags_without_their_facts() -> None:
    """FixedCells.flags() (the core's fixed_mines, no sources made) says of each fixed cell what its
    fact says, before and after the facts are made, and mine_flags of a plain dict agrees."""
    from cpsolve.constraints.model import mine_flags
    from cpsolve.simulate import played_positions

    seen = 0
    for pos in played_positions("expert", 30, seed=5):
        early = build_model(pos.board).fixed.flags()  # before any fact is made
        fixed = build_model(pos.board).fixed
        facts = dict(fixed.items())
        want = {c: f.mine for c, f in facts.items()}
        assert early == want and list(early) == list(want)
        assert fixed.flags() == want and mine_flags(facts) == want and mine_flags(fixed) == want
        for c, mine in early.items():  # against the layout: a fixed mine is a mine
            assert mine == (c in pos.mines)
        seen += len(want)
    assert seen


def test_fixed_cells_sources_without_their_facts() -> None:
    """FixedCells.sources() (the core's fixed_sources, no fact made) is the union of the fixed
    cells' facts' sources as made one by one, and fixed_sources of a plain dict agrees; on boards
    with a mine total whose bound fixes cells, TOTAL is among them."""
    from cpsolve.constraints.model import fixed_sources
    from cpsolve.simulate import played_positions

    seen = 0
    for pos in played_positions("expert", 30, seed=7):
        early = build_model(pos.board).fixed.sources()  # before any fact is made
        fixed = build_model(pos.board).fixed
        facts = dict(fixed.items())
        want = frozenset().union(*(f.sources for f in facts.values()))
        assert early == want and fixed.sources() == want and fixed_sources(facts) == want
        assert fixed_sources(fixed) == want
        seen += len(want)
    assert seen
    # the total fixes the cells no clue fixes: no mines left for them
    board = parse_board("mines: 1\n. 1 . .\n1 1 . .\n")
    model = build_model(board)
    srcs = build_model(board).fixed.sources()
    assert TOTAL in srcs and srcs == frozenset().union(*(f.sources for f in model.fixed.values()))
