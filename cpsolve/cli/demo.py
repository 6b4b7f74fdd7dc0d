"""``cpsolve demo headline``: the 5x3 board of the README, naive answer beside the correct one."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..analysis import analyze
from ..board import parse_board
from ..constraints import build_model

HEADLINE = """\
# The 5x3 board of docs/board-format.md: one mine left; cell 1,2 is a certain mine.
mines: 1
. 1 . . .
. . . . .
. . . 1 .
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="demonstrations (headline: why the mine total matters)",
                       description="Demonstrations of what cpsolve computes.")
    p.add_argument("name", choices=["headline"], metavar="NAME",
                   help="headline: the 5x3 board of the README (two clues of 1, one mine in total): the "
                   "probabilities counted without the mine total beside the correct ones with it")
    p.set_defaults(run=run)


def naive_frontier(text: str) -> dict[tuple[int, int], Fraction]:
    """The naive answer: frontier configurations counted without the mine total (each equally likely)."""
    board = parse_board(text)
    blind = analyze(parse_board(text.replace("mines: 1", "")), density=Fraction(1, 2), prove=False)
    model = build_model(board)
    frontier = {c for comp in model.components for c in comp.cells} | set(model.fixed)
    out = {}
    for cell in blind.cells:
        if board.index(cell.row, cell.col) in frontier:
            assert cell.probability.fraction is not None
            out[(cell.row, cell.col)] = cell.probability.fraction
    return out


def run(args: argparse.Namespace) -> int:
    board = parse_board(HEADLINE)
    naive = naive_frontier(HEADLINE)
    right = analyze(board)
    # every line fits 80 columns (issue 27: the headings were 90 wide, the last line 91)
    print("The headline board: 5x3, one mine in total, two clues of 1 sharing cell 1,2.\n")
    print(f"{'naive: counted without the mine total':<40}correct: with the mine total")
    for r in range(board.rows):
        left, rt = [], []
        for c in range(board.cols):
            v = board.at(r, c)
            if v >= 0:
                left.append(f"{v:>6}")
                rt.append(f"{v:>6}")
                continue
            p = naive.get((r, c))
            left.append(f"{float(p):>6.2f}" if p is not None else f"{'?':>6}")
            cell = right.cell(r, c)
            tag = cell.proof.verdict if cell.proof is not None else f"{cell.probability.value:.2f}"
            rt.append(f"{tag:>6}")
        print(f"{''.join(left):<40}{''.join(rt)}")
    # a key to the marks (issue 43 item 10: the '?' had none)
    print("\n?: a cell next to no clue, which the naive count leaves out; mine, safe: proved")
    bad = naive[(1, 2)]
    print(f"\ncell 1,2: naive {bad} = {float(bad):.4f}, the lowest here: a naive solver clicks it.\n"
          f"          correct {right.cell(1, 2).probability.text()}: it is a certain mine.")
    return 0
