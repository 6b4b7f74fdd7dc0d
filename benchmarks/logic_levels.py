"""Logic levels of no-guess layouts by density, and the time of each ``--logic`` request.

    python benchmarks/logic_levels.py --layouts 200 --requests 10      # docs/layouts.md's tables
    python benchmarks/logic_levels.py --rows 30x16x99 --layouts 50 --requests 5
    python benchmarks/logic_levels.py --method uniform --rows 9x9x10 16x16x40 30x16x99 --requests 0

Per row (WxHxM, an opening at 3,3, ``--method`` repair unless given):

1. **Levels**: ``--layouts`` no-guess layouts (layout ``i`` from ``game_seed(--seed, i)``, as
   ``cpsolve generate`` makes them) classified by ``cpsolve.simulate.logic.classify``: the share of
   each level, the mean cells proved per level, and the median ms to make and to classify a layout.
   A layout whose classification was cut short by an analysis' time limit is counted apart.
2. **Requests**: ``--requests`` requests per level (``generate --no-guess --logic LEVEL``: exactly
   that level), the levels taken in turn so machine load hits them alike, each bounded by
   ``--time-limit`` seconds: requests made, median and p90 ms of those made.

Prints two markdown tables.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve.play.referee import game_seed  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402
from cpsolve.simulate.logic import LEVELS, classify, generate_level, parse_range  # noqa: E402
from cpsolve.simulate.noguess import GenerationFailed, generate  # noqa: E402

ROWS = ["9x9x10", "9x9x30", "16x16x40", "16x16x100", "30x16x99", "30x16x170", "30x16x240"]
FIRST = (3, 3)


def levels_row(spec: str, layouts: int, seed: int, method: str = "repair") -> str:
    rows, cols, mines = parse_difficulty(spec)
    count = dict.fromkeys(LEVELS, 0)
    moves = dict.fromkeys(LEVELS, 0)
    unsure = 0
    make_ms: list[float] = []
    class_ms: list[float] = []
    for i in range(layouts):
        t0 = time.perf_counter()
        g = generate(rows, cols, mines, first_cell=FIRST, first_click="opening", rng=random.Random(game_seed(seed, i)),
                     method=method)
        t1 = time.perf_counter()
        c = classify(g.layout, FIRST, first_click="opening")
        t2 = time.perf_counter()
        make_ms.append((t1 - t0) * 1e3)
        class_ms.append((t2 - t1) * 1e3)
        if c.cut_short or c.level is None:
            unsure += 1
            continue
        count[c.level] += 1
        for name in LEVELS:
            moves[name] += c.moves[name]
    done = layouts - unsure
    shares = " | ".join(f"{100 * count[n] / max(done, 1):.1f}%" for n in LEVELS)
    mean_moves = "/".join(f"{moves[n] / max(done, 1):.1f}" for n in LEVELS)
    return (f"| {spec} | {layouts} | {shares} | {mean_moves} | {unsure} | "
            f"{statistics.median(make_ms):.2f} | {statistics.median(class_ms):.2f} |")


def requests_row(spec: str, requests: int, seed: int, time_limit: float, method: str = "repair") -> str:
    rows, cols, mines = parse_difficulty(spec)
    took: dict[str, list[float]] = {n: [] for n in LEVELS}
    tries: dict[str, list[int]] = {n: [] for n in LEVELS}
    for i in range(requests):
        for name in LEVELS:  # interleaved: each round asks for every level once
            rng = random.Random(game_seed(seed, i))
            t0 = time.perf_counter()
            try:
                made = generate_level(rows, cols, mines, first_cell=FIRST, first_click="opening", rng=rng,
                                      logic=parse_range(name), method=method, time_limit=time_limit)
            except GenerationFailed:
                continue
            took[name].append((time.perf_counter() - t0) * 1e3)
            tries[name].append(made.tried)

    def cell(name: str) -> str:
        xs = took[name]
        if not xs:
            return f"0/{requests} | - | -"
        return (f"{len(xs)}/{requests} | {statistics.median(xs):.1f} | {percentile(xs, 90):.1f} "
                f"({statistics.median(tries[name]):g})")

    return f"| {spec} | " + " | ".join(cell(n) for n in LEVELS) + " |"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", nargs="+", default=ROWS, metavar="WxHxM")
    ap.add_argument("--layouts", type=int, default=200, help="layouts classified per row (200)")
    ap.add_argument("--requests", type=int, default=10, help="--logic requests per level and row (10)")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per request (10)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--method", choices=("repair", "uniform"), default="repair")
    args = ap.parse_args()
    if args.layouts:
        print("| board (WxHxM) | layouts | " + " | ".join(LEVELS) + " | mean cells proved per level ("
              + "/".join(LEVELS) + ") | unsure | make ms (median) | classify ms (median) |")
        print("|---" * (6 + len(LEVELS)) + "|")
        for spec in args.rows:
            print(levels_row(spec, args.layouts, args.seed, args.method), flush=True)
    if args.requests:
        print()
        print("| board (WxHxM) | " + " | ".join(f"`--logic {n}`: made | median ms | p90 ms (median layouts made)"
                                               for n in LEVELS) + " |")
        print("|---" * (1 + 3 * len(LEVELS)) + "|")
        for spec in args.rows:
            print(requests_row(spec, args.requests, args.seed, args.time_limit, args.method), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
