"""Does a change to the picture reader change any reading? (for speed work: it must not)

    python benchmarks/read_identical.py dump before.json     # in a checkout of the old code
    python benchmarks/read_identical.py dump after.json      # in a checkout of the new code
    python benchmarks/read_identical.py compare before.json after.json

``dump`` reads every picture of tests/data/screens, screens-heldout and picture-misreads and writes
each reading (every cell's value, confidence and sureness, the board, the mine total, the counter,
the reasons, box, cell size and skin) or refusal; and, per picture, a hash of every measurement
(each CellLook), classification and counter of every candidate grid find_grids gives at both edge
thresholds, so that a change hidden by a threshold on these pictures shows too. ``compare`` names
every picture that differs and exits 1 if any does. Paths in messages are written relative to the
checkout, so two checkouts compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FOLDERS = ("tests/data/screens", "tests/data/screens-heldout", "tests/data/picture-misreads")
SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp")


def pictures() -> list[Path]:
    return [p for d in FOLDERS for p in sorted((ROOT / d).iterdir()) if p.suffix.lower() in SUFFIXES]


def reading(path: Path) -> dict[str, Any]:
    import cpsolve
    from cpsolve.picture.reading import NoBoardFound

    try:
        r = cpsolve.read_image(path)
    except NoBoardFound as exc:
        return {"refused": str(exc).replace(str(ROOT), "ROOT")}
    return {"rows": r.board.rows, "cols": r.board.cols, "mines": r.board.mines, "board": list(r.board.cells),
            "cells": [[c.value, c.confidence, c.sure] for c in r.cells], "unsure": [list(u) for u in r.unsure],
            "reasons": [x.replace(str(ROOT), "ROOT") for x in r.reasons], "box": list(r.box),
            "cell_size": r.cell_size, "skin": r.skin, "mine_counter": r.mine_counter, "text": r.text()}


def measurements(path: Path) -> str:
    import numpy as np

    from cpsolve.picture import cells, counter, decode, grid, textcounter
    from cpsolve.picture.reader import EDGE_THRESHOLDS, MAX_CELLS
    from cpsolve.picture.skins import CLASSIC

    rgb = decode.load_rgb(path, path.name)
    h = hashlib.sha256(rgb.tobytes())
    for threshold in EDGE_THRESHOLDS:
        for g in grid.find_grids(rgb, threshold)[:3]:
            h.update(repr(g).encode())
            if g.rows * g.cols > MAX_CELLS:
                continue
            looks = cells.measure(rgb, g)
            for row in looks:
                for look in row:
                    for name in look.__dataclass_fields__:
                        v = getattr(look, name)
                        h.update((repr(v.tolist()) if isinstance(v, np.ndarray) else repr(v)).encode())
            values, confidence, skin = cells.classify_board(looks, CLASSIC, g.cell_size)
            text = textcounter.read_text_counter(rgb, g, values)  # (its shown number and total)
            h.update(repr((values, confidence, skin.name, counter.read_counter(rgb, g),
                           None if text is None else text[:2])).encode())
    return h.hexdigest()


def dump(out: Path) -> None:
    found = {str(p.relative_to(ROOT)): {"reading": reading(p), "measurements": measurements(p)} for p in pictures()}
    out.write_text(json.dumps(found, indent=0, sort_keys=True))
    print(f"{len(found)} pictures written to {out}")


def compare(a_path: Path, b_path: Path) -> int:
    a, b = json.loads(a_path.read_text()), json.loads(b_path.read_text())
    differ = sorted(set(a) ^ set(b))
    for name in differ:
        print(f"{name}: in one dump only")
    for name in sorted(set(a) & set(b)):
        ra, rb = a[name]["reading"], b[name]["reading"]
        fields = [f for f in sorted(set(ra) | set(rb)) if ra.get(f) != rb.get(f)]
        if fields:
            differ.append(name)
            print(f"{name}: reading differs in {', '.join(fields)}")
        elif a[name]["measurements"] != b[name]["measurements"]:
            differ.append(name)
            print(f"{name}: the same reading, but measurements of a candidate grid differ")
    print(f"{len(set(a) | set(b))} pictures, {len(differ)} differ")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("dump").add_argument("out", type=Path)
    cmp = sub.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.command == "dump":
        dump(args.out)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
