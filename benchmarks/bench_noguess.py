"""No-guess generation: time per layout beside ms-toollib's ``laymine_solvable``, and drift.

    python benchmarks/bench_noguess.py --layouts 200 --difficulty expert
    python benchmarks/bench_noguess.py --table --layouts 50        # issue 40's table, every density
    python benchmarks/bench_noguess.py --table --rows 100x100x2000 --layouts 3

``--table``: the rows of issue 40 (30x16 from 99 to 360 mines, 16x16 to 200, 9x9 to 45; ``--rows``
picks others, WxHxM each), cpsolve's ``generate`` (``--method``, default repair) interleaved layout
by layout with ms-toollib's ``laymine_solvable_adjust`` (its adjusting method, any density), both
with an opening at 3,3. Per row: layouts made by each, median, p90 and p99 ms, and the ratios of those
quantiles; every cpsolve layout is replayed by ``verify-ng``'s play (``--no-verify`` skips it) and a
replay that is not won is counted and printed. Exit 1 when a cpsolve layout fails its replay.

Both generators make layouts with an opening at the same first cell (ms-toollib's ``laymine_op``
rule: the first cell and its neighbours are mine-free), interleaved one by one so machine load hits
both alike. ms-toollib rejection-samples uniform layouts until its solver (which ignores the mine
total) wins; cpsolve repairs where its proofs (with the total) run out. Prints median, p90 and p99
per layout for both and the ratios of those quantiles (the layouts differ, so there is no
per-layout ratio).

Drift: 3BV and openings (ms-toollib's ``cal_bbbv``/``cal_op``) of cpsolve's layouts, ms-toollib's
no-guess layouts and uniform random layouts with the same first-click rule: mean, standard
deviation, and the difference from uniform with its standard error.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve.cli.args import parse_cell  # noqa: E402
from cpsolve.layout import Layout  # noqa: E402
from cpsolve.play.referee import game_seed  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402
from cpsolve.simulate.noguess import generate  # noqa: E402


def quantile_row(name: str, xs: list[float]) -> str:
    p90, p99 = percentile(xs, 90), percentile(xs, 99)
    return f"{name:<34} {statistics.median(xs):>8.1f} {p90:>8.1f} {p99:>8.1f} {max(xs):>8.1f}"


def drift_row(name: str, xs: list[int], base: list[int] | None) -> str:
    m, sd = statistics.fmean(xs), statistics.stdev(xs)
    row = f"{name:<34} {m:>8.2f} {sd:>7.2f}"
    if base is not None:
        d = m - statistics.fmean(base)
        se = (sd ** 2 / len(xs) + statistics.stdev(base) ** 2 / len(base)) ** 0.5
        row += f" {d:>+8.2f} +- {1.96 * se:.2f}"
    return row


#: Issue 40's rows: (cols, rows, mines).
TABLE = ["30x16x99", "30x16x170", "30x16x180", "30x16x200", "30x16x240", "30x16x280", "30x16x320",
         "30x16x360", "16x16x40", "16x16x100", "16x16x120", "16x16x150", "16x16x180", "16x16x200",
         "9x9x10", "9x9x30", "9x9x45"]


def table(args: argparse.Namespace) -> int:
    """Issue 40's table (module docstring); exit status 1 when a replay is not won."""
    import ms_toollib as ms

    from cpsolve.simulate.noguess import GenerationFailed, play_proved

    r0, c0 = args.first_cell
    bad = 0
    print(f"no-guess generation, opening at {r0},{c0}, {args.layouts} layouts per row, interleaved; cpsolve "
          f"--method {args.method} --time-limit {args.time_limit:g}; ms per layout")
    print(f"{'board':<14} {'made':>9} {'ms-toollib':>10} {'median':>16} {'p90':>16} {'p99':>16} "
          f"{'ratio med/p90/p99':>20} {'replay won':>10}")
    for spec in args.rows or TABLE:
        rows, cols, mines = parse_difficulty(spec)
        ours: list[float] = []
        theirs: list[float] = []
        made = theirs_made = won = 0
        for i in range(args.layouts):
            for turn in ((0, 1) if i % 2 == 0 else (1, 0)):
                t0 = time.perf_counter()
                if turn == 0:
                    try:
                        g = generate(rows, cols, mines, first_cell=(r0, c0), first_click="opening",
                                     rng=random.Random(game_seed(args.seed, i)), method=args.method,
                                     time_limit=args.time_limit)
                    except GenerationFailed:
                        g = None
                    ours.append((time.perf_counter() - t0) * 1e3)
                    if g is not None:
                        made += 1
                        if args.no_verify or play_proved(g.layout, (r0, c0), first_click="opening").won:
                            won += 1
                        else:
                            bad += 1
                            print(f"NOT WON: {spec} layout {i}\n{g.layout.to_text()}", flush=True)
                else:
                    _board, ok = ms.laymine_solvable_adjust(rows, cols, mines, r0, c0)
                    theirs.append((time.perf_counter() - t0) * 1e3)
                    theirs_made += bool(ok)
        q = [(statistics.median(x), percentile(x, 90), percentile(x, 99)) for x in (ours, theirs)]
        cells = [f"{a:>7.2f}/{b:<8.2f}" for a, b in zip(q[0], q[1])]
        ratio = "/".join(f"{a / b:.2f}" if b else "-" for a, b in zip(q[0], q[1]))
        verified = "-" if args.no_verify else f"{won}/{made}"
        print(f"{spec:<14} {made:>4}/{args.layouts:<4} {theirs_made:>4}/{args.layouts:<5} {cells[0]:>16} "
              f"{cells[1]:>16} {cells[2]:>16} {ratio:>20} {verified:>10}", flush=True)
    print("(each quantile: cpsolve/ms-toollib; ratio: cpsolve over ms-toollib)")
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", action="store_true", help="issue 40's table of densities (module docstring)")
    ap.add_argument("--rows", nargs="*", metavar="WxHxM", help="with --table: these boards instead")
    ap.add_argument("--method", default="repair", choices=("repair", "uniform"))
    ap.add_argument("--time-limit", type=float, default=60.0, help="cpsolve's seconds per layout (60)")
    ap.add_argument("--no-verify", action="store_true", help="with --table: skip the verify-ng replay")
    ap.add_argument("--layouts", type=int, default=200)
    ap.add_argument("--difficulty", default="expert")
    ap.add_argument("--first-cell", type=parse_cell, default=(3, 3), metavar="ROW,COL",
                    help="the opening's cell (default 3,3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--uniform", type=int, default=2000, help="uniform random layouts for the drift baseline")
    args = ap.parse_args()
    if args.table:
        sys.exit(table(args))
    import ms_toollib as ms

    rows, cols, mines = parse_difficulty(args.difficulty)
    r0, c0 = args.first_cell
    ours: list[float] = []
    theirs: list[float] = []
    repairs: list[int] = []
    restarts: list[int] = []
    ours_boards: list[list[list[int]]] = []
    theirs_boards: list[list[list[int]]] = []
    failed = 0
    generate(rows, cols, mines, first_cell=(r0, c0), first_click="opening", rng=random.Random(-1))  # warm up
    for i in range(args.layouts):
        for turn in ((0, 1) if i % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            if turn == 0:
                g = generate(rows, cols, mines, first_cell=(r0, c0), first_click="opening",
                             rng=random.Random(game_seed(args.seed, i)))
                ours.append((time.perf_counter() - t0) * 1e3)
                repairs.append(g.repairs)
                restarts.append(g.restarts)
                ours_boards.append(g.layout.to_matrix())
            else:
                board, ok = ms.laymine_solvable(rows, cols, mines, r0, c0, 1_000_000)
                theirs.append((time.perf_counter() - t0) * 1e3)
                failed += not ok
                theirs_boards.append(board)
    print(f"{args.difficulty} ({cols}x{rows}, {mines} mines), opening at {r0},{c0}: {args.layouts} layouts each, "
          "interleaved")
    print(f"{'ms per layout':<34} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}")
    print(quantile_row("cpsolve generate --no-guess", ours))
    print(quantile_row("ms-toollib laymine_solvable", theirs))
    ratio = [statistics.median(ours) / statistics.median(theirs), percentile(ours, 90) / percentile(theirs, 90),
             percentile(ours, 99) / percentile(theirs, 99)]
    print(f"{'ratio cpsolve / ms-toollib':<34} {ratio[0]:>8.2f} {ratio[1]:>8.2f} {ratio[2]:>8.2f}")
    print(f"cpsolve: {statistics.fmean(repairs):.2f} repairs and {statistics.fmean(restarts):.2f} restarts "
          f"per layout (max {max(repairs)}); ms-toollib failures: {failed}")
    uniform = [ms.laymine_op(rows, cols, mines, r0, c0) for _ in range(args.uniform)]
    print()
    print(f"drift (uniform: {args.uniform} ms-toollib laymine_op layouts)")
    print(f"{'':<34} {'mean':>8} {'sd':>7} {'vs uniform (95% CI)':>20}")
    for stat, fn in (("3BV", ms.cal_bbbv), ("openings", ms.cal_op)):
        base = [fn(b) for b in uniform]
        print(drift_row(f"{stat}: uniform random", base, None))
        print(drift_row(f"{stat}: cpsolve no-guess", [fn(b) for b in ours_boards], base))
        print(drift_row(f"{stat}: ms-toollib no-guess", [fn(b) for b in theirs_boards], base))
    # density of the repaired region: mines next to the opening (moved mines go away from revealed cells)
    near = {j for j in range(rows * cols) if abs(j // cols - r0) <= 3 and abs(j % cols - c0) <= 3}
    for name, boards in (("uniform", uniform), ("cpsolve", ours_boards), ("ms-toollib", theirs_boards)):
        lay = [Layout.from_matrix(b) for b in boards]
        near_mines = statistics.fmean(len(x.mines & near) for x in lay)
        print(f"mines within 3 cells of the first cell, {name}: {near_mines:.2f}")


if __name__ == "__main__":
    main()
