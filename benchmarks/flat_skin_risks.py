"""Are drawn flat-skin boards ever read silently wrong? (issue 39: never silently wrong)

    python benchmarks/flat_skin_risks.py                  # 240 boards, seed 1
    python benchmarks/flat_skin_risks.py --count 100 --seed 7

Draws random positions (12x12 to 16x16, a quarter to 85% opened; every mine beside an
opened cell flagged, or half of them or more)
in a flat skin the way tests/pictures/test_picture_flat_tiles.py's ``draw_flat`` does: covered and
revealed tiles of random greys (mostly the classic darker covered; a few levels apart, or covered
lighter), flags red or emoji-like pennants, on the covered tile or on a tile of their own; above the board no
display, the mine counter alone, the counter left of a timer, or a timer left of the counter (000,
as a new clone's timer before the first click, or some seconds), with no face between them; PNG or
JPEG 90. Reads each and prints how many were read exactly, with unsure cells or no mine total,
refused, and silently wrong: a sure cell not the one drawn, a size not the board's, or a mine total
stated that is not the total (each wrong one listed). Exits 1 if any was silently wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "pictures"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--list", action="store_true", help="print every board's outcome")
    args = parser.parse_args()
    from test_picture_flat_tiles import draw_flat

    from cpsolve.picture import NoBoardFound, read_image
    from cpsolve.picture.rules import CODE
    from tests.support.picture_render import encode, random_position

    rng = random.Random(args.seed)
    tally: Counter[str] = Counter()
    wrong = []
    for k in range(args.count):
        size = rng.randrange(12, 17)
        mines = rng.randrange(size * size // 8, size * size // 5)
        seed = rng.randrange(1 << 20)
        cells, counter = random_position(size, size, mines, seed=seed, opened=rng.uniform(0.25, 0.85),
                                         flags=rng.choice([1.0, rng.uniform(0.5, 1.0)]))
        revealed = rng.randrange(150, 236)
        covered = rng.choice([revealed - rng.randrange(30, 90)] * 3 + [revealed - rng.randrange(3, 9),
                              revealed + rng.randrange(3, 9), revealed + rng.randrange(20, 60)])
        covered = max(40, min(250, covered))
        flag = rng.choice(["red", "red", "pennant"])
        flag_tile = rng.choice([None, None, None, (240, 240, 240), (120, 120, 120)])
        timer = rng.choice([0, rng.randrange(1, 999)])
        displays = rng.choice([(), (counter,), (counter, timer), (timer, counter)])
        fmt = rng.choice(["PNG", "JPEG"])
        image = draw_flat(cells, (covered,) * 3, (revealed,) * 3, flag=flag, displays=displays,
                          flag_tile=flag_tile)
        what = f"#{k} {size}x{size} mines {mines} seed {seed} covered {covered} revealed {revealed} {flag} " \
               f"flag tile {flag_tile} displays {displays} {fmt}"
        try:
            reading = read_image(encode(image, fmt, 90))
        except NoBoardFound as exc:
            tally["refused"] += 1
            if args.list:
                print(f"{what}: refused ({str(exc).split('no board found: ')[-1]})")
            continue
        if (reading.board.rows, reading.board.cols) != (size, size):
            tally["WRONG size"] += 1
            wrong.append(f"{what}: read {reading.board.rows}x{reading.board.cols}")
            continue
        want = [CODE[v] for row in cells for v in row]
        unsure = set(reading.unsure)
        bad = [divmod(i, size) for i, (w, g) in enumerate(zip(want, reading.board.cells))
               if w != g and divmod(i, size) not in unsure]
        if bad:
            tally["WRONG cells"] += 1
            wrong.append(f"{what}: sure cells wrong at {bad[:6]}")
        elif reading.board.mines is not None and reading.board.mines != mines:
            tally["WRONG total"] += 1
            wrong.append(f"{what}: mine total {reading.board.mines}, counter {reading.mine_counter}")
        elif unsure or (displays and reading.board.mines is None):
            tally["unsure or no total"] += 1
        else:
            tally["exact"] += 1
            if args.list:
                print(f"{what}: exact")
    for line in wrong:
        print(line)
    silently = sum(v for key, v in tally.items() if key.startswith("WRONG"))
    print(f"{args.count} boards (seed {args.seed}): " + ", ".join(f"{key} {v}" for key, v in sorted(tally.items()))
          + f"; silently wrong {silently} of {args.count}")
    return 1 if silently else 0


if __name__ == "__main__":
    sys.exit(main())
