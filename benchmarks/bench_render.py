"""The terminal grid of large boards: ``render_grid`` against the per-cell drawing it replaced.

    python benchmarks/bench_render.py --sizes 1000x1000x160000 --kinds blank midgame --rounds 3

For each board (blank: every cell covered; midgame: ``midgame_positions(size, 1, seed=1)``, the
1000x1000 mid-game of docs/measurements.md's large-board figures) the analysis runs once, then each round times, in
alternating order, ``render_grid(board, result)`` (plain text: what ``cpsolve solve B`` prints into
a file or a pipe; ``--colour`` the ANSI grid) and the peer: the same text drawn the way issue 43
item 3 found it, a look per cell from a per-cell result (``palette.look`` over ``result.cells``,
made afresh each round as an unread analysis would) and a code per cell. Both texts must be equal.
Prints per board and arm the median, p90 and p99 seconds and the median ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve import Analysis, Board, analyze  # noqa: E402
from cpsolve.board import COVERED  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.render import palette, render_grid  # noqa: E402
from cpsolve.render.terminal import compact_code, legend  # noqa: E402
from cpsolve.simulate import midgame_positions, parse_difficulty  # noqa: E402


def per_cell_grid(board: Board, result: Analysis) -> str:
    """The plain compact grid the way it was drawn before: the analysis' per-cell results (made on
    this first read), a look per cell (palette.look), a code per cell."""
    by_cell = {(c.row, c.col): c for c in result.cells}
    best = result.best_guess
    rows, cols = board.rows, board.cols
    label = len(str(max(0, rows - 1))) + 1
    out = [" " * label + "".join(f"{c:<10}" for c in range(0, cols, 5)).rstrip() + "\n"]
    for r in range(rows):
        out.append(f"{r:>{label - 1}} ")
        for c in range(cols):
            cl = palette.look(board, by_cell.get((r, c)), r, c, best)
            out.append("[]" if cl.best else compact_code(cl))
        out.append("\n")
    return ("".join(out) + legend(plain=True).plain).rstrip("\n")


def board_of(size: str, kind: str) -> Board:
    rows, cols, mines = parse_difficulty(size)
    if kind == "blank":
        return Board(rows, cols, (COVERED,) * (rows * cols), mines)
    return next(iter(midgame_positions((rows, cols, mines), 1, seed=1))).board


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="+", default=["1000x1000x160000"])
    ap.add_argument("--kinds", nargs="+", default=["blank", "midgame"], choices=["blank", "midgame"])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--colour", action="store_true", help="time the ANSI grid (the peer stays plain)")
    args = ap.parse_args()
    for size in args.sizes:
        for kind in args.kinds:
            board = board_of(size, kind)
            times: dict[str, list[float]] = {"render_grid": [], "per-cell peer": []}
            for k in range(args.rounds):
                arms = ["render_grid", "per-cell peer"] if k % 2 == 0 else ["per-cell peer", "render_grid"]
                texts = {}
                for arm in arms:
                    result = analyze(board)  # unread, as the command has it: the per-cell results not made
                    t0 = time.perf_counter()
                    if arm == "render_grid":
                        texts[arm] = render_grid(board, result, colour=args.colour)
                    else:
                        texts[arm] = per_cell_grid(board, result)
                    times[arm].append(time.perf_counter() - t0)
                if not args.colour and texts["render_grid"] != texts["per-cell peer"]:
                    sys.exit(f"{size} {kind}: the two grids differ")
            print(f"{size} {kind} ({args.rounds} rounds, alternated{', colour' if args.colour else ''}):")
            for arm, ts in times.items():
                print(f"  {arm:<14} median {statistics.median(ts):7.3f} s  p90 {percentile(ts, 90):7.3f} s  "
                      f"p99 {percentile(ts, 99):7.3f} s")
            ratio = statistics.median(times["render_grid"]) / statistics.median(times["per-cell peer"])
            print(f"  ratio render_grid / peer at the median: {ratio:.3f}x")


if __name__ == "__main__":
    main()
