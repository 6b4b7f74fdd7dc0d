"""Is a mouse pointer drawn over covered cells ever read silently wrong? (issue 39: never silently wrong)

    python benchmarks/pointer_risks.py                         # 1,152 placements, as below
    python benchmarks/pointer_risks.py --seeds 1 2 3 4 --cells 8 --list

Draws random 16x16 games with 40 mines (tests/support/picture_render.py ``random_position``,
``render_board``) in the classic skin at 16 px a cell, and on each, for every chosen covered cell
(every third covered cell of rows and columns 2-13, the first ``--cells`` of them, as
tests/pictures/test_picture_pointer_covered.py picks them), a mouse pointer (``draw_pointer``) of
each height with its tip at each of the 4x4 points 1, 5, 9, 13 px into the cell, scaled by each
factor (OpenCV's bilinear filter, ``scale``), as PNG. The default (seeds 1 and 2, 6 cells, heights 19
and 24, factors 1, 1.25 and 1.5) makes 1,152 placements. Reads each and prints, per factor and
in all, how many were read exactly (every cell sure and the one drawn), with unsure cells,
refused (no board found), and silently wrong: a sure cell not the one drawn, a size not the board's,
or a mine total stated that is not the total; and how many sure wrong cells and unsure cells there
were. ``--list`` names each wrong placement and its wrong cells. Exits 1 if any was silently wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cells", type=int, default=6, help="covered cells per game")
    parser.add_argument("--heights", type=int, nargs="+", default=[19, 24])
    parser.add_argument("--factors", type=float, nargs="+", default=[1.0, 1.25, 1.5])
    parser.add_argument("--list", action="store_true", help="name every wrong placement")
    args = parser.parse_args()

    from cpsolve.picture import NoBoardFound, read_image
    from tests.support.picture_render import board_origin, draw_pointer, encode, random_position, render_board, scale

    cell = 16
    left, top = board_origin(cell)
    tally: Counter[tuple[float, str]] = Counter()
    wrong_cells: Counter[float] = Counter()
    unsure_cells: Counter[float] = Counter()
    wrong: list[str] = []
    start = time.perf_counter()
    for seed in args.seeds:
        cells, counter = random_position(16, 16, 40, seed)
        want = [v for row in cells for v in row]
        covered = [(r, c) for r in range(2, 14) for c in range(2, 14) if cells[r][c] == "."][:3 * args.cells:3]
        for factor in args.factors:
            for height in args.heights:
                for r, c in covered:
                    for dy in range(4):
                        for dx in range(4):
                            img = render_board(cells, cell, counter=counter)
                            draw_pointer(img, left + c * cell + dx * 4 + 1, top + r * cell + dy * 4 + 1, height)
                            try:
                                reading = read_image(encode(scale(img, factor)))
                            except NoBoardFound:
                                tally[factor, "refused"] += 1
                                continue
                            unsure = set(reading.unsure)
                            bad = [(k.row, k.col, k.value, want[k.row * 16 + k.col]) for k in reading.cells
                                   if (k.row, k.col) not in unsure and k.value != want[k.row * 16 + k.col]]
                            size_wrong = (reading.board.rows, reading.board.cols) != (16, 16)
                            total_wrong = reading.board.mines is not None and reading.board.mines != 40
                            unsure_cells[factor] += len(unsure)
                            if bad or size_wrong or total_wrong:
                                tally[factor, "wrong"] += 1
                                wrong_cells[factor] += len(bad)
                                wrong.append(f"seed {seed} x{factor:g} height {height} cell {r},{c} tip +{dx * 4 + 1},"
                                             f"+{dy * 4 + 1}: " + ", ".join(f"{rr},{cc} read {g!r} (drawn {w!r})"
                                                                           for rr, cc, g, w in bad)
                                             + (" size wrong" if size_wrong else "")
                                             + (f" mines {reading.board.mines}" if total_wrong else ""))
                            elif unsure:
                                tally[factor, "unsure"] += 1
                            else:
                                tally[factor, "exact"] += 1
    kinds = ("exact", "unsure", "refused", "wrong")
    print(f"{'factor':>8} {'placed':>7} " + " ".join(f"{k:>8}" for k in kinds)
          + f" {'wrong cells':>12} {'unsure cells':>13}")
    for factor in [*args.factors, None]:
        fs = args.factors if factor is None else [factor]
        counts = [sum(tally[f, k] for f in fs) for k in kinds]
        name = "all" if factor is None else f"{factor:g}"
        print(f"{name:>8} {sum(counts):>7} " + " ".join(f"{n:>8}" for n in counts)
              + f" {sum(wrong_cells[f] for f in fs):>12} {sum(unsure_cells[f] for f in fs):>13}")
    print(f"({time.perf_counter() - start:.0f} s)")
    if args.list:
        print("\n".join(wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
