"""How often the estimate path runs in play, by difficulty and exact limit, and what each path costs.

    python benchmarks/bench_paths.py --positions 2000 --difficulties beginner intermediate expert

Positions come from seeded games played by a simple player (reveal every cell of exact probability 0,
else the lowest-probability cell), analysed exactly. For each position the largest component (cells)
and the most DP states one component needed are recorded; a position takes the estimate path under
limit L when its largest component exceeds L (or a component exceeds the state budget). The cost of
each path is measured on the same positions: exact (``exact_limit=None``) and estimate forced
(``exact_limit=0``, every component estimated), probabilities only (no proofs), median and p99 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve import analyze  # noqa: E402
from cpsolve.options import DEFAULT_EXACT_LIMIT, DEFAULT_STATE_BUDGET  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.probability import Exact  # noqa: E402
from cpsolve.simulate import Game, parse_difficulty  # noqa: E402

LIMITS = [16, 24, 32, 48, 64, 100, 200, 400]


def play(difficulty: str, count: int, seed: int) -> list[tuple[object, int, int, float]]:
    """(board, largest component, most states of one component, exact ms) per position in play."""
    rows, cols, mines = parse_difficulty(difficulty)
    rng = random.Random(seed)
    out: list[tuple[object, int, int, float]] = []
    while len(out) < count:
        game = Game(rows, cols, mines, rng=random.Random(rng.getrandbits(64)))
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        while not game.over and len(out) < count:
            board = game.board()
            t0 = time.perf_counter()
            res = analyze(board, exact_limit=None, prove=False)
            ms = (time.perf_counter() - t0) * 1e3
            out.append((board, res.stats.largest_component, res.stats.max_component_states, ms))
            zero = [c for c in res.cells if isinstance(c.probability, Exact) and c.probability.fraction == 0]
            for c in zero:
                if not game.over:
                    game.reveal(c.row, c.col)
            if not zero:
                bg = res.safest
                assert bg is not None
                game.reveal(*bg)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--difficulties", nargs="+", default=["beginner", "intermediate", "expert"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cost-sample", type=int, default=300, help="positions timed on the forced estimate path")
    args = ap.parse_args()
    print(f"positions in play per difficulty: {args.positions} (seed {args.seed}); state budget "
          f"{DEFAULT_STATE_BUDGET}; default exact limit {DEFAULT_EXACT_LIMIT}")
    head = " ".join(f"{'L=' + str(L):>7}" for L in LIMITS)
    print(f"{'difficulty':<12} {'max comp':>8} {'p99.9':>6} {'states':>7} {head}")
    costs = []
    for diff in args.difficulties:
        data = play(diff, args.positions, args.seed)
        sizes = [d[1] for d in data]
        states = [d[2] for d in data]
        cells = []
        for L in LIMITS:
            n = sum(1 for s, st in zip(sizes, states) if s > L or st > DEFAULT_STATE_BUDGET)
            cells.append(f"{n / len(data):>7.2%}")
        print(f"{diff:<12} {max(sizes):>8} {percentile(sizes, 99.9):>6} {max(states):>7} {' '.join(cells)}")
        sample = data[:: max(1, len(data) // args.cost_sample)][: args.cost_sample]
        est_ms = []
        for board, *_ in sample:
            t0 = time.perf_counter()
            res = analyze(board, exact_limit=0, prove=False)  # type: ignore[arg-type]
            est_ms.append((time.perf_counter() - t0) * 1e3)
            assert res.exact is False or res.stats.components == 0
        ex_ms = [d[3] for d in data]
        costs.append((diff, statistics.median(ex_ms), percentile(ex_ms, 99), statistics.median(est_ms),
                      percentile(est_ms, 99)))
    print()
    print(f"{'difficulty':<12} {'exact ms (median / p99)':>24} {'estimate forced ms (median / p99)':>34} "
          f"{'ratio':>6}")
    for diff, em, ep, sm, sp in costs:
        print(f"{diff:<12} {em:>11.2f} / {ep:<10.2f} {sm:>17.2f} / {sp:<14.2f} {sm / em:>6.1f}")


if __name__ == "__main__":
    main()
