"""Which pysat.card encoding for clause-based solvers? Times the backbone of Expert positions with
CaDiCaL under each cardinality encoding (the mine total, over the whole frontier, dominates).

    python benchmarks/bench_encodings.py --positions 100

``simplified``: the analysis' system (simplified constraints, unfixed cells); ``original``: the raw
clues, as ``cpsolve compare`` and ``cpsolve encode`` use them. MiniCard (native cardinality, the
default ``sat`` engine) needs no encoding and is shown for reference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cpsolve.proof.backends.pysat_backend as pb  # noqa: E402
from cpsolve.constraints import build_model  # noqa: E402
from cpsolve.encodings import ENCODINGS  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.proof import prove_board, prove_model  # noqa: E402
from cpsolve.simulate import oracle_positions  # noqa: E402


def time_row(name: str, label: str, fn: Callable[[int], object], n: int) -> None:
    """Time ``fn(i)`` for every position i and print median, p90 and max in ms."""
    ts = []
    for i in range(n):
        t0 = time.perf_counter()
        fn(i)
        ts.append((time.perf_counter() - t0) * 1e3)
    print(f"{name:14}{label:12}{statistics.median(ts):9.2f}{percentile(ts, 90):9.2f}{max(ts):9.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--solver", default="cadical195")
    args = ap.parse_args()
    positions = list(oracle_positions("expert", args.positions, seed=args.seed))
    models = [build_model(p.board) for p in positions]
    print(f"{len(positions)} expert positions, backbone without hints (ms per position)")
    print(f"{'encoding':14}{'system':12}{'median':>9}{'p90':>9}{'max':>9}")
    defaults = pb.PysatBackend.__init__.__kwdefaults__
    assert defaults is not None
    saved = dict(defaults)
    try:
        for enc in ENCODINGS:
            defaults["encoding"] = enc
            for label, fn in (("simplified", lambda i: prove_model(models[i], engine=f"sat:{args.solver}")),
                              ("original", lambda i: prove_board(positions[i].board,
                                                                 engine=f"sat:{args.solver}"))):
                time_row(enc, label, fn, len(positions))
    finally:
        defaults.clear()
        defaults.update(saved)
    for label, fn in (("simplified", lambda i: prove_model(models[i], engine="sat:minicard")),
                      ("original", lambda i: prove_board(positions[i].board, engine="sat:minicard"))):
        time_row("minicard", label, fn, len(positions))


if __name__ == "__main__":
    main()
