"""Are plain-digit counters ever read wrong when their digits overlap? (issue 39: never wrong)

    python benchmarks/fuzz_counter_digits.py                 # 500 numbers, seed 1
    python benchmarks/fuzz_counter_digits.py --count 200 --seed 7

Draws random 2- and 3-digit numbers the way tests/pictures/test_picture_textcounter.py's touching_digits
does (Google's green bar, a red flag, white digits), each digit drawn 1-5 px before the previous
one's ink ends, at 12-28 px, in one of eight fonts (the four the counter matches against and four
it does not: condensed and narrow cuts), and reads them with ``read_google_left``. Prints how many
were read right, refused (no counter) and read wrong, and each wrong one (number, font, size,
overlap, what was read). Exits 1 if any was read wrong.
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

FONTS = ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf", "liberation/LiberationSans-Regular.ttf",
         "liberation/LiberationSans-Bold.ttf", "dejavu/DejaVuSansCondensed.ttf",
         "dejavu/DejaVuSansCondensed-Bold.ttf", "liberation/LiberationSansNarrow-Regular.ttf",
         "liberation/LiberationSansNarrow-Bold.ttf")
FONT_DIR = Path("/usr/share/fonts/truetype")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from test_picture_textcounter import touching_digits

    from cpsolve.picture import textcounter

    fonts = [FONT_DIR / f for f in FONTS if (FONT_DIR / f).is_file()]
    if not fonts:
        print("no fonts found under", FONT_DIR)
        return 2
    rng = random.Random(args.seed)
    from cpsolve.picture import glyphdata

    matched = set(glyphdata.fonts())
    tally: Counter[tuple[str, str]] = Counter()
    by_overlap: Counter[tuple[int, str]] = Counter()
    wrong = []
    for _ in range(args.count):
        number = str(rng.randrange(10, 1000) if rng.random() < 0.4 else rng.randrange(10, 100))
        font = rng.choice(fonts)
        size = rng.randrange(12, 29)
        squeeze = rng.randrange(1, 6)
        rgb, grid = touching_digits(number, size, font, squeeze)
        got = textcounter.read_google_left(rgb, grid)
        outcome = "refused" if got is None else "right" if got == int(number) else "wrong"
        tally["matched" if font.name in matched else "other", outcome] += 1
        by_overlap[squeeze, outcome] += 1
        if outcome == "wrong":
            wrong.append(f"  {number} read {got}: {font.name} {size} px, overlap {squeeze} px")
    outcomes = ("right", "refused", "wrong")
    print(f"{args.count} numbers, {len(fonts)} fonts, seed {args.seed}: "
          + ", ".join(f"{o} {sum(tally[g, o] for g in ('matched', 'other'))}" for o in outcomes))
    for group, what in (("matched", "the counter matches against"), ("other", "it does not have")):
        print(f"  fonts {what}: " + ", ".join(f"{o} {tally[group, o]}" for o in outcomes))
    for squeeze in range(1, 6):
        print(f"  overlap {squeeze} px: " + ", ".join(f"{o} {by_overlap[squeeze, o]}" for o in outcomes))
    print("\n".join(wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
