"""Time per position of the full analysis (exact probabilities and proofs), per proof engine, with
solver calls per position, and ms-toollib's cal_probability_onboard on the same positions.

    python benchmarks/bench_proof.py --positions 1000 --difficulty expert

Positions: half from seeded games played by a simple player (cpsolve.simulate), half from the
oracle player (cpsolve.simulate.oracle_positions). Each figure is the best of --repeat runs per position
(the machine is shared). Rows:

* ``full``: ``analyze(board, engine=E)``: probabilities, then proofs (deductions, and the solver
  only for cells the exact count nominates);
* ``no hints``: ``prove_model`` alone on the simplified model, without the counts (the path of an
  estimated board): the solver decides every cell;
* ``independent``: ``prove_board``: the engine alone on the original clues (what compare runs).

The one-time import of ortools (~0.6 s) is paid before timing and reported separately.
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
from cpsolve.constraints import build_model  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.proof import prove_board, prove_model  # noqa: E402
from cpsolve.simulate import (
    oracle_positions,  # noqa: E402
    played_positions,  # noqa: E402
)


def best_of(repeat: int, fn) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    """The best time of ``repeat`` runs, and the output of that run."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        o = fn()
        t = time.perf_counter() - t0
        if t < best:
            best, out = t, o
    return best * 1e3, out


def row(name: str, xs: list[float], calls: list[int] | None = None) -> str:
    text = f"{name:34}{statistics.median(xs):9.3f}{percentile(xs, 99):9.3f}{max(xs):9.3f}"
    if calls is not None:
        any_calls = sum(1 for c in calls if c)
        text += (f"{sum(calls) / len(calls):9.2f}{percentile([float(c) for c in calls], 99):7.0f}{max(calls):6d}"
                 f"{100 * any_calls / len(calls):8.1f}%")
    return text


def main() -> None:
    ap = argparse.ArgumentParser()
    add_position_args(ap, 1000, repeat=3)
    ap.add_argument("--engines", default="cp-sat,sat")
    ap.add_argument("--modes", default="full,no-hints,independent")
    args = ap.parse_args()
    half = args.positions // 2
    positions = list(played_positions(args.difficulty, args.positions - half, args.seed))
    positions += list(oracle_positions(args.difficulty, half, args.seed))
    engines = [e for e in args.engines.split(",") if e]
    modes = [m for m in args.modes.split(",") if m]
    t0 = time.perf_counter()
    if "cp-sat" in engines:
        import ortools.sat.python.cp_model  # noqa: F401
    t_import = (time.perf_counter() - t0) * 1e3
    try:
        import ms_toollib
    except ImportError:
        ms_toollib = None  # type: ignore[assignment]  # optional peer: pip install -e '.[bench]'
    n = len(positions)
    print(f"{n} {args.difficulty} positions ({n - half} from played games, {half} from the oracle player, "
          f"seed {args.seed}); best of {args.repeat} runs per position; ortools import {t_import:.0f} ms "
          "(once, not counted)")
    print(f"{'ms per position':34}{'median':>9}{'p99':>9}{'max':>9}{'calls':>9}{'p99':>7}{'max':>6}"
          f"{'w/ calls':>9}")
    full_median = {}
    for engine in engines:
        if "full" in modes:
            ms, calls, proof_ms = [], [], []
            exact = 0
            for pos in positions:
                t, a = best_of(args.repeat, lambda: analyze(pos.board, engine=engine))  # noqa: B023
                ms.append(t)
                calls.append(a.stats.proof.solver_calls)  # type: ignore[attr-defined]
                proof_ms.append(a.stats.ms_proof)  # type: ignore[attr-defined]
                exact += a.exact  # type: ignore[attr-defined]
            full_median[engine] = (statistics.median(ms), percentile(ms, 99), max(ms))
            print(row(f"full analysis, {engine}", ms, calls))
            print(row("  of which proofs (same runs)", proof_ms) + f"   (exact on {exact}/{n})")
        if "no-hints" in modes:
            ms, calls = [], []
            for pos in positions:
                model = build_model(pos.board)
                t, r = best_of(args.repeat, lambda: prove_model(model, engine=engine))  # noqa: B023
                ms.append(t)
                calls.append(r.stats.solver_calls)  # type: ignore[attr-defined]
            print(row(f"proofs without hints, {engine}", ms, calls))
        if "independent" in modes:
            ms, calls = [], []
            for pos in positions:
                t, r = best_of(args.repeat, lambda: prove_board(pos.board, engine=engine))  # noqa: B023
                ms.append(t)
                calls.append(r.stats.solver_calls)  # type: ignore[attr-defined]
            print(row(f"engine alone (compare), {engine}", ms, calls))
    if ms_toollib is None:
        print("ms-toollib not installed (pip install -e '.[bench]'): no peer figures")
        return
    theirs = []
    for pos in positions:
        grid, mines = pos.board.to_matrix(), pos.board.mines
        assert mines is not None  # played positions always know their mine total
        t, _ = best_of(args.repeat, lambda: ms_toollib.cal_probability_onboard(grid, mines))  # noqa: B023
        theirs.append(t)
    print(row("ms-toollib cal_probability_onboard", theirs))
    for engine, (med, p99, mx) in full_median.items():
        print(f"{'ratio full ' + engine + '/toollib':34}{med / statistics.median(theirs):9.2f}"
              f"{p99 / percentile(theirs, 99):9.2f}{mx / max(theirs):9.2f}")


if __name__ == "__main__":
    main()
