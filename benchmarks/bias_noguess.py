"""How far no-guess generators are from uniform (issue 40 item 3).

    python benchmarks/bias_noguess.py --difficulty beginner --layouts 20000
    python benchmarks/bias_noguess.py --difficulty intermediate --layouts 20000
    python benchmarks/bias_noguess.py --difficulty 9x9x20 --layouts 20000 --cache /tmp/bias


Three samples of no-guess layouts with an opening at the same first cell: cpsolve ``--method
uniform`` (rejection: exactly uniform over the no-guess layouts, the reference), cpsolve ``--method
repair`` and ms-toollib's ``laymine_solvable_adjust``. Per layout: mines on the edge (border cells
but the corners), in the 4 corners, on the ring around the opening (the cells 2 steps from the
first cell, which the opening rule does not keep free), 3BV and openings (ms-toollib's ``cal_bbbv``
and ``cal_op``). Each statistic of each generator is compared with ``uniform``'s by the two-sample
Kolmogorov-Smirnov test (statistic D, asymptotic p-value; conservative on counts) and the difference
of the means with its 95% interval; the verdict says "differs" where p < 0.001.

Also printed: ``uniform``'s acceptance rate (the share of random layouts that are no-guess as laid:
how affordable rejection is on that board) and the share of ``repair``'s layouts that needed no
re-lay (those are uniform draws; the bias lies in the rest). ``--ms-layouts`` takes fewer layouts
from ms-toollib where it is slow (the KS test allows two sample sizes). ``--cache DIR`` keeps the
statistics of ``uniform`` and ms-toollib per board, first cell, seed and count, so a rerun after a
change to ``repair`` (same seeds) draws only ``repair`` again.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpsolve.cli.args import parse_cell  # noqa: E402
from cpsolve.layout import Layout  # noqa: E402
from cpsolve.play.referee import game_seed  # noqa: E402
from cpsolve.simulate import parse_difficulty  # noqa: E402
from cpsolve.simulate.noguess import Generated, generate  # noqa: E402


def ks(a: list[float], b: list[float]) -> tuple[float, float]:
    """Two-sample Kolmogorov-Smirnov statistic D and its asymptotic p-value."""
    xs = sorted(set(a) | set(b))
    sa, sb = sorted(a), sorted(b)
    d, i, j = 0.0, 0, 0
    for x in xs:
        while i < len(sa) and sa[i] <= x:
            i += 1
        while j < len(sb) and sb[j] <= x:
            j += 1
        d = max(d, abs(i / len(sa) - j / len(sb)))
    ne = len(a) * len(b) / (len(a) + len(b))
    lam = (math.sqrt(ne) + 0.12 + 0.11 / math.sqrt(ne)) * d
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101)) if lam > 0 else 1.0
    return d, min(1.0, max(0.0, p))


def stats(layouts: list[Layout], first: tuple[int, int]) -> dict[str, list[float]]:
    import ms_toollib as ms

    rows, cols = layouts[0].rows, layouts[0].cols
    corners = {0, cols - 1, (rows - 1) * cols, rows * cols - 1}
    edge = {r * cols + c for r in range(rows) for c in range(cols)
            if r in (0, rows - 1) or c in (0, cols - 1)} - corners
    ring = {r * cols + c for r in range(rows) for c in range(cols)
            if max(abs(r - first[0]), abs(c - first[1])) == 2}
    out: dict[str, list[float]] = {"edge mines": [], "corner mines": [], "ring mines": [], "3BV": [],
                                   "openings": []}
    for lay in layouts:
        out["edge mines"].append(len(lay.mines & edge))
        out["corner mines"].append(len(lay.mines & corners))
        out["ring mines"].append(len(lay.mines & ring))
        m = lay.to_matrix()
        out["3BV"].append(ms.cal_bbbv(m))
        out["openings"].append(ms.cal_op(m))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--difficulty", default="beginner", help="beginner, intermediate, expert or WxHxM")
    ap.add_argument("--layouts", type=int, default=20000)
    ap.add_argument("--ms-layouts", type=int, default=None, help="ms-toollib's layouts (default: --layouts)")
    ap.add_argument("--first-cell", type=parse_cell, default=(3, 3), metavar="ROW,COL")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help="keep uniform's and ms-toollib's statistics here (repair is always drawn)")
    args = ap.parse_args()
    import ms_toollib as ms

    rows, cols, mines = parse_difficulty(args.difficulty)
    first = args.first_cell
    counts = {"uniform": args.layouts, "repair": args.layouts,
              "ms-toollib adjust": args.ms_layouts if args.ms_layouts is not None else args.layouts}
    made: dict[str, list[Generated]] = {"uniform": [], "repair": []}

    def cp(method: str, seed: int) -> Callable[[int], Layout]:
        def make(i: int) -> Layout:
            g = generate(rows, cols, mines, first_cell=first, first_click="opening",
                         rng=random.Random(game_seed(seed, i)), method=method, time_limit=None)
            made[method].append(g)
            return g.layout
        return make

    makers: dict[str, Callable[[int], Layout]] = {
        "uniform": cp("uniform", args.seed),
        "repair": cp("repair", args.seed + 1),
        "ms-toollib adjust": lambda i: Layout.from_matrix(
            ms.laymine_solvable_adjust(rows, cols, mines, first[0], first[1])[0]),
    }
    per: dict[str, dict[str, list[float]]] = {}
    for name, make in makers.items():
        key = f"{cols}x{rows}x{mines}-{first[0]},{first[1]}-seed{args.seed}-{counts[name]}-{name.split()[0]}.json"
        cached = args.cache / key if args.cache is not None and name != "repair" else None
        if cached is not None and cached.exists():
            per[name] = json.loads(cached.read_text())
            continue
        per[name] = stats([make(i) for i in range(counts[name])], first)
        if name == "uniform":
            per[name]["_acceptance"] = [len(made[name]) / (len(made[name]) + sum(g.restarts for g in made[name]))]
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_text(json.dumps(per[name]))
    as_laid = sum(1 for g in made["repair"] if g.repairs == 0 and g.restarts == 0) / len(made["repair"])
    print(f"{args.difficulty} ({cols}x{rows}/{mines}), opening at {first[0]},{first[1]}, "
          + ", ".join(f"{name} {n}" for name, n in counts.items()) + " layouts")
    print(f"uniform's acceptance: {per['uniform']['_acceptance'][0]:.4f} of random layouts no-guess as laid; "
          f"repair's layouts won as first laid: {as_laid:.4f}")
    print(f"{'statistic':<14} {'generator':<18} {'mean':>8} {'sd':>7} {'vs uniform (95%)':>18} {'KS D':>7} "
          f"{'p':>9}  verdict")
    for stat in per["uniform"]:
        if stat.startswith("_"):
            continue
        base = per["uniform"][stat]
        for name in makers:
            xs = per[name][stat]
            m, sd = statistics.fmean(xs), statistics.pstdev(xs)
            row = f"{stat:<14} {name:<18} {m:>8.3f} {sd:>7.3f}"
            if name != "uniform":
                diff = m - statistics.fmean(base)
                se = math.sqrt(statistics.pvariance(xs) / len(xs) + statistics.pvariance(base) / len(base))
                d, p = ks(xs, base)
                verdict = "differs" if p < 1e-3 else "no difference shown"
                row += f" {diff:>+8.3f} +- {1.96 * se:.3f} {d:>7.4f} {p:>9.2g}  {verdict}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
