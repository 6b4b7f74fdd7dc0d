"""Is a mouse pointer drawn over the board ever read silently wrong? (issue 39: never silently wrong)

    python benchmarks/pointer_risks.py                         # 1,152 placements, as below
    python benchmarks/pointer_risks.py --seeds 1 2 3 4 --cells 8 --list
    python benchmarks/pointer_risks.py --over digits zeros flags --shapes arrow hand win7
    python benchmarks/pointer_risks.py --cell 64 --inside --over covered digits

Draws random 16x16 games with 40 mines (tests/support/picture_render.py ``random_position``,
``render_board``) in the classic skin at ``--cell`` px a cell (16), and on each, for every chosen
cell of each kind ``--over`` (covered: covered cells, the default; digits, zeros: revealed cells
showing a digit or none; flags: every third such cell of rows and columns 2-13, the first
``--cells`` of them, as tests/pictures/test_picture_pointer_covered.py picks covered cells), a mouse
pointer (``draw_pointer``) of each shape ``--shapes`` (arrow: Windows' white arrow outlined in
black, the default; hand: a link's white hand outlined in black; win7: the arrow outlined in navy)
and height, its tip at each of the 4x4 points 1, 5, 9, 13 px into the cell (a quarter of the cell
apart at other sizes; with ``--inside``, spread so that the whole pointer lies in the one cell:
for cells of 40-80 px), scaled by each factor (OpenCV's bilinear filter, ``scale``), as PNG. The
default (seeds 1 and 2, 6 cells, heights 19 and 24, factors 1, 1.25 and 1.5) makes 1,152
placements per kind and shape. Reads each and prints, per kind, shape and factor and in all, how
many were read exactly (every cell sure and the one drawn), with unsure cells, refused (no board
found), and silently wrong: a sure cell not the one drawn, a size not the board's, or a mine total
stated that is not the total; and how many sure wrong cells and unsure cells there were.
``--list`` names each wrong placement and its wrong cells. Exits 1 if any was silently wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: the cells each kind of placement points at
KINDS = {"covered": ".", "digits": "12345678", "zeros": "0", "flags": "F"}


def tips(cell: int, height: int, inside: bool) -> list[int]:
    """The 4 offsets (px into the cell, each way) of the pointer's tip: 1, 5, 9, 13 at 16 px (a
    quarter of the cell apart); ``inside``: from 2 px in to where the pointer (``height`` high)
    still ends 2 px inside the cell."""
    if not inside:
        return [1 + round(k * cell / 4) for k in range(4)]
    room = cell - height - 4
    if room < 0:
        raise SystemExit(f"--inside: a {height} px pointer does not fit in a {cell} px cell")
    return [2 + round(k * room / 3) for k in range(4)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cells", type=int, default=6, help="cells of each kind per game")
    parser.add_argument("--heights", type=int, nargs="+", default=[19, 24])
    parser.add_argument("--factors", type=float, nargs="+", default=[1.0, 1.25, 1.5])
    parser.add_argument("--over", nargs="+", choices=list(KINDS), default=["covered"],
                        help="the cells pointed at (covered)")
    parser.add_argument("--shapes", nargs="+", choices=["arrow", "hand", "win7"], default=["arrow"])
    parser.add_argument("--cell", type=int, default=16, help="px per cell (16)")
    parser.add_argument("--inside", action="store_true", help="the whole pointer inside the one cell")
    parser.add_argument("--list", action="store_true", help="name every wrong placement")
    args = parser.parse_args()

    from cpsolve.picture import NoBoardFound, read_image
    from tests.support.picture_render import board_origin, draw_pointer, encode, random_position, render_board, scale

    cell = args.cell
    left, top = board_origin(cell)
    tally: Counter[tuple[str, str, float, str]] = Counter()
    wrong_cells: Counter[tuple[str, str, float]] = Counter()
    unsure_cells: Counter[tuple[str, str, float]] = Counter()
    wrong: list[str] = []
    start = time.perf_counter()
    for seed in args.seeds:
        cells, counter = random_position(16, 16, 40, seed)
        want = [v for row in cells for v in row]
        base = render_board(cells, cell, counter=counter)
        for over in args.over:
            chosen = [(r, c) for r in range(2, 14) for c in range(2, 14)
                      if cells[r][c] in KINDS[over]][:3 * args.cells:3]
            for shape in args.shapes:
                for factor in args.factors:
                    key = (over, shape, factor)
                    for height in args.heights:
                        offsets = tips(cell, height, args.inside)
                        for r, c in chosen:
                            for dy in offsets:
                                for dx in offsets:
                                    img = base.copy()
                                    draw_pointer(img, left + c * cell + dx, top + r * cell + dy, height, shape)
                                    try:
                                        reading = read_image(encode(scale(img, factor)))
                                    except NoBoardFound:
                                        tally[(*key, "refused")] += 1
                                        continue
                                    unsure = set(reading.unsure)
                                    bad = [(k.row, k.col, k.value, want[k.row * 16 + k.col]) for k in reading.cells
                                           if (k.row, k.col) not in unsure and k.value != want[k.row * 16 + k.col]]
                                    size_wrong = (reading.board.rows, reading.board.cols) != (16, 16)
                                    total_wrong = reading.board.mines is not None and reading.board.mines != 40
                                    unsure_cells[key] += len(unsure)
                                    if bad or size_wrong or total_wrong:
                                        tally[(*key, "wrong")] += 1
                                        wrong_cells[key] += len(bad)
                                        wrong.append(
                                            f"seed {seed} {over} {shape} x{factor:g} height {height} cell {r},{c} "
                                            f"tip +{dx},+{dy}: " + ", ".join(f"{rr},{cc} read {g!r} (drawn {w!r})"
                                                                             for rr, cc, g, w in bad)
                                            + (" size wrong" if size_wrong else "")
                                            + (f" mines {reading.board.mines}" if total_wrong else ""))
                                    elif unsure:
                                        tally[(*key, "unsure")] += 1
                                    else:
                                        tally[(*key, "exact")] += 1
    kinds = ("exact", "unsure", "refused", "wrong")
    print(f"cells of {cell} px{', pointer inside one cell' if args.inside else ''}")
    print(f"{'over':>8} {'shape':>6} {'factor':>6} {'placed':>7} " + " ".join(f"{k:>8}" for k in kinds)
          + f" {'wrong cells':>12} {'unsure cells':>13}")
    rows = [(o, s, f"{f:g}", [(o, s, f)]) for o in args.over for s in args.shapes for f in args.factors]
    if len(args.factors) > 1:
        rows += [(o, s, "all", [(o, s, f) for f in args.factors]) for o in args.over for s in args.shapes]
    rows += [("all", "all", "all", [(o, s, f) for o in args.over for s in args.shapes for f in args.factors])]
    for over, shape, factor_name, keys in rows:
        counts = [sum(tally[(*k, v)] for k in keys) for v in kinds]
        print(f"{over:>8} {shape:>6} {factor_name:>6} {sum(counts):>7} " + " ".join(f"{n:>8}" for n in counts)
              + f" {sum(wrong_cells[k] for k in keys):>12} {sum(unsure_cells[k] for k in keys):>13}")
    print(f"({time.perf_counter() - start:.0f} s)")
    if args.list:
        print("\n".join(wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
