"""Are the forcing sets of ``cpsolve check`` minimal within the default budget?

    python benchmarks/bench_check.py --difficulty intermediate --positions 2500

On oracle positions, one cell per position among those the analysis proved with the mine total
(the sets whose shrinking needs counting arguments); prints per cell the time, solver calls, set size
and whether it was shown minimal, then how many were not minimal and the median and max time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from cpsolve import analyze
    from cpsolve.proof import explain_cell
    from cpsolve.simulate import oracle_positions

    ap = argparse.ArgumentParser()
    ap.add_argument("--difficulty", default="intermediate")
    ap.add_argument("--positions", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--engine", default="cp-sat")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    rng = random.Random(1)
    times: list[float] = []
    not_minimal = 0
    for pos in oracle_positions(args.difficulty, args.positions, seed=args.seed):
        cells = [c for c in analyze(pos.board).cells if c.proof is not None and c.proof.uses_total]
        if not cells:
            continue
        c = rng.choice(cells)
        t0 = time.perf_counter()
        ex = explain_cell(pos.board, c.row, c.col, engine=args.engine, time_limit=args.time_limit)
        dt = time.perf_counter() - t0
        times.append(dt)
        not_minimal += not ex.minimal
        if not args.quiet:
            print(f"{dt * 1e3:8.1f} ms calls {ex.calls:4d} clues {len(ex.clues):3d} minimal {ex.minimal} "
                  f"verdict {ex.verdict}", flush=True)
    if times:
        print(f"{args.difficulty}: {len(times)} cells proved with the total, {not_minimal} forcing sets not "
              f"minimal; time median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
