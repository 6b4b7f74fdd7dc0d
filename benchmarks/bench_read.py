"""How fast is ``cpsolve.read_image`` on a 1920x1080 screenshot of an Expert game? (issue 39: a
median of at most 150 ms.)

    python benchmarks/bench_read.py                  # 30 reads of a drawn screenshot (PNG)
    python benchmarks/bench_read.py --runs 50 --picture shot.png

The default picture is drawn by the tests' renderer (tests/support/picture_render.py): an Expert game half
played, 16 px cells at 125% display scaling, in a window on a 1920x1080 desktop, as PNG bytes (so
each read decodes it, as the command and the HTTP API do). The reader is warmed up once (imports,
the solver's first call), then each read is timed alone. Prints the median, p90 and p99 in ms, and
the reading's size and unsure cells (a wrong or unsure reading is not a fast one).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def drawn_screenshot() -> tuple[bytes, list[list[str]]]:
    from tests.support.picture_render import desktop, encode, random_position, render_board, scale

    cells, counter = random_position(16, 30, 99, seed=2026, state="playing")
    picture, _ = desktop(scale(render_board(cells, 16, counter=counter), 1.25), 1920, 1080, seed=2026)
    return encode(picture, "PNG"), cells


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--picture", help="a screenshot file instead of the drawn one")
    args = ap.parse_args()
    from cpsolve import read_image

    if args.picture:
        data, cells = Path(args.picture).read_bytes(), None
    else:
        data, cells = drawn_screenshot()
    reading = read_image(data)  # warm-up: imports, the solver's first call
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        reading = read_image(data)
        times.append((time.perf_counter() - start) * 1000)
    ok = ""
    if cells is not None:
        wrong = sum(c.value != v for c, v in zip(reading.cells, (v for row in cells for v in row)))
        ok = f", cells differing from the drawn board: {wrong}"
    print(f"read_image, {len(data):,} bytes, board {reading.board.rows}x{reading.board.cols}, "
          f"unsure {len(reading.unsure)}{ok}")
    print(f"runs {len(times)}: median {statistics.median(times):.1f} ms, p90 {percentile(times, 90):.1f} ms, "
          f"p99 {percentile(times, 99):.1f} ms (target: median <= 150 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
