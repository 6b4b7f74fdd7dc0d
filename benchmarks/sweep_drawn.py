"""Are drawn boards ever read wrong? A sweep over boards the tests draw (issue 39's never-wrong rule).

    python benchmarks/sweep_drawn.py [--n 300] [--seed 0] [--only dark|light|classic]

Draws ``n`` random positions (6-16 rows, 6-24 columns) in random skins: the dark themes of
tests/pictures/test_picture_dark_theme.py (qt, black) and a light palette drawn the same way (flat
tiles on a page, no frame), their revealed tiles with a lighter rim or none, in DejaVu or
Liberation bold, and the classic skin of
tests/support/picture_render.render_board (with or without its counter); at 14-24 px per cell,
PNG or JPEG of quality 70-95. Each is read and given a verdict: exact, unsure (every sure cell
right), refused, or wrong (a sure cell wrong, or the board's size wrong). Prints every wrong case
(enough to redraw it) and the tally; exits 1 if any was wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pictures.test_picture_dark_theme import FONTS, PALETTES, draw_dark  # noqa: E402
from tests.support.picture_render import DIGITS, board_text, encode, random_position, render_board  # noqa: E402

#: a light theme drawn as the dark ones: (page, covered face, revealed face, the classic digit inks)
LIGHT = ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS)
DARK = sorted(PALETTES)


def case(rng: random.Random, only: str | None, cell: int | None = None, rows_from: int = 6) -> dict[str, object]:
    kind = only or rng.choice(["dark", "dark", "light", "classic"])
    rows, cols = rng.randint(rows_from, 16), rng.randint(6, 24)
    return {"kind": kind, "palette": rng.choice(DARK) if kind == "dark" else kind,
            "font": rng.choice(list(FONTS)), "rows": rows, "cols": cols,
            "mines": rng.randint(max(1, rows * cols // 10), rows * cols // 5), "seed": rng.randrange(1000),
            "opened": rng.choice([0.3, 0.6, 0.9]), "flags": rng.choice([0.0, 0.5, 1.0]),
            "cell": cell or rng.randint(14, 24), "fmt": rng.choice(["PNG", "JPEG", "JPEG", "JPEG"]),
            "quality": rng.choice([70, 75, 85, 95]), "counter": rng.random() < 0.5, "rim": rng.choice([9, 0])}


def draw(c: dict[str, object]) -> tuple[list[list[str]], bytes]:
    cells, counter = random_position(int(c["rows"]), int(c["cols"]), int(c["mines"]), int(c["seed"]),  # type: ignore[call-overload]
                                     opened=float(c["opened"]), flags=float(c["flags"]))  # type: ignore[arg-type]
    if c["kind"] == "classic":
        img = render_board(cells, int(c["cell"]), counter=counter if c["counter"] else None)  # type: ignore[call-overload]
    else:
        if c["kind"] == "light":
            PALETTES["light"] = LIGHT
        img = draw_dark(cells, int(c["cell"]), str(c["palette"]), str(c["font"]), int(c["rim"]))  # type: ignore[call-overload]
    return cells, encode(img, str(c["fmt"]), int(c["quality"]))  # type: ignore[call-overload]


def verdict(cells: list[list[str]], data: bytes) -> tuple[str, str]:
    import cpsolve
    from cpsolve.picture import NoBoardFound, read_image

    try:
        reading = read_image(data)
    except NoBoardFound:
        return "refused", ""
    board = reading.board
    if (board.rows, board.cols) != (len(cells), len(cells[0])):
        return "wrong", f"size {board.rows}x{board.cols}, {len(reading.unsure)} unsure"
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    wrong = [f"{i // board.cols},{i % board.cols}:{g}!={w}" for i, (w, g) in enumerate(zip(want, board.cells))
             if w != g and divmod(i, board.cols) not in unsure]
    if wrong:
        return "wrong", " ".join(wrong[:6])
    return ("unsure", f"{len(unsure)} unsure") if unsure else ("exact", "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=["dark", "light", "classic"])
    ap.add_argument("--cell", type=int, help="every board at this cell size (px)")
    ap.add_argument("--rows-from", type=int, default=6, help="the fewest rows of a board (6)")
    ap.add_argument("--skip", type=int, default=0, help="draw but do not read the first SKIP cases")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tally: dict[str, int] = {}
    t0 = time.time()
    for k in range(args.n):
        c = case(rng, args.only, args.cell, args.rows_from)
        if k < args.skip:
            continue
        cells, data = draw(c)
        v, why = verdict(cells, data)
        key = f"{c['kind']}:{v}"
        tally[key] = tally.get(key, 0) + 1
        if v == "wrong":
            print(f"WRONG #{k} {c} {why}", flush=True)
    print(f"{args.n - args.skip} cases in {time.time() - t0:.0f} s:",
          ", ".join(f"{k} {n}" for k, n in sorted(tally.items())))
    return 1 if any(k.endswith(":wrong") for k in tally) else 0


if __name__ == "__main__":
    sys.exit(main())
