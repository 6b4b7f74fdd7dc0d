"""Does ``analyze(board, time_limit=T)`` keep its budget?

    python benchmarks/bench_budget.py --sizes 100x100x1600 200x200x6400 --scatter 0.3 0.5 --limits 0.05 1 3
    python benchmarks/bench_budget.py --huge      # 1000x1000 and 2000x2000, blank and scattered

``--huge`` (:func:`huge`): for each board and limit, two fresh processes -- ``analyze`` in one
(timed around the call alone, the solver loaded before) and ``cpsolve solve --json`` end to end in
the other (the parent's clock from start to exit, the JSON written to a file) -- with each process's
peak memory (``ru_maxrss``, which counts the board's parse and imports too). The target
is wall <= limit + 0.5 s for both; the column ``over`` is the amount it misses by. A run over
``--kill`` seconds is stopped and shown as such.

Boards are the scattered positions of ``bench_large.py`` (a random share of the safe cells revealed,
not openings: wide tangled components, the hard case for counting) and, with ``--midgame``, half-played
games. The solver is loaded once before timing (a library user's case; a cold command line adds the
import of OR-Tools, about half a second, which the analysis skips the solver for when it cannot afford
it). Prints per size, reveal share and limit: the wall time (median and max), the overrun beyond the
limit (max), which parts the limit cut short, the cells proved, and proofs contradicting the layout
(must be 0).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


_ANALYZE = """
import json, sys, time
from cpsolve import analyze, load, parse_board
analyze(parse_board("mines: 1\\n. 1 . . .\\n. . . . .\\n. . . 1 .\\n"))  # the solver loaded first
board = load(sys.argv[1])
t0 = time.perf_counter()
res = analyze(board, time_limit=float(sys.argv[2]))
wall = time.perf_counter() - t0
print(json.dumps({"wall": wall, "budget": sorted(res.stats.budget), "exact": res.exact}))
"""


def _child(argv: list[str], out_path: Path, kill: float) -> tuple[float | None, int, int]:
    """(wall seconds or None if killed, exit status, peak RSS in MB) of one child process."""
    import os
    import signal
    import subprocess

    t0 = time.perf_counter()
    with open(out_path, "wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        deadline = t0 + kill
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                os.kill(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                return None, -9, usage.ru_maxrss // 1024
            time.sleep(0.01)
    return time.perf_counter() - t0, os.waitstatus_to_exitcode(status), usage.ru_maxrss // 1024


def huge(args: argparse.Namespace) -> None:
    import tempfile

    from bench_large import scattered

    from cpsolve.board import COVERED, Board
    from cpsolve.simulate import parse_difficulty

    tmp = Path(tempfile.mkdtemp(prefix="cpsolve-budget-"))
    print(f"{'board':<18} {'kind':<11} {'limit':>5} | {'analyze s':>9} {'over':>6} {'MB':>6} {'cut short':<22} "
          f"| {'solve s':>8} {'over':>6} {'MB':>6} {'JSON MB':>7} {'exit':>4}", flush=True)
    for size in args.huge_sizes:
        rows, cols, mines = parse_difficulty(size)
        for kind in args.kinds:
            path = tmp / f"{size}-{kind}.txt"
            if kind == "blank":
                board = Board(rows, cols, (COVERED,) * (rows * cols), mines)
            else:
                board = next(scattered(rows, cols, mines, 1, args.seed, float(kind.split(":")[1]))).board
            path.write_text(board.to_text())
            del board
            for limit in args.limits:
                a_wall, a_status, a_mb = _child([sys.executable, "-c", _ANALYZE, str(path), str(limit)],
                                                tmp / "analyze.json", args.kill)
                cut = "-"
                if a_wall is not None and a_status == 0:
                    doc = json.loads((tmp / "analyze.json").read_text())
                    a_wall, cut = doc["wall"], ",".join(doc["budget"]) or "-"
                s_wall, s_status, s_mb = _child([sys.executable, "-m", "cpsolve", "solve", str(path), "--json",
                                                 "--time-limit", str(limit)], tmp / "solve.json", args.kill)
                json_mb = (tmp / "solve.json").stat().st_size / 1e6

                def shown(w: float | None, limit: float = limit) -> tuple[str, str]:
                    if w is None:
                        return f">{args.kill:g}", "killed"
                    return f"{w:.2f}", f"{w - limit - 0.5:+.2f}" if w > limit + 0.5 else "ok"

                aw, ao = shown(a_wall)
                sw, so = shown(s_wall)
                print(f"{size:<18} {kind:<11} {limit:>5g} | {aw:>9} {ao:>6} {a_mb:>6} {cut:<22} "
                      f"| {sw:>8} {so:>6} {s_mb:>6} {json_mb:>7.1f} {s_status:>4}", flush=True)


def main() -> None:
    from bench_large import scattered

    from cpsolve import analyze, parse_board
    from cpsolve.simulate import midgame_positions, parse_difficulty

    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="+", default=["100x100x1600", "200x200x6400"])
    ap.add_argument("--scatter", nargs="+", type=float, default=[0.3, 0.5])
    ap.add_argument("--midgame", action="store_true", help="also half-played games")
    ap.add_argument("--limits", nargs="+", type=float, default=[0.05, 1.0, 3.0])
    ap.add_argument("--positions", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--huge", action="store_true", help="the huge boards: --huge-sizes x --kinds x --limits, "
                    "analyze and cpsolve solve --json each in a fresh process, with peak memory")
    ap.add_argument("--huge-sizes", nargs="+", default=["1000x1000x200000", "2000x2000x800000"])
    ap.add_argument("--kinds", nargs="+", default=["blank", "scatter:0.3"],
                    help="blank, or scatter:F (a random share F of the safe cells revealed)")
    ap.add_argument("--kill", type=float, default=300.0, help="stop a run after this many seconds (300)")
    args = ap.parse_args()
    if args.huge:
        if args.limits == [0.05, 1.0, 3.0]:
            args.limits = [0.05, 0.5, 2.0]
        huge(args)
        return
    analyze(parse_board("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n"))  # load the solver once
    print(f"{'size':<14} {'board':<12} {'limit s':>7} {'wall s med/max':>15} {'overrun max':>11} "
          f"{'cut short':<34} {'proved':>7} {'wrong':>5}")
    for size in args.sizes:
        rows, cols, mines = parse_difficulty(size)
        kinds = [(f"scatter {s}", s) for s in args.scatter] + ([("midgame", 0.0)] if args.midgame else [])
        for label, share in kinds:
            positions = list(scattered(rows, cols, mines, args.positions, args.seed, share) if share
                             else midgame_positions((rows, cols, mines), args.positions, args.seed))
            for limit in args.limits:
                walls, cuts, proved, wrong = [], set(), [], 0
                for pos in positions:
                    t0 = time.perf_counter()
                    res = analyze(pos.board, time_limit=limit)
                    walls.append(time.perf_counter() - t0)
                    cuts.update(res.stats.budget)
                    n = 0
                    for c in res.cells:
                        if c.proof is not None:
                            n += 1
                            wrong += c.proof.mine != ((c.row * cols + c.col) in pos.mines)
                    proved.append(n)
                cut = ",".join(p for p in ("model", "counting", "combining", "estimation", "proofs") if p in cuts)
                print(f"{size:<14} {label:<12} {limit:>7g} {statistics.median(walls):>7.2f} /{max(walls):>6.2f} "
                      f"{max(walls) - limit:>+11.2f} {cut or '-':<34} {statistics.median(proved):>7.0f} {wrong:>5}",
                      flush=True)


if __name__ == "__main__":
    main()
