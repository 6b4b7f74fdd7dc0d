"""Look-ahead engine: a hypothetical reveal built incrementally vs rebuilt and recounted from scratch.

For generated Expert mid-game positions, every possible number of the 20 least likely mines is
applied both ways; prints median and p99 per hypothetical position and the ratio. The two results
are also compared (same count, same probabilities).

    python benchmarks/play_lookahead.py --positions 60 --seed 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cpsolve.board import Board  # noqa: E402
from cpsolve.play.lookahead import Lookahead  # noqa: E402
from cpsolve.simulate import oracle_positions  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--difficulty", default="expert")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    engine = Lookahead()
    inc: list[float] = []
    full: list[float] = []
    for pos in oracle_positions(args.difficulty, args.positions, seed=args.seed):
        board = pos.board
        base = engine.solve(board)
        for i in sorted(base.prob, key=base.prob.__getitem__)[:20]:
            if base.prob[i] in (0.0, 1.0):
                continue
            for v in engine.value_range(base, i):
                t0 = time.perf_counter()
                hyp = engine.reveal(base, i, v)
                if hyp is not None:
                    hyp.prob  # noqa: B018 - the probabilities are part of the work
                t1 = time.perf_counter()
                if hyp is None:
                    continue
                cells = list(board.cells)
                cells[i] = v
                again = engine.solve(Board(board.rows, board.cols, tuple(cells), board.mines))
                again.prob  # noqa: B018
                t2 = time.perf_counter()
                assert again.z == hyp.z and again.prob == hyp.prob
                inc.append((t1 - t0) * 1e3)
                full.append((t2 - t1) * 1e3)

    def p99(xs: list[float]) -> float:
        return sorted(xs)[max(0, int(0.99 * len(xs)) - 1)]

    mi, mf = statistics.median(inc), statistics.median(full)
    print(f"{len(inc)} hypothetical positions ({args.difficulty}, {args.positions} positions, seed {args.seed})")
    print(f"  incremental      median {mi:.3f} ms  p99 {p99(inc):.3f} ms")
    print(f"  from scratch     median {mf:.3f} ms  p99 {p99(full):.3f} ms")
    print(f"  ratio            {mf / mi:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
