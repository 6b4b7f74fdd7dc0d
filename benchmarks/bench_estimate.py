"""Quality of the estimate: the estimate path forced on positions exact can count.

    python benchmarks/bench_estimate.py --difficulty expert --positions 300 --limits 0 8 16

For each position met in seeded play, the board is analysed exactly (``exact_limit=None``) and with
a small forced ``exact_limit`` (components above it are estimated, and the whole board is labelled an
estimate through the mine total). Prints, per limit, over the positions where the estimate ran:
the mean and max absolute error per cell, the mean of the per-position max error, and how often the
estimate's best guess (lowest estimated probability) is a cell of lowest exact probability.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import add_position_args  # noqa: E402

from cpsolve import analyze  # noqa: E402
from cpsolve.simulate import played_positions  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    add_position_args(ap, 300)
    ap.add_argument("--limits", type=int, nargs="+", default=[0, 8, 16])
    ap.add_argument("--method", choices=["dp", "bp"], default=None,
                    help="estimator: beam DP at a fugacity (default) or plain belief propagation")
    ap.add_argument("--dp-budget", type=int, default=None,
                    help="beam DP budget (states x groups per run; the beam is at least 64 states)")
    ap.add_argument("--beam", type=int, default=None, help="fixed beam (states kept per DP step)")
    ap.add_argument("--canonical-budget", type=int, default=None,
                    help="override the estimator's canonical-correction budget (0: grand-canonical only)")
    args = ap.parse_args()
    import cpsolve.estimate.fugacity as eb
    overrides = {k: v for k, v in [("method", args.method), ("dp_budget", args.dp_budget), ("beam", args.beam),
                                   ("canonical_budget", args.canonical_budget)] if v is not None}
    kw = eb.estimate_board.__kwdefaults__ or {}
    eb.estimate_board.__kwdefaults__ = {**kw, **overrides}
    print(f"estimator options: {dict(eb.estimate_board.__kwdefaults__)}")
    positions = list(played_positions(args.difficulty, args.positions, args.seed))
    exact = []
    t_exact = []
    for pos in positions:
        t0 = time.perf_counter()
        exact.append(analyze(pos.board, exact_limit=None, prove=False))
        t_exact.append(time.perf_counter() - t0)
    print(f"{args.difficulty}: {len(positions)} positions from play, seed {args.seed}; "
          f"exact median {statistics.median(t_exact) * 1e3:.2f} ms")
    print(f"{'limit':>5} {'estimated':>9} {'cells':>7} {'mean|err|':>10} {'max|err|':>9} "
          f"{'mean pos max':>12} {'best ok':>8} {'sum dev':>8} {'est ms':>7}")
    for limit in args.limits:
        errs: list[float] = []
        pos_max: list[float] = []
        best_ok = 0
        n_est = 0
        sum_dev = 0.0
        t_est = []
        for pos, ex in zip(positions, exact):
            t0 = time.perf_counter()
            est = analyze(pos.board, exact_limit=limit, prove=False)
            t_est.append(time.perf_counter() - t0)
            if est.exact:
                continue
            n_est += 1
            assert est.stats.estimated_components > 0
            e = [abs(a.probability.value - b.probability.value) for a, b in zip(est.cells, ex.cells)]
            errs.extend(e)
            pos_max.append(max(e))
            if ex.remaining is not None:
                sum_dev = max(sum_dev, abs(sum(c.probability.value for c in est.cells) - ex.remaining))
            exact_min = min(c.probability.sort_key() for c in ex.cells)
            guess = min(range(len(est.cells)), key=lambda k: est.cells[k].probability.sort_key())
            if ex.cells[guess].probability.sort_key() == exact_min:
                best_ok += 1
        if not n_est:
            print(f"{limit:>5} {0:>9}")
            continue
        print(f"{limit:>5} {n_est:>9} {len(errs):>7} {statistics.fmean(errs):>10.5f} {max(errs):>9.5f} "
              f"{statistics.fmean(pos_max):>12.5f} {best_ok / n_est:>8.1%} {sum_dev:>8.1e} "
              f"{statistics.median(t_est) * 1e3:>7.2f}")


if __name__ == "__main__":
    main()
