"""cpsolve against ms-toollib's ``cal_probability_onboard``, interleaved position by position.

    python benchmarks/bench_peer.py --positions 1000            # Beginner, Intermediate, Expert
    python benchmarks/bench_peer.py --positions 1000 --markdown  # the table of docs/measurements.md

For each difficulty, positions come from seeded games played by a simple player
(:func:`cpsolve.simulate.played_positions`); they are generated first, then timed. For every
position the three contenders run one after another, in an order that rotates from position to
position, each the best of ``--repeat`` runs:

* ``exact``: ``analyze(board, prove=False)``: exact probabilities only;
* ``full``: ``analyze(board)``: exact probabilities and every proof (default engine, CP-SAT);
* ``ms-toollib``: ``cal_probability_onboard(grid, mines)`` (probabilities only).

Two ratios are printed, because they answer different questions:

* quantile ratio: the q-quantile of cpsolve's times over the q-quantile of ms-toollib's (two
  separately sorted lists): "how do the distributions compare";
* per-position ratio: the q-quantile of (cpsolve time / ms-toollib time) taken position by position:
  "on a typical position, how much slower or faster is cpsolve".

Since both run on the same position within microseconds of each other, the ratios hold up when the
machine is loaded; the absolute times do not. Like the CLI, the script calls ``gc.freeze()`` once
the libraries are loaded (a warm-up analysis loads the solver first).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve import analyze, parse_board  # noqa: E402
from cpsolve.board import Board  # noqa: E402
from cpsolve.play.runner import percentile  # noqa: E402
from cpsolve.proof import prove_board  # noqa: E402
from cpsolve.simulate import played_positions  # noqa: E402

DIFFICULTIES = ("beginner", "intermediate", "expert")
QUANTILES = ((50, "median"), (90, "p90"), (99, "p99"))


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def time_difficulty(boards: list[Board], repeat: int, toollib: object) -> dict[str, list[float]]:
    """Milliseconds per position for each contender, interleaved position by position."""
    cal = toollib.cal_probability_onboard  # type: ignore[attr-defined]
    times: dict[str, list[float]] = {"exact": [], "full": [], "toollib": []}
    for i, board in enumerate(boards):
        grid = board.to_matrix()
        runs: list[tuple[str, Callable[[], object]]] = [
            ("exact", lambda: analyze(board, prove=False)),  # noqa: B023
            ("full", lambda: analyze(board)),  # noqa: B023
            ("toollib", lambda: cal(grid, board.mines)),  # noqa: B023
        ]
        k = i % len(runs)
        for name, fn in runs[k:] + runs[:k]:
            times[name].append(best_of(repeat, fn))
    return times


def positions(difficulty: str, count: int, seed: int, depth: int) -> list[Board]:
    """``count`` positions of seeded played games, each at least ``depth`` moves into its game
    (0: every position, the games' openings included)."""
    games = played_positions(difficulty, 10**9 if depth else count, seed)  # played until enough are deep
    return [p.board for p in islice((p for p in games if p.depth >= depth), count)]


def ratios(ours: list[float], theirs: list[float]) -> dict[str, float]:
    out = {f"q {label}": percentile(ours, q) / percentile(theirs, q) for q, label in QUANTILES}
    per = [a / b for a, b in zip(ours, theirs)]
    out["pp median"] = percentile(per, 50)
    out["pp p90"] = percentile(per, 90)
    out["faster on"] = sum(1 for r in per if r < 1) / len(per)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=1000, help="positions per difficulty")
    ap.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs per position and contender")
    ap.add_argument("--markdown", action="store_true", help="print the ratio table as Markdown")
    ap.add_argument("--depth", type=int, default=0, metavar="D",
                    help="only positions D or more moves into their game (deeper play: the positions where "
                    "the exact count nominates cells and the proof runs, the tail; default 0: every position)")
    args = ap.parse_args()
    try:
        import ms_toollib
    except ImportError:
        sys.exit("ms-toollib is not installed: pip install -e '.[bench]'")
    difficulties = [d for d in args.difficulties.split(",") if d]
    boards = {d: positions(d, args.positions, args.seed, args.depth) for d in difficulties}
    # warm-up: load the solver library and make one solver call (its first call initialises it)
    analyze(boards[difficulties[0]][-1])
    prove_board(parse_board("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n"))
    gc.freeze()
    rows = []
    for d in difficulties:
        times = time_difficulty(boards[d], args.repeat, ms_toollib)
        med = {k: statistics.median(v) for k, v in times.items()}
        for mode, label in (("exact", "exact probabilities"), ("full", "full analysis (exact + proofs, CP-SAT)")):
            r = ratios(times[mode], times["toollib"])
            rows.append((d, label, med[mode], med["toollib"], r))
    n = args.positions
    deep = f", each at least {args.depth} moves into its game" if args.depth else ""
    head = (f"{n} positions per difficulty from played games (seed {args.seed}){deep}, interleaved position by "
            f"position, best of {args.repeat} runs each; ratios are cpsolve / ms-toollib (below 1: cpsolve faster)")
    cols = ["difficulty", "cpsolve", "median ms", "toollib ms", "q median", "q p90", "q p99", "pp median",
            "pp p90", "faster on"]
    if args.markdown:
        print(head + "\n")
        print("| " + " | ".join(cols) + " |")
        print("|" + "---|" * len(cols))
        for d, label, ours, theirs, r in rows:
            cells = [d, label, f"{ours:.3f}", f"{theirs:.3f}"] + [f"{r[k]:.2f}" for k in cols[4:9]]
            cells.append(f"{100 * r['faster on']:.0f}%")
            print("| " + " | ".join(cells) + " |")
        return
    print(head)
    print(f"{'':13}{'':40}" + "".join(f"{c:>11}" for c in cols[2:]))
    for d, label, ours, theirs, r in rows:
        print(f"{d:13}{label:40}{ours:11.3f}{theirs:11.3f}" + "".join(f"{r[k]:11.2f}" for k in cols[4:9])
              + f"{100 * r['faster on']:10.0f}%")


if __name__ == "__main__":
    main()
