"""Issue 43 item 3: the terminal grid from a table of looks (one per distinct value), not a look per
cell from a per-cell result. The table must draw every cell as the per-cell rule does, and the grid
and summary of a large board must not build the per-cell results (8.8 s of a blank 1000x1000 board;
``benchmarks/bench_render.py`` times it)."""

from __future__ import annotations

import random

import pytest

from cpsolve import analyze, load, parse_board
from cpsolve.board import COVERED, Board
from cpsolve.render import palette, render_grid, render_summary
from cpsolve.simulate import midgame_positions
from tests.support.paths import ROOT


def _per_cell(board: Board, result) -> list[list[palette.CellLook]]:  # type: ignore[no-untyped-def]
    """The per-cell rule: each cell's look from its own result (the oracle of the table)."""
    by_cell = {(c.row, c.col): c for c in result.cells}
    best = result.best_guess
    return [[palette.look(board, by_cell.get((r, c)), r, c, best) for c in range(board.cols)]
            for r in range(board.rows)]


def _boards() -> list[tuple[str, Board, dict]]:  # type: ignore[type-arg]
    out = [("expert", load(ROOT / "examples" / "expert-midgame.txt"), {}),
           ("expert estimated", load(ROOT / "examples" / "expert-midgame.txt"), {"exact_limit": 4}),
           ("expert no proofs", load(ROOT / "examples" / "expert-midgame.txt"), {"prove": False}),
           ("flags ignored", parse_board("mines: 3\n1 F . .\n1 2 . .\n. . . .\n"), {"trust_flags": False}),
           ("flags trusted", parse_board("mines: 3\n1 F . .\n1 2 . .\n. . . .\n"), {}),
           ("known mine", parse_board("mines: 2\n1 * .\n. . .\n"), {}),
           ("no total", parse_board("1 . .\n. . 2\n"), {})]
    for k, pos in enumerate(midgame_positions("intermediate", 3, seed=7)):
        out.append((f"intermediate {k}", pos.board, {}))
    return out


@pytest.mark.parametrize("name,board,kw", _boards(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_table_draws_every_cell_as_the_per_cell_rule(name: str, board: Board, kw: dict) -> None:  # type: ignore[type-arg]
    expected = _per_cell(board, analyze(board, **kw))
    got = palette.looks(board, analyze(board, **kw))  # a fresh analysis: its per-cell results unread
    for r in range(board.rows):
        for c in range(board.cols):
            e, g = expected[r][c], got[r][c]
            assert (g.kind, g.fill, g.number, g.probability, g.forced, g.best) == \
                (e.kind, e.fill, e.number, e.probability, e.forced, e.best), (name, r, c)


def test_a_random_board_without_analysis_is_drawn_plain() -> None:
    rng = random.Random(3)
    board = Board(4, 6, tuple(rng.choice([COVERED, COVERED, 1, 2, -2, -3]) for _ in range(24)))  # -2 flag, -3 mine
    got = palette.looks(board, None)
    for r in range(board.rows):
        for c in range(board.cols):
            assert got[r][c] == palette.look(board, None, r, c, None)


def test_grid_and_summary_of_a_large_board_build_no_per_cell_results() -> None:
    """The path: the grid and the summary read the keyed entries (the document's), so the analysis'
    per-cell results stay unbuilt; before, both read ``result.cells`` (a million objects)."""
    for board in (Board(300, 300, (COVERED,) * 90_000, 14_000),
                  next(iter(midgame_positions((300, 300, 14_000), 1, seed=1))).board):
        result = analyze(board)
        text = render_grid(board, result)
        summary = render_summary(result)
        assert result._cells is None  # noqa: SLF001 - the path under test
        lines = text.splitlines()
        assert len(lines) == 1 + 300 + 3 and all(len(line) == 3 + 1 + 600 for line in lines[1:301])
        assert ("best guess:" in summary) != ("next: open the" in summary)
