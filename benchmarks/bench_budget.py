"""Does ``analyze(board, time_limit=T)`` keep its budget?

    python benchmarks/bench_budget.py --sizes 100x100x1600 200x200x6400 --scatter 0.3 0.5 --limits 0.05 1 3

Boards are the scattered positions of ``bench_large.py`` (a random share of the safe cells revealed,
not openings: wide tangled components, the hard case for counting) and, with ``--midgame``, half-played
games. The solver is loaded once before timing (a library user's case; a cold command line adds the
import of OR-Tools, about half a second, which the analysis skips the solver for when it cannot afford
it). Prints per size, reveal share and limit: the wall time (median and max), the overrun beyond the
limit (max), which parts the limit cut short, the cells proved, and proofs contradicting the layout
(must be 0).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main() -> None:
    from bench_large import scattered

    from cpsolve import analyze, parse_board
    from cpsolve.simulate import midgame_positions, parse_difficulty

    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="+", default=["100x100x1600", "200x200x6400"])
    ap.add_argument("--scatter", nargs="+", type=float, default=[0.3, 0.5])
    ap.add_argument("--midgame", action="store_true", help="also half-played games")
    ap.add_argument("--limits", nargs="+", type=float, default=[0.05, 1.0, 3.0])
    ap.add_argument("--positions", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    analyze(parse_board("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n"))  # load the solver once
    print(f"{'size':<14} {'board':<12} {'limit s':>7} {'wall s med/max':>15} {'overrun max':>11} "
          f"{'cut short':<34} {'proved':>7} {'wrong':>5}")
    for size in args.sizes:
        rows, cols, mines = parse_difficulty(size)
        kinds = [(f"scatter {s}", s) for s in args.scatter] + ([("midgame", 0.0)] if args.midgame else [])
        for label, share in kinds:
            positions = list(scattered(rows, cols, mines, args.positions, args.seed, share) if share
                             else midgame_positions((rows, cols, mines), args.positions, args.seed))
            for limit in args.limits:
                walls, cuts, proved, wrong = [], set(), [], 0
                for pos in positions:
                    t0 = time.perf_counter()
                    res = analyze(pos.board, time_limit=limit)
                    walls.append(time.perf_counter() - t0)
                    cuts.update(res.stats.budget)
                    n = 0
                    for c in res.cells:
                        if c.proof is not None:
                            n += 1
                            wrong += c.proof.mine != ((c.row * cols + c.col) in pos.mines)
                    proved.append(n)
                cut = ",".join(p for p in ("model", "counting", "combining", "estimation", "proofs") if p in cuts)
                print(f"{size:<14} {label:<12} {limit:>7g} {statistics.median(walls):>7.2f} /{max(walls):>6.2f} "
                      f"{max(walls) - limit:>+11.2f} {cut or '-':<34} {statistics.median(proved):>7.0f} {wrong:>5}",
                      flush=True)


if __name__ == "__main__":
    main()
