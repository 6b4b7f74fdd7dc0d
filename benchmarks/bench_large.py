"""Large boards: time and peak memory of a full analysis of mid-game positions.

    python benchmarks/bench_large.py --sizes 100x100x1600 500x500x40000 --positions 3

Positions come from :func:`cpsolve.simulate.midgame_positions` (half of the safe cells opened by an
oracle walking the revealed area's edge). Each size runs in a fresh child process so that its peak
resident memory (``ru_maxrss``) is its own; the analysis is the default one (probabilities, then
proofs within ``--time-limit``). Prints per size the median and max of: model, counting, proof and
total ms, which path ran, certainties and their check against the layout, and peak memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def scattered(rows: int, cols: int, mines: int, count: int, seed: int, frac: float):  # type: ignore[no-untyped-def]
    """Positions whose revealed cells are a random ``frac`` of the safe cells (not openings): the
    clues overlap into wide, tangled components, the hard case for counting."""
    import random

    from cpsolve.board import COVERED, Board
    from cpsolve.neighbourhood import neighbours
    from cpsolve.simulate import Position

    rng = random.Random(seed)
    n = rows * cols
    for gi in range(count):
        layout = frozenset(rng.sample(range(n), mines))
        cells = [COVERED] * n
        for i in range(n):
            if i not in layout and rng.random() < frac:
                cells[i] = sum(1 for j in neighbours(rows, cols, i) if j in layout)
        yield Position(Board(rows, cols, tuple(cells), mines), layout, gi, 0)


def child(size: str, positions: int, seed: int, time_limit: float, prove: bool, scatter: float) -> None:
    from cpsolve import analyze
    from cpsolve.simulate import midgame_positions, parse_difficulty

    rows, cols, mines = parse_difficulty(size)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = []
    gen = (scattered(rows, cols, mines, positions, seed, scatter) if scatter
           else midgame_positions((rows, cols, mines), positions, seed))
    for pos in gen:
        t0 = time.perf_counter()
        res = analyze(pos.board, time_limit=time_limit, prove=prove)
        total = (time.perf_counter() - t0) * 1e3
        wrong = sum(1 for c in res.cells if c.proof is not None
                    and c.proof.mine != ((c.row * cols + c.col) in pos.mines))
        s = res.stats
        out.append({"total": total, "model": s.ms_model, "count": s.ms_count, "proof": s.ms_proof,
                    "exact": res.exact, "components": s.components, "covered": len(res.cells),
                    "certain": len(res.proved_safe) + len(res.proved_mine), "wrong": wrong,
                    "mode": s.estimate.mode if s.estimate is not None else "exact",
                    "proof_status": str(s.proof_status or "")})
        # freed here, not inside the next position's timer (the assignment of the next result would
        # free this one there: a 100x100 board's 5,784 per-cell results, read above, cost ~3.5 ms)
        del res, s
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"runs": out, "rss_mb": rss / 1024, "rss_start_mb": rss0 / 1024}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="+", default=["100x100x1600", "500x500x40000"])
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--no-prove", action="store_true")
    ap.add_argument("--scatter", type=float, default=0.0,
                    help="reveal this fraction of the safe cells at random instead of a mid-game walk")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.positions, args.seed, args.time_limit, not args.no_prove, args.scatter)
        return
    print(f"{'size':<16} {'n':>2} {'covered':>8} {'comps':>6} {'path':<16} {'model ms':>9} {'count ms':>9} "
          f"{'proof ms':>9} {'total ms (med/max)':>19} {'certain':>8} {'wrong':>5} {'peak MB':>8}")
    for size in args.sizes:
        cmd = [sys.executable, __file__, "--child", size, "--positions", str(args.positions),
               "--seed", str(args.seed), "--time-limit", str(args.time_limit)]
        if args.no_prove:
            cmd.append("--no-prove")
        if args.scatter:
            cmd += ["--scatter", str(args.scatter)]
        res = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        runs = res["runs"]

        def med(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(r[key] for r in runs)
        paths = sorted({r["mode"] for r in runs})
        print(f"{size:<16} {len(runs):>2} {med('covered'):>8.0f} {med('components'):>6.0f} "
              f"{'/'.join(paths):<16} {med('model'):>9.0f} {med('count'):>9.0f} {med('proof'):>9.0f} "
              f"{med('total'):>9.1f} / {max(r['total'] for r in runs):<7.1f} "
              f"{med('certain'):>8.0f} {sum(r['wrong'] for r in runs):>5} {res['rss_mb']:>8.0f}")


if __name__ == "__main__":
    main()
