"""Are a classic board's digits drawn in a system font, some in another digit's colour, ever read
surely wrong? (issue 39's never-wrong rule; task neverD)

    python benchmarks/sweep_fonts.py [--n 200] [--seed 0] [--swap 0.15] [--cells 16 48]

Draws ``n`` random positions (6-12 rows, 6-16 columns) in the classic skin of
tests/support/picture_render.render_board (with or without its counter), its digits drawn with
PIL's ImageFont in a system font (DejaVu Sans, Liberation Sans or Serif, bold or regular) about
0.6 of the cell high, at 16-48 px per cell, PNG or JPEG. Most digits are in their classic colour;
each is drawn in ANOTHER digit's classic colour with probability ``--swap`` (a skin whose colours do
not follow winmine's, as DanielMcPherson's Qt clone's maroon 3s). The reading, the game rules
on, is given sweep_drawn.py's verdict: exact, unsure (every sure cell right), refused or wrong (a
sure cell wrong, the size wrong, a mine total not the board's). Prints every wrong case and the
tally, and the count of sure-wrong cells; exits 1 if any was wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from sweep_drawn import verdict  # noqa: E402  (as a sibling: mypy reads benchmarks/ as top-level modules)

from tests.support.picture_render import (  # noqa: E402
    DIGITS,
    board_origin,
    encode,
    random_position,
    render_board,
)

_D = "/usr/share/fonts/truetype/dejavu/"
_L = "/usr/share/fonts/truetype/liberation/"
#: the system fonts the digits are drawn in
FONTS = {"DejaVuSans": _D + "DejaVuSans.ttf", "DejaVuSans-Bold": _D + "DejaVuSans-Bold.ttf",
         "LiberationSans": _L + "LiberationSans-Regular.ttf", "LiberationSans-Bold": _L + "LiberationSans-Bold.ttf",
         "LiberationSerif": _L + "LiberationSerif-Regular.ttf",
         "LiberationSerif-Bold": _L + "LiberationSerif-Bold.ttf"}


def case(rng: random.Random, cells: tuple[int, int], swap: float) -> dict[str, object]:
    rows, cols = rng.randint(6, 12), rng.randint(6, 16)
    return {"font": rng.choice(list(FONTS)), "rows": rows, "cols": cols,
            "mines": rng.randint(max(1, rows * cols // 8), rows * cols // 5), "seed": rng.randrange(1000),
            "opened": rng.choice([0.4, 0.7, 0.9]), "flags": rng.choice([0.0, 0.5, 1.0]),
            "cell": rng.randint(*cells), "fmt": rng.choice(["PNG", "PNG", "JPEG"]),
            "quality": rng.choice([80, 90, 95]), "counter": rng.random() < 0.5,
            "swap": swap, "inks": rng.randrange(1000)}


def draw(c: dict[str, object]) -> tuple[list[list[str]], bytes, int]:
    """The cells, the picture's bytes, and how many digits were drawn in another digit's colour."""
    cells, counter = random_position(int(c["rows"]), int(c["cols"]), int(c["mines"]), int(c["seed"]),  # type: ignore[call-overload]
                                     opened=float(c["opened"]), flags=float(c["flags"]))  # type: ignore[arg-type]
    s = int(c["cell"])  # type: ignore[call-overload]
    blank = [["0" if v.isdigit() else v for v in row] for row in cells]
    img = Image.fromarray(render_board(blank, s, counter=counter if c["counter"] else None))
    d = ImageDraw.Draw(img)
    face = ImageFont.truetype(FONTS[str(c["font"])], max(8, round(0.6 * s)))
    inks = random.Random(int(c["inks"]))  # type: ignore[call-overload]
    left, top = board_origin(s, bool(c["counter"]))
    swapped = 0
    for r, row in enumerate(cells):
        for col, v in enumerate(row):
            if not v.isdigit() or v == "0":
                continue
            ink = DIGITS[int(v)]
            if inks.random() < float(c["swap"]):  # type: ignore[arg-type]
                ink = DIGITS[inks.choice([k for k in DIGITS if k != int(v)])]
                swapped += 1
            d.text((left + col * s + s / 2, top + r * s + s / 2), v, fill=ink, font=face, anchor="mm")
    return cells, encode(np.asarray(img), str(c["fmt"]), int(c["quality"])), swapped  # type: ignore[call-overload]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--swap", type=float, default=0.15, help="the share of digits drawn in another's colour")
    ap.add_argument("--cells", type=int, nargs=2, default=[16, 48], metavar=("LO", "HI"),
                    help="cell sizes from LO to HI px (16 48)")
    ap.add_argument("--font", choices=list(FONTS), help="only this font")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tally: dict[str, int] = {}
    bad_cells = 0
    t0 = time.time()
    for k in range(args.n):
        c = case(rng, tuple(args.cells), args.swap)
        if args.font:
            c["font"] = args.font
        cells, data, swapped = draw(c)
        v, why = verdict(cells, data, int(c["mines"]))  # type: ignore[call-overload]
        tally[v] = tally.get(v, 0) + 1
        if v == "wrong":
            bad_cells += len(why.split()) if not why.startswith("size") else 0
            print(f"WRONG #{k} {c} swapped {swapped}: {why}", flush=True)
    print(f"{args.n} cases in {time.time() - t0:.0f} s:", ", ".join(f"{k} {n}" for k, n in sorted(tally.items())),
          f"({bad_cells} sure-wrong cells or totals, first 6 a case)")
    return 1 if tally.get("wrong") else 0


if __name__ == "__main__":
    sys.exit(main())
