"""Are drawn boards ever read wrong? A sweep over boards the tests draw (issue 39's never-wrong rule).

    python benchmarks/sweep_drawn.py [--n 300] [--seed 0] [--only dark|light|classic]
    python benchmarks/sweep_drawn.py --n 400 --seed 14 --scales 1.25 1.5 1.75 --lost 0.5 --questions 0.1
    python benchmarks/sweep_drawn.py --n 200 --seed 14 --only classic --cells 8 80

Draws ``n`` random positions (6-16 rows, 6-24 columns) in random skins: the dark themes of
tests/pictures/test_picture_dark_theme.py (qt, black) and a light palette drawn the same way (flat
tiles on a page, no frame), their revealed tiles with a lighter rim or none, in DejaVu or
Liberation bold, and the classic skin of
tests/support/picture_render.render_board (with or without its counter); at 14-24 px per cell,
PNG or JPEG of quality 70-95. Each is read and given a verdict: exact, unsure (every sure cell
right), refused, or wrong (a sure cell wrong, the board's size wrong, or a mine total stated that
is not the board's). Prints every wrong case (enough to redraw it) and the tally; exits 1 if any
was wrong.

The conditions issue 39 names that the default leaves out, each an option (drawn from a second
random stream, case by case, so that without them the cases are the default's): ``--cells LO HI``
(cell sizes, 14-24 by default; 8-80 the issue's range), ``--scales F ...`` (each picture resized by
one of these, OpenCV's bilinear filter: display scaling with blurred edges, before it is encoded),
``--lost SHARE`` (that share of the classic boards drawn lost: every mine shown, one exploded on
red, wrong flags crossed out), ``--questions SHARE`` (that share of the classic boards' covered
cells marked with a question mark). Only the classic skin draws mines and question marks.
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
from tests.support.picture_render import DIGITS, encode, random_position, render_board, scale  # noqa: E402

#: a light theme drawn as the dark ones: (page, covered face, revealed face, the classic digit inks)
LIGHT = ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS)
DARK = sorted(PALETTES)


def case(rng: random.Random, only: str | None, cell: int | None = None, rows_from: int = 6,
         cells: tuple[int, int] = (14, 24)) -> dict[str, object]:
    kind = only or rng.choice(["dark", "dark", "light", "classic"])
    rows, cols = rng.randint(rows_from, 16), rng.randint(6, 24)
    return {"kind": kind, "palette": rng.choice(DARK) if kind == "dark" else kind,
            "font": rng.choice(list(FONTS)), "rows": rows, "cols": cols,
            "mines": rng.randint(max(1, rows * cols // 10), rows * cols // 5), "seed": rng.randrange(1000),
            "opened": rng.choice([0.3, 0.6, 0.9]), "flags": rng.choice([0.0, 0.5, 1.0]),
            "cell": cell or rng.randint(*cells), "fmt": rng.choice(["PNG", "JPEG", "JPEG", "JPEG"]),
            "quality": rng.choice([70, 75, 85, 95]), "counter": rng.random() < 0.5, "rim": rng.choice([9, 0])}


def extras(c: dict[str, object], rng: random.Random, scales: list[float], lost: float, questions: float) -> None:
    """The options' conditions added to case ``c`` (``rng``: the case's own second stream)."""
    if scales:
        c["scale"] = rng.choice(scales)
    if c["kind"] == "classic" and lost and rng.random() < lost:
        c["state"] = "lost"
    if c["kind"] == "classic" and questions:
        c["questions"], c["marks"] = questions, rng.randrange(1000)


def draw(c: dict[str, object]) -> tuple[list[list[str]], bytes]:
    cells, counter = random_position(int(c["rows"]), int(c["cols"]), int(c["mines"]), int(c["seed"]),  # type: ignore[call-overload]
                                     opened=float(c["opened"]), flags=float(c["flags"]),  # type: ignore[arg-type]
                                     state=str(c.get("state", "playing")))
    if "questions" in c:
        marks = random.Random(int(c["marks"]))  # type: ignore[call-overload]
        cells = [[("?" if v == "." and marks.random() < float(c["questions"]) else v)  # type: ignore[arg-type]
                  for v in row] for row in cells]
    if c["kind"] == "classic":
        img = render_board(cells, int(c["cell"]), counter=counter if c["counter"] else None)  # type: ignore[call-overload]
    else:
        if c["kind"] == "light":
            PALETTES["light"] = LIGHT
        img = draw_dark(cells, int(c["cell"]), str(c["palette"]), str(c["font"]), int(c["rim"]))  # type: ignore[call-overload]
    if "scale" in c:
        img = scale(img, float(c["scale"]))  # type: ignore[arg-type]
    return cells, encode(img, str(c["fmt"]), int(c["quality"]))  # type: ignore[call-overload]


def verdict(cells: list[list[str]], data: bytes, mines: int) -> tuple[str, str]:
    from cpsolve.picture import NoBoardFound, read_image

    try:
        reading = read_image(data)
    except NoBoardFound:
        return "refused", ""
    board = reading.board
    if (board.rows, board.cols) != (len(cells), len(cells[0])):
        return "wrong", f"size {board.rows}x{board.cols}, {len(reading.unsure)} unsure"
    # (cell by cell, as drawn: shown mines, the exploded one, wrong flags and question marks too)
    want = [v for row in cells for v in row]
    unsure = set(reading.unsure)
    wrong = [f"{k.row},{k.col}:{k.value}!={want[i]}" for i, k in enumerate(reading.cells)
             if k.value != want[i] and (k.row, k.col) not in unsure]
    if board.mines is not None and board.mines != mines:
        wrong.append(f"mines {board.mines}!={mines}")
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
    ap.add_argument("--cells", type=int, nargs=2, default=[14, 24], metavar=("LO", "HI"),
                    help="cell sizes from LO to HI px (14 24)")
    ap.add_argument("--scales", type=float, nargs="+", default=[], help="resize each picture by one of these")
    ap.add_argument("--lost", type=float, default=0.0, help="this share of the classic boards drawn lost")
    ap.add_argument("--questions", type=float, default=0.0,
                    help="this share of the classic boards' covered cells marked '?'")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tally: dict[str, int] = {}
    t0 = time.time()
    for k in range(args.n):
        c = case(rng, args.only, args.cell, args.rows_from, tuple(args.cells))
        extras(c, random.Random(f"{args.seed}:{k}"), args.scales, args.lost, args.questions)
        if k < args.skip:
            continue
        cells, data = draw(c)
        v, why = verdict(cells, data, int(c["mines"]))  # type: ignore[call-overload]
        key = f"{c['kind']}:{v}"
        tally[key] = tally.get(key, 0) + 1
        if v == "wrong":
            print(f"WRONG #{k} {c} {why}", flush=True)
    print(f"{args.n - args.skip} cases in {time.time() - t0:.0f} s:",
          ", ".join(f"{k} {n}" for k, n in sorted(tally.items())))
    return 1 if any(k.endswith(":wrong") for k in tally) else 0


if __name__ == "__main__":
    sys.exit(main())
